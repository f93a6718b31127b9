import Foundation
import XCTest
@testable import GraphDiffCLI

let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func samplePath(_ path: String) -> String {
    packageRoot.appendingPathComponent("Samples").appendingPathComponent(path).path
}

/// The result of running graphdiff.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the tool in-process, as the executable would.
func graphdiff(_ arguments: [String], stdin: String = "") -> RunResult {
    let capture = CommandIO.Capture()
    let status = GraphDiffTool.run(arguments, io: .capturing(capture, stdin: Array(stdin.utf8)))
    return RunResult(status: status.code, stdout: capture.stdoutText, stderr: capture.stderrText)
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// A new folder holding `schema` (under the name `schemaName`) and each of
/// `graphs` as `NAME.json`: its path as `"dir"` and each graph's path by name.
func writeGraphFiles(_ test: XCTestCase, schemaName: String, schema: String, graphs: [String: String]) throws -> [String: String] {
    let dir = try temporaryDirectory(test)
    try schema.write(to: dir.appendingPathComponent(schemaName), atomically: true, encoding: .utf8)
    var paths: [String: String] = ["dir": dir.path]
    for (name, text) in graphs {
        let url = dir.appendingPathComponent(name + ".json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        paths[name] = url.path
    }
    return paths
}

/// The built `graphdiff` executable, beside the test bundle.
func builtExecutable() throws -> URL {
    var dir = Bundle(for: RunResultAnchor.self).bundleURL
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("graphdiff")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    throw XCTSkip("the graphdiff executable was not found beside the tests; build it with swift build")
}

final class RunResultAnchor {}

/// Runs the built executable as a separate process.
func runBinary(_ arguments: [String], stdin: Data = Data(), in directory: URL? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = try builtExecutable()
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // A command that ends before it reads all its input (a usage error)
    // makes the write fail with EPIPE, never end the tests with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: stdin)
    try? input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                     stderr: String(decoding: err, as: UTF8.self))
}

/// The README's `console` example whose command starts with `prefix`: the
/// command's arguments (after `graphdiff`) and the output the README shows.
func readmeExample(_ prefix: String) throws -> (arguments: [String], output: String) {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```console\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    let example = try XCTUnwrap(blocks.first { $0.hasPrefix(prefix) }, prefix)
    var lines = example.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let command = lines.removeFirst().dropFirst("$ graphdiff ".count).split(separator: " ").map(String.init)
    return (command, lines.joined(separator: "\n"))
}
