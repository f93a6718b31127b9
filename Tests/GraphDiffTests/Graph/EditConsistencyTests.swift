import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The check of an edit of a graph known to be consistent
/// (``Graph/consistencyProblems(editedFrom:)``, what a patch's result gets)
/// against the whole check: the same problems, word for word, whatever the
/// edit broke. `GRAPHDIFF_EDIT_CHECK_CASES=N` runs at most N seeds of
/// each law (CI's sanitizer runs: 100), their floors scaled alike.
final class EditConsistencyTests: XCTestCase {
    /// The seeds a law of `count` runs (``EditConsistencyTests``).
    static func cases(_ count: Int) -> Int {
        min(count, ProcessInfo.processInfo.environment["GRAPHDIFF_EDIT_CHECK_CASES"].flatMap(Int.init).map { max(1, $0) } ?? count)
    }

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

    /// `edited` damaged as seed `seed` says: a third in their chains
    /// (cycles, links out of the chain, members removed), a third in their
    /// other references, a third left alone.
    func damaged(_ edited: Graph, seed: UInt64, salt: UInt64) -> Graph {
        var random = SplitMix64(seed: seed &* (13 &+ salt))
        switch seed % 3 {
        case 0:
            var damage = ChainDamage(seed: seed &* (31 &+ salt))
            return damage.apply(to: edited, count: 1 + Int(seed % 4))
        case 1:
            return damagingReferences(edited, &random, count: 1 + Int(seed % 3))
        default:
            return edited
        }
    }

    /// Checks that the check of `edited` as an edit of `base` is the whole
    /// check (with the two-core thresholds lowered when `lowered`), and
    /// that the shortcut passes only a sound graph; returns whether it
    /// took the shortcut and whether the graph has problems.
    func checkOfTheEdit(_ edited: Graph, base: Graph, lowered: Bool, _ what: String,
                        file: StaticString = #filePath, line: UInt = #line) -> (shortcut: Bool, broken: Bool) {
        let whole = edited.consistencyProblems()
        let ofTheEdit = lowered ? TwoCores.lowered(16) { edited.consistencyProblems(editedFrom: base) } : edited.consistencyProblems(editedFrom: base)
        XCTAssertEqual(ofTheEdit, whole, what, file: file, line: line)
        var shortcut = false
        if let touched = edited.rowsTouched(since: base), edited.isLocallyConsistent(touched: touched, base: base) {
            shortcut = true
            XCTAssertEqual(whole, [], "\(what): the shortcut found nothing wrong in a graph with problems", file: file, line: line)
        }
        return (shortcut, !whole.isEmpty)
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
        let cases = Self.cases(900)
        for seed in UInt64(1)...UInt64(cases) {
            var generator = GraphGenerator(seed: seed)
            var base = generator.graph(objectCount: [30, 120, 500][Int(seed % 3)])
            guard base.consistencyProblems().isEmpty else { return XCTFail("seed \(seed): the generated graph is not consistent") }
            base.isKnownConsistent = true
            var editor = GraphEditor(seed: seed &* 7)
            let edited = damaged(editor.edit(base, count: 1 + Int(seed % 6)).0, seed: seed, salt: 0)
            let found = checkOfTheEdit(edited, base: base, lowered: seed % 5 == 0, "seed \(seed)")
            if found.shortcut { shortcut += 1 }
            if found.broken { broken += 1 }
        }
        XCTAssertGreaterThan(shortcut, 300 * cases / 900, "most clean edits take the shortcut")
        XCTAssertGreaterThan(broken, 300 * cases / 900, "most damage is found")
    }

