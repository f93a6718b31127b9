import Foundation
import XCTest
import GraphDiffGenerator
@testable import GraphDiffCLI
@testable import GraphDiff

/// `-o` into another directory rewrites `$schema` so that the result still
/// finds its schema (patch, merge and fmt).
final class SchemaRelocationTests: XCTestCase {
    // MARK: - The rule

    func test_relocated_table() {
        let cases: [(reference: String, input: String, output: String, expected: String?, line: UInt)] = [
            ("people.schema.json", "Samples/people/v1.graph.json", "patched.graph.json", "Samples/people/people.schema.json", #line),
            ("people.schema.json", "v1.graph.json", "out/m.json", "../people.schema.json", #line),
            ("people.schema.json", "-", "out/m.json", "../people.schema.json", #line),
            ("people.schema.json", "a/x.json", "a/y.json", nil, #line),
            ("people.schema.json", "./a/x.json", "a/b/../y.json", nil, #line),
            ("../schemas/p.json", "data/x.json", "out/deep/y.json", "../../schemas/p.json", #line),
            ("p.json", "a/x.json", "/tmp/o/y.json", "../../repo/a/p.json", #line),
            ("p.json", "/data/x.json", "/data/sub/y.json", "../p.json", #line),
            ("sub/p.json", "x.json", "sub/y.json", "p.json", #line),
            ("/schemas/p.json", "a/x.json", "out/y.json", nil, #line),
            ("https://example.com/p.json", "a/x.json", "out/y.json", nil, #line),
        ]
        for c in cases {
            XCTAssertEqual(SchemaReference.relocated(c.reference, from: c.input, to: c.output, currentDirectory: "/repo"), c.expected,
                           "\(c.reference) from \(c.input) to \(c.output)", line: c.line)
        }
    }

    func test_resolve_againstTheDirectoryOfTheFile() {
        XCTAssertEqual(SchemaReference.resolve("p.json", inDirectoryOf: "Samples/people/v1.graph.json"), "Samples/people/p.json")
        XCTAssertEqual(SchemaReference.resolve("p.json", inDirectoryOf: "v1.graph.json"), "p.json")
        XCTAssertEqual(SchemaReference.resolve("p.json", inDirectoryOf: "-"), "p.json")
        XCTAssertEqual(SchemaReference.resolve("p.json", inDirectoryOf: "/data/v1.graph.json"), "/data/p.json")
        XCTAssertEqual(SchemaReference.resolve("/s/p.json", inDirectoryOf: "data/v1.graph.json"), "/s/p.json")
    }

    func test_rewritingTopLevel_onlyTheTopLevelMember_everyOtherByteKept() {
        let text = """
            {"$schema" : "a.json", "x": {"$schema": "a.json"}, "list": ["$schema", "a.json"], "s": "\\"$schema\\": \\"a.json\\""}
            """
        let rewritten = SchemaReference.rewritingTopLevel(in: Array(text.utf8)) { $0 == "a.json" ? "../a \"b\".json" : nil }
        XCTAssertEqual(String(decoding: rewritten, as: UTF8.self), """
            {"$schema" : "../a \\"b\\".json", "x": {"$schema": "a.json"}, "list": ["$schema", "a.json"], "s": "\\"$schema\\": \\"a.json\\""}
            """)
    }

    func test_rewritingTopLevel_betweenConflictMarkers() {
        let text = """
            {
            <<<<<<< mine
              "$schema": "m.json",
            ||||||| base
              "$schema": "b.json",
            =======
              "$schema": "t.json",
            >>>>>>> theirs {
              "objects": {}
            }

            """
        let rewritten = SchemaReference.rewritingTopLevel(in: Array(text.utf8)) { "../" + $0 }
        XCTAssertEqual(String(decoding: rewritten, as: UTF8.self), """
            {
            <<<<<<< mine
              "$schema": "../m.json",
            ||||||| base
              "$schema": "../b.json",
            =======
              "$schema": "../t.json",
            >>>>>>> theirs {
              "objects": {}
            }

            """)
    }

    /// On a graph's canonical text, reading the first member only gives the
    /// bytes of the full scan: samples, generated graphs with and without
    /// `$schema`, references that need escapes.
    func test_rewritingFirstMember_onCanonicalGraphs_agreesWithTheScan() throws {
        var texts: [[UInt8]] = []
        for (graph, schema) in [("people/v1.graph.json", "people/people.schema.json"), ("tasks/base.graph.json", "tasks/tasks.schema.json")] {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let samples = root.appendingPathComponent("Samples")
            let loaded = try Graph.load(Array(try Data(contentsOf: samples.appendingPathComponent(graph))),
                                        schema: try Schema.load(Array(try Data(contentsOf: samples.appendingPathComponent(schema)))))
            for reference in [nil, "s.json", "a \"quoted\" \\ name.json", "dir/ü.json"] as [String?] {
                var g = loaded
                g.schemaReference = reference
                texts.append(g.canonicalText())
                g.metadata = JSONObject()
                texts.append(g.canonicalText())
            }
        }
        for text in texts {
            for relocate in [{ (v: String) -> String? in "../" + v }, { _ in nil }, { v in v + "\"x" }] {
                XCTAssertEqual(SchemaReference.rewritingFirstMember(in: text, relocate) ?? text, SchemaReference.rewritingTopLevel(in: text, relocate),
                               String(decoding: text.prefix(80), as: UTF8.self))
            }
        }
    }

    /// Markers from a graph merge whose sides name the same, different or
    /// no schema: the first member when it is `$schema`, else the scan,
    /// give the bytes of the scan.
    func test_graphMarkers_firstMemberOrScan_agreesWithTheScan() throws {
        var cases = 0, firstMember = 0
        for seed in UInt64(1)...400 where cases < 40 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: 12)
            var e1 = GraphEditor(seed: seed &+ 1000), e2 = GraphEditor(seed: seed &+ 2000)
            let (mine, _) = e1.edit(base, count: 5), (theirs, _) = e2.edit(base, count: 5)
            guard !(try Graph.merge(base: base, mine: mine, theirs: theirs).conflicts.isEmpty) else { continue }
            let references: [(String?, String?)] = [("s.json", "s.json"), ("s.json", "other.json"), ("s.json", nil), (nil, "s.json"), (nil, nil)]
            let (m, t) = references[cases % references.count]
            cases += 1
            var (b2, m2, t2) = (base, mine, theirs)
            (b2.schemaReference, m2.schemaReference, t2.schemaReference) = (m, m, t)
            let marked = try MergeText.graphs(base: b2, mine: m2, theirs: t2, prefer: nil, markers: .init())
            // Both resolutions keep mine's (or the base's) schema: common, first.
            if SchemaReference.rewritingFirstMember(in: marked.text, { $0 }) != nil { firstMember += 1 }
            let inputs: [(path: String, reference: String?)] = [("in/mine.json", m), ("in/base.json", m), ("in/theirs.json", t)]
            XCTAssertEqual(SchemaReference.relocating(marked.text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: .graphMarkers),
                           SchemaReference.relocating(marked.text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: .json),
                           "seed \(seed): \(m ?? "-") \(t ?? "-")")
        }
        XCTAssertEqual(cases, 40)
        XCTAssertGreaterThan(firstMember, 0)
    }

    /// A result written with its `$schema` spliced in as it is written
    /// (no copy of the text) is, byte for byte, the relocated text: one
    /// `$schema` first, two between markers, none, or one kept as it is.
    func test_writeAtomically_withSplices_writesTheRelocatedText() throws {
        let directory = try temporaryDirectory(self)
        let texts = [
            "{\n  \"$schema\": \"s.json\",\n  \"objects\": {}\n}\n",
            "<<<<<<< mine\n{\"$schema\": \"a.json\", \"x\": 1}\n=======\n{\"$schema\": \"b.json\", \"x\": 2}\n>>>>>>> theirs\n",
            "{\"objects\": {}}",
            "{\n  \"$schema\": \"/abs/s.json\",\n  \"objects\": {}\n}\n",
        ].map { Array($0.utf8) }
        let inputs: [(path: String, reference: String?)] = [("in/a.json", "s.json")]
        var spliceCounts: Set<Int> = []
        for text in texts {
            for shape in [SchemaReference.TextShape.json, .canonicalGraph, .graphMarkers] {
                let splices = SchemaReference.relocationSplices(text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: shape)
                spliceCounts.insert(splices.count)
                let path = directory.appendingPathComponent("result.json").path
                try FileAccess.writeAtomically(text, splicing: splices, to: path)
                let expected = SchemaReference.relocating(text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: shape)
                XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), expected, String(decoding: text, as: UTF8.self))
            }
        }
        XCTAssertEqual(spliceCounts, [0, 1, 2])
    }

    /// The same, with the text in two pieces (as a large graph's canonical
    /// text is written) cut at every place outside a splice, and in three
    /// with an empty one: the file is the relocated text, byte for byte. A
    /// splice across two pieces is refused, never written wrong.
    func test_writeAtomically_inPieces_writesTheRelocatedText() throws {
        let directory = try temporaryDirectory(self)
        let path = directory.appendingPathComponent("result.json").path
        let text = Array("{\n  \"$schema\": \"s.json\",\n  \"objects\": {}\n}\n".utf8)
        let inputs: [(path: String, reference: String?)] = [("in/a.json", "s.json")]
        let splices = SchemaReference.relocationSplices(text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: .canonicalGraph)
        XCTAssertEqual(splices.count, 1)
        let expected = SchemaReference.relocating(text, to: "out/x.json", from: inputs, currentDirectory: "/r", shape: .canonicalGraph)
        var refused = 0
        for cut in 0...text.count {
            let pieces = [Array(text[..<cut]), [], Array(text[cut...])]
            if let spliced = splices.first?.0, spliced.lowerBound < cut && cut < spliced.upperBound {
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                XCTAssertFalse(FileAccess.writeAll(pieces, splicing: splices, to: fd), "cut \(cut) inside the splice")
                close(fd)
                refused += 1
                continue
            }
            try FileAccess.writeAtomically(pieces, splicing: splices, to: path)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), expected, "cut \(cut)")
        }
        XCTAssertGreaterThan(refused, 0)
    }

    func test_rewritingTopLevel_nothingToChange_returnsTheText() {
        let text = Array("{\n  \"objects\": {}\n}\n".utf8)
        XCTAssertEqual(SchemaReference.rewritingTopLevel(in: text) { _ in "x" }, text)
    }

    // MARK: - Through the commands

    /// A copy of Samples/people and Samples/tasks in a temporary directory,
    /// with an empty `out` directory beside them.
    func workTree() throws -> URL {
        let root = try temporaryDirectory(self)
        for (folder, files) in [("people", ["people.schema.json", "v1.graph.json", "v2.graph.json"]),
                                ("tasks", ["tasks.schema.json", "base.graph.json", "mine.graph.json", "theirs.graph.json"])] {
            let directory = root.appendingPathComponent("Samples").appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(atPath: samplePath("\(folder)/\(file)"), toPath: directory.appendingPathComponent(file).path)
            }
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        return root
    }

    func firstLines(_ url: URL, _ count: Int = 2) throws -> String {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").prefix(count).joined(separator: "\n")
    }

    func test_patch_output_fromTheRoot_findsItsSchema() throws {
        let root = try workTree()
        let made = try RedirectedRun(arguments: ["diff", "-f", "json", "-o", "change.json", "Samples/people/v1.graph.json",
                                                 "Samples/people/v2.graph.json"], directory: root).run()
        XCTAssertEqual(made.status, 1, made.stderr)
        let r = try RedirectedRun(arguments: ["patch", "Samples/people/v1.graph.json", "change.json", "-o", "patched.graph.json"],
                                  directory: root).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("patched.graph.json")),
                       "{\n  \"$schema\": \"Samples/people/people.schema.json\",")
        let v = try RedirectedRun(arguments: ["validate", "patched.graph.json"], directory: root).run()
        XCTAssertEqual(v.stdout, "patched.graph.json: valid graph of schema \"People\" (7 objects)\n")
        XCTAssertEqual(v.status, 0, v.stderr)
    }

    func test_merge_outputInAnotherDirectory_findsItsSchema() throws {
        let root = try workTree()
        let tasks = root.appendingPathComponent("Samples/tasks")
        let r = try RedirectedRun(arguments: ["merge", "base.graph.json", "mine.graph.json", "theirs.graph.json", "-o", "../../out/m.json"],
                                  directory: tasks).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/m.json")), "{\n  \"$schema\": \"../Samples/tasks/tasks.schema.json\",")
        let v = try RedirectedRun(arguments: ["validate", "out/m.json"], directory: root).run()
        XCTAssertEqual(v.stdout, "out/m.json: valid graph of schema \"Tasks\" (10 objects)\n")
        XCTAssertEqual(v.status, 0, v.stderr)
    }

    func test_merge_withConflictMarkers_outputInAnotherDirectory_rewritesSchema() throws {
        let root = try workTree()
        let tasks = root.appendingPathComponent("Samples/tasks")
        let mine = try String(contentsOf: tasks.appendingPathComponent("mine.graph.json"), encoding: .utf8)
        try mine.replacingOccurrences(of: "\"title\": \"Eggs\"", with: "\"title\": \"Brown eggs\"")
            .write(to: tasks.appendingPathComponent("mine.graph.json"), atomically: true, encoding: .utf8)
        let r = try RedirectedRun(arguments: ["merge", "Samples/tasks/base.graph.json", "Samples/tasks/mine.graph.json",
                                              "Samples/tasks/theirs.graph.json", "-o", "out/m.json"], directory: root).run()
        XCTAssertEqual(r.status, 1, r.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("out/m.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("<<<<<<< mine\n"), text)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/m.json")), "{\n  \"$schema\": \"../Samples/tasks/tasks.schema.json\",")
    }

    func test_fmt_outputInAnotherDirectory_findsItsSchema_sameDirectoryUnchanged() throws {
        let root = try workTree()
        let r = try RedirectedRun(arguments: ["fmt", "Samples/tasks/base.graph.json", "-o", "out/base.graph.json"], directory: root).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/base.graph.json")),
                       "{\n  \"$schema\": \"../Samples/tasks/tasks.schema.json\",")
        XCTAssertEqual(try RedirectedRun(arguments: ["validate", "-q", "out/base.graph.json"], directory: root).run().status, 0)

        let same = try RedirectedRun(arguments: ["fmt", "Samples/tasks/base.graph.json", "-o", "Samples/tasks/copy.graph.json"],
                                     directory: root).run()
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("Samples/tasks/copy.graph.json")),
                       try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json"))))
    }

