import XCTest
@testable import GraphDiff

/// Relationships without an inverse: how the schema reads, stores and
/// writes them, and what it refuses.
final class OneWayRelationshipTests: XCTestCase {
    private func schema(_ entities: String) -> String {
        "{\"format\": \"graphdiff-schema/1\", \"name\": \"T\",\n\"entities\": {\n\(entities)\n}}"
    }

    func test_load_withoutInverse_isStoredOnTheSourceOnly() throws {
        let schema = try Schema.load(Array(schema("""
            "A": {"identity": "id", "attributes": {"id": {"type": "string"}},
                  "relationships": {"one": {"destination": "B"}, "many": {"destination": "B", "toMany": true}}},
            "B": {"identity": "id", "attributes": {"id": {"type": "string"}}}
            """).utf8))
        let a = try XCTUnwrap(schema.entity(named: "A"))
        XCTAssertNil(a.property(named: "one")?.relationship?.inverse)
        XCTAssertEqual(a.property(named: "one")?.relationship?.storage, .toOne)
        XCTAssertEqual(a.property(named: "many")?.relationship?.storage, .manyToMany)
        XCTAssertEqual(a.storedProperties.map(\.name), ["many", "one"])
        XCTAssertEqual(schema.entity(named: "B")?.storedProperties.map(\.name), [])
        // Written without "inverse"; read back, the same model.
        let again = try Schema.load(Array(JSONWriter.string(schema.encoded()).utf8))
        XCTAssertEqual(again.fingerprint, schema.fingerprint)
        XCTAssertEqual(JSONWriter.string(schema.encoded()).contains("inverse"), false)
    }

    func test_builtInCode_inverseDefaultsToNil() throws {
        let r = Relationship(name: "r", destination: "B")
        XCTAssertNil(r.inverse)
        let schema = try Schema(name: "T", version: 1, entities: [
            Entity(name: "A", relationships: [Relationship(name: "r", destination: "B", toMany: true)]), Entity(name: "B"),
        ])
        XCTAssertEqual(schema.entity(named: "A")?.property(named: "r")?.relationship?.storage, .manyToMany)
    }

    func test_reject_orderedWithoutInverse() {
        let problems = schemaProblems(schema("""
            "L": {"relationships": {"items": {"destination": "I", "toMany": true, "ordered": {"prev": "p", "next": "n"}}}},
            "I": {"relationships": {"p": {"destination": "I", "inverse": "n"}, "n": {"destination": "I", "inverse": "p"}}}
            """))
        XCTAssertEqual(problems.map(\.description),
                       ["3:71: ordered relationship \"L.items\" needs a to-one inverse (the owner of each chain)"])
    }

    func test_reject_aOneWayReferenceNamedAsAnInverse() {
        let problems = schemaProblems(schema("""
            "A": {"relationships": {"b": {"destination": "B", "inverse": "a"}}},
            "B": {"relationships": {"a": {"destination": "A"}}}
            """))
        XCTAssertEqual(problems.map(\.message), ["inverse mismatch: \"B.a\" has no inverse (a one-way reference), not \"A.b\""])
    }

    func test_graph_danglingOneWayReference_namesObjectAndProperty() throws {
        let schema = try Schema.load(Array(schema("""
            "A": {"identity": "id", "attributes": {"id": {"type": "string"}},
                  "relationships": {"one": {"destination": "A"}, "many": {"destination": "A", "toMany": true}}}
            """).utf8))
        let problems = graphProblems("""
            {"objects": {"A": {"a1": {"one": "a2", "many": ["a1", "a3"]}, "a2": {"one": null, "many": []}}}}
            """, schema: schema)
        XCTAssertEqual(problems.map(\.description), ["1:40: A \"a1\".many: dangling reference to A \"a3\": no such object"])
        XCTAssertEqual(problems.map(\.kind), [.danglingReference])
    }
}
