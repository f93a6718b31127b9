import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The re-key laws over seeded random graphs in every order storage, each
/// edited by re-keying one to four objects (people, dogs, addresses,
/// lists, items) and nothing else:
///
/// - soundness: every re-key the diff reports is one that was made;
/// - completeness: every object re-keyed whose attributes (orders left
///   out) are unique in its entity is reported, unless it refers to a
///   re-keyed object that is not (worked out here by brute force, apart
///   from the detection);
/// - when every re-key is reported, the diff holds nothing else;
/// - the patch applies (through its document, which keeps its re-keys and
///   where they come) to give the re-keyed graph, a second time is already
///   applied, and its inverse (through its document too) gives the base
///   back, and is already applied to the base;
/// - `--no-rekeys` reports no re-key, and its patch round-trips too.
///
/// 500 cases per storage by default; `GRAPHDIFF_REKEY_CASES=N` sets the
/// number and `GRAPHDIFF_REKEY_SEED=S` reruns one.
final class RekeyLawTests: XCTestCase {
    func test_laws_inEveryOrderStorage() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_REKEY_CASES"].flatMap(Int.init) ?? 500
        let seeds: [UInt64] = environment["GRAPHDIFF_REKEY_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(cases)).map { $0 }
        var found = 0, made = 0
        let lock = NSLock()
        for order in GraphGenerator.ItemOrder.allCases {
            let failures = SeedRunner.failures(of: seeds) { seed in
                do {
                    let (why, counts) = try Self.check(seed: seed, order: order)
                    lock.lock(); found += counts.found; made += counts.made; lock.unlock()
                    return why
                } catch { return "\(error)" }
            }
            for (seed, why) in failures { XCTFail("\(order) seed \(seed): \(why) (rerun with GRAPHDIFF_REKEY_SEED=\(seed))") }
        }
        // The cases must mostly be recognisable, or the laws test little.
        if seeds.count >= 100 { XCTAssertGreaterThan(found, made * 3 / 4, "too few re-keys found: \(found) of \(made)") }
        print("re-key laws: \(seeds.count) cases per storage, \(found) of \(made) re-keys found")
    }

    static func check(seed: UInt64, order: GraphGenerator.ItemOrder) throws -> (String?, (found: Int, made: Int)) {
        var random = SplitMix64(seed: seed)
        var generator = GraphGenerator(seed: random.next(), order: order)
        let base = generator.graph(objectCount: PropertySuiteTests.sizes[random.below(PropertySuiteTests.sizes.count)])
        var editor = GraphEditor(seed: random.next(), order: order)
        let (edited, made) = editor.rekey(base, count: random.below(4) + 1)
        let counts = (found: 0, made: made.count)

        let changes = try ChangeSet.diff(from: base, to: edited)
        var reported: [ObjectID: String] = [:]
        for r in changes.rekeys { reported[r.id] = r.newIdentity }
        for (id, identity) in reported where made[id] != identity {
            return ("reported \(id) → \(identity), which was not made", counts)
        }
        for id in recognisable(made, in: base) where reported[id] == nil {
            return ("\(id) → \(made[id] ?? "") was not reported", counts)
        }
        if reported.count == made.count && (!changes.objects.isEmpty || !changes.sequences.isEmpty) {
            return ("every re-key found, yet other changes: \(changes.objects.map(\.id)) \(changes.sequences.map(\.owner))", counts)
        }
        if let why = try roundTrip(changes, base, edited) { return (why, counts) }
        let plain = try ChangeSet.diff(from: base, to: edited, options: DiffOptions(detectsRekeys: false))
        if !plain.rekeys.isEmpty { return ("re-keys reported with detectsRekeys off", counts) }
        if let why = try roundTrip(plain, base, edited) { return ("without re-keys: " + why, counts) }
        return (nil, (reported.count, made.count))
    }

    /// The patch through its document applies, once, and inverts.
    static func roundTrip(_ changes: ChangeSet, _ a: Graph, _ b: Graph) throws -> String? {
        guard case .graph(let decoded) = try PatchDocument.decode(PatchDocument.encode(changes), schema: a.schema) else { return "no graph patch" }
        // (A decoded patch reads references as attributes: the re-keys are compared.)
        let withoutOffsets = changes.droppingOffsets()
        if decoded.rekeys != withoutOffsets.rekeys || decoded.rekeysFirst != withoutOffsets.rekeysFirst { return "decode(encode(c)) has other re-keys" }
        if try decoded.apply(to: a).graph.canonicalText() != b.canonicalText() { return "apply(diff(a, b), a) != b" }
        if !changes.isEmpty, !(try decoded.apply(to: b).wasAlreadyApplied) { return "a second application was not detected" }
        let inverse = decoded.inverted()
        guard case .graph(let inverseDecoded) = try PatchDocument.decode(PatchDocument.encode(inverse), schema: a.schema) else { return "no inverse" }
        if inverseDecoded.rekeys != inverse.rekeys || inverseDecoded.rekeysFirst != inverse.rekeysFirst { return "decode(encode(inverse)) has other re-keys" }
        if try inverseDecoded.apply(to: b).graph.canonicalText() != a.canonicalText() { return "apply(invert(diff(a, b)), b) != a" }
        if !changes.isEmpty, !(try inverseDecoded.apply(to: a).wasAlreadyApplied) { return "a second inverse application was not detected" }
        return nil
    }

    /// The re-keyed objects the detection must find, by brute force: those
    /// whose attributes (but orders) no other object of their entity
    /// shares, and whose references to re-keyed objects name found ones.
    static func recognisable(_ made: [ObjectID: String], in graph: Graph) -> Set<ObjectID> {
        let schema = graph.schema
        let positions = Set(schema.entities.flatMap { e in e.relationships.compactMap(\.indexAttribute) })
        func attributes(_ o: GraphObject) -> String {
            let e = schema.entities[o.entityIndex]
            return e.name + ":" + e.storedProperties.enumerated()
                .filter { $0.element.relationship == nil && !positions.contains($0.element.name) }
                .map { JSONWriter.string(o.value(at: $0.offset)) }.joined(separator: ",")
        }
        let orderSlots = schema.orderStorageSlots()
        var counts: [String: Int] = [:]
        for (_, o) in graph.objects { counts[attributes(o), default: 0] += 1 }
        var found = Set(made.keys.filter { id in graph.objects[id].map { counts[attributes($0)] == 1 } ?? false })
        var changed = true
        while changed {
            changed = false
            for id in found.sorted() {
                guard let o = graph.objects[id] else { continue }
                let e = schema.entities[o.entityIndex]
                var ok = true
                for (slot, p) in e.storedProperties.enumerated() {
                    // (Orders are compared as orders, not as references.)
                    guard let r = p.relationship, !orderSlots[o.entityIndex].contains(slot),
                          let root = schema.entity(named: r.destination)?.root else { continue }
                    for target in StoredValue.references(in: o.value(at: slot)) {
                        let t = ObjectID(entity: root, identity: target)
                        if made[t] != nil && !found.contains(t) { ok = false }
                    }
                }
                if !ok { found.remove(id); changed = true }
            }
        }
        return found
    }
}

extension ChangeSet {
    /// The change set without positions in files (a decoded patch has none).
    func droppingOffsets() -> ChangeSet {
        var c = self
        for k in c.objects.indices { c.objects[k].oldOffset = -1; c.objects[k].newOffset = -1 }
        for k in c.sequences.indices { c.sequences[k].ownerOffset = -1 }
        for k in c.rekeys.indices { c.rekeys[k].oldOffset = -1; c.rekeys[k].newOffset = -1 }
        return c
    }
}
