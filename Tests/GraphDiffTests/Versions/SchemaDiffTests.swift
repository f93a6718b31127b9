import XCTest
@testable import GraphDiff

/// The changes between two hand-written versions of a model that touch every
/// aspect and every classification, listed exactly and in order.
final class SchemaDiffTests: XCTestCase {
    static func schema(_ text: String) throws -> Schema { try Schema.load(Array(text.utf8)) }

    /// One change a line: `KIND ENTITY[.PROPERTY] [from OLD] [ASPECT: OLD → NEW] (MIGRATION: REASON)`.
    static func lines(_ changes: [SchemaChange]) -> [String] {
        changes.map { c in
            var line = "\(c.kind.rawValue) \(c.entity)" + (c.property.map { "." + $0 } ?? "")
            if let from = c.from { line += " from \(from)" }
            if let aspect = c.aspect {
                line += " \(aspect): " + JSONWriter.string(c.oldValue ?? .null, style: .compactSorted)
                    + " → " + JSONWriter.string(c.newValue ?? .null, style: .compactSorted)
            }
            return line + " (\(c.migration.rawValue): \(c.reason))"
        }
    }

    static let v1 = """
        {"format": "graphdiff-schema/1", "name": "Tasks", "version": 1, "entities": {
          "Archive": {"attributes": {"when": {"type": "date"}}},
          "Base": {"abstract": true, "attributes": {"b": {"type": "string", "optional": true}}},
          "Shape": {"attributes": {"s": {"type": "string", "optional": true}}},
          "Circle": {"parent": "Shape", "attributes": {"r": {"type": "double"}}},
          "List": {"identity": "id", "attributes": {"id": {"type": "string"}, "extra": {"type": "json", "optional": true}},
                   "relationships": {"items": {"destination": "Todo", "toMany": true, "inverse": "list", "deleteRule": "cascade"}}},
          "Note": {"attributes": {"text": {"type": "string"}},
                   "relationships": {"about": {"destination": "Todo", "inverse": "notes"}}},
          "Person": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"todos": {"destination": "Todo", "toMany": true, "inverse": "owner"},
                                       "reviewed": {"destination": "Todo", "toMany": true, "inverse": "reviewer"}}},
          "Tag": {"attributes": {"label": {"type": "string"}},
                  "relationships": {"todos": {"destination": "Todo", "toMany": true, "inverse": "tags", "minCount": 2, "maxCount": 5},
                                    "pin": {"destination": "Todo", "inverse": "pinnedBy"},
                                    "star": {"destination": "Todo", "inverse": "starredBy"}}},
          "Todo": {"identity": "id",
                   "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "note": {"type": "string", "optional": true},
                                  "priority": {"type": "int32", "default": 1}, "rank": {"type": "int32", "default": 1},
                                  "done": {"type": "bool"}, "cache": {"type": "json", "optional": true, "transient": true},
                                  "legacy": {"type": "string", "optional": true}, "count": {"type": "int32", "optional": true}},
                   "relationships": {"list": {"destination": "List", "inverse": "items"},
                                     "tags": {"destination": "Tag", "toMany": true, "inverse": "todos"},
                                     "owner": {"destination": "Person", "inverse": "todos"},
                                     "reviewer": {"destination": "Person", "inverse": "reviewed"},
                                     "notes": {"destination": "Note", "toMany": true, "inverse": "about"},
                                     "pinnedBy": {"destination": "Tag", "toMany": true, "inverse": "pin"},
                                     "starredBy": {"destination": "Tag", "toMany": true, "inverse": "star"},
                                     "prev": {"destination": "Todo", "inverse": "next"},
                                     "next": {"destination": "Todo", "inverse": "prev"}}}
        }}
        """

