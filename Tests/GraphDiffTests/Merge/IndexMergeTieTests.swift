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

    /// Found by a user-style session: mine inserts x after c, whose value it
    /// would tie; x alone is numbered, and a and b, tied in every version
    /// and touched by no side, keep their tie (they were renumbered).
    func test_aTieNoSideTouched_staysWhenAnotherMemberIsNumbered() throws {
        let s = try IndexPatchTests.schema("int32", optional: false)
        let base = try IndexPatchTests.board([("a", "5"), ("b", "5"), ("c", "6")], s)
        let mine = try IndexPatchTests.board([("a", "5"), ("b", "5"), ("c", "6"), ("x", "6")], s)
        let merged = try Graph.merge(base: base, mine: mine, theirs: base)
        XCTAssertEqual(merged.graph, try IndexPatchTests.board([("a", "5"), ("b", "5"), ("c", "6"), ("x", "7")], s))
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
}
