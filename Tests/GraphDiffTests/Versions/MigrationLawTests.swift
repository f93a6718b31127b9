import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The laws of `Migration`, over seeded random graphs of the generator's
/// schema and seeded sets of inferred schema edits (renames of entities,
/// attributes and relationships, added optional and defaulted attributes,
/// removed attributes, relationships and entities, required → optional,
/// optional → required with a default, stored → transient, an ordered
/// relationship made unordered, an unordered one made ordered, a delete
/// rule changed):
///
/// 1. `migrate(A)` is a valid graph of NEW: it loads again from its
///    canonical text, and its invariants hold.
/// 2. Migrating to the graph's own schema is the identity.
/// 3. `R(diff(migrate(A), migrate(B))) == M(diff(A, B))`, where `M` renames
///    entities and properties as NEW does, drops changes of what NEW drops
///    (removed or newly transient attributes, removed relationships and the
///    objects of removed entities, the order of a relationship made
///    unordered) and gives a required attribute with a default its default
///    where a value was `null`; and `R` leaves out of inserted and deleted
///    objects' values the properties NEW adds (they hold the same value in
///    both migrated graphs, so no update names them), and the order of a
///    relationship made ordered (built in identity order, so it reports
///    where inserted members land in that order). Offsets in the files do
///    not count.
/// 4. For edits that drop nothing, fill no defaults and order nothing:
///    `merge(migrate(base), migrate(mine), migrate(theirs))` is
///    `migrate(merge(base, mine, theirs))`, with as many conflicts.
///
/// 1,000 cases by default; `GRAPHDIFF_MIGRATION_CASES=N` runs more (or
/// fewer). A failure names its seed: `GRAPHDIFF_MIGRATION_SEED=S` reruns it.
final class MigrationLawTests: XCTestCase {
    /// One inferred schema edit, and what it does to diffs.
    struct Edit {
        var name: String
        /// Edits of one group touch the same elements: at most one per case.
        var group: Int
        var apply: (inout [String: Any]) -> Void
        /// OLD entity → NEW entity.
        var entityRenames: [String: String] = [:]
        /// "OLDENTITY.OLDPROPERTY" → NEW property name.
        var propertyRenames: [String: String] = [:]
        /// "OLDENTITY.PROPERTY" (and "OLDENTITY" for whole entities) whose changes are dropped.
        var dropped: Set<String> = []
        /// "NEWENTITY.PROPERTY" NEW adds or whose values it sets to a constant.
        var added: Set<String> = []
        /// "OLDENTITY.PROPERTY" → the default a null takes.
        var fills: [String: JSONValue] = [:]
        /// "NEWENTITY.RELATIONSHIP" made ordered.
        var ordered: Set<String> = []
        var isMergeSafe: Bool { dropped.isEmpty && fills.isEmpty && ordered.isEmpty }
    }

    static func entity(_ d: inout [String: Any], _ name: String, _ f: (inout [String: Any]) -> Void) {
        var entities = d["entities"] as? [String: Any] ?? [:]
        var e = entities[name] as? [String: Any] ?? [:]
        f(&e)
        entities[name] = e
        d["entities"] = entities
    }

    static func member(_ e: inout [String: Any], _ kind: String, _ name: String, _ f: (inout [String: Any]?) -> Void) {
        var members = e[kind] as? [String: Any] ?? [:]
        var m = members[name] as? [String: Any]
        f(&m)
        members[name] = m
        e[kind] = members
    }

    static func rename(_ e: inout [String: Any], _ kind: String, _ old: String, _ new: String) {
        var members = e[kind] as? [String: Any] ?? [:]
        var m = members[old] as? [String: Any] ?? [:]
        m["renamedFrom"] = old
        members[old] = nil
        members[new] = m
        e[kind] = members
    }

