import XCTest
@testable import GraphDiffCLI

/// `graphdiff patch` with a graphdiff patch: invalid results are refused as
/// for RFC 6902 patches; an entity change and a deleted chain owner apply
/// forwards, backwards and twice.
final class PatchValidityCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        for (model, names) in [("people", ["people.schema.json", "v1.graph.json", "v2.graph.json"]),
                               ("jobs", ["jobs.schema.json", "v1.graph.json"]), ("tasks", ["tasks.schema.json", "theirs.graph.json"])] {
            for name in names {
                let to = model == "people" || name.hasSuffix("schema.json") ? name : "\(model)-\(name)"
                try FileManager.default.copyItem(atPath: samplePath("\(model)/\(name)"), toPath: path(to))
            }
        }
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// The People schema's fingerprint, from a patch made by diff.
    func peopleFingerprint() throws -> String {
        let r = graphdiff(["diff", "-f", "json", path("v1.graph.json"), path("v2.graph.json")])
        let start = try XCTUnwrap(r.stdout.range(of: "\"fingerprint\": \""))
        return String(r.stdout[start.upperBound...].prefix { $0 != "\"" })
    }

    func test_graphPatch_withInvalidValues_exit1_nothingWritten_likeTheSameChangeAsJSONPatch() throws {
        try """
            {"format": "graphdiff-patch/1", "schema": {"name": "People", "fingerprint": "\(try peopleFingerprint())"},
             "changes": [
              {"op": "insert", "entity": "Dog", "id": "d9", "values": {"breed": 7, "name": null, "owner": null, "colour": "brown"}},
              {"op": "update", "entity": "Person", "id": "p1", "properties": {"age": {"old": 23, "new": "old"}, "lastName": {"old": "Martin", "new": null}}}]}
            """.write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        let before = try text("v1.graph.json")
        let r = graphdiff(["patch", "-i", path("v1.graph.json"), path("bad.json")])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        let target = path("v1.graph.json")
        XCTAssertEqual(r.stderr, """
            graphdiff patch: the result of \(path("bad.json")) on \(target) would be an invalid graph; nothing written
            result: Dog "d9".breed: value 7 has the wrong type: expected a string, found number
            result: Dog "d9".colour: unknown property "colour" of entity "Dog"
            result: Dog "d9".name: required attribute "name" is null
            result: Person "p1".age: value "old" has the wrong type: expected an integer (int64), found string
            result: Person "p1".lastName: required attribute "lastName" is null

            """)
        XCTAssertEqual(try text("v1.graph.json"), before)
        let out = graphdiff(["patch", path("v1.graph.json"), path("bad.json"), "-o", path("out.graph.json")])
        XCTAssertEqual(out.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.graph.json")), "nothing written")
        XCTAssertEqual(graphdiff(["patch", "--check", path("v1.graph.json"), path("bad.json")]).status, 1)
        // The same change as RFC 6902: the same verdict, the same problems.
        try """
            [{"op": "add", "path": "/objects/Dog/d9", "value": {"breed": 7, "name": null, "owner": null, "colour": "brown"}},
             {"op": "replace", "path": "/objects/Person/p1/age", "value": "old"},
             {"op": "replace", "path": "/objects/Person/p1/lastName", "value": null}]
            """.write(toFile: path("bad-6902.json"), atomically: true, encoding: .utf8)
        let rfc = graphdiff(["patch", path("v1.graph.json"), path("bad-6902.json")])
        XCTAssertEqual(rfc.status, 1)
        XCTAssertEqual(Set(rfc.stderr.split(separator: "\n").dropFirst()), Set(r.stderr.split(separator: "\n").dropFirst()))
        XCTAssertEqual(rfc.stderr.split(separator: "\n").first,
                       "graphdiff patch: the result of \(path("bad-6902.json")) on \(path("v1.graph.json")) would be an invalid graph; nothing written")
    }

    func test_entityChange_appliesForwardBackwardAndTwice() throws {
        let v1 = try text("jobs-v1.graph.json")
        // The email job's lines in the (canonical) sample, and the same job as a report job.
        let emailLine = """
            ,
                  "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f": {
                    "attempts": 2,
                    "cost": 0.10,
                    "enqueuedAt": "2026-11-20T09:00:00Z",
                    "payload": null,
                    "priority": 1,
                    "queue": "default",
                    "state": "failed",
                    "to": "ann@example.org"
                  }
            """
        let reportLine = """
            "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f": {"attempts": 2, "cost": 0.10, "enqueuedAt": "2026-11-20T09:00:00Z", "options": {}, \
            "priority": 1, "queue": "default", "report": "bounces", "state": "failed"},
                  "9c8b
            """
        XCTAssertTrue(v1.contains(emailLine))
        let v2 = v1.replacingOccurrences(of: emailLine, with: "").replacingOccurrences(of: #""9c8b"#, with: reportLine)
        try v2.write(toFile: path("jobs-v2.graph.json"), atomically: true, encoding: .utf8)
        let (a, b, patch) = (path("jobs-v1.graph.json"), path("jobs-v2.graph.json"), path("entity.json"))
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", patch, a, b]).status, 1)

        let forward = graphdiff(["patch", a, patch, "-o", path("forward.graph.json")])
        XCTAssertEqual(forward.status, 0, forward.stderr)
        XCTAssertEqual(try text("forward.graph.json"), graphdiff(["fmt", b]).stdout)
        let backward = graphdiff(["patch", "-R", b, patch, "-o", path("backward.graph.json")])
        XCTAssertEqual(backward.status, 0, backward.stderr)
        XCTAssertEqual(try text("backward.graph.json"), graphdiff(["fmt", a]).stdout)
        let twice = graphdiff(["patch", b, patch])
        XCTAssertEqual(twice.status, 0)
        XCTAssertEqual(twice.stderr, "graphdiff patch: already applied to \(b); nothing to change\n")
        let twiceReversed = graphdiff(["patch", "-R", a, patch])
        XCTAssertEqual(twiceReversed.status, 0)
        XCTAssertEqual(twiceReversed.stderr, "graphdiff patch: already applied to \(a); nothing to change\n")
        XCTAssertEqual(graphdiff(["patch", "--check", a, patch]).stdout, "\(a): 2 change(s) apply\n")
    }

    func test_deletedChainOwner_reverseRestoresTheOrder() throws {
        let theirs = path("tasks-theirs.graph.json")
        try """
            {"$schema": "tasks.schema.json",
             "metadata": {"device": "phone", "lastSync": "2026-11-21T12:00:00Z"},
             "objects": {
              "Task": {"c1": {"done": false, "due": null, "list": "chores", "next": "c2", "prev": null, "title": "Vacuum"},
                       "c2": {"done": true, "due": null, "list": "chores", "next": null, "prev": "c1", "title": "Laundry"}},
              "TaskList": {"chores": {"title": "Chores this week"}}}}
            """.write(toFile: path("emptied.graph.json"), atomically: true, encoding: .utf8)
        let (emptied, patch) = (path("emptied.graph.json"), path("delete.json"))
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", patch, theirs, emptied]).status, 1)
        let document = try text("delete.json")
        XCTAssertTrue(document.contains("""
                  "chains": {
                    "items": ["t4", "t1", "t2", "t3", "t6"]
                  },
            """), document)

        let forward = graphdiff(["patch", theirs, patch, "-o", path("forward.graph.json")])
        XCTAssertEqual(forward.status, 0, forward.stderr)
        XCTAssertEqual(try text("forward.graph.json"), graphdiff(["fmt", emptied]).stdout)
        let backward = graphdiff(["patch", "-R", emptied, patch, "-o", path("restored.graph.json")])
        XCTAssertEqual(backward.status, 0, backward.stderr)
        XCTAssertEqual(try text("restored.graph.json"), graphdiff(["fmt", theirs]).stdout)
        XCTAssertEqual(graphdiff(["diff", path("restored.graph.json"), theirs]).stdout, "")
        let twiceReversed = graphdiff(["patch", "-R", theirs, patch])
        XCTAssertEqual(twiceReversed.status, 0)
        XCTAssertEqual(twiceReversed.stderr, "graphdiff patch: already applied to \(theirs); nothing to change\n")
    }
}
