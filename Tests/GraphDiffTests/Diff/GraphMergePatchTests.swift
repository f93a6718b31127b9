import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// RFC 7386 §2 as any implementation writes it (python's json-merge-patch,
/// line for line): written apart from ``MergePatch/apply(_:to:)`` so that
/// the patches are checked against the RFC, not against graphdiff alone.
func rfc7386MergePatch(_ target: JSONValue, _ patch: JSONValue) -> JSONValue {
    guard case .object(let changes) = patch else { return patch }
    var result: [(key: String, value: JSONValue)] = target.objectValue?.members.map { ($0.key, $0.value) } ?? []
    for change in changes.members {
        if change.value.isNull {
            result.removeAll { $0.key == change.key }
        } else if let i = result.firstIndex(where: { $0.key == change.key }) {
            result[i].value = rfc7386MergePatch(result[i].value, change.value)
        } else {
            result.append((change.key, rfc7386MergePatch(.null, change.value)))
        }
    }
    return .object(JSONObject(result.map { JSONObject.Member(key: $0.key, value: $0.value) }))
}

/// Merge patches of graphs: a property that becomes `null` is removed, a
/// new object leaves its `null` properties out, and applying the patch to
/// the canonical form of the old graph gives the new one.
final class GraphMergePatchTests: XCTestCase {
    /// `patch(canonical(a), mergePatch(a, b)) == canonical(b)`, through
    /// graphdiff's apply and through the reference RFC 7386 apply followed
    /// by loading the result as a graph.
    func assertMergePatchLaw(_ a: Graph, _ b: Graph, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let patch = try MergePatch.diff(from: a, to: b)
        let expected = b.canonicalText()
        XCTAssertEqual(try a.applying(mergePatch: patch).canonicalText(), expected, "graphdiff apply: \(message)", file: file, line: line)
        let canonicalA = try JSONReader.parse(a.canonicalText())
        let applied = try Graph.load(rfc7386MergePatch(canonicalA, patch), schema: a.schema, source: nil)
        XCTAssertEqual(applied.canonicalText(), expected, "RFC 7386 apply: \(message)", file: file, line: line)
        if a.canonicalText() == expected { XCTAssertEqual(patch, .object(JSONObject()), message, file: file, line: line) }
    }

    func tasks(_ version: String) throws -> Graph {
        try sampleGraph("tasks/\(version).graph.json", schema: "tasks/tasks.schema.json")
    }

    func test_samples_chainInsertMoveRemove_applyToTheNewGraph() throws {
        let sets = [("people", ["v1", "v2", "v3"]), ("tasks", ["base", "mine", "theirs"]), ("jobs", ["v1", "v2"])]
        for (model, versions) in sets {
            let graphs = try versions.map { try sampleGraph("\(model)/\($0).graph.json", schema: "\(model)/\(model).schema.json") }
            for a in graphs.indices {
                for b in graphs.indices { try assertMergePatchLaw(graphs[a], graphs[b], "\(model) \(versions[a]) → \(versions[b])") }
            }
        }
    }

    func test_chainInsertAndMove_isWrittenWithRemovedLinks() throws {
        // theirs: t6 appended after t3 (its null due and next left out), t4
        // moved to the head (its prev, now null, removed).
        let patch = JSONWriter.string(try MergePatch.diff(from: try tasks("base"), to: try tasks("theirs")), style: .canonical)
        XCTAssertEqual(patch, """
            {
              "metadata": {
                "device": "phone",
                "lastSync": "2026-11-21T12:00:00Z"
              },
              "objects": {
                "Task": {
                  "t1": {
                    "prev": "t4"
                  },
                  "t3": {
                    "next": "t6",
                    "title": "Free-range eggs"
                  },
                  "t4": {
                    "next": "t1",
                    "prev": null
                  },
                  "t6": {
                    "done": false,
                    "list": "groceries",
                    "prev": "t3",
                    "title": "Tea"
                  }
                },
                "TaskList": {
                  "chores": {
                    "title": "Chores this week"
                  }
                }
              }
            }
            """)
    }

