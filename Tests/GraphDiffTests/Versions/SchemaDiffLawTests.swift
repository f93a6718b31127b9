import XCTest
@testable import GraphDiff
import GraphDiffGenerator

/// The laws of ``SchemaDiff`` over seeded random schemas: a model has no
/// changes from itself nor from its encoded-and-reloaded copy, and a random
/// edit script is reported exactly (each edit once, nothing else), each edit
/// classified as the table in `SchemaDiff` says.
final class SchemaDiffLawTests: XCTestCase {
    func test_sameModel_andReloadedModel_haveNoChanges() throws {
        for seed in UInt64(1)...300 {
            var draft = ModelDraft(seed: seed)
            let m = try draft.schema()
            XCTAssertEqual(SchemaDiff.changes(from: m, to: m), [], "seed \(seed)")
            let reloaded = try Schema.load(Array(JSONWriter.string(m.encoded(), style: .canonical).utf8))
            XCTAssertEqual(SchemaDiff.changes(from: m, to: reloaded), [], "seed \(seed)")
        }
    }

    func test_randomEditScript_isReportedExactly() throws {
        var editsSeen: [String: Int] = [:]
        for seed in UInt64(1)...1_500 {
            var draft = ModelDraft(seed: seed)
            let old = try draft.schema()
            let expected = draft.applyRandomEdits()
            let new: Schema
            do { new = try draft.schema() } catch {
                XCTFail("seed \(seed): the edited model does not build: \(error)")
                continue
            }
            for e in expected { editsSeen[e.edit, default: 0] += 1 }
            let changes = SchemaDiff.changes(from: old, to: new)
            let actual = changes.map(Signature.init).map(\.text).sorted()
            let wanted = expected.map { draft.signature(of: $0).text }.sorted()
            if actual != wanted {
                XCTFail("""
                    seed \(seed): reported \(actual.count), expected \(wanted.count)
                    only reported: \(actual.filter { !wanted.contains($0) })
                    only expected: \(wanted.filter { !actual.contains($0) })
                    """)
            }
            XCTAssertTrue(changes.allSatisfy { !$0.reason.isEmpty }, "seed \(seed)")
            let keys = changes.map { (Array($0.entity.utf8), $0.property.map { Array($0.utf8) }) }
            for (a, b) in zip(keys, keys.dropFirst()) {
                let ordered = a.0 != b.0 ? a.0.lexicographicallyPrecedes(b.0)
                    : (a.1 == nil || (b.1 != nil && !b.1!.lexicographicallyPrecedes(a.1!)))
                XCTAssertTrue(ordered, "seed \(seed): changes out of order")
            }
        }
        // Every kind of edit was drawn often enough to mean something.
        let kinds = Set(editsSeen.keys)
        XCTAssertEqual(kinds, Set(ModelDraft.editKinds), "\(editsSeen)")
        XCTAssertTrue(editsSeen.values.allSatisfy { $0 >= 50 }, "\(editsSeen)")
    }
}

/// One change reduced to what an edit determines (not its reason or values).
struct Signature {
    var text: String
    init(_ c: SchemaChange) {
        text = [c.kind.rawValue, c.entity, c.property ?? "-", c.from ?? "-", c.aspect ?? "-", c.migration.rawValue]
            .joined(separator: " ")
    }
    init(kind: SchemaChange.Kind, entity: String, property: String?, from: String?, aspect: String?,
         migration: SchemaChange.Migration) {
        text = [kind.rawValue, entity, property ?? "-", from ?? "-", aspect ?? "-", migration.rawValue]
            .joined(separator: " ")
    }
}

/// A model under construction, as plain values, with a seeded generator of
/// models and of edit scripts that know which changes they make.
struct ModelDraft {
    struct Attr {
        var name: String, type: AttributeType, optional: Bool, defaultValue: JSONValue?, transient: Bool
        var renamedFrom: String?
    }
    struct Rel {
        var name: String, destination: String, toMany: Bool, inverse: String, rule: DeleteRule, optional: Bool
        var minCount: Int?, maxCount: Int?, renamedFrom: String?
    }
    struct Ent {
        var uid: Int, name: String, parent: String?, abstract: Bool, identity: String?, atomic: Bool
        var attrs: [Attr], rels: [Rel], renamedFrom: String?
        var added = false
    }
    /// A change an edit makes; `entity` is the uid of the entity whose name
    /// in NEW the change carries (or `name` for a removed entity).
    struct Expected {
        var edit: String
        var kind: SchemaChange.Kind
        var entity: Int
        var removedEntityName: String?
        var property: String?
        var from: String?
        var aspect: String?
        var migration: SchemaChange.Migration
    }

