import XCTest
@testable import GraphDiff

/// `Migration`: one test per kind of inferred change, each comparing the
/// whole canonical text of the migrated graph.
final class MigrationTests: XCTestCase {
    private func schema(_ entities: String) throws -> Schema {
        try Schema.load(Array(#"{"format": "graphdiff-schema/1", "name": "M", "entities": {"#.utf8) + Array(entities.utf8) + Array("}}".utf8))
    }

    /// Lists own items; items have tags (many-to-many); Special is a kind of Item.
    private let v1 = """
        "List": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
                 "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "list", "deleteRule": "cascade"}}},
        "Item": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"},
                                                  "note": {"type": "string", "optional": true}},
                 "relationships": {"list": {"destination": "List", "inverse": "items"},
                                   "tags": {"destination": "Tag", "toMany": true, "inverse": "items"}}},
        "Special": {"parent": "Item", "attributes": {"extra": {"type": "int32", "optional": true}}},
        "Tag": {"identity": "id", "attributes": {"id": {"type": "string"}},
                "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "tags"}}}
        """

    private let graphText = """
        {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
          "List": {"l1": {"title": "Home"}},
          "Item": {"b": {"title": "Bread", "note": "brown", "list": "l1", "tags": ["t1"]},
                   "a": {"title": "Apples", "note": null, "list": "l1", "tags": ["t1"]},
                   "c": {"title": "Coffee", "note": null, "list": null, "tags": []}},
          "Special": {"s": {"title": "Saffron", "note": null, "list": "l1", "tags": ["t1"], "extra": 3}},
          "Tag": {"t1": {"items": ["a", "b", "s"]}}
        }}
        """

    private func migrate(_ text: String? = nil, from old: String? = nil, to new: String) throws -> String {
        let graph = try Graph.load(text ?? graphText, schema: try schema(old ?? v1))
        let migrated = try graph.migrated(to: try schema(new))
        XCTAssertEqual(migrated._invariantViolations(), [])
        let canonical = migrated.canonicalText()
        XCTAssertNoThrow(try Graph.load(canonical, schema: migrated.schema), "the result loads under NEW")
        return String(decoding: canonical, as: UTF8.self)
    }

    private func compact(_ text: String) throws -> String {
        JSONWriter.string(try JSONReader.parse(text), style: .compactSorted)
    }

    private func assertMigrates(to new: String, gives expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try migrate(to: new)
        XCTAssertEqual(try compact(text), try compact(expected), file: file, line: line)
    }

    func test_graphOfAnotherSchema_isRefused() throws {
        let other = try schema(#""Tag": {"identity": "id", "attributes": {"id": {"type": "string"}, "n": {"type": "int32"}}}"#)
        let graph = try Graph.load(#"{"objects": {"Tag": {"t": {"n": 1}}}}"#, schema: other)
        let migration = Migration(from: try schema(v1), to: try schema(v1))
        XCTAssertThrowsError(try migration.apply(to: graph)) { error in
            guard case .invalidResult(let problems) = error as? MigrationError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.kind), [.schemaMismatch])
        }
    }

    func test_sameSchema_isTheIdentity() throws {
        let s = try schema(v1)
        let graph = try Graph.load(graphText, schema: s)
        let migrated = try graph.migrated(to: s)
        XCTAssertEqual(migrated, graph)
        XCTAssertEqual(migrated.canonicalText(), graph.canonicalText())
    }

    func test_renamedEntityAndProperties_keepValuesUnderNewNames() throws {
        let v2 = v1.replacingOccurrences(of: #""Item": {"identity""#, with: #""Task": {"renamedFrom": "Item", "identity""#)
            .replacingOccurrences(of: #""destination": "Item""#, with: #""destination": "Task""#)
            .replacingOccurrences(of: #""parent": "Item""#, with: #""parent": "Task""#)
            .replacingOccurrences(of: #""title": {"type": "string"},"#, with: #""name": {"type": "string", "renamedFrom": "title"},"#)
            .replacingOccurrences(of: #""tags": {"destination": "Tag""#, with: #""labels": {"renamedFrom": "tags", "destination": "Tag""#)
            .replacingOccurrences(of: #""inverse": "tags""#, with: #""inverse": "labels""#)
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "labels": ["t1"], "list": "l1", "name": "Saffron", "note": null}},
              "Tag": {"t1": {"items": ["a", "b", "s"]}},
              "Task": {"a": {"labels": ["t1"], "list": "l1", "name": "Apples", "note": null},
                       "b": {"labels": ["t1"], "list": "l1", "name": "Bread", "note": "brown"},
                       "c": {"labels": [], "list": null, "name": "Coffee", "note": null}}}}
            """)
    }

    func test_addedAttributes_getTheirDefaultOrNull_andRequiredWithDefaultFillsNulls() throws {
        let v2 = v1.replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#,
                                         with: #""note": {"type": "string", "default": "none"}, "done": {"type": "bool", "default": false}, "due": {"type": "date", "optional": true}"#)
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"done": false, "due": null, "list": "l1", "note": "none", "tags": ["t1"], "title": "Apples"},
                       "b": {"done": false, "due": null, "list": "l1", "note": "brown", "tags": ["t1"], "title": "Bread"},
                       "c": {"done": false, "due": null, "list": null, "note": "none", "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"done": false, "due": null, "extra": 3, "list": "l1", "note": "none", "tags": ["t1"], "title": "Saffron"}},
              "Tag": {"t1": {"items": ["a", "b", "s"]}}}}
            """)
    }

    func test_removedAttributeRelationshipAndEntity_areDropped() throws {
        let v2 = """
            "List": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
                     "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "list", "deleteRule": "cascade"}}},
            "Item": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
                     "relationships": {"list": {"destination": "List", "inverse": "items"}}},
            "Special": {"parent": "Item", "attributes": {"extra": {"type": "int32", "optional": true}}}
            """
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "title": "Apples"}, "b": {"list": "l1", "title": "Bread"}, "c": {"list": null, "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "list": "l1", "title": "Saffron"}}}}
            """)
    }

    func test_removedSubEntity_dropsItsObjectsAndEveryReferenceToThem() throws {
        let v2 = v1.replacingOccurrences(of: #""Special": {"parent": "Item", "attributes": {"extra": {"type": "int32", "optional": true}}},"#, with: "")
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "note": null, "tags": ["t1"], "title": "Apples"},
                       "b": {"list": "l1", "note": "brown", "tags": ["t1"], "title": "Bread"},
                       "c": {"list": null, "note": null, "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Tag": {"t1": {"items": ["a", "b"]}}}}
            """)
    }

    func test_attributeBecameTransient_losesItsValues() throws {
        let v2 = v1.replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#, with: #""note": {"type": "string", "optional": true, "transient": true}"#)
        let text = try migrate(to: v2)
        XCTAssertFalse(text.contains("brown"), text)
        XCTAssertTrue(text.contains(#""note": null"#) || !text.contains(#""note""#), text)
    }

    func test_relationshipBecameOrdered_chainsMembersInIdentityOrder() throws {
        let v2 = v1.replacingOccurrences(of: #""inverse": "list", "deleteRule": "cascade"}"#,
                                         with: #""inverse": "list", "deleteRule": "cascade", "ordered": {"prev": "prev", "next": "next"}}"#)
            .replacingOccurrences(of: #""list": {"destination": "List", "inverse": "items"},"#,
                                  with: #""list": {"destination": "List", "inverse": "items"}, "prev": {"destination": "Item", "inverse": "next"}, "next": {"destination": "Item", "inverse": "prev"},"#)
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "next": "b", "note": null, "prev": null, "tags": ["t1"], "title": "Apples"},
                       "b": {"list": "l1", "next": "s", "note": "brown", "prev": "a", "tags": ["t1"], "title": "Bread"},
                       "c": {"list": null, "next": null, "note": null, "prev": null, "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "list": "l1", "next": null, "note": null, "prev": "b", "tags": ["t1"], "title": "Saffron"}},
              "Tag": {"t1": {"items": ["a", "b", "s"]}}}}
            """)
    }

    private var orderedV1: String {
        v1.replacingOccurrences(of: #""inverse": "list", "deleteRule": "cascade"}"#,
                                with: #""inverse": "list", "deleteRule": "cascade", "ordered": {"prev": "prev", "next": "next"}}"#)
            .replacingOccurrences(of: #""list": {"destination": "List", "inverse": "items"},"#,
                                  with: #""list": {"destination": "List", "inverse": "items"}, "prev": {"destination": "Item", "inverse": "next"}, "next": {"destination": "Item", "inverse": "prev"},"#)
    }

    /// b, s, a in that order: not identity order.
    private let orderedGraph = """
        {"objects": {
          "List": {"l1": {"title": "Home"}},
          "Item": {"b": {"title": "Bread", "note": null, "list": "l1", "tags": [], "prev": null, "next": "s"},
                   "a": {"title": "Apples", "note": null, "list": "l1", "tags": [], "prev": "s", "next": null}},
          "Special": {"s": {"title": "Saffron", "note": null, "list": "l1", "tags": [], "extra": null, "prev": "b", "next": "a"}},
          "Tag": {}
        }}
        """

    func test_relationshipBecameUnordered_dropsTheLinks() throws {
        let text = try migrate(orderedGraph, from: orderedV1, to: v1)
        XCTAssertEqual(try compact(text), try compact("""
            {"objects": {
              "Item": {"a": {"list": "l1", "note": null, "tags": [], "title": "Apples"},
                       "b": {"list": "l1", "note": null, "tags": [], "title": "Bread"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": null, "list": "l1", "note": null, "tags": [], "title": "Saffron"}}}}
            """))
    }

    func test_relationshipBecameUnordered_linksKeptAsPlainRelationships_areNull() throws {
        let v2 = orderedV1.replacingOccurrences(of: #", "ordered": {"prev": "prev", "next": "next"}"#, with: "")
        let text = try migrate(orderedGraph, from: orderedV1, to: v2)
        XCTAssertEqual(try compact(text), try compact("""
            {"objects": {
              "Item": {"a": {"list": "l1", "next": null, "note": null, "prev": null, "tags": [], "title": "Apples"},
                       "b": {"list": "l1", "next": null, "note": null, "prev": null, "tags": [], "title": "Bread"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": null, "list": "l1", "next": null, "note": null, "prev": null, "tags": [], "title": "Saffron"}}}}
            """))
    }

    func test_orderedRelationshipKept_keepsItsChainOrder() throws {
        let v2 = orderedV1.replacingOccurrences(of: #""title": {"type": "string"},"#, with: #""name": {"type": "string", "renamedFrom": "title"},"#)
        let old = try Graph.load(orderedGraph, schema: try schema(orderedV1))
        let migrated = try old.migrated(to: try schema(v2))
        let items = try XCTUnwrap(migrated.schema.entity(named: "List")?.relationships.first)
        XCTAssertEqual(migrated.chain(of: ObjectID(entity: "List", identity: "l1"), through: items).map(\.identity), ["b", "s", "a"])
    }

    func test_metadataKept_andItsSchemaFingerprintFollowsTheNewSchema() throws {
        let old = try schema(v1)
        let text = graphText.replacingOccurrences(of: #""device": "laptop""#, with: #""device": "laptop", "schemaFingerprint": "\#(old.fingerprint)""#)
        let v2 = v1.replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#, with: #""memo": {"type": "string", "optional": true, "renamedFrom": "note"}"#)
        let new = try schema(v2)
        let migrated = try Graph.load(text, schema: old).migrated(to: new)
        XCTAssertEqual(migrated.metadata["device"], "laptop")
        XCTAssertEqual(migrated.metadata["schemaFingerprint"], .string(new.fingerprint))
        XCTAssertEqual(migrated.schemaReference, "m.schema.json")
        XCTAssertNoThrow(try Graph.load(migrated.canonicalText(), schema: new))
    }

    func test_changesThatNeedAMapping_areRefused_listingEach() throws {
        let v2 = v1.replacingOccurrences(of: #""list": {"destination": "List", "inverse": "items"}"#,
                                         with: #""list": {"destination": "List", "inverse": "items", "optional": false}"#)
            .replacingOccurrences(of: #""extra": {"type": "int32", "optional": true}"#, with: #""extra": {"type": "string", "optional": true}"#)
            .replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#,
                                  with: #""note": {"type": "string", "optional": true}, "size": {"type": "int16"}"#)
        let graph = try Graph.load(graphText, schema: try schema(v1))
        XCTAssertThrowsError(try graph.migrated(to: try schema(v2))) { error in
            guard case .needsMapping(let changes) = error as? MigrationError else { return XCTFail("\(error)") }
            XCTAssertEqual(changes.map { "\($0.entity).\($0.property ?? "") \($0.kind) \($0.aspect ?? "-") \($0.migration)" }, [
                "Item.list modified optional mapping",
                "Item.size added - mapping",
                "Special.extra modified type mapping",
            ])
            XCTAssertEqual("\(error)", """
                Item.list: modified (optional): needs a mapping: existing objects may have no reference
                Item.size: added: needs a mapping: required without a default
                Special.extra: modified (type): needs a mapping: \(changes[2].reason)
                """)
        }
        XCTAssertEqual(Migration(from: graph.schema, to: try schema(v2)).mappingChanges.count, 3)
        XCTAssertEqual(Migration(from: graph.schema, to: graph.schema).mappingChanges, [])
    }

    func test_resultThatNewRejects_isAnErrorListingEveryProblem() throws {
        // Items must have a list; Archive, a kind of list, is removed (an
        // inferred change), so the items of archived lists lose theirs.
        let old = """
            "List": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "list", "deleteRule": "cascade"}}},
            "Archive": {"parent": "List"},
            "Item": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"list": {"destination": "List", "inverse": "items", "optional": false}}}
            """
        let new = old.replacingOccurrences(of: #""Archive": {"parent": "List"},"#, with: "")
        let graph = try Graph.load("""
            {"objects": {"List": {"l1": {}}, "Archive": {"old": {}},
                         "Item": {"a": {"list": "l1"}, "x": {"list": "old"}, "y": {"list": "old"}}}}
            """, schema: try schema(old))
        XCTAssertEqual(Migration(from: graph.schema, to: try schema(new)).mappingChanges, [])
        XCTAssertThrowsError(try graph.migrated(to: try schema(new))) { error in
            XCTAssertEqual(error as? MigrationError, .invalidResult([
                GraphProblem(.missingRequired, #"required relationship "list" is null"#, entity: "Item", identity: "x", property: "list"),
                GraphProblem(.missingRequired, #"required relationship "list" is null"#, entity: "Item", identity: "y", property: "list"),
            ]))
            XCTAssertEqual("\(error)", """
                Item "x".list: required relationship "list" is null
                Item "y".list: required relationship "list" is null
                """)
        }
    }
    /// Tag gains a parent NEW adds: its objects stay Tags and get the
    /// attribute they now inherit.
    func test_newParentEntity_objectsStayAndGainInheritedProperties() throws {
        let v2 = v1.replacingOccurrences(of: #""Tag": {"identity": "id", "attributes": {"id": {"type": "string"}},"#,
                                         with: #""Thing": {"identity": "id", "attributes": {"id": {"type": "string"}, "label": {"type": "string", "default": "?"}}}, "Tag": {"parent": "Thing","#)
        XCTAssertEqual(SchemaDiffTests.lines(SchemaDiff.changes(from: try schema(v1), to: try schema(v2))), [
            "modified Tag parent: null → \"Thing\" (inferred: a new parent entity)",
            "added Tag.label (inferred: required with a default)",
            "added Thing (inferred: new entity, no existing objects)",
        ])
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "note": null, "tags": ["t1"], "title": "Apples"},
                       "b": {"list": "l1", "note": "brown", "tags": ["t1"], "title": "Bread"},
                       "c": {"list": null, "note": null, "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "list": "l1", "note": null, "tags": ["t1"], "title": "Saffron"}},
              "Tag": {"t1": {"items": ["a", "b", "s"], "label": "?"}}}}
            """)
    }

    /// Special leaves Item's hierarchy: its objects stay Specials, lose what
    /// they inherited, and references to them as Items are dropped.
    func test_entityLeavesHierarchy_objectsStayAndLoseInheritedProperties() throws {
        let v2 = v1.replacingOccurrences(of: #""Special": {"parent": "Item", "attributes": {"extra""#,
                                         with: #""Special": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "extra""#)
        XCTAssertEqual(SchemaDiffTests.lines(SchemaDiff.changes(from: try schema(v1), to: try schema(v2))), [
            "modified Special parent: \"Item\" → null (inferred: the entity leaves its hierarchy)",
            "removed Special.list (inferred: its references are dropped)",
            "removed Special.note (inferred: its values are dropped)",
            "removed Special.tags (inferred: its references are dropped)",
        ])
        try assertMigrates(to: v2, gives: """
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "note": null, "tags": ["t1"], "title": "Apples"},
                       "b": {"list": "l1", "note": "brown", "tags": ["t1"], "title": "Bread"},
                       "c": {"list": null, "note": null, "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "title": "Saffron"}},
              "Tag": {"t1": {"items": ["a", "b"]}}}}
            """)
    }

    /// List and Tag both gain a new parent: an identity used by both is
    /// refused, as the new root holds it twice.
    func test_newParent_identityUsedInBothEntities_isRefused() throws {
        let v2 = v1.replacingOccurrences(of: #""Tag": {"identity": "id", "attributes": {"id": {"type": "string"}},"#,
                                         with: #""Thing": {"identity": "id", "attributes": {"id": {"type": "string"}}}, "Tag": {"parent": "Thing","#)
            .replacingOccurrences(of: #""List": {"identity": "id", "attributes": {"id": {"type": "string"}, "title""#,
                                  with: #""List": {"parent": "Thing", "attributes": {"title""#)
        let graph = try Graph.load(graphText.replacingOccurrences(of: "t1", with: "l1"), schema: try schema(v1))
        XCTAssertThrowsError(try graph.migrated(to: try schema(v2))) { error in
            guard case .invalidResult(let problems) = error as? MigrationError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.map(\.description), [
                "Tag \"l1\": identity \"l1\" is used twice in the hierarchy of Thing in the new schema",
            ])
        }
    }

    /// A transient attribute's values are not stored: a change of its type
    /// drops them instead of converting.
    func test_transientTypeChange_dropsTheValues() throws {
        let old = v1.replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#,
                                          with: #""note": {"type": "string", "optional": true, "transient": true}"#)
        let new = v1.replacingOccurrences(of: #""note": {"type": "string", "optional": true}"#,
                                          with: #""note": {"type": "int32", "transient": true}"#)
        let text = try migrate(from: old, to: new)
        XCTAssertEqual(try compact(text), try compact("""
            {"$schema": "m.schema.json", "metadata": {"device": "laptop"}, "objects": {
              "Item": {"a": {"list": "l1", "note": null, "tags": ["t1"], "title": "Apples"},
                       "b": {"list": "l1", "note": null, "tags": ["t1"], "title": "Bread"},
                       "c": {"list": null, "note": null, "tags": [], "title": "Coffee"}},
              "List": {"l1": {"title": "Home"}},
              "Special": {"s": {"extra": 3, "list": "l1", "note": null, "tags": ["t1"], "title": "Saffron"}},
              "Tag": {"t1": {"items": ["a", "b", "s"]}}}}
            """))
    }

    /// Bounds are not enforced: a tightened maxCount that existing objects
    /// break is carried out, the objects unchanged.
    func test_tightenedBounds_areNotRefused() throws {
        let v2 = v1.replacingOccurrences(of: #""items": {"destination": "Item", "toMany": true, "inverse": "tags"}"#,
                                         with: #""items": {"destination": "Item", "toMany": true, "inverse": "tags", "maxCount": 1}"#)
            .replacingOccurrences(of: #""tags": {"destination": "Tag", "toMany": true, "inverse": "items"}"#,
                                  with: #""tags": {"destination": "Tag", "toMany": true, "inverse": "items", "minCount": 2}"#)
        XCTAssertNotEqual(v1, v2)
        let text = try migrate(to: v2)
        XCTAssertEqual(try compact(text), try compact(String(decoding: try Graph.load(graphText, schema: try schema(v1)).canonicalText(), as: UTF8.self)))
    }
}
