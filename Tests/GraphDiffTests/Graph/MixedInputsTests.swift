import XCTest
@testable import GraphDiff

/// A plain JSON input beside a graph is read as a graph of its schema;
/// graphs of different schemas are refused unless forced.
final class MixedInputsTests: XCTestCase {
    func test_jsonBesideAGraph_isReadAsAGraphOfItsSchema() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let bytes = try sampleBytes("people/v2.graph.json")
        let inputs: [MixedInputs.Input] = [.json(try JSONReader.parse(bytes), source: JSONSourceText(bytes)), .graph(v1)]
        XCTAssertEqual(MixedInputs.schemaSource(inputs), 1)
        let together = try MixedInputs.readTogether(inputs, force: false)
        XCTAssertEqual(together.compactMap(\.graph).count, 2)
        XCTAssertEqual(together[0].graph?.canonicalText(), try Graph.load(bytes, schema: v1.schema).canonicalText())
    }

    func test_noGraph_staysJSON() throws {
        let inputs: [MixedInputs.Input] = [.json(["a": 1], source: nil), .json(["a": 2], source: nil)]
        XCTAssertNil(MixedInputs.schemaSource(inputs))
        XCTAssertEqual(try MixedInputs.readTogether(inputs, force: false).compactMap(\.graph).count, 0)
    }

    func test_invalidJSONInput_namesTheInputAndItsProblems() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let text = Array(#"{"objects": {"Person": {"p9": {"age": "old", "lastName": "X"}}}}"#.utf8)
        let document = try JSONReader.parse(text)
        do {
            _ = try MixedInputs.readTogether([.graph(v1), .graph(v1), .json(document, source: JSONSourceText(text))], force: false)
            XCTFail("read")
        } catch {
            XCTAssertEqual(error.input, 2)
            XCTAssertEqual(error.problems.map { [$0.entity, $0.identity, $0.property] }, [["Person", "p9", "age"]])
            XCTAssertEqual(error.problems.first?.location?.line, 1)
        }
    }

    func test_graphsOfDifferentSchemas_areRefused_unlessForced() throws {
        let people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let tasks = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        do {
            _ = try MixedInputs.readTogether([.graph(people), .graph(tasks)], force: false)
            XCTFail("read")
        } catch {
            XCTAssertEqual(error.input, 1)
            XCTAssertEqual(error.problems.map(\.kind), [.schemaMismatch])
            XCTAssertEqual(error.problems.first?.message, #"graphs of different schemas ("People" and "Tasks")"#)
        }
        // Two versions of one schema: told apart by their fingerprints' start.
        let text = String(decoding: try sampleBytes("people/people.schema.json"), as: UTF8.self)
        let edited = try Schema.load(Array(text.replacingOccurrences(of: #""lastName""#, with: #""surname""#).utf8))
        XCTAssertEqual(edited.name, people.schema.name)
        XCTAssertEqual(people.schema.namedAgainst(edited),
                       "\"People\" \(people.schema.fingerprint.prefix(19)) and \(edited.fingerprint.prefix(19))")
        XCTAssertEqual(people.schema.namedAgainst(edited).count, #""People" sha256:0123456789ab and sha256:0123456789ab"#.count)
        XCTAssertEqual(try MixedInputs.readTogether([.graph(people), .graph(tasks)], force: true).count, 2)
    }
}