    /// Law: the check of a file read sharing the values of the graph it
    /// edits (the newer side of a diff, mine and theirs of a merge) is the
    /// whole check, word for word. Over 600 seeded graphs read from their
    /// text, each edited by the generator's editor and read back from the
    /// edit's text sharing the base's values (so its rows are not the
    /// base's when objects were added or removed); a third then damaged in
    /// their chains, a third in their other references; a fifth with their
    /// rows shuffled, a fifth past the two-core thresholds. Loading such a
    /// file takes the shortcut; every loaded edit passes it.
    func test_law_checkOfAFileReadSharingValues_isTheWholeCheck() throws {
        var shortcut = 0, broken = 0, shifted = 0
        let cases = Self.cases(600)
        for seed in UInt64(1)...UInt64(cases) {
            var generator = GraphGenerator(seed: seed &+ 5_000)
            let generated = generator.graph(objectCount: [30, 120, 400][Int(seed % 3)])
            let base = try Graph.load(generated.canonicalText(), schema: generated.schema)
            var editor = GraphEditor(seed: seed &* 11)
            let edit = editor.edit(base, count: 1 + Int(seed % 6)).0
            let lowered = seed % 5 == 0
            let load = { try Graph.load(edit.canonicalText(), schema: edit.schema, options: .init(sharingValuesWith: base)) }
            // Loading checks the edit against the base: it loads (the edit is sound).
            var edited = lowered ? try TwoCores.lowered(16, load) : try load()
            XCTAssertTrue(edited.isKnownConsistent, "seed \(seed)")
            if edited.objects.rowCount != base.objects.rowCount || zip(edited.objects.ids, base.objects.ids).contains(where: { $0 != $1 }) { shifted += 1 }
            edited = damaged(edited, seed: seed, salt: 4)
            if seed % 5 == 1 { edited = edited.withShuffledRows(seed: seed) }
            let found = checkOfTheEdit(edited, base: base, lowered: lowered, "seed \(seed)")
            if found.shortcut { shortcut += 1 }
            if found.broken { broken += 1 }
        }
        XCTAssertGreaterThan(shortcut, 150 * cases / 600, "clean edits take the shortcut")
        XCTAssertGreaterThan(broken, 200 * cases / 600, "most damage is found")
        XCTAssertGreaterThan(shifted, 300 * cases / 600, "most edits move rows")
    }

