import Foundation
import XCTest
@testable import GraphDiffCLI

/// Re-keyed objects through the command line: `Samples/tasks/rekeyed.graph.json`
/// is the base with Eggs (`t3`) re-keyed to `srv-1043` (its neighbours' chain
/// links rewritten), and nothing else.
final class RekeyCommandTests: XCTestCase {
    let base = samplePath("tasks/base.graph.json"), rekeyed = samplePath("tasks/rekeyed.graph.json")
    let theirs = samplePath("tasks/theirs.graph.json")

    func test_diff_reportsOneRekey_inEveryFormat() throws {
        let human = graphdiff(["diff", base, rekeyed])
        XCTAssertEqual(human.status, 1)
        XCTAssertEqual(human.stdout, """
            = Task "t3" → "srv-1043"  \(rekeyed):25:7

            Task: 1 re-keyed

            """)
        XCTAssertEqual(graphdiff(["diff", "--stat", base, rekeyed]).stdout, "Task: 1 re-keyed\n")
        let json = graphdiff(["diff", "-f", "json", base, rekeyed])
        XCTAssertEqual(json.stdout, """
            {
              "changes": [
                {
                  "entity": "Task",
                  "id": "t3",
                  "location": {
                    "column": 7,
                    "line": 25
                  },
                  "new": "srv-1043",
                  "op": "rekey"
                }
              ],
              "format": "graphdiff-patch/1",
              "schema": {
                "fingerprint": "sha256:600eb5d0814a59411ebb72d28e02bd09c9a2856bb5fc503c2996f675a357e5b1",
                "name": "Tasks"
              }
            }

            """)
        let tree = graphdiff(["diff", "-f", "tree", base, rekeyed])
        XCTAssertTrue(tree.stdout.contains("\"change\": \"re-keyed\",\n          \"entity\": \"Task\",\n          \"id\": \"srv-1043\",\n          \"rekeyedFrom\": \"t3\""), tree.stdout)
        let mermaid = graphdiff(["diff", "-f", "mermaid", base, rekeyed])
        XCTAssertTrue(mermaid.stdout.contains("[\"~ srv-1043\"]:::changed"), mermaid.stdout)
        XCTAssertFalse(mermaid.stdout.contains("t3"), mermaid.stdout)
        // The RFC formats are made of the documents: the equivalent edits.
        let jsonPatch = graphdiff(["diff", "-f", "json-patch", base, rekeyed])
        XCTAssertTrue(jsonPatch.stdout.contains("\"path\": \"/objects/Task/srv-1043\""), jsonPatch.stdout)
        XCTAssertTrue(jsonPatch.stdout.contains("\"op\": \"remove\",\n    \"path\": \"/objects/Task/t3\""), jsonPatch.stdout)
    }

    func test_noRekeys_reportsADeleteAndAnInsert() {
        let r = graphdiff(["diff", "--no-rekeys", "--stat", base, rekeyed])
        XCTAssertEqual(r.stdout, "Task: 1 inserted, 1 deleted\n")
        XCTAssertEqual(r.status, 1)
        // Plain JSON has no identities: the option changes nothing.
        let plain = graphdiff(["diff", "--no-rekeys", "--no-schema", "--stat", base, rekeyed])
        XCTAssertEqual(plain.stdout, graphdiff(["diff", "--no-schema", "--stat", base, rekeyed]).stdout)
    }

