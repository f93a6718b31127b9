import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// `apply(diff(a, b), a) == b` and `apply(invert(diff(a, b)), b) == a`,
/// through the patch document (encode, decode) as `graphdiff patch` sees it.
func assertRoundTrip(_ a: Graph, _ b: Graph, _ message: String, exact: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
    let changes = try ChangeSet.diff(from: a, to: b)
    guard case .graph(let decoded) = try PatchDocument.decode(PatchDocument.encode(changes), schema: a.schema) else {
        return XCTFail("not a graph patch", file: file, line: line)
    }
    // Values equal by their type (a date in another zone, 0.10 and 0.1 as
    // decimals) are not changes, so the result keeps the target's spelling:
    // the law is that nothing differs, by the diff's own rules.
    let forward = try decoded.apply(to: a)
    XCTAssertTrue(try ChangeSet.diff(from: forward.graph, to: b).isEmpty, "apply(diff(a, b), a) == b: \(message)", file: file, line: line)
    XCTAssertEqual(forward.graph._invariantViolations(), [], message, file: file, line: line)
    if exact { XCTAssertEqual(forward.graph.canonicalText(), b.canonicalText(), message, file: file, line: line) }
    let backward = try decoded.inverted().apply(to: b)
    XCTAssertTrue(try ChangeSet.diff(from: backward.graph, to: a).isEmpty, "apply(invert(diff(a, b)), b) == a: \(message)", file: file, line: line)
    if exact { XCTAssertEqual(backward.graph, a, message, file: file, line: line) }
    if !changes.isEmpty {
        let twice = try decoded.apply(to: b)
        XCTAssertTrue(twice.wasAlreadyApplied, "applying twice is detected: \(message)", file: file, line: line)
        XCTAssertEqual(twice.graph.canonicalText(), b.canonicalText(), message, file: file, line: line)
    }
}

final class GraphPatchTests: XCTestCase {
    func test_roundTrip_samples() throws {
        let sets = [("people", ["v1", "v2", "v3"]), ("tasks", ["base", "mine", "theirs"]), ("jobs", ["v1", "v2"])]
        for (model, versions) in sets {
            let graphs = try versions.map { try sampleGraph("\(model)/\($0).graph.json", schema: "\(model)/\(model).schema.json") }
            // The jobs versions spell some equal values differently.
            for a in graphs.indices { for b in graphs.indices { try assertRoundTrip(graphs[a], graphs[b], "\(model) \(versions[a]) → \(versions[b])", exact: model != "jobs") } }
        }
    }

    func test_property_randomGraphsAndEdits_roundTrip() throws {
        for seed in UInt64(1)...80 {
            var generator = GraphGenerator(seed: seed)
            let a = generator.graph(objectCount: [20, 120, 500][Int(seed % 3)])
            var editor = GraphEditor(seed: seed &* 31)
            let (b, _) = editor.edit(a, count: Int(seed % 15) + 1)
            try assertRoundTrip(a, b, "seed \(seed)")
        }
    }

