import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The identity-keyed text form (`graphdiff textconv`): whole outputs of
/// the samples, and its laws over seeded random documents and graphs.
///
/// 500 cases by default; `GRAPHDIFF_TEXTCONV_CASES=N` runs more (or
/// fewer), `GRAPHDIFF_TEXTCONV_SEED=S` reruns one.
final class IdentityTextTests: XCTestCase {
    func text(_ value: JSONValue) -> String { String(decoding: IdentityText.lines(of: value), as: UTF8.self) }

    func test_graphFile_isOneLinePerProperty_sorted_otherMembersFirst() throws {
        let file = try json(#"""
            {"objects": {"Task": {"t2": {"title": "B\nread", "done": false}, "t 1": {}},
                         "A": {"x": {"tags": ["b", "a"], "info": {"z": 1, "y": 1.50}}}},
             "$schema": "tasks.schema.json", "metadata": {"device": "laptop", "a b": []}}
            """#)
        XCTAssertEqual(text(file), #"""
            ."$schema" = "tasks.schema.json"
            .metadata."a b" = []
            .metadata.device = "laptop"
            A x.info = {"y":1.50,"z":1}
            A x.tags = ["b","a"]
            Task "t 1" = {}
            Task t2.done = false
            Task t2.title = "B\nread"

            """#)
    }

    func test_plainJSON_isOneLinePerLeaf_withJqPaths() throws {
        XCTAssertEqual(text(try json(#"{"a":[1,{"x":[],"_y":null}],"1b":{},"é":"\u0000"}"#)), #"""
            ."1b" = {}
            .a[0] = 1
            .a[1]._y = null
            .a[1].x = []
            ."é" = "\u0000"

            """#)
        XCTAssertEqual(text(.number(JSONNumber(3))), ". = 3\n")
        XCTAssertEqual(text(try json("[]")), ". = []\n")
        // "objects" that is no map of entities is plain JSON.
        XCTAssertEqual(text(try json(#"{"objects": {"Task": [1]}}"#)), ".objects.Task[0] = 1\n")
    }

    func test_tasksSample_isTheWholeText() throws {
        let lines = text(try JSONReader.parse(sampleBytes("tasks/base.graph.json"))).split(separator: "\n")
        XCTAssertEqual(lines.count, 3 + 6 * 6 + 2 * 1, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.prefix(5), [#"."$schema" = "tasks.schema.json""#, #".metadata.device = "laptop""#,
                                         #".metadata.lastSync = "2026-11-20T10:00:00Z""#, "Task c1.done = false", "Task c1.due = null"])
    }

    // MARK: Laws

    func test_laws_overSeededDocumentsAndGraphs() {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_TEXTCONV_CASES"].flatMap(Int.init) ?? 500
        let seeds = environment["GRAPHDIFF_TEXTCONV_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(1, cases))).map { $0 }
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try self.check(seed: seed) } catch { return "\(error)" }
        }
        for (seed, why) in failures {
            XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_TEXTCONV_SEED=\(seed))")
        }
    }

    /// One case; `nil` when every law holds, else which one failed.
    func check(seed: UInt64) throws -> String? {
        var random = SplitMix64(seed: seed)
        // A plain document and an edit of it.
        let document = RandomJSON.object(&random, depth: 3)
        let edited = RandomJSON.edit(document, &random)
        if let why = laws(document) ?? laws(edited) { return why }
        // Different documents give different texts.
        if JSONWriter.canonical(document) != JSONWriter.canonical(edited) && IdentityText.lines(of: document) == IdentityText.lines(of: edited) {
            return "two different documents give one text"
        }
        // A graph file: one line per stored property (or per object without one), each naming its object.
        let order = GraphGenerator.ItemOrder.allCases[random.below(GraphGenerator.ItemOrder.allCases.count)]
        var generator = GraphGenerator(seed: random.next(), order: order)
        let graph = generator.graph(objectCount: [1, 5, 30, 100][random.below(4)])
        let file = try JSONReader.parse(graph.canonicalText())
        if let why = laws(file) { return why }
        guard case .object(let entities)? = file.objectValue?["objects"] else { return "no objects" }
        var expected: [String] = []
        for entity in entities.members {
            for object in entity.value.objectValue?.members ?? [] {
                let head = String(decoding: IdentityText._name(entity.key) + [0x20] + IdentityText._name(object.key), as: UTF8.self)
                let properties = object.value.objectValue?.members ?? []
                expected += properties.isEmpty ? [head + " = {}"] : properties.map { head + "." + $0.key + " = " }
            }
        }
        let objectLines = text(file).split(separator: "\n").filter { !$0.hasPrefix(".") }
        if objectLines.count != expected.count { return "\(objectLines.count) object lines, \(expected.count) properties" }
        for (line, start) in zip(objectLines, expected.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })) where !line.hasPrefix(start) {
            return "line \(line) is not \(start)…"
        }
        return nil
    }

    /// The laws of one document: its members' order and the file's layout
    /// change no line; every line is `PATH = VALUE` whose value is JSON.
    func laws(_ value: JSONValue) -> String? {
        let lines = IdentityText.lines(of: value)
        if IdentityText.lines(of: reversed(value)) != lines { return "member order changed the text" }
        guard let canonical = try? JSONReader.parse(JSONWriter.canonical(value)) else { return "canonical text does not parse" }
        if IdentityText.lines(of: canonical) != lines { return "the canonical layout changed the text" }
        for line in lines.split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: line, as: UTF8.self)
            guard let equals = text.range(of: " = ") else { return "line without ' = ': \(text)" }
            // The value is the rest of the line when the names hold no " = "; RandomJSON's never do.
            if (try? JSONReader.parse(String(text[equals.upperBound...]))) == nil { return "value is no JSON: \(text)" }
        }
        return nil
    }

    /// `value` with the members of every object in reverse order.
    func reversed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o): .object(JSONObject(o.members.reversed().map { .init(key: $0.key, value: reversed($0.value)) }))
        case .array(let a): .array(a.map(reversed))
        default: value
        }
    }
}