    /// v1 with every kind of change, its members in another order and a
    /// `renamedFrom` that names the entity itself (noise).
    static let v2 = """
        {"format": "graphdiff-schema/1", "name": "Tasks", "version": 2, "entities": {
          "Todo": {"identity": "id",
                   "attributes": {"name": {"type": "string", "renamedFrom": "title"}, "id": {"type": "string"},
                                  "note": {"type": "string", "default": ""},
                                  "priority": {"type": "int64", "default": 1}, "rank": {"type": "int32", "default": 2},
                                  "done": {"type": "bool", "transient": true}, "cache": {"type": "json", "optional": true},
                                  "count": {"type": "int32"}, "due": {"type": "date", "optional": true}, "code": {"type": "string"}},
                   "relationships": {"list": {"destination": "List", "inverse": "items", "optional": false},
                                     "tags": {"destination": "Tag", "toMany": true, "inverse": "todos", "deleteRule": "deny",
                                              "minCount": 1, "maxCount": 10},
                                     "assignee": {"destination": "Member", "inverse": "todos", "renamedFrom": "owner"},
                                     "reviewer": {"destination": "Member", "toMany": true, "inverse": "reviewed"},
                                     "pinnedBy": {"destination": "Tag", "toMany": true, "inverse": "star"},
                                     "starredBy": {"destination": "Tag", "toMany": true, "inverse": "pin"},
                                     "next": {"destination": "Todo", "inverse": "prev"},
                                     "prev": {"destination": "Todo", "inverse": "next"}}},
          "Tag": {"identity": "label", "renamedFrom": "Tag", "attributes": {"label": {"type": "string"}},
                  "relationships": {"todos": {"destination": "Todo", "toMany": true, "inverse": "tags", "minCount": 1},
                                    "pin": {"destination": "Todo", "inverse": "starredBy"},
                                    "star": {"destination": "Todo", "inverse": "pinnedBy"},
                                    "notes": {"destination": "Note", "toMany": true, "inverse": "about"},
                                    "list": {"destination": "List", "inverse": "extra"}}},
          "Note": {"atomic": true, "attributes": {"text": {"type": "string"}},
                   "relationships": {"about": {"destination": "Tag", "inverse": "notes"}}},
          "Member": {"renamedFrom": "Person", "identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"todos": {"destination": "Todo", "toMany": true, "inverse": "assignee"},
                                       "reviewed": {"destination": "Todo", "toMany": true, "inverse": "reviewer"},
                                       "mentor": {"destination": "Member", "inverse": "mentees", "optional": false},
                                       "mentees": {"destination": "Member", "toMany": true, "inverse": "mentor", "minCount": 1},
                                       "projects": {"destination": "Project", "toMany": true, "inverse": "lead"}}},
          "Project": {"attributes": {"title": {"type": "string"}},
                      "relationships": {"lead": {"destination": "Member", "inverse": "projects", "optional": false}}},
          "List": {"identity": "id", "attributes": {"id": {"type": "string"}},
                   "relationships": {"items": {"destination": "Todo", "toMany": true, "inverse": "list", "deleteRule": "cascade",
                                               "ordered": {"prev": "prev", "next": "next"}},
                                     "extra": {"destination": "Tag", "toMany": true, "inverse": "list"}}},
          "Circle": {"parent": "Base", "attributes": {"r": {"type": "double"}}},
          "Shape": {"abstract": true, "attributes": {"s": {"type": "string", "optional": true}}},
          "Base": {"attributes": {"b": {"type": "string", "optional": true}}}
        }}
        """

