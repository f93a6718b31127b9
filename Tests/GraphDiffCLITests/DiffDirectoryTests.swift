import Foundation
import XCTest
@testable import GraphDiffCLI

/// `graphdiff diff DIR1 DIR2`: trees compared file by file, as `diff -r`.
final class DiffDirectoryTests: XCTestCase {
    /// Writes `files` (relative path → contents) under `root`.
    private func write(_ files: [String: String], under root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func sample(_ path: String, schema: String) throws -> String {
        try String(contentsOfFile: samplePath(path), encoding: .utf8)
            .replacingOccurrences(of: #""$schema": "tasks.schema.json""#, with: #""$schema": "\#(schema)""#)
    }

    /// Two trees with one pair of each kind: a graph (its schema one folder
    /// up), plain JSON, text, binary, the same file, files on one side only
    /// (a folder among them), a folder against a file, and `.git`.
    private func makeTrees() throws -> (a: String, b: String) {
        let tmp = try temporaryDirectory(self)
        let a = tmp.appendingPathComponent("a"), b = tmp.appendingPathComponent("b")
        let schema = try String(contentsOfFile: samplePath("tasks/tasks.schema.json"), encoding: .utf8)
        try write([
            "tasks.schema.json": schema,
            "sub/t.graph.json": try sample("tasks/base.graph.json", schema: "../tasks.schema.json"),
            "p.json": #"{"a": 1, "b": [1, 2]}"#, "n.txt": "one\ntwo\nthree\n", "same.txt": "same\n",
            "only/in/a.txt": "x\n", "kind/f": "", "sub/old.json": "{}", ".git/HEAD": "ref: a\n",
        ], under: a)
        try write([
            "tasks.schema.json": schema,
            "sub/t.graph.json": try sample("tasks/theirs.graph.json", schema: "../tasks.schema.json"),
            // Spelled differently: only /a differs.
            "p.json": #"{"b":[1,2],"a":2}"#, "n.txt": "one\n2\nthree\n", "same.txt": "same\n",
            "kind": "", "sub/new.txt": "", ".git/HEAD": "ref: b\n", "fmt.json": "[]", ".hidden": "",
        ], under: b)
        try Data([0x78, 0, 0x79]).write(to: a.appendingPathComponent("bin"))
        try Data([0x78, 0, 0x7A]).write(to: b.appendingPathComponent("bin"))
        return (a.path, b.path)
    }

    func test_diffDirectories_wholeReport_nestedTrees_everyKindOfPair() throws {
        let (a, b) = try makeTrees()
        let r = graphdiff(["diff", a, b])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            Only in \(b): .hidden
            graphdiff diff \(a)/bin \(b)/bin
            Binary files \(a)/bin and \(b)/bin differ
            Only in \(b): fmt.json
            File \(a)/kind is a directory while file \(b)/kind is a regular empty file
            graphdiff diff \(a)/n.txt \(b)/n.txt
            --- \(a)/n.txt
            +++ \(b)/n.txt
            @@ -1,3 +1,3 @@
             one
            -two
            +2
             three
            Only in \(a): only
            graphdiff diff \(a)/p.json \(b)/p.json
            ~ /a: 1 → 2

            0 added, 0 removed, 1 changed, 0 moved
            Only in \(b)/sub: new.txt
            Only in \(a)/sub: old.json
            graphdiff diff \(a)/sub/t.graph.json \(b)/sub/t.graph.json
            ~ Task "t3"  \(b)/sub/t.graph.json:41:7
                title: "Eggs" → "Free-range eggs"
            + Task "t6"  \(b)/sub/t.graph.json:57:7
                done: false
                due: null
                list: "groceries"
                title: "Tea"
            ~ TaskList "chores"  \(b)/sub/t.graph.json:67:7
                title: "Chores" → "Chores this week"
            ~ TaskList "groceries"  \(b)/sub/t.graph.json:70:7
                items (order):
                  + "t6" after "t3"
                  > "t4" moved to the head (was after "t3")
            ~ metadata
                device: "laptop" → "phone"
                lastSync: "2026-11-20T10:00:00Z" → "2026-11-21T12:00:00Z"

            Task: 1 inserted, 1 updated, 1 moved
            TaskList: 1 updated
            metadata: 2 changed

            """)
    }

    func test_diffDirectories_brief_listsOnlyNames_statSummarisesJSONPairs() throws {
        let (a, b) = try makeTrees()
        let q = graphdiff(["diff", "-q", a, b])
        XCTAssertEqual(q.status, 1)
        XCTAssertEqual(q.stdout, """
            Only in \(b): .hidden
            Files \(a)/bin and \(b)/bin differ
            Only in \(b): fmt.json
            File \(a)/kind is a directory while file \(b)/kind is a regular empty file
            Files \(a)/n.txt and \(b)/n.txt differ
            Only in \(a): only
            Files \(a)/p.json and \(b)/p.json differ
            Only in \(b)/sub: new.txt
            Only in \(a)/sub: old.json
            Files \(a)/sub/t.graph.json and \(b)/sub/t.graph.json differ

            """)
        let stat = graphdiff(["diff", "--stat", "\(a)/sub", "\(b)/sub/"])
        XCTAssertEqual(stat.status, 1)
        XCTAssertEqual(stat.stdout, """
            Only in \(b)/sub/: new.txt
            Only in \(a)/sub: old.json
            graphdiff diff \(a)/sub/t.graph.json \(b)/sub/t.graph.json
            Task: 1 inserted, 1 updated, 1 moved
            TaskList: 1 updated
            metadata: 2 changed

            """)
    }

    func test_diffDirectories_sameTrees_andEmptyTrees_exit0_noOutput() throws {
        let (a, b) = try makeTrees()
        XCTAssertEqual(graphdiff(["diff", a, a]).stdout, "")
        XCTAssertEqual(graphdiff(["diff", "-q", a, a]).status, 0)
        let tmp = try temporaryDirectory(self)
        for name in ["e1", "e2/.git"] {
            try FileManager.default.createDirectory(at: tmp.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let empty = graphdiff(["diff", tmp.appendingPathComponent("e1").path, tmp.appendingPathComponent("e2").path])
        XCTAssertEqual([empty.status.description, empty.stdout, empty.stderr], ["0", "", ""], "a .git folder is left out")
        let one = graphdiff(["diff", tmp.appendingPathComponent("e1").path, b])
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.stdout.split(separator: "\n").count, 9, one.stdout)
        XCTAssertTrue(one.stdout.hasPrefix("Only in \(b): .hidden\nOnly in \(b): bin\n"), one.stdout)
    }

    func test_diffDirectories_trouble_reportedOnStandardError_othersStillCompared_exit2() throws {
        let (a, b) = try makeTrees()
        let brief = graphdiff(["diff", "-q", a, b]).stdout
        XCTAssertTrue(brief.hasSuffix("Only in \(a)/sub: old.json\nFiles \(a)/sub/t.graph.json and \(b)/sub/t.graph.json differ\n"), brief)
        // A link to nowhere on both sides, a link back up the tree, an invalid graph.
        try FileManager.default.createSymbolicLink(atPath: "\(a)/dangling", withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: "\(b)/dangling", withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: "\(a)/sub/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: "\(b)/sub/up", withDestinationPath: "..")
        try Data(#"{"$schema": "../tasks.schema.json", "objects": {"Task": {"t1": {"title": 3}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(b)/sub/t.graph.json"))
        let r = graphdiff(["diff", "-q", a, b])
        XCTAssertEqual(r.status, 2)
        // The brief report of the trees as made, but for the invalid graph.
        let graphLine = "Files \(a)/sub/t.graph.json and \(b)/sub/t.graph.json differ\n"
        XCTAssertEqual(r.stdout + graphLine, brief)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(2)), ["graphdiff diff: \(a)/dangling: No such file or directory",
                                                "graphdiff diff: \(b)/dangling: No such file or directory"])
        XCTAssertTrue(lines.contains { $0.hasPrefix("graphdiff diff: \(b)/sub/t.graph.json:1:") }, r.stderr)
        XCTAssertEqual(Array(lines.suffix(2)), ["graphdiff diff: \(a)/sub/up: recursive directory loop",
                                                "graphdiff diff: \(b)/sub/up: recursive directory loop"])
    }

    func test_diffDirectories_unreadableFile_exit2_othersReported() throws {
        guard getuid() != 0 else { throw XCTSkip("permissions do not stop root from reading") }
        let (a, b) = try makeTrees()
        chmod("\(a)/n.txt", 0)
        defer { chmod("\(a)/n.txt", 0o644) }
        let r = graphdiff(["diff", "-q", a, b])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "graphdiff diff: \(a)/n.txt: Permission denied\n")
        XCTAssertTrue(r.stdout.contains("Files \(a)/p.json and \(b)/p.json differ\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("n.txt"), r.stdout)
    }

    func test_diffDirectories_outputFile_formats_andSchemaDocuments() throws {
        let (a, b) = try makeTrees()
        let out = try temporaryDirectory(self).appendingPathComponent("report.txt").path
        let r = graphdiff(["diff", "-o", out, a, b])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["1", "", ""])
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), graphdiff(["diff", a, b]).stdout)
        // -q writes nothing to a file: a usage error, as with two files.
        XCTAssertEqual(graphdiff(["diff", "-q", "-o", out, a, b]).status, 2)
        // Each JSON pair in the format asked; text pairs as unified diffs.
        let patch = graphdiff(["diff", "-f", "json-patch", a, b])
        XCTAssertTrue(patch.stdout.contains("""
            graphdiff diff \(a)/p.json \(b)/p.json
            [
              {
                "op": "replace",
                "path": "/a",
                "value": 2
              }
            ]

            """), patch.stdout)
        XCTAssertTrue(patch.stdout.contains("+2\n"), patch.stdout)
        // With --schema, every JSON pair is a pair of graphs but for the
        // schema documents, which stay plain JSON (p.json would be no graph).
        try FileManager.default.removeItem(atPath: "\(a)/p.json")
        try FileManager.default.removeItem(atPath: "\(b)/p.json")
        let sa = "\(a)/tasks.schema.json"
        try (try String(contentsOfFile: sa, encoding: .utf8)).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 0")
            .write(toFile: sa, atomically: true, encoding: .utf8)
        let schema = graphdiff(["diff", "--stat", "--schema", samplePath("tasks/tasks.schema.json"), a, b])
        XCTAssertEqual(schema.stderr, "")
        XCTAssertEqual(schema.status, 1)
        XCTAssertTrue(schema.stdout.hasSuffix("""
            Files \(a)/n.txt and \(b)/n.txt differ
            Only in \(a): only
            Only in \(b)/sub: new.txt
            Only in \(a)/sub: old.json
            graphdiff diff \(a)/sub/t.graph.json \(b)/sub/t.graph.json
            Task: 1 inserted, 1 updated, 1 moved
            TaskList: 1 updated
            metadata: 2 changed
            graphdiff diff \(sa) \(b)/tasks.schema.json
            0 added, 0 removed, 1 changed, 0 moved

            """), schema.stdout)
        let noGraph = graphdiff(["diff", "--schema", samplePath("tasks/tasks.schema.json"), "\(a)/sub", "\(b)/sub"])
        XCTAssertEqual(noGraph.status, 1, noGraph.stderr)
    }

    func test_diffDirectories_directoryAgainstFile_isTrouble_graphOptionsAreUsageErrors() throws {
        let (a, b) = try makeTrees()
        for (x, y) in [(a, "\(b)/p.json"), ("\(a)/p.json", b), ("-", b)] {
            let r = graphdiff(["diff", x, y], stdin: "{}")
            XCTAssertEqual([r.status.description, r.stdout], ["2", ""])
            XCTAssertEqual(r.stderr, x == "-" ? "graphdiff diff: \(b): is a directory\n" : "graphdiff diff: \(x == a ? a : b): is a directory\n")
        }
        let root = graphdiff(["diff", "--root", "Task:t1", a, b])
        XCTAssertEqual(root.status, 2)
        XCTAssertEqual(root.stderr, "graphdiff diff: --root is for two files, not two directories\nUsage: graphdiff diff [OPTIONS] OLD NEW\nSee 'graphdiff help diff'.\n")
        let format = graphdiff(["diff", "-f", "yaml", a, b])
        XCTAssertEqual([format.status.description, format.stdout], ["2", ""])
        XCTAssertEqual(graphdiff(["diff", a, "\(b)/nothing"]).stderr, "graphdiff diff: \(a): is a directory\n", "the first input's trouble")
    }
}

extension DiffDirectoryTests {
    func test_diffDirectories_plainJSONOptions_applyToPlainPairs_ignoreByKind() throws {
        let (a, b) = try makeTrees()
        let full = graphdiff(["diff", "-q", a, b]).stdout
        let keyed = graphdiff(["diff", "-q", "--array-key", "id", "--numbers", "text", a, b])
        XCTAssertEqual([keyed.status.description, keyed.stderr, keyed.stdout], ["1", "", full], "the graph pair takes neither option")
        // /a for plain JSON, Task.title for graphs: p.json is then the same.
        let ignored = graphdiff(["diff", "-q", "--ignore", "/a", "--ignore", "Task.title", a, b])
        XCTAssertEqual([ignored.status.description, ignored.stderr], ["1", ""])
        XCTAssertEqual(ignored.stdout, full.replacingOccurrences(of: "Files \(a)/p.json and \(b)/p.json differ\n", with: ""))
        let graph = graphdiff(["diff", "--ignore", "/a", "--ignore", "Task.title", "\(a)/sub", "\(b)/sub"]).stdout
        XCTAssertFalse(graph.contains("Eggs"), graph)
        XCTAssertTrue(graph.contains("+ Task \"t6\""), graph)
    }
}

/// Names with control characters, links above the root, `-o` with trouble
/// and the prefix of messages.
extension DiffDirectoryTests {
    func test_diffDirectories_namesWithNewlines_areQuotedWithCEscapes_everyLineStaysOneLine() throws {
        let tmp = try temporaryDirectory(self)
        try write(["e1/sp ace\nnl.txt": "x\n", "e2/sp ace\nnl.txt": "y\n", "e1/o\nnly": "", "e1/tab\té.json": "1",
                   "e2/tab\té.json": "2", "e1/q\"uote": "a\n", "e2/q\"uote": "b\n", "e2/plain é": ""], under: tmp)
        let full = try runBinary(["diff", "e1", "e2"], in: tmp)
        XCTAssertEqual([full.status.description, full.stderr], ["1", ""])
        XCTAssertEqual(full.stdout, """
            Only in e1: "o\\nnly"
            Only in e2: plain é
            graphdiff diff "e1/q\\"uote" "e2/q\\"uote"
            --- "e1/q\\"uote"
            +++ "e2/q\\"uote"
            @@ -1 +1 @@
            -a
            +b
            graphdiff diff "e1/sp ace\\nnl.txt" "e2/sp ace\\nnl.txt"
            --- "e1/sp ace\\nnl.txt"
            +++ "e2/sp ace\\nnl.txt"
            @@ -1 +1 @@
            -x
            +y
            graphdiff diff "e1/tab\\té.json" "e2/tab\\té.json"
            ~ (root): 1 → 2

            0 added, 0 removed, 1 changed, 0 moved

            """)
        let brief = try runBinary(["diff", "-q", "e1", "e2"], in: tmp)
        XCTAssertEqual(brief.stdout, """
            Only in e1: "o\\nnly"
            Only in e2: plain é
            Files "e1/q\\"uote" and "e2/q\\"uote" differ
            Files "e1/sp ace\\nnl.txt" and "e2/sp ace\\nnl.txt" differ
            Files "e1/tab\\té.json" and "e2/tab\\té.json" differ

            """)
    }

    func test_diffDirectories_linkToTheRootsParent_isALoop_theParentIsNotWalked() throws {
        let tmp = try temporaryDirectory(self)
        try write(["e1/x.txt": "1\n", "e2/x.txt": "2\n", "e1/deep/y": "", "e2/deep/y": ""], under: tmp)
        for side in ["e1", "e2"] {
            try FileManager.default.createSymbolicLink(atPath: tmp.path + "/\(side)/loop", withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(atPath: tmp.path + "/\(side)/deep/top", withDestinationPath: "/")
        }
        let r = try runBinary(["diff", "-q", "e1", "e2"], in: tmp)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
            graphdiff diff: e1/deep/top: recursive directory loop
            graphdiff diff: e2/deep/top: recursive directory loop
            graphdiff diff: e1/loop: recursive directory loop
            graphdiff diff: e2/loop: recursive directory loop

            """)
        XCTAssertEqual(r.stdout, "Files e1/x.txt and e2/x.txt differ\n")
    }

    func test_diffDirectories_troubleWithOutputFile_writesTheOthersReport_everyMessagePrefixed() throws {
        let tmp = try temporaryDirectory(self)
        try write(["s1/a.graph.json": #"{"$schema": "tasks.schema.json", "objects": {}}"#,
                   "s2/a.graph.json": #"{"$schema": "tasks.schema.json", "objects": {"Task": {}}}"#,
                   "s1/b.json": "[1]", "s2/b.json": "[2]"], under: tmp)
        let plain = try runBinary(["diff", "s1", "s2"], in: tmp)
        let r = try runBinary(["diff", "-o", "out.txt", "s1", "s2"], in: tmp)
        let expectedErr = """
            graphdiff diff: s1/a.graph.json: schema s1/tasks.schema.json: No such file or directory

            """
        XCTAssertEqual([plain.status, r.status], [2, 2])
        XCTAssertEqual([plain.stderr, r.stderr, r.stdout], [expectedErr, expectedErr, ""])
        let written = try String(contentsOf: tmp.appendingPathComponent("out.txt"), encoding: .utf8)
        XCTAssertEqual(written, """
            graphdiff diff s1/b.json s2/b.json
            ~ /0: 1 → 2

            0 added, 0 removed, 1 changed, 0 moved

            """)
        XCTAssertEqual(written, plain.stdout)
    }
}
