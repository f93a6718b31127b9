import Foundation
import GraphDiff

/// Runs another program (git) and collects its output; for the git commands only.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        /// Standard output, as bytes: paths and configured values come back
        /// through here, and are compared or used as they are.
        var stdout: [UInt8]
        /// Standard error, decoded: it is only ever shown in a message.
        var stderr: String

        /// The value git printed on one line (its final newline dropped), as
        /// bytes.
        var line: ArraySlice<UInt8> {
            stdout.last == UInt8(ascii: "\n") ? stdout.dropLast() : stdout[...]
        }

        /// ``line`` as text, or `nil` when it is not valid UTF-8 (a path that
        /// a `String` cannot hold without changing it).
        var lineText: String? { String(validating: line, as: UTF8.self) }
    }

    /// Runs `arguments` (the program name first, found on PATH) in `directory`.
    static func run(_ arguments: [String], in directory: String? = nil) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return Outcome(status: 127, stdout: [], stderr: "\(error)") }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: Array(o), stderr: String(decoding: e, as: UTF8.self))
    }
}
