import XCTest
import GraphDiffGenerator
@testable import GraphDiff

/// ``Graph/canonicalText()`` writes straight from the objects; its oracle is
/// the writer of documents on ``Graph/encoded()``.
final class CanonicalTextTests: XCTestCase {
    func assertMatchesOracle(_ graph: Graph, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let direct = graph.canonicalText(), oracle = JSONWriter.canonical(graph.encoded())
        XCTAssertEqual(String(decoding: direct, as: UTF8.self), String(decoding: oracle, as: UTF8.self), what, file: file, line: line)
    }

    func testSamplesMatchTheDocumentWriter() throws {
        for (graph, schema) in [("people/v1.graph.json", "people/people.schema.json"), ("people/v2.graph.json", "people/people.schema.json"),
                                ("people/v3.graph.json", "people/people.schema.json"), ("jobs/v1.graph.json", "jobs/jobs.schema.json"),
                                ("jobs/v2.graph.json", "jobs/jobs.schema.json"), ("tasks/base.graph.json", "tasks/tasks.schema.json"),
                                ("tasks/mine.graph.json", "tasks/tasks.schema.json"), ("tasks/theirs.graph.json", "tasks/tasks.schema.json")] {
            assertMatchesOracle(try sampleGraph(graph, schema: schema), graph)
        }
    }

    func testRandomEditedAndMergedGraphsMatchTheDocumentWriter() throws {
        for seed in UInt64(1)...40 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: 20 + Int(seed) * 7)
            var editor = GraphEditor(seed: seed &+ 100), other = GraphEditor(seed: seed &+ 200)
            let (mine, _) = editor.edit(base, count: 1 + Int(seed % 9))
            let (theirs, _) = other.edit(base, count: 1 + Int(seed % 5))
            assertMatchesOracle(base, "base \(seed)")
            assertMatchesOracle(mine, "mine \(seed)")
            // A merge result lists its rows out of identity order.
            assertMatchesOracle(try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph, "merge \(seed)")
        }
    }

    func testEmptyGraphsAndGraphsWithoutMetadata() throws {
        let schema = try sampleSchema("people/people.schema.json")
        assertMatchesOracle(Graph(schema: schema), "empty")
        assertMatchesOracle(Graph(schema: schema, schemaReference: "people.schema.json"), "empty with $schema")
        var graph = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        graph.metadata = JSONObject()
        graph.schemaReference = nil
        assertMatchesOracle(graph, "no metadata, no $schema")
        for id in graph.sortedIDs.prefix(3) { graph.objects[id] = nil }
        assertMatchesOracle(graph, "objects removed")
    }
}
