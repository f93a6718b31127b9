import Foundation
import GraphDiff
import GraphJSON

/// Runs another program (git) and collects its output; for the git commands only.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
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
        do { try process.run() } catch { return Outcome(status: 127, stdout: "", stderr: "\(error)") }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}
