import Foundation
import GraphDiff

/// Reading inputs and writing outputs without ever leaving a half-written file.
enum FileAccess {
    /// The bytes of `path`, or of standard input for `-`.
    ///
    /// - Throws: ``CommandFailure`` (status 2) naming the file (or
    ///   `standard input`) and the reason.
    static func read(_ path: String, io: CommandIO) throws -> [UInt8] {
        if path == "-" {
            do {
                return try io.readStandardInput()
            } catch let failure as StreamFailure {
                throw CommandFailure.trouble(failure.description)
            }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure.trouble("\(path): \(errnoText())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure.trouble("\(path): is a directory")
        }
        do {
            return try readAll(fd: fd, sizeHint: Int(info.st_size))
        } catch let error as ReadError {
            throw CommandFailure.trouble("\(path): \(error.reason)")
        }
    }

    /// A failed read(2), with the system's reason taken when it failed.
    struct ReadError: Error {
        var reason: String
    }

    /// Everything on the process's standard input.
    ///
    /// - Throws: ``StreamFailure`` when standard input is a directory or
    ///   cannot be read.
    static func readStandardInput() throws -> [UInt8] {
        let stream = StreamFailure.Stream.standardInput
        var info = stat()
        if fstat(stream.descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw StreamFailure(stream: stream, reason: "is a directory")
        }
        do {
            return try readAll(fd: stream.descriptor)
        } catch let error as ReadError {
            throw StreamFailure(stream: stream, reason: error.reason)
        }
    }

    /// Everything readable from `fd`.
    ///
    /// - Throws: ``ReadError`` when read(2) fails.
    static func readAll(fd: Int32, sizeHint: Int = 0) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(sizeHint + 1, 65536))
        var count = 0
        while true {
            if count == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(fd, raw.baseAddress.map { $0 + count }, raw.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: errnoText())
            }
            if n == 0 { break }
            count += n
        }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the
    /// same directory, flushed to disk, then renamed over `path`. On any
    /// failure the temporary file is removed and `path` is untouched.
    ///
    /// The new file keeps the permissions of the file it replaces (or gets
    /// 0644 less the umask when `path` is new). A symbolic link is followed:
    /// the file it points to is replaced (or created, when the link
    /// dangles), the link stays (``linkDestination(of:)``). A target that is
    /// not a regular file (`/dev/null`, a pipe, a terminal) is written to
    /// directly, never replaced.
    ///
    /// - Throws: ``CommandFailure`` (status 2) naming the file and the reason.
    ///
    /// - Parameter splices: byte ranges of `bytes` written as other bytes
    ///   (``SchemaReference/Splices``), in order and apart.
    static func writeAtomically(_ bytes: [UInt8], splicing splices: SchemaReference.Splices = [], to given: String) throws {
        try writeAtomically([bytes], splicing: splices, to: given)
    }

    /// ``writeAtomically(_:splicing:to:)`` of text in pieces, written one
    /// after another (``Graph/canonicalTextPieces()``); `splices` are
    /// ranges of the pieces joined.
    static func writeAtomically(_ pieces: [[UInt8]], splicing splices: SchemaReference.Splices = [], to given: String) throws {
        try writeAtomically(to: given) { fd in writeAll(pieces, splicing: splices, to: fd) }
    }

    /// ``writeAtomically(_:splicing:to:)`` of what `write` writes to the
    /// descriptor it is given (returning `false`, with `errno` set, when a
    /// write fails): into a temporary file renamed into place, or straight
    /// into a device or pipe.
    static func writeAtomically(to given: String, writing write: (Int32) -> Bool) throws {
        let path = try linkDestination(of: given)
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            try writeDirectly(to: path, writing: write)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var mode: mode_t = 0o644 & ~currentUmask()
        var existing = stat()
        if stat(path, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure.trouble("\(path): is a directory") }
            mode = existing.st_mode & 0o7777
            if access(path, W_OK) != 0 { throw CommandFailure.trouble("\(path): \(errnoText())") }
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".graphdiff-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw CommandFailure.trouble("\(path): cannot create a temporary file in \(directory): \(errnoText())") }
        let temporary = String(cString: template)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        guard write(fd), fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            let reason = errnoText()
            close(fd)
            throw CommandFailure.trouble("\(path): cannot write: \(reason)")
        }
        guard close(fd) == 0 else { throw CommandFailure.trouble("\(path): cannot write: \(errnoText())") }
        guard rename(temporary, path) == 0 else { throw CommandFailure.trouble("\(path): cannot replace: \(errnoText())") }
        ok = true
    }

    /// Where writing to `path` ends up: `path` itself, or, when it is a
    /// symbolic link, the file at the end of its links, whether that file
    /// exists or not (a dangling link's file is created, as a shell's `>`
    /// creates it, and the link stays).
    ///
    /// - Throws: ``CommandFailure`` when the links go round (more than 40).
    static func linkDestination(of path: String) throws -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        // A link that leads somewhere is resolved as the system follows it
        // (`/dev/stdout` and the links of `/proc` included).
        if stat(path, &info) == 0 { return URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        // Dangling (or going round): its links followed one by one.
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0, count < buffer.count else { return current }
            buffer[count] = 0
            // The name is used as it is: one that is not UTF-8 would be
            // another name once read as a string.
            guard let target = String(validatingCString: buffer) else {
                throw CommandFailure.trouble("\(path): a symbolic link names a file that is not UTF-8: not followed")
            }
            current = target.hasPrefix("/") ? target : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + target
        }
        throw CommandFailure.trouble("\(path): too many levels of symbolic links")
    }

    /// Writes to a device or pipe in place.
    static func writeDirectly(_ bytes: [[UInt8]], splicing splices: SchemaReference.Splices = [], to path: String) throws {
        try writeDirectly(to: path) { fd in writeAll(bytes, splicing: splices, to: fd) }
    }

    /// ``writeDirectly(_:splicing:to:)`` of what `write` writes.
    static func writeDirectly(to path: String, writing write: (Int32) -> Bool) throws {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure.trouble("\(path): \(errnoText())") }
        defer { close(fd) }
        guard write(fd) else { throw CommandFailure.trouble("\(path): cannot write: \(errnoText())") }
    }

    /// Writes all of `pieces`, one after another, to `fd`, each range of
    /// `splices` (ranges of the pieces joined, in order and apart, each
    /// within one piece) replaced by its bytes, retrying short and
    /// interrupted writes.
    ///
    /// - Returns: `false` on an error (`errno` says which).
    static func writeAll(_ pieces: [[UInt8]], splicing splices: SchemaReference.Splices = [], to fd: Int32) -> Bool {
        func write(_ raw: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        var pending = splices[...]
        var start = 0
        for piece in pieces {
            let written = piece.withUnsafeBytes { raw -> Bool in
                // Offsets in this piece, of the splices that start in it.
                var copied = 0
                while let (range, replacement) = pending.first, range.lowerBound < start + raw.count {
                    let lower = range.lowerBound - start, upper = range.upperBound - start
                    guard lower >= copied, upper <= raw.count,
                        write(UnsafeRawBufferPointer(rebasing: raw[copied..<lower])),
                        replacement.withUnsafeBytes(write)
                    else { return false }
                    copied = upper
                    pending = pending.dropFirst()
                }
                return write(UnsafeRawBufferPointer(rebasing: raw[copied...]))
            }
            guard written else { return false }
            start += piece.count
        }
        return pending.isEmpty
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
