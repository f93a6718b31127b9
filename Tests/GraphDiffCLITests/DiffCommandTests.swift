import XCTest
@testable import GraphDiffCLI
import GraphDiff

final class DiffCommandTests: XCTestCase {
    let v1 = samplePath("people/v1.graph.json"), v2 = samplePath("people/v2.graph.json")

    func test_diff_plainJSONBesideAGraph_isReadAsAGraphOfItsSchema_otherSchemasAreRefused() throws {
        let text = try String(contentsOfFile: v2, encoding: .utf8).replacingOccurrences(of: #""$schema": "people.schema.json","#, with: "")
        let mixed = graphdiff(["diff", "--stat", v1, "-"], stdin: text)
        XCTAssertEqual(mixed.status, 1, mixed.stderr)
        XCTAssertEqual(mixed.stdout, graphdiff(["diff", "--stat", v1, v2]).stdout)
        let tasks = samplePath("tasks/base.graph.json")
        let refused = graphdiff(["diff", v1, tasks])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "graphdiff diff: \(v1) and \(tasks) are graphs of different schemas (\"People\" and \"Tasks\")\n")
        let invalid = graphdiff(["diff", v1, "-"], stdin: #"{"objects": {"Person": {"p1": {"age": "old"}}}}"#)
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.hasPrefix("-:1:25: Person \"p1\".lastName: missing required attribute"), invalid.stderr)
        XCTAssertTrue(invalid.stderr.contains("\n-:1:"), invalid.stderr)
    }

