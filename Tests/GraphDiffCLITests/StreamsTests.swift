import Foundation
import XCTest
@testable import GraphDiffCLI

/// Standard input read once and its read errors reported; every failed
/// write to standard output or standard error is trouble (exit 2), as in
/// diff(1).
final class StreamsTests: XCTestCase {
    let full = "graphdiff: standard output: No space left on device\n"

    // MARK: - Writes that fail

    func test_fmt_toFullDevice_namesTheStream_exit2() throws {
        let r = try RedirectedRun(arguments: ["fmt", samplePath("people/v1.graph.json")], stdoutFile: deviceFull()).run()
        XCTAssertEqual(r.stderr, full)
        XCTAssertEqual(r.status, 2)
    }

    func test_patch_toFullDevice_namesTheStream_exit2() throws {
        let directory = try temporaryDirectory(self)
        let patch = directory.appendingPathComponent("change.json").path
        let made = try RedirectedRun(arguments: ["diff", "-f", "json", "-o", patch, samplePath("people/v1.graph.json"),
                                                 samplePath("people/v2.graph.json")]).run()
        XCTAssertEqual(made.status, 1, made.stderr)
        let r = try RedirectedRun(arguments: ["patch", samplePath("people/v1.graph.json"), patch], stdoutFile: deviceFull()).run()
        XCTAssertEqual(r.stderr, full)
        XCTAssertEqual(r.status, 2)
    }

