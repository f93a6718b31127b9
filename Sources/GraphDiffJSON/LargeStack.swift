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
    let work = HandedWork { () -> Result<T, E> in
        do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    work.start(stackSize: stackSize)
    // The thread always leaves an outcome before it signals; the fallback
    // only keeps this free of a trap.
    guard let outcome = work.outcome() else { return try body() }
    return try outcome.get()
}

/// Runs `first` here and `second` on another thread (with a large stack, see
/// ``onLargeStack(stackSize:_:)``) at the same time, and returns both
/// results: how diff and merge read their inputs on both cores, and how the
/// diff walks the chains of both graphs.
package func inParallel<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
    let work = HandedWork(second)
    work.start(stackSize: defaultLargeStackSize)
    let a = first()
    // The thread leaves `second`'s result before it signals; computing it
    // here again is only a trap-free fallback.
    return (a, work.outcome() ?? second())
}

/// Work run on a thread of its own (with a large stack) for a caller that
/// waits for it (a thread, or an `async` caller): the body, let go of as
/// soon as it has run, and its outcome, taken out by the caller.
///
/// A thread lets go of its block only as it ends, a while after it has
/// signalled. Were the body (with all it captured) or the outcome still
/// held there, the waiting thread would find the values it shares with them
/// (a store's rows, say) not its alone for that while, and its next change
/// to one would copy it whole: a copy of a million objects, made or not
/// depending on which thread was quicker.
private final class HandedWork<T>: @unchecked Sendable {
    private var body: (() -> T)?
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () -> T) { self.body = body }

    /// Starts a thread with a stack of `stackSize` bytes that runs the body,
    /// then signals a thread waiting in ``outcome()`` and calls `finished` (an
    /// `async` caller's continuation, which then takes the outcome).
    func start(stackSize: Int, then finished: (@Sendable () -> Void)? = nil) {
        let thread = Thread { [self] in
            markLargeStack()
            perform()
            done.signal()
            finished?()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// Runs the body and lets go of it (and of what it captured) before
    /// returning.
    private func perform() {
        guard let body else { return }
        self.body = nil
        result = body()
    }

    /// Waits for the body to have run and takes its outcome out (`nil`
    /// only if it never ran), so that the caller holds it alone.
    func outcome() -> T? {
        done.wait()
        defer { result = nil }
        return result
    }
}

/// 512 MiB: enough for any document within the reader's depth limit.
package let defaultLargeStackSize = 512 << 20

/// Runs `body` on a thread of its own with a large stack (see
/// ``onLargeStack(stackSize:_:)``) and resumes the caller when it is done:
/// how the library's `async` entry points keep long work off the caller's
/// executor (the main actor, say) and off the cooperative pool's small
/// stacks. The work itself uses both cores where it splits. As with
/// ``inParallel(_:_:)``, the thread lets go of the body and the outcome
/// before the caller resumes (``HandedWork``).
package func onLargeStackThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let work = HandedWork { Result { try body() } }
    await withCheckedContinuation { continuation in work.start(stackSize: defaultLargeStackSize) { continuation.resume() } }
    // Taken here, after the thread signalled, so that no thread but the
    // caller's holds it; the thread always leaves one, and the fallback
    // only keeps this free of a trap.
    guard let outcome = work.outcome() else { return try body() }
    return try outcome.get()
}

/// The key a thread made here holds in its dictionary.
private let largeStackKey = "graphdiff.largeStack"

private func markLargeStack() { Thread.current.threadDictionary[largeStackKey] = true }

/// Runs `body` here when this thread was made with a large stack (by
/// ``onLargeStack(stackSize:_:)``, ``inParallel(_:_:)`` or
/// ``onLargeStackThread(_:)``), else on such a thread: how the public entry
/// points that recurse as deep as their input (reading, writing, comparing
/// JSON values) stay safe on any thread (an app's main thread has 8 MiB, a
/// secondary one 512 KiB; a document at the reader's depth limit can need
/// more).
///
/// - Complexity: O(1) on a large stack; otherwise a thread is started
///   (some tens of microseconds).
package func withDeepStack<T, E: Error>(_ body: @escaping () throws(E) -> T) throws(E) -> T {
    if Thread.current.threadDictionary[largeStackKey] != nil { return try body() }
    return try onLargeStack(body)
}