    func test_chainRemoval_removesTheLinkThatBecomesNull() throws {
        // t2 deleted from the groceries (Milk, Bread, Eggs, Coffee): t1's next goes to t3.
        let base = try tasks("base")
        func task(_ identity: String) -> ObjectID { base.id(entity: "Task", identity: identity) }
        var edited = base
        _ = edited.removeObject(task("t2"))
        XCTAssertTrue(edited.setValue("t3", of: task("t1"), "next"))
        XCTAssertTrue(edited.setValue("t1", of: task("t3"), "prev"))
        XCTAssertEqual(edited.consistencyProblems(), [])
        let patch = try MergePatch.diff(from: base, to: edited)
        XCTAssertEqual(JSONWriter.string(patch, style: .canonical), """
            {
              "objects": {
                "Task": {
                  "t1": {
                    "next": "t3"
                  },
                  "t2": null,
                  "t3": {
                    "prev": "t1"
                  }
                }
              }
            }
            """)
        try assertMergePatchLaw(base, edited, "t2 removed")
        // The last member removed: the one before it gets next = null, said as a removal.
        var last = base
        _ = last.removeObject(task("t4"))
        XCTAssertTrue(last.setValue(.null, of: task("t3"), "next"))
        XCTAssertEqual(last.consistencyProblems(), [])
        XCTAssertEqual(JSONWriter.string(try MergePatch.diff(from: base, to: last), style: .canonical), """
            {
              "objects": {
                "Task": {
                  "t3": {
                    "next": null
                  },
                  "t4": null
                }
              }
            }
            """)
        try assertMergePatchLaw(base, last, "t4 removed")
    }

    func test_randomGraphEdits_patchOfCanonicalOld_isCanonicalNew() throws {
        var nulls = 0
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            var generator = GraphGenerator(seed: random.next())
            let a = generator.graph(objectCount: [2, 5, 12, 25, 60][random.below(5)])
            var editor = GraphEditor(seed: random.next())
            let (b, _) = editor.edit(a, count: random.below(8) + 1)
            try assertMergePatchLaw(a, b, "seed \(seed)")
            try assertMergePatchLaw(b, a, "seed \(seed), backwards")
            if JSONWriter.string(try MergePatch.diff(from: a, to: b)).contains("null") { nulls += 1 }
        }
        // The edits must reach links that become null, or the law tests little.
        XCTAssertGreaterThan(nulls, 100)
    }

    /// A schema whose properties cover each case: absent is null (optional,
    /// no default), absent is a default, and a json attribute.
    let schema = """
        {"format": "graphdiff-schema/1", "name": "Notes", "entities": {"Note": {"identity": "id",
          "attributes": {"id": {"type": "string"}, "body": {"type": "string", "optional": true},
                         "tag": {"type": "string", "optional": true, "default": "none"},
                         "extra": {"type": "json", "optional": true}}}}}
        """

    func notes(_ objects: String, metadata: String = "{}") throws -> Graph {
        try Graph.load(#"{"metadata": \#(metadata), "objects": {"Note": \#(objects)}}"#, schema: try Schema.load(schema))
    }

    func test_whatCannotBeSaid_namesTheObjectAndProperty() throws {
        let a = try notes(#"{"n1": {"body": "x", "tag": "red", "extra": {"k": 1}}}"#, metadata: #"{"device": "laptop"}"#)
        let cases: [(Graph, String)] = [
            (try notes(#"{"n1": {"body": "x", "tag": null, "extra": {"k": 1}}}"#, metadata: #"{"device": "laptop"}"#),
             #"a merge patch cannot set Note "n1" tag to null: a merge patch can only remove the member, and absent means its default, "none""#),
            (try notes(#"{"n1": {"body": "x", "tag": "red", "extra": {"k": null}}}"#, metadata: #"{"device": "laptop"}"#),
             #"a merge patch cannot set Note "n1" extra to a value with null at /k (null means remove)"#),
            (try notes(#"{"n1": {"body": "x", "tag": "red", "extra": {"k": 1}}, "n2": {"tag": null}}"#, metadata: #"{"device": "laptop"}"#),
             #"a merge patch cannot set Note "n2" tag to null: a merge patch can only remove the member, and absent means its default, "none""#),
            (try notes(#"{"n1": {"body": "x", "tag": "red", "extra": {"k": 1}}}"#, metadata: #"{"device": null}"#),
             #"a merge patch cannot set metadata "device" to null (null means remove, and metadata keeps null members)"#),
        ]
        for (b, message) in cases {
            XCTAssertThrowsError(try MergePatch.diff(from: a, to: b), message) { error in
                XCTAssertEqual((error as? DiffError)?.description, message)
            }
        }
        // What absence does say: body and extra (optional, no default) become null; a new note without them.
        let b = try notes(#"{"n1": {"body": null, "tag": "red", "extra": null}, "n2": {"body": null, "tag": "blue", "extra": [null]}}"#,
                          metadata: #"{"device": "laptop"}"#)
        XCTAssertEqual(JSONWriter.string(try MergePatch.diff(from: a, to: b)),
                       #"{"objects":{"Note":{"n1":{"body":null,"extra":null},"n2":{"extra":[null],"tag":"blue"}}}}"#)
        try assertMergePatchLaw(a, b, "notes")
        try assertMergePatchLaw(b, a, "notes, backwards")
    }
}
