import Foundation
import XCTest
import GraphDiff

/// graphdiff as git's diff and merge driver, proven with the git binary in
/// throwaway repositories.
final class GitIntegrationTests: XCTestCase {
    /// A temporary repository with its own HOME, so no user configuration leaks in.
    final class Repo {
        let dir: URL
        let home: URL
        let graphdiff: String

        init(_ test: XCTestCase) throws {
            dir = try temporaryDirectory(test).appendingPathComponent("repo")
            home = dir.deletingLastPathComponent().appendingPathComponent("home")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            graphdiff = try builtExecutable().path
            guard git("--version").status == 0 else { throw XCTSkip("git is not installed") }
            git("init", "-q", "-b", "main")
            git("config", "user.name", "Test")
            git("config", "user.email", "test@example.org")
            git("config", "commit.gpgsign", "false")
        }

        var environment: [String: String] {
            var e = ProcessInfo.processInfo.environment
            e["HOME"] = home.path
            e["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
            e["GIT_CONFIG_NOSYSTEM"] = "1"
            e["GIT_PAGER"] = "cat"
            e["PAGER"] = "cat"
            e["GIT_EDITOR"] = "true"
            return e
        }

        @discardableResult
        func run(_ executable: String, _ arguments: [String]) -> RunResult {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
            process.currentDirectoryURL = dir
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return RunResult(status: 127, stdout: "", stderr: "cannot run \(executable)") }
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return RunResult(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        }

        @discardableResult
        func git(_ arguments: String...) -> RunResult { run("git", arguments) }

        func tool(_ arguments: String...) -> RunResult { run(graphdiff, arguments) }

        func write(_ path: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: dir.appendingPathComponent(path))
        }

        func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

        func read(_ path: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8) }

