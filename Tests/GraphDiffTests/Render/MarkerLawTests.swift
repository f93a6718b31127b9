import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The marker law: in a file with conflict markers, keeping mine's block in
/// every conflict gives exactly the `--prefer mine` result, keeping theirs'
/// the `--prefer theirs` result, and any mix is valid JSON.
final class MarkerLawTests: XCTestCase {
    func documents(_ b: String, _ m: String, _ t: String, arrayKey: String? = nil) throws -> (text: [UInt8], mine: [UInt8], theirs: [UInt8]) {
        let (base, mine, theirs) = (try json(b), try json(m), try json(t))
        let marked = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(arrayKey: arrayKey), markers: .init())
        let forMine = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(arrayKey: arrayKey, prefer: .mine), markers: .init())
        let forTheirs = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(arrayKey: arrayKey, prefer: .theirs), markers: .init())
        return (marked.text, forMine.text, forTheirs.text)
    }

    func test_plainJSON_deleteVsModifyOfTheLastMember_leavesNoTrailingComma() throws {
        let r = try documents(#"{"a": 1, "b": 2}"#, #"{"a": 1}"#, #"{"a": 1, "b": 3}"#)
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), """
            {
            <<<<<<< mine
              "a": 1
            ||||||| base
              "a": 1,
              "b": 2
            =======
              "a": 1,
              "b": 3
            >>>>>>> theirs
            }

            """)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
    }

    func test_plainJSON_nestedConflicts_markOnlyTheDifferingMembers() throws {
        let r = try documents(#"{"o": {"x": 1, "y": 1}, "z": 0}"#, #"{"o": {"x": 2, "y": 1}, "z": 1}"#, #"{"o": {"x": 3, "y": 1}, "z": 0}"#)
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), """
            {
              "o": {
            <<<<<<< mine
                "x": 2,
            ||||||| base
                "x": 1,
            =======
                "x": 3,
            >>>>>>> theirs
                "y": 1
              },
              "z": 1
            }

            """)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
    }

    func test_plainJSON_keyedArrays_moveConflicts_resolveToEitherSide() throws {
        let r = try documents(#"[{"k": "a"}, {"k": "b"}, {"k": "c"}]"#, #"[{"k": "b"}, {"k": "a"}, {"k": "c"}]"#, #"[{"k": "a"}, {"k": "c"}, {"k": "b"}]"#, arrayKey: "k")
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
    }

    /// Random documents and edits: scalars changed, members added and
    /// removed, nested objects, arrays.
    /// Seeded merges per plain JSON law test: 1,500, or `GRAPHDIFF_MARKER_CASES`.
    static let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_MARKER_CASES"].flatMap(Int.init) ?? 1_500

    func test_plainJSON_law_overSeededDocuments() throws {
        var withMarkers = 0
        for seed in UInt64(1)...UInt64(Self.cases) {
            var random = SplitMix64(seed: seed)
            let base = RandomJSON.object(&random, depth: 3)
            let mine = RandomJSON.edit(base, &random), theirs = RandomJSON.edit(base, &random)
            guard let open = try lawHolds(base, mine, theirs, seed: seed) else { return }
            if !open.isEmpty { withMarkers += 1 }
        }
        XCTAssertGreaterThan(withMarkers, Self.cases * 200 / 1_500)
    }

    /// Arrays of records, which the markers open: elements inserted,
    /// removed, changed and swapped by both sides. The law holds, and a
    /// conflict inside one element marks only lines of that element.
    func test_plainJSON_law_arraysOfRecords() throws {
        var withMarkers = 0, inElements = 0
        for seed in UInt64(1)...UInt64(Self.cases) {
            var random = SplitMix64(seed: seed)
            let items = (0..<random.below(12) + 4).map { _ in RandomJSON.record(&random, depth: 1) }
            let base = JSONValue.object(["items": .array(items), "name": "n"])
            func edited() -> JSONValue { .object(["items": RandomJSON.editRecords(items, &random), "name": "n"]) }
            // (An element moved by one side and changed by the other is, in
            // a positional merge, a removal and an insertion; the report
            // keeps the base's chunk beside the insertion, so keeping the
            // base's lines is compared with it only for the documents above.)
            guard let open = try lawHolds(base, edited(), edited(), seed: seed, baseIsReport: false) else { return }
            if !open.isEmpty { withMarkers += 1 }
            if !open.isEmpty && open.allSatisfy({ $0.kind == .property }) { inElements += 1 }
        }
        XCTAssertGreaterThan(withMarkers, Self.cases * 300 / 1_500)
        // (Conflicts inside elements only are rarer: counted on full runs.)
        if Self.cases >= 1_500 { XCTAssertGreaterThan(inElements, 20) }
        print("marker law over arrays of records: \(withMarkers) merges with markers, \(inElements) with conflicts inside elements only")
    }

    /// Checks the marker law for one plain JSON merge: its open conflicts,
    /// or `nil` (after failing the test) when the law breaks.
    func lawHolds(_ base: JSONValue, _ mine: JSONValue, _ theirs: JSONValue, seed: UInt64, baseIsReport: Bool = true) throws -> [MergeConflict]? {
        let marked = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(), markers: .init())
        guard !marked.open.isEmpty else { return [] }
        let forMine = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(prefer: .mine), markers: .init()).text
        let forTheirs = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(prefer: .theirs), markers: .init()).text
        if let why = markerLawProblem(marked.text, forMine: forMine, forTheirs: forTheirs, seed: seed) {
            XCTFail("seed \(seed): \(why)\n\(String(decoding: marked.text, as: UTF8.self))")
            return nil
        }
        // Keeping the base's lines everywhere is the merge that keeps the
        // base's values where it conflicts (mine's where the base has
        // none): --conflicts report.
        let based = resolveMarkers(marked.text, choose: { _ in nil })
        let report = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(), markers: nil).text
        if baseIsReport, try JSONReader.parse(based) != JSONReader.parse(report) {
            XCTFail("seed \(seed): keeping the base is not the report's result\n\(String(decoding: marked.text, as: UTF8.self))")
            return nil
        }
        return marked.open
    }

    // MARK: Graphs

    /// Large groups are written on two cores, cut at an object alike in both
    /// resolutions: the same bytes as one emitter, over many conflicting merges.
    func test_graphMarkers_writtenInTwoHalves_areTheBytesOfOne() throws {
        var cases = 0
        for seed in UInt64(1)...600 where cases < 80 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: [5, 12, 30, 60][Int(seed % 4)])
            var e1 = GraphEditor(seed: seed &+ 10_000), e2 = GraphEditor(seed: seed &+ 20_000)
            let (mine, _) = e1.edit(base, count: 1 + Int(seed % 7)), (theirs, _) = e2.edit(base, count: 1 + Int(seed % 5))
            let forMine = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph
            let forTheirs = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph
            guard forMine != forTheirs else { continue }
            cases += 1
            let report = try Graph.merge(base: base, mine: mine, theirs: theirs).graph
            let one = ConflictMarkerWriter.write(mine: forMine, theirs: forTheirs, base: report)
            let saved = TwoCores.minimumObjects
            TwoCores.minimumObjects = 1
            let halves = ConflictMarkerWriter.write(mine: forMine, theirs: forTheirs, base: report)
            TwoCores.minimumObjects = saved
            XCTAssertEqual(String(decoding: halves, as: UTF8.self), String(decoding: one, as: UTF8.self), "seed \(seed)")
        }
        XCTAssertEqual(cases, 80)
    }

    func graphs(_ schema: Schema, _ b: String, _ m: String, _ t: String) throws -> (text: [UInt8], mine: [UInt8], theirs: [UInt8], open: Int) {
        let (base, mine, theirs) = (try Graph.load(Array(b.utf8), schema: schema), try Graph.load(Array(m.utf8), schema: schema), try Graph.load(Array(t.utf8), schema: schema))
        let marked = try MergeText.graphs(base: base, mine: mine, theirs: theirs, prefer: nil, markers: .init())
        let forMine = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph.canonicalText()
        let forTheirs = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph.canonicalText()
        for resolved in [forMine, forTheirs] { XCTAssertNoThrow(try Graph.load(resolved, schema: schema)) }
        // The graph writer against its oracle, the writer of documents.
        let oracle = ConflictMarkerWriter.write(
            mine: try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph.encoded(),
            theirs: try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph.encoded(),
            base: try Graph.merge(base: base, mine: mine, theirs: theirs).graph.encoded(), baseIsResult: true)
        XCTAssertEqual(String(decoding: marked.text, as: UTF8.self), String(decoding: oracle, as: UTF8.self))
        // Keeping the base's part of every block is the --conflicts report result, a valid graph.
        XCTAssertEqual(resolveMarkers(marked.text, choose: { _ in nil }), try Graph.merge(base: base, mine: mine, theirs: theirs).graph.canonicalText())
        return (marked.text, forMine, forTheirs, marked.open.count)
    }

    func test_graph_entityGroupGoneOnOneSide_andMetadataConflict_matchTheDocumentWriter() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let base = """
            {"metadata": {"v": 1}, "objects": {"Dog": {"d1": {"name": "Rex", "owner": null}},
              "Person": {"p1": {"dog": null, "lastName": "Martin"}}}}
            """
        // Mine deletes the only dog; theirs renames it: delete/modify, and
        // the Dog group is in one resolution only.
        let mine = """
            {"$schema": "people.schema.json", "metadata": {"v": 2}, "objects": {"Person": {"p1": {"dog": null, "lastName": "Martin"}}}}
            """
        let theirs = """
            {"metadata": {"v": 3}, "objects": {"Dog": {"d1": {"name": "Max", "owner": null}},
              "Person": {"p1": {"dog": null, "lastName": "Martin"}, "p2": {"dog": null, "lastName": "Hale"}}}}
            """
        let r = try graphs(schema, base, mine, theirs)
        XCTAssertEqual(r.open, 2)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
        // Every object of one side gone: the general path.
        _ = try graphs(schema, base, #"{"objects": {}}"#, theirs)
    }

    func test_graph_deleteVsModify_insideAChain_marksTheNeighboursLinksToo() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let base = """
            {"objects": {"TaskList": {"L": {"title": "L"}}, "Task": {
              "a": {"list": "L", "prev": null, "next": "b", "title": "A"},
              "b": {"list": "L", "prev": "a", "next": "c", "title": "B"},
              "c": {"list": "L", "prev": "b", "next": null, "title": "C"}}}}
            """
        let mine = """
            {"objects": {"TaskList": {"L": {"title": "L"}}, "Task": {
              "a": {"list": "L", "prev": null, "next": "c", "title": "A"},
              "c": {"list": "L", "prev": "a", "next": null, "title": "C"}}}}
            """
        let theirs = base.replacingOccurrences(of: "\"title\": \"B\"", with: "\"title\": \"Bee\"")
        let r = try graphs(schema, base, mine, theirs)
        XCTAssertEqual(r.open, 1)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
        let text = String(decoding: r.text, as: UTF8.self)
        XCTAssertTrue(text.contains("<<<<<<< mine\n        \"next\": \"c\","), text)
    }

    func test_graph_oneToOneConflict_resolvesToValidGraphs() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let r = try graphs(schema, """
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p1"}, "d2": {"name": "Max", "owner": null}},
              "Person": {"p1": {"dog": "d1", "lastName": "Martin"}, "p2": {"dog": null, "lastName": "Hale"}}}}
            """, """
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p2"}, "d2": {"name": "Max", "owner": null}},
              "Person": {"p1": {"dog": null, "lastName": "Martin"}, "p2": {"dog": "d1", "lastName": "Hale"}}}}
            """, """
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p1"}, "d2": {"name": "Max", "owner": "p2"}},
              "Person": {"p1": {"dog": "d1", "lastName": "Martin"}, "p2": {"dog": "d2", "lastName": "Hale"}}}}
            """)
        XCTAssertEqual(r.open, 1)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
    }

    func test_graph_memberMovedToTwoOwners_resolvesToValidGraphs() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let base = """
            {"objects": {"TaskList": {"L": {"title": "L"}, "M": {"title": "M"}, "N": {"title": "N"}}, "Task": {
              "a": {"list": "L", "prev": null, "next": "b", "title": "A"},
              "b": {"list": "L", "prev": "a", "next": null, "title": "B"}}}}
            """
        let mine = """
            {"objects": {"TaskList": {"L": {"title": "L"}, "M": {"title": "M"}, "N": {"title": "N"}}, "Task": {
              "a": {"list": "L", "prev": null, "next": null, "title": "A"},
              "b": {"list": "M", "prev": null, "next": null, "title": "B"}}}}
            """
        let theirs = mine.replacingOccurrences(of: "\"list\": \"M\"", with: "\"list\": \"N\"")
        let r = try graphs(schema, base, mine, theirs)
        XCTAssertEqual(r.open, 1)
        XCTAssertNil(markerLawProblem(r.text, forMine: r.mine, forTheirs: r.theirs, seed: 1))
    }
}

