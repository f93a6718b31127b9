import Foundation
import XCTest
import GraphDiff
import GraphDiffGenerator

/// Hostile and corrupted input never crashes: every run ends with exit
/// status 0, 1 or 2 and a message, never a signal.
final class RobustnessTests: XCTestCase {
    /// `bytes` damaged one way or another: a byte flipped, deleted or
    /// duplicated, a range duplicated, or the file cut short.
    func corrupt(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var b = bytes
        guard !b.isEmpty else { return b }
        switch random.below(5) {
        case 0: b[random.below(b.count)] ^= UInt8(1 << random.below(8))
        case 1: b.remove(at: random.below(b.count))
        case 2: let i = random.below(b.count); b.insert(b[i], at: i)
        case 3:
            let i = random.below(b.count), n = min(b.count - i, random.below(40) + 1)
            b.insert(contentsOf: b[i..<(i + n)], at: i)
        default: b.removeSubrange(random.below(b.count)...)
        }
        return b
    }

    func test_corruptedSamples_neverCrashTheBinary() throws {
        let binary = try builtExecutable()
        let dir = try temporaryDirectory(self)
        let samples = ["people/v1.graph.json", "tasks/base.graph.json", "jobs/v1.graph.json", "tasks/tasks.schema.json"]
        for name in ["people/people.schema.json", "tasks/tasks.schema.json", "jobs/jobs.schema.json"] {
            try FileManager.default.copyItem(atPath: samplePath(name), toPath: dir.appendingPathComponent((name as NSString).lastPathComponent).path)
        }
        var random = SplitMix64(seed: 2026)
        var runs = 0
        for round in 0..<40 {
            for sample in samples {
                let original = Array(try Data(contentsOf: URL(fileURLWithPath: samplePath(sample))))
                let damaged = corrupt(original, &random)
                let file = dir.appendingPathComponent("c\(round)-" + (sample as NSString).lastPathComponent)
                try Data(damaged).write(to: file)
                var commands = [["validate", file.path], ["fmt", file.path]]
                if round % 4 == 0, sample.hasSuffix(".graph.json") {
                    commands.append(["diff", samplePath(sample), file.path])
                    commands.append(["merge", samplePath(sample), file.path, samplePath(sample)])
                    commands.append(["git-merge", samplePath(sample), file.path, samplePath(sample), "7", sample])
                }
                for arguments in commands {
                    let process = Process()
                    process.executableURL = binary
                    process.arguments = arguments
                    process.currentDirectoryURL = dir
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    process.waitUntilExit()
                    runs += 1
                    XCTAssertEqual(process.terminationReason, .exit, "signal on \(arguments) (round \(round))")
                    XCTAssertTrue([0, 1, 2].contains(process.terminationStatus), "status \(process.terminationStatus) on \(arguments)")
                }
            }
        }
        XCTAssertGreaterThan(runs, 300)
    }

    func test_truncatedAtEveryByte_isAnErrorOrAGraph_neverACrash() throws {
        let schema = try Schema.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json"))))
        // Only the trailing newline may go; any shorter prefix is an error.
        let end = (bytes.lastIndex { $0 != UInt8(ascii: "\n") } ?? 0) + 1
        for n in 0..<end {
            let prefix = Array(bytes[..<n])
            XCTAssertThrowsError(try Graph.load(prefix, schema: schema), "prefix of \(n) bytes")
        }
        XCTAssertNoThrow(try Graph.load(bytes, schema: schema))
    }

    func test_hostileJSON() throws {
        // A 100 MB string.
        var big = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000_000)
        big.insert(UInt8(ascii: "\""), at: 0)
        big.append(UInt8(ascii: "\""))
        XCTAssertEqual(try JSONReader.parse(big).stringValue?.utf8.count, 100_000_000)
        big = []
        // 1,000,000 members in one object; and one repeated at the end.
        var text = "{" + (0..<1_000_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        XCTAssertEqual(try JSONReader.parse(text + "}").objectValue?.count, 1_000_000)
        XCTAssertThrowsError(try JSONReader.parse(text + ",\"k7\":0}"))
        text = ""
        // Numbers with 10,000 digits keep their text and compare exactly.
        let digits = String(repeating: "7", count: 10_000)
        let n = try JSONReader.parse("[\(digits), \(digits).0, \(digits)8]")
        XCTAssertEqual(n.arrayValue?[0], n.arrayValue?[1])
        XCTAssertNotEqual(n.arrayValue?[0], n.arrayValue?[2])
        XCTAssertEqual(JSONWriter.string(n), "[\(digits),\(digits).0,\(digits)8]")
        // Every escape form, NUL bytes, a BOM, invalid UTF-8 in a key.
        XCTAssertEqual(try JSONReader.parse(#""\"\\\/\b\f\n\r\t\u0000\u00e9\ud83d\ude00""#).stringValue, "\"\\/\u{8}\u{C}\n\r\t\u{0}é😀")
        XCTAssertThrowsError(try JSONReader.parse([0x22, 0x00, 0x22]))
        XCTAssertEqual(try JSONReader.parse([0xEF, 0xBB, 0xBF, 0x5B, 0x5D]), .array([]))
        XCTAssertThrowsError(try JSONReader.parse([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]))
    }

    func test_hostileGraphs_hugeCycleAndEmptyIdentity() throws {
        let schema = try Schema.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        // One chain of 100,000 members that is one big cycle.
        let count = 100_000
        var members: [String] = []
        for i in 0..<count {
            members.append("\"t\(i)\": {\"title\": \"x\", \"list\": \"l\", \"prev\": \"t\((i + count - 1) % count)\", \"next\": \"t\((i + 1) % count)\"}")
        }
        let text = "{\"objects\": {\"TaskList\": {\"l\": {\"title\": \"L\"}}, \"Task\": {\(members.joined(separator: ","))}}}"
        XCTAssertThrowsError(try Graph.load(Array(text.utf8), schema: schema)) { error in
            XCTAssertEqual((error as? GraphError)?.problems.map(\.kind), [.brokenChain])
        }
        // The empty string is an identity like any other.
        let empty = #"{"objects": {"TaskList": {"": {"title": "nameless"}}, "Task": {"t": {"title": "x", "list": "", "prev": null, "next": null}}}}"#
        let graph = try Graph.load(Array(empty.utf8), schema: schema)
        XCTAssertNotNil(graph.objects[ObjectID(entity: "TaskList", identity: "")])
    }

    func test_killedWhileWriting_leavesThePreviousFileWhole() throws {
        let binary = try builtExecutable()
        let dir = try temporaryDirectory(self)
        // A large document, so that the write takes a while.
        let source = dir.appendingPathComponent("big.json")
        let text = "[" + (0..<2_000_000).map { "{\"n\": \($0), \"s\": \"value \($0)\"}" }.joined(separator: ",") + "]"
        try text.write(to: source, atomically: true, encoding: .utf8)
        let target = dir.appendingPathComponent("out.json")
        let previous = "{\"previous\": true}\n"
        for delay in [0.05, 0.3, 0.8] {
            try previous.write(to: target, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = binary
            process.arguments = ["fmt", source.path, "-o", target.path]
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try String(contentsOf: target, encoding: .utf8)
            // Either untouched, or the complete new file: never a partial one.
            XCTAssertTrue(now == previous || (now.hasPrefix("[\n") && now.hasSuffix("]\n")), "delay \(delay): \(now.prefix(40))…\(now.suffix(20))")
        }
    }
}
