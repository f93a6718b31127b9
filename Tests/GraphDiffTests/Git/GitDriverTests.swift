import XCTest
@testable import GraphDiff

/// The git drivers' fallback chain (graph → structural JSON → lines) is a
/// pure function of the versions' bytes and the schema file as read.
final class GitDriverTests: XCTestCase {
    func schemaFile(given: Bool = false) throws -> GitInputs.SchemaFile {
        GitInputs.SchemaFile(path: "tasks/tasks.schema.json", bytes: try sampleBytes("tasks/tasks.schema.json"), isGiven: given)
    }

    func test_schemaPath_isTheFirstSchemaReference_resolvedInTheWorkTree() throws {
        let base = try sampleBytes("tasks/base.graph.json")
        XCTAssertEqual(GitMergeDriver.schemaPath(path: "data/tasks/app.graph.json", base: base, current: Array("{}".utf8), other: base),
                       "data/tasks/tasks.schema.json")
        XCTAssertEqual(GitDiffDriver.schemaPath(path: "a.json", newPath: "b/c.json", old: nil, new: base), "b/tasks.schema.json")
        XCTAssertNil(GitMergeDriver.schemaPath(path: "x.json", base: [], current: Array("{}".utf8), other: Array("[]".utf8)))
    }

    func test_graphs_mergeAsGraphs() throws {
        let (b, m, t) = (try sampleBytes("tasks/base.graph.json"), try sampleBytes("tasks/mine.graph.json"), try sampleBytes("tasks/theirs.graph.json"))
        let outcome = GitMergeDriver.merge(path: "tasks/base.graph.json", base: b, current: m, other: t, schema: try schemaFile(), markers: .init())
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertEqual(outcome.notes, [])
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let expected = try Graph.merge(base: try Graph.load(b, schema: schema), mine: try Graph.load(m, schema: schema),
                                       theirs: try Graph.load(t, schema: schema)).graph
        XCTAssertEqual(outcome.text, expected.canonicalText())
    }

    func test_eachStepDown_saysWhy() throws {
        let m = try sampleBytes("tasks/mine.graph.json"), t = try sampleBytes("tasks/theirs.graph.json")
        let missing = GitInputs.SchemaFile(path: "nowhere.json", bytes: nil)
        XCTAssertEqual(GitMergeDriver.merge(path: "p", base: m, current: m, other: t, schema: missing, markers: .init()).notes,
                       ["merging as plain JSON: schema nowhere.json not found"])
        let unreadable = GitInputs.SchemaFile(path: "s.json", bytes: nil, readError: "Permission denied")
        XCTAssertEqual(GitMergeDriver.merge(path: "p", base: m, current: m, other: t, schema: unreadable, markers: .init()).notes,
                       ["merging as plain JSON: schema s.json is not valid: Permission denied"])
        let notJSON = Array("not json\n".utf8)
        XCTAssertEqual(GitMergeDriver.merge(path: "p", base: m, current: notJSON, other: t, schema: try schemaFile(), markers: .init()).notes,
                       ["merging by lines: ours is not JSON: 1:1: expected a value, found 'n'"])
        // A JSON Schema named by $schema is no step down; given with --schema it is a broken schema.
        let jsonSchema = GitInputs.SchemaFile(path: "s.json", bytes: Array(#"{"type": "object"}"#.utf8))
        XCTAssertEqual(GitInputs.classify([GitInputs.Version(label: "ours", bytes: m)], schema: jsonSchema).reason, nil)
        var given = jsonSchema
        given.isGiven = true
        XCTAssertEqual(GitInputs.classify([GitInputs.Version(label: "ours", bytes: m)], schema: given).reason?.hasPrefix("schema s.json is not valid: "), true)
    }

    func test_diffDriver_reportsGraphChanges_orFallsBack() throws {
        let b = try sampleBytes("tasks/base.graph.json"), t = try sampleBytes("tasks/theirs.graph.json")
        let report = GitDiffDriver.describe(path: "tasks/base.graph.json", newPath: "tasks/base.graph.json", old: b, new: t,
                                            schema: try schemaFile(), color: false)
        XCTAssertTrue(report.different)
        XCTAssertNil(report.note)
        XCTAssertTrue(String(decoding: report.text, as: UTF8.self).hasPrefix("--- a/tasks/base.graph.json\n+++ b/tasks/base.graph.json\n~ Task \"t3\""))
        let lines = GitDiffDriver.describe(path: "x", newPath: "x", old: Array("a\n".utf8), new: Array("b\n".utf8), schema: nil, color: false)
        XCTAssertEqual(lines.note, "diffing by lines: old is not JSON: 1:1: expected a value, found 'a'")
        XCTAssertEqual(GitDiffDriver.describe(path: "x", newPath: "x", old: b, new: b, schema: nil, color: false).different, false)
    }

    func test_diffDriver_plainJSON_namesIndicesInTheDocumentThatHoldsThem() {
        let report = GitDiffDriver.describe(path: "p.json", newPath: "p.json", old: Array(#"{"a": ["x", "y", "z"]}"#.utf8),
                                            new: Array(#"{"a": ["w", "x", "y"]}"#.utf8), schema: nil, color: false)
        XCTAssertTrue(report.different)
        XCTAssertNil(report.note)
        XCTAssertEqual(String(decoding: report.text, as: UTF8.self), """
            --- a/p.json
            +++ b/p.json
            - /a/2 (old): "z"
            + /a/0: "w"

            1 added, 1 removed, 0 changed, 0 moved

            """)
    }
}
