import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff
@testable import GraphDiffCLI

/// The commands that write a graph write its canonical text in pieces
/// (``Graph/canonicalTextPieces()``: two halves on a large graph), and
/// `diff --format json` its report (two halves when it has many changes). Each
/// command, run with the two-core threshold lowered so that its result is
/// made in two pieces, writes exactly the bytes it writes in one piece:
/// to standard output, with `-o` beside the inputs and in another folder
/// (`$schema` relocated), in place, and `--check` says the same.
final class TextPiecesCommandTests: XCTestCase {
    func test_commands_writeTheSameBytes_inOnePieceOrTwo() throws {
        let root = try temporaryDirectory(self)
        let inputs = root.appendingPathComponent("in"), elsewhere = root.appendingPathComponent("out")
        for d in [inputs, elsewhere] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        var generator = GraphGenerator(seed: 5)
        let graph = generator.graph(objectCount: 400)
        var editor = GraphEditor(seed: 7), other = GraphEditor(seed: 8)
        let (mine, _) = editor.edit(graph, count: 6), (theirs, _) = other.edit(graph, count: 6)
        try Data(GraphGenerator.schemaText.utf8).write(to: inputs.appendingPathComponent("bench.schema.json"))
        func file(_ name: String) -> String { inputs.appendingPathComponent(name).path }
        try Data(graph.canonicalText()).write(to: URL(fileURLWithPath: file("a.graph.json")))
        try Data(mine.canonicalText()).write(to: URL(fileURLWithPath: file("b.graph.json")))
        try Data(theirs.canonicalText()).write(to: URL(fileURLWithPath: file("c.graph.json")))
        // Many changes: a report in two pieces.
        var third = GraphEditor(seed: 9)
        try Data(third.edit(graph, count: 60).0.canonicalText()).write(to: URL(fileURLWithPath: file("d.graph.json")))
        // Theirs edits mine again, some of what mine changed too: conflicts, so markers (written in pieces).
        var fourth = GraphEditor(seed: 11)
        try Data(fourth.edit(mine, count: 60).0.canonicalText()).write(to: URL(fileURLWithPath: file("e.graph.json")))
        // Not canonical: fmt rewrites it.
        let loose = String(decoding: mine.canonicalText(), as: UTF8.self).replacingOccurrences(of: "\n        ", with: " ")
        try Data(loose.utf8).write(to: URL(fileURLWithPath: file("loose.graph.json")))
        let patch = graphdiff(["diff", "--format", "json", file("a.graph.json"), file("b.graph.json")])
        XCTAssertEqual(patch.status, 1, patch.stderr)
        try Data(patch.stdout.utf8).write(to: URL(fileURLWithPath: file("ab.patch.json")))

        /// Each command's standard output, status and written files, keyed by name.
        func run(_ pieces: Int) throws -> [String: String] {
            var seen: [String: String] = [:]
            let commands: [(String, [String])] = [
                ("fmt", ["fmt", file("loose.graph.json")]),
                ("fmt-check", ["fmt", "--check", file("a.graph.json")]),
                ("fmt-check-loose", ["fmt", "--check", file("loose.graph.json")]),
                ("patch", ["patch", file("a.graph.json"), file("ab.patch.json")]),
                ("merge", ["merge", "--prefer", "mine", file("a.graph.json"), file("b.graph.json"), file("c.graph.json")]),
                ("migrate", ["migrate", file("a.graph.json"), "--to", file("bench.schema.json")]),
                ("diff", ["diff", "--format", "json", file("a.graph.json"), file("d.graph.json")]),
                ("markers", ["merge", file("a.graph.json"), file("b.graph.json"), file("e.graph.json")]),
            ]
            for (name, arguments) in commands {
                for output in ["-", file("r.graph.json"), elsewhere.appendingPathComponent("r.graph.json").path] {
                    let isCheck = name.hasPrefix("fmt-check")
                    if isCheck && output != "-" { continue }
                    let r = try TwoCores.lowered(pieces == 2 ? 24 : 1_000_000) {
                        graphdiff(arguments + (output == "-" || isCheck ? [] : ["-o", output]))
                    }
                    var written = ""
                    if output != "-" {
                        written = try String(contentsOfFile: output, encoding: .utf8)
                        try FileManager.default.removeItem(atPath: output)
                    }
                    seen["\(name) \(output)"] = "\(r.status)\n\(r.stdout)\n\(r.stderr)\n\(written)"
                }
            }
            // In place: the loose file rewritten, then left alone.
            let copy = file("inplace.graph.json")
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: file("loose.graph.json"), toPath: copy)
            for round in 0..<2 {
                let r = try TwoCores.lowered(pieces == 2 ? 24 : 1_000_000) { graphdiff(["fmt", "--in-place", copy]) }
                seen["in place \(round)"] = "\(r.status)\n\(r.stderr)\n" + (try String(contentsOfFile: copy, encoding: .utf8))
            }
            // git's merge driver: the current file replaced by the merge, markers and all.
            let current = file("current.graph.json")
            try? FileManager.default.removeItem(atPath: current)
            try FileManager.default.copyItem(atPath: file("b.graph.json"), toPath: current)
            let r = try TwoCores.lowered(pieces == 2 ? 24 : 1_000_000) {
                graphdiff(["git-merge", "--schema", file("bench.schema.json"), "--no-remember", file("a.graph.json"), current, file("e.graph.json"),
                           "7", "current.graph.json"])
            }
            seen["git-merge"] = "\(r.status)\n\(r.stderr)\n" + (try String(contentsOfFile: current, encoding: .utf8))
            return seen
        }
        let one = try run(1), two = try run(2)
        XCTAssertEqual(one.count, 23)
        XCTAssertTrue(one["git-merge"]?.contains("\n<<<<<<< ") ?? false, one["git-merge"] ?? "")
        for (key, value) in one.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(two[key], value, key)
        }
        XCTAssertTrue(one["fmt-check -"]?.hasPrefix("0\n") ?? false)
        XCTAssertTrue(one["diff -"]?.hasPrefix("1\n{\n  \"changes\": [") ?? false)
        XCTAssertTrue(one["markers -"]?.contains("\n<<<<<<< ") ?? false, one["markers -"] ?? "")
        XCTAssertTrue(one["markers \(elsewhere.appendingPathComponent("r.graph.json").path)"]?.contains("\"$schema\": \"../in/bench.schema.json\"") ?? false)
        XCTAssertGreaterThan(one["diff -"]?.components(separatedBy: "\"op\": ").count ?? 0, 24, "enough changes for two pieces")
        XCTAssertTrue(one["fmt-check-loose -"]?.hasPrefix("1\n") ?? false)
        XCTAssertTrue(one["merge \(elsewhere.appendingPathComponent("r.graph.json").path)"]?.contains("\"$schema\": \"../in/bench.schema.json\"") ?? false)
    }

    /// A merge's text written as it is made to a file that takes nothing
    /// (`/dev/full`), in many parts: the merged graph and the markers each
    /// fail at the first piece with the reason, exit 2, and nothing hangs.
    /// Skipped where there is no `/dev/full` (macOS).
    func test_mergeWrittenAsMade_toAFullDevice_failsWithTheReason() throws {
        let device = try deviceFull()
        let root = try temporaryDirectory(self)
        func file(_ name: String) -> String { root.appendingPathComponent(name).path }
        var generator = GraphGenerator(seed: 21)
        let graph = generator.graph(objectCount: 400)
        var editor = GraphEditor(seed: 22), other = GraphEditor(seed: 23)
        let mine = editor.edit(graph, count: 20).0
        let theirs = other.edit(mine, count: 40).0
        try Data(GraphGenerator.schemaText.utf8).write(to: URL(fileURLWithPath: file("bench.schema.json")))
        for (name, g) in [("a", graph), ("b", mine), ("c", theirs)] {
            try Data(g.canonicalText()).write(to: URL(fileURLWithPath: file("\(name).graph.json")))
        }
        let saved = TwoCores.deliveredParts
        TwoCores.deliveredParts = 16
        defer { TwoCores.deliveredParts = saved }
        for prefer in [["--prefer", "mine"], []] {
            let r = TwoCores.lowered(24) {
                graphdiff(["merge", "--quiet"] + prefer + ["-o", device, file("a.graph.json"), file("b.graph.json"), file("c.graph.json")])
            }
            XCTAssertEqual(r.status, 2, "\(prefer)")
            XCTAssertEqual(r.stderr, "graphdiff merge: /dev/full: cannot write: No space left on device\n", "\(prefer)")
        }
    }
}
