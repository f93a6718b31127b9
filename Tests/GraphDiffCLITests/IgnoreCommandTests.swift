import XCTest
@testable import GraphDiffCLI
import GraphDiff

/// `--ignore` in diff and merge: whole outputs of every format, and the errors.
final class IgnoreCommandTests: XCTestCase {
    let base = samplePath("sync/base.json"), mine = samplePath("sync/mine.json"), theirs = samplePath("sync/theirs.json")
    let noise = ["--ignore", "/metadata/lastSync", "--ignore", "/items/*/updatedAt"]
    let tasksBase = samplePath("tasks/base.graph.json"), tasksTheirs = samplePath("tasks/theirs.graph.json")

    func test_diff_plainJSON_everyFormat_leavesOutIgnoredMembers() {
        let human = graphdiff(["diff"] + noise + [base, theirs])
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertEqual(human.stdout, "~ /items/0/title: \"Milk\" → \"Oat milk\"\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        XCTAssertEqual(graphdiff(["diff", "--stat"] + noise + [base, theirs]).stdout, "0 added, 0 removed, 1 changed, 0 moved\n")
        XCTAssertEqual(graphdiff(["diff", "-f", "json"] + noise + [base, theirs]).stdout, """
            {
              "changes": [
                {
                  "new": "Oat milk",
                  "old": "Milk",
                  "op": "replace",
                  "path": "/items/0/title"
                }
              ],
              "format": "graphdiff-patch/1"
            }

            """)
        XCTAssertEqual(graphdiff(["diff", "-f", "json-patch"] + noise + [base, theirs]).stdout, """
            [
              {
                "op": "replace",
                "path": "/items/0/title",
                "value": "Oat milk"
              }
            ]

            """)
        // RFC 7386 replaces arrays whole: the new array, ignored members and all.
        XCTAssertEqual(graphdiff(["diff", "-f", "merge-patch"] + noise + [base, theirs]).stdout, """
            {
              "items": [
                {
                  "id": 1,
                  "title": "Oat milk",
                  "updatedAt": "2026-11-21T11:58:00Z"
                },
                {
                  "id": 2,
                  "title": "Bread",
                  "updatedAt": "2026-11-21T11:58:00Z"
                }
              ]
            }

            """)
        // Only ignored differences: the same, exit 0, nothing printed.
        let same = graphdiff(["diff", "--ignore", "/metadata/lastSync", "--ignore", "/**/updatedAt", "--ignore", "/items/*/title", base, theirs])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "")
        XCTAssertEqual(graphdiff(["diff", "-q", "--ignore", "/items", "--ignore", "/metadata", base, theirs]).status, 0)
    }

    func test_diff_graphs_everyFormat_leavesOutIgnoredAttributes() {
        let ignore = ["--ignore", "*.title", "--ignore", "metadata.lastSync"]
        let human = graphdiff(["diff"] + ignore + [tasksBase, tasksTheirs])
        XCTAssertEqual(human.status, 1, human.stderr)
        XCTAssertEqual(human.stdout, """
            + Task "t6"  \(tasksTheirs):57:7
                done: false
                due: null
                list: "groceries"
                title: "Tea"
            ~ TaskList "groceries"  \(tasksTheirs):70:7
                items (order):
                  + "t6" after "t3"
                  > "t4" moved to the head (was after "t3")
            ~ metadata
                device: "laptop" → "phone"

            Task: 1 inserted, 1 moved
            metadata: 1 changed

            """)
        XCTAssertEqual(graphdiff(["diff", "--stat"] + ignore + [tasksBase, tasksTheirs]).stdout, "Task: 1 inserted, 1 moved\nmetadata: 1 changed\n")
        let json = graphdiff(["diff", "-f", "json"] + ignore + [tasksBase, tasksTheirs]).stdout
        XCTAssertFalse(json.contains("Free-range eggs") || json.contains("lastSync") || json.contains("Chores this week"), json)
        XCTAssertTrue(json.contains("\"Tea\""), json)
        let tree = graphdiff(["diff", "-f", "tree"] + ignore + [tasksBase, tasksTheirs]).stdout
        XCTAssertFalse(tree.contains("Free-range eggs") || tree.contains("Chores this week"), tree)
        XCTAssertEqual(graphdiff(["diff", "-f", "json-patch"] + ignore + [tasksBase, tasksTheirs]).stdout, """
            [
              {
                "op": "replace",
                "path": "/metadata/device",
                "value": "phone"
              },
              {
                "op": "replace",
                "path": "/objects/Task/t1/prev",
                "value": "t4"
              },
              {
                "op": "replace",
                "path": "/objects/Task/t3/next",
                "value": "t6"
              },
              {
                "op": "replace",
                "path": "/objects/Task/t4/next",
                "value": "t1"
              },
              {
                "op": "replace",
                "path": "/objects/Task/t4/prev",
                "value": null
              },
              {
                "op": "add",
                "path": "/objects/Task/t6",
                "value": {
                  "done": false,
                  "due": null,
                  "list": "groceries",
                  "next": null,
                  "prev": "t3",
                  "title": "Tea"
                }
              }
            ]

            """)
    }

