import Foundation
import XCTest
@testable import GraphDiffCLI
import GraphDiff

/// The git drivers: a graph merge with no base, and one stderr line naming
/// the reason whenever they step down from graphs to plain JSON or lines.
final class GitDriverFallbackTests: XCTestCase {
    /// A work tree with the tasks schema and the given files; returns the directory.
    func workTree(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    func task(_ id: String, _ title: String) -> String {
        #""\#(id)": {"done": false, "list": "L", "next": null, "prev": null, "title": "\#(title)"}"#
    }

    func test_gitMerge_emptyBase_mergesTheTwoGraphsPropertyByProperty() throws {
        // Both add list L; mine files task a in it, theirs task b.
        let mine = #"{"$schema": "tasks.schema.json", "objects": {"Task": {\#(task("a", "A"))}, "TaskList": {"L": {"title": "L"}}}}"#
        let theirs = #"{"$schema": "tasks.schema.json", "objects": {"Task": {\#(task("b", "B"))}, "TaskList": {"L": {"title": "L"}}}}"#
        let dir = try workTree(["base": "", "ours": mine, "theirs": theirs])
        let path = dir.appendingPathComponent("lists.graph.json").path
        let r = graphdiff(["git-merge", dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let merged = try String(contentsOf: dir.appendingPathComponent("ours"), encoding: .utf8)
        XCTAssertTrue(merged.contains(#""a": {"#) && merged.contains(#""b": {"#), merged)
        XCTAssertTrue(merged.contains(#""next": "b","#), "mine's insert first, theirs' after it: \(merged)")
        XCTAssertFalse(merged.contains("<<<<<<<"), merged)
        XCTAssertTrue(merged.hasPrefix("{\n  \"$schema\": \"tasks.schema.json\",\n"), merged)
    }

    /// The options go through the option table; git's operands never read
    /// as options, even a work-tree path that starts with '-'.
    func test_gitMerge_optionsThroughTheTable_operandsNeverOptions() throws {
        let mine = #"{"$schema": "tasks.schema.json", "objects": {"Task": {\#(task("a", "A"))}, "TaskList": {"L": {"title": "L"}}}}"#
        let dir = try workTree(["base": "", "ours": mine, "theirs": mine])
        let r = graphdiff(["git-merge", "--no-remember", "--schema=\(dir.appendingPathComponent("tasks.schema.json").path)",
                           dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", "-lists.graph.json", "HEAD", "base", "-topic"])
        XCTAssertEqual([r.status.description, r.stderr], ["0", ""])
        let unknown = graphdiff(["git-merge", "--frobnicate", "a", "b", "c", "7", "p"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--frobnicate"), unknown.stderr)
    }

    func test_gitMerge_emptyBase_conflictsOnlyOnTheProperty() throws {
        let mine = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "Mine"}}}}"#
        let theirs = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "Theirs"}}}}"#
        let dir = try workTree(["base": "", "ours": mine, "theirs": theirs])
        let r = graphdiff(["git-merge", dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", dir.appendingPathComponent("lists.graph.json").path])
        XCTAssertEqual(r.status, 1)
        let merged = try String(contentsOf: dir.appendingPathComponent("ours"), encoding: .utf8)
        // No base: the base's lines hold what the merge keeps while the
        // conflict is open, mine's (as --conflicts report does).
        XCTAssertTrue(merged.contains("<<<<<<< ours\n        \"title\": \"Mine\"\n||||||| base\n        \"title\": \"Mine\"\n=======\n        \"title\": \"Theirs\"\n>>>>>>> theirs\n"), merged)
    }

    func test_gitMerge_sideNotAValidGraph_saysSo_andMergesAsPlainJSON() throws {
        let base = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "L"}}}}"#
        let mine = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "Mine"}}}}"#
        let theirs = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": 7}}}}"#
        let dir = try workTree(["base": base, "ours": mine, "theirs": theirs])
        let path = dir.appendingPathComponent("lists.graph.json").path
        let r = graphdiff(["git-merge", dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", path])
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff: \(path): merging as plain JSON: theirs is not a valid Tasks graph: 1:65: TaskList \"L\".title: value 7 has the wrong type"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "merging as plain JSON").count, 2, "one line")
    }

    func test_gitMerge_missingSchema_andNotJSON_sayWhy() throws {
        let doc = #"{"$schema": "nowhere.schema.json", "objects": {}}"#
        let dir = try workTree(["base": doc, "ours": doc, "theirs": doc, "text-base": "a\n", "text-ours": "b\n", "text-theirs": "a\n"])
        let path = dir.appendingPathComponent("x.graph.json").path
        var r = graphdiff(["git-merge", dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", path])
        XCTAssertEqual(r.stderr, "graphdiff: \(path): merging as plain JSON: schema \(dir.path)/nowhere.schema.json not found\n")
        XCTAssertEqual(r.status, 0)
        r = graphdiff(["git-merge", dir.appendingPathComponent("text-base").path, dir.appendingPathComponent("text-ours").path,
                       dir.appendingPathComponent("text-theirs").path, "7", path])
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff: \(path): merging by lines: base is not JSON: 1:1:"), r.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("text-ours"), encoding: .utf8), "b\n")
    }

    func test_gitMerge_plainJSONWithoutSchema_isNoStepDown() throws {
        let dir = try workTree(["base": #"{"a": 1}"#, "ours": #"{"a": 2}"#, "theirs": #"{"a": 1}"#])
        let r = graphdiff(["git-merge", dir.appendingPathComponent("base").path, dir.appendingPathComponent("ours").path,
                           dir.appendingPathComponent("theirs").path, "7", dir.appendingPathComponent("x.json").path])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr, "")
    }

    func test_gitDiff_sideNotAValidGraph_saysSo() throws {
        let old = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "L"}}}}"#
        let new = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": 7}}}}"#
        let dir = try workTree(["old": old, "new": new])
        let path = dir.appendingPathComponent("lists.graph.json").path
        let r = graphdiff(["git-diff", path, dir.appendingPathComponent("old").path, "0000000", "100644",
                           dir.appendingPathComponent("new").path, "0000000", "100644"])
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff: \(path): diffing as plain JSON: new is not a valid Tasks graph:"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\"L\" → 7") || r.stdout.contains("7"), r.stdout)
    }

    /// A commit that changed the schema: git hands the old version over
    /// with the work tree's schema, which it may no longer fit. The note
    /// says so; and when the version records the fingerprint it was
    /// written for, that it is another version of the schema.
    func test_gitDiff_oldVersionOfAnotherSchemaVersion_saysTheSchemaMayHaveChanged() throws {
        let old = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"name": "L"}}}}"#
        let new = #"{"$schema": "tasks.schema.json", "objects": {"TaskList": {"L": {"title": "L"}}}}"#
        let dir = try workTree(["old": old, "new": new])
        let path = dir.appendingPathComponent("lists.graph.json").path
        func run() -> RunResult {
            graphdiff(["git-diff", path, dir.appendingPathComponent("old").path, "1111111", "100644",
                       dir.appendingPathComponent("new").path, "2222222", "100644"])
        }
        XCTAssertTrue(run().stderr.hasPrefix("graphdiff: \(path): diffing as plain JSON: old is not a valid Tasks graph "
                                             + "(read with the work tree's \(dir.path)/tasks.schema.json, which may have changed since): 1:"), run().stderr)
        let recorded = #"{"$schema": "tasks.schema.json", "metadata": {"schemaFingerprint": "sha256:00112233445566778899"}, "objects": {"TaskList": {"L": {"name": "L"}}}}"#
        try Data(recorded.utf8).write(to: dir.appendingPathComponent("old"))
        let fingerprint = try Schema.load(contentsOfFile: samplePath("tasks/tasks.schema.json")).fingerprint.prefix(19)
        XCTAssertEqual(run().stderr, "graphdiff: \(path): diffing as plain JSON: old was written for another version of schema Tasks "
                       + "(sha256:001122334455, the work tree's \(dir.path)/tasks.schema.json is \(fingerprint))\n")
    }

    /// Found by testing: two identical blobs under different object ids
    /// printed a bare `diff --git` header; like an ignored-only change, they
    /// are no entry at all. A mode change still shows its header.
    func test_gitDiff_identicalBlobsWithDifferentIds_printNothing() throws {
        let text = #"{"a": 1}"#
        let dir = try workTree(["old": text, "new": text])
        let path = dir.appendingPathComponent("x.json").path
        let r = graphdiff(["git-diff", path, dir.appendingPathComponent("old").path, "1111111", "100644",
                           dir.appendingPathComponent("new").path, "2222222", "100644"])
        XCTAssertEqual([String(r.status), r.stdout, r.stderr], ["0", "", ""])
        let mode = graphdiff(["git-diff", path, dir.appendingPathComponent("old").path, "1111111", "100644",
                              dir.appendingPathComponent("new").path, "2222222", "100755"])
        XCTAssertEqual(mode.stdout, "diff --git a/\(path) b/\(path)\nold mode 100644\nnew mode 100755\n")
    }
}
