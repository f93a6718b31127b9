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
}