    static let edits: [Edit] = [
        Edit(name: "rename entity Dog to Hound", group: 1, apply: { d in
            var entities = d["entities"] as? [String: Any] ?? [:]
            var dog = entities["Dog"] as? [String: Any] ?? [:]
            dog["renamedFrom"] = "Dog"
            entities["Dog"] = nil
            entities["Hound"] = dog
            d["entities"] = entities
            entity(&d, "Person") { member(&$0, "relationships", "dog") { $0?["destination"] = "Hound" } }
        }, entityRenames: ["Dog": "Hound"]),
        Edit(name: "rename relationship Person.dog to pet", group: 1, apply: { d in
            entity(&d, "Person") { rename(&$0, "relationships", "dog", "pet") }
            entity(&d, "Dog") { member(&$0, "relationships", "owner") { $0?["inverse"] = "pet" } }
        }, propertyRenames: ["Person.dog": "pet"]),
        Edit(name: "remove entity Dog", group: 1, apply: { d in
            var entities = d["entities"] as? [String: Any] ?? [:]
            entities["Dog"] = nil
            d["entities"] = entities
            entity(&d, "Person") { member(&$0, "relationships", "dog") { $0 = nil } }
        }, dropped: ["Dog", "Person.dog"]),
        Edit(name: "remove attribute Person.email", group: 2, apply: { d in
            entity(&d, "Person") { member(&$0, "attributes", "email") { $0 = nil } }
        }, dropped: ["Person.email"]),
        Edit(name: "Person.email required with a default", group: 2, apply: { d in
            entity(&d, "Person") { member(&$0, "attributes", "email") { $0 = ["type": "string", "default": "none"] } }
        }, fills: ["Person.email": "none"]),
        Edit(name: "rename relationship TaskList.items to entries", group: 3, apply: { d in
            entity(&d, "TaskList") { rename(&$0, "relationships", "items", "entries") }
            entity(&d, "Item") { member(&$0, "relationships", "list") { $0?["inverse"] = "entries" } }
        }, propertyRenames: ["TaskList.items": "entries"]),
        Edit(name: "TaskList.items unordered, links removed", group: 3, apply: { d in
            entity(&d, "TaskList") { member(&$0, "relationships", "items") { $0?["ordered"] = nil } }
            entity(&d, "Item") {
                member(&$0, "relationships", "prev") { $0 = nil }
                member(&$0, "relationships", "next") { $0 = nil }
            }
        }, dropped: ["TaskList.items", "Item.prev", "Item.next"]),
        Edit(name: "TaskList.items unordered, links kept", group: 3, apply: { d in
            entity(&d, "TaskList") { member(&$0, "relationships", "items") { $0?["ordered"] = nil } }
        }, dropped: ["TaskList.items"], added: ["Item.prev", "Item.next"]),
        Edit(name: "Person.addresses ordered", group: 4, apply: { d in
            entity(&d, "Person") { member(&$0, "relationships", "addresses") { $0?["ordered"] = ["prev": "prev", "next": "next"] } }
            entity(&d, "Address") {
                member(&$0, "relationships", "prev") { $0 = ["destination": "Address", "inverse": "next"] }
                member(&$0, "relationships", "next") { $0 = ["destination": "Address", "inverse": "prev"] }
            }
        }, added: ["Address.prev", "Address.next"], ordered: ["Person.addresses"]),
        Edit(name: "rename entity Address to Place and city to town", group: 4, apply: { d in
            var entities = d["entities"] as? [String: Any] ?? [:]
            var address = entities["Address"] as? [String: Any] ?? [:]
            address["renamedFrom"] = "Address"
            rename(&address, "attributes", "city", "town")
            entities["Address"] = nil
            entities["Place"] = address
            d["entities"] = entities
            entity(&d, "Person") { member(&$0, "relationships", "addresses") { $0?["destination"] = "Place" } }
        }, entityRenames: ["Address": "Place"], propertyRenames: ["Address.city": "town"]),
        Edit(name: "rename attribute Person.firstName to givenName", group: 5, apply: { d in
            entity(&d, "Person") { rename(&$0, "attributes", "firstName", "givenName") }
        }, propertyRenames: ["Person.firstName": "givenName"]),
        Edit(name: "add optional Person.nickname", group: 6, apply: { d in
            entity(&d, "Person") { member(&$0, "attributes", "nickname") { $0 = ["type": "string", "optional": true] } }
        }, added: ["Person.nickname"]),
        Edit(name: "add Item.estimate with a default", group: 7, apply: { d in
            entity(&d, "Item") { member(&$0, "attributes", "estimate") { $0 = ["type": "int32", "default": 1] } }
        }, added: ["Item.estimate"]),
        Edit(name: "Person.lastName optional", group: 8, apply: { d in
            entity(&d, "Person") { member(&$0, "attributes", "lastName") { $0?["optional"] = true } }
        }),
        Edit(name: "Item.priority transient", group: 9, apply: { d in
            entity(&d, "Item") { member(&$0, "attributes", "priority") { $0?["transient"] = true } }
        }, dropped: ["Item.priority"], added: ["Item.priority"]),
        Edit(name: "Person.addresses delete rule nullify", group: 10, apply: { d in
            entity(&d, "Person") { member(&$0, "relationships", "addresses") { $0?["deleteRule"] = "nullify" } }
        }),
    ]

