import XCTest
@testable import GraphDiff

/// The human and JSON reports of `schema diff`, exactly.
final class SchemaDiffRenderingTests: XCTestCase {
    static let small = ("""
        {"format": "graphdiff-schema/1", "name": "M", "entities": {
          "Todo": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "old": {"type": "bool", "optional": true}}}}}
        """, """
        {"format": "graphdiff-schema/1", "name": "M", "entities": {
          "Task": {"renamedFrom": "Todo", "identity": "id",
                   "attributes": {"id": {"type": "string"}, "title": {"type": "int32"}, "due": {"type": "date", "optional": true}}}}}
        """)

    func smallChanges() throws -> [SchemaChange] {
        SchemaDiff.changes(from: try SchemaDiffTests.schema(Self.small.0), to: try SchemaDiffTests.schema(Self.small.1))
    }

    func test_human_everyAspect_groupedByEntity() throws {
        let changes = SchemaDiff.changes(from: try SchemaDiffTests.schema(SchemaDiffTests.v1), to: try SchemaDiffTests.schema(SchemaDiffTests.v2))
        XCTAssertEqual(HumanRenderer.render(changes, context: RenderContext()), """
            - Archive  (inferred: its objects are dropped, with references to them)
            ~ Base
                abstract: true → false  (inferred: an abstract entity has no objects of its own)
            ~ Circle
                parent: "Shape" → "Base"  (mapping: objects move to another inheritance hierarchy)
                + b  (inferred: optional)
                - s  (inferred: its values are dropped)
            ~ List
                ~ extra: kind "attribute" → "relationship"  (mapping: an attribute became a relationship)
                ~ items: ordered false → {"prev":"prev","next":"next"}  (inferred: chains are built in identity order)
            ~ Member
                renamed from Person  (inferred: paired by its renaming identifier)
                + mentees  (mapping: a to-many with minCount 1)
                + mentor  (mapping: a required to-one)
                + projects  (inferred: a to-many with no minimum)
            ~ Note
                atomic: false → true  (inferred: changes merge behaviour only)
                ~ about: destination "Todo" → "Tag"  (mapping: references point to another entity)
            + Project  (inferred: new entity, no existing objects)
            ~ Shape
                abstract: false → true  (mapping: its existing objects need another entity)
            ~ Tag
                identity: null → "label"  (mapping: objects are identified by another attribute)
                + list  (inferred: an optional to-one)
                + notes  (inferred: a to-many with no minimum)
                ~ pin: inverse "pinnedBy" → "starredBy"  (mapping: references pair with another relationship)
                ~ star: inverse "starredBy" → "pinnedBy"  (mapping: references pair with another relationship)
                ~ todos: minCount 2 → 1  (inferred: a bound Core Data checks when saving; existing objects are not changed)
                ~ todos: maxCount 5 → null  (inferred: a bound Core Data checks when saving; existing objects are not changed)
            ~ Todo
                ~ assignee: renamed from owner  (inferred: paired by its renaming identifier)
                ~ cache: transient true → false  (inferred: stored again: optional)
                + code  (mapping: required without a default)
                ~ count: optional true → false  (mapping: required without a default)
                ~ done: transient false → true  (inferred: values are no longer stored)
                + due  (inferred: optional)
                - legacy  (inferred: its values are dropped)
                ~ list: optional true → false  (mapping: existing objects may have no reference)
                ~ name: renamed from title  (inferred: paired by its renaming identifier)
                ~ note: optional true → false  (inferred: nulls get the default)
                ~ note: default null → ""  (inferred: applies to new objects only)
                - notes  (inferred: its references are dropped)
                ~ pinnedBy: inverse "pin" → "star"  (mapping: references pair with another relationship)
                ~ priority: type "int32" → "int64"  (mapping: values must be converted from int32 to int64)
                ~ rank: default 1 → 2  (inferred: applies to new objects only)
                ~ reviewer: toMany false → true  (inferred: a to-one becomes a to-many: each reference becomes a list of one)
                ~ starredBy: inverse "star" → "pin"  (mapping: references pair with another relationship)
                ~ tags: minCount null → 1  (inferred: a bound Core Data checks when saving; existing objects are not changed)
                ~ tags: maxCount null → 10  (inferred: a bound Core Data checks when saving; existing objects are not changed)
                ~ tags: deleteRule "nullify" → "deny"  (inferred: affects later deletions only)

            42 changes: 27 inferred, 15 need a mapping

            """)
    }

