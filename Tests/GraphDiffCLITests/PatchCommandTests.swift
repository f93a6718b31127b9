import XCTest
@testable import GraphDiffCLI

final class PatchCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        for name in ["people.schema.json", "v1.graph.json", "v2.graph.json", "v3.graph.json"] {
            try FileManager.default.copyItem(atPath: samplePath("people/\(name)"), toPath: dir.appendingPathComponent(name).path)
        }
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func makePatch(_ a: String, _ b: String, format: String = "json") throws -> String {
        let r = graphdiff(["diff", "-f", format, "-o", path("p.json"), path(a), path(b)])
        XCTAssertEqual(r.status, 1, r.stderr)
        return path("p.json")
    }

    func test_patch_appliesAndTheResultHasNoDifferenceFromNew() throws {
        let patch = try makePatch("v1.graph.json", "v2.graph.json")
        let r = graphdiff(["patch", path("v1.graph.json"), patch, "-o", path("out.graph.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(graphdiff(["diff", path("out.graph.json"), path("v2.graph.json")]).status, 0)
        // The canonical output equals fmt of the new file.
        XCTAssertEqual(try String(contentsOfFile: path("out.graph.json"), encoding: .utf8), graphdiff(["fmt", path("v2.graph.json")]).stdout)
    }

    func test_patch_reverse_alreadyApplied_andCheck() throws {
        let patch = try makePatch("v1.graph.json", "v2.graph.json")
        let reverse = graphdiff(["patch", "-R", path("v2.graph.json"), patch, "-o", path("back.graph.json")])
        XCTAssertEqual(reverse.status, 0, reverse.stderr)
        XCTAssertEqual(graphdiff(["diff", path("back.graph.json"), path("v1.graph.json")]).status, 0)
        let again = graphdiff(["patch", path("v2.graph.json"), patch])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stderr, "graphdiff patch: already applied to \(path("v2.graph.json")); nothing to change\n")
        XCTAssertEqual(again.stdout, graphdiff(["fmt", path("v2.graph.json")]).stdout)
        let check = graphdiff(["patch", "--check", path("v1.graph.json"), patch])
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stdout, "\(path("v1.graph.json")): 7 change(s) apply\n")
    }

    func test_patch_rejected_namesEachChange_exit1_andWritesNothing() throws {
        let patch = try makePatch("v1.graph.json", "v2.graph.json")
        let before = try Data(contentsOf: dir.appendingPathComponent("v3.graph.json"))
        let r = graphdiff(["patch", "--in-place", path("v3.graph.json"), patch])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff patch: \(patch) does not apply to \(path("v3.graph.json")); nothing written\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(patch): change 4: update Person \"p1\": no such object in the target\n"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("v3.graph.json")), before)
        // --force applies what matches, reports the rest, exits 1.
        let forced = graphdiff(["patch", "--force", path("v3.graph.json"), patch])
        XCTAssertEqual(forced.status, 1)
        XCTAssertTrue(forced.stderr.contains("skipped change 4"), forced.stderr)
    }

    func test_patch_inPlace_replacesTheTargetAtomically() throws {
        let patch = try makePatch("v1.graph.json", "v2.graph.json")
        XCTAssertEqual(graphdiff(["patch", "-i", path("v1.graph.json"), patch]).status, 0)
        XCTAssertEqual(graphdiff(["diff", path("v1.graph.json"), path("v2.graph.json")]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }, [], "no temporary file left")
    }

    func test_patch_jsonPatch_andMergePatch_onGraphsAndPlainJSON() throws {
        let jp = try makePatch("v1.graph.json", "v3.graph.json", format: "json-patch")
        XCTAssertEqual(graphdiff(["patch", path("v1.graph.json"), jp, "-o", path("o.graph.json")]).status, 0)
        XCTAssertEqual(graphdiff(["diff", path("o.graph.json"), path("v3.graph.json")]).status, 0)
        let plain = graphdiff(["patch", "-", path("m.json")], stdin: #"{"a": 1, "b": [1]}"#)
        XCTAssertEqual(plain.status, 2, "no such patch file")
        try #"{"a": null, "c": {"d": 1}}"#.write(toFile: path("m.json"), atomically: true, encoding: .utf8)
        let merged = graphdiff(["patch", "-", path("m.json")], stdin: #"{"a": 1, "b": [1]}"#)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, "{\n  \"b\": [1],\n  \"c\": {\n    \"d\": 1\n  }\n}\n")
        try #"[{"op": "test", "path": "/a", "value": 2}]"#.write(toFile: path("t.json"), atomically: true, encoding: .utf8)
        let failed = graphdiff(["patch", "-", path("t.json")], stdin: #"{"a": 1}"#)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr, "graphdiff patch: \(path("t.json")): operation 0: test /a: test failed: found 1, expected 2; nothing written\n")
        XCTAssertEqual(graphdiff(["patch", "-R", "-", path("t.json")], stdin: "{}").status, 2, "RFC 6902 patches cannot be reversed")
    }

    func test_patch_jsonPatchThatBreaksTheGraph_isRejected() throws {
        try #"[{"op": "replace", "path": "/objects/Dog/d1/owner", "value": "nobody"}]"#.write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        let r = graphdiff(["patch", path("v1.graph.json"), path("bad.json")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("dangling reference to Person \"nobody\""), r.stderr)
    }

    func test_patch_schemaMismatch_exit2() throws {
        let patch = try makePatch("v1.graph.json", "v2.graph.json")
        let r = graphdiff(["patch", samplePath("tasks/base.graph.json"), patch])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("the patch is for schema sha256:"), r.stderr)
    }

    func test_patch_structural() throws {
        try #"{"a": [1, 2], "n": 1}"#.write(toFile: path("a.json"), atomically: true, encoding: .utf8)
        try #"{"a": [1, 3], "n": 2}"#.write(toFile: path("b.json"), atomically: true, encoding: .utf8)
        let patch = try makePatch("a.json", "b.json")
        XCTAssertEqual(graphdiff(["patch", path("a.json"), patch]).stdout, "{\n  \"a\": [1, 3],\n  \"n\": 2\n}\n")
        XCTAssertEqual(graphdiff(["patch", "-R", path("b.json"), patch]).stdout, "{\n  \"a\": [1, 2],\n  \"n\": 1\n}\n")
        XCTAssertEqual(graphdiff(["patch", path("b.json"), patch]).status, 0, "already applied")
        try #"{"a": [9, 9], "n": 5}"#.write(toFile: path("c.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["patch", path("c.json"), patch]).status, 1)
    }
}