    func test_reject_whenTheTargetDisagreesOnATouchedProperty() throws {
        let a = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let b = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        var c = a
        c.setValue(99, of: ObjectID(entity: "Person", identity: "p1"), "age")
        let changes = try ChangeSet.diff(from: a, to: b)
        XCTAssertThrowsError(try changes.apply(to: c)) { error in
            guard let rejected = error as? PatchError, case .rejected = rejected.reason else { return XCTFail("\(error)") }
            XCTAssertEqual(rejected.mismatches.map(\.description), [#"change 4: update Person "p1".age: old value does not match: expected 23, found 99"#])
        }
        // --force applies the rest and reports the mismatch.
        let forced = try changes.apply(to: c, force: true)
        XCTAssertEqual(forced.skipped.count, 1)
        XCTAssertEqual(forced.graph.value(of: ObjectID(entity: "Person", identity: "p1"), "age"), 99)
        XCTAssertEqual(forced.graph.value(of: ObjectID(entity: "Person", identity: "p2"), "firstName"), "Anne")
    }

    func test_property_disagreeingTargets_areRejected() throws {
        for seed in UInt64(1)...40 {
            var generator = GraphGenerator(seed: seed)
            let a = generator.graph(objectCount: 200)
            var editor = GraphEditor(seed: seed)
            let (b, record) = editor.edit(a, count: 5, kinds: [.attribute])
            guard let touched = record.updated.sorted().first else { continue }
            var c = a
            c.setValue(1000, of: touched, "age")
            XCTAssertThrowsError(try ChangeSet.diff(from: a, to: b).apply(to: c), "seed \(seed)")
        }
    }

    func test_reject_schemaMismatch_andInconsistentResults() throws {
        let people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let tasks = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let changes = try ChangeSet.diff(from: tasks, to: try sampleGraph("tasks/mine.graph.json", schema: "tasks/tasks.schema.json"))
        XCTAssertThrowsError(try changes.apply(to: people)) { XCTAssertEqual(($0 as? PatchError)?.reason, .schemaMismatch(patch: tasks.schema.fingerprint, target: people.schema.fingerprint), "\($0)") }
        // Deleting a dog without clearing its owner's reference would dangle.
        var d = ChangeSet(schemaName: "People", schemaFingerprint: people.schema.fingerprint)
        d.objects = [ObjectChange(id: ObjectID(entity: "Dog", identity: "d1"), entity: "Dog", kind: .deleted,
                                  values: [PropertyValue(name: "breed", value: "Beagle"), PropertyValue(name: "name", value: "Rex"), PropertyValue(name: "owner", value: "p1")])]
        XCTAssertThrowsError(try d.apply(to: people)) { error in
            XCTAssertEqual((error as? PatchError)?.problems.map(\.kind), [.danglingReference])
        }
    }

    func test_emptyPatch_isNotAlreadyApplied_andChangesNothing() throws {
        let a = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let outcome = try ChangeSet.diff(from: a, to: a).apply(to: a)
        XCTAssertEqual(outcome.graph, a)
        XCTAssertFalse(outcome.wasAlreadyApplied)
    }
}

final class StructuralPatchTests: XCTestCase {
    func test_structuralEdits_roundTrip_andDetectAlreadyApplied() throws {
        for seed in UInt64(1)...150 {
            var random = SplitMix64(seed: seed)
            let a = random.value(depth: 3), b = random.mutate(a, depth: 3)
            let edits = JSONDiff.diff(from: a, to: b, options: .init(numbersByText: true))
            guard case .json(let decoded) = try PatchDocument.decode(PatchDocument.encode(edits)) else { return XCTFail() }
            let forward = try JSONEdits.apply(decoded, to: a)
            XCTAssertTrue(forward.document.isIdentical(to: b), "seed \(seed)")
            XCTAssertTrue(try JSONEdits.apply(decoded.inverted(), to: b).document.isIdentical(to: a), "seed \(seed)")
            // Inserts into arrays cannot be checked (documented); every other
            // patch is recognised as already applied.
            let insertsIntoArrays = edits.contains { if case .add(let p, _) = $0 { return p.tokens.last.flatMap(JSONPointer.index) != nil } else { return false } }
            if !edits.isEmpty && !insertsIntoArrays { XCTAssertTrue(try JSONEdits.apply(decoded, to: b).alreadyApplied, "seed \(seed)") }
        }
    }

    func test_structuralEdits_rejectAMismatch() throws {
        let edits = JSONDiff.diff(from: try json(#"{"a": 1}"#), to: try json(#"{"a": 2}"#))
        XCTAssertThrowsError(try JSONEdits.apply(edits, to: try json(#"{"a": 5}"#))) { error in
            XCTAssertEqual("\(error)", "change 0: replace /a: old value does not match: expected 1, found 5")
        }
    }
}

final class MergePatchConformanceTests: XCTestCase {
    func test_rfc7386Examples() throws {
        let cases = try conformanceJSON("rfc7386/examples.json").arrayValue ?? []
        XCTAssertEqual(cases.count, 15)
        for (i, c) in cases.enumerated() {
            let target = c["target"] ?? .null, patch = c["patch"] ?? .null, result = c["result"] ?? .null
            XCTAssertEqual(MergePatch.apply(patch, to: target), result, "example \(i)")
            // Generation: MergePatch(target, diff(target, result)) == result.
            XCTAssertEqual(MergePatch.apply(try MergePatch.diff(from: target, to: result), to: target), result, "example \(i)")
        }
    }

    func test_javaJsonToolsMergePatch() throws {
        for c in try conformanceJSON("java-json-tools-json-patch/jsonpatch/mergepatch/patch-object.json").arrayValue ?? [] {
            XCTAssertEqual(MergePatch.apply(c["patch"] ?? .null, to: c["victim"] ?? .null), c["result"])
        }
        for c in try conformanceJSON("java-json-tools-json-patch/jsonpatch/mergepatch/patch-nonobject.json").arrayValue ?? [] {
            XCTAssertEqual(MergePatch.apply(c["patch"] ?? .null, to: c["victim"] ?? .null), c["patch"] ?? .null)
        }
        // Exact numbers survive reading and writing.
        for file in ["serdeser-object.json", "serdeser-nonobject.json"] {
            let value = try conformanceJSON("java-json-tools-json-patch/jsonpatch/mergepatch/\(file)")
            XCTAssertTrue(try JSONReader.parse(JSONWriter.canonical(value)).isIdentical(to: value), file)
        }
    }
}
