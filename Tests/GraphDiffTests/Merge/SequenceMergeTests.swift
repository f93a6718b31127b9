import XCTest
@testable import GraphDiff

final class SequenceMergeTests: XCTestCase {
    /// Compact notation: "abc" is the order a, b, c; the result's members
    /// are those in mine or theirs that neither deleted.
    static func merge(_ base: String, _ mine: String, _ theirs: String, prefer: MergeSide? = nil) -> (String, Int) {
        let r = merge(base.map(String.init), mine.map(String.init), theirs.map(String.init), prefer: prefer)
        return (r.order.joined(), r.conflicts.count)
    }

    /// The same with members named by words: "b0 b1 b2".
    static func mergeWords(_ base: String, _ mine: String, _ theirs: String, prefer: MergeSide? = nil) -> (order: String, conflicts: Int) {
        func words(_ s: String) -> [String] { s.split(separator: " ").map(String.init) }
        let r = merge(words(base), words(mine), words(theirs), prefer: prefer)
        return (r.order.joined(separator: " "), r.conflicts.count)
    }

    static func merge(_ b: [String], _ m: [String], _ t: [String], prefer: MergeSide?) -> (order: [String], conflicts: [SequenceMerge.Conflict]) {
        var present = Set((m + t).map { ExactString($0) })
        for x in b where !m.contains(x) || !t.contains(x) { present.remove(ExactString(x)) }
        return SequenceMerge.merge(base: b, mine: m, theirs: t, present: present, prefer: prefer)
    }

    func merge(_ base: String, _ mine: String, _ theirs: String, prefer: MergeSide? = nil) -> (String, Int) {
        Self.merge(base, mine, theirs, prefer: prefer)
    }

    func test_chainCases() {
        let cases: [(String, String, String, String, Int, String)] = [
            ("abc", "abc", "abc", "abc", 0, "nothing changed"),
            ("abc", "axbc", "abc", "axbc", 0, "one side inserts"),
            ("abc", "axbc", "abyc", "axbyc", 0, "inserts at different places"),
            ("abc", "axbc", "aybc", "axybc", 0, "both insert at the same place: mine first, contiguous"),
            ("abc", "axzbc", "aybc", "axzybc", 0, "runs stay contiguous, never interleaved"),
            ("abc", "xabc", "yabc", "xyabc", 0, "both insert at the head"),
            ("abc", "ac", "abxc", "axc", 0, "insert next to a member the other side deleted"),
            ("abc", "ac", "ac", "ac", 0, "both delete"),
            ("abcd", "bcad", "abcd", "bcad", 0, "one side moves"),
            ("abcd", "bcad", "acd", "cad", 0, "move vs delete: the delete wins"),
            ("abcd", "dcba", "abxcd", "dcbxa", 0, "reorder of the whole chain vs one insert: x still follows b"),
            ("abcd", "bacd", "bacd", "bacd", 0, "same move on both sides"),
        ]
        for (base, mine, theirs, expected, conflicts, name) in cases {
            let (order, n) = merge(base, mine, theirs)
            XCTAssertEqual(order, expected, name)
            XCTAssertEqual(n, conflicts, name)
        }
    }

    func test_moveVsMove_conflict_keepsBasePlace_orThePreferredSide() {
        // Both sides move a (the only minimal reading: b c d e keep their order).
        let (unresolved, n) = merge("abcde", "bcade", "bcdea")
        XCTAssertEqual(n, 1)
        XCTAssertEqual(unresolved, "abcde", "a stays at its base place")
        XCTAssertEqual(merge("abcde", "bcade", "bcdea", prefer: .mine).0, "bcade")
        XCTAssertEqual(merge("abcde", "bcade", "bcdea", prefer: .theirs).0, "bcdea")
    }

    func test_swappingSides_changesOnlyTieOrder() {
        XCTAssertEqual(merge("abc", "axbc", "aybc").0, "axybc")
        XCTAssertEqual(merge("abc", "aybc", "axbc").0, "ayxbc")
    }
}