    func test_diff_sameFile_exit0_andNoOutput() {
        let r = graphdiff(["diff", v1, v1])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func test_diff_differences_exit1_humanReportEndsWithSummary() {
        let r = graphdiff(["diff", v1, v2])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("~ Address \"a1\"  \(v2):8:7\n    street: \"12 rue Mercière\" → \"14 rue Mercière\"\n"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("\nAddress: 1 inserted, 1 deleted, 1 updated\nDog: 1 inserted\nPerson: 2 updated\nmetadata: 1 changed\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    func test_diff_stat_quiet_andColor() {
        XCTAssertEqual(graphdiff(["diff", "--stat", v1, v2]).stdout, "Address: 1 inserted, 1 deleted, 1 updated\nDog: 1 inserted\nPerson: 2 updated\nmetadata: 1 changed\n")
        let quiet = graphdiff(["diff", "-q", v1, v2])
        XCTAssertEqual(quiet.status, 1)
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertTrue(graphdiff(["diff", "--color=always", v1, v2]).stdout.contains("\u{1B}[33m~\u{1B}[0m"))
        XCTAssertEqual(graphdiff(["diff", "--color=sometimes", v1, v2]).status, 2)
    }

    func test_diff_jsonFormat_isThePatchDocument() throws {
        let r = graphdiff(["diff", "--format", "json", v1, v2])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("{\n  \"changes\": [\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"format\": \"graphdiff-patch/1\""))
        XCTAssertTrue(r.stdout.contains("\"location\": {\n        \"column\": 7,\n        \"line\": 8\n      }"), r.stdout)
        // Each changed property carries its own position: a1.street is on line 11, column 9.
        XCTAssertTrue(r.stdout.contains("\"street\": {\n          \"location\": {\n            \"column\": 9,\n            \"line\": 11\n          },\n          \"new\": \"14 rue Mercière\""), r.stdout)
    }

    func test_diff_tree_andRoot() {
        let r = graphdiff(["diff", "--format", "tree", "--root", "Person:p1", v1, v2])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("[\n  {\n    \"age\"") == false)
        XCTAssertTrue(r.stdout.contains("\"addressesChanges\""), r.stdout)
        XCTAssertFalse(r.stdout.contains("\"p2\""), "p2 is outside p1's scope")
        XCTAssertEqual(graphdiff(["diff", "--root", "Person", v1, v2]).status, 2)
        XCTAssertEqual(graphdiff(["diff", "--root", "Ghost:x", v1, v2]).status, 2)
        XCTAssertEqual(graphdiff(["diff", "--root", "Person:nobody", v1, v2]).stderr, "graphdiff diff: no object Person:nobody in either graph\n")
        XCTAssertEqual(graphdiff(["diff", "--root", "Person:p1", "--exclude", "Person.addresses", "--stat", v1, v2]).stdout, "Person: 1 updated\n")
    }

    func test_diff_structural_fromStandardInput() throws {
        // Schema files are compared as plain JSON.
        let r = graphdiff(["diff", "-", samplePath("tasks/tasks.schema.json")],
                          stdin: try String(contentsOfFile: samplePath("tasks/tasks.schema.json"), encoding: .utf8).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 0"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, "~ /version: 0 → 1\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        let plain = graphdiff(["diff", "-", "/dev/stdin"], stdin: "")
        XCTAssertEqual(plain.status, 2, "two standard inputs are one stream: the second is empty")
    }

    func test_diff_structural_numbersAndArrayKey() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try #"{"n": 1.0, "list": [{"id": 1, "v": 1}, {"id": 2, "v": 2}]}"#.write(to: a, atomically: true, encoding: .utf8)
        try #"{"n": 1, "list": [{"id": 2, "v": 2}, {"id": 1, "v": 1}]}"#.write(to: b, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["diff", "--array-key", "id", a.path, b.path]).stdout, "> /list/[id=2]: index 1 → 0\n\n0 added, 0 removed, 0 changed, 1 moved\n")
        XCTAssertEqual(graphdiff(["diff", "--numbers", "text", "--array-key", "id", a.path, b.path]).stdout,
                       "> /list/[id=2]: index 1 → 0\n~ /n: 1.0 → 1\n\n0 added, 0 removed, 1 changed, 1 moved\n")
        XCTAssertEqual(graphdiff(["diff", "--format", "tree", a.path, b.path]).status, 2)
    }

    func test_diff_mergePatch_andItsLimit() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json"), c = dir.appendingPathComponent("c.json")
        try #"{"a": 1, "b": {"c": 2}}"#.write(to: a, atomically: true, encoding: .utf8)
        try #"{"b": {"c": 3}}"#.write(to: b, atomically: true, encoding: .utf8)
        try #"{"a": null, "b": {"c": 2}}"#.write(to: c, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["diff", "-f", "merge-patch", a.path, b.path]).stdout, "{\n  \"a\": null,\n  \"b\": {\n    \"c\": 3\n  }\n}\n")
        let r = graphdiff(["diff", "-f", "merge-patch", a.path, c.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "graphdiff diff: a merge patch cannot set /a to null (null means remove); use --format json-patch\n")
    }

    func test_diff_inputErrors_exit2() throws {
        XCTAssertEqual(graphdiff(["diff", v1]).status, 2)
        XCTAssertEqual(graphdiff(["diff", v1, "/nonexistent.json"]).status, 2)
        let bad = graphdiff(["diff", v1, "-"], stdin: "{\"a\": }")
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "-:1:7: expected a value, found '}'\n")
        let mismatch = graphdiff(["diff", v1, samplePath("tasks/base.graph.json")])
        XCTAssertEqual(mismatch.status, 2)
        XCTAssertTrue(mismatch.stderr.contains("are graphs of different schemas"), mismatch.stderr)
    }

    func test_diff_plainSideNextToAGraph_isReadWithTheGraphsSchema() throws {
        let text = try String(contentsOfFile: v2, encoding: .utf8).replacingOccurrences(of: "\"$schema\": \"people.schema.json\",\n", with: "")
        let r = graphdiff(["diff", v1, "-"], stdin: text)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("Person: 2 updated"), r.stdout)
    }

    func test_diff_output_isWrittenAtomically() throws {
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("changes.json")
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", out.path, v1, v2]).status, 1)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("graphdiff-patch/1"))
    }
}
