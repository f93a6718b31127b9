import Foundation
import XCTest
import GraphDiff
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

    // MARK: Found by testing re-keys as a user

    /// A schema with typed identities: folders by int64, items by UUID.
    static let typedSchema = """
        {"format": "graphdiff-schema/1", "name": "Typed", "version": 1,
         "entities": {
           "Folder": {"identity": "fid", "attributes": {"fid": {"type": "int64"}, "name": {"type": "string"}},
                      "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "folder", "ordered": "array", "deleteRule": "cascade"}}},
           "Item": {"identity": "uid", "attributes": {"uid": {"type": "uuid"}, "label": {"type": "string"}},
                    "relationships": {"folder": {"destination": "Folder", "inverse": "items"}}}}}
        """
    static let typedGraph = """
        {"$schema": "typed.schema.json", "objects": {
          "Folder": {"7": {"name": "Inbox", "items": ["aaaaaaaa-0000-0000-0000-000000000001"]}},
          "Item": {"aaaaaaaa-0000-0000-0000-000000000001": {"label": "one", "folder": "7"}}}}
        """

    func test_patch_aNewIdentityThatIsNoneOfTheEntitysType_isRejected_andTheSameIdentityIsSaidSo() throws {
        let files = try writeGraphFiles(self, schemaName: "typed.schema.json", schema: Self.typedSchema, graphs: ["base": Self.typedGraph])
        let dir = try XCTUnwrap(files["dir"]), base = try XCTUnwrap(files["base"])
        let cases: [(String, String, String)] = [
            ("Folder", "7", "x"), ("Folder", "7", "99999999999999999999"), ("Folder", "7", ""),
            ("Item", "aaaaaaaa-0000-0000-0000-000000000001", "not-a-uuid"), ("Folder", "7", "07"), ("Nope", "7", "9"),
        ]
        let expected = [
            "rekey Folder \"7\" → \"x\": the new identity is no identity of Folder: it is not an integer (int64)",
            "rekey Folder \"7\" → \"99999999999999999999\": the new identity is no identity of Folder: it is out of range for int64",
            "rekey Folder \"7\" → \"\": the new identity is no identity of Folder: it is not an integer (int64)",
            "rekey Item \"aaaaaaaa-0000-0000-0000-000000000001\" → \"not-a-uuid\": the new identity is no identity of Item: it is not a UUID (8-4-4-4-12 hex digits)",
            "rekey Folder \"7\" → \"7\": the old and the new identity are the same",
            "rekey Nope \"7\" → \"9\": no concrete entity \"Nope\" in schema \"Typed\"",
        ]
        let fingerprint = try Schema.load(Array(Self.typedSchema.utf8)).fingerprint
        for ((entity, id, new), message) in zip(cases, expected) {
            let patch = dir + "/p.json"
            try """
                {"format": "graphdiff-patch/1", "schema": {"name": "Typed", "fingerprint": "\(fingerprint)"},
                 "changes": [{"op": "rekey", "entity": "\(entity)", "id": "\(id)", "new": "\(new)"}]}
                """.write(toFile: patch, atomically: true, encoding: .utf8)
            let r = graphdiff(["patch", base, patch, "-o", dir + "/out.json"])
            XCTAssertEqual(r.status, 1, message)
            XCTAssertTrue(r.stderr.contains("change 0: " + message), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.json"), "nothing is written")
        }
    }

    func test_merge_twoObjectsReKeyedToOneIdentity_isAConflictEachPreferenceSettles() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        // Mine: t3 becomes X; theirs: t4 becomes X (each with its neighbours' links).
        func rekeyed(_ old: String) throws -> String {
            let result = graphdiff(["patch", base, dir.appendingPathComponent("\(old).patch.json").path, "-o", dir.appendingPathComponent("\(old).json").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            return try String(contentsOf: dir.appendingPathComponent("\(old).json"), encoding: .utf8)
        }
        for old in ["t3", "t4"] {
            try """
                {"format": "graphdiff-patch/1", "schema": {"name": "Tasks", "fingerprint": "sha256:600eb5d0814a59411ebb72d28e02bd09c9a2856bb5fc503c2996f675a357e5b1"},
                 "changes": [{"op": "rekey", "entity": "Task", "id": "\(old)", "new": "X"}]}
                """.write(to: dir.appendingPathComponent("\(old).patch.json"), atomically: true, encoding: .utf8)
            _ = try rekeyed(old)
        }
        let (mine, theirs, out) = (dir.appendingPathComponent("t3.json").path, dir.appendingPathComponent("t4.json").path, dir.appendingPathComponent("m.json").path)
        let open = graphdiff(["merge", base, mine, theirs, "-o", out])
        XCTAssertEqual(open.status, 1)
        XCTAssertEqual(open.stderr, """
            graphdiff merge: CONFLICT Task "t3": re-keyed differently: base "t3", mine "X", theirs "t3"
            graphdiff merge: CONFLICT Task "t4": re-keyed differently: base "t4", mine "t4", theirs "X"

            """)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains("<<<<<<< mine"), "the two resolutions differ: markers")
        XCTAssertEqual(graphdiff(["resolve", out, "--list"]).stdout, """
            Task "t3": re-keyed differently: base "t3", mine "X", theirs "t3"
            Task "t4": re-keyed differently: base "t4", mine "t4", theirs "X"

            """)
        XCTAssertEqual(graphdiff(["merge", "--prefer", "mine", base, mine, theirs, "-o", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", mine, out]).status, 0, "mine's re-key; theirs' object keeps its identity")
        XCTAssertEqual(graphdiff(["merge", "--prefer", "theirs", base, mine, theirs, "-o", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", theirs, out]).status, 0)
    }

    func test_merge_aRekeyToAnIdentityTheOtherSideInserted_keepsTheBaseIdentity_andSaysSo() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        // Theirs inserts a task t6 (Tea); mine re-keys Eggs to t6.
        let mine = dir.appendingPathComponent("mine.json").path, out = dir.appendingPathComponent("m.json").path
        try String(contentsOfFile: rekeyed, encoding: .utf8).replacingOccurrences(of: "srv-1043", with: "t6").write(toFile: mine, atomically: true, encoding: .utf8)
        let r = graphdiff(["merge", base, mine, theirs, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "graphdiff merge: resolved Task \"t3\": re-keyed by mine to an identity theirs gives another object: base \"t3\", mine \"t6\", theirs \"t3\" (took theirs)\n")
        XCTAssertEqual(graphdiff(["validate", out]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", theirs, out]).status, 0, "theirs whole: Eggs keeps t3, Tea is t6")
    }

    func test_diff_rootThatIsReKeyed_isFollowed_andItsPatchApplies() throws {
        let dir = try temporaryDirectory(self)
        let patch = dir.appendingPathComponent("root.json").path
        // The list re-keyed with its tasks' references to it.
        let list = dir.appendingPathComponent("list.json").path
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        try String(contentsOfFile: base, encoding: .utf8).replacingOccurrences(of: "\"groceries\"", with: "\"food\"")
            .write(toFile: list, atomically: true, encoding: .utf8)
        for root in ["TaskList:groceries", "TaskList:food"] {
            let r = graphdiff(["diff", "--root", root, base, list])
            XCTAssertEqual(r.stdout, "= TaskList \"groceries\" → \"food\"  \(list):62:7\n\nTaskList: 1 re-keyed\n", root)
        }
        XCTAssertEqual(graphdiff(["diff", "--root", "TaskList:groceries", "-f", "json", "-o", patch, base, list]).status, 1)
        XCTAssertEqual(graphdiff(["patch", "--check", base, patch]).status, 0)
    }

    func test_ignoredAttributes_ofAReKeyedObject_keepTheirOldValues_inEveryPatchFormat() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let edited = dir.appendingPathComponent("edited.json").path
        try String(contentsOfFile: rekeyed, encoding: .utf8).replacingOccurrences(of: "\"Eggs\"", with: "\"Eggs!\"")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["diff", "--ignore", "Task.title", "--stat", base, edited]).stdout, "Task: 1 re-keyed\n")
        for format in ["json-patch", "merge-patch"] {
            let r = graphdiff(["diff", "--ignore", "Task.title", "-f", format, base, edited])
            XCTAssertTrue(r.stdout.contains("\"title\": \"Eggs\""), r.stdout)
            XCTAssertFalse(r.stdout.contains("Eggs!"), r.stdout)
            let plain = graphdiff(["diff", "--no-rekeys", "--ignore", "Task.title", "-f", format, base, edited])
            XCTAssertTrue(plain.stdout.contains("Eggs!"), "--no-rekeys: an inserted object stays whole")
        }
    }

    func test_aRekeyThatOnlyChangesNormalisation_isSaidSo() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let nfc = dir.appendingPathComponent("nfc.json").path, nfd = dir.appendingPathComponent("nfd.json").path
        let text = try String(contentsOfFile: base, encoding: .utf8)
        try text.replacingOccurrences(of: "\"t3\"", with: "\"caf\u{E9}\"").write(toFile: nfc, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"t3\"", with: "\"cafe\u{301}\"").write(toFile: nfd, atomically: true, encoding: .utf8)
        let r = graphdiff(["diff", nfc, nfd])
        XCTAssertTrue(r.stdout.hasPrefix("= Task \"caf\u{E9}\" → \"cafe\u{301}\"  \(nfd):"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n    (same text in another Unicode normalisation form)\n"), r.stdout)
    }
}
