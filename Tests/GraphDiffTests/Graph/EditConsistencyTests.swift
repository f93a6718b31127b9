import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The check of an edit of a graph known to be consistent
/// (``Graph/consistencyProblems(editedFrom:)``, what a patch's result gets)
/// against the whole check: the same problems, word for word, whatever the
/// edit broke.
final class EditConsistencyTests: XCTestCase {
    /// `graph` with `count` random references set wrong: to `null`, to an
    /// identity of another entity or of none, to a removed object, as a
    /// list where one is not; objects removed; a person removed with its
    /// dog but not its addresses; objects copied under a new identity (so
    /// that two name one inverse).
    func damagingReferences(_ graph: Graph, _ random: inout SplitMix64, count: Int) -> Graph {
        var g = graph
        let ids = g.sortedIDs
        guard !ids.isEmpty else { return g }
        func pick() -> ObjectID { ids[Int(random.next() % UInt64(ids.count))] }
        for k in 0..<count {
            let id = pick()
            guard let object = g[id] else { continue }
            let entity = g.entity(of: object)
            let slots = entity.storedProperties.indices.filter {
                if case .relationship = entity.storedProperties[$0] { return true }
                return false
            }
            switch random.next() % 6 {
            case 0:
                g[pick()] = nil
            case 5:
                // A person removed with its dog, its addresses left naming
                // it: found only among the references to removed objects
                // (a person does not store its addresses).
                guard let person = ids.first(where: { $0.entity == "Person" && g[$0] != nil && g.value(of: $0, "dog")?.stringValue != nil })
                    ?? ids.first(where: { $0.entity == "Person" && g[$0] != nil })
                else { continue }
                if let dog = g.value(of: person, "dog")?.stringValue { g[ObjectID(entity: "Dog", identity: dog)] = nil }
                g[person] = nil
            case 1:
                g[ObjectID(entity: id.entity, identity: "copy\(k)")] = object
            default:
                guard !slots.isEmpty else { continue }
                let slot = slots[Int(random.next() % UInt64(slots.count))]
                let value: JSONValue
                switch random.next() % 5 {
                case 0: value = .null
                case 1: value = .string(pick().identity)
                case 2: value = .string("nobody")
                case 3: value = .array([.string(pick().identity)])
                default: value = .string(ids.first { g[$0] == nil }?.identity ?? pick().identity)
                }
                g[id]?.values[slot] = value
            }
        }
        return g
    }

    /// Law: the check of an edit is the whole check, word for word. Over
    /// 900 seeded graphs (chains, 30–500 objects), each edited by the
    /// generator's editor (people and items added and removed, items moved,
    /// values changed), a third then damaged in their chains (cycles, links
    /// out of the chain, members removed) and a third in their other
    /// references; and the same past the two-core thresholds. Many cases
    /// must take the shortcut and find nothing, many must be broken.
    func test_law_checkOfAnEdit_isTheWholeCheck() {
        var shortcut = 0, broken = 0
        for seed in UInt64(1)...900 {
            var generator = GraphGenerator(seed: seed)
            var base = generator.graph(objectCount: [30, 120, 500][Int(seed % 3)])
            guard base.consistencyProblems().isEmpty else { return XCTFail("seed \(seed): the generated graph is not consistent") }
            base.isKnownConsistent = true
            var editor = GraphEditor(seed: seed &* 7)
            var edited = editor.edit(base, count: 1 + Int(seed % 6)).0
            var random = SplitMix64(seed: seed &* 13)
            switch seed % 3 {
            case 0:
                var damage = ChainDamage(seed: seed &* 31)
                edited = damage.apply(to: edited, count: 1 + Int(seed % 4))
            case 1:
                edited = damagingReferences(edited, &random, count: 1 + Int(seed % 3))
            default:
                break
            }
            let whole = edited.consistencyProblems()
            let lowered = seed % 5 == 0
            let ofTheEdit = lowered ? TwoCores.lowered(16) { edited.consistencyProblems(editedFrom: base) } : edited.consistencyProblems(editedFrom: base)
            XCTAssertEqual(ofTheEdit, whole, "seed \(seed)")
            if let touched = edited.rowsTouched(since: base), edited.isLocallyConsistent(touched: touched, base: base) {
                shortcut += 1
                XCTAssertEqual(whole, [], "seed \(seed): the shortcut found nothing wrong in a graph with problems")
            }
            if !whole.isEmpty { broken += 1 }
        }
        XCTAssertGreaterThan(shortcut, 300, "most clean edits take the shortcut")
        XCTAssertGreaterThan(broken, 300, "most damage is found")
    }

    /// The shortcut is taken only from a graph known to be consistent: a
    /// graph built or edited by hand is checked whole, and so is the edit
    /// of one whose rows moved.
    func test_shortcut_onlyFromAKnownConsistentBase() throws {
        var generator = GraphGenerator(seed: 5)
        let built = generator.graph(objectCount: 60)
        XCTAssertFalse(built.isKnownConsistent)
        XCTAssertNil(built.rowsTouched(since: built))
        var loaded = try Graph.load(built.canonicalText(), schema: built.schema)
        XCTAssertTrue(loaded.isKnownConsistent, "a load knows")
        XCTAssertEqual(loaded.rowsTouched(since: loaded), [])
        let copy = loaded
        XCTAssertTrue(copy.isKnownConsistent)
        // Any change to the objects forgets it.
        guard let id = loaded.sortedIDs.first else { return XCTFail("no objects") }
        loaded[id] = nil
        XCTAssertFalse(loaded.isKnownConsistent)
        XCTAssertEqual(loaded.rowsTouched(since: copy)?.count, 1)
        XCTAssertNil(copy.withShuffledRows(seed: 3).rowsTouched(since: copy), "rows moved")
    }
}
