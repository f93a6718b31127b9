import XCTest
import GraphDiff

/// ``PatchTarget/applying(_:format:source:reverse:force:documentAsRead:)``:
/// every format on both kinds of target, in both directions, and the
/// errors of a combination that does not go.
final class PatchTargetTests: XCTestCase {
    func people() throws -> (v1: Graph, v2: Graph) {
        (try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json"),
         try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json"))
    }

    func test_graphPatch_forwardAndReverse_onAGraph() throws {
        let (v1, v2) = try people()
        let patch = PatchDocument.encode(try ChangeSet.diff(from: v1, to: v2))
        let forward = try PatchTarget.graph(v1).applying(patch)
        XCTAssertEqual(forward.format, .graphdiff)
        XCTAssertTrue(forward.countsChanges)
        XCTAssertGreaterThan(forward.applied, 0)
        XCTAssertEqual(forward.target.graph?.canonicalText(), v2.canonicalText())
        let back = try PatchTarget.graph(v2).applying(patch, reverse: true)
        XCTAssertEqual(back.target.graph?.canonicalText(), v1.canonicalText())
        let again = try PatchTarget.graph(v2).applying(patch)
        XCTAssertTrue(again.wasAlreadyApplied)
    }

    func test_graphPatch_onPlainJSON_needsAGraphTarget() throws {
        let (v1, v2) = try people()
        let patch = PatchDocument.encode(try ChangeSet.diff(from: v1, to: v2))
        XCTAssertThrowsError(try PatchTarget.json(v1.encoded()).applying(patch)) { error in
            XCTAssertEqual((error as? PatchError)?.reason, .needsGraphTarget)
            XCTAssertEqual((error as? PatchError)?.message, "a graph patch needs a graph target, and no schema applies")
        }
    }

    func test_structuralPatch_onJSON_andOnAGraph_editsTheDocumentAsRead() throws {
        let a = try json(#"{"a": 1, "b": [1, 2]}"#), b = try json(#"{"a": 2, "b": [1, 2, 3]}"#)
        let patch = PatchDocument.encode(JSONDiff.diff(from: a, to: b))
        XCTAssertEqual(try PatchTarget.json(a).applying(patch).target, .json(b))
        XCTAssertEqual(try PatchTarget.json(b).applying(patch, reverse: true).target, .json(a))
        // A graph target: the document as read is edited, and the result is JSON.
        let (v1, _) = try people()
        XCTAssertEqual(try PatchTarget.graph(v1).applying(patch, documentAsRead: { a }).target, .json(b))
    }

    func test_rfcPatches_applyWhole_andDoNotInvert() throws {
        let target = try json(#"{"a": 1}"#)
        let jsonPatch = try json(#"[{"op": "replace", "path": "/a", "value": 2}]"#)
        let result = try PatchTarget.json(target).applying(jsonPatch)
        XCTAssertEqual(result.format, .jsonPatch)
        XCTAssertFalse(result.countsChanges)
        XCTAssertEqual(result.target, .json(try json(#"{"a": 2}"#)))
        let mergePatch = try json(#"{"a": null, "c": true}"#)
        XCTAssertEqual(try PatchTarget.json(target).applying(mergePatch).target, .json(try json(#"{"c": true}"#)))
        for patch in [jsonPatch, mergePatch] {
            XCTAssertThrowsError(try PatchTarget.json(target).applying(patch, reverse: true)) { error in
                guard case .notInvertible? = (error as? PatchError)?.reason else { return XCTFail("\(error)") }
            }
        }
        // The format given wins over the one detected: an array read as a merge patch replaces the target.
        XCTAssertEqual(try PatchTarget.json(target).applying(jsonPatch, format: .mergePatch).target, .json(jsonPatch))
    }

    func test_rfcPatches_onAGraph_giveAGraph() throws {
        let (v1, _) = try people()
        let id = try XCTUnwrap(v1.sortedIDs.first { v1.schema.entity(named: $0.entity)?.property(named: "name") != nil })
        let patch = try json(#"[{"op": "replace", "path": "/objects/\#(id.entity)/\#(id.identity)/name", "value": "Zed"}]"#)
        let result = try PatchTarget.graph(v1).applying(patch)
        XCTAssertEqual(result.target.graph?.value(of: id, "name"), .string("Zed"))
    }
}
