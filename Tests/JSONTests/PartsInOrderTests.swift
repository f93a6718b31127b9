import XCTest
@testable import GraphDiffJSON

/// ``PartsInOrder``: parts made on two threads, delivered in order.
final class PartsInOrderTests: XCTestCase {
    /// Over 2,000 seeded runs of 0–40 parts, windows of 1–6, parts that
    /// take a random while to make on either thread, and takers that keep
    /// the pieces, keep none (their memory is filled again), or stop after
    /// a few: every part is delivered exactly once, in order, with its own
    /// text; after a stop no more are delivered; and no run hangs.
    func test_law_partsMadeOnTwoThreads_areDeliveredInOrder() {
        var seed: UInt64 = 0x9E37_79B9
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for run in 0..<2_000 {
            let count = Int(next() % 41), window = 1 + Int(next() % 6)
            let stopAfter = run % 3 == 2 ? Int(next() % UInt64(count + 1)) : nil
            let keeps = run % 3 == 0
            let delays = (0..<count).map { _ in next() % 4 == 0 ? useconds_t(next() % 200) : 0 }
            let parts = PartsInOrder(count: count, window: window)
            /// Part `k`'s text: its number, repeated, in a spare's memory.
            @Sendable func make(_ k: Int) -> [UInt8] {
                var text = parts.spare()
                if delays.indices.contains(k), delays[k] > 0 { usleep(delays[k]) }
                text.append(contentsOf: repeatElement(UInt8(truncatingIfNeeded: k), count: 1 + k % 7))
                return text
            }
            var delivered: [[UInt8]] = [], copied: [[UInt8]] = []
            _ = inParallel({
                parts.deliver(making: make, to: { piece in
                    if keeps { delivered.append(piece) }
                    copied.append(Array(piece))
                    return stopAfter.map { copied.count < $0 } ?? true
                })
            }, {
                while let k = parts.claim() { parts.finish(k, make(k)) }
            })
            let expected = (0..<count).map { k in [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: 1 + k % 7) }
            let wanted = stopAfter.map { max(1, $0) } ?? count
            XCTAssertEqual(copied, Array(expected.prefix(min(wanted, count))), "run \(run): \(count) parts, window \(window), stop after \(stopAfter.map(String.init) ?? "none")")
        }
    }
}
