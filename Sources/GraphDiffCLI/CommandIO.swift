import Foundation

/// Where a command reads standard input from and writes its two streams to,
/// and the environment it sees. Tests pass buffers; the executable passes the
/// process's own streams.
///
/// A write that fails (a full disk, a closed descriptor) is remembered, and
/// nothing more is written to that stream: ``GraphDiffTool/run(_:io:)``
/// reports the first failure and ends with status 2, as diff(1) does.
final class CommandIO {
    private let writeOut: ([UInt8]) throws -> Void
    private let writeErr: ([UInt8]) throws -> Void
    /// Reads all of standard input; throws ``StreamFailure`` when it cannot.
    let readStandardInput: () throws -> [UInt8]
    let environment: [String: String]
    /// Whether standard output is a terminal (for colour and progress).
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool
    /// The regular file standard output is redirected to (`> out.json`),
    /// when there is one: a result written there gets its `$schema`
    /// rewritten as with `-o`. A pipe or terminal has none.
    let stdoutFile: String?

    /// Whether the process ends when the command does (see ``keepUntilExit(_:)``).
    let exitsAfterCommand: Bool
    private var kept: [Any] = []
    private let keptLock = NSLock()
    /// The first write that failed, on either stream.
    private(set) var writeFailure: StreamFailure?
    private var outFailed = false, errFailed = false
    private let writeLock = NSLock()

    init(
        writeOut: @escaping ([UInt8]) throws -> Void, writeErr: @escaping ([UInt8]) throws -> Void,
        readStandardInput: @escaping () throws -> [UInt8], environment: [String: String],
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, exitsAfterCommand: Bool = false, stdoutFile: String? = nil
    ) {
        self.stdoutFile = stdoutFile
        self.exitsAfterCommand = exitsAfterCommand
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    func out(_ bytes: [UInt8]) { write(bytes, toStandardError: false) }
    /// Writes text made in pieces (``Graph/canonicalTextPieces()``), one after another.
    func out(pieces: [[UInt8]]) { for piece in pieces { write(piece, toStandardError: false) } }
    func out(_ text: String) { write(Array(text.utf8), toStandardError: false) }
    func err(_ text: String) { write(Array(text.utf8), toStandardError: true) }

    /// Writes to one stream unless an earlier write to it failed; remembers
    /// the first failure.
    private func write(_ bytes: [UInt8], toStandardError: Bool) {
        writeLock.lock()
        defer { writeLock.unlock() }
        guard !(toStandardError ? errFailed : outFailed) else { return }
        do {
            try (toStandardError ? writeErr : writeOut)(bytes)
        } catch {
            if toStandardError { errFailed = true } else { outFailed = true }
            if writeFailure == nil {
                writeFailure = (error as? StreamFailure)
                    ?? StreamFailure(stream: toStandardError ? .standardError : .standardOutput, reason: "\(error)")
            }
        }
    }

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
            writeOut: { try FileDescriptorWriter.write($0, to: .standardOutput) },
            writeErr: { try FileDescriptorWriter.write($0, to: .standardError) },
            readStandardInput: { try FileAccess.readStandardInput() },
            environment: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1, exitsAfterCommand: true,
            stdoutFile: FileAccess.regularFilePath(ofDescriptor: 1))
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
    /// Writes all of `bytes` to `stream`.
    ///
    /// - Throws: ``StreamFailure`` naming the stream and the system's reason
    ///   (`standard output: No space left on device`).
    static func write(_ bytes: [UInt8], to stream: StreamFailure.Stream) throws {
        guard FileAccess.writeAll([bytes], to: stream.descriptor) else {
            throw StreamFailure(stream: stream, reason: FileAccess.errnoText())
        }
    }
}
