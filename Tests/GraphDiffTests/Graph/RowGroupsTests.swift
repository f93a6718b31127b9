import XCTest
import GraphDiffGenerator
@testable import GraphDiff

/// ``RowGroups``, how a merge gathers each object's referrers when it
/// derives inverses, against a dictionary of arrays as oracle.
final class RowGroupsTests: XCTestCase {
    /// Over 5,000 seeded lists of pairs (keys in and out of range, repeated
    /// keys and values, none at all): each key's values are those the
    /// oracle appends for it, in the order the pairs came; a key outside
    /// the range has none.
    func test_law_groups_areTheOraclesInOrder() {
        var rng = SplitMix64(seed: 17)
        for case_ in 0..<5_000 {
            let keyCount = Int(rng.next() % 40)
            let pairCount = Int(rng.next() % 80)
            let pairs: [(key: Int, value: Int)] = (0..<pairCount).map { _ in
                // Mostly in range; a few below or past it.
                (Int(rng.next() % UInt64(keyCount + 4)) - 2, Int(rng.next() % 50))
            }
            var oracle: [Int: [Int]] = [:]
            for pair in pairs where pair.key >= 0 && pair.key < keyCount { oracle[pair.key, default: []].append(pair.value) }
            let groups = RowGroups(pairs, keyCount: keyCount)
            for key in -3..<(keyCount + 3) {
                XCTAssertEqual(groups.values(of: key), oracle[key] ?? [], "case \(case_), key \(key)")
                XCTAssertEqual(groups.isEmpty(key), oracle[key] == nil, "case \(case_), key \(key)")
            }
        }
    }

    func test_noKeys_andNegativeCounts_holdNothing() {
        let none = RowGroups([(0, 1), (1, 2)], keyCount: 0)
        XCTAssertTrue(none.isEmpty(0))
        XCTAssertEqual(none.values(of: 0), [])
        let negative = RowGroups([(0, 1)], keyCount: -5)
        XCTAssertTrue(negative.isEmpty(0))
        XCTAssertEqual(negative.values(of: -1), [])
    }
}
