import Foundation
import XCTest

/// Transient attributes through the commands: never part of a diff, a patch
/// or a merge, and optional in graph files.
final class TransientAttributeCommandTests: XCTestCase {
    static let schema = """
        {"format": "graphdiff-schema/1", "name": "Notes", "version": 1,
         "entities": {"Note": {"identity": "id",
                               "attributes": {"id": {"type": "string"}, "text": {"type": "string"},
                                              "preview": {"type": "string", "transient": true}}}}}
        """

    static func graph(_ n1: String, _ n2: String = #""text": "two""#) -> String {
        """
        {"$schema": "notes.schema.json", "objects": {"Note": {
          "n1": {\(n1)},
          "n2": {\(n2)}}}}
        """
    }

    func files(_ graphs: [String: String]) throws -> [String: String] {
        try writeGraphFiles(self, schemaName: "notes.schema.json", schema: Self.schema, graphs: graphs)
    }

    func test_validate_aGraphWithoutTheTransientAttribute_isValid_andAWrongTypeIsNot() throws {
        let f = try files(["without": Self.graph(#""text": "one""#), "wrong": Self.graph(#""text": "one", "preview": 7"#)])
        let ok = graphdiff(["validate", f["without"] ?? ""])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "\(f["without"] ?? ""): valid graph of schema \"Notes\" (2 objects)\n")
        let bad = graphdiff(["validate", f["wrong"] ?? ""])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderr, "\(f["wrong"] ?? ""):2:25: Note \"n1\".preview: value 7 has the wrong type: expected a string, found number\n")
    }

    func test_diff_ofGraphsDifferingOnlyInATransientAttribute_isEmpty() throws {
        let f = try files(["a": Self.graph(#""text": "one", "preview": "o…""#), "b": Self.graph(#""text": "one", "preview": "ON…""#),
                           "c": Self.graph(#""text": "one""#)])
        for format in ["human", "json", "tree", "json-patch", "merge-patch"] {
            for (x, y) in [("a", "b"), ("a", "c")] {
                let r = graphdiff(["diff", "--format", format, f[x] ?? "", f[y] ?? ""])
                XCTAssertEqual(r.status, 0, "\(format) \(x) \(y): \(r.stderr)")
                let empty = ["human": "", "tree": "[]\n", "json-patch": "[]\n", "merge-patch": "{}\n"]
                if format == "json" {
                    XCTAssertTrue(r.stdout.hasPrefix("{\n  \"changes\": [],\n  \"format\": \"graphdiff-patch/1\","), r.stdout)
                } else {
                    XCTAssertEqual(r.stdout, empty[format], "\(format) \(x) \(y)")
                }
            }
        }
    }

    func test_patch_leavesTheTargetsTransientValue_andFmtKeepsIt() throws {
        let f = try files(["a": Self.graph(#""text": "one", "preview": "o…""#), "b": Self.graph(#""text": "uno", "preview": "u…""#)])
        let dir = f["dir"] ?? ""
        let d = graphdiff(["diff", "--format", "json", f["a"] ?? "", f["b"] ?? ""])
        XCTAssertEqual(d.status, 1)
        XCTAssertFalse(d.stdout.contains("preview"), d.stdout)
        try d.stdout.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["patch", f["a"] ?? "", dir + "/p.json", "-o", dir + "/out.json"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: dir + "/out.json", encoding: .utf8), """
            {
              "$schema": "notes.schema.json",
              "objects": {
                "Note": {
                  "n1": {
                    "preview": "o…",
                    "text": "uno"
                  },
                  "n2": {
                    "preview": null,
                    "text": "two"
                  }
                }
              }
            }

            """)
    }

    func test_merge_takesMinesTransientValue_withoutConflict() throws {
        let f = try files([
            "base": Self.graph(#""text": "one", "preview": "o…""#),
            "mine": Self.graph(#""text": "one", "preview": "mine…""#),
            "theirs": Self.graph(#""text": "uno", "preview": "theirs…""#, #""text": "two", "preview": "t…""#),
        ])
        let out = (f["dir"] ?? "") + "/m.json"
        let r = graphdiff(["merge", f["base"] ?? "", f["mine"] ?? "", f["theirs"] ?? "", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), """
            {
              "$schema": "notes.schema.json",
              "objects": {
                "Note": {
                  "n1": {
                    "preview": "mine…",
                    "text": "uno"
                  },
                  "n2": {
                    "preview": null,
                    "text": "two"
                  }
                }
              }
            }

            """)
    }

    func test_aHandWrittenPatchNamingATransientAttribute_setsIt() throws {
        let f = try files(["a": Self.graph(#""text": "one", "preview": "o…""#), "b": Self.graph(#""text": "uno", "preview": "o…""#)])
        let dir = f["dir"] ?? ""
        // The diff's update of "text", turned into an update of "preview".
        let patch = graphdiff(["diff", "--format", "json", f["a"] ?? "", f["b"] ?? ""]).stdout
            .replacingOccurrences(of: "\"text\"", with: "\"preview\"").replacingOccurrences(of: "\"one\"", with: "\"o…\"")
            .replacingOccurrences(of: "\"uno\"", with: "\"x\"")
        try patch.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = graphdiff(["patch", f["a"] ?? "", dir + "/p.json", "-o", dir + "/out.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = try String(contentsOfFile: dir + "/out.json", encoding: .utf8)
        XCTAssertTrue(out.contains("\"n1\": {\n        \"preview\": \"x\",\n        \"text\": \"one\""), out)
    }
}