    static let editKinds = [
        "addEntity", "removeEntity", "renameEntity", "abstract", "atomic",
        "addAttribute", "removeAttribute", "renameAttribute", "type", "attributeOptional", "default", "transient",
        "addRelationships", "removeRelationships", "renameRelationship", "deleteRule", "relationshipOptional", "counts",
    ]
    static let types: [AttributeType] = [.string, .int32, .int64, .bool, .double, .json, .date]

    var random: SplitMix64
    var entities: [Ent] = []
    var counter = 0
    /// Elements an edit has touched (entity uid, property name or "" for the
    /// entity itself): each is edited at most once.
    var touched: Set<String> = []
    /// Entities with any expected change (never removed afterwards).
    var involved: Set<Int> = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        let count = 1 + random.below(6)
        for _ in 0..<count {
            let uid = fresh()
            var e = Ent(uid: uid, name: "E\(uid)", parent: nil, abstract: chance(5), identity: nil, atomic: chance(5),
                        attrs: [], rels: [], renamedFrom: nil)
            if !entities.isEmpty && chance(4) {
                e.parent = entities[random.below(entities.count)].name
            } else if chance(2) {
                let id = "id\(fresh())"
                e.attrs.append(Attr(name: id, type: .string, optional: false, defaultValue: nil, transient: false))
                e.identity = id
            }
            for _ in 0..<random.below(4) { e.attrs.append(randomAttribute()) }
            entities.append(e)
        }
        for _ in 0..<random.below(count + 2) { _ = addRelationshipPair(among: entities.indices.map { $0 }) }
    }

    mutating func fresh() -> Int {
        counter += 1
        return counter
    }

    mutating func chance(_ oneIn: Int) -> Bool { random.below(oneIn) == 0 }

    mutating func randomAttribute() -> Attr {
        let type = Self.types[random.below(Self.types.count)]
        return Attr(name: "a\(fresh())", type: type, optional: chance(2), defaultValue: chance(3) ? defaultValue(type) : Optional<JSONValue>.none,
                    transient: chance(6))
    }

    mutating func defaultValue(_ type: AttributeType) -> JSONValue {
        let k = fresh()
        switch type {
        case .bool: return .bool(k % 2 == 0)
        case .int16, .int32, .int64: return .number(JSONNumber(k))
        case .double, .float, .decimal: return .number(JSONNumber("\(k).5"))
        case .json: return ["k": .number(JSONNumber(k))]
        case .date: return .string("2024-01-01T00:\(String(format: "%02d:%02d", k / 60 % 60, k % 60))Z")
        default: return .string("s\(k)")
        }
    }

    func schema() throws -> Schema {
        try Schema(name: "M", entities: entities.map { e in
            Entity(name: e.name, parent: e.parent, isAbstract: e.abstract, identity: e.identity, isAtomic: e.atomic,
                   attributes: e.attrs.map {
                       Attribute(name: $0.name, type: $0.type, isOptional: $0.optional, defaultValue: $0.defaultValue,
                                 isTransient: $0.transient, renamedFrom: $0.renamedFrom)
                   },
                   relationships: e.rels.map {
                       Relationship(name: $0.name, destination: $0.destination, toMany: $0.toMany, inverse: $0.inverse,
                                    deleteRule: $0.rule, isOptional: $0.optional, minCount: $0.minCount, maxCount: $0.maxCount,
                                    renamedFrom: $0.renamedFrom)
                   },
                   renamedFrom: e.renamedFrom)
        })
    }

    func signature(of e: Expected) -> Signature {
        let name = e.removedEntityName ?? entities.first { $0.uid == e.entity }?.name ?? "?"
        return Signature(kind: e.kind, entity: name, property: e.property, from: e.from, aspect: e.aspect, migration: e.migration)
    }

    // MARK: Relationships

    /// Adds a relationship and its inverse between two of `candidates`
    /// (positions in `entities`); returns the changes that makes.
    mutating func addRelationshipPair(among candidates: [Int]) -> [Expected] {
        guard !candidates.isEmpty else { return [] }
        let i = candidates[random.below(candidates.count)], j = candidates[random.below(candidates.count)]
        let (r, s) = ("r\(fresh())", "r\(fresh())")
        let shape = random.below(3)   // 0: to-one ↔ to-many, 1: many-to-many, 2: one-to-one
        var forward = Rel(name: r, destination: entities[j].name, toMany: shape == 1, inverse: s,
                          rule: DeleteRule.allCases[random.below(4)], optional: !chance(4),
                          minCount: nil, maxCount: nil, renamedFrom: nil)
        var backward = Rel(name: s, destination: entities[i].name, toMany: shape != 2, inverse: r,
                           rule: DeleteRule.allCases[random.below(4)], optional: !chance(4),
                           minCount: nil, maxCount: nil, renamedFrom: nil)
        for k in 0..<2 where (k == 0 ? forward : backward).toMany && chance(3) {
            let least = random.below(3), most = chance(2) ? least + 1 + random.below(4) : nil
            if k == 0 { (forward.minCount, forward.maxCount) = (least, most) } else { (backward.minCount, backward.maxCount) = (least, most) }
        }
        entities[i].rels.append(forward)
        entities[j].rels.append(backward)
        touched.insert("\(entities[i].uid).\(r)")
        touched.insert("\(entities[j].uid).\(s)")
        return [(i, forward), (j, backward)].map { index, rel in
            let migration: SchemaChange.Migration = rel.toMany
                ? ((rel.minCount ?? 0) > 0 ? .mapping : .inferred)
                : (rel.optional ? .inferred : .mapping)
            return Expected(edit: "addRelationships", kind: .added, entity: entities[index].uid, property: rel.name,
                            migration: migration)
        }
    }

    // MARK: Edits

    /// Applies one to eight random edits; returns the changes they make.
    mutating func applyRandomEdits() -> [Expected] {
        touched = []
        var expected: [Expected] = []
        for _ in 0..<(1 + random.below(8)) {
            for _ in 0..<20 {
                let made = edit(Self.editKinds[random.below(Self.editKinds.count)])
                if !made.isEmpty {
                    expected += made
                    involved.formUnion(made.map(\.entity))
                    break
                }
            }
        }
        return expected
    }

    /// A random entity position satisfying `ok`, if any.
    func entityCandidates(_ ok: (Ent) -> Bool) -> [Int] {
        entities.indices.filter { ok(entities[$0]) }
    }

    /// A random element of `candidates`, if any.
    mutating func pick<T>(_ candidates: [T]) -> T? {
        candidates.isEmpty ? nil : candidates[random.below(candidates.count)]
    }

    /// A random (entity, property position) of an existing entity satisfying `ok`.
    func attributeCandidates(_ ok: (Ent, Attr) -> Bool) -> [(Int, Int)] {
        let candidates = entities.indices.filter { !entities[$0].added }.flatMap { i in
            entities[i].attrs.indices.filter {
                ok(entities[i], entities[i].attrs[$0]) && !touched.contains("\(entities[i].uid).\(entities[i].attrs[$0].name)")
            }.map { (i, $0) }
        }
        return candidates
    }

    func relationshipCandidates(_ ok: (Rel) -> Bool) -> [(Int, Int)] {
        let candidates = entities.indices.filter { !entities[$0].added }.flatMap { i in
            entities[i].rels.indices.filter {
                ok(entities[i].rels[$0]) && !touched.contains("\(entities[i].uid).\(entities[i].rels[$0].name)")
            }.map { (i, $0) }
        }
        return candidates
    }

    func expect(_ edit: String, _ kind: SchemaChange.Kind, _ entity: Ent, _ property: String? = nil, from: String? = nil,
                aspect: String? = nil, _ migration: SchemaChange.Migration) -> [Expected] {
        [Expected(edit: edit, kind: kind, entity: entity.uid, property: property, from: from, aspect: aspect, migration: migration)]
    }

    static func addedMigration(_ a: Attr) -> SchemaChange.Migration {
        a.transient || a.optional || a.defaultValue != nil ? .inferred : .mapping
    }

    mutating func edit(_ kind: String) -> [Expected] {
        switch kind {
        case "addEntity":
            let uid = fresh()
            var e = Ent(uid: uid, name: "E\(uid)", parent: nil, abstract: false, identity: nil, atomic: false,
                        attrs: [], rels: [], renamedFrom: nil, added: true)
            for _ in 0..<random.below(3) { e.attrs.append(randomAttribute()) }
            entities.append(e)
            touched.insert("\(uid).")
            return expect(kind, .added, e, nil, .inferred)

        case "removeEntity":
            guard let i = pick(entityCandidates({ e in
                !e.added && !involved.contains(e.uid) && !touched.contains("\(e.uid).")
                    && !entities.contains { $0.parent == e.name }
                    && !entities.contains { o in o.uid != e.uid && o.rels.contains { $0.destination == e.name && touched.contains("\(o.uid).\($0.name)") } }
            })) else { return [] }
            let gone = entities.remove(at: i)
            var result = [Expected(edit: kind, kind: .removed, entity: gone.uid, removedEntityName: gone.name, migration: .inferred)]
            for k in entities.indices {
                for r in entities[k].rels where r.destination == gone.name {
                    if !entities[k].added {
                        result += expect(kind, .removed, entities[k], r.name, .inferred)
                    }
                    touched.insert("\(entities[k].uid).\(r.name)")
                }
                entities[k].rels.removeAll { $0.destination == gone.name }
            }
            return result

        case "renameEntity":
            guard let i = pick(entityCandidates({ !$0.added && !touched.contains("\($0.uid).") })) else { return [] }
            let old = entities[i].name, new = "N\(fresh())"
            entities[i].name = new
            entities[i].renamedFrom = old
            for k in entities.indices {
                if entities[k].parent == old { entities[k].parent = new }
                for r in entities[k].rels.indices where entities[k].rels[r].destination == old { entities[k].rels[r].destination = new }
            }
            touched.insert("\(entities[i].uid).")
            return expect(kind, .renamed, entities[i], from: old, .inferred)

        case "abstract", "atomic":
            guard let i = pick(entityCandidates({ !$0.added && !touched.contains("\($0.uid).") })) else { return [] }
            touched.insert("\(entities[i].uid).")
            if kind == "atomic" {
                entities[i].atomic.toggle()
                return expect(kind, .modified, entities[i], aspect: "atomic", .inferred)
            }
            entities[i].abstract.toggle()
            return expect(kind, .modified, entities[i], aspect: "abstract", entities[i].abstract ? .mapping : .inferred)

        case "addAttribute":
            guard let i = pick(entityCandidates({ !$0.added })) else { return [] }
            let a = randomAttribute()
            entities[i].attrs.append(a)
            touched.insert("\(entities[i].uid).\(a.name)")
            return expect(kind, .added, entities[i], a.name, Self.addedMigration(a))

        case "removeAttribute", "renameAttribute", "type", "attributeOptional", "default", "transient":
            let identityAllowed = kind == "renameAttribute"
            guard let (i, k) = pick(attributeCandidates({ e, a in identityAllowed || e.identity != a.name })) else { return [] }
            let a = entities[i].attrs[k]
            touched.insert("\(entities[i].uid).\(a.name)")
            switch kind {
            case "removeAttribute":
                entities[i].attrs.remove(at: k)
                return expect(kind, .removed, entities[i], a.name, .inferred)
            case "renameAttribute":
                let new = "b\(fresh())"
                entities[i].attrs[k].name = new
                entities[i].attrs[k].renamedFrom = a.name
                if entities[i].identity == a.name { entities[i].identity = new }
                touched.insert("\(entities[i].uid).\(new)")
                return expect(kind, .renamed, entities[i], new, from: a.name, .inferred)
            case "type":
                guard a.defaultValue == nil else { return [] }
                let others = Self.types.filter { $0 != a.type }
                entities[i].attrs[k].type = others[random.below(others.count)]
                // The values of a transient attribute are not stored: nothing to convert.
                return expect(kind, .modified, entities[i], a.name, aspect: "type", a.transient ? .inferred : .mapping)
            case "attributeOptional":
                entities[i].attrs[k].optional.toggle()
                let migration: SchemaChange.Migration = a.optional && a.defaultValue == nil && !a.transient ? .mapping : .inferred
                return expect(kind, .modified, entities[i], a.name, aspect: "optional", migration)
            case "default":
                if let b = a.defaultValue?.boolValue {
                    entities[i].attrs[k].defaultValue = chance(2) ? Optional<JSONValue>.none : JSONValue.bool(!b)
                } else {
                    entities[i].attrs[k].defaultValue = a.defaultValue != nil && chance(2) ? Optional<JSONValue>.none : defaultValue(a.type)
                }
                return expect(kind, .modified, entities[i], a.name, aspect: "default", .inferred)
            default:
                entities[i].attrs[k].transient.toggle()
                let migration = a.transient ? Self.addedMigration(entities[i].attrs[k]) : .inferred
                return expect(kind, .modified, entities[i], a.name, aspect: "transient", migration)
            }

        case "addRelationships":
            return addRelationshipPair(among: entities.indices.filter { !entities[$0].added })

        case "removeRelationships", "renameRelationship", "deleteRule", "relationshipOptional", "counts":
            guard let (i, k) = pick(relationshipCandidates({ kind != "counts" || $0.toMany })) else { return [] }
            let r = entities[i].rels[k]
            guard let j = entities.firstIndex(where: { $0.name == r.destination }),
                  let l = entities[j].rels.firstIndex(where: { $0.name == r.inverse }) else { return [] }
            touched.insert("\(entities[i].uid).\(r.name)")
            switch kind {
            case "removeRelationships":
                guard !touched.contains("\(entities[j].uid).\(r.inverse)") || (i == j && l == k) else { return [] }
                touched.insert("\(entities[j].uid).\(r.inverse)")
                let result = expect(kind, .removed, entities[i], r.name, .inferred)
                    + (i == j && l == k ? [] : expect(kind, .removed, entities[j], r.inverse, .inferred))
                entities[i].rels.removeAll { $0.name == r.name }
                entities[j].rels.removeAll { $0.name == r.inverse }
                return result
            case "renameRelationship":
                let new = "q\(fresh())"
                entities[i].rels[k].name = new
                entities[i].rels[k].renamedFrom = r.name
                entities[j].rels[l].inverse = new
                touched.insert("\(entities[i].uid).\(new)")
                return expect(kind, .renamed, entities[i], new, from: r.name, .inferred)
            case "deleteRule":
                let others = DeleteRule.allCases.filter { $0 != r.rule }
                entities[i].rels[k].rule = others[random.below(others.count)]
                return expect(kind, .modified, entities[i], r.name, aspect: "deleteRule", .inferred)
            case "relationshipOptional":
                entities[i].rels[k].optional.toggle()
                return expect(kind, .modified, entities[i], r.name, aspect: "optional", r.optional ? .mapping : .inferred)
            default:
                var result: [Expected] = []
                let oldMin = r.minCount ?? 0
                var newMin = r.minCount, newMax = r.maxCount
                if chance(2) {
                    let m = random.below(4)
                    if m != oldMin {
                        newMin = m
                        // Bounds are checked by Core Data when saving, never by a migration.
                        result += expect(kind, .modified, entities[i], r.name, aspect: "minCount", .inferred)
                    }
                }
                let candidates: [Int?] = [nil] + (max(newMin ?? 0, 1)...6).map { $0 }
                let m = candidates[random.below(candidates.count)]
                if m != r.maxCount {
                    newMax = m
                    result += expect(kind, .modified, entities[i], r.name, aspect: "maxCount", .inferred)
                } else if let most = newMax, let least = newMin, least > most {
                    return []
                }
                entities[i].rels[k].minCount = newMin
                entities[i].rels[k].maxCount = newMax
                return result
            }

        default:
            return []
        }
    }
}
