@testable import GraphDiff
import XCTest

/// The moves of an array plan are placed with a Fenwick tree in
/// O(n log n); the oracle below replays them on an array, O(n) a move.
final class MoveStepsTests: XCTestCase {
    /// The moves by replaying them on the array of old indices.
    func replayedSteps(_ plan: JSONDiff.ArrayPlan) -> [(pair: Int, from: Int, to: Int)] {
        var current = plan.pairs.map(\.old).sorted()
        var steps: [(pair: Int, from: Int, to: Int)] = []
        for (k, pair) in plan.pairs.enumerated() where plan.moved[k] {
            guard let from = current.firstIndex(of: pair.old) else { continue }
            current.remove(at: from)
            var to = 0
            if k > 0, let before = current.firstIndex(of: plan.pairs[k - 1].old) { to = before + 1 }
            current.insert(pair.old, at: to)
            if from != to { steps.append((k, from, to)) }
        }
        XCTAssertEqual(current, plan.pairs.map(\.old), "the survivors end in new order")
        return steps
    }

    func test_moveSteps_agreeWithReplayingTheMoves_overSeededPlans() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var compared = 0, withMoves = 0
        for _ in 0..<3000 {
            let n = next(40)
            var olds = Array(0..<(n + next(5)))
            // A random subset of old indices, paired in a random new order.
            for i in stride(from: olds.count - 1, to: 0, by: -1) { olds.swapAt(i, next(i + 1)) }
            let kept = Array(olds.prefix(n))
            var plan = JSONDiff.ArrayPlan()
            plan.pairs = kept.enumerated().map { (old: $0.element, new: $0.offset) }
            plan.moved = kept.map { _ in next(3) == 0 }
            // Pairs that stay must be in old order among themselves, as a plan's are.
            var last = -1
            for k in 0..<n where !plan.moved[k] {
                if plan.pairs[k].old < last { plan.moved[k] = true } else { last = plan.pairs[k].old }
            }
            let expected = replayedSteps(plan), got = JSONDiff.moveSteps(plan)
            XCTAssertEqual(got.map { [$0.pair, $0.from, $0.to] }, expected.map { [$0.pair, $0.from, $0.to] }, "pairs \(plan.pairs) moved \(plan.moved)")
            compared += 1
            if !expected.isEmpty { withMoves += 1 }
        }
        XCTAssertEqual(compared, 3000)
        XCTAssertGreaterThan(withMoves, 2000)
    }

    func test_reversedLongArray_isPlacedQuickly_andPatchesBack() throws {
        let n = 20_000
        let old = JSONValue.array((0..<n).map { .string("e\($0)") })
        let new = JSONValue.array((0..<n).reversed().map { .string("e\($0)") })
        let entries = JSONDiff.entries(from: old, to: new)
        XCTAssertEqual(entries.count, n - 1)
        XCTAssertTrue(entries.allSatisfy { if case .move = $0.edit { return true } else { return false } })
    }
}
