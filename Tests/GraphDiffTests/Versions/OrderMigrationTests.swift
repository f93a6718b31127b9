import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// Migrating between the storages of an order (chain, array, index; and
/// unordered) keeps every owner's order exactly: an index is numbered 0, 1,
/// 2, … in order, and an order made from an unordered relationship is by
/// identity. Over seeded generated graphs, every pair of storages.
final class OrderMigrationTests: XCTestCase {
    /// The storages whose lists hold their items through the to-one `list`.
    static let orders: [GraphGenerator.ItemOrder] = [.chain, .array, .denseIndex, .gappedIndex, .floatingIndex]

    /// The generator's schema with `TaskList.items` unordered (a plain to-many
    /// derived from `Item.list`); the items keep a position attribute when
    /// `position` is given.
    static func unorderedSchema() throws -> Schema {
        var text = GraphGenerator.schemaText(for: .array)
        text = text.replacingOccurrences(of: #", "ordered": "array""#, with: "")
        return try Schema.load(Array(text.utf8))
    }

    func items(_ g: Graph) -> Relationship? { g.schema.entity(named: "TaskList")?.property(named: "items")?.relationship }

    func orders(_ g: Graph) -> [String: [String]] {
        guard let r = items(g) else { return [:] }
        var result: [String: [String]] = [:]
        for (id, _) in g.objects where id.entity == "TaskList" { result[id.identity] = g.order(of: id, through: r).map(\.identity) }
        return result
    }

    func test_everyPairOfStorages_keepsEveryOrder() throws {
        for seed: UInt64 in 1...40 {
            for from in Self.orders {
                var generator = GraphGenerator(seed: seed, order: from)
                var editor = GraphEditor(seed: seed &+ 7, order: from)
                let (graph, _) = editor.edit(generator.graph(objectCount: 60), count: 8, kinds: GraphEditor.Edit.allCases)
                let before = orders(graph)
                // (Two index storages differ in the attribute's type: a mapping.)
                for to in Self.orders where to != from && !(from.isIndex && to.isIndex) {
                    let target = GraphGenerator.schema(for: to)
                    let migration = Migration(from: graph.schema, to: target)
                    XCTAssertEqual(migration.mappingChanges, [], "\(from) → \(to)")
                    let migrated = try graph.migrated(to: target)
                    XCTAssertEqual(orders(migrated), before, "seed \(seed): \(from) → \(to)")
                    if to.isIndex {
                        for (list, members) in orders(migrated) {
                            let values = members.map { migrated.value(of: ObjectID(entity: "Item", identity: $0), "position") }
                            XCTAssertEqual(values, members.indices.map { JSONValue.number(JSONNumber($0)) }, "seed \(seed): \(from) → \(to), \(list)")
                        }
                    }
                    // Everything else stays: the items' titles, for one.
                    for (id, o) in graph.objects where id.entity == "Item" {
                        XCTAssertEqual(migrated.value(of: id, "title"), o.values[graph.entity(of: o).storedSlot["title"] ?? 0], "\(from) → \(to)")
                    }
                }
            }
        }
    }

    func test_unorderedToOrdered_byIdentity_andBack() throws {
        let unordered = try Self.unorderedSchema()
        var generator = GraphGenerator(seed: 3, order: .array)
        let graph = try generator.graph(objectCount: 60).migrated(to: unordered)
        for to in Self.orders {
            let migrated = try graph.migrated(to: GraphGenerator.schema(for: to))
            for (_, members) in orders(migrated) {
                XCTAssertEqual(members, members.sorted { utf8Less($0, $1) }, "\(to)")
            }
            // Back to unordered: the members stay.
            let back = try migrated.migrated(to: unordered)
            XCTAssertEqual(orders(back).mapValues(Set.init), orders(graph).mapValues(Set.init))
        }
    }

    func test_schemaDiff_classifiesEveryChangeOfStorage() throws {
        func lines(_ from: GraphGenerator.ItemOrder, _ to: GraphGenerator.ItemOrder) -> [String] {
            SchemaDiff.changes(from: GraphGenerator.schema(for: from), to: GraphGenerator.schema(for: to)).map {
                "\($0.kind.rawValue) \($0.entity).\($0.property ?? "") \($0.aspect ?? "") (\($0.migration.rawValue): \($0.reason))"
            }
        }
        XCTAssertEqual(lines(.chain, .array), ["modified TaskList.items ordered (inferred: each owner's order is kept: chain → array)"])
        XCTAssertEqual(lines(.array, .chain), ["modified TaskList.items ordered (inferred: each owner's order is kept: array → chain)"])
        XCTAssertEqual(lines(.chain, .denseIndex), [
            "added Item.position  (inferred: the positions of an index ordering: numbered 0, 1, 2, … in each owner's order)",
            "modified TaskList.items ordered (inferred: each owner's order is kept, numbered 0, 1, 2, …: chain → index)",
        ])
        XCTAssertEqual(lines(.denseIndex, .array), [
            "removed Item.position  (inferred: its values are dropped)",
            "modified TaskList.items ordered (inferred: each owner's order is kept: index → array)",
        ])
        XCTAssertEqual(lines(.gappedIndex, .floatingIndex), ["modified Item.position type (mapping: values must be converted from int64 to double)"])
        let unordered = try Self.unorderedSchema()
        XCTAssertEqual(SchemaDiff.changes(from: unordered, to: GraphGenerator.schema(for: .array)).map(\.reason), ["arrays are built in identity order"])
        XCTAssertEqual(SchemaDiff.changes(from: GraphGenerator.schema(for: .array), to: unordered).map(\.reason), ["the order is dropped; the members stay"])
    }

    /// A list schema whose items are ordered by `ordered` (nil: not
    /// ordered), each item with the attribute `pos` declared by `pos` (nil: none).
    static func listSchema(ordered: String?, pos: String?) throws -> Schema {
        let order = ordered.map { #", "ordered": \#($0)"# } ?? ""
        let attribute = pos.map { #", "pos": \#($0)"# } ?? ""
        return try Schema.load(Array("""
            {"format": "graphdiff-schema/1", "name": "L", "entities": {
              "List": {"identity": "id", "attributes": {"id": {"type": "string"}},
                       "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "list"\(order)}}},
              "Item": {"identity": "id", "attributes": {"id": {"type": "string"}\(attribute)},
                       "relationships": {"list": {"destination": "List", "inverse": "items"}}}}}
            """.utf8))
    }

    /// Found by a user-style session: an app that kept its order in `pos`
    /// before the model said so (an unordered to-many, then `orderedBy`)
    /// keeps its values; they were numbered again in identity order, and
    /// an edit of them vanished from the diff of the migrated graphs.
    func test_unorderedToIndex_byAnAttributeTheMembersHave_keepsItsValues() throws {
        let old = try Self.listSchema(ordered: nil, pos: #"{"type": "int32"}"#)
        let new = try Self.listSchema(ordered: #"{"index": "pos"}"#, pos: #"{"type": "int32"}"#)
        XCTAssertEqual(SchemaDiff.changes(from: old, to: new).map(\.reason), [#"the members' "pos" values give the order, kept as they are"#])
        let graph = try Graph.load(Array(#"{"objects": {"List": {"L": {}}, "Item": {"a": {"list": "L", "pos": 30}, "b": {"list": "L", "pos": 10}, "c": {"list": "L", "pos": 20}}}}"#.utf8), schema: old)
        let migrated = try graph.migrated(to: new)
        let r = try XCTUnwrap(new.entity(named: "List")?.property(named: "items")?.relationship)
        XCTAssertEqual(migrated.order(of: ObjectID(entity: "List", identity: "L"), through: r).map(\.identity), ["b", "c", "a"])
        for (id, value) in [("a", 30), ("b", 10), ("c", 20)] {
            XCTAssertEqual(migrated.value(of: ObjectID(entity: "Item", identity: id), "pos"), .number(JSONNumber(value)))
        }
        // Back: the positions stay as values where NEW keeps them.
        XCTAssertEqual(SchemaDiff.changes(from: new, to: old).map(\.reason), ["the order is dropped; the positions stay as values"])
        XCTAssertEqual(SchemaDiff.changes(from: new, to: try Self.listSchema(ordered: nil, pos: nil)).map(\.reason),
                       ["its values are dropped", "the order is dropped"])
        // Without such an attribute in OLD, positions are numbered by identity.
        let added = try Self.listSchema(ordered: nil, pos: nil)
        XCTAssertEqual(SchemaDiff.changes(from: added, to: new).map(\.reason), [
            "the positions of an index ordering: numbered 0, 1, 2, … in each owner's order",
            "positions are numbered 0, 1, 2, … in identity order",
        ])
    }

    /// An added index attribute is numbered in each owner's order, even
    /// when required without a default (unlike other added attributes): a
    /// member without an owner then has no value, and the migrated graph is
    /// refused naming it (graphdiff(1), migrate).
    func test_addedRequiredIndexAttribute_isNumbered_anOwnerlessMemberIsRefused() throws {
        let old = try Self.listSchema(ordered: #""array""#, pos: nil)
        let new = try Self.listSchema(ordered: #"{"index": "pos"}"#, pos: #"{"type": "int32"}"#)
        XCTAssertEqual(Migration(from: old, to: new).mappingChanges, [])
        let owned = try Graph.load(Array(#"{"objects": {"List": {"L": {"items": ["b", "a"]}}, "Item": {"a": {"list": "L"}, "b": {"list": "L"}}}}"#.utf8), schema: old)
        let migrated = try owned.migrated(to: new)
        XCTAssertEqual(migrated.value(of: ObjectID(entity: "Item", identity: "b"), "pos"), .number(JSONNumber(0)))
        XCTAssertEqual(migrated.value(of: ObjectID(entity: "Item", identity: "a"), "pos"), .number(JSONNumber(1)))
        let ownerless = try Graph.load(Array(#"{"objects": {"List": {"L": {"items": ["a"]}}, "Item": {"a": {"list": "L"}, "z": {}}}}"#.utf8), schema: old)
        XCTAssertThrowsError(try ownerless.migrated(to: new)) { error in
            XCTAssertTrue("\(error)".contains(#"Item "z".pos: required attribute "pos" is null"#), "\(error)")
        }
    }
}