    func test_human_colour_signsGreenRedYellow_mappingRed() throws {
        let esc = "\u{1B}["
        XCTAssertEqual(HumanRenderer.render(try smallChanges(), context: RenderContext(color: true)), """
            \(esc)33m~\(esc)0m \(esc)1mTask\(esc)0m
                renamed from Todo  (inferred: paired by its renaming identifier)
                \(esc)32m+\(esc)0m due  (inferred: optional)
                \(esc)31m-\(esc)0m old  (inferred: its values are dropped)
                \(esc)33m~\(esc)0m title: type "string" → "int32"  \(esc)31m(mapping: values must be converted from string to int32)\(esc)0m

            4 changes: 3 inferred, 1 needs a mapping

            """)
    }

    func test_human_noChanges_isEmpty_oneChange_isSingular() throws {
        let s = try SchemaDiffTests.schema(Self.small.0)
        XCTAssertEqual(HumanRenderer.render(SchemaDiff.changes(from: s, to: s), context: RenderContext(color: true)), "")
        let one = try SchemaDiffTests.schema(#"{"format": "graphdiff-schema/1", "entities": {"A": {}, "B": {}}}"#)
        XCTAssertEqual(HumanRenderer.render(SchemaDiff.changes(from: one, to: s), context: RenderContext()), """
            - A  (inferred: its objects are dropped, with references to them)
            - B  (inferred: its objects are dropped, with references to them)
            + Todo  (inferred: new entity, no existing objects)

            3 changes: 3 inferred, 0 need a mapping

            """)
        let two = try SchemaDiffTests.schema(#"{"format": "graphdiff-schema/1", "entities": {"A": {}}}"#)
        XCTAssertEqual(HumanRenderer.render(SchemaDiff.changes(from: one, to: two), context: RenderContext()), """
            - B  (inferred: its objects are dropped, with references to them)

            1 change: 1 inferred, 0 need a mapping

            """)
    }

    func test_json_eachMemberOnlyWhereItApplies() throws {
        let lines = (SchemaDiffDocument.encode(try smallChanges())["changes"]?.arrayValue ?? [])
            .map { JSONWriter.string($0, style: .compactSorted) }
        XCTAssertEqual(lines, [
            #"{"change":"renamed","entity":"Task","from":"Todo","migration":"inferred","reason":"paired by its renaming identifier"}"#,
            #"{"change":"added","entity":"Task","migration":"inferred","property":"due","reason":"optional"}"#,
            #"{"change":"removed","entity":"Task","migration":"inferred","property":"old","reason":"its values are dropped"}"#,
            #"{"aspect":"type","change":"modified","entity":"Task","migration":"mapping","new":"int32","old":"string","property":"title","reason":"values must be converted from string to int32"}"#,
        ])
        XCTAssertEqual(SchemaDiffDocument.encode([])["format"], "graphdiff-schema-diff/1")
    }

    func test_json_modificationWithoutAValue_hasNull() throws {
        let a = try SchemaDiffTests.schema(#"{"format": "graphdiff-schema/1", "entities": {"A": {"attributes": {"x": {"type": "int16", "optional": true}}}}}"#)
        let b = try SchemaDiffTests.schema(#"{"format": "graphdiff-schema/1", "entities": {"A": {"attributes": {"x": {"type": "int16", "optional": true, "default": 7}}}}}"#)
        XCTAssertEqual(JSONWriter.string(SchemaDiffDocument.encode(SchemaDiff.changes(from: a, to: b)), style: .compactSorted),
                       #"{"changes":[{"aspect":"default","change":"modified","entity":"A","migration":"inferred","new":7,"old":null,"property":"x","reason":"applies to new objects only"}],"format":"graphdiff-schema-diff/1"}"#)
    }
}
