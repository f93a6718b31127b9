import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class SequenceChangeTests: XCTestCase {
    /// Compact notation: "abc" is the order a, b, c.
    func edits(_ old: String, _ new: String) -> (SequenceChange, String) {
        let a = old.map(String.init), b = new.map(String.init)
        let e = SequenceChange.edits(from: a, to: b)
        let change = SequenceChange(owner: ObjectID(entity: "L", identity: "l"), ownerEntity: "L", relationship: "items", memberRoot: "I",
                                    inserted: e.inserted, removed: e.removed, moved: e.moved)
        var text: [String] = []
        text += e.inserted.map { "+\($0.member)@\($0.after ?? "^")" }
        text += e.removed.map { "-\($0.member)" }
        text += e.moved.map { ">\($0.member)@\($0.to ?? "^")" }
        return (change, text.joined(separator: " "))
    }

    func test_table() {
        let cases: [(String, String, String)] = [
            ("abc", "abc", ""),
            ("abc", "abxc", "+x@b"),
            ("abc", "xabc", "+x@^"),
            ("abc", "ac", "-b"),
            ("abcd", "dabc", ">d@^"),
            ("abcd", "bcda", ">a@d"),
            ("abcd", "badc", ">b@^ >d@a"),
            ("abcd", "dcba", ">d@^ >c@d >b@c"),
            ("abc", "xcy", "+x@^ +y@c -a -b"),
            ("abcde", "aexbd", "+x@e -c >e@a"),
        ]
        for (old, new, expected) in cases {
            let (change, text) = edits(old, new)
            XCTAssertEqual(text, expected, "\(old) → \(new)")
            XCTAssertEqual(change.apply(to: old.map(String.init)), new.map(String.init), "\(old) → \(new)")
        }
    }

    func test_randomPermutationsAndEdits_applyExactly_withTheFewestMoves() {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let n = Int(random.next() % 30)
            let old = (0..<n).map { "m\($0)" }
            var new = old
            var k = 0
            for _ in 0..<Int(random.next() % 6) where !new.isEmpty {
                let from = Int(random.next() % UInt64(new.count))
                let x = new.remove(at: from)
                new.insert(x, at: Int(random.next() % UInt64(new.count + 1)))
                k += 1
            }
            if random.next() % 2 == 0 { new.insert("new\(seed)", at: Int(random.next() % UInt64(new.count + 1))) }
            if random.next() % 2 == 0, !new.isEmpty { new.remove(at: Int(random.next() % UInt64(new.count))) }
            let e = SequenceChange.edits(from: old, to: new)
            XCTAssertLessThanOrEqual(e.moved.count, k, "seed \(seed): a sequence of \(k) moves is reported with at most \(k)")
            let change = SequenceChange(owner: ObjectID(entity: "L", identity: "l"), ownerEntity: "L", relationship: "r", memberRoot: "I",
                                        inserted: e.inserted, removed: e.removed, moved: e.moved)
            XCTAssertEqual(change.apply(to: old), new, "seed \(seed)")
        }
    }

    func test_apply_rejectsEditsThatDoNotFit() {
        let (change, _) = edits("abc", "abxc")
        XCTAssertNil(change.apply(to: ["a", "c"]), "anchor b missing")
        XCTAssertNil(change.apply(to: ["a", "b", "x", "c"]), "x already present")
    }

    /// Law: a short order is edited as an array (``SequenceChange/applyToShortOrder(_:)``)
    /// exactly as the linked list of ``SequenceChange/applyToLongOrder(_:)``
    /// edits it: the same order, or `nil` in the same cases. Over 20,000
    /// seeded orders of 0–40 members (duplicates, NFC and NFD spellings of
    /// one name), each given the edits of another order of the same
    /// alphabet (which may not fit it: a removed member missing, an
    /// inserted one present, an anchor gone).
    func test_law_shortOrdersAsArrays_editLikeTheLinkedList() {
        let names = ["a", "b", "c", "d", "e", "f", "g", "caf\u{E9}", "cafe\u{301}", "h"]
        var nils = 0
        for seed in UInt64(1)...20_000 {
            var random = SplitMix64(seed: seed)
            func order() -> [String] {
                let n = Int(random.next() % 41)
                return (0..<n).map { _ in random.next() % 4 == 0 ? names[Int(random.next() % UInt64(names.count))] : "m\(random.next() % 60)" }
            }
            let from = order(), to = order()
            let e = SequenceChange.edits(from: Array(Set(from)).sorted(), to: Array(Set(to)).sorted().shuffled(using: &random))
            let change = SequenceChange(owner: ObjectID(entity: "L", identity: "l"), ownerEntity: "L", relationship: "r", memberRoot: "I",
                                        inserted: e.inserted, removed: e.removed, moved: e.moved)
            let target = random.next() % 3 == 0 ? Array(Set(from)).sorted() : order()
            let short = change.applyToShortOrder(target), long = change.applyToLongOrder(target)
            XCTAssertEqual(short, long, "seed \(seed)")
            if long == nil { nils += 1 }
        }
        XCTAssertGreaterThan(nils, 2_000, "many edits do not fit")
        XCTAssertLessThan(nils, 18_000, "and many do")
    }

    func test_longestIncreasingSubsequence() {
        XCTAssertEqual(longestIncreasingSubsequence([3, 1, 2, 5, 4]).count, 3)
        XCTAssertEqual(longestIncreasingSubsequence([]), [])
        XCTAssertEqual(longestIncreasingSubsequence([5, 4, 3]).count, 1)
        XCTAssertEqual(longestIncreasingSubsequence(Array(0..<100)), Array(0..<100))
    }
}
