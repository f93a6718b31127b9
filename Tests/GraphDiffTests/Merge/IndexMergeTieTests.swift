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
}
