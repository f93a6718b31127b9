import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// Conflicts settled one by one: laws over seeded merges (deciding every
/// conflict for one side is `--prefer` for it; a decisions file replays
/// them; markers for what stays open keep the marker law), the union's
/// law, and fixtures for selectors and recorded decisions.
final class MergeDecisionsTests: XCTestCase {
    /// Seeded merges per law: 800, or `GRAPHDIFF_DECISION_CASES`.
    static let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_DECISION_CASES"].flatMap(Int.init) ?? 800

    /// Every conflict of the report, each with `side`, as a decisions file
    /// (the JSON `resolve --list --format json` prints, with choices).
    func decisionsFile(_ conflicts: [MergeConflict], _ side: (Int) -> MergeSide?) throws -> MergeDecisions {
        guard case .object(var o) = ConflictReport.document(conflicts, inputs: []), case .array(var list)? = o["conflicts"] else {
            XCTFail("no report")
            return MergeDecisions()
        }
        for i in list.indices {
            guard case .object(var c) = list[i], let choice = side(i) else { continue }
            c["choice"] = .string(choice.rawValue)
            list[i] = .object(c)
        }
        o["conflicts"] = .array(list)
        // Through its text, as a file would be.
        var decisions = MergeDecisions()
        try decisions.record(decisionsFile: try JSONReader.parse(JSONWriter.canonical(.object(o))))
        return decisions
    }

    // MARK: Plain JSON

    func jsonCase(_ seed: UInt64) -> (JSONValue, JSONValue, JSONValue) {
        var random = SplitMix64(seed: seed)
        if seed % 2 == 0 {
            let base = RandomJSON.object(&random, depth: 3)
            return (base, RandomJSON.edit(base, &random), RandomJSON.edit(base, &random))
        }
        let items = (0..<random.below(12) + 4).map { _ in RandomJSON.record(&random, depth: 1) }
        func edited() -> JSONValue { .object(["items": RandomJSON.editRecords(items, &random), "name": "n"]) }
        return (.object(["items": .array(items), "name": "n"]), edited(), edited())
    }

