import XCTest
import GraphDiffGenerator
@testable import GraphDiff

/// ``sortNearlyInOrder(_:by:)``, the sort of a group's rows before its
/// canonical text, against the standard sort as oracle.
final class NearlySortedTests: XCTestCase {
    /// Over 20,000 seeded arrays of distinct keys: in order, in order with
    /// a few appended or moved, reversed, shuffled, and with a first key
    /// larger than all the rest; every one comes out as `sorted()` does.
    func test_law_sortNearlyInOrder_sortsAsTheStandardSort() {
        var rng = SplitMix64(seed: 41)
        for case_ in 0..<20_000 {
            let n = Int(rng.next() % 60)
            var keys = (0..<n).map { $0 * 3 }
            switch case_ % 6 {
            case 0: break
            case 1:
                // A few appended at the end, out of place.
                let extra = Int(rng.next() % 6)
                for _ in 0..<extra { keys.append(Int(rng.next() % UInt64(3 * n + 3)) * 3 + 1) }
            case 2:
                // A few moved anywhere.
                for _ in 0..<Int(rng.next() % 4) where keys.count > 1 {
                    let from = Int(rng.next() % UInt64(keys.count)), to = Int(rng.next() % UInt64(keys.count))
                    keys.insert(keys.remove(at: from), at: to)
                }
            case 3: keys.reverse()
            case 4: keys.shuffle(using: &rng)
            default: keys.insert(10 * n + 7, at: 0)
            }
            // Distinct, as identities are: the first of each kept.
            var seen = Set<Int>()
            keys = keys.filter { seen.insert($0).inserted }
            var rows = keys
            sortNearlyInOrder(&rows, by: <)
            XCTAssertEqual(rows, keys.sorted(), "case \(case_): \(keys)")
        }
    }

    func test_edges() {
        for keys in [[], [1], [2, 1], [1, 2], [3, 1, 2], [1, 3, 2], [2, 3, 1]] {
            var rows = keys
            sortNearlyInOrder(&rows, by: <)
            XCTAssertEqual(rows, keys.sorted(), "\(keys)")
        }
    }
}