    func test_fmt_absoluteSchemaReference_staysAbsolute() throws {
        let root = try workTree()
        let schema = root.appendingPathComponent("Samples/people/people.schema.json").path
        let text = try String(contentsOfFile: samplePath("people/v1.graph.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"people.schema.json\"", with: "\"\(schema)\"")
        try text.write(to: root.appendingPathComponent("abs.graph.json"), atomically: true, encoding: .utf8)
        let r = try RedirectedRun(arguments: ["fmt", "abs.graph.json", "-o", "out/abs.graph.json"], directory: root).run()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/abs.graph.json")), "{\n  \"$schema\": \"\(schema)\",")
    }

    // MARK: - Symbolic links and devices

    func test_fmt_outputThroughASymlinkedDirectory_schemaComputedWhereTheFileIs() throws {
        let root = try workTree()
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data.appendingPathComponent("link").path, withDestinationPath: "../out")
        let r = try RedirectedRun(arguments: ["fmt", "Samples/tasks/base.graph.json", "-o", "data/link/y.json"], directory: root).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/y.json")), "{\n  \"$schema\": \"../Samples/tasks/tasks.schema.json\",")
        let v = try RedirectedRun(arguments: ["validate", "-q", "data/link/y.json"], directory: root).run()
        XCTAssertEqual(v.status, 0, v.stderr)
    }

