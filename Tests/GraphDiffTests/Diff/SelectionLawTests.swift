import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The laws of `--only` (``SelectedProperties``, ``ChangeSet/selecting(_:schema:)``,
/// ``MergeSelection``) over seeded random graphs and edits, then cases.
///
/// 1,000 cases by default; `GRAPHDIFF_SELECTION_CASES=N` runs more (or
/// fewer), `GRAPHDIFF_SELECTION_SEED=S` reruns one.
final class SelectionLawTests: XCTestCase {
    func test_selectionLaws_overManyCases() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_SELECTION_CASES"].flatMap(Int.init) ?? 1_000
        let seeds: [UInt64] = environment["GRAPHDIFF_SELECTION_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(cases)).map { $0 }
        let applied = LockedCount(), nonEmpty = LockedCount()
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try Self.check(seed: seed, applied: applied, nonEmpty: nonEmpty) } catch { return "\(error)" }
        }
        for (seed, why) in failures {
            XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_SELECTION_SEED=\(seed))")
        }
        // The selections must apply often, and select something, or the
        // merge laws test little.
        if seeds.count >= 500 {
            XCTAssertGreaterThan(applied.value, seeds.count / 3, "too few selections applied")
            XCTAssertGreaterThan(nonEmpty.value, seeds.count / 8, "too few selections held changes")
        }
        print("selection laws: \(seeds.count) cases, \(applied.value) applied, \(nonEmpty.value) with selected changes")
    }

    /// Some selection of `schema`: entities whole, properties, metadata.
    static func randomSelection(_ schema: Schema, _ random: inout SplitMix64) throws -> SelectedProperties {
        var names: [String] = []
        for _ in 0..<(random.below(3) + 1) {
            let entity = schema.entities[random.below(schema.entities.count)]
            switch random.below(5) {
            case 0, 1: names.append("\(entity.name).*")
            case 2: names.append("metadata.*")
            default:
                let property = entity.properties[random.below(entity.properties.count)]
                names.append("\(entity.name).\(property.name)")
            }
        }
        // A property reported elsewhere (a derived to-many, a chain link)
        // is refused: its entity whole instead.
        let selectable = names.map { name in
            (try? SelectedProperties([name], schema: schema)) != nil ? name : String(name.prefix { $0 != "." }) + ".*"
        }
        return try SelectedProperties(selectable, schema: schema)
    }

    static func check(seed: UInt64, applied: LockedCount, nonEmpty: LockedCount) throws -> String? {
        var random = SplitMix64(seed: seed)
        var generator = GraphGenerator(seed: random.next())
        let base = generator.graph(objectCount: [3, 8, 20, 50][random.below(4)])
        var e1 = GraphEditor(seed: random.next()), e2 = GraphEditor(seed: random.next())
        let (mine, _) = e1.edit(base, count: random.below(6) + 1)
        let (theirs, _) = e2.edit(base, count: random.below(6) + 1)
        let schema = base.schema
        let full = try ChangeSet.diff(from: base, to: theirs)

        // Everything selected is the whole diff; the roots' entities
        // selected one at a time share out its object changes.
        let roots = schema.entities.filter { $0.parent == nil }.map(\.name)
        let everything = try SelectedProperties(roots.map { "\($0).*" } + ["metadata.*"], schema: schema)
        if full.selecting(everything, schema: schema) != full { return "selecting everything is not the whole diff" }
        var shared = 0
        for root in roots { shared += full.selecting(try SelectedProperties(["\(root).*"], schema: schema), schema: schema).objects.count }
        if shared != full.objects.count { return "the entities' selections do not share out the object changes" }

        // A selection holds only changes of the whole diff, and the diff
        // with `only` is the diff selected.
        let selected = try randomSelection(schema, &random)
        let part = full.selecting(selected, schema: schema)
        for change in part.objects {
            guard let whole = full.objects.first(where: { $0.id == change.id && $0.kind == change.kind }) else { return "a selected change is not in the diff" }
            if !change.changes.allSatisfy(whole.changes.contains) { return "a selected property change is not in the diff" }
        }
        if try ChangeSet.diff(from: base, to: theirs, options: DiffOptions(only: selected)) != part { return "diff with only != diff selected" }

        // Merges: everything selected is the merge; theirs untouched gives
        // mine; mine untouched gives the base with theirs' selected changes.
        let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
        let all = try Graph.merge(base: base, mine: mine, theirs: MergeSelection.theirs(theirs, selecting: everything, over: base))
        if all.graph.canonicalText() != merged.graph.canonicalText() || all.conflicts != merged.conflicts { return "merge --only everything != merge" }
        let untouched = try Graph.merge(base: base, mine: mine, theirs: MergeSelection.theirs(base, selecting: selected, over: base))
        if untouched.graph.canonicalText() != mine.canonicalText() { return "merge(B, M, B) --only != M" }
        let limited: Graph
        do {
            limited = try MergeSelection.theirs(theirs, selecting: selected, over: base)
        } catch MergeError.selectionIncomplete {
            return nil // the selection leaves out what its changes need: refused, as documented
        }
        applied.increment()
        if !part.isEmpty { nonEmpty.increment() }
        let onto = try Graph.merge(base: base, mine: base, theirs: limited)
        if try ChangeSet.diff(from: base, to: onto.graph) != part { return "merge(B, B, T) --only P != B + diff(B, T) selected by P" }
        // Mine's changes outside the selection stand: a merge with a
        // selection conflicts only where the full merge does.
        let partial = try Graph.merge(base: base, mine: mine, theirs: limited)
        if !partial.graph.consistencyProblems().isEmpty { return "merge --only is inconsistent" }
        return nil
    }

    // MARK: Cases

    func test_selection_refusesWhatNamesNothing() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        XCTAssertThrowsError(try SelectedProperties(["Nope.*", "Task.nope", "title", "*.*", "*.nope", "Task.next", "*.prev"],
                                                    schema: schema)) { error in
            XCTAssertEqual((error as? SchemaError)?.problems.map(\.message), [
                "\"Nope.*\": no entity \"Nope\" in the schema",
                "\"Task.nope\": entity \"Task\" has no property \"nope\"",
                "\"title\": expected ENTITY.PROPERTY, ENTITY.* or *.PROPERTY",
                "\"*.*\": selects everything; leave out --only",
                "\"*.nope\": no entity has a property \"nope\" whose changes are reported as its own",
                "\"Task.next\": its changes are reported on TaskList.items; select that",
                "\"*.prev\": no entity has a property \"prev\" whose changes are reported as its own",
            ])
        }
        let people = try sampleSchema("people/people.schema.json")
        XCTAssertThrowsError(try SelectedProperties(["Person.addresses"], schema: people)) { error in
            XCTAssertEqual((error as? SchemaError)?.problems.map(\.message), ["\"Person.addresses\": its changes are reported on Address.person; select that"])
        }
    }

    func test_diffOnly_keepsTheSelectedChanges() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let theirs = try sampleGraph("tasks/theirs.graph.json", schema: "tasks/tasks.schema.json")
        func lines(_ names: [String]) throws -> String {
            let changes = try ChangeSet.diff(from: base, to: theirs, options: DiffOptions(only: SelectedProperties(names, schema: schema)))
            return (changes.objects.map { "\($0.kind) \($0.entity) \($0.id.identity) \($0.changes.map(\.property))" }
                    + changes.sequences.map { "order \($0.ownerEntity) \($0.owner.identity).\($0.relationship)" }
                    + changes.metadata.map { "metadata \($0.key)" }).joined(separator: "\n")
        }
        XCTAssertEqual(try lines(["Task.*"]), """
            updated Task t3 ["title"]
            inserted Task t6 []
            order TaskList groceries.items
            """)
        XCTAssertEqual(try lines(["Task.title"]), "updated Task t3 [\"title\"]")
        XCTAssertEqual(try lines(["TaskList.items"]), "order TaskList groceries.items")
        XCTAssertEqual(try lines(["metadata.device"]), "metadata device")
        XCTAssertEqual(try lines(["*.title"]), "updated Task t3 [\"title\"]\nupdated TaskList chores [\"title\"]")
    }

    func test_mergeOnly_plainJSON_takesTheirsOnlyWhereSelected() throws {
        let base = try json(#"{"a": {"b": 1, "c": 1}, "l": [{"p": 1, "q": 1}, {"p": 2, "q": 2}]}"#)
        let mine = try json(#"{"a": {"b": 2, "c": 1}, "l": [{"p": 1, "q": 9}, {"p": 2, "q": 2}]}"#)
        let theirs = try json(#"{"a": {"b": 1, "c": 3}, "l": [{"p": 5, "q": 1}, {"p": 2, "q": 7}], "n": 1}"#)
        func merged(_ patterns: [String]) throws -> String {
            let limited = try MergeSelection.theirs(theirs, selecting: IgnoredPaths(patterns), onto: mine, base: base)
            return JSONWriter.string(JSONMerge.merge(base: base, mine: mine, theirs: limited).value)
        }
        XCTAssertEqual(try merged(["/a/c"]), #"{"a":{"b":2,"c":3},"l":[{"p":1,"q":9},{"p":2,"q":2}]}"#)
        XCTAssertEqual(try merged(["/l/*/p"]), #"{"a":{"b":2,"c":1},"l":[{"p":5,"q":9},{"p":2,"q":2}]}"#)
        XCTAssertEqual(try merged(["/n", "/a/c"]), #"{"a":{"b":2,"c":3},"l":[{"p":1,"q":9},{"p":2,"q":2}],"n":1}"#)
        // Arrays of different lengths: their elements cannot be paired.
        let longer = try json(#"{"l": [0, 1, 2]}"#)
        XCTAssertThrowsError(try MergeSelection.theirs(longer, selecting: IgnoredPaths(["/l/0"]), onto: try json(#"{"l": [1, 2]}"#),
                                                       base: try json(#"{"l": [1, 2]}"#))) { error in
            XCTAssertEqual("\(error)", "--only /l/0: the array at /l has not one length in the base, mine and theirs, so its elements cannot be paired; select the array itself")
        }
    }

    func test_diffOnly_plainJSON_keepsTheSelectedParts() throws {
        let document = try json(#"{"a": {"b": 1, "c": 2}, "l": [{"p": 1, "q": 1}, 3], "z": null}"#)
        XCTAssertEqual(JSONWriter.string(try IgnoredPaths(["/a/b"]).keeping(in: document)), #"{"a":{"b":1}}"#)
        XCTAssertEqual(JSONWriter.string(try IgnoredPaths(["/l/*/q"]).keeping(in: document)), #"{"l":[{"q":1}]}"#)
        XCTAssertEqual(JSONWriter.string(try IgnoredPaths(["/l/*"]).keeping(in: document)), #"{"l":[{"p":1,"q":1},3]}"#)
        XCTAssertEqual(JSONWriter.string(try IgnoredPaths(["/nothing"]).keeping(in: document)), "{}")
        XCTAssertEqual(JSONWriter.string(try IgnoredPaths(["/**/p", "/z"]).keeping(in: document)), #"{"l":[{"p":1}],"z":null}"#)
    }
}