    func test_everyAspect_classifiedAndOrdered() throws {
        let changes = SchemaDiff.changes(from: try Self.schema(Self.v1), to: try Self.schema(Self.v2))
        XCTAssertEqual(Self.lines(changes), [
            "removed Archive (inferred: its objects are dropped, with references to them)",
            "modified Base abstract: true → false (inferred: an abstract entity has no objects of its own)",
            "modified Circle parent: \"Shape\" → \"Base\" (mapping: objects move to another inheritance hierarchy)",
            "added Circle.b (inferred: optional)",
            "removed Circle.s (inferred: its values are dropped)",
            "modified List.extra kind: \"attribute\" → \"relationship\" (mapping: an attribute became a relationship)",
            "modified List.items ordered: false → {\"next\":\"next\",\"prev\":\"prev\"} (inferred: chains are built in identity order)",
            "renamed Member from Person (inferred: paired by its renaming identifier)",
            "added Member.mentees (mapping: a to-many with minCount 1)",
            "added Member.mentor (mapping: a required to-one)",
            "added Member.projects (inferred: a to-many with no minimum)",
            "modified Note atomic: false → true (inferred: changes merge behaviour only)",
            "modified Note.about destination: \"Todo\" → \"Tag\" (mapping: references point to another entity)",
            "added Project (inferred: new entity, no existing objects)",
            "modified Shape abstract: false → true (mapping: its existing objects need another entity)",
            "modified Tag identity: null → \"label\" (mapping: objects are identified by another attribute)",
            "added Tag.list (inferred: an optional to-one)",
            "added Tag.notes (inferred: a to-many with no minimum)",
            "modified Tag.pin inverse: \"pinnedBy\" → \"starredBy\" (mapping: references pair with another relationship)",
            "modified Tag.star inverse: \"starredBy\" → \"pinnedBy\" (mapping: references pair with another relationship)",
            "modified Tag.todos minCount: 2 → 1 (inferred: a bound Core Data checks when saving; existing objects are not changed)",
            "modified Tag.todos maxCount: 5 → null (inferred: a bound Core Data checks when saving; existing objects are not changed)",
            "renamed Todo.assignee from owner (inferred: paired by its renaming identifier)",
            "modified Todo.cache transient: true → false (inferred: stored again: optional)",
            "added Todo.code (mapping: required without a default)",
            "modified Todo.count optional: true → false (mapping: required without a default)",
            "modified Todo.done transient: false → true (inferred: values are no longer stored)",
            "added Todo.due (inferred: optional)",
            "removed Todo.legacy (inferred: its values are dropped)",
            "modified Todo.list optional: true → false (mapping: existing objects may have no reference)",
            "renamed Todo.name from title (inferred: paired by its renaming identifier)",
            "modified Todo.note optional: true → false (inferred: nulls get the default)",
            "modified Todo.note default: null → \"\" (inferred: applies to new objects only)",
            "removed Todo.notes (inferred: its references are dropped)",
            "modified Todo.pinnedBy inverse: \"pin\" → \"star\" (mapping: references pair with another relationship)",
            "modified Todo.priority type: \"int32\" → \"int64\" (mapping: values must be converted from int32 to int64)",
            "modified Todo.rank default: 1 → 2 (inferred: applies to new objects only)",
            "modified Todo.reviewer toMany: false → true (inferred: a to-one becomes a to-many: each reference becomes a list of one)",
            "modified Todo.starredBy inverse: \"star\" → \"pin\" (mapping: references pair with another relationship)",
            "modified Todo.tags minCount: null → 1 (inferred: a bound Core Data checks when saving; existing objects are not changed)",
            "modified Todo.tags maxCount: null → 10 (inferred: a bound Core Data checks when saving; existing objects are not changed)",
            "modified Todo.tags deleteRule: \"nullify\" → \"deny\" (inferred: affects later deletions only)",
        ])
    }

    func test_reversed_swapsEachClassificationThatHasTwoDirections() throws {
        let changes = SchemaDiff.changes(from: try Self.schema(Self.v2), to: try Self.schema(Self.v1))
        let lines = Self.lines(changes)
        XCTAssertTrue(lines.contains("added Archive (inferred: new entity, no existing objects)"), "\(lines)")
        XCTAssertTrue(lines.contains("removed Project (inferred: its objects are dropped, with references to them)"))
        XCTAssertTrue(lines.contains("modified Base abstract: false → true (mapping: its existing objects need another entity)"))
        XCTAssertTrue(lines.contains("modified Todo.list optional: false → true (inferred: required becomes optional)"))
        XCTAssertTrue(lines.contains("modified Todo.count optional: false → true (inferred: required becomes optional)"))
        XCTAssertTrue(lines.contains("modified Todo.reviewer toMany: true → false (mapping: a to-many becomes a to-one)"))
        XCTAssertTrue(lines.contains("modified List.items ordered: {\"next\":\"next\",\"prev\":\"prev\"} → false (inferred: chain links are dropped)"))
        XCTAssertTrue(lines.contains("modified Todo.tags minCount: 1 → null (inferred: a bound Core Data checks when saving; existing objects are not changed)"))
        XCTAssertTrue(lines.contains("modified Tag.todos maxCount: null → 5 (inferred: a bound Core Data checks when saving; existing objects are not changed)"))
        XCTAssertTrue(lines.contains("modified Todo.cache transient: false → true (inferred: values are no longer stored)"))
        XCTAssertTrue(lines.contains("modified Todo.done transient: true → false (mapping: stored again: required without a default)"))
        XCTAssertTrue(lines.contains("added Todo.legacy (inferred: optional)"))
        XCTAssertTrue(lines.contains("modified Tag identity: \"label\" → null (mapping: objects are identified by another attribute)"))
        // OLD's renaming identifier pairs too (Member in OLD is renamedFrom
        // Person, the name in NEW), so the rename reads backwards.
        XCTAssertTrue(lines.contains("renamed Person from Member (inferred: paired by its renaming identifier)"))
        XCTAssertTrue(lines.contains("renamed Todo.owner from assignee (inferred: paired by its renaming identifier)"))
        XCTAssertFalse(lines.contains { $0.hasPrefix("modified Todo.owner") || $0.hasPrefix("modified Person.todos") })
        XCTAssertEqual(changes.count, lines.count)
    }

