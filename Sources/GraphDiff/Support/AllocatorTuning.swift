#if canImport(Glibc)
import Glibc
#endif

/// Asks the C allocator (glibc's malloc) to keep the memory a large input
/// frees for the next allocation instead of handing it back to the system,
/// for the two executables to call first.
///
/// A diff or merge of a million objects builds arrays of many megabytes
/// one after another. By default glibc maps each such block afresh and
/// unmaps it when freed, so every one costs the kernel a page fault and a
/// zeroed page per 4 KiB (a fifth of a merge's time in the order
/// benchmark). Here: blocks up to 32 MiB (the most glibc allows) come from
/// the heap, the heap is not trimmed, and there are at most two arenas,
/// one per core. One arena for all threads was tried: the two halves of a
/// file read on two cores then wait on its lock for every allocation (a
/// `diff --format json` of the 1M pair took 3.2 s against 2.1 s with two
/// arenas, in one run of each); glibc's default of eight arenas a core
/// reuses less of what another thread freed. Elsewhere (another C library)
/// it does nothing.
///
/// - Complexity: O(1).
package func tuneAllocatorForLargeInputs() {
    #if canImport(Glibc)
    // mallopt's parameters (malloc.h), which the Glibc module does not export.
    typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
    let (trimThreshold, mmapThreshold, arenaMax): (Int32, Int32, Int32) = (-1, -3, -8)
    _ = mallopt(mmapThreshold, 32 << 20)
    _ = mallopt(trimThreshold, Int32.max)
    _ = mallopt(arenaMax, 2)
    #endif
}
