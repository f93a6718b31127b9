import Foundation
import XCTest
@testable import GraphDiffCLI
import GraphDiff

/// A tester's cases: bytes nobody changed stay as they were.
final class FaithfulBytesTests: XCTestCase {
    func files(_ contents: [String: [UInt8]]) throws -> URL {
        let dir = try temporaryDirectory(self)
        for (name, bytes) in contents { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    func test_plainJSONMerge_keepsCRLF_theMissingFinalNewline_andTheBOM() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let dir = try files([
            "b.json": bom + Array("{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}".utf8),
            "m.json": bom + Array("{\r\n  \"a\": 10,\r\n  \"b\": 2\r\n}".utf8),
            "t.json": bom + Array("{\r\n  \"a\": 1,\r\n  \"b\": 20\r\n}".utf8),
        ])
        let r = graphdiff(["merge", dir.appendingPathComponent("b.json").path, dir.appendingPathComponent("m.json").path,
                           dir.appendingPathComponent("t.json").path, "-o", dir.appendingPathComponent("out.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: dir.appendingPathComponent("out.json"))), bom + Array("{\r\n  \"a\": 10,\r\n  \"b\": 20\r\n}".utf8))
    }

    func test_gitMerge_binaryFiles_takeOneSidesBytes_orConflict() throws {
        let base: [UInt8] = [0, 1, 2, 10, 3], changed: [UInt8] = [0, 1, 9, 10, 3], other: [UInt8] = [0, 7, 2, 10, 3]
        var dir = try files(["o": base, "a": base, "b": changed])
        var r = graphdiff(["git-merge", dir.appendingPathComponent("o").path, dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path, "7", "x.bin"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: dir.appendingPathComponent("a"))), changed)
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff: x.bin: merging as binary: base is not JSON:"), r.stderr)
        dir = try files(["o": base, "a": other, "b": changed])
        r = graphdiff(["git-merge", dir.appendingPathComponent("o").path, dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path, "7", "x.bin"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(Array(try Data(contentsOf: dir.appendingPathComponent("a"))), other, "ours kept, never a line merge of binary bytes")
        XCTAssertTrue(r.stderr.contains("binary files changed on both sides"), r.stderr)
    }

    func test_gitDiff_binary_andModeOnly_printWhatGitPrints() throws {
        let dir = try files(["old": [0, 1, 2], "new": [0, 1, 3], "same": Array("{}\n".utf8)])
        var r = graphdiff(["git-diff", "x.bin", dir.appendingPathComponent("old").path, "0000000", "100644", dir.appendingPathComponent("new").path, "0000000", "100644"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasSuffix("Binary files a/x.bin and b/x.bin differ\n"), r.stdout)
        r = graphdiff(["git-diff", "x.json", dir.appendingPathComponent("same").path, "0000000", "100644", dir.appendingPathComponent("same").path, "0000000", "100755"])
        XCTAssertFalse(r.stdout.contains("---"), r.stdout)
    }

    func test_gitDrivers_oneCharacterPath_doNotCrash() throws {
        let graph = Array(#"{"$schema": "s.schema.json", "objects": {}}"#.utf8)
        let dir = try files(["o": graph, "a": graph, "b": graph])
        let r = graphdiff(["git-merge", dir.appendingPathComponent("o").path, dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path, "7", "x"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let d = graphdiff(["git-diff", "x", dir.appendingPathComponent("o").path, "0000000", "100644", dir.appendingPathComponent("b").path, "0000000", "100644"])
        XCTAssertEqual(d.status, 0, d.stderr)
    }

    func test_markerSizesAbove100_areAccepted_asGitDoes() throws {
        let dir = try files(["o": Array("a\n".utf8), "a": Array("b\n".utf8), "b": Array("c\n".utf8)])
        let r = graphdiff(["git-merge", dir.appendingPathComponent("o").path, dir.appendingPathComponent("a").path, dir.appendingPathComponent("b").path, "120", "f.txt"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("a"), encoding: .utf8).hasPrefix(String(repeating: "<", count: 120) + " ours\n"))
    }
}

final class GitPathQuotingTests: XCTestCase {
    func test_quoted_asGitWritesPathsInHeaders() throws {
        XCTAssertEqual(GitDiffArguments.quoted("a/plain.graph.json"), "a/plain.graph.json")
        XCTAssertEqual(GitDiffArguments.quoted("a/caf\u{E9}.json"), #""a/caf\303\251.json""#)
        XCTAssertEqual(GitDiffArguments.quoted("a/t\tab \"q\".json"), #""a/t\tab \"q\".json""#)
    }

    /// The same as git's own header, for a path git must quote.
    func test_header_matchesGit() throws {
        let dir = try temporaryDirectory(self)
        let name = "t\u{E9}\tst.json"
        func git(_ args: [String]) -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git"] + args
            p.currentDirectoryURL = dir
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return "" }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        guard !git(["--version"]).isEmpty else { throw XCTSkip("git is not installed") }
        _ = git(["init", "-q"])
        try Data("a\n".utf8).write(to: dir.appendingPathComponent(name))
        _ = git(["add", "-A"])
        _ = git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"])
        try Data("b\n".utf8).write(to: dir.appendingPathComponent(name))
        let expected = git(["diff"]).split(separator: "\n").first.map(String.init) ?? ""
        let old = dir.appendingPathComponent("old"), new = dir.appendingPathComponent(name)
        try Data("a\n".utf8).write(to: old)
        let r = graphdiff(["git-diff", name, old.path, "0000000", "100644", new.path, "0000000", "100644"])
        XCTAssertEqual(r.stdout.split(separator: "\n").first.map(String.init), expected)
    }
}

/// A `$schema` that names a JSON Schema (a URI, or a file that is not a
/// graphdiff schema), as tsconfig.json and many editors' files have, makes
/// the file plain JSON.
final class JSONSchemaReferenceTests: XCTestCase {
    func test_jsonSchemaReferences_arePlainJSON() throws {
        let dir = try temporaryDirectory(self)
        func file(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
            return dir.appendingPathComponent(name).path
        }
        let a = try file("a.json", "{\n  \"$schema\": \"https://json.schemastore.org/tsconfig\",\n  \"strict\": true\n}\n")
        let b = try file("b.json", "{\n  \"$schema\": \"https://json.schemastore.org/tsconfig\",\n  \"strict\": false\n}\n")
        var r = graphdiff(["diff", a, b])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("/strict"), r.stdout)
        XCTAssertEqual(graphdiff(["validate", a]).status, 0)
        XCTAssertEqual(graphdiff(["merge", a, a, b]).status, 0)
        _ = try file("local.schema.json", #"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}"#)
        let c = try file("c.json", #"{"$schema": "local.schema.json", "x": 1}"#), d = try file("d.json", #"{"$schema": "local.schema.json", "x": 2}"#)
        r = graphdiff(["diff", c, d])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "")
        // A broken graphdiff schema is still an error.
        _ = try file("broken.schema.json", #"{"format": "graphdiff-schema/1", "entities": 7}"#)
        let e = try file("e.json", #"{"$schema": "broken.schema.json", "objects": {}}"#)
        XCTAssertEqual(graphdiff(["validate", e]).status, 2)
    }
}
