import Foundation

/// Runs a law over many seeds on both cores: the seeds are dealt to two
/// threads in turn, each case is independent (the library's operations are
/// pure functions), and the failures come back in seed order.
///
/// The caller reports the failures on its own thread (XCTest assertions
/// belong to the test's thread). After `maxFailures` failures no new case
/// starts.
enum SeedRunner {
    /// The failing seeds with their reasons, sorted by seed.
    static func failures(
        of seeds: [UInt64], maxFailures: Int = 5, threads: Int = 2, _ check: (UInt64) -> String?
    ) -> [(seed: UInt64, why: String)] {
        let lock = NSLock()
        var found: [(seed: UInt64, why: String)] = []
        withoutActuallyEscaping(check) { check in
            DispatchQueue.concurrentPerform(iterations: max(1, threads)) { lane in
                for index in stride(from: lane, to: seeds.count, by: max(1, threads)) {
                    lock.lock()
                    let enough = found.count >= maxFailures
                    lock.unlock()
                    if enough { return }
                    if let why = check(seeds[index]) {
                        lock.lock()
                        found.append((seeds[index], why))
                        lock.unlock()
                    }
                }
            }
        }
        return found.sorted { $0.seed < $1.seed }
    }
}

/// A count several threads add to.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one.
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    /// The count so far; `reset()` sets it back to zero.
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func reset() {
        lock.lock()
        count = 0
        lock.unlock()
    }
}
