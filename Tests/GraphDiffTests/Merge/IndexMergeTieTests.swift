import XCTest
@testable import GraphDiff

/// A merge never writes a tie of index values that no version had: values
/// that give the merged order are kept only if every tie among them is
/// between members that keep their base values (found by a user-style
/// session: two members ended up sharing 2, ordered by identity by luck).
final class IndexMergeTieTests: XCTestCase {
    func test_sidesRenumbering_giveNoNewTie() throws {
        let s = try IndexPatchTests.schema("int32", optional: false)
        let base = try IndexPatchTests.board([("c0", "275"), ("c1", "541"), ("c2", "673")], s)
        let mine = try IndexPatchTests.board([("c0", "0"), ("c1", "1"), ("n110", "2"), ("c2", "3")], s)
        let theirs = try IndexPatchTests.board([("c2", "0"), ("c0", "1"), ("c1", "2")], s)
        let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(merged.conflicts.count, 0)
        let expected = try IndexPatchTests.board([("c2", "0"), ("c0", "1"), ("c1", "2"), ("n110", "3")], s)
        XCTAssertEqual(merged.graph, expected)
    }

    func test_aTieNoSideTouched_staysAsItIs() throws {
        let s = try IndexPatchTests.schema("int32", optional: false)
        let base = try IndexPatchTests.board([("c0", "1"), ("c1", "1"), ("c2", "5")], s)
        let mine = try IndexPatchTests.board([("n", "0"), ("c0", "1"), ("c1", "1"), ("c2", "5")], s)
        let theirs = try IndexPatchTests.board([("c0", "1"), ("c1", "1"), ("c2", "9")], s)
        let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(merged.graph, try IndexPatchTests.board([("n", "0"), ("c0", "1"), ("c1", "1"), ("c2", "9")], s))
    }

    /// Found by a user-style session: mine inserts x after c with c's
    /// value; a and b, tied in every version and touched by no side, keep
    /// their tie (they were renumbered), and so does mine's new tie, which
    /// theirs did not touch: merging an edit with an untouched base gives
    /// the edit.
    func test_aTieNoSideTouched_staysWhenAnotherMemberIsNumbered() throws {
        let s = try IndexPatchTests.schema("int32", optional: false)
        let base = try IndexPatchTests.board([("a", "5"), ("b", "5"), ("c", "6")], s)
        let mine = try IndexPatchTests.board([("a", "5"), ("b", "5"), ("c", "6"), ("x", "6")], s)
        let merged = try Graph.merge(base: base, mine: mine, theirs: base)
        XCTAssertEqual(Self.listed(merged.graph), Self.listed(mine))
        // Swapping the sides gives the same values.
        XCTAssertEqual(try Graph.merge(base: base, mine: base, theirs: mine).graph, merged.graph)
    }

    /// Found by a user-style session: decimals kept as strings stay strings,
    /// the values no side changed byte for byte, and new values are
    /// written as strings too (mine's x keeps its value, theirs' y is numbered).
    func test_decimalValuesWrittenAsStrings_stayStrings() throws {
        let s = try IndexPatchTests.schema("decimal", optional: false)
        let base = try IndexPatchTests.board([("a", #""0.1""#), ("b", #""0.2""#)], s)
        let mine = try IndexPatchTests.board([("a", #""0.1""#), ("x", #""0.15""#), ("b", #""0.2""#)], s)
        let theirs = try IndexPatchTests.board([("a", #""0.1""#), ("y", #""0.15""#), ("b", #""0.2""#)], s)
        let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(merged.conflicts.count, 0)
        let expected = try IndexPatchTests.board([("a", #""0.1""#), ("x", #""0.15""#), ("y", #""0.17""#), ("b", #""0.2""#)], s)
        XCTAssertEqual(String(decoding: merged.graph.canonicalText(), as: UTF8.self), String(decoding: expected.canonicalText(), as: UTF8.self))
    }

    /// The values of `g`'s cards in order, as `id=value`.
    static func listed(_ g: Graph) -> String {
        let r = g.schema.entity(named: "Board")?.property(named: "cards")?.relationship
        let ids = r.map { g.order(of: ObjectID(entity: "Board", identity: "A"), through: $0) } ?? []
        return ids.map { id in "\(id.identity)=\(g.value(of: id, "position").map { JSONWriter.string($0) } ?? "")" }.joined(separator: " ")
    }

    func board(_ text: String, _ s: Schema) throws -> Graph {
        try IndexPatchTests.board(text.split(separator: " ").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }, s)
    }

    /// Found by a user-style session (round 3): ties no side touched stay,
    /// members without a value no side touched stay without one, a tie one
    /// side made stays when the other side did not touch it, and with a
    /// preference the preferred side's value that fits is kept.
    func test_foundCases_round3() throws {
        let s = try IndexPatchTests.schema("int32", optional: true)
        func merge(_ b: String, _ m: String, _ t: String, prefer: MergeSide? = nil) throws -> String {
            Self.listed(try Graph.merge(base: board(b, s), mine: board(m, s), theirs: board(t, s), prefer: prefer).graph)
        }
        XCTAssertEqual(try merge("a=5 b=5 c=6 d=7", "a=5 b=5 x=6 c=7 d=8", "a=5 b=5 y=6 c=7 d=8"), "a=5 b=5 x=6 y=7 c=8 d=9")
        XCTAssertEqual(try merge("p=1 a=5 b=5 c=6", "p=1 a=5 b=5 x=6 c=7", "p=1 a=5 b=5 y=6 c=7"), "p=1 a=5 b=5 x=6 y=7 c=8")
        XCTAssertEqual(try merge("a=1 b=2 c=3 d=3 e=9", "a=1 x=2 b=3 c=3 d=3 e=9", "a=1 b=2 c=3 d=3 e=9 y=10"), "a=1 x=2 b=3 c=3 d=3 e=9 y=10")
        XCTAssertEqual(try merge("a=1 n=null", "x=0 a=1 n=null", "a=1 n=null"), "x=0 a=1 n=null")
        XCTAssertEqual(try merge("a=1 n=null", "x=0 a=1 n=null", "a=1 y=2 n=null"), "x=0 a=1 y=2 n=null")
        XCTAssertEqual(try merge("a=1 b=2", "a=1 b=2 c=2", "a=1 b=2"), "a=1 b=2 c=2")
        XCTAssertEqual(try merge("a=1 b=2", "a=1 b=2", "a=1 b=2 c=2"), "a=1 b=2 c=2")
        XCTAssertEqual(try merge("a=10 b=20 c=30 d=40", "b=5 a=10 c=30 d=40", "a=10 c=30 d=40 b=50", prefer: .mine), "b=5 a=10 c=30 d=40")
    }
}
