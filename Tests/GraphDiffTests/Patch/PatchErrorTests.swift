import XCTest
@testable import GraphDiff

/// The patch stage has one error type, `PatchError`: every way a patch
/// fails is caught by `catch let e as PatchError`, and says where.
final class PatchErrorTests: XCTestCase {
    func people(_ name: String) throws -> Graph { try sampleGraph("people/\(name).graph.json", schema: "people/people.schema.json") }

    /// The error `body` throws, as a PatchError (failing for any other).
    func patchError(_ body: () throws -> Void, line: UInt = #line) -> PatchError? {
        do {
            try body()
            XCTFail("no error", line: line)
        } catch let e as PatchError {
            return e
        } catch {
            XCTFail("not a PatchError: \(error)", line: line)
        }
        return nil
    }

    func test_rejected_isAPatchError_andEachMismatchNamesEntityIdentityProperty() throws {
        let (a, b) = (try people("v1"), try people("v2"))
        var c = a
        c.setValue(99, of: ObjectID(entity: "Person", identity: "p1"), "age")
        let e = patchError { _ = try ChangeSet.diff(from: a, to: b).apply(to: c) }
        XCTAssertEqual(e?.mismatches.map { [$0.entity, $0.identity, $0.property] }, [["Person", "p1", "age"]])
        XCTAssertEqual(e?.mismatches.map(\.change), [4])
        XCTAssertEqual(e?.description, #"change 4: update Person "p1".age: old value does not match: expected 23, found 99"#)
        XCTAssertEqual(e?.isAboutThePatch, false)
    }

    func test_metadataMismatch_namesTheKeyAsItsProperty() throws {
        let a = try people("v1")
        var changes = ChangeSet(schemaName: a.schema.name, schemaFingerprint: a.schema.fingerprint)
        changes.metadata = [MetadataChange(key: "device", old: "nowhere", new: "phone")]
        let e = patchError { _ = try changes.apply(to: a) }
        XCTAssertEqual(e?.mismatches.map { [$0.entity, $0.identity, $0.property] }, [[nil, nil, "device"]])
        XCTAssertEqual(e?.mismatches.first?.subject, #"metadata "device""#)
    }

    func test_schemaMismatch_andInconsistent_areThePatchErrorsReasons() throws {
        let people = try people("v1")
        let tasks = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let other = try ChangeSet.diff(from: tasks, to: try sampleGraph("tasks/mine.graph.json", schema: "tasks/tasks.schema.json"))
        XCTAssertEqual(patchError { _ = try other.apply(to: people) }?.reason,
                       .schemaMismatch(patch: tasks.schema.fingerprint, target: people.schema.fingerprint))
        var d = ChangeSet(schemaName: "People", schemaFingerprint: people.schema.fingerprint)
        d.objects = [ObjectChange(id: ObjectID(entity: "Dog", identity: "d1"), entity: "Dog", kind: .deleted,
                                  values: [PropertyValue(name: "breed", value: "Beagle"), PropertyValue(name: "name", value: "Rex"),
                                           PropertyValue(name: "owner", value: "p1")])]
        let e = patchError { _ = try d.apply(to: people) }
        XCTAssertEqual(e?.problems.map(\.kind), [.danglingReference])
        XCTAssertEqual(e?.problems.map(\.entity), ["Person"])
    }

    func test_malformedChange_carriesItsIndexAndLineAndColumn() throws {
        let schema = try people("v1").schema
        let text = """
            {"format": "graphdiff-patch/1", "schema": {"name": "People", "fingerprint": "x"}, "changes": [
              {"op": "metadata", "key": "k", "old": 1, "new": 2},
                {"op": "update", "entity": "Person", "id": "p1"}
            ]}
            """
        let bytes = Array(text.utf8)
        let e = patchError { _ = try PatchDocument.decode(try JSONReader.parse(bytes), schema: schema, source: JSONSourceText(bytes)) }
        XCTAssertEqual(e?.reason, .malformed(#"change 1: update needs "properties" (an object)"#))
        XCTAssertEqual(e?.change, 1)
        XCTAssertEqual(e?.location.map { [$0.line, $0.column] }, [3, 6])
        XCTAssertEqual(e?.description, #"3:6: change 1: update needs "properties" (an object)"#)
        XCTAssertEqual(e?.isAboutThePatch, true)
        // Without the text, no position.
        XCTAssertNil(patchError { _ = try PatchDocument.decode(try JSONReader.parse(bytes), schema: schema) }?.location)
    }

    func test_graphPatch_needsTheTargetsSchema() throws {
        let a = try people("v1")
        let document = PatchDocument.encode(try ChangeSet.diff(from: a, to: try people("v2")))
        XCTAssertTrue(PatchDocument.isGraphPatch(document))
        XCTAssertEqual(patchError { _ = try PatchDocument.decode(document) }?.reason,
                       .malformed("a patch of a People graph is read with the schema of its target"))
    }

    func test_decodedPatch_namesEntityRoots_asTheDiffMadeThem() throws {
        let (a, b) = (try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json"),
                      try sampleGraph("tasks/theirs.graph.json", schema: "tasks/tasks.schema.json"))
        let changes = try ChangeSet.diff(from: a, to: b)
        guard case .graph(let decoded) = try PatchDocument.decode(PatchDocument.encode(changes), schema: a.schema) else { return XCTFail() }
        XCTAssertEqual(decoded.objects.map(\.id), changes.objects.map(\.id))
        XCTAssertEqual(decoded.sequences.map(\.owner), changes.sequences.map(\.owner))
        XCTAssertEqual(decoded.sequences.map(\.memberRoot), ["Task"])
        XCTAssertFalse(decoded.objects.contains { $0.id.entity.isEmpty })
    }

    func test_jsonPatch_operationFailed_andMalformed_arePatchErrors() throws {
        let document = try JSONReader.parse(#"{"a": 1}"#)
        let failing = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "test", "path": "/a", "value": 2}]"#))
        let e = patchError { _ = try failing.apply(to: document) }
        XCTAssertEqual(e?.reason, .operationFailed("operation 0: test /a: test failed: found 1, expected 2"))
        XCTAssertEqual(e?.change, 0)
        let text = Array("[\n  {\"op\": \"remove\", \"path\": \"/a\"},\n  {\"op\": \"add\", \"path\": \"/b\"}\n]".utf8)
        let m = patchError { _ = try JSONPatch(parsing: try JSONReader.parse(text), source: JSONSourceText(text)) }
        XCTAssertEqual(m?.reason, .malformed(#"operation 1 (add): missing "value""#))
        XCTAssertEqual(m?.location.map { [$0.line, $0.column] }, [3, 4])
    }

    func test_structuralEditThatDoesNotMatch_isRejected() throws {
        let edits = JSONDiff.diff(from: try JSONReader.parse(#"{"a": 1}"#), to: try JSONReader.parse(#"{"a": 2}"#))
        let e = patchError { _ = try JSONEdits.apply(edits, to: try JSONReader.parse(#"{"a": 3}"#)) }
        XCTAssertEqual(e?.mismatches.map(\.description), ["change 0: replace /a: old value does not match: expected 1, found 3"])
    }

    func test_detectFormat() throws {
        let cases: [(String, PatchFormat?)] = [
            (#"[]"#, .jsonPatch), (#"{"a": null}"#, .mergePatch), (#"{"format": "graphdiff-patch/1", "changes": []}"#, .graphdiff),
            (#"{"format": "other/2"}"#, nil), (#"3"#, nil),
            (#"[{"op": "remove", "path": "/a"}, {"op": 1}]"#, .jsonPatch), (#"[2, 1, 1, 1]"#, .mergePatch),
            (#"[{"op": "remove", "path": "/a"}, {"name": "six"}]"#, .mergePatch), (#"[{"op": "x"}, 1]"#, .mergePatch), (#"[[]]"#, .mergePatch),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try? PatchFormat.detect(try JSONReader.parse(text)), expected, text)
        }
        XCTAssertEqual(patchError { _ = try PatchFormat.detect(try JSONReader.parse(#"{"format": "other/2"}"#)) }?.reason, .unknownFormat("other/2"))
        XCTAssertEqual(patchError { _ = try PatchFormat.detect(.number(3)) }?.message,
                       "a patch is an array (RFC 6902) or an object (graphdiff patch, RFC 7386 merge patch), found number")
    }

    func test_rfcPatchToAGraph_thatBreaksIt_isInconsistent() throws {
        let a = try people("v1")
        let patch = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "replace", "path": "/objects/Person/p1/age", "value": "old"}]"#))
        XCTAssertEqual(patchError { _ = try a.applying(patch) }?.problems.map { [$0.entity, $0.identity, $0.property] }, [["Person", "p1", "age"]])
        let fine = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "replace", "path": "/objects/Person/p1/age", "value": 50}]"#))
        let patched = try a.applying(fine)
        XCTAssertEqual(patched.schemaReference, a.schemaReference)
        XCTAssertEqual(try ChangeSet.diff(from: a, to: patched).objects.map(\.id), [ObjectID(entity: "Person", identity: "p1")])
        XCTAssertEqual(patchError { _ = try a.applying(mergePatch: try JSONReader.parse(#"{"objects": {"Person": {"p1": {"lastName": null}}}}"#)) }?
            .problems.map(\.kind), [.missingRequired])
    }
}
