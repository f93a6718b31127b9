import XCTest
@testable import GraphDiff

final class SchemaCorrespondenceTests: XCTestCase {
    private func schema(_ text: String) throws -> Schema { try Schema.load(Array(text.utf8)) }

    private let v1 = """
        {"format": "graphdiff-schema/1", "name": "M", "entities": {
          "Todo": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"},
                                                    "note": {"type": "string", "optional": true}}},
          "Tag": {"attributes": {"label": {"type": "string"}}}
        }}
        """

    func test_renamingIdentifiers_pairFirst_thenNames() throws {
        let v2 = try schema("""
            {"format": "graphdiff-schema/1", "name": "M", "entities": {
              "Task": {"renamedFrom": "Todo", "identity": "id", "attributes": {
                "id": {"type": "string"}, "name": {"type": "string", "renamedFrom": "title"},
                "title": {"type": "string", "optional": true}, "cache": {"type": "json", "optional": true, "transient": true}}},
              "Tag": {"attributes": {"label": {"type": "string"}}}
            }}
            """)
        let c = SchemaCorrespondence(old: try schema(v1), new: v2)
        XCTAssertEqual(c.oldEntityByNew, ["Task": "Todo", "Tag": "Tag"])
        XCTAssertEqual(c.newEntity(forOld: "Todo"), "Task")
        XCTAssertEqual(c.oldPropertyByNew["Task"], ["id": "id", "name": "title"])
        XCTAssertNil(c.oldProperty(forNew: "title", inNewEntity: "Task"), "the old title is taken by the rename")
        XCTAssertNil(c.oldProperty(forNew: "cache", inNewEntity: "Task"))
        XCTAssertEqual(c.oldPropertyByNew["Tag"], ["label": "label"])
    }

    func test_sameSchema_pairsEverythingWithItself() throws {
        let s = try schema(v1)
        let c = SchemaCorrespondence(old: s, new: s)
        XCTAssertEqual(c.oldEntityByNew, ["Todo": "Todo", "Tag": "Tag"])
        XCTAssertEqual(c.oldPropertyByNew["Todo"], ["id": "id", "title": "title", "note": "note"])
    }

    func test_newDeclarations_roundTripThroughEncoding() throws {
        let text = """
            {"format": "graphdiff-schema/1", "name": "M", "entities": {
              "A": {"renamedFrom": "Old", "attributes": {"x": {"type": "int32", "transient": true, "optional": true, "renamedFrom": "y"}},
                    "relationships": {"bs": {"destination": "B", "toMany": true, "inverse": "a", "minCount": 1, "maxCount": 5, "renamedFrom": "cs"}}},
              "B": {"relationships": {"a": {"destination": "A", "inverse": "bs"}}}
            }}
            """
        let s = try schema(text)
        let a = try XCTUnwrap(s.entity(named: "A"))
        XCTAssertEqual(a.renamedFrom, "Old")
        XCTAssertEqual(a.attributes.first?.isTransient, true)
        XCTAssertEqual(a.attributes.first?.renamedFrom, "y")
        XCTAssertEqual(a.relationships.first?.minCount, 1)
        XCTAssertEqual(a.relationships.first?.maxCount, 5)
        XCTAssertEqual(a.relationships.first?.renamedFrom, "cs")
        let again = try Schema.load(s.encoded(), source: nil)
        XCTAssertEqual(JSONWriter.string(again.encoded(), style: .compactSorted), JSONWriter.string(s.encoded(), style: .compactSorted))
        XCTAssertEqual(again.fingerprint, s.fingerprint)
    }

    func test_badCount_isAProblemWithItsPlace() throws {
        XCTAssertThrowsError(try schema("""
            {"format": "graphdiff-schema/1", "entities": {
              "A": {"relationships": {"bs": {"destination": "B", "toMany": true, "inverse": "a", "minCount": -1}}},
              "B": {"relationships": {"a": {"destination": "A", "inverse": "bs"}}}}}
            """)) { error in
            XCTAssertTrue("\(error)".contains("\"minCount\" must be a non-negative integer, found -1"), "\(error)")
        }
    }
}