    func test_fmt_outputFileIsASymlinkToAnotherDirectory_schemaComputedForTheTarget() throws {
        let root = try workTree()
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent("out/real.json"))
        try FileManager.default.createSymbolicLink(atPath: data.appendingPathComponent("y.json").path, withDestinationPath: "../out/real.json")
        let r = try RedirectedRun(arguments: ["fmt", "Samples/tasks/base.graph.json", "-o", "data/y.json"], directory: root).run()
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: data.appendingPathComponent("y.json").path),
                       "../out/real.json")
        XCTAssertEqual(try firstLines(root.appendingPathComponent("out/real.json")), "{\n  \"$schema\": \"../Samples/tasks/tasks.schema.json\",")
        let v = try RedirectedRun(arguments: ["validate", "-q", "out/real.json"], directory: root).run()
        XCTAssertEqual(v.status, 0, v.stderr)
    }

    func test_fmt_outputToADevice_keepsSchemaAsInTheInput() throws {
        let root = try workTree()
        for device in ["/dev/stdout", "/proc/self/fd/1"] where FileManager.default.fileExists(atPath: device) {
            // Standard output a pipe: the device is not a regular file.
            let r = try RedirectedRun(arguments: ["fmt", "Samples/tasks/base.graph.json", "-o", device], directory: root).run()
            XCTAssertEqual(r.stderr, "", device)
            XCTAssertEqual(r.status, 0, device)
            XCTAssertEqual(r.stdout, try String(contentsOfFile: samplePath("tasks/base.graph.json"), encoding: .utf8), device)
        }
    }
}