    /// The generator's schema with `edits` applied.
    static func schema(applying edits: [Edit]) throws -> Schema {
        guard var document = try JSONSerialization.jsonObject(with: Data(GraphGenerator.schemaText.utf8)) as? [String: Any] else {
            throw XCTSkip("the generator's schema is not an object")
        }
        for edit in edits { edit.apply(&document) }
        return try Schema.load(Array(try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])))
    }

    func test_laws_overManyCases() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_MIGRATION_CASES"].flatMap(Int.init) ?? 1_000
        let seeds: [UInt64] = environment["GRAPHDIFF_MIGRATION_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(cases)).map { $0 }
        var failures = 0, merged = 0, changedDiffs = 0
        var used = Set<String>()
        for seed in seeds where failures < 5 {
            do {
                let outcome = try check(seed: seed)
                used.formUnion(outcome.edits)
                if outcome.merged { merged += 1 }
                if outcome.diffChanged { changedDiffs += 1 }
                if let why = outcome.failure {
                    failures += 1
                    XCTFail("seed \(seed) (\(outcome.edits.joined(separator: "; "))): \(why) (rerun with GRAPHDIFF_MIGRATION_SEED=\(seed))")
                }
            } catch {
                failures += 1
                XCTFail("seed \(seed): \(error) (rerun with GRAPHDIFF_MIGRATION_SEED=\(seed))")
            }
        }
        if seeds.count >= 1_000 {
            XCTAssertEqual(used, Set(Self.edits.map(\.name)), "every edit is drawn")
            XCTAssertGreaterThan(merged, seeds.count / 10, "too few cases check the merge law")
            XCTAssertGreaterThan(changedDiffs, seeds.count / 4, "too few cases where the migration changes the diff")
        }
        print("migration laws: \(seeds.count) cases, \(merged) with the merge law")
    }

    struct Outcome {
        var edits: [String] = []
        var merged = false
        var diffChanged = false
        var failure: String?
    }

    func check(seed: UInt64) throws -> Outcome {
        var random = SplitMix64(seed: seed)
        var outcome = Outcome()
        var chosen: [Edit] = []
        for edit in Self.edits.shuffled(using: &random) where chosen.count < 1 + random.below(3) {
            if !chosen.contains(where: { $0.group == edit.group }) { chosen.append(edit) }
        }
        outcome.edits = chosen.map(\.name)
        let new = try Self.schema(applying: chosen)
        var generator = GraphGenerator(seed: random.next())
        var a = generator.graph(objectCount: PropertySuiteTests.sizes[random.below(PropertySuiteTests.sizes.count)])
        Self.clearSomeEmails(&a, &random)
        var e1 = GraphEditor(seed: random.next()), e2 = GraphEditor(seed: random.next())
        var (b, _) = e1.edit(a, count: random.below(6) + 1)
        Self.clearSomeEmails(&b, &random)
        let (c, _) = e2.edit(a, count: random.below(6) + 1)

        // 1. Valid under NEW.
        let migration = Migration(from: a.schema, to: new)
        let ma = try migration.apply(to: a), mb = try migration.apply(to: b)
        for m in [ma, mb] {
            let violations = m._invariantViolations()
            if !violations.isEmpty { outcome.failure = "invariants: \(violations.prefix(3))"; return outcome }
            do { _ = try Graph.load(m.canonicalText(), schema: new) } catch {
                outcome.failure = "the migrated graph does not load: \(error)"
                return outcome
            }
        }
        // 2. Identity.
        if try a.migrated(to: a.schema) != a { outcome.failure = "migrating to the same schema changed the graph"; return outcome }
        // 3. Diffs.
        let before = try ChangeSet.diff(from: a, to: b), after = try ChangeSet.diff(from: ma, to: mb)
        let expected = Self.normalised(Self.mapped(before, chosen)), got = Self.normalised(Self.restricted(after, chosen))
        outcome.diffChanged = Self.normalised(before) != expected
        if got != expected {
            outcome.failure = "diff law: expected \(Self.describe(expected)), got \(Self.describe(got))"
            return outcome
        }
        // 4. Merges.
        if chosen.allSatisfy(\.isMergeSafe) {
            outcome.merged = true
            let original = try Graph.merge(base: a, mine: b, theirs: c)
            let ofMigrated = try Graph.merge(base: ma, mine: mb, theirs: try migration.apply(to: c))
            let migratedMerge = try migration.apply(to: original.graph)
            if ofMigrated.graph.canonicalText() != migratedMerge.canonicalText() || ofMigrated.conflicts.count != original.conflicts.count {
                outcome.failure = "merge law: \(original.conflicts.count) conflicts before, \(ofMigrated.conflicts.count) after"
            }
        }
        return outcome
    }

    /// Sets about a third of the people's optional emails to `null` (the
    /// generator always writes one), so that defaults fill something.
    static func clearSomeEmails(_ graph: inout Graph, _ random: inout SplitMix64) {
        for id in graph.sortedIDs where id.entity == "Person" && random.below(3) == 0 {
            graph.setValue(.null, of: id, "email")
        }
    }

    /// `M`: `changes` of OLD graphs as NEW names and keeps them.
    static func mapped(_ changes: ChangeSet, _ edits: [Edit]) -> ChangeSet {
        let entities = edits.reduce(into: [String: String]()) { $0.merge($1.entityRenames) { a, _ in a } }
        let properties = edits.reduce(into: [String: String]()) { $0.merge($1.propertyRenames) { a, _ in a } }
        let dropped = edits.reduce(into: Set<String>()) { $0.formUnion($1.dropped) }
        let fills = edits.reduce(into: [String: JSONValue]()) { $0.merge($1.fills) { a, _ in a } }
        func entity(_ name: String) -> String { entities[name] ?? name }
        func property(_ e: String, _ p: String) -> String? {
            dropped.contains(e + "." + p) ? nil : properties[e + "." + p] ?? p
        }
        func value(_ e: String, _ p: String, _ v: JSONValue) -> JSONValue { v.isNull ? fills[e + "." + p] ?? v : v }
        var result = changes
        result.objects = changes.objects.compactMap { change in
            guard !dropped.contains(change.entity), !dropped.contains(change.id.entity) else { return nil }
            var c = change
            let e = change.entity
            c.id = ObjectID(entity: entity(change.id.entity), identity: change.id.identity)
            c.entity = entity(e)
            c.values = change.values.compactMap { v in property(e, v.name).map { PropertyValue(name: $0, value: value(e, v.name, v.value)) } }
            c.changes = change.changes.compactMap { p in
                guard let name = property(e, p.property) else { return nil }
                if case .attribute(let old, let new) = p.kind {
                    let o = value(e, p.property, old), n = value(e, p.property, new)
                    return o.isIdentical(to: n) ? nil : PropertyChange(property: name, kind: .attribute(old: o, new: n))
                }
                return PropertyChange(property: name, kind: p.kind)
            }
            c.chains = change.chains.compactMap { chain in
                property(e, chain.relationship).map { ChainMembers(relationship: $0, members: chain.members) }
            }
            return change.kind == .updated && c.changes.isEmpty ? nil : c
        }
        result.sequences = changes.sequences.compactMap { s in
            guard let name = property(s.ownerEntity, s.relationship) else { return nil }
            var t = s
            t.relationship = name
            t.ownerEntity = entity(s.ownerEntity)
            t.memberRoot = entity(s.memberRoot)
            t.owner = ObjectID(entity: entity(s.owner.entity), identity: s.owner.identity)
            return t
        }
        return result
    }

    /// `R`: `changes` of migrated graphs without what NEW adds or orders.
    static func restricted(_ changes: ChangeSet, _ edits: [Edit]) -> ChangeSet {
        let added = edits.reduce(into: Set<String>()) { $0.formUnion($1.added) }
        let ordered = edits.reduce(into: Set<String>()) { $0.formUnion($1.ordered) }
        var result = changes
        result.objects = changes.objects.map { change in
            var c = change
            c.values = change.values.filter { !added.contains(change.entity + "." + $0.name) }
            c.chains = change.chains.filter { !ordered.contains(change.entity + "." + $0.relationship) }
            return c
        }
        result.sequences = changes.sequences.filter { !ordered.contains($0.ownerEntity + "." + $0.relationship) }
        return result
    }

    /// The parts of a change set the law compares, in one order.
    static func normalised(_ changes: ChangeSet) -> String {
        var objects = changes.objects
        for i in objects.indices {
            objects[i].oldOffset = -1
            objects[i].newOffset = -1
            objects[i].values.sort { $0.name < $1.name }
            objects[i].changes.sort { $0.property < $1.property }
            objects[i].chains.sort { $0.relationship < $1.relationship }
        }
        objects.sort { $0.id < $1.id }
        let sequences = changes.sequences.map { s -> String in
            var t = s
            t.ownerOffset = -1
            return "\(t)"
        }.sorted()
        return "\(objects)\n\(sequences)\n\(changes.metadata)"
    }

    static func describe(_ text: String) -> String { String(text.prefix(2_000)) }
}
