import Foundation
import GraphDiff

/// Inputs read without copying: a regular file is mapped read-only and
/// private (`mmap(PROT_READ, MAP_PRIVATE)`), and lent to the library as
/// ``SourceBytes``; standard input, pipes, devices and empty files are read
/// with read(2) as before.
///
/// Memory: the readers that walk a whole input (the graph scanner, the
/// line table of positions, the comparison of an output with its input)
/// release the pages behind them every ``SourceBytes/releaseStep`` bytes,
/// and a lookup of a position releases what it read
/// (`madvise(MADV_DONTNEED)` on the 64 KB windows around each range:
/// ``FileAccess/releaseWindow``); for a private read-only file
/// mapping the kernel reads such a page again from the page cache when a
/// later stage touches it, so the bytes stay readable and only the pages in
/// use stay resident.
///
/// A file that shrinks while mapped makes a read past its new end raise
/// SIGBUS. A handler (``MappedInputs``) finds the mapping of the faulting
/// address, writes `FILE: changed while being read` to standard error and
/// ends the process with status 2.
extension FileAccess {
    /// The bytes of `path`, or of standard input for `-`: a regular file
    /// mapped in place, anything else read.
    ///
    /// - Throws: ``CommandFailure`` (status 2) naming the file (or
    ///   `standard input`) and the reason.
    static func readInput(_ path: String, io: CommandIO) throws -> SourceBytes {
        if path == "-" { return SourceBytes(try read(path, io: io)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure.trouble("\(path): \(errnoText())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CommandFailure.trouble("\(path): \(errnoText())") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure.trouble("\(path): is a directory") }
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0, let mapped = map(fd: fd, size: Int(info.st_size), path: path) {
            return mapped
        }
        do {
            return SourceBytes(try readAll(fd: fd, sizeHint: Int(info.st_size)))
        } catch let error as ReadError {
            throw CommandFailure.trouble("\(path): \(error.reason)")
        }
    }

    /// The span of pages that a page fault in a file mapping maps at once
    /// (Linux maps the cached pages of an aligned 64 KB window around the
    /// faulting one): what a release gives back at the least.
    static let releaseWindow: UInt = 64 << 10

    /// `size` bytes of `fd` mapped read-only, or `nil` when the file cannot
    /// be mapped (it is then read).
    static func map(fd: Int32, size: Int, path: String) -> SourceBytes? {
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        guard let slot = MappedInputs.register(address, size: size, message: "\(path): changed while being read\n") else {
            munmap(address, size)
            return nil
        }
        let start = UInt(bitPattern: address)
        let page = UInt(max(1, sysconf(Int32(_SC_PAGESIZE))))
        let end = (start + UInt(size) + page - 1) / page * page
        return SourceBytes(
            lending: UnsafeRawBufferPointer(start: address, count: size),
            release: { range in
                // The whole windows around the range: a fault maps the pages
                // of its window (``releaseWindow``), so a lookup of a few
                // bytes leaves that much resident. A page released that a
                // reader still needs is read again from the page cache.
                let window = max(page, releaseWindow)
                let from = max(start, (start + UInt(range.lowerBound)) / window * window)
                let to = min(end, (start + UInt(range.upperBound) + window - 1) / window * window)
                if to > from { madvise(UnsafeMutableRawPointer(bitPattern: from), Int(to - from), MADV_DONTNEED) }
            },
            deallocate: {
                MappedInputs.unregister(slot)
                munmap(UnsafeMutableRawPointer(bitPattern: start), size)
            })
    }
}

/// The mapped inputs of the process, for the SIGBUS handler: a fixed table
/// of address ranges, each with its message formatted in advance, so that
/// the handler only compares integers and calls write(2) and _exit(2).
///
///     slots[0 ..< capacity]:  start  end  message (C string)  length
///                              0 = free (length 0)
enum MappedInputs {
    struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
    }

    /// Mapped files at once; a file beyond them is read instead.
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    static let lock = NSLock()
    nonisolated(unsafe) static var installed = false

    /// Records a mapping and its message, installing the handler the
    /// first time.
    ///
    /// - Returns: the slot to free with ``unregister(_:)``, or `nil` when
    ///   the table is full or the handler cannot be installed.
    static func register(_ address: UnsafeMutableRawPointer, size: Int, message: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            var action = sigaction()
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            #if os(Linux)
            action.__sigaction_handler.sa_sigaction = handleBusError
            #else
            action.__sigaction_u.__sa_sigaction = handleBusError
            #endif
            guard sigaction(SIGBUS, &action, nil) == 0 else { return nil }
            installed = true
        }
        guard let i = (0..<capacity).first(where: { slots[$0].length == 0 }) else { return nil }
        let text = strdup(message)
        slots[i].message = text
        slots[i].start = UInt(bitPattern: address)
        slots[i].end = UInt(bitPattern: address) + UInt(size)
        // Set last: the handler reads a slot whose length is not 0.
        slots[i].length = text.map { strlen($0) } ?? 0
        return i
    }

    /// Frees slot `i` (before its mapping is removed).
    static func unregister(_ i: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[i].length = 0
        free(slots[i].message)
        slots[i].message = nil
    }
}

/// The SIGBUS handler: the message of the mapped input holding the faulting
/// address, and status 2; a fault anywhere else takes the default action
/// (the handler is removed and the access faults again).
private func handleBusError(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    #if os(Linux)
    let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
    #else
    let address = UInt(bitPattern: info?.pointee.si_addr)
    #endif
    for i in 0..<MappedInputs.capacity {
        let slot = MappedInputs.slots[i]
        if slot.length > 0, let message = slot.message, address >= slot.start, address < slot.end {
            _ = write(2, message, slot.length)
            _exit(2)
        }
    }
    Foundation.signal(SIGBUS, SIG_DFL)
}
