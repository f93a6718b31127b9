import Foundation
import XCTest

/// How to run the built executable when a pipe will not do: standard
/// streams taken from files (`/dev/full`, a directory), another
/// environment, another working directory.
struct RedirectedRun {
    var arguments: [String]
    /// A file to read standard input from; `nil`: an empty pipe.
    var stdinFile: String?
    /// A file to write standard output to; `nil`: captured.
    var stdoutFile: String?
    /// Variables to set (a `nil` value removes the variable).
    var environment: [String: String?] = [:]
    var directory: URL?

    /// Runs `executable` (default: the built `graphdiff`).
    func run(_ executable: URL? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = try executable ?? builtExecutable()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        if let stdinFile {
            guard let handle = FileHandle(forReadingAtPath: stdinFile) else { throw XCTSkip("cannot open \(stdinFile)") }
            process.standardInput = handle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        if let stdoutFile {
            guard let handle = FileHandle(forWritingAtPath: stdoutFile) else { throw XCTSkip("cannot open \(stdoutFile)") }
            process.standardOutput = handle
        } else {
            process.standardOutput = output
        }
        process.standardError = error
        try process.run()
        let out = stdoutFile == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err, as: UTF8.self))
    }
}

/// `/dev/full`, where every write fails with ENOSPC; skips the test where
/// there is none (it is a Linux device).
func deviceFull() throws -> String {
    let path = "/dev/full"
    guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no /dev/full on this system") }
    return path
}
