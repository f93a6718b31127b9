import XCTest
@testable import GraphDiffCLI

/// `--only PATTERN` on diff and merge, the complement of `--ignore`
/// (issue 25, finding 15).
final class OnlyOptionTests: XCTestCase {
    let (base, mine, theirs) = (samplePath("tasks/base.graph.json"), samplePath("tasks/mine.graph.json"), samplePath("tasks/theirs.graph.json"))

    func test_diffOnly_graphs_showsTheSelectedEntity() {
        let r = graphdiff(["diff", "--only", "Task.*", base, theirs])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
            ~ Task "t3"  \(theirs):41:7
                title: "Eggs" → "Free-range eggs"
            + Task "t6"  \(theirs):57:7
                done: false
                due: null
                list: "groceries"
                title: "Tea"
            ~ TaskList "groceries"  \(theirs):70:7
                items (order):
                  + "t6" after "t3"
                  > "t4" moved to the head (was after "t3")

            Task: 1 inserted, 1 updated, 1 moved

            """)
        // Properties and metadata; nothing selected changed: exit 0, no output.
        XCTAssertEqual(graphdiff(["diff", "--stat", "--only", "*.title", "--only", "metadata.device", base, theirs]).stdout,
                       "Task: 1 updated\nTaskList: 1 updated\nmetadata: 1 changed\n")
        let nothing = graphdiff(["diff", "--only", "Task.due", base, theirs])
        XCTAssertEqual(nothing.status, 0)
        XCTAssertEqual(nothing.stdout, "")
        // --ignore still applies inside the selection.
        XCTAssertEqual(graphdiff(["diff", "--stat", "--only", "*.title", "--ignore", "TaskList.title", base, theirs]).stdout, "Task: 1 updated\n")
    }

    func test_diffOnly_plainJSON_comparesTheSelectedParts() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        try #"{"a": {"b": 1, "c": 1}, "l": [{"p": 1, "q": 1}]}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"a": {"b": 2, "c": 3}, "l": [{"p": 1, "q": 2}]}"#.write(toFile: b, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["diff", "--only", "/a/c", "--only", "/l/*/q", a, b]).stdout, """
            ~ /a/c: 1 → 3
            ~ /l/0/q: 1 → 2

            0 added, 0 removed, 2 changed, 0 moved

            """)
        let typo = graphdiff(["diff", "--only", "/a/x", a, b])
        XCTAssertEqual(typo.status, 0)
        XCTAssertEqual(typo.stderr, "graphdiff: warning: --only /a/x matches nothing in either document\n")
        // A patch of part of a document may not apply.
        XCTAssertEqual(graphdiff(["diff", "-f", "json-patch", "--only", "/a/b", a, b]).status, 2)
    }

    /// Found by testing: cutting the documents down renumbered array
    /// elements, so the report (and a patch) named the wrong element, and
    /// a pattern ending at an element warned that it matched nothing.
    func test_diffOnly_plainJSON_namesElementsAsTheFilesHaveThem() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        try #"{"name":"x","meta":{"etag":"1"},"items":[{"id":1,"v":"a","etag":"e1"},{"id":2,"v":"b","etag":"e2"}]}"#
            .write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"name":"y","meta":{"etag":"2"},"items":[{"id":1,"v":"A","etag":"e1"},{"id":2,"v":"b","etag":"e3"},{"id":3,"v":"c"}]}"#
            .write(toFile: b, atomically: true, encoding: .utf8)
        func report(_ arguments: [String]) -> String {
            let r = graphdiff(["diff"] + arguments + [a, b])
            XCTAssertEqual(r.stderr, "", "\(arguments)")
            return r.stdout.components(separatedBy: "\n\n").first ?? ""
        }
        for pattern in ["/items/[id=2]/etag", "/items/1", "/items/[id=2]", "/items/*/etag"] {
            XCTAssertEqual(report(["--only", pattern]), #"~ /items/1/etag: "e2" → "e3""#, pattern)
        }
        XCTAssertEqual(report(["--only", "/items/2"]), #"+ /items/2: {"id":3,"v":"c"}"#)
        XCTAssertEqual(report(["--only", "/items/*/v"]), "+ /items/2: {\"v\":\"c\"}\n~ /items/0/v: \"a\" → \"A\"")
        XCTAssertEqual(report(["--only", "/**/etag"]), "~ /items/1/etag: \"e2\" → \"e3\"\n~ /meta/etag: \"1\" → \"2\"")
        XCTAssertEqual(report(["--array-key", "id", "--only", "/items/[id=2]/etag"]), #"~ /items/[id=2]/etag: "e2" → "e3""#)
        for format in ["json", "json-patch", "merge-patch"] {
            let r = graphdiff(["diff", "-f", format, "--only", "/items/1", a, b])
            XCTAssertEqual(r.status, 2, format)
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff diff: --only cannot be used with --format \(format): a patch of part of a document may not apply"), r.stderr)
        }
    }

    func test_mergeOnly_takesTheirsOnlyWhereSelected() {
        // Theirs renamed t3, added t6, moved t4, renamed the chores list and
        // changed the metadata; with Task.* only its task edits are taken.
        let r = graphdiff(["merge", "--only", "Task.*", base, mine, theirs])
        XCTAssertEqual(r.status, 0, r.stderr)
        let onMine = graphdiff(["diff", "--stat", mine, "-"], stdin: r.stdout)
        XCTAssertEqual(onMine.stdout, "Task: 1 inserted, 1 updated, 1 moved\n", onMine.stderr)
        // What theirs' selected changes need must be selected too.
        let needs = graphdiff(["merge", "--only", "TaskList.*", base, mine, theirs])
        XCTAssertEqual(needs.status, 2)
        XCTAssertEqual(needs.stderr, """
            graphdiff merge: --only TaskList.*: theirs' changes there need changes outside it; select those too:
            Task "t3".next: dangling reference to Task "t6": no such object

            """)
        XCTAssertEqual(needs.stdout, "")
    }

    func test_only_misused_isAUsageError() {
        let cases: [([String], String)] = [
            (["diff", "--only", "Nope.*", base, theirs], "--only: \"Nope.*\": no entity \"Nope\" in the schema (schema \"Tasks\")"),
            (["merge", "--only", "Task", base, mine, theirs], "--only: \"Task\": expected ENTITY.PROPERTY, ENTITY.* or *.PROPERTY (schema \"Tasks\")"),
            (["diff", "-f", "merge-patch", "--only", "Task.*", base, theirs],
             "--only cannot be used with --format merge-patch: a patch of part of a graph may not apply; use --format json"),
            (["merge", "--no-schema", "--only", "objects", base, mine, theirs], "--only takes a JSON Pointer such as /metadata/lastSync for plain JSON, got 'objects'"),
            (["diff", "--no-schema", "--only", "/**", base, theirs], "--only /** selects everything; leave out --only"),
            (["diff", "--only", "Task.prev", base, theirs], "--only: \"Task.prev\": its changes are reported on TaskList.items; select that (schema \"Tasks\")"),
        ]
        for (arguments, message) in cases {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff \(arguments[0]): \(message)\n"), "\(arguments): \(r.stderr)")
        }
    }
}
