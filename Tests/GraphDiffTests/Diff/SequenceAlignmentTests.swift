import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class SequenceAlignmentTests: XCTestCase {
    /// Length of the longest common subsequence, by dynamic programming.
    func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 0..<b.count {
                let up = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j], row[j + 1])
                diagonal = up
            }
        }
        return row[b.count]
    }

    /// Checks that `steps` turn `a` into `b`, keep only equal elements, and are minimal.
    func check(_ a: [Int], _ b: [Int], seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        let steps = SequenceAlignment.align(count: (a.count, b.count)) { a[$0] == b[$1] }
        var nextA = 0, nextB = 0, kept = 0
        for step in steps {
            switch step {
            case .keep(let i, let j):
                XCTAssertEqual(i, nextA, "seed \(seed)", file: file, line: line)
                XCTAssertEqual(j, nextB, "seed \(seed)", file: file, line: line)
                XCTAssertEqual(a[i], b[j], "seed \(seed)", file: file, line: line)
                nextA += 1; nextB += 1; kept += 1
            case .delete(let i):
                XCTAssertEqual(i, nextA, "seed \(seed)", file: file, line: line); nextA += 1
            case .insert(let j):
                XCTAssertEqual(j, nextB, "seed \(seed)", file: file, line: line); nextB += 1
            }
        }
        XCTAssertEqual(nextA, a.count, "seed \(seed)", file: file, line: line)
        XCTAssertEqual(nextB, b.count, "seed \(seed)", file: file, line: line)
        XCTAssertEqual(kept, lcsLength(a, b), "not minimal; seed \(seed) a=\(a) b=\(b)", file: file, line: line)
    }

    func test_align_table() {
        let cases: [([Int], [Int])] = [
            ([], []), ([1], []), ([], [1]), ([1, 2, 3], [1, 2, 3]), ([1, 2, 3], [3, 2, 1]),
            ([1, 2, 3, 4], [1, 4]), ([1, 4], [1, 2, 3, 4]), ([1, 1, 1], [1, 1]), ([1, 2], [3, 4]),
            ([5, 1, 2, 3], [1, 2, 3, 5]), (Array(0..<50), Array(0..<50).reversed()),
        ]
        for (a, b) in cases { check(a, b, seed: 0) }
    }

    func test_align_randomSequences_areValidAndMinimal() {
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            let alphabet = Int(random.next() % 6) + 2
            let a = (0..<Int(random.next() % 40)).map { _ in Int(random.next() % UInt64(alphabet)) }
            var b = a
            for _ in 0..<Int(random.next() % 8) {
                let op = random.next() % 3
                if op == 0 || b.isEmpty {
                    b.insert(Int(random.next() % UInt64(alphabet)), at: Int(random.next() % UInt64(b.count + 1)))
                } else if op == 1 {
                    b.remove(at: Int(random.next() % UInt64(b.count)))
                } else {
                    b[Int(random.next() % UInt64(b.count))] = Int(random.next() % UInt64(alphabet))
                }
            }
            check(a, b, seed: seed)
        }
    }

    func test_align_longSequenceWithFewEdits() {
        let a = Array(0..<100_000)
        var b = a
        b.remove(at: 500)
        b.insert(-1, at: 70_000)
        b[99_000] = -2
        let steps = SequenceAlignment.align(count: (a.count, b.count)) { a[$0] == b[$1] }
        XCTAssertEqual(steps.filter { if case .keep = $0 { return false } else { return true } }.count, 4)
    }
}