    func test_sameModel_noChanges() throws {
        for text in [Self.v1, Self.v2] {
            let s = try Self.schema(text)
            XCTAssertEqual(SchemaDiff.changes(from: s, to: s), [])
            let reloaded = try Schema.load(s.encoded(), source: nil)
            XCTAssertEqual(SchemaDiff.changes(from: s, to: reloaded), [])
        }
    }

    func test_renamesFollowedThroughReferences_areNoChange() throws {
        let old = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {
              "P": {"identity": "key", "attributes": {"key": {"type": "string"}},
                    "relationships": {"kids": {"destination": "K", "toMany": true, "inverse": "up",
                                               "ordered": {"prev": "before", "next": "after"}}}},
              "K": {"parent": "P", "relationships": {"up": {"destination": "P", "inverse": "kids"},
                                                     "before": {"destination": "K", "inverse": "after"},
                                                     "after": {"destination": "K", "inverse": "before"}}}}}
            """)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {
              "Q": {"renamedFrom": "P", "identity": "id", "attributes": {"id": {"type": "string", "renamedFrom": "key"}},
                    "relationships": {"children": {"renamedFrom": "kids", "destination": "L", "toMany": true, "inverse": "parent",
                                                   "ordered": {"prev": "prev", "next": "next"}}}},
              "L": {"renamedFrom": "K", "parent": "Q",
                    "relationships": {"parent": {"renamedFrom": "up", "destination": "Q", "inverse": "children"},
                                      "prev": {"renamedFrom": "before", "destination": "L", "inverse": "next"},
                                      "next": {"renamedFrom": "after", "destination": "L", "inverse": "prev"}}}}}
            """)
        XCTAssertEqual(Self.lines(SchemaDiff.changes(from: old, to: new)), [
            "renamed L from K (inferred: paired by its renaming identifier)",
            "renamed L.next from after (inferred: paired by its renaming identifier)",
            "renamed L.parent from up (inferred: paired by its renaming identifier)",
            "renamed L.prev from before (inferred: paired by its renaming identifier)",
            "renamed Q from P (inferred: paired by its renaming identifier)",
            "renamed Q.children from kids (inferred: paired by its renaming identifier)",
            "renamed Q.id from key (inferred: paired by its renaming identifier)",
        ])
    }

    func test_addedAttributeClassification() throws {
        let old = try Self.schema(#"{"format": "graphdiff-schema/1", "entities": {"E": {}}}"#)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"attributes": {
              "a": {"type": "string"}, "b": {"type": "string", "optional": true}, "c": {"type": "int16", "default": 3},
              "d": {"type": "uuid", "transient": true}}}}}
            """)
        XCTAssertEqual(Self.lines(SchemaDiff.changes(from: old, to: new)), [
            "added E.a (mapping: required without a default)",
            "added E.b (inferred: optional)",
            "added E.c (inferred: required with a default)",
            "added E.d (inferred: transient, never stored)",
        ])
    }

    func test_defaultsCompareAsTheirType() throws {
        let old = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"attributes": {
              "d": {"type": "double", "default": 1.0}, "u": {"type": "uuid", "default": "0B7E7B46-8A7A-4F3B-9E4B-0C1D2E3F4A5B"}}}}}
            """)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"attributes": {
              "d": {"type": "double", "default": 1}, "u": {"type": "uuid", "default": "0b7e7b46-8a7a-4f3b-9e4b-0c1d2e3f4a5b"}}}}}
            """)
        XCTAssertEqual(SchemaDiff.changes(from: old, to: new), [])
    }
    /// A parent NEW adds and leaving a hierarchy are inferred, with the
    /// properties gained or lost listed on the entity; a parent OLD already
    /// has merges two hierarchies and needs a mapping.
    func test_parentChanges_newParentAndLeavingAreInferred_existingParentIsMapping() throws {
        let old = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {
              "Base": {"identity": "uid", "attributes": {"uid": {"type": "string"}, "born": {"type": "date", "optional": true}}},
              "Pet": {"parent": "Base", "attributes": {"legs": {"type": "int16", "default": 4}}},
              "Toy": {"identity": "uid", "attributes": {"uid": {"type": "string"}}},
              "Car": {"identity": "uid", "attributes": {"uid": {"type": "string"}}}}}
            """)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {
              "Base": {"identity": "uid", "attributes": {"uid": {"type": "string"}, "born": {"type": "date", "optional": true}}},
              "Pet": {"identity": "uid", "attributes": {"uid": {"type": "string"}, "legs": {"type": "int16", "default": 4}}},
              "Thing": {"identity": "uid", "attributes": {"uid": {"type": "string"}, "label": {"type": "string", "default": "?"},
                                                          "code": {"type": "string"}}},
              "Toy": {"parent": "Thing"},
              "Car": {"parent": "Base"}}}
            """)
        XCTAssertEqual(Self.lines(SchemaDiff.changes(from: old, to: new)), [
            "modified Car parent: null → \"Base\" (mapping: objects move to another inheritance hierarchy)",
            "added Car.born (inferred: optional)",
            "modified Pet parent: \"Base\" → null (inferred: the entity leaves its hierarchy)",
            "removed Pet.born (inferred: its values are dropped)",
            "added Thing (inferred: new entity, no existing objects)",
            "modified Toy parent: null → \"Thing\" (inferred: a new parent entity)",
            "added Toy.code (mapping: required without a default)",
            "added Toy.label (inferred: required with a default)",
        ])
    }

    /// The values of a transient attribute are not stored: every change of
    /// one is inferred, and none says its values are dropped or converted.
    func test_transientAttributeChanges_areAllInferred() throws {
        let old = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"attributes": {
              "t": {"type": "string", "optional": true, "transient": true, "default": "x"},
              "gone": {"type": "string", "transient": true},
              "s": {"type": "string"}}}}}
            """)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"attributes": {
              "t": {"type": "int32", "transient": true},
              "s": {"type": "int64", "transient": true}}}}}
            """)
        XCTAssertEqual(Self.lines(SchemaDiff.changes(from: old, to: new)), [
            "removed E.gone (inferred: transient: its values are not stored)",
            "modified E.s type: \"string\" → \"int64\" (inferred: values are no longer stored)",
            "modified E.s transient: false → true (inferred: values are no longer stored)",
            "modified E.t type: \"string\" → \"int32\" (inferred: transient: its values are not stored)",
            "modified E.t optional: true → false (inferred: transient: its values are not stored)",
            "modified E.t default: \"x\" → null (inferred: transient: its values are not stored)",
        ])
    }

    /// graphdiff does not enforce minCount and maxCount: a change of either,
    /// either way, is inferred.
    func test_countChanges_areInferredEitherWay() throws {
        let old = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"relationships": {
              "a": {"destination": "E", "toMany": true, "inverse": "b", "minCount": 1, "maxCount": 5},
              "b": {"destination": "E", "toMany": true, "inverse": "a"}}}}}
            """)
        let new = try Self.schema("""
            {"format": "graphdiff-schema/1", "entities": {"E": {"relationships": {
              "a": {"destination": "E", "toMany": true, "inverse": "b", "maxCount": 9},
              "b": {"destination": "E", "toMany": true, "inverse": "a", "minCount": 2, "maxCount": 3}}}}}
            """)
        let bound = "inferred: a bound Core Data checks when saving; existing objects are not changed"
        XCTAssertEqual(Self.lines(SchemaDiff.changes(from: old, to: new)), [
            "modified E.a minCount: 1 → null (\(bound))",
            "modified E.a maxCount: 5 → 9 (\(bound))",
            "modified E.b minCount: null → 2 (\(bound))",
            "modified E.b maxCount: null → 3 (\(bound))",
        ])
    }
}