    func test_patch_appliesTheRekey_reverses_andKnowsWhenItIsThere() throws {
        let dir = try temporaryDirectory(self)
        let patch = dir.appendingPathComponent("rekey.json").path, out = dir.appendingPathComponent("out.json").path
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", patch, base, rekeyed]).status, 1)
        XCTAssertEqual(graphdiff(["patch", base, patch, "-o", out]).status, 0)
        // (Written elsewhere, the file's "$schema" names the sample's schema from there.)
        XCTAssertEqual(graphdiff(["diff", "-q", "--no-rekeys", out, rekeyed]).status, 0)
        XCTAssertEqual(graphdiff(["patch", "-R", rekeyed, patch, "-o", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", "--no-rekeys", out, base]).status, 0)
        let again = graphdiff(["patch", "--check", rekeyed, patch])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("already applied"), again.stderr)
    }

    func test_patch_rekeyThatDoesNotMatch_isReported() throws {
        let dir = try temporaryDirectory(self)
        let patch = dir.appendingPathComponent("p.json")
        let fingerprint = "sha256:600eb5d0814a59411ebb72d28e02bd09c9a2856bb5fc503c2996f675a357e5b1"
        try """
            {"format": "graphdiff-patch/1", "schema": {"name": "Tasks", "fingerprint": "\(fingerprint)"},
             "changes": [{"op": "rekey", "entity": "Task", "id": "t9", "new": "t10"},
                         {"op": "rekey", "entity": "Task", "id": "t1", "new": "t2"}]}
            """.write(to: patch, atomically: true, encoding: .utf8)
        let r = graphdiff(["patch", "--check", base, patch.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            graphdiff patch: \(patch.path) does not apply to \(base); nothing written
            \(patch.path): change 0: rekey Task "t9" → "t10": the target has the object under neither identity
            \(patch.path): change 1: rekey Task "t1" → "t2": the target has objects under both identities

            """)
        // Re-keys between other changes: malformed (exit 2), naming the change.
        try """
            {"format": "graphdiff-patch/1", "schema": {"name": "Tasks", "fingerprint": "\(fingerprint)"},
             "changes": [{"op": "rekey", "entity": "Task", "id": "t1", "new": "t10"},
                         {"op": "metadata", "key": "device", "old": "laptop", "new": "phone"},
                         {"op": "rekey", "entity": "Task", "id": "t2", "new": "t20"}]}
            """.write(to: patch, atomically: true, encoding: .utf8)
        let malformed = graphdiff(["patch", "--check", base, patch.path])
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.stderr.contains("change 2: rekey changes come all before the other changes or all after them"), malformed.stderr)
        try """
            {"format": "graphdiff-patch/1", "schema": {"name": "Tasks", "fingerprint": "\(fingerprint)"},
             "changes": [{"op": "rekey", "entity": "Task", "id": "t1"}]}
            """.write(to: patch, atomically: true, encoding: .utf8)
        let missing = graphdiff(["patch", "--check", base, patch.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("change 0: rekey needs \"new\" (a string)"), missing.stderr)
    }

    func test_merge_theOtherSidesEdits_goToTheRekeyedObject() throws {
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("merged.json").path
        let r = graphdiff(["merge", base, rekeyed, theirs, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(graphdiff(["diff", theirs, out]).stdout, """
            = Task "t3" → "srv-1043"  \(out):25:7

            Task: 1 re-keyed

            """)
        // Swapped sides: the same result.
        let swapped = dir.appendingPathComponent("swapped.json").path
        XCTAssertEqual(graphdiff(["merge", base, theirs, rekeyed, "-o", swapped]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", out, swapped]).status, 0)
        // --no-rekeys: the delete of t3 meets theirs' edit of it.
        let plain = graphdiff(["merge", "--no-rekeys", "--conflicts", "report", base, rekeyed, theirs, "-o", out])
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.stderr.contains("CONFLICT Task \"t3\": deleted by mine, changed by theirs"), plain.stderr)
    }

    func test_merge_bothSidesRekeyingDifferently_isAConflict() throws {
        let dir = try temporaryDirectory(self)
        let other = dir.appendingPathComponent("other.json").path, out = dir.appendingPathComponent("merged.json").path
        let text = try String(contentsOfFile: rekeyed, encoding: .utf8).replacingOccurrences(of: "srv-1043", with: "srv-2000")
        try text.write(toFile: other, atomically: true, encoding: .utf8)
        // (A copy outside Samples names its schema by a path that must resolve.)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let r = graphdiff(["merge", "--conflicts", "report", base, rekeyed, other, "-o", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "graphdiff merge: CONFLICT Task \"t3\": re-keyed differently: base \"t3\", mine \"srv-1043\", theirs \"srv-2000\"\n")
        XCTAssertEqual(graphdiff(["diff", "-q", base, out]).status, 0, "an open conflict keeps the base's identity")
        XCTAssertEqual(graphdiff(["merge", "--prefer", "theirs", base, rekeyed, other, "-o", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", other, out]).status, 0)
        XCTAssertEqual(graphdiff(["merge", "--prefer", "mine", base, rekeyed, other, "-o", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", rekeyed, out]).status, 0)
    }
}
