import Foundation

/// Runs `body` on a thread with a stack of `stackSize` bytes and waits for it.
///
/// Recursion over JSON values (reading, writing, comparing, freeing) goes as
/// deep as the nesting of the input, which ``JSONReader`` bounds at
/// ``JSONReader/defaultMaximumDepth``. A debug build can use close to 1 KiB of
/// stack a level, more than the 8 MiB of a main thread (and far more than the
/// 512 KiB of a secondary one), so graphdiff runs its work on a thread made
/// here. Only the pages actually touched are committed.
///
///     let value = try onLargeStack { try JSONReader.parse(bytes) }
package func onLargeStack<T, E: Error>(
    stackSize: Int = defaultLargeStackSize, _ body: @escaping () throws(E) -> T
) throws(E) -> T {
    nonisolated(unsafe) var outcome: Result<T, E>?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        do throws(E) { outcome = .success(try body()) } catch { outcome = .failure(error) }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    // The thread always sets an outcome before it signals; the fallback only
    // keeps this free of a trap.
    guard let outcome else { return try body() }
    return try outcome.get()
}

/// Runs `first` here and `second` on another thread (with a large stack, see
/// ``onLargeStack(stackSize:_:)``) at the same time, and returns both
/// results: how diff and merge read their inputs on both cores, and how the
/// diff walks the chains of both graphs.
package func inParallel<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
    nonisolated(unsafe) var b: B?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        b = second()
        done.signal()
    }
    thread.stackSize = defaultLargeStackSize
    thread.start()
    let a = first()
    done.wait()
    // The thread sets `b` before it signals; computing it here again is only
    // a trap-free fallback.
    return (a, b ?? second())
}

/// 512 MiB: enough for any document within the reader's depth limit.
package let defaultLargeStackSize = 512 << 20

/// Runs `body` on a thread of its own with a large stack (see
/// ``onLargeStack(stackSize:_:)``) and resumes the caller when it is done:
/// how the library's `async` entry points keep long work off the caller's
/// executor (the main actor, say) and off the cooperative pool's small
/// stacks. The work itself uses both cores where it splits.
package func onLargeStackThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.stackSize = defaultLargeStackSize
        thread.start()
    }
}