    /// Law: the check of a preference's merge result as an edit of the
    /// report's (what conflict markers run: the two differ only around the
    /// conflicts) is the whole check, word for word. Over 300 seeded graphs
    /// read from their text, mine an edit of the base and theirs an edit of
    /// the base or of mine (so that there are conflicts), both read back
    /// sharing the base's values; the report's result is known consistent;
    /// each preference's result is then damaged as above, a fifth with its
    /// rows shuffled, a fifth past the two-core thresholds. Most clean
    /// results take the shortcut.
    func test_law_checkOfAPreferencesResult_asAnEditOfTheReports_isTheWholeCheck() throws {
        var shortcut = 0, broken = 0, conflicted = 0
        let cases = Self.cases(300)
        for seed in UInt64(1)...UInt64(cases) {
            var generator = GraphGenerator(seed: seed &+ 9_000)
            let generated = generator.graph(objectCount: [30, 120, 400][Int(seed % 3)])
            let base = try Graph.load(generated.canonicalText(), schema: generated.schema)
            var mineEditor = GraphEditor(seed: seed &* 13), theirsEditor = GraphEditor(seed: seed &* 17 &+ 1)
            let read = { (edit: Graph) in try Graph.load(edit.canonicalText(), schema: edit.schema, options: .init(sharingValuesWith: base)) }
            let mineEdit = mineEditor.edit(base, count: 2 + Int(seed % 8)).0
            let mine = try read(mineEdit)
            let theirs = try read(theirsEditor.edit(seed % 2 == 0 ? mineEdit : base, count: 2 + Int(seed % 9)).0)
            let lowered = seed % 5 == 0
            func merge(_ prefer: MergeSide?) throws -> MergeResult {
                let run = { try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: prefer) }
                return try lowered ? TwoCores.lowered(16, run) : run()
            }
            let report = try merge(nil)
            XCTAssertTrue(report.graph.isKnownConsistent, "seed \(seed): a merge's result is checked")
            if report.conflicts.contains(where: { $0.resolvedBy == nil }) { conflicted += 1 }
            let preferred = try merge(seed % 3 == 0 ? .theirs : .mine)
            var edited = damaged(preferred.graph, seed: seed, salt: 7)
            if seed % 5 == 1 { edited = edited.withShuffledRows(seed: seed) }
            let found = checkOfTheEdit(edited, base: report.graph, lowered: lowered, "seed \(seed)")
            if found.shortcut { shortcut += 1 }
            if found.broken { broken += 1 }
        }
        XCTAssertGreaterThan(conflicted, 60 * cases / 300, "enough merges have open conflicts")
        XCTAssertGreaterThan(shortcut, 60 * cases / 300, "clean results take the shortcut")
        XCTAssertGreaterThan(broken, 120 * cases / 300, "most damage is found")
    }

    /// The shortcut is taken only from a graph known to be consistent: a
    /// graph built or edited by hand is checked whole; rows that moved are
    /// found by identity.
    func test_shortcut_onlyFromAKnownConsistentBase() throws {
        var generator = GraphGenerator(seed: 5)
        let built = generator.graph(objectCount: 60)
        XCTAssertFalse(built.isKnownConsistent)
        XCTAssertNil(built.rowsTouched(since: built))
        var loaded = try Graph.load(built.canonicalText(), schema: built.schema)
        XCTAssertTrue(loaded.isKnownConsistent, "a load knows")
        XCTAssertEqual(loaded.rowsTouched(since: loaded), Graph.TouchedRows())
        let copy = loaded
        XCTAssertTrue(copy.isKnownConsistent)
        // Any change to the objects forgets it.
        guard let id = loaded.sortedIDs.first else { return XCTFail("no objects") }
        loaded[id] = nil
        XCTAssertFalse(loaded.isKnownConsistent)
        XCTAssertEqual(loaded.rowsTouched(since: copy)?.count, 1)
        XCTAssertEqual(copy.withShuffledRows(seed: 3).rowsTouched(since: copy), Graph.TouchedRows(), "rows moved: found by identity")
    }

    /// An object whose values are written again alike (new values,
    /// identical to the last bit, as a merge finished twice writes its
    /// links and inverses) is untouched; a value written with another
    /// number spelling (`1.0` for `1`) is a touch.
    func test_valuesWrittenAgainAlike_areUntouched_anotherSpellingIsATouch() throws {
        var generator = GraphGenerator(seed: 7)
        let built = generator.graph(objectCount: 40)
        let loaded = try Graph.load(built.canonicalText(), schema: built.schema)
        guard let (id, slot, value) = loaded.sortedIDs.lazy.compactMap({ id -> (ObjectID, Int, JSONValue)? in
            guard let o = loaded.objects[id] else { return nil }
            return (0..<o.slotCount).lazy.compactMap { slot -> (ObjectID, Int, JSONValue)? in
                if case .number = o.value(at: slot) { return (id, slot, o.value(at: slot)) }
                return nil
            }.first
        }).first, case .number(let number) = value, !number.text.contains(".") else { return XCTFail("no whole number attribute") }
        var alike = loaded
        alike.objects.update(id) { $0.values = $0.values }
        XCTAssertFalse(alike.objects[id]?.sharesValues(with: loaded.objects[id] ?? .vacated) ?? true, "written again: a new run of values")
        XCTAssertEqual(alike.rowsTouched(since: loaded), Graph.TouchedRows())
        var respelled = loaded
        let other = JSONValue.number(JSONNumber(number.text + ".0"))
        respelled.objects.update(id) { $0.setValue(other, at: slot) }
        XCTAssertEqual(respelled.rowsTouched(since: loaded)?.count, 2, "the object, in both graphs")
    }

    /// Two owners whose identities are one string to Swift (`é` as one
    /// code point, and as `e` and a combining accent) are two owners: an
    /// edit that breaks one's chain while it touches the other's member
    /// is found, as the whole check finds it (a case a helper session
    /// found; the owners were counted together).
    func test_ownersEquivalentAsStrings_areTwoOwners() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let baseText = #"""
{
  "$schema": "tasks.schema.json",
  "objects": {
    "Task": {
      "t1": {
        "done": false,
        "due": null,
        "list": "é",
        "next": "t2",
        "prev": null,
        "title": "A"
      },
      "t2": {
        "done": false,
        "due": null,
        "list": "é",
        "next": "t3",
        "prev": "t1",
        "title": "B"
      },
      "t3": {
        "done": false,
        "due": null,
        "list": "é",
        "next": null,
        "prev": "t2",
        "title": "C"
      },
      "t9": {
        "done": false,
        "due": null,
        "list": "é",
        "next": null,
        "prev": null,
        "title": "E"
      }
    },
    "TaskList": {
      "é": {
        "title": "NFD"
      },
      "é": {
        "title": "NFC"
      }
    }
  }
}
"""#
        // Mine: the head of the NFC list unlinked from its next (which
        // still names it), and the NFD list's one member retitled.
        let mineText = baseText.replacingOccurrences(of: #""next": "t2","#, with: #""next": null,"#)
            .replacingOccurrences(of: #""title": "E""#, with: #""title": "E2""#)
        let base = try Graph.load(Array(baseText.utf8), schema: schema)
        XCTAssertThrowsError(try Graph.load(Array(mineText.utf8), schema: schema, options: .init(sharingValuesWith: base))) { error in
            XCTAssertEqual((error as? GraphError)?.problems.map(\.description),
                           [#"18:9: Task "t2".prev: "prev" is "t1", but the "next" of "t1" is null"#])
        }
    }
}
