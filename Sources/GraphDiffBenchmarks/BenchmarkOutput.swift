import Foundation

/// A write the benchmark could not make: the file (or stream) and the
/// system's reason, as printed: `out/a.graph.json: No space left on device`.
struct OutputFailure: Error, CustomStringConvertible {
    var subject: String
    var reason: String

    var description: String { "\(subject): \(reason)" }
}

/// The benchmark's writes, with failures as ``OutputFailure``: no trap on a
/// full disk or a closed stream, no partial file left behind.
enum BenchmarkOutput {
    /// Writes `text` to standard output (`1`) or standard error (`2`).
    ///
    /// - Throws: ``OutputFailure`` naming the stream.
    static func write(_ text: String, to descriptor: Int32) throws {
        // What print(_:) left in the C buffer goes first.
        fflush(stdout)
        guard writeAll(Array(text.utf8), to: descriptor) else {
            throw OutputFailure(subject: descriptor == 1 ? "standard output" : "standard error", reason: errnoText())
        }
    }

    /// Creates the file at `path` with `bytes` in it; on a failure the
    /// partial file is removed.
    ///
    /// - Throws: ``OutputFailure`` naming the file.
    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFailure(subject: path, reason: errnoText()) }
        let written = writeAll(bytes, to: fd)
        let reason = errnoText()
        let closed = close(fd) == 0
        guard written, closed else {
            let failure = OutputFailure(subject: path, reason: written ? errnoText() : reason)
            unlink(path)
            throw failure
        }
    }

    /// Creates the directory at `path` and those above it that are missing.
    ///
    /// - Throws: ``OutputFailure`` naming the directory that cannot be made.
    static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw OutputFailure(subject: path, reason: "not a directory") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw OutputFailure(subject: path, reason: errnoText()) }
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
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
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