        func commit(_ message: String) {
            git("add", "-A")
            git("commit", "-q", "-m", message)
        }
    }

    // MARK: Graph edits

    func baseGraph() throws -> Graph {
        let schema = try Schema.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        return try Graph.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json")))), schema: schema)
    }

    /// `graph` with task `id` appended to the groceries list.
    func appending(_ id: String, _ title: String, to graph: Graph) throws -> Graph {
        var g = graph
        let items = try XCTUnwrap(g.schema.entity(named: "TaskList")?.property(named: "items")?.relationship)
        let order = g.chain(of: ObjectID(entity: "TaskList", identity: "groceries"), through: items)
        let task = try XCTUnwrap(g.schema.entity(named: "Task"))
        let last = try XCTUnwrap(order.last)
        g[ObjectID(entity: "Task", identity: id)] = GraphObject(entity: task, values: task.storedProperties.map { p in
            ["done": false, "due": .null, "list": "groceries", "next": .null, "prev": .string(last.identity), "title": .string(title)][p.name] ?? .null
        })
        g.setValue(.string(id), of: last, "next")
        return g
    }

    func setting(_ property: String, of id: String, to value: JSONValue, in graph: Graph) -> Graph {
        var g = graph
        g.setValue(value, of: ObjectID(entity: "Task", identity: id), property)
        return g
    }

    /// A repository with the tasks schema and graph committed on main.
    func repository(install: Bool) throws -> (Repo, Graph) {
        let repo = try Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let base = try baseGraph()
        try repo.write("lists.graph.json", base.canonicalText())
        try repo.write("notes.txt", "first line\n")
        if install {
            let r = repo.tool("git", "install", "--force")
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("set diff.graphdiff.command = \(repo.graphdiff) git-diff"), r.stdout)
            XCTAssertTrue(r.stdout.contains("added to \(repo.dir.path)/.gitattributes: *.graph.json diff=graphdiff merge=graphdiff"), r.stdout)
            XCTAssertTrue(r.stderr.contains("per clone") || r.stderr.contains("another clone"), r.stderr)
        }
        repo.commit("base")
        return (repo, base)
    }

    /// Two branches: A edits t1's title and appends t7; B marks t1 done and appends t8.
    func divergingBranches(_ repo: Repo, _ base: Graph) throws {
        repo.git("checkout", "-q", "-b", "b")
        try repo.write("lists.graph.json", try appending("t8", "Jam", to: setting("done", of: "t1", to: true, in: base)).canonicalText())
        repo.commit("b: t1 done, Jam appended")
        repo.git("checkout", "-q", "main")
        try repo.write("lists.graph.json", try appending("t7", "Honey", to: setting("title", of: "t1", to: "Oat milk", in: base)).canonicalText())
        repo.commit("main: t1 renamed, Honey appended")
    }

    // MARK: Tests

    func test_install_isIdempotent_andUninstallRemovesIt() throws {
        let (repo, _) = try repository(install: true)
        let again = repo.tool("git", "install", "--force")
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("unchanged: \(repo.dir.path)/.gitattributes"), again.stdout)
        XCTAssertEqual(try repo.read(".gitattributes"), "*.graph.json diff=graphdiff merge=graphdiff\n**/*.xcdatamodel/contents diff=graphdiff\n")
        XCTAssertEqual(repo.git("config", "--get", "merge.graphdiff.driver").stdout, "\(repo.graphdiff) git-merge %O %A %B %L %P %S %X %Y\n")
        XCTAssertEqual(repo.tool("git", "uninstall").status, 0)
        XCTAssertEqual(repo.git("config", "--get", "diff.graphdiff.command").status, 1)
        XCTAssertEqual(try repo.read(".gitattributes"), "")
    }

    func test_merge_differentPropertiesAndAppendsToOneChain_cleanWithTheDriver_conflictWithout() throws {
        // Without the driver: git's line merge conflicts (both rewrote t4's "next").
        let (plain, base) = try repository(install: false)
        try divergingBranches(plain, base)
        XCTAssertNotEqual(plain.git("merge", "-q", "--no-edit", "b").status, 0, "plain git merge conflicts")
        XCTAssertTrue(try plain.read("lists.graph.json").contains("<<<<<<<"))
        // With it: clean, and the result validates.
        let (repo, base2) = try repository(install: true)
        try divergingBranches(repo, base2)
        let merge = repo.git("merge", "-q", "--no-edit", "b")
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        let validate = repo.tool("validate", "lists.graph.json")
        XCTAssertEqual(validate.status, 0, validate.stderr)
        let text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("\"title\": \"Oat milk\"") && text.contains("\"title\": \"Honey\"") && text.contains("\"title\": \"Jam\""), text)
        XCTAssertTrue(text.contains("\"next\": \"t8\",\n        \"prev\": \"t4\",\n        \"title\": \"Honey\""), "mine's run first, then theirs: \(text)")
    }

    func test_merge_samePropertyDifferently_conflictsWithGitsLabels_thenResolves() throws {
        let (repo, base) = try repository(install: true)
        repo.git("checkout", "-q", "-b", "b")
        try repo.write("lists.graph.json", setting("title", of: "t1", to: "Soy milk", in: base).canonicalText())
        repo.commit("b: soy")
        repo.git("checkout", "-q", "main")
        try repo.write("lists.graph.json", setting("title", of: "t1", to: "Oat milk", in: base).canonicalText())
        repo.commit("main: oat")
        XCTAssertNotEqual(repo.git("merge", "-q", "--no-edit", "b").status, 0)
        let text = try repo.read("lists.graph.json")
        // git 2.44 and later pass its labels (HEAD, b); earlier ones leave them to us.
        XCTAssertTrue(text.contains("<<<<<<< HEAD\n        \"title\": \"Oat milk\"\n|||||||") || text.contains("<<<<<<< ours\n        \"title\": \"Oat milk\"\n||||||| base\n"), text)
        XCTAssertTrue(text.contains("=======\n        \"title\": \"Soy milk\"\n>>>>>>> b\n") || text.contains("=======\n        \"title\": \"Soy milk\"\n>>>>>>> theirs\n"), text)
        XCTAssertEqual(text.components(separatedBy: "<<<<<<<").count, 2, "one block, around that one property")
        XCTAssertTrue(repo.git("status", "--porcelain").stdout.contains("UU lists.graph.json"))
        XCTAssertEqual(repo.git("diff").status, 0, "git diff works on the unmerged path")
        // Resolve: keep ours.
        try repo.write("lists.graph.json", setting("title", of: "t1", to: "Oat milk", in: base).canonicalText())
        repo.git("add", "lists.graph.json")
        XCTAssertEqual(repo.git("commit", "-q", "--no-edit").status, 0)
    }

    func test_diff_log_show_useTheReport_forGraphsOnly() throws {
        let (repo, base) = try repository(install: true)
        try repo.write("lists.graph.json", setting("title", of: "t2", to: "Sourdough", in: base).canonicalText())
        try repo.write("notes.txt", "first line\nsecond line\n")
        let diff = repo.git("diff")
        XCTAssertEqual(diff.status, 0)
        XCTAssertTrue(diff.stdout.contains("diff --git a/lists.graph.json b/lists.graph.json\n--- a/lists.graph.json\n+++ b/lists.graph.json\n~ Task \"t2\""), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("title: \"Bread\" → \"Sourdough\""), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+second line"), "other files keep git's own diff")
        repo.commit("rename bread")
        for command in [["log", "-p", "--ext-diff", "-1"], ["show", "--ext-diff", "HEAD"]] {
            let r = repo.run("git", command)
            XCTAssertEqual(r.status, 0)
            XCTAssertTrue(r.stdout.contains("title: \"Bread\" → \"Sourdough\""), "\(command): \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("+second line"), "\(command)")
        }
        // A rename with a change.
        repo.git("mv", "lists.graph.json", "moved.graph.json")
        try repo.write("moved.graph.json", setting("title", of: "t2", to: "Rye", in: base).canonicalText())
        repo.git("add", "-A")
        let renamed = repo.git("diff", "--cached", "-M")
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        XCTAssertTrue(renamed.stdout.contains("diff --git a/lists.graph.json b/moved.graph.json"), renamed.stdout)
        XCTAssertTrue(renamed.stdout.contains("rename from lists.graph.json"), renamed.stdout)
        XCTAssertTrue(renamed.stdout.contains("title: \"Sourdough\" → \"Rye\""), renamed.stdout)
    }

    func test_textconv_letsGitsLineToolsSeeObjects() throws {
        let (repo, base) = try repository(install: true)
        XCTAssertEqual(repo.git("config", "--get", "diff.graphdiff.textconv").stdout, "\(repo.graphdiff) textconv\n")
        try repo.write("lists.graph.json", setting("title", of: "t2", to: "Sourdough", in: base).canonicalText())
        repo.commit("rename bread")
        try repo.write("lists.graph.json", setting("done", of: "t1", to: true, in: setting("title", of: "t2", to: "Sourdough", in: base)).canonicalText())
        repo.commit("milk bought")
        // git log -S finds the commit that added the value, not the ones that only moved lines.
        XCTAssertEqual(repo.git("log", "-S", "\"Sourdough\"", "--format=%s").stdout, "rename bread\n")
        // git log -p, without the external driver, diffs the property lines.
        let log = repo.git("log", "-p", "-1", "--format=%s")
        XCTAssertTrue(log.stdout.contains("-Task t1.done = false\n+Task t1.done = true\n"), log.stdout)
        // git blame names, per property, the commit that set it.
        let blame = repo.git("blame", "-s", "--textconv", "lists.graph.json")
        XCTAssertEqual(blame.status, 0, blame.stderr)
        let lines = blame.stdout.split(separator: "\n").map(String.init)
        let head = String(repo.git("rev-parse", "--short=8", "HEAD").stdout.prefix(7))
        XCTAssertTrue(lines.contains { $0.hasPrefix(head) && $0.hasSuffix(") Task t1.done = true") || ($0.hasPrefix(head) && $0.hasSuffix("Task t1.done = true")) }, blame.stdout)
        XCTAssertTrue(lines.contains { !$0.hasPrefix(head) && $0.hasSuffix("Task t2.title = \"Sourdough\"") }, blame.stdout)
        // git grep over a revision searches the lines.
        let grep = repo.git("grep", "--textconv", "-h", "title = \"Sourdough\"", "HEAD~1", "--", "lists.graph.json")
        XCTAssertEqual(grep.stdout, "Task t2.title = \"Sourdough\"\n", grep.stderr)
    }

    func test_rebase_andCherryPick_useTheDriver() throws {
        let (repo, base) = try repository(install: true)
        try divergingBranches(repo, base)
        // Cherry-pick b's commit onto main.
        let pick = repo.git("cherry-pick", "b")
        XCTAssertEqual(pick.status, 0, pick.stdout + pick.stderr)
        XCTAssertEqual(repo.tool("validate", "lists.graph.json").status, 0)
        XCTAssertTrue(try repo.read("lists.graph.json").contains("\"title\": \"Jam\""))
        // Rebase b onto main's first edit.
        repo.git("reset", "-q", "--hard", "HEAD~1")
        repo.git("checkout", "-q", "b")
        let rebase = repo.git("rebase", "-q", "main")
        XCTAssertEqual(rebase.status, 0, rebase.stdout + rebase.stderr)
        XCTAssertEqual(repo.tool("validate", "lists.graph.json").status, 0)
        let text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("\"title\": \"Honey\"") && text.contains("\"title\": \"Jam\""), text)
    }

    func test_invalidJSONOnOneSide_breaksNeitherDiffNorMerge() throws {
        let (repo, base) = try repository(install: true)
        repo.git("checkout", "-q", "-b", "b")
        try repo.write("lists.graph.json", "{ this is not json\n")
        repo.commit("b: broken")
        repo.git("checkout", "-q", "main")
        try repo.write("lists.graph.json", setting("title", of: "t1", to: "Oat milk", in: base).canonicalText())
        repo.commit("main: oat")
        let diff = repo.git("diff", "main", "b")
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertTrue(diff.stdout.contains("+{ this is not json"), diff.stdout)
        let merge = repo.git("merge", "-q", "--no-edit", "b")
        XCTAssertNotEqual(merge.status, 0, "a line merge with conflicts, not a crash")
        XCTAssertLessThan(merge.status, 128)
        let merged = try repo.read("lists.graph.json")
        XCTAssertTrue(merged.contains("<<<<<<< HEAD") || merged.contains("<<<<<<< ours"), merged)
    }
}