    /// Deciding every conflict of a plain JSON merge for one side, through a
    /// decisions file, gives `--prefer` for that side, with nothing open;
    /// deciding some leaves the rest open, and its markers keep the law
    /// (keeping mine in every block is the merge with the rest for mine).
    func test_law_plainJSON_decidingEveryConflict_isPreferringThatSide() throws {
        var decided = 0, partial = 0
        for seed in UInt64(1)...UInt64(Self.cases) {
            let (b, m, t) = jsonCase(seed)
            let report = JSONMerge.merge(base: b, mine: m, theirs: t)
            guard !report.conflicts.isEmpty else { continue }
            decided += 1
            for side in [MergeSide.mine, .theirs, .base] {
                let decisions = try decisionsFile(report.conflicts) { _ in side }
                let replayed = JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(decisions: decisions))
                let preferred = JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(prefer: side))
                if replayed.value != preferred.value || replayed.conflicts.contains(where: { $0.resolvedBy != side || !$0.remembered }) {
                    return XCTFail("seed \(seed): deciding every conflict for \(side) is not --prefer \(side)")
                }
            }
            // Every other conflict decided for mine; the rest stay open.
            let decisions = try decisionsFile(report.conflicts) { $0 % 2 == 0 ? .mine : nil }
            let marked = MergeText.documents(base: b, mine: m, theirs: t, options: .init(decisions: decisions), markers: .init())
            let expectedOpen = report.conflicts.indices.filter { $0 % 2 == 1 }.count
            if marked.open.count > expectedOpen { return XCTFail("seed \(seed): more conflicts open than undecided") }
            guard !marked.open.isEmpty else { continue }
            partial += 1
            for side in [MergeSide.mine, .theirs] {
                var rest = decisions
                rest.prefer = side
                let expected = JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(decisions: rest)).value
                let kept = try JSONReader.parse(resolveMarkers(marked.text, choose: { _ in side }))
                if kept != expected { return XCTFail("seed \(seed): keeping \(side) in every block is not the rest for \(side)\n\(String(decoding: marked.text, as: UTF8.self))") }
            }
            // Keeping the base's part everywhere is the merge that leaves the rest open.
            let based = try JSONReader.parse(resolveMarkers(marked.text, choose: { _ in nil }))
            if based != JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(decisions: decisions)).value {
                return XCTFail("seed \(seed): keeping the base's blocks is not the merge with the rest open\n\(String(decoding: marked.text, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(decided, Self.cases / 8)
        XCTAssertGreaterThan(partial, Self.cases / 40)
    }

    // MARK: Graphs

    /// The same laws for graphs, both generators: deciding every conflict
    /// for one side is `--prefer` for it; a partial decision leaves the
    /// rest open, and keeping one side in every block is the merge with the
    /// rest settled for that side (a mix the graph cannot hold is refused).
    func test_law_graphs_decidingEveryConflict_isPreferringThatSide() throws {
        let problems = SeedRunner.failures(of: (1...UInt64(Self.cases)).map { $0 }) { seed -> String? in
            do { return try self.graphLaws(seed: seed) } catch { return "\(error)" }
        }
        for (seed, why) in problems { XCTFail("seed \(seed): \(why)") }
    }

    func graphLaws(seed: UInt64) throws -> String? {
        var random = SplitMix64(seed: seed)
        let size = [2, 5, 12, 25][random.below(4)]
        let b: Graph, m: Graph, t: Graph
        if seed % 2 == 0 {
            var generator = GraphGenerator(seed: random.next())
            b = generator.graph(objectCount: size)
            var e1 = GraphEditor(seed: random.next()), e2 = GraphEditor(seed: random.next())
            (m, t) = (e1.edit(b, count: random.below(6) + 1).0, e2.edit(b, count: random.below(6) + 1).0)
        } else {
            var generator = OneWayGraphs(seed: random.next())
            b = generator.graph(people: size / 4 + 1, books: size)
            var e1 = OneWayGraphs(seed: random.next()), e2 = OneWayGraphs(seed: random.next())
            (m, t) = (e1.edit(b, count: random.below(6) + 1), e2.edit(b, count: random.below(6) + 1))
        }
        let report = try Graph.merge(base: b, mine: m, theirs: t)
        let open = report.conflicts.filter { $0.resolvedBy == nil }
        guard !open.isEmpty else { return nil }
        for side in [MergeSide.mine, .theirs, .base] {
            let decisions = try decisionsFile(report.conflicts) { _ in side }
            let replayed = try Graph.merge(base: b, mine: m, theirs: t, decisions: decisions)
            let preferred = try Graph.merge(base: b, mine: m, theirs: t, prefer: side)
            if replayed.graph.canonicalText() != preferred.graph.canonicalText() { return "deciding every conflict for \(side) is not --prefer \(side)" }
            if replayed.conflicts.map(\.resolvedBy) != preferred.conflicts.map(\.resolvedBy) {
                let differing = zip(replayed.conflicts, preferred.conflicts).filter { $0.resolvedBy != $1.resolvedBy }.map { "\($0)\n  --prefer: \($1)" }
                return "settled otherwise than --prefer \(side):\n" + differing.joined(separator: "\n")
            }
        }
        // Half the open conflicts decided for theirs.
        var index = 0
        let decisions = try decisionsFile(report.conflicts) { i in
            guard report.conflicts[i].resolvedBy == nil else { return nil }
            index += 1
            return index % 2 == 0 ? .theirs : nil
        }
        let marked: MergeText
        do {
            marked = try MergeText.graphs(base: b, mine: m, theirs: t, decisions: decisions, markers: .init())
        } catch MergeError.inconsistent {
            return nil  // a mix the graph cannot hold: refused, naming why
        }
        guard marked.graph == nil else { return nil }
        for side in [MergeSide.mine, .theirs] {
            var rest = decisions
            rest.prefer = side
            let expected = try Graph.merge(base: b, mine: m, theirs: t, decisions: rest).graph
            let kept = try Graph.load(resolveMarkers(marked.text, choose: { _ in side }), schema: b.schema)
            if !(try ChangeSet.diff(from: kept, to: expected).isEmpty) { return "keeping \(side) in every block is not the rest for \(side)" }
        }
        return nil
    }

    // MARK: Union

    /// The union's law over seeded lists with repeats: each element is
    /// held the base's count, less the most either side removed, plus the
    /// most either side added; mine's elements come first, in mine's order,
    /// then theirs' in theirs' order.
    func test_law_union_countsAndOrder() {
        for seed in UInt64(1)...4_000 {
            var random = SplitMix64(seed: seed)
            func list() -> [JSONValue] { (0..<random.below(6)).map { _ in .string("e\(random.below(4))") } }
            let (b, m, t) = (list(), list(), list())
            guard case .array(let u)? = MergeDecisions.union(.array(b), .array(m), .array(t)) else { return XCTFail("no union") }
            func count(_ l: [JSONValue], _ x: JSONValue) -> Int { l.filter { $0 == x }.count }
            for x in Set(b + m + t + u) {
                let (nb, nm, nt) = (count(b, x), count(m, x), count(t, x))
                let expected = nb - max(0, nb - nm, nb - nt) + max(0, nm - nb, nt - nb)
                if count(u, x) != expected { return XCTFail("seed \(seed): \(x) held \(count(u, x)) times, not \(expected)") }
            }
            // Mine's part is a subsequence of mine, the rest of theirs.
            var i = 0
            for e in m where i < u.count && u[i] == e { i += 1 }
            var j = i
            for e in t where j < u.count && u[j] == e { j += 1 }
            if j != u.count { return XCTFail("seed \(seed): \(u) is not mine's elements then theirs'") }
        }
    }

    func test_union_ofSets_takesBothAdditionsAndBothRemovals() throws {
        XCTAssertEqual(MergeDecisions.union(try json(#"["a","b"]"#), try json(#"["a","b","c"]"#), try json(#"["b","d"]"#)), try json(#"["b","c","d"]"#))
        // Absent counts as empty: both added.
        XCTAssertEqual(MergeDecisions.union(nil, try json(#"["x"]"#), try json(#"["y","x"]"#)), try json(#"["x","y"]"#))
        // Not arrays: no union.
        XCTAssertNil(MergeDecisions.union(try json("1"), try json(#"["x"]"#), try json("2")))
        XCTAssertNil(MergeDecisions.union(nil, nil, nil))
    }

    func test_preferUnion_settlesArrayConflicts_leavesTheOthersOpen() throws {
        let b = try json(#"{"tags": ["a", "b"], "title": "x"}"#)
        let m = try json(#"{"tags": ["a", "b", "c"], "title": "y"}"#)
        let t = try json(#"{"tags": ["b", "d"], "title": "z"}"#)
        let r = JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(prefer: .union))
        XCTAssertEqual(r.value, try json(#"{"tags": ["b", "c", "d"], "title": "x"}"#))
        XCTAssertEqual(r.conflicts.map(\.resolvedBy), [.union, nil])
        // With markers: only the title is open (the command's test shows the text).
        let marked = MergeText.documents(base: b, mine: m, theirs: t, options: .init(prefer: .union), markers: .init())
        XCTAssertEqual(marked.open.map(\.path.description), ["/title"])
    }

    // MARK: Selectors and records

    func test_objectSelector_parsesAndMatches() throws {
        let s = try MergeDecisions.Selector(object: "Task:t1.title")
        XCTAssertEqual([s.entity, s.identity, s.property], ["Task", "t1", "title"])
        let c = MergeConflict(kind: .property, entity: "Task", identity: "t1", property: "title", path: JSONPointer(["objects", "Task", "t1", "title"]),
                              base: "a", mine: "b", theirs: "c")
        XCTAssertTrue(s.matches(c))
        XCTAssertTrue(try MergeDecisions.Selector(object: "Task:t1").matches(c))
        XCTAssertFalse(try MergeDecisions.Selector(object: "Task:t2").matches(c))
        XCTAssertFalse(try MergeDecisions.Selector(object: "Task:t1.notes").matches(c))
        XCTAssertFalse(try MergeDecisions.Selector(object: "List:t1").matches(c))
        // An identity with a dot: named whole too.
        let dotted = MergeConflict(kind: .deleteModify, entity: "File", identity: "a.txt", path: JSONPointer(["objects", "File", "a.txt"]),
                                   base: nil, mine: nil, theirs: nil)
        XCTAssertTrue(try MergeDecisions.Selector(object: "File:a.txt").matches(dotted))
        XCTAssertTrue(MergeDecisions.Selector(path: JSONPointer(["objects", "Task"])).matches(c))
        XCTAssertFalse(MergeDecisions.Selector(path: JSONPointer(["objects", "Ta"])).matches(c))
        for bad in ["Task", ":t1", "Task:"] {
            XCTAssertThrowsError(try MergeDecisions.Selector(object: bad), bad)
        }
    }

    func test_recordedDecision_neverAppliesToAConflictThatDiffersInAValue() throws {
        let b = try json(#"{"a": 1, "b": 1}"#), m = try json(#"{"a": 2, "b": 2}"#), t = try json(#"{"a": 3, "b": 3}"#)
        let report = JSONMerge.merge(base: b, mine: m, theirs: t)
        let decisions = try decisionsFile(report.conflicts) { _ in .theirs }
        // Theirs now sets b to 4: that conflict differs; a's does not.
        let t2 = try json(#"{"a": 3, "b": 4}"#)
        let r = JSONMerge.merge(base: b, mine: m, theirs: t2, options: .init(decisions: decisions))
        XCTAssertEqual(r.value, try json(#"{"a": 3, "b": 1}"#))
        XCTAssertEqual(r.conflicts.map(\.resolvedBy), [.theirs, nil])
        XCTAssertEqual(r.conflicts.map(\.remembered), [true, false])
        XCTAssertEqual(r.conflicts[0].description, "/a: changed differently: base 1, mine 2, theirs 3 (took theirs)")
    }

    /// Two elements' conflicts with the same three values are two
    /// conflicts: a decision for one leaves the other open (found by testing).
    func test_aDecisionForOneElement_leavesAnotherWithTheSameValuesOpen() throws {
        let b = try json(#"{"items": [{"at": 1}, {"at": 1}]}"#), m = try json(#"{"items": [{"at": 2}, {"at": 2}]}"#)
        let t = try json(#"{"items": [{"at": 3}, {"at": 3}]}"#)
        let report = JSONMerge.merge(base: b, mine: m, theirs: t)
        XCTAssertEqual(report.conflicts.map(\.path.description), ["/items/0/at", "/items/1/at"])
        let decisions = try decisionsFile(report.conflicts) { $0 == 0 ? .theirs : nil }
        let r = JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(decisions: decisions))
        XCTAssertEqual(r.conflicts.map(\.resolvedBy), [.theirs, nil])
        // An element inserted before it by a decided chunk moves its result
        // index, not its place in the base: the decision still applies.
        let b2 = try json(#"{"items": ["x", {"at": 1}]}"#), m2 = try json(#"{"items": ["y", "z", {"at": 2}]}"#)
        let t2 = try json(#"{"items": ["w", {"at": 3}]}"#)
        let first = JSONMerge.merge(base: b2, mine: m2, theirs: t2)
        let all = try decisionsFile(first.conflicts) { _ in .mine }
        let replayed = JSONMerge.merge(base: b2, mine: m2, theirs: t2, options: .init(decisions: all))
        XCTAssertEqual(replayed.value, JSONMerge.merge(base: b2, mine: m2, theirs: t2, options: .init(prefer: .mine)).value)
        XCTAssertTrue(replayed.conflicts.allSatisfy { $0.resolvedBy == .mine }, "\(replayed.conflicts)")
    }

    /// Two stretches of one array with the same three values are two
    /// conflicts, named by where each starts in the base (found by testing).
    func test_twoAlikeStretchesOfOneArray_takeTheirOwnChoices() throws {
        let b = try json(#"{"a": ["x", "k1", "k2", "k3", "x", "z"]}"#), m = try json(#"{"a": ["m", "k1", "k2", "k3", "m", "z"]}"#)
        let t = try json(#"{"a": ["t1", "t2", "k1", "k2", "k3", "t1", "t2", "z"]}"#)
        let report = JSONMerge.merge(base: b, mine: m, theirs: t)
        XCTAssertEqual(report.conflicts.map { $0.basePath?.description }, ["/a/0", "/a/4"])
        let decisions = try decisionsFile(report.conflicts) { $0 == 0 ? .mine : .theirs }
        XCTAssertEqual(JSONMerge.merge(base: b, mine: m, theirs: t, options: .init(decisions: decisions)).value,
                       try json(#"{"a": ["m", "k1", "k2", "k3", "t1", "t2", "z"]}"#))
        // Union settles values, never orders.
        let order = MergeConflict(kind: .order, path: JSONPointer(["a"]), base: try json(#"["a", "b"]"#), mine: try json(#"["b", "a"]"#),
                                  theirs: try json(#"["a", "b"]"#))
        XCTAssertFalse(MergeDecisions.unionApplies(to: order))
        XCTAssertTrue(MergeDecisions.unionApplies(to: report.conflicts[0]))
    }

    func test_decisionsFile_errorsNameTheConflict() throws {
        var d = MergeDecisions()
        XCTAssertThrowsError(try d.record(decisionsFile: try json("[]"))) { XCTAssertTrue("\($0)".contains("not a decisions file"), "\($0)") }
        XCTAssertThrowsError(try d.record(decisionsFile: try json(#"{"conflicts": [{"kind": "property", "path": "/a", "choice": "left"}]}"#))) {
            XCTAssertEqual("\($0)", #"conflicts[0]: choice must be "mine", "theirs", "base" or "union", got "left""#)
        }
        XCTAssertThrowsError(try d.record(decisionsFile: try json(#"{"conflicts": [{}, {"kind": "nope", "choice": "mine"}]}"#))) {
            XCTAssertEqual("\($0)", "conflicts[1]: no known kind")
        }
        // Entries without a choice are passed over.
        XCTAssertEqual(try d.record(decisionsFile: try json(#"{"conflicts": [{"kind": "property", "path": "/a"}]}"#)), 0)
    }
}