    func test_merge_plainJSON_ignoredConflict_takesMine_exit0() {
        let plain = graphdiff(["merge", base, mine, theirs])
        XCTAssertEqual(plain.status, 1)
        let r = graphdiff(["merge", "--ignore", "/metadata/lastSync", "--ignore", "/**/updatedAt", base, mine, theirs])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
            {
              "items": [
                {
                  "id": 1,
                  "title": "Oat milk",
                  "updatedAt": "2026-11-21T07:59:00Z"
                },
                {
                  "id": 2,
                  "title": "Rye bread",
                  "updatedAt": "2026-11-21T07:59:00Z"
                }
              ],
              "metadata": {
                "device": "laptop",
                "lastSync": "2026-11-21T08:00:00Z"
              },
              "name": "app"
            }

            """)
    }

    func test_merge_graphs_ignoredConflict_takesMine_exit0() throws {
        let dir = try temporaryDirectory(self)
        for name in ["tasks.schema.json", "base.graph.json", "mine.graph.json", "theirs.graph.json"] {
            try FileManager.default.copyItem(atPath: samplePath("tasks/\(name)"), toPath: dir.appendingPathComponent(name).path)
        }
        func edit(_ name: String, _ title: String) throws {
            let url = dir.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"\(title)\"")
            try Data(text.utf8).write(to: url)
        }
        try edit("mine.graph.json", "Oat milk")
        try edit("theirs.graph.json", "Soy milk")
        let paths = ["base", "mine", "theirs"].map { dir.appendingPathComponent("\($0).graph.json").path }
        let conflicted = graphdiff(["merge", "--conflicts", "report"] + paths)
        XCTAssertEqual(conflicted.status, 1)
        XCTAssertTrue(conflicted.stderr.contains("CONFLICT Task \"t1\".title: changed differently"), conflicted.stderr)
        let out = dir.appendingPathComponent("merged.graph.json").path
        let r = graphdiff(["merge", "--ignore", "Task.title", "-o", out] + paths)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let merged = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(merged.contains("\"title\": \"Oat milk\""), merged)
        XCTAssertFalse(merged.contains("Soy milk") || merged.contains("Free-range eggs"), "theirs' titles do not count")
        XCTAssertTrue(merged.contains("\"title\": \"Tea\""), "an object only theirs has keeps its values")
    }

    func test_readmeIgnoringNoiseExample_printsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "### Ignoring noise\n").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```").first)
        // Each "$ graphdiff …" line, then what it prints.
        let runs = block.components(separatedBy: "$ graphdiff ").dropFirst()
        XCTAssertEqual(runs.count, 3)
        for run in runs {
            let (command, expected) = (run.prefix { $0 != "\n" }, run.drop { $0 != "\n" }.dropFirst())
            let arguments = command.split(separator: " ").map { $0.replacingOccurrences(of: "'", with: "") }
            let r = try runBinary(arguments, in: packageRoot)
            XCTAssertEqual(r.stdout, String(expected), String(command))
            XCTAssertEqual(r.stderr, "", String(command))
        }
    }

    func test_diff_ignoreTakesTheReportsKeyPathsAndIndices_andWarnsOfPatternsThatMatchNothing() throws {
        let pipOld = samplePath("pip/old.json"), pipNew = samplePath("pip/new.json")
        let keyed = graphdiff(["diff", "--array-key", "name", "--ignore", #"/[name="six"]/version"#, pipOld, pipNew])
        XCTAssertEqual(keyed.status, 1, keyed.stderr)
        XCTAssertEqual(keyed.stderr, "")
        XCTAssertEqual(keyed.stdout, """
            - /[name="pickleshare"]: {"name":"pickleshare","version":"0.7.5"}
            - /[name="backcall"]: {"name":"backcall","version":"0.2.0"}
            + /[name="aiohttp"]: {"name":"aiohttp","version":"3.10.10"}
            + /[name="tomli"]: {"name":"tomli","version":"2.0.2"}
            ~ /[name="boto3"]/version: "1.35.20" → "1.35.44"
            ~ /[name="botocore"]/version: "1.35.20" → "1.35.44"
            ~ /[name="requests"]/version: "2.32.2" → "2.32.3"
            ~ /[name="urllib3"]/version: "2.2.2" → "2.2.3"

            2 added, 2 removed, 4 changed, 0 moved

            """)
        // The key segment matches by the member, with or without --array-key.
        let unkeyed = graphdiff(["diff", "--ignore", #"/[name="six"]/version"#, pipOld, pipNew])
        XCTAssertEqual(unkeyed.stderr, "")
        XCTAssertFalse(unkeyed.stdout.contains("1.16.0"), unkeyed.stdout)
        // An index counts in each document's own array.
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        try #"{"l":[{"etag":1}]}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"l":[{"etag":2}]}"#.write(toFile: b, atomically: true, encoding: .utf8)
        let index = graphdiff(["diff", "--ignore", "/l/0/etag", a, b])
        XCTAssertEqual([String(index.status), index.stdout, index.stderr], ["0", "", ""])
        // A pattern that matches nothing in either document: a warning, the exit status unchanged.
        let typo = graphdiff(["diff", "--ignore", "/metadata/lastSnc", "--ignore", "/items/*/updatedAt", base, theirs])
        XCTAssertEqual(typo.status, 1)
        XCTAssertEqual(typo.stderr, "graphdiff: warning: --ignore /metadata/lastSnc matches nothing in either document\n")
        XCTAssertEqual(typo.stdout, """
            ~ /items/0/title: "Milk" → "Oat milk"
            ~ /metadata/lastSync: "2026-11-20T10:00:00Z" → "2026-11-21T12:00:00Z"

            0 added, 0 removed, 2 changed, 0 moved

            """)
        let graphs = graphdiff(["diff", "--stat", "--ignore", "metadata.nosuch", "--ignore", "metadata.lastSync", tasksBase, tasksTheirs])
        XCTAssertEqual(graphs.stderr, "graphdiff: warning: --ignore metadata.nosuch matches nothing in either graph's metadata\n")
    }

    func test_badIgnores_areUsageErrors_namingThem() {
        let cases: [([String], String)] = [
            (["diff", "--ignore", "metadata/lastSync", base, theirs],
             "graphdiff diff: --ignore takes a JSON Pointer such as /metadata/lastSync for plain JSON, got 'metadata/lastSync'\n"),
            (["diff", "--ignore", "/a~2", base, theirs], "graphdiff diff: --ignore: invalid JSON Pointer \"/a~2\": '~' must be followed by '0' or '1'\n"),
            (["merge", "--ignore", "", base, mine, theirs],
             "graphdiff merge: --ignore takes a JSON Pointer such as /metadata/lastSync for plain JSON, got ''\n"),
            (["diff", "--ignore", "Task.titel", tasksBase, tasksTheirs],
             "graphdiff diff: --ignore: \"Task.titel\": entity \"Task\" has no property \"titel\" (schema \"Tasks\")\n"),
            (["diff", "--ignore", "Tsk.title", "--ignore", "/metadata/lastSync", tasksBase, tasksTheirs],
             "graphdiff diff: --ignore: \"Tsk.title\": no entity \"Tsk\" in the schema; \"/metadata/lastSync\": expected ENTITY.PROPERTY (or *.PROPERTY) (schema \"Tasks\")\n"),
            (["merge", "--ignore", "Task.list", tasksBase, tasksBase, tasksTheirs],
             "graphdiff merge: --ignore: \"Task.list\": a relationship; only attributes can be ignored (schema \"Tasks\")\n"),
            (["merge", "--ignore", #"/items/[id=1]/updatedAt"#, base, mine, theirs],
             "graphdiff merge: --ignore: merge takes no key segment such as [name=\"six\"] (got '/items/[id=1]/updatedAt'); use * or a member path\n"),
            (["diff", "--ignore", "/items/[id]/updatedAt", base, theirs],
             "graphdiff diff: --ignore: invalid JSON Pointer \"/items/[id]/updatedAt\": has a key segment without '=' (write [NAME=VALUE], or ~[ for a member name beginning with '[')\n"),
            (["diff", "--ignore", "Task.*", tasksBase, tasksTheirs],
             "graphdiff diff: --ignore: \"Task.*\": a whole entity cannot be ignored; name its properties (schema \"Tasks\")\n"),
        ]
        for (arguments, message) in cases {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
            XCTAssertEqual(r.stderr.components(separatedBy: "Usage:").first, message, "\(arguments)")
        }
    }
}
