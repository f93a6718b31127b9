import Foundation
import XCTest
@testable import GraphDiff
@testable import GraphDiffCLI

/// `resolve` inside a real git merge: conflicts settled by selection,
/// remembered in the git directory, applied by the merge driver the next
/// time (and left for review), forgotten on request.
extension GitIntegrationTests {
    /// A repository with the driver installed and two branches that set
    /// the titles of t1 and t2 differently; the merge is in progress.
    func conflictingMerge() throws -> (Repo, GitIntegrationTests) {
        let helper = self
        let (repo, base) = try helper.repository(install: true)
        repo.git("checkout", "-q", "-b", "b")
        try repo.write("lists.graph.json", helper.setting("title", of: "t2", to: "Rye bread",
                                                          in: helper.setting("title", of: "t1", to: "Soy milk", in: base)).canonicalText())
        repo.commit("b")
        repo.git("checkout", "-q", "main")
        try repo.write("lists.graph.json", helper.setting("title", of: "t2", to: "Spelt bread",
                                                          in: helper.setting("title", of: "t1", to: "Oat milk", in: base)).canonicalText())
        repo.commit("main")
        XCTAssertNotEqual(repo.git("merge", "-q", "--no-edit", "b").status, 0)
        return (repo, helper)
    }

    func remembered(_ repo: Repo) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repo.dir.appendingPathComponent(".git/graphdiff/decisions").path)) ?? []).sorted()
    }

    func test_resolve_selectedChoices_areRemembered_appliedByTheNextMerge_forReview_andForgotten() throws {
        let (repo, _) = try conflictingMerge()
        // Theirs for t1's title only: t2's stays marked, exit 1.
        let one = repo.tool("resolve", "lists.graph.json", "--theirs", "--object", "Task:t1.title")
        XCTAssertEqual([one.status.description, one.stderr], ["1", "graphdiff resolve: lists.graph.json: 1 conflict left (marked)\n"])
        var text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("\"title\": \"Soy milk\""), text)
        XCTAssertEqual(text.components(separatedBy: "<<<<<<< ours\n        \"title\": \"Spelt bread\"").count, 2, text)
        XCTAssertEqual(repo.tool("resolve", "lists.graph.json", "--list").stdout,
                       "Task \"t2\".title: changed differently: base \"Bread\", mine \"Spelt bread\", theirs \"Rye bread\"\n")
        // Without the remembered resolutions the file is no longer what the
        // merge would write: what is left in it is listed, nothing undone.
        let unremembered = repo.tool("resolve", "lists.graph.json", "--list", "--no-remember")
        XCTAssertEqual(unremembered.stdout, "Task \"t2\".title: changed differently: base \"Bread\", mine \"Spelt bread\", theirs \"Rye bread\"\n")
        XCTAssertEqual(unremembered.stderr, "graphdiff resolve: lists.graph.json: changed since the merge wrote it: its conflict blocks are taken as they are\n")
        XCTAssertEqual(repo.tool("resolve", "lists.graph.json", "--mine").status, 0)
        XCTAssertEqual(remembered(repo).count, 2)
        XCTAssertEqual(repo.tool("validate", "-q", "lists.graph.json").status, 0)
        let resolved = try repo.read("lists.graph.json")
        repo.git("add", "lists.graph.json")
        XCTAssertEqual(repo.git("commit", "-q", "--no-edit").status, 0)

        // The same merge again: settled from the earlier decisions, left for review.
        repo.git("reset", "-q", "--hard", "HEAD~1")
        let again = repo.git("merge", "--no-edit", "b")
        XCTAssertNotEqual(again.status, 0, "stopped for review, as rerere does")
        XCTAssertTrue(again.stderr.contains("graphdiff: lists.graph.json: resolved from an earlier decision: Task \"t1\".title: changed differently: "
                                            + "base \"Milk\", mine \"Oat milk\", theirs \"Soy milk\" (took theirs)"), again.stderr)
        XCTAssertTrue(again.stderr.contains("resolved from an earlier decision: Task \"t2\".title"), again.stderr)
        XCTAssertEqual(try repo.read("lists.graph.json"), resolved)
        XCTAssertTrue(repo.git("status", "--porcelain").stdout.contains("UU lists.graph.json"))
        XCTAssertEqual(repo.tool("resolve", "lists.graph.json", "--list").status, 0)

        // Forget t2's: it is marked again.
        let forgot = repo.tool("resolve", "lists.graph.json", "--forget", "--object", "Task:t2")
        XCTAssertEqual([forgot.status.description, forgot.stderr],
                       ["1", "graphdiff resolve: lists.graph.json: 1 remembered resolution forgotten\ngraphdiff resolve: lists.graph.json: 1 conflict left (marked)\n"])
        text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("<<<<<<< ours\n        \"title\": \"Spelt bread\""), text)
        XCTAssertEqual(remembered(repo).count, 1)
    }

    func test_resolve_aDecision_neverAppliesToAConflictThatDiffers_andNoRememberMergesWithout() throws {
        let (repo, helper) = try conflictingMerge()
        XCTAssertEqual(repo.tool("resolve", "lists.graph.json", "--theirs").status, 0)
        repo.git("add", "lists.graph.json")
        repo.git("commit", "-q", "--no-edit")
        repo.git("reset", "-q", "--hard", "HEAD~1")
        // Theirs' t1 changes once more: that conflict differs in a value.
        repo.git("checkout", "-q", "b")
        try repo.write("lists.graph.json", helper.setting("title", of: "t2", to: "Rye bread",
                                                          in: helper.setting("title", of: "t1", to: "Rice milk", in: try helper.baseGraph())).canonicalText())
        repo.commit("b: rice")
        repo.git("checkout", "-q", "main")
        let r = repo.git("merge", "--no-edit", "b")
        XCTAssertTrue(r.stderr.contains("resolved from an earlier decision: Task \"t2\".title"), r.stderr)
        XCTAssertTrue(r.stderr.contains("CONFLICT Task \"t1\".title: changed differently: base \"Milk\", mine \"Oat milk\", theirs \"Rice milk\""), r.stderr)
        // The driver with --no-remember leaves both open.
        repo.git("merge", "--abort")
        repo.git("config", "merge.graphdiff.driver", "\(repo.graphdiff) git-merge --no-remember %O %A %B %L %P %S %X %Y")
        let plain = repo.git("merge", "--no-edit", "b")
        XCTAssertFalse(plain.stderr.contains("earlier decision"), plain.stderr)
        XCTAssertEqual(repo.tool("resolve", "lists.graph.json", "--list", "--no-remember").stdout.split(separator: "\n").count, 2)
    }

    /// Found by testing: a second resolve without remembered resolutions
    /// does not undo the first one's choice, nor a block settled by hand.
    func test_resolve_withoutRemembering_aSecondRunKeepsWhatTheFileHolds() throws {
        let (repo, _) = try conflictingMerge()
        let one = repo.tool("resolve", "lists.graph.json", "--theirs", "--object", "Task:t1", "--no-remember")
        XCTAssertEqual(one.status, 1, one.stderr)
        let two = repo.tool("resolve", "lists.graph.json", "--mine", "--no-remember")
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stderr.contains("changed since the merge wrote it"), two.stderr)
        let text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("\"title\": \"Soy milk\"") && text.contains("\"title\": \"Spelt bread\""), text)
        XCTAssertEqual(remembered(repo), [])
    }

    func test_resolve_outsideAGitMerge_forgetNeedsTheRepository_unionTakesBlocksOfArrays() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("merged.json").path
        XCTAssertEqual(graphdiff(["merge", samplePath("sync/base.json"), samplePath("sync/mine.json"), samplePath("sync/theirs.json"), "-o", file]).status, 1)
        let forget = graphdiff(["resolve", file, "--forget"])
        XCTAssertEqual(forget.status, 2)
        XCTAssertTrue(forget.stderr.contains("is not unmerged in a git merge in progress"), forget.stderr)
        // Tags changed as sets, a title by both: the tags' union, the title still marked.
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let inputs = [try write("b.json", #"{"tags": ["a", "b"], "title": "x", "n": 1}"#), try write("m.json", #"{"tags": ["a", "b", "c"], "title": "y", "n": 1}"#),
                      try write("t.json", #"{"tags": ["b", "d"], "title": "z", "n": 1}"#)]
        let marked = dir.appendingPathComponent("u.json").path
        XCTAssertEqual(graphdiff(["merge"] + inputs + ["-o", marked]).status, 1)
        let union = graphdiff(["resolve", marked, "--union"])
        XCTAssertEqual(union.status, 1)
        XCTAssertEqual(try String(contentsOfFile: marked, encoding: .utf8), """
            {
              "tags": ["b", "c", "d"],
            <<<<<<< mine
              "title": "y",
            ||||||| base
              "title": "x",
            =======
              "title": "z",
            >>>>>>> theirs
              "n": 1
            }
            """)
        XCTAssertEqual(graphdiff(["resolve", marked, "--list"]).stdout, "/title: changed differently: base \"x\", mine \"y\", theirs \"z\"\n")
        let bad = graphdiff(["resolve", file, "--mine", "--object", "Task"])
        XCTAssertEqual([bad.status.description, bad.stderr.split(separator: "\n").first.map(String.init) ?? ""],
                       ["2", "graphdiff resolve: --object takes ENTITY:ID or ENTITY:ID.PROPERTY, got 'Task'"])
    }
}
