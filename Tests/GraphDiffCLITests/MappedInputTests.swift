import Foundation
import XCTest
@testable import GraphDiff
@testable import GraphDiffCLI

/// Regular files are mapped, not copied (``FileAccess/readInput(_:io:)``),
/// and their pages released behind the readers: positions in messages stay
/// exact past the release steps, standard input is still read, released
/// pages read back the same bytes, and a file that shrinks while mapped is
/// a message and status 2, not a crash.
final class MappedInputTests: XCTestCase {
    /// A canonical people graph of `count` persons, ordered by identity;
    /// the last one with `lastAge` and `lastFirstName`.
    func people(_ count: Int, lastAge: String = "7", lastFirstName: String = "Joe") -> String {
        var parts = ["{\n  \"$schema\": \"people.schema.json\",\n  \"objects\": {\n    \"Person\": {\n"]
        parts.reserveCapacity(count + 2)
        for i in 0..<count {
            let last = i == count - 1
            parts.append("      \"q\(1_000_000 + i)\": {\n        \"age\": \(last ? lastAge : String(i % 90)),\n"
                + "        \"birthday\": null,\n        \"dog\": null,\n        \"firstName\": \"\(last ? lastFirstName : "Joe")\",\n"
                + "        \"lastName\": \"Martin\"\n      }\(last ? "" : ",")\n")
        }
        parts.append("    }\n  }\n}\n")
        return parts.joined()
    }

    /// The 1-based line of the first line of `text` containing `needle`.
    func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Files larger than a release step (``SourceBytes/releaseStep``) and
    /// than the size read on two cores: the line and column of a problem
    /// near the end, and of a change near the end, are those of the text.
    func test_largeInputs_positionsInMessagesAreExact() throws {
        let directory = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("people/people.schema.json"),
                                         toPath: directory.appendingPathComponent("people.schema.json").path)
        let count = 130_000
        let old = people(count), new = people(count, lastFirstName: "Zoé"), bad = people(count, lastAge: "\"old\"")
        XCTAssertGreaterThan(old.utf8.count, SourceBytes.releaseStep + (1 << 20))
        let oldPath = try write(old, "a.graph.json", in: directory)
        let newPath = try write(new, "b.graph.json", in: directory)
        let badPath = try write(bad, "bad.graph.json", in: directory)

        let invalid = graphdiff(["validate", badPath])
        XCTAssertEqual(invalid.status, 1)
        let badLine = try XCTUnwrap(line(of: "\"old\"", in: bad))
        XCTAssertEqual(invalid.stderr, "\(badPath):\(badLine):9: Person \"q1129999\".age: value \"old\" has the wrong type: "
                       + "expected an integer (int64), found string\n")

        let diff = try runBinary(["diff", "--format", "json", oldPath, newPath])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        let changes = try XCTUnwrap(JSONReader.parse(diff.stdout)["changes"]?.arrayValue)
        XCTAssertEqual(changes.count, 1)
        let objectLine = try XCTUnwrap(line(of: "\"q1129999\"", in: old))
        XCTAssertEqual(changes.first?["location"]?["line"], .number(JSONNumber(objectLine)))
        XCTAssertEqual(changes.first?["location"]?["column"], .number(JSONNumber(7)))
        let nameLine = try XCTUnwrap(line(of: "Zoé", in: new))
        XCTAssertEqual(changes.first?["properties"]?["firstName"]?["location"]?["line"], .number(JSONNumber(nameLine)))
    }

    /// Standard input is read, not mapped, and gives what the file gives.
    func test_standardInput_givesTheSameOutputsAsTheFile() throws {
        let schema = samplePath("people/people.schema.json")
        let v1 = samplePath("people/v1.graph.json"), v2 = samplePath("people/v2.graph.json")
        let v2Bytes = try Data(contentsOf: URL(fileURLWithPath: v2))
        let fromFile = try runBinary(["diff", "--format", "json", "--schema", schema, v1, v2])
        let fromInput = try runBinary(["diff", "--format", "json", "--schema", schema, v1, "-"], stdin: v2Bytes)
        XCTAssertEqual(fromFile.status, 1)
        XCTAssertEqual(fromInput.status, fromFile.status)
        XCTAssertEqual(fromInput.stdout, fromFile.stdout)
        XCTAssertTrue(fromFile.stdout.contains("\"line\""))
        XCTAssertEqual(fromInput.stderr, "")
        let valid = try runBinary(["validate", "--schema", schema, "-"], stdin: v2Bytes)
        XCTAssertEqual(valid.status, 0)
        XCTAssertEqual(valid.stdout, "-: valid graph of schema \"People\" (7 objects)\n")
    }

    /// Pages given back are read again from the file: the bytes after a
    /// release are the file's.
    func test_mappedFile_releasedPagesReadBackTheFile() throws {
        let directory = try temporaryDirectory(self)
        var bytes = [UInt8](repeating: 0, count: 3 << 20 | 123)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        let path = directory.appendingPathComponent("bytes").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let source = try FileAccess.readInput(path, io: .capturing(CommandIO.Capture()))
        XCTAssertEqual(source.count, bytes.count)
        source.release(0..<source.count)
        source.release(4097..<(2 << 20) + 5)
        XCTAssertEqual(source.bytes, bytes)
        XCTAssertTrue(source.elementsEqual(bytes))
        XCTAssertTrue(source.elementsEqual(bytes))
        // An empty file is read, not mapped.
        let empty = directory.appendingPathComponent("empty").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        XCTAssertEqual(try FileAccess.readInput(empty, io: .capturing(CommandIO.Capture())).count, 0)
    }

    /// A file cut short while the command has it mapped: the command
    /// names it on standard error and ends with status 2. (The command
    /// waits for standard input, the second input, while the test cuts
    /// the first, which it has mapped; rendering the change then reads it.)
    func test_fileShrunkWhileMapped_isAMessageAndStatus2() throws {
        #if os(Linux)
        let directory = try temporaryDirectory(self)
        let old = directory.appendingPathComponent("v1.graph.json").path
        try FileManager.default.copyItem(atPath: samplePath("people/v1.graph.json"), toPath: old)
        let process = Process()
        process.executableURL = try builtExecutable()
        process.arguments = ["diff", "--format", "json", "--schema", samplePath("people/people.schema.json"), old, "-"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Wait until the file is mapped.
        let maps = "/proc/\(process.processIdentifier)/maps"
        var mapped = false
        for _ in 0..<2000 where !mapped {
            // /proc files report no size: read to the end, not by size.
            let lines = FileHandle(forReadingAtPath: maps).map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }
            mapped = lines?.contains(old) ?? false
            if !mapped { usleep(5000) }
        }
        XCTAssertTrue(mapped, "\(old) never mapped")
        XCTAssertEqual(truncate(old, 0), 0)
        // The command may meet the cut while it still reads the first
        // file and end before it reads standard input: the write then
        // fails with EPIPE, which must not end the test with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let second = try Data(contentsOf: URL(fileURLWithPath: samplePath("people/v2.graph.json")))
        try? input.fileHandleForWriting.write(contentsOf: second)
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(String(decoding: err, as: UTF8.self), "\(old): changed while being read\n")
        XCTAssertEqual(out.count, 0)
        #else
        throw XCTSkip("the test watches /proc for the mapping")
        #endif
    }
}
