import Foundation
import XCTest
import GraphDiff

/// `graphdiff log` and `graphdiff blame` in throwaway repositories with
/// real histories: authors, a rename, a reorder on a branch, a merge.
final class GitHistoryTests: XCTestCase {
    typealias Repo = GitIntegrationTests.Repo

    func baseGraph() throws -> Graph {
        let schema = try Schema.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        return try Graph.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json")))), schema: schema)
    }

    func set(_ changes: [(String, String, JSONValue)], in graph: Graph) -> Graph {
        var g = graph
        for (id, property, value) in changes { g.setValue(value, of: ObjectID(entity: "Task", identity: id), property) }
        return g
    }

    func commit(_ repo: Repo, _ author: String, _ message: String) {
        repo.git("add", "-A")
        repo.git("-c", "user.name=\(author)", "commit", "-q", "-m", message)
    }

    func short(_ repo: Repo, _ revision: String) -> String {
        String(repo.git("rev-parse", revision).stdout.prefix(7))
    }

    /// base (Ada) → Sourdough (Bob) → renamed (Ada) → on b: t4 to the head (Cy);
    /// on main: t1 done (Bob) → merge b (Ada).
    func history() throws -> (Repo, Graph) {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        let bread = set([("t2", "title", "Sourdough")], in: base)
        try repo.write("lists.graph.json", bread.canonicalText())
        commit(repo, "Bob", "sourdough")
        repo.git("mv", "lists.graph.json", "groceries.graph.json")
        commit(repo, "Ada", "rename")
        repo.git("checkout", "-q", "-b", "b")
        let reordered = set([("t4", "prev", .null), ("t4", "next", "t1"), ("t1", "prev", "t4"), ("t3", "next", .null)], in: bread)
        try repo.write("groceries.graph.json", reordered.canonicalText())
        commit(repo, "Cy", "coffee first")
        repo.git("checkout", "-q", "main")
        try repo.write("groceries.graph.json", set([("t1", "done", true)], in: bread).canonicalText())
        commit(repo, "Bob", "milk bought")
        let merged = set([("t1", "done", true)], in: reordered)
        XCTAssertNotEqual(repo.git("-c", "user.name=Ada", "merge", "-q", "--no-ff", "--no-commit", "b").status, 128)
        try repo.write("groceries.graph.json", merged.canonicalText())
        commit(repo, "Ada", "merge b")
        return (repo, merged)
    }

    func test_blame_namesPerPropertyAndPlace_theCommitThatSetIt_throughRenameAndMerge() throws {
        let (repo, _) = try history()
        let r = repo.tool("blame", "groceries.graph.json", "Task:t2", "Task:t4", "TaskList:groceries")
        XCTAssertEqual(r.status, 0, r.stderr)
        let (base, bread, merge) = (short(repo, "HEAD~4"), short(repo, "HEAD~3"), short(repo, "HEAD"))
        let date = String(repo.git("log", "-1", "--format=%aI").stdout.prefix(10))
        // First parents only: the merge brought in the reorder, so it is blamed for it.
        XCTAssertEqual(r.stdout, """
            \(base) (Ada \(date)) Task t2.done = false
            \(base) (Ada \(date)) Task t2.due = null
            \(base) (Ada \(date)) Task t2.list = "groceries"
            \(base) (Ada \(date)) Task t2.next = "t3"
            \(base) (Ada \(date)) Task t2.prev = "t1"
            \(bread) (Bob \(date)) Task t2.title = "Sourdough"
            \(base) (Ada \(date)) Task t4.done = false
            \(base) (Ada \(date)) Task t4.due = "2026-11-23"
            \(base) (Ada \(date)) Task t4.list = "groceries"
            \(merge) (Ada \(date)) Task t4.next = "t1"
            \(merge) (Ada \(date)) Task t4.prev = null
            \(base) (Ada \(date)) Task t4.title = "Coffee"
            \(base) (Ada \(date)) TaskList groceries.title = "Groceries"
            \(merge) (Ada \(date)) TaskList groceries.items[t4]
            \(base) (Ada \(date)) TaskList groceries.items[t1]
            \(base) (Ada \(date)) TaskList groceries.items[t2]
            \(base) (Ada \(date)) TaskList groceries.items[t3]

            """)
        let json = repo.tool("blame", "-f", "json", "--rev", "HEAD~2", "groceries.graph.json", "Task:t2")
        XCTAssertEqual(json.status, 0, json.stderr)
        let lines = try XCTUnwrap(JSONReader.parse(json.stdout).arrayValue)
        XCTAssertEqual(lines.count, 6)
        XCTAssertEqual(lines.last?.objectValue?["summary"], "sourdough")
        XCTAssertEqual(lines.last?.objectValue?["path"], "lists.graph.json", "the path where it was set")
    }

