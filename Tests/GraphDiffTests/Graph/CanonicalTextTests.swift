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

    /// Large graphs are written in two halves on two cores: cut anywhere,
    /// the two parts joined are the text of the whole.
    func testObjectsWrittenInTwoPartsJoinToTheWhole() throws {
        for seed in UInt64(1)...6 {
            var generator = GraphGenerator(seed: seed)
            var editor = GraphEditor(seed: seed &+ 7)
            let (graph, _) = editor.edit(generator.graph(objectCount: 30 + Int(seed) * 5), count: 4)
            let rows = Graph.rowsByEntity(graph.objects, entityCount: graph.schema.entities.count)
            let groups = rows.indices.filter { !rows[$0].isEmpty }.sorted { utf8Less(graph.schema.entities[$0].name, graph.schema.entities[$1].name) }
            let total = groups.reduce(0) { $0 + rows[$1].count }
            func text(_ range: Range<Int>) -> [UInt8] {
                var w = JSONWriter(style: .canonical)
                graph.writeObjects(range, groups: groups, rows: rows, slotOrder: graph.canonicalSlotOrder, into: &w)
                return w.output
            }
            let whole = text(0..<total)
            XCTAssertFalse(whole.isEmpty)
            for cut in 0...total {
                XCTAssertEqual(text(0..<cut) + text(cut..<total), whole, "seed \(seed), cut at \(cut) of \(total)")
            }
        }
        // And the parallel path itself, on a graph above the threshold.
        var generator = GraphGenerator(seed: 99)
        TwoCores.lowered(1_000) { assertMatchesOracle(generator.graph(objectCount: TwoCores.minimumObjects + 1_000), "two cores") }
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
