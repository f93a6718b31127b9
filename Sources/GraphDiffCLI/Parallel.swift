import Foundation
import GraphJSON

/// Runs `first` here and `second` on another thread (with a large stack, see
/// ``onLargeStack(stackSize:_:)``) at the same time, and returns both
/// results: how diff and merge read their inputs on both cores.
func inParallel<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
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
