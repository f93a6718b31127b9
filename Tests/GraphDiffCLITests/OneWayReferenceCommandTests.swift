import Foundation
import XCTest

/// Relationships without an inverse (one-way references) through the
/// commands: validate, diff, patch and merge, with exact output.
final class OneWayReferenceCommandTests: XCTestCase {
    static let schema = """
        {"format": "graphdiff-schema/1", "name": "Shelf", "version": 1,
         "entities": {
           "Book": {"identity": "id",
                    "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
                    "relationships": {"sequel": {"destination": "Book"},
                                      "cites": {"destination": "Book", "toMany": true},
                                      "author": {"destination": "Person", "optional": false}}},
           "Person": {"identity": "id", "attributes": {"id": {"type": "string"}, "name": {"type": "string"}}}}}
        """

    /// A graph of three books by two people; `edit` changes its text.
    static func graph(_ b1: String = #""cites": [], "sequel": "b2""#, b2: Bool = true, _ b3: String = #""cites": ["b1", "b2"], "sequel": null"#) -> String {
        """
        {"$schema": "shelf.schema.json", "objects": {
         "Book": {"b1": {"author": "ann", \(b1), "title": "One"},
        \(b2 ? #"          "b2": {"author": "ann", "cites": ["b1"], "sequel": null, "title": "Two"},"# : "")
                  "b3": {"author": "bob", \(b3), "title": "Three"}},
         "Person": {"ann": {"name": "Ann"}, "bob": {"name": "Bob"}}}}
        """
    }

    func files(_ graphs: [String: String]) throws -> [String: String] {
        try writeGraphFiles(self, schemaName: "shelf.schema.json", schema: Self.schema, graphs: graphs)
    }