    func test_diff_toFullDevice_isTroubleNotDifferences_exit2() throws {
        let r = try RedirectedRun(arguments: ["diff", samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json")],
                                  stdoutFile: deviceFull()).run()
        XCTAssertEqual(r.stderr, full)
        XCTAssertEqual(r.status, 2)
    }

    func test_help_toFullDevice_exit2() throws {
        let r = try RedirectedRun(arguments: ["--help"], stdoutFile: deviceFull()).run()
        XCTAssertEqual(r.stderr, full)
        XCTAssertEqual(r.status, 2)
    }

    func test_diffQuiet_writesNothing_soAFullDeviceIsNoTrouble() throws {
        let r = try RedirectedRun(arguments: ["diff", "-q", samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json")],
                                  stdoutFile: deviceFull()).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 1)
    }

    func test_failedStandardOutput_inProcess_reportedOnce_andNothingMoreWritten() {
        var attempts = 0
        var stderr = ""
        let io = CommandIO(
            writeOut: { _ in
                attempts += 1
                throw StreamFailure(stream: .standardOutput, reason: "Broken pipe")
            },
            writeErr: { stderr += String(decoding: $0, as: UTF8.self) },
            readStandardInput: { [] }, environment: [:])
        let status = GraphDiffTool.run(["diff", samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json")], io: io)
        XCTAssertEqual(status, .trouble)
        XCTAssertEqual(stderr, "graphdiff: standard output: Broken pipe\n")
        XCTAssertEqual(attempts, 1)
    }

    func test_failedStandardError_inProcess_exit2_evenWhenTheCommandSucceeded() {
        var stdout: [UInt8] = []
        let io = CommandIO(
            writeOut: { stdout += $0 },
            writeErr: { _ in throw StreamFailure(stream: .standardError, reason: "Bad file descriptor") },
            readStandardInput: { [] }, environment: [:])
        // A patch already applied: the result on standard output, a note on standard error.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-streams-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true))
        let patch = directory.appendingPathComponent("change.json").path
        let made = graphdiff(["diff", "-f", "json", "-o", patch, samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json")])
        XCTAssertEqual(made.status, 1, made.stderr)
        let status = GraphDiffTool.run(["patch", samplePath("people/v2.graph.json"), patch], io: io)
        XCTAssertEqual(status, .trouble)
        XCTAssertEqual(String(decoding: stdout, as: UTF8.self), graphdiff(["fmt", samplePath("people/v2.graph.json")]).stdout)
    }

    // MARK: - Standard input

    func test_graphWithoutSchema_onStandardInput_besideAGraph_diffs() throws {
        let r = try RedirectedRun(arguments: ["diff", "--stat", "-", samplePath("people/v2.graph.json")],
                                  stdinFile: try withoutSchema(samplePath("people/v1.graph.json"))).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
            Address: 1 inserted, 1 deleted, 1 updated
            Dog: 1 inserted
            Person: 2 updated
            metadata: 1 changed

            """)
        XCTAssertEqual(r.status, 1)
    }

    func test_graphWithoutSchema_onStandardInput_asMine_merges() throws {
        let r = try RedirectedRun(arguments: ["merge", samplePath("tasks/base.graph.json"), "-", samplePath("tasks/theirs.graph.json")],
                                  stdinFile: try withoutSchema(samplePath("tasks/mine.graph.json"))).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, graphdiff(["merge", samplePath("tasks/base.graph.json"), samplePath("tasks/mine.graph.json"),
                                            samplePath("tasks/theirs.graph.json")]).stdout)
        XCTAssertEqual(r.status, 0)
    }

    func test_standardInput_isReadOnce_whenReloadedWithTheOtherSidesSchema() throws {
        var reads = 0
        let text = try String(contentsOfFile: try withoutSchema(samplePath("people/v1.graph.json")), encoding: .utf8)
        let capture = CommandIO.Capture()
        let io = CommandIO(
            writeOut: { capture.stdout += $0 }, writeErr: { capture.stderr += $0 },
            readStandardInput: {
                reads += 1
                return reads == 1 ? Array(text.utf8) : []
            }, environment: [:])
        let status = GraphDiffTool.run(["diff", "--stat", "-", samplePath("people/v2.graph.json")], io: io)
        XCTAssertEqual(capture.stderrText, "")
        XCTAssertEqual(capture.stdoutText, """
            Address: 1 inserted, 1 deleted, 1 updated
            Dog: 1 inserted
            Person: 2 updated
            metadata: 1 changed

            """)
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(reads, 1)
    }

    func test_validate_directoryOnStandardInput_isAReadError_exit2() throws {
        let directory = try temporaryDirectory(self)
        let r = try RedirectedRun(arguments: ["validate", "-"], stdinFile: directory.path).run()
        XCTAssertEqual(r.stderr, "graphdiff validate: standard input: is a directory\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
    }

    func test_diff_directoryOnStandardInput_isAReadError_exit2() throws {
        let directory = try temporaryDirectory(self)
        let r = try RedirectedRun(arguments: ["diff", "-", samplePath("people/v2.graph.json")], stdinFile: directory.path).run()
        XCTAssertEqual(r.stderr, "graphdiff diff: standard input: is a directory\n")
        XCTAssertEqual(r.status, 2)
    }

    /// A directory on standard input is reported as a directory named as
    /// a file is, in the form of the command's other read errors.
    func test_directoryOnStandardInput_readErrorLikeANamedDirectory() throws {
        let directory = try temporaryDirectory(self)
        for command in [["validate"], ["fmt"], ["diff"]] {
            let other = command == ["diff"] ? [samplePath("people/v2.graph.json")] : []
            let named = try RedirectedRun(arguments: command + [directory.path] + other).run()
            XCTAssertEqual(named.stderr, "graphdiff \(command[0]): \(directory.path): is a directory\n", "\(command)")
            let stdin = try RedirectedRun(arguments: command + ["-"] + other, stdinFile: directory.path).run()
            XCTAssertEqual(stdin.stderr, "graphdiff \(command[0]): standard input: is a directory\n", "\(command)")
            XCTAssertEqual(stdin.stdout, "", "\(command)")
            XCTAssertEqual(stdin.status, named.status, "\(command)")
            XCTAssertEqual(stdin.status, 2, "\(command)")
        }
    }

    func test_standardInputReadError_inProcess_namesTheStream_exit2() {
        let capture = CommandIO.Capture()
        let io = CommandIO(
            writeOut: { capture.stdout += $0 }, writeErr: { capture.stderr += $0 },
            readStandardInput: { throw StreamFailure(stream: .standardInput, reason: "Input/output error") }, environment: [:])
        let status = GraphDiffTool.run(["fmt", "-"], io: io)
        XCTAssertEqual(capture.stderrText, "graphdiff fmt: standard input: Input/output error\n")
        XCTAssertEqual(capture.stdoutText, "")
        XCTAssertEqual(status, .trouble)
    }

    /// A copy of the graph file at `path` without its `$schema` line.
    func withoutSchema(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"$schema\"") }
        XCTAssertEqual(lines.count, text.split(separator: "\n", omittingEmptySubsequences: false).count - 1, "one $schema line")
        let copy = try temporaryDirectory(self).appendingPathComponent("noschema.json")
        try Data(lines.joined(separator: "\n").utf8).write(to: copy)
        return copy.path
    }
}
