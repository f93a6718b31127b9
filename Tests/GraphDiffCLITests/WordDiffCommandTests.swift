import Foundation
import XCTest
@testable import GraphDiffCLI

final class WordDiffCommandTests: XCTestCase {
    static let oldTitle = "Eggs: a dozen, free range if the shop has them, otherwise the usual ones from the farm stand on Elm Street"
    static let newTitle = "Eggs: a dozen, free range if the shop has them, otherwise the organic ones from the farm stand on Elm Street"

    /// The bundled task lists with t3's title made long on both sides.
    func taskFiles() throws -> (base: String, theirs: String) {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let base = try String(contentsOfFile: samplePath("tasks/base.graph.json"), encoding: .utf8)
            .replacingOccurrences(of: #""title": "Eggs""#, with: "\"title\": \"\(Self.oldTitle)\"")
        let theirs = try String(contentsOfFile: samplePath("tasks/theirs.graph.json"), encoding: .utf8)
            .replacingOccurrences(of: #""title": "Free-range eggs""#, with: "\"title\": \"\(Self.newTitle)\"")
        let basePath = dir.appendingPathComponent("base.graph.json").path, theirsPath = dir.appendingPathComponent("theirs.graph.json").path
        try base.write(toFile: basePath, atomically: true, encoding: .utf8)
        try theirs.write(toFile: theirsPath, atomically: true, encoding: .utf8)
        return (basePath, theirsPath)
    }

    func expectedReport(_ theirs: String, title: String) -> String {
        """
        ~ Task "t3"  \(theirs):41:7
            title: \(title)
        + Task "t6"  \(theirs):57:7
            done: false
            due: null
            list: "groceries"
            title: "Tea"
        ~ TaskList "chores"  \(theirs):67:7
            title: "Chores" → "Chores this week"
        ~ TaskList "groceries"  \(theirs):70:7
            items (order):
              + "t6" after "t3"
              > "t4" moved to the head (was after "t3")
        ~ metadata
            device: "laptop" → "phone"
            lastSync: "2026-11-20T10:00:00Z" → "2026-11-21T12:00:00Z"

        Task: 1 inserted, 1 updated, 1 moved
        TaskList: 1 updated
        metadata: 2 changed

        """
    }

    func test_diff_graph_longTitle_showsTheChangedWord_noWordDiffShowsBothWhole() throws {
        let (base, theirs) = try taskFiles()
        let words = graphdiff(["diff", base, theirs])
        XCTAssertEqual(words.status, 1, words.stderr)
        XCTAssertEqual(words.stdout, expectedReport(theirs, title: #""…shop has them, otherwise the [-usual-]{+organic+} ones from the farm stand…""#))
        let whole = graphdiff(["diff", "--no-word-diff", base, theirs])
        XCTAssertEqual(whole.status, 1, whole.stderr)
        XCTAssertEqual(whole.stdout, expectedReport(theirs, title: "\"\(Self.oldTitle)\" → \"\(Self.newTitle)\""))
    }

    func test_diff_graph_colour_paintsRemovedRedAndAddedGreen_withoutBrackets() throws {
        let (base, theirs) = try taskFiles()
        let r = graphdiff(["diff", "--color=always", base, theirs])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("\n    title: \"…shop has them, otherwise the \u{1B}[31musual\u{1B}[0m\u{1B}[32morganic\u{1B}[0m ones from the farm stand…\"\n"), r.stdout)
    }

    func test_diff_graph_tree_addsWords_jsonFormatsKeepWholeValues() throws {
        let (base, theirs) = try taskFiles()
        let plainTree = """
        [
          {
            "attributes": {
              "title": {
                "new": "Chores this week",
                "old": "Chores"
              }
            },
            "change": "updated",
            "entity": "TaskList",
            "id": "chores"
          },
          {
            "change": "unchanged",
            "entity": "TaskList",
            "id": "groceries",
            "relationships": {
              "items": {
                "order": {
                  "insert": [
                    {
                      "after": "t3",
                      "id": "t6"
                    }
                  ],
                  "move": [
                    {
                      "from": "t3",
                      "id": "t4",
                      "to": null
                    }
                  ],
                  "remove": []
                }
              },
              "itemsChanges": [
                {
                  "attributes": {
                    "title": {
                      "new": "\(Self.newTitle)",
                      "old": "\(Self.oldTitle)"
                    }
                  },
                  "change": "updated",
                  "entity": "Task",
                  "id": "t3"
                },
                {
                  "attributes": {
                    "done": false,
                    "due": null,
                    "title": "Tea"
                  },
                  "change": "inserted",
                  "entity": "Task",
                  "id": "t6",
                  "relationships": {
                    "list": "groceries"
                  }
                }
              ]
            }
          },
          {
            "metadata": {
              "device": {
                "new": "phone",
                "old": "laptop"
              },
              "lastSync": {
                "new": "2026-11-21T12:00:00Z",
                "old": "2026-11-20T10:00:00Z"
              }
            }
          }
        ]

        """
        let words = """

                      "words": [
                        {
                          "elided": 33
                        },
                        "shop has them, otherwise the ",
                        {
                          "removed": "usual"
                        },
                        {
                          "added": "organic"
                        },
                        " ones from the farm stand",
                        {
                          "elided": 14
                        }
                      ]
        """
        let tree = graphdiff(["diff", "-f", "tree", base, theirs])
        XCTAssertEqual(tree.status, 1, tree.stderr)
        XCTAssertEqual(tree.stdout, plainTree.replacingOccurrences(of: "\"old\": \"\(Self.oldTitle)\"", with: "\"old\": \"\(Self.oldTitle)\"," + words))
        let whole = graphdiff(["diff", "-f", "tree", "--no-word-diff", base, theirs])
        XCTAssertEqual(whole.status, 1, whole.stderr)
        XCTAssertEqual(whole.stdout, plainTree)
        for format in ["json", "json-patch"] {
            let r = graphdiff(["diff", "-f", format, base, theirs])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stdout.contains(#""\#(Self.newTitle)""#), format)
            XCTAssertFalse(r.stdout.contains("{+") || r.stdout.contains("…") || r.stdout.contains("\"words\""), format)
        }
    }

    func test_diff_plainJSON_longString_andNoWordDiff_andNoTreeForPlainJSON() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("old.json").path, new = dir.appendingPathComponent("new.json").path
        try #"{"doc": "\#(Self.oldTitle)", "n": 1}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"doc": "\#(Self.newTitle)", "n": 1}"#.write(toFile: new, atomically: true, encoding: .utf8)
        let words = graphdiff(["diff", old, new])
        XCTAssertEqual(words.status, 1, words.stderr)
        XCTAssertEqual(words.stdout, #"~ /doc: "…shop has them, otherwise the [-usual-]{+organic+} ones from the farm stand…""# + "\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        let whole = graphdiff(["diff", "--no-word-diff", old, new])
        XCTAssertEqual(whole.stdout, "~ /doc: \"\(Self.oldTitle)\" → \"\(Self.newTitle)\"\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        let mergePatch = graphdiff(["diff", "-f", "merge-patch", old, new])
        XCTAssertEqual(mergePatch.stdout, "{\n  \"doc\": \"\(Self.newTitle)\"\n}\n")
        let same = graphdiff(["diff", "--no-word-diff", old, old])
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stdout, "")
        let usage = graphdiff(["diff", "--no-word-diff=yes", old, new])
        XCTAssertEqual(usage.status, 2)
        for (extra, message) in [(["-f", "json"], "--format json: only the human, tree and html reports show words"),
                                 (["-fjson-patch"], "--format json-patch: only the human, tree and html reports show words"),
                                 (["--stat"], "--stat: the summary shows no values"),
                                 (["-q"], "--quiet: --quiet writes nothing")] {
            let r = graphdiff(["diff", "--no-word-diff"] + extra + [old, new])
            XCTAssertEqual(r.status, 2, "\(extra)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff diff: --no-word-diff cannot be used with \(message)\n"), r.stderr)
        }
    }

    /// A string of regenerated CSV rows shares its commas and "ok"s, but
    /// its word diff would be longer than both strings whole: shown whole.
    func test_diff_regeneratedCSVInAString_isShownWhole() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("old.json").path, new = dir.appendingPathComponent("new.json").path
        let oldRows = #"59,9,ok\n47,4,ok\n12,3,ok\n88,1,ok\n30,5,ok\n76,2,ok\n"#, newRows = #"99,6,ok\n41,4,ok\n63,8,ok\n15,0,ok\n27,7,ok\n54,9,ok\n"#
        try #"{"csv": "\#(oldRows)"}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"csv": "\#(newRows)"}"#.write(toFile: new, atomically: true, encoding: .utf8)
        let r = graphdiff(["diff", old, new])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, #"~ /csv: "\#(oldRows)" → "\#(newRows)""# + "\n\n0 added, 0 removed, 1 changed, 0 moved\n")
    }

    /// The git diff driver shows words, and takes --no-word-diff as diff does.
    func test_gitDiff_noWordDiff_showsTheStringsWhole() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("old").path, new = dir.appendingPathComponent("new").path
        try #"{"doc": "\#(Self.oldTitle)"}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"doc": "\#(Self.newTitle)"}"#.write(toFile: new, atomically: true, encoding: .utf8)
        let git = ["x.json", old, "1111111", "100644", new, "2222222", "100644"]
        let header = "diff --git a/x.json b/x.json\n--- a/x.json\n+++ b/x.json\n", summary = "\n\n0 added, 0 removed, 1 changed, 0 moved\n"
        let words = graphdiff(["git-diff", "--color=never"] + git)
        XCTAssertEqual(words.stdout, header + #"~ /doc: "…shop has them, otherwise the [-usual-]{+organic+} ones from the farm stand…""# + summary)
        for options in [["--no-word-diff", "--color=never"], ["--color", "never", "--no-word-diff", "--exit-code"]] {
            let whole = graphdiff(["git-diff"] + options + git)
            XCTAssertEqual(whole.stdout, header + "~ /doc: \"\(Self.oldTitle)\" → \"\(Self.newTitle)\"" + summary, "\(options)")
            XCTAssertEqual(whole.stderr, "")
            XCTAssertEqual(whole.status, options.contains("--exit-code") ? 1 : 0)
        }
    }

    /// NFC against NFD: a change (bytes differ) that looks like none, so the
    /// report says what it is; short and long strings, plain JSON and graphs.
    func test_diff_normalisationOnly_isNoted() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("nfc.json").path, new = dir.appendingPathComponent("nfd.json").path
        let long = String(repeating: "Café résumé naïve ", count: 10)
        let longNFD = long.replacingOccurrences(of: "é", with: "e\u{301}").replacingOccurrences(of: "ï", with: "i\u{308}")
        XCTAssertNotEqual(Array(long.utf8), Array(longNFD.utf8))
        try "{\"s\": \"Café\", \"t\": \"\(long)\", \"u\": \"Café\"}".write(toFile: old, atomically: true, encoding: .utf8)
        try "{\"s\": \"Cafe\u{301}\", \"t\": \"\(longNFD)\", \"u\": \"Cafe\"}".write(toFile: new, atomically: true, encoding: .utf8)
        let r = graphdiff(["diff", old, new])
        XCTAssertEqual(r.status, 1, r.stderr)
        let note = "  (same text in another Unicode normalisation form)"
        XCTAssertEqual(r.stdout, """
            ~ /s: "Café" → "Cafe\u{301}"\(note)
            ~ /t: "\(long)" → "\(longNFD)"\(note)
            ~ /u: "Café" → "Cafe"

            0 added, 0 removed, 3 changed, 0 moved

            """)
        // A graph attribute, in the human and tree reports.
        let theirs = try String(contentsOfFile: try taskFiles().theirs, encoding: .utf8)
        let a = dir.appendingPathComponent("a.graph.json").path, b = dir.appendingPathComponent("b.graph.json").path
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        try theirs.replacingOccurrences(of: "\"title\": \"Chores this week\"", with: "\"title\": \"Chóres\"").write(toFile: a, atomically: true, encoding: .utf8)
        try theirs.replacingOccurrences(of: "\"title\": \"Chores this week\"", with: "\"title\": \"Cho\u{301}res\"").write(toFile: b, atomically: true, encoding: .utf8)
        let human = graphdiff(["diff", a, b])
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertEqual(human.stdout, """
            ~ TaskList "chores"  \(b):67:7
                title: "Chóres" → "Cho\u{301}res"\(note)

            TaskList: 1 updated

            """)
        let tree = graphdiff(["diff", "-f", "tree", a, b])
        XCTAssertEqual(tree.status, 1, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("\"note\": \"same text in another Unicode normalisation form\""), tree.stdout)
    }
}
