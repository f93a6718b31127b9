import Foundation
import XCTest
@testable import GraphDiffCLI

/// `diff --format merge-patch` of graphs, applied with `patch`: the canonical
/// old graph becomes the canonical new one; what cannot be said is trouble
/// naming the object and property.
final class MergePatchCommandTests: XCTestCase {
    let base = samplePath("tasks/base.graph.json")

    func test_mergePatchOfAChainEdit_appliesToTheCanonicalOldGraph() throws {
        let dir = try temporaryDirectory(self)
        for version in ["mine", "theirs"] {
            let new = samplePath("tasks/\(version).graph.json")
            let patch = dir.appendingPathComponent("\(version).merge-patch.json").path
            let made = graphdiff(["diff", "-fmerge-patch", "-o", patch, base, new])
            XCTAssertEqual(made.status, 1, made.stderr)
            XCTAssertEqual(made.stderr, "")
            let applied = graphdiff(["patch", base, patch])
            XCTAssertEqual(applied.status, 0, applied.stderr)
            XCTAssertEqual(applied.stdout, graphdiff(["fmt", new]).stdout, version)
        }
        // Mine: t5 inserted after t2 (no null members), c2 moved to the head of the chores (its prev removed).
        XCTAssertEqual(try String(contentsOfFile: dir.appendingPathComponent("mine.merge-patch.json").path, encoding: .utf8), """
            {
              "objects": {
                "Task": {
                  "c1": {
                    "next": null,
                    "prev": "c2"
                  },
                  "c2": {
                    "next": "c1",
                    "prev": null
                  },
                  "t1": {
                    "done": true
                  },
                  "t2": {
                    "next": "t5"
                  },
                  "t3": {
                    "prev": "t5"
                  },
                  "t5": {
                    "done": false,
                    "list": "groceries",
                    "next": "t3",
                    "prev": "t2",
                    "title": "Butter"
                  }
                }
              }
            }

            """)
    }

    func test_mergePatchThatCannotSayAChange_isTroubleNamingTheObjectAndProperty() throws {
        let dir = try temporaryDirectory(self)
        try """
            {"format": "graphdiff-schema/1", "name": "Notes", "entities": {"Note": {"identity": "id",
              "attributes": {"id": {"type": "string"}, "tag": {"type": "string", "optional": true, "default": "none"}}}}}
            """.write(to: dir.appendingPathComponent("notes.schema.json"), atomically: true, encoding: .utf8)
        let old = dir.appendingPathComponent("old.graph.json").path, new = dir.appendingPathComponent("new.graph.json").path
        try #"{"$schema": "notes.schema.json", "objects": {"Note": {"n1": {"tag": "red"}}}}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"$schema": "notes.schema.json", "objects": {"Note": {"n1": {"tag": null}}}}"#.write(toFile: new, atomically: true, encoding: .utf8)
        let r = graphdiff(["diff", "--format=merge-patch", old, new])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
            graphdiff diff: a merge patch cannot set Note "n1" tag to null: a merge patch can only remove the member, and absent means its default, "none"; use --format json-patch

            """)
        // The JSON Patch says it.
        XCTAssertEqual(graphdiff(["diff", "-fjson-patch", old, new]).stdout, """
            [
              {
                "op": "replace",
                "path": "/objects/Note/n1/tag",
                "value": null
              }
            ]

            """)
    }

    /// A merge patch of a top-level array is an array (it replaces the
    /// target): `patch` reads it as one without `-f merge-patch`, while a
    /// list of operations stays an RFC 6902 patch.
    func test_mergePatchOfATopLevelArray_isRecognisedByPatch() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("a.json").path, new = dir.appendingPathComponent("b.json").path
        try "[1,1,1,2]\n".write(toFile: old, atomically: true, encoding: .utf8)
        try "[2,1,1,1]\n".write(toFile: new, atomically: true, encoding: .utf8)
        for format in ["merge-patch", "json-patch"] {
            let patch = dir.appendingPathComponent("\(format).json").path
            let made = graphdiff(["diff", "-f", format, "-o", patch, old, new])
            XCTAssertEqual(made.status, 1, made.stderr)
            let applied = graphdiff(["patch", old, patch])
            XCTAssertEqual(applied.status, 0, applied.stderr)
            XCTAssertEqual(applied.stderr, "", format)
            XCTAssertEqual(applied.stdout, "[2, 1, 1, 1]\n", format)
        }
        XCTAssertEqual(try String(contentsOfFile: dir.appendingPathComponent("merge-patch.json").path, encoding: .utf8), "[2, 1, 1, 1]\n")
        let check = graphdiff(["patch", "--check", old, dir.appendingPathComponent("merge-patch.json").path])
        XCTAssertEqual(check.stdout, "\(old): the merge-patch applies\n")
    }
}