/// Seeded random JSON documents and edits of them.
enum RandomJSON {
    static func scalar(_ random: inout SplitMix64) -> JSONValue {
        switch random.below(4) {
        case 0: return .number(JSONNumber(random.below(5)))
        case 1: return .string("s\(random.below(4))")
        case 2: return .bool(random.below(2) == 0)
        default: return .array((0..<random.below(3)).map { _ in .number(JSONNumber(random.below(3))) })
        }
    }

    static func object(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        var o = JSONObject()
        for i in 0..<random.below(6) {
            switch random.below(6) {
            case 0 where depth > 0, 1 where depth > 0: o["k\(i)"] = object(&random, depth: depth - 1)
            case 2 where depth > 0: o["k\(i)"] = records(&random, depth: depth - 1)
            default: o["k\(i)"] = scalar(&random)
            }
        }
        return .object(o)
    }

    /// An array of small objects (written one per line).
    static func records(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        .array((0..<random.below(7)).map { _ in record(&random, depth: depth) })
    }

    static func record(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        guard case .object(var o) = object(&random, depth: depth) else { return .null }
        o["id"] = .number(JSONNumber(random.below(20)))
        return .object(o)
    }

    /// A few changes to an array of records: elements inserted, removed,
    /// changed, swapped.
    static func editRecords(_ list: [JSONValue], _ random: inout SplitMix64) -> JSONValue {
        var list = list
        for _ in 0..<random.below(3) + 1 {
            switch random.below(4) {
            case 0: list.insert(record(&random, depth: 1), at: random.below(list.count + 1))
            case 1: if !list.isEmpty { list.remove(at: random.below(list.count)) }
            case 2: if !list.isEmpty { let i = random.below(list.count); list[i] = edit(list[i], &random) }
            default: if list.count > 1 { let i = random.below(list.count - 1); list.swapAt(i, i + 1) }
            }
        }
        return .array(list)
    }

    /// A few changes anywhere in `value`.
    static func edit(_ value: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        if case .array(let list) = value, list.contains(where: { $0.objectValue != nil }) { return editRecords(list, &random) }
        guard case .object(var o) = value else { return random.below(3) == 0 ? scalar(&random) : value }
        for _ in 0..<random.below(3) + 1 {
            let key = "k\(random.below(7))"
            switch random.below(4) {
            case 0: o.members.removeAll { $0.key == key }
            case 1: o[key] = scalar(&random)
            case 2: o[key] = object(&random, depth: 1)
            default: if let v = o[key] { o[key] = edit(v, &random) }
            }
        }
        return .object(o)
    }
}
