import Foundation
import XCTest
@testable import GraphDiff
@testable import GraphDiffCLI

/// `graphdiff mergetool` as a person uses it: inside `git mergetool`, in a
/// real terminal (tmux, 80 × 24), each key sent and each screen read back.
extension GitIntegrationTests {
    /// A tmux server of its own, running one command in an 80 × 24 window.
    final class Pane {
        let socket: String
        let repo: Repo

        init(_ repo: Repo, command: String) throws {
            self.repo = repo
            socket = "graphdiff-test-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            guard repo.run("tmux", ["-V"]).status == 0 else { throw XCTSkip("tmux is not installed") }
            // The server the first client starts (a daemon) inherits what
            // Foundation watches for the client's exit: that client is not
            // waited for; the session is, through has-session.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command]
            process.environment = repo.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while repo.run("tmux", ["-L", socket, "has-session"]).status != 0 && Date() < deadline { usleep(50_000) }
        }

        deinit { _ = repo.run("tmux", ["-L", socket, "kill-server"]) }

        func send(_ keys: String...) {
            for key in keys { repo.run("tmux", ["-L", socket, "send-keys", "-t", "0", "-l", key]) }
        }

        func screen() -> String { repo.run("tmux", ["-L", socket, "capture-pane", "-p", "-t", "0"]).stdout }

        func resize(_ width: Int, _ height: Int) {
            repo.run("tmux", ["-L", socket, "resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
        }

        /// The screen once it shows `text` (waiting up to 10 s), else a failure.
        @discardableResult
        func waitFor(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
            let deadline = Date().addingTimeInterval(10)
            var shown = screen()
            while !shown.contains(text) && Date() < deadline {
                usleep(50_000)
                shown = screen()
            }
            XCTAssertTrue(shown.contains(text), "waiting for \(text):\n\(shown)", file: file, line: line)
            return shown
        }
    }

    /// `git mergetool --tool=graphdiff` in a pane, with the test's git
    /// environment and a fake editor; its exit status lands in `exit.txt`.
    func mergetoolPane(_ repo: Repo, editor: String) throws -> Pane {
        let environment = repo.environment.filter { ["HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_NOSYSTEM", "PATH"].contains($0.key) }
            .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        return try Pane(repo, command: "cd '\(repo.dir.path)' && env \(environment) TERM=xterm EDITOR='\(editor)' "
                        + "git mergetool --tool=graphdiff --no-prompt lists.graph.json; echo $? > '\(repo.dir.path)/../exit.txt'; sleep 60")
    }

    func exitStatus(_ repo: Repo) -> String? {
        let file = repo.dir.deletingLastPathComponent().appendingPathComponent("exit.txt")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), !text.isEmpty { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
            usleep(50_000)
        }
        return nil
    }

    func test_mergetool_inGitMergetool_eachKey_undo_edit_summary_write_andRememberedNextTime() throws {
        let (repo, _) = try conflictingMerge()
        let editor = repo.dir.deletingLastPathComponent().appendingPathComponent("fake-editor").path
        try "#!/bin/sh\nprintf '\"Sourdough\"\\n' > \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(editor, 0o755), 0)
        let pane = try mergetoolPane(repo, editor: editor)
        var shown = pane.waitFor("conflict 1 of 2  (0 settled)")
        XCTAssertTrue(shown.contains("Task \"t1\".title: changed differently"), shown)
        XCTAssertTrue(shown.contains("BASE                     | MINE                     | THEIRS"), shown)
        XCTAssertTrue(shown.contains("\"Milk\"                   | \"Oat milk\"               | \"Soy milk\""), shown)
        XCTAssertTrue(shown.contains("m mine t theirs b base u union e edit n/p next/prev z undo w write q quit"), shown)
        pane.send("x")
        pane.waitFor("(unknown key: ? lists the keys)")
        // Resized, it draws again without a key: the keys on two lines when narrow.
        pane.resize(60, 14)
        pane.waitFor("\nn/p next/prev z undo w write q quit")
        pane.resize(80, 24)
        pane.waitFor("m mine t theirs b base u union e edit n/p next/prev z undo w write q quit")
        // Writing needs a choice for every conflict.
        pane.send("w", "y")
        pane.waitFor("2 without a choice: n goes back to them")
        pane.send("n")
        pane.send("m")
        pane.waitFor("conflict 2 of 2  (1 settled)")
        pane.send("z")
        shown = pane.waitFor("conflict 1 of 2  (0 settled)")
        XCTAssertTrue(shown.contains("choice: (none)   (undone)"), shown)
        pane.send("t")
        shown = pane.waitFor("Task \"t2\".title: changed differently")
        pane.send("u")
        pane.waitFor("(union applies only to arrays)")
        pane.send("e")
        pane.waitFor("choice: edited \"Sourdough\"")
        pane.send("p")
        shown = pane.waitFor("conflict 1 of 2  (2 settled)")
        XCTAssertTrue(shown.contains("[THEIRS]"), shown)
        pane.send("w")
        shown = pane.waitFor("summary: 2 of 2 settled")
        XCTAssertTrue(shown.contains(" 1. Task \"t1\".title: theirs\n 2. Task \"t2\".title: edited"), shown)
        pane.send("n")
        pane.waitFor("conflict 1 of 2")
        pane.send("w", "y")
        XCTAssertEqual(exitStatus(repo), "0")
        let text = try repo.read("lists.graph.json")
        XCTAssertTrue(text.contains("\"title\": \"Soy milk\"") && text.contains("\"title\": \"Sourdough\"") && !text.contains("<<<<<<<"), text)
        XCTAssertFalse(repo.git("status", "--porcelain").stdout.contains("UU"), "git mergetool added it")
        XCTAssertEqual(repo.git("commit", "-q", "--no-edit").status, 0)

        // The same merge again: t1 from the earlier decision; t2 (edited) shown alone.
        repo.git("reset", "-q", "--hard", "HEAD~1")
        let again = repo.git("merge", "--no-edit", "b")
        XCTAssertTrue(again.stderr.contains("resolved from an earlier decision: Task \"t1\".title"), again.stderr)
        try? FileManager.default.removeItem(at: repo.dir.deletingLastPathComponent().appendingPathComponent("exit.txt"))
        let second = try mergetoolPane(repo, editor: editor)
        shown = second.waitFor("conflict 1 of 1  (0 settled)")
        XCTAssertTrue(shown.contains("Task \"t2\".title"), shown)
        second.send("m", "w", "y")
        XCTAssertEqual(exitStatus(repo), "0")
        let merged = try repo.read("lists.graph.json")
        XCTAssertTrue(merged.contains("\"title\": \"Soy milk\"") && merged.contains("\"title\": \"Spelt bread\""), merged)
    }

    func test_mergetool_quitWritesNothing_andWithoutATerminalPointsAtResolve() throws {
        let (repo, _) = try conflictingMerge()
        let before = try repo.read("lists.graph.json")
        let pane = try mergetoolPane(repo, editor: "true")
        pane.waitFor("conflict 1 of 2")
        pane.send("t", "q")
        XCTAssertEqual(exitStatus(repo), "1")
        XCTAssertEqual(try repo.read("lists.graph.json"), before)
        // No terminal (standard input not one): refused, pointing at resolve.
        let r = repo.tool("mergetool", "a.json", "b.json", "c.json", "lists.graph.json")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("graphdiff mergetool: mergetool needs a terminal (standard input and output); without one, list and settle "
                                         + "the conflicts with graphdiff resolve lists.graph.json --list"), r.stderr)
    }
}
