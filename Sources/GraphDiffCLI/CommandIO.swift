import Foundation

/// Where a command reads standard input from and writes its two streams to,
/// and the environment it sees. Tests pass buffers; the executable passes the
/// process's own streams.
final class CommandIO {
    private let writeOut: ([UInt8]) -> Void
    private let writeErr: ([UInt8]) -> Void
    let readStandardInput: () -> [UInt8]
    let environment: [String: String]
    /// Whether standard output is a terminal (for colour and progress).
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool

    /// Whether the process ends when the command does (see ``keepUntilExit(_:)``).
    let exitsAfterCommand: Bool
    private var kept: [Any] = []
    private let keptLock = NSLock()

    init(
        writeOut: @escaping ([UInt8]) -> Void, writeErr: @escaping ([UInt8]) -> Void,
        readStandardInput: @escaping () -> [UInt8], environment: [String: String],
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, exitsAfterCommand: Bool = false
    ) {
        self.exitsAfterCommand = exitsAfterCommand
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    func out(_ bytes: [UInt8]) { writeOut(bytes) }
    func out(_ text: String) { writeOut(Array(text.utf8)) }
    func err(_ text: String) { writeErr(Array(text.utf8)) }

    /// Keeps `value` (a loaded input: its bytes, JSON tree and graph) until
    /// the process exits, when the process ends with the command.
    ///
    /// Freeing a graph of a million objects one allocation at a time takes
    /// about a tenth of the time it took to load; the operating system
    /// reclaims the whole address space at exit at no cost, so a command
    /// run from the command line leaves its inputs to it. In-process callers
    /// (the tests) free everything as usual.
    func keepUntilExit(_ value: Any) {
        guard exitsAfterCommand else { return }
        keptLock.lock()  // inputs load on two threads
        kept.append(value)
        keptLock.unlock()
    }

    /// The process's own streams.
    static var standard: CommandIO {
        CommandIO(
            writeOut: { FileDescriptorWriter.write($0, to: 1) },
            writeErr: { FileDescriptorWriter.write($0, to: 2) },
            readStandardInput: { (try? FileAccess.readAll(fd: 0)) ?? [] },
            environment: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1, exitsAfterCommand: true)
    }

    /// Buffers that collect both streams, for tests.
    final class Capture {
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    static func capturing(_ capture: Capture, stdin: [UInt8] = [], environment: [String: String] = [:]) -> CommandIO {
        CommandIO(
            writeOut: { capture.stdout += $0 }, writeErr: { capture.stderr += $0 },
            readStandardInput: { stdin }, environment: environment)
    }
}

enum FileDescriptorWriter {
    /// Writes all of `bytes` to `fd`; gives up silently on an error such as
    /// a closed pipe (the reader went away, as with `| head`).
    static func write(_ bytes: [UInt8], to fd: Int32) {
        _ = FileAccess.writeAll(bytes, to: fd)
    }
}
