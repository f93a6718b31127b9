import XCTest
@testable import GraphDiffCLI

final class ValidateCommandTests: XCTestCase {
    func test_validSamples_exit0WithASummary() {
        let r = graphdiff(["validate", samplePath("people/v1.graph.json"), samplePath("tasks/tasks.schema.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            \(samplePath("people/v1.graph.json")): valid graph of schema "People" (6 objects)
            \(samplePath("tasks/tasks.schema.json")): valid schema "Tasks" (2 entities, sha256:600eb5d0814a59411ebb72d28e02bd09c9a2856bb5fc503c2996f675a357e5b1)

            """)
        XCTAssertEqual(graphdiff(["validate", "--quiet", samplePath("people/v1.graph.json")]).stdout, "")
    }

    func test_invalidGraph_listsEveryProblem_exit1() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let file = dir.appendingPathComponent("bad.graph.json")
        try """
            {"$schema": "tasks.schema.json",
             "objects": {
              "Task": {"t1": {"title": "A", "list": "l1", "prev": null, "next": null, "done": "yes"},
                       "t2": {"list": "nope", "prev": null, "next": null}},
              "TaskList": {"l1": {"title": "L"}}
             }}
            """.write(to: file, atomically: true, encoding: .utf8)
        let r = graphdiff(["validate", file.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
            \(file.path):3:75: Task "t1".done: value "yes" has the wrong type: expected true or false, found string
            \(file.path):4:12: Task "t2".title: missing required attribute "title"
            \(file.path):4:19: Task "t2".list: dangling reference to TaskList "nope": no such object

            """)
    }

    func test_invalidJSON_fromStandardInput_exit1() {
        let r = graphdiff(["validate", "-"], stdin: "{\"a\": 1,\n \"a\": 2}")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "-:2:2: duplicate member name \"a\" (first at 1:2)\n")
    }

    func test_standardInputTwice_isAUsageError_exit2() {
        let r = graphdiff(["validate", "-", "-"], stdin: "{}")
        XCTAssertEqual(r.stderr, """
            graphdiff validate: only one input can be standard input
            Usage: graphdiff validate [--schema FILE | --no-schema] [--stdin-path PATH] [--force] [--quiet] FILE...
            See 'graphdiff help validate'.

            """)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
    }

    func test_plainJSON_withoutSchema_isCheckedForSyntaxOnly() {
        let r = graphdiff(["validate", "-"], stdin: "[1, {\"x\": null}]")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "-: valid JSON (no schema)\n")
    }

    func test_conflictMarkers_areRecognised() {
        let r = graphdiff(["validate", "-"], stdin: "{\n<<<<<<< mine\n  \"a\": 1\n=======\n  \"a\": 2\n>>>>>>> theirs\n}\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("-:2:1: unresolved merge conflict markers"), r.stderr)
    }

    func test_missingFile_andMissingSchema_exit2() throws {
        let r = graphdiff(["validate", "/nonexistent/x.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "graphdiff validate: /nonexistent/x.json: No such file or directory\n")
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("g.json")
        try #"{"$schema": "missing.schema.json", "objects": {}}"#.write(to: file, atomically: true, encoding: .utf8)
        let s = graphdiff(["validate", file.path])
        XCTAssertEqual(s.status, 2)
        XCTAssertEqual(s.stderr, "graphdiff validate: \(file.path): schema \(dir.path)/missing.schema.json: No such file or directory\n")
    }

    func test_brokenSchema_exit2_namingTheSchemaFile() throws {
        let dir = try temporaryDirectory(self)
        let schema = dir.appendingPathComponent("s.json")
        try #"{"format": "graphdiff-schema/1", "entities": {"A": {"attributes": {"x": {"type": "nope"}}}}}"#.write(to: schema, atomically: true, encoding: .utf8)
        let r = graphdiff(["validate", "--schema", schema.path, samplePath("people/v1.graph.json")])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(schema.path):1:74: unknown attribute type \"nope\""), r.stderr)
        // Validating the schema file itself reports it as invalid.
        XCTAssertEqual(graphdiff(["validate", schema.path]).status, 1)
    }

    func test_schemaFingerprintMismatch_refusedUnlessForced() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("people/people.schema.json"), toPath: dir.appendingPathComponent("people.schema.json").path)
        let file = dir.appendingPathComponent("g.json")
        try #"{"$schema": "people.schema.json", "metadata": {"schemaFingerprint": "sha256:0000"}, "objects": {}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let r = graphdiff(["validate", file.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("does not match the schema \"People\""), r.stderr)
        XCTAssertEqual(graphdiff(["validate", "--force", file.path]).status, 0)
    }
}