    func test_log_perObject_followsTheRename_newestFirst() throws {
        let (repo, _) = try history()
        let r = repo.tool("log", "--stat", "--object", "Task:t2", "groceries.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let commits = r.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }
        XCTAssertEqual(commits.map { String($0.dropFirst(7).prefix(7)) }, [short(repo, "HEAD~3"), short(repo, "HEAD~4")])
        XCTAssertTrue(r.stdout.contains("    sourdough\n\nTask: 1 updated\n"), r.stdout)
        let title = repo.tool("log", "--property", "title", "groceries.graph.json")
        XCTAssertTrue(title.stdout.contains("~ Task \"t2\"  \(short(repo, "HEAD~3")):lists.graph.json:"), title.stdout)
        XCTAssertTrue(title.stdout.contains("    title: \"Bread\" → \"Sourdough\"\n"), title.stdout)
        XCTAssertFalse(title.stdout.contains("milk bought"), "done is not title")
        let all = repo.tool("log", "-f", "json", "groceries.graph.json")
        let entries = try XCTUnwrap(JSONReader.parse(all.stdout).arrayValue)
        XCTAssertEqual(entries.compactMap { $0.objectValue?["summary"]?.stringValue },
                       ["merge b", "milk bought", "coffee first", "rename", "sourdough", "base"])
        XCTAssertEqual(entries[3].objectValue?["oldPath"], "lists.graph.json")
        // The merge, against its first parent: the reorder.
        XCTAssertEqual(entries[0].objectValue?["changes"]?.objectValue?["changes"]?.arrayValue?.count, 1, all.stdout)
        let range = repo.tool("log", "--stat", "groceries.graph.json", "HEAD~3..HEAD~1")
        XCTAssertEqual(range.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.count, 2, range.stdout)
    }

    /// base (Ada) → Brown eggs (Bob) → t3 re-keyed to srv-1043 (Cy) → Tea
    /// after it (Dee): log and blame follow the object through the re-key.
    func test_logAndBlame_followAnObjectThroughItsRekey() throws {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        let eggs = set([("t3", "title", "Brown eggs")], in: base)
        try repo.write("lists.graph.json", eggs.canonicalText())
        commit(repo, "Bob", "brown eggs")
        let rekeyed = eggs.rekeying([ObjectID(entity: "Task", identity: "t3"): "srv-1043"])
        try repo.write("lists.graph.json", rekeyed.canonicalText())
        commit(repo, "Cy", "server ids")
        try repo.write("lists.graph.json", set([("srv-1043", "done", true)], in: rekeyed).canonicalText())
        commit(repo, "Dee", "eggs bought")
        let (ada, bob, cy, dee) = (short(repo, "HEAD~3"), short(repo, "HEAD~2"), short(repo, "HEAD~1"), short(repo, "HEAD"))

        let log = repo.tool("log", "--stat", "--object", "Task:srv-1043", "lists.graph.json")
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(log.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.map { String($0.dropFirst(7).prefix(7)) }, [dee, cy, bob, ada])
        XCTAssertTrue(log.stdout.contains("    server ids\n\nTask: 1 re-keyed\n"), log.stdout)
        XCTAssertTrue(log.stdout.contains("    brown eggs\n\nTask: 1 updated\n"), log.stdout)
        let full = repo.tool("log", "--object", "Task:srv-1043", "lists.graph.json", "HEAD~2..HEAD~1")
        XCTAssertTrue(full.stdout.contains("= Task \"t3\" → \"srv-1043\"  \(cy):lists.graph.json:"), full.stdout)
        let plain = repo.tool("log", "--stat", "lists.graph.json", "HEAD~2..HEAD~1")
        XCTAssertTrue(plain.stdout.hasSuffix("Task: 1 re-keyed\n"), plain.stdout)

        let blame = repo.tool("blame", "lists.graph.json", "Task:srv-1043")
        XCTAssertEqual(blame.status, 0, blame.stderr)
        let date = String(repo.git("log", "-1", "--format=%aI").stdout.prefix(10))
        XCTAssertEqual(blame.stdout, """
            \(dee) (Dee \(date)) Task srv-1043.done = true
            \(ada) (Ada \(date)) Task srv-1043.due = null
            \(ada) (Ada \(date)) Task srv-1043.list = "groceries"
            \(ada) (Ada \(date)) Task srv-1043.next = "t4"
            \(ada) (Ada \(date)) Task srv-1043.prev = "t2"
            \(bob) (Bob \(date)) Task srv-1043.title = "Brown eggs"

            """)
        // Its neighbour's link names it by its new identity since the re-key.
        XCTAssertTrue(repo.tool("blame", "lists.graph.json", "Task:t2").stdout.contains("\(cy) (Cy  \(date)) Task t2.next = \"srv-1043\""))
    }

    /// An identity that another object held earlier: after following the
    /// re-key, the log names the object by its old identity only, as
    /// git log --follow leaves the new path for the old one.
    func test_logOfAnObject_followsItsRekey_notAnEarlierObjectOfTheSameIdentity() throws {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        let dark = set([("t4", "title", "Dark coffee")], in: base)
        try repo.write("lists.graph.json", dark.canonicalText())
        commit(repo, "Bob", "dark coffee")
        var gone = set([("t3", "next", .null)], in: dark)
        gone.removeObject(ObjectID(entity: "Task", identity: "t4"))
        try repo.write("lists.graph.json", gone.canonicalText())
        commit(repo, "Cy", "no coffee")
        try repo.write("lists.graph.json", gone.rekeying([ObjectID(entity: "Task", identity: "t3"): "t4"]).canonicalText())
        commit(repo, "Dee", "eggs are t4 now")
        let r = repo.tool("log", "--stat", "--object", "Task:t4", "lists.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.map { String($0.dropFirst(7).prefix(7)) },
                       [short(repo, "HEAD"), short(repo, "HEAD~3")])
        XCTAssertFalse(r.stdout.contains("dark coffee"), r.stdout)
    }

    func test_errors_areGits_andUsage() throws {
        let repo = try Repo(self)
        let none = repo.tool("log", "x.graph.json")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("graphdiff log: fatal: "), none.stderr)
        try repo.write("a.json", "{}")
        commit(repo, "Ada", "a")
        let missing = repo.tool("blame", "b.json")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "graphdiff blame: b.json: no such file in HEAD\n")
        XCTAssertEqual(repo.tool("log", "--object", "Task", "a.json").status, 2)
        XCTAssertEqual(repo.tool("log", "--stat", "-f", "json", "a.json").status, 2)
        let outside = try temporaryDirectory(self)
        let process = repo.run(repo.graphdiff, ["blame", outside.appendingPathComponent("a.json").path])
        XCTAssertEqual(process.status, 2)
    }
    func test_log_perObject_findsAMoveInAnIdentityArray_whereOnlyTheOwnerChanged() throws {
        let repo = try Repo(self)
        for name in ["playlist.schema.json", "base.graph.json"] {
            try repo.write(name, Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("playlist/" + name)))))
        }
        commit(repo, "Ada", "base")
        try repo.write("base.graph.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("playlist/mine.graph.json")))))
        commit(repo, "Bob", "t5 first")
        let r = repo.tool("log", "--object", "Track:t5", "base.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.count, 2, r.stdout)
        XCTAssertTrue(r.stdout.contains("\n    t5 first\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("      > \"t5\" moved to the head (was after \"t4\")\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\"t6\" after"), "only t5's changes: \(r.stdout)")
    }
    func test_log_aVersionThatIsNoGraph_isComparedAsJSON_withANote() throws {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        let text = String(decoding: base.canonicalText(), as: UTF8.self).replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": 7")
        try repo.write("lists.graph.json", text)
        commit(repo, "Bob", "broken")
        let r = repo.tool("log", "lists.graph.json", "--", "-1")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("(compared as JSON: \(short(repo, "HEAD")):lists.graph.json: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"Milk\" → 7"), r.stdout)
        // blame stops where a version is no JSON at all; here every version is JSON.
        XCTAssertEqual(repo.tool("blame", "lists.graph.json", "Task:t1").stdout.split(separator: "\n").count, 6)
    }
    // Found by testing as a user.

    func test_log_perOwner_listsTheReordersItsMembersHold() throws {
        let (repo, _) = try history()
        let r = repo.tool("log", "--stat", "--object", "TaskList:groceries", "groceries.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let summaries = r.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(summaries, ["merge b", "coffee first", "base"], r.stdout)
    }

    func test_log_aRenameOnASideBranch_isARename_notADeletion() throws {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("p.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        repo.git("checkout", "-q", "-b", "topic")
        repo.git("mv", "p.graph.json", "q.graph.json")
        try repo.write("q.graph.json", set([("t2", "title", "Rye")], in: base).canonicalText())
        commit(repo, "Bob", "topic: rename, rye")
        repo.git("checkout", "-q", "main")
        try repo.write("p.graph.json", set([("t1", "title", "Oat milk")], in: base).canonicalText())
        commit(repo, "Cy", "main: oat")
        XCTAssertEqual(repo.git("-c", "user.name=Ada", "merge", "-q", "--no-edit", "topic").status, 0)
        let r = repo.tool("log", "--stat", "q.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Path:   q.graph.json (was p.graph.json)\n\n    topic: rename, rye\n\nTask: 1 updated\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("deleted"), r.stdout)
    }

    func test_log_aCommitThatChangesTheSchema_readsTheOldVersionWithTheNewSchema() throws {
        let repo = try Repo(self)
        let schemaText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json"))), as: UTF8.self)
        try repo.write("tasks.schema.json", schemaText)
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        commit(repo, "Ada", "base")
        try repo.write("tasks.schema.json", schemaText.replacingOccurrences(of: "\"title\": {\n          \"type\": \"string\"\n        }\n      },\n      \"identity\": \"id\",\n      \"relationships\": {\n        \"list\"",
                                                                     with: "\"title\": {\n          \"type\": \"string\"\n        },\n        \"prio\": {\n          \"optional\": true,\n          \"type\": \"int64\"\n        }\n      },\n      \"identity\": \"id\",\n      \"relationships\": {\n        \"list\""))
        let text = String(decoding: base.canonicalText(), as: UTF8.self).replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"prio\": 3,\n        \"title\": \"Milk\"")
        try repo.write("lists.graph.json", text)
        commit(repo, "Bob", "prio")
        XCTAssertTrue(try repo.read("tasks.schema.json").contains("prio"), "the schema changed")
        let r = repo.tool("log", "--object", "Task:t1", "--property", "prio", "lists.graph.json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("    prio\n\n~ Task \"t1\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("    prio: null → 3\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("    base\n"), "base set no prio: \(r.stdout)")
    }

    func test_blame_refusesRangesOptionsAndObjectsNotInTheFile_logRefusesOutputOptions() throws {
        let (repo, _) = try history()
        for rev in ["HEAD~1..HEAD", "^HEAD~1", "--output=x", "--all"] {
            let r = repo.tool("blame", "--rev", rev, "groceries.graph.json")
            XCTAssertEqual(r.status, 2, rev)
            XCTAssertTrue(r.stderr.contains("--rev takes one revision"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.dir.appendingPathComponent("x").path))
        let missing = repo.tool("blame", "groceries.graph.json", "Task:t99")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "graphdiff blame: groceries.graph.json: no object Task:t99 in HEAD\n")
        for option in ["--graph", "--name-only", "-p", "--stat"] {
            let r = repo.tool("log", "groceries.graph.json", "--", option)
            XCTAssertEqual(r.status, 2, option)
            XCTAssertTrue(r.stderr.contains("changes what git log prints"), r.stderr)
        }
        let oneline = repo.tool("log", "--stat", "groceries.graph.json", "--", "--oneline", "-2")
        XCTAssertEqual(oneline.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.count, 2, oneline.stdout + oneline.stderr)
    }
    func test_versionsNestedAsDeepAsTheReaderAllows_crashNeitherLogNorBlame() throws {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = String(decoding: try baseGraph().canonicalText(), as: UTF8.self)
        let deep = String(repeating: "[", count: 9000) + String(repeating: "]", count: 9000)
        for (i, title) in ["Milk", "Oat milk", "Soy milk"].enumerated() {
            // Read on the threads that read versions ahead: deep metadata, and a version that is no graph.
            let text = base.replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"\(title)\"")
                .replacingOccurrences(of: "\"metadata\": {", with: "\"metadata\": {\n    \"deep\(i)\": \(deep),")
            try repo.write("lists.graph.json", text)
            commit(repo, "Ada", "v\(i)")
        }
        let log = repo.tool("log", "--stat", "lists.graph.json")
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(log.stdout.split(separator: "\n").filter { $0.hasPrefix("commit ") }.count, 3, log.stdout)
        let blame = repo.tool("blame", "lists.graph.json", "Task:t1")
        XCTAssertEqual(blame.status, 0, blame.stderr)
        XCTAssertTrue(blame.stdout.contains(") Task t1.title = \"Soy milk\"\n"), blame.stdout)
    }
}