    func test_validate_danglingOneWayReferences_nameObjectAndProperty() throws {
        let f = try files(["bad": Self.graph(#""cites": ["zz"], "sequel": "b9""#)])
        let r = graphdiff(["validate", f["bad"] ?? ""])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        let bad = f["bad"] ?? ""
        XCTAssertEqual(r.stderr, """
            \(bad):2:35: Book "b1".cites: dangling reference to Book "zz": no such object
            \(bad):2:52: Book "b1".sequel: dangling reference to Book "b9": no such object

            """)
    }

    func test_diff_deletingATarget_showsTheReferencesThatWent_andPatchesBothWays() throws {
        let f = try files(["base": Self.graph(), "mine": Self.graph(#""cites": [], "sequel": null"#, b2: false, #""cites": ["b1"], "sequel": null"#)])
        let (base, mine) = (f["base"] ?? "", f["mine"] ?? "")
        let r = graphdiff(["diff", base, mine])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            ~ Book "b1"  \(mine):2:11
                sequel: "b2" → null
            - Book "b2"  \(base):3:11
                author: "ann"
                cites: ["b1"]
                sequel: null
                title: "Two"
            ~ Book "b3"  \(mine):4:11
                cites: -"b2"

            Book: 1 deleted, 2 updated

            """)
        let dir = f["dir"] ?? ""
        for format in ["json", "json-patch", "merge-patch"] {
            let patch = dir + "/patch." + format, out = dir + "/out." + format
            let d = graphdiff(["diff", "--format", format, base, mine])
            try d.stdout.write(toFile: patch, atomically: true, encoding: .utf8)
            XCTAssertEqual(graphdiff(["patch", base, patch, "-o", out]).status, 0, format)
            XCTAssertEqual(graphdiff(["diff", out, mine]).status, 0, format)
        }
        let back = dir + "/back.json"
        XCTAssertEqual(graphdiff(["patch", "-R", mine, dir + "/patch.json", "-o", back]).status, 0)
        XCTAssertEqual(graphdiff(["diff", back, base]).status, 0)
    }

    func test_patch_deletingATargetButNotItsReferences_isRefused() throws {
        let f = try files(["base": Self.graph(), "to": Self.graph(#""cites": [], "sequel": null"#, b2: false, #""cites": ["b1"], "sequel": null"#)])
        let (base, dir) = (f["base"] ?? "", f["dir"] ?? "")
        // The diff's change that deletes b2, without those that drop the references to it.
        let full = graphdiff(["diff", "--format", "json", base, f["to"] ?? ""]).stdout
        var document = try JSONSerialization.jsonObject(with: Data(full.utf8)) as? [String: Any] ?? [:]
        document["changes"] = (document["changes"] as? [[String: Any]] ?? []).filter { ($0["id"] as? String) == "b2" }
        XCTAssertEqual((document["changes"] as? [Any])?.count, 1)
        let patch = dir + "/delete.json", out = dir + "/out.json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: patch))
        let r = graphdiff(["patch", base, patch, "-o", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            graphdiff patch: the result of \(patch) on \(base) would be an invalid graph; nothing written
            result: Book "b1".sequel: dangling reference to Book "b2": no such object
            result: Book "b3".cites: dangling reference to Book "b2": no such object

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// Found by testing: mine deletes bob, theirs adds a book by bob (a
    /// required reference). The conflict is resolved whatever the
    /// preference (bob is kept); every mode now says so alike and exits 0
    /// with the same graph: before, the marker merge and `-q` exited 1
    /// with no marker, and a git merge was left unmerged with nothing to do.
    func test_merge_conflictResolvedOverARequiredReference_isResolvedInEveryMode() throws {
        let base = Self.graph()
        let mine = base.replacingOccurrences(of: #", "bob": {"name": "Bob"}"#, with: "")
            .replacingOccurrences(of: #""b3": {"author": "bob", "cites": ["b1", "b2"], "sequel": null, "title": "Three"}"#,
                                  with: #""b3": {"author": "ann", "cites": ["b1", "b2"], "sequel": null, "title": "Three"}"#)
        let theirs = base.replacingOccurrences(of: #""title": "Three"}"#, with: #""title": "Three"}, "b4": {"author": "bob", "cites": [], "sequel": null, "title": "Four"}"#)
        let f = try files(["base": base, "mine": mine, "theirs": theirs])
        let inputs = [f["base"]!, f["mine"]!, f["theirs"]!]
        let line = "graphdiff merge: resolved Book \"b4\".author: refers to an object the other side deleted: base (absent), mine (absent), theirs \"bob\" (took theirs)\n"
        let report = graphdiff(["merge", "--conflicts", "report"] + inputs)
        XCTAssertEqual([report.status.description, report.stderr], ["0", line])
        XCTAssertTrue(report.stdout.contains(#""bob": {"#), report.stdout)
        for mode in [[], ["-q"], ["--prefer", "mine"], ["--prefer", "theirs"]] {
            let r = graphdiff(["merge"] + mode + inputs)
            XCTAssertEqual(r.status.description, "0", "\(mode): \(r.stderr)")
            XCTAssertEqual(r.stderr, mode == ["-q"] ? "" : line, "\(mode)")
            if mode != ["-q"] { XCTAssertEqual(r.stdout, report.stdout, "\(mode)") }
        }
    }

    func test_merge_referenceToATargetTheOtherSideDeleted_isAConflict_andEveryResultIsValid() throws {
        let f = try files([
            "base": Self.graph(),
            "mine": Self.graph(#""cites": [], "sequel": null"#, b2: false, #""cites": ["b1"], "sequel": null"#),
            "theirs": Self.graph(#""cites": ["b3"], "sequel": "b2""#, #""cites": ["b1", "b2"], "sequel": "b2""#),
        ])
        let (base, mine, theirs, dir) = (f["base"] ?? "", f["mine"] ?? "", f["theirs"] ?? "", f["dir"] ?? "")
        let open = graphdiff(["merge", base, mine, theirs, "-o", dir + "/open.json"])
        XCTAssertEqual(open.status, 1)
        XCTAssertEqual(open.stderr, """
            graphdiff merge: CONFLICT Book "b3".sequel: refers to an object the other side deleted: base null, mine null, theirs "b2"

            """)
        let m = graphdiff(["merge", "--prefer", "mine", base, mine, theirs, "-o", dir + "/m.json"])
        XCTAssertEqual(m.status, 0)
        XCTAssertEqual(try String(contentsOfFile: dir + "/m.json", encoding: .utf8), """
            {
              "$schema": "shelf.schema.json",
              "objects": {
                "Book": {
                  "b1": {
                    "author": "ann",
                    "cites": ["b3"],
                    "sequel": null,
                    "title": "One"
                  },
                  "b3": {
                    "author": "bob",
                    "cites": ["b1"],
                    "sequel": null,
                    "title": "Three"
                  }
                },
                "Person": {
                  "ann": {
                    "name": "Ann"
                  },
                  "bob": {
                    "name": "Bob"
                  }
                }
              }
            }

            """)
        let t = graphdiff(["merge", "--prefer", "theirs", base, mine, theirs, "-o", dir + "/t.json"])
        XCTAssertEqual(t.status, 0)
        // Theirs' reference brings b2 back, with the links mine dropped only because it deleted b2.
        XCTAssertEqual(graphdiff(["diff", dir + "/t.json", theirs]).status, 0)
        for out in ["m.json", "t.json"] {
            XCTAssertEqual(graphdiff(["validate", dir + "/" + out]).status, 0, out)
        }
    }
}
