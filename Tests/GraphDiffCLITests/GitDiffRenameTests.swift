import Foundation
import XCTest
import GraphDiff
@testable import GraphDiffCLI

/// `git-diff` on a rename or copy: with the content unchanged (similarity
/// index 100%) git prints its header and metainfo only, and so does the
/// driver; with the content changed, the report follows as usual.
final class GitDiffRenameTests: XCTestCase {
    let metainfo = "similarity index 100%\nrename from old.graph.json\nrename to new.graph.json\n"
    let header = "diff --git a/old.graph.json b/new.graph.json\nsimilarity index 100%\nrename from old.graph.json\nrename to new.graph.json\n"

    /// Writes `old` and `new` beside the tasks schema; returns their paths.
    func sides(_ old: [UInt8], _ new: [UInt8]) throws -> (old: String, new: String) {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        try Data(old).write(to: dir.appendingPathComponent("old.graph.json"))
        try Data(new).write(to: dir.appendingPathComponent("new.graph.json"))
        return (dir.appendingPathComponent("old.graph.json").path, dir.appendingPathComponent("new.graph.json").path)
    }

    func nineArguments(_ paths: (old: String, new: String), oldHex: String, newHex: String, metainfo: String) -> [String] {
        ["git-diff", "--color", "never", "old.graph.json", paths.old, oldHex, "100644", paths.new, newHex, "100644", "new.graph.json", metainfo]
    }

    func test_gitDiff_pureRenameOfAGraph_printsGitsHeaderOnly() throws {
        let graph = Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json"))))
        let paths = try sides(graph, graph)
        let r = graphdiff(nineArguments(paths, oldHex: "94954ab", newHex: "94954ab", metainfo: metainfo))
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, header)
        XCTAssertEqual(r.stderr, "")
    }

    func test_gitDiff_pureRenameOfTextAndOfPlainJSON_printsGitsHeaderOnly() throws {
        for content in ["first line\r\nno newline at the end", #"{"a": [1, 2]}"#] {
            let paths = try sides(Array(content.utf8), Array(content.utf8))
            let r = graphdiff(nineArguments(paths, oldHex: "8b14c4f", newHex: "8b14c4f", metainfo: metainfo))
            XCTAssertEqual(r.status, 0)
            XCTAssertEqual(r.stdout, header, content)
        }
    }

    func test_gitDiff_renameWithChanges_printsTheLineDiffUnderTheHeader() throws {
        let info = "similarity index 89%\nrename from old.graph.json\nrename to new.graph.json\nindex 8b14c4f..3a1c09e 100644\n"
        let paths = try sides(Array("hello\nworld\nmore\n".utf8), Array("hello\nworld\nmore\nx\n".utf8))
        let r = graphdiff(nineArguments(paths, oldHex: "8b14c4f", newHex: "3a1c09e", metainfo: info))
        XCTAssertEqual(r.stdout, """
            diff --git a/old.graph.json b/new.graph.json
            \(info)--- a/old.graph.json
            +++ b/new.graph.json
            @@ -1,3 +1,4 @@
             hello
             world
             more
            +x

            """)
    }

    func test_gitDiff_lineFallback_writesTheFilesBytes() throws {
        // Latin-1 and CRLF, as in the file: no U+FFFD, no lost \r.
        let old: [UInt8] = Array("caf".utf8) + [0xE9, 0x0D, 0x0A] + Array("x".utf8)
        let new: [UInt8] = Array("caf".utf8) + [0xE9, 0x0D, 0x0A] + Array("y".utf8)
        let paths = try sides(old, new)
        let capture = CommandIO.Capture()
        let status = GraphDiffTool.run(["git-diff", "--color", "never", "notes.txt", paths.old, "1111111", "100644", paths.new, "2222222", "100644"],
                                       io: .capturing(capture))
        XCTAssertEqual(status.code, 0)
        XCTAssertEqual(capture.stdout, Array("diff --git a/notes.txt b/notes.txt\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n caf".utf8)
                       + [0xE9, 0x0D, 0x0A] + Array("-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n".utf8))
    }

    func test_gitDiffM_withTheDriver_printsWhatGitPrintsForAPureRename() throws {
        let repo = try GitIntegrationTests.Repo(self)
        try repo.write("tasks.schema.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        try repo.write("lists.graph.json", Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json")))))
        try repo.write("notes.txt", "first\r\nsecond")
        let install = repo.tool("git", "install", "--force", "*.graph.json", "*.txt")
        XCTAssertEqual(install.status, 0, install.stderr)
        repo.commit("base")
        repo.git("mv", "lists.graph.json", "moved.graph.json")
        repo.git("mv", "notes.txt", "moved.txt")
        repo.commit("rename")
        let withDriver = repo.git("diff", "-M", "HEAD~1", "HEAD")
        let withoutDriver = repo.git("diff", "--no-ext-diff", "-M", "HEAD~1", "HEAD")
        XCTAssertEqual(withDriver.status, 0, withDriver.stderr)
        XCTAssertEqual(withDriver.stdout, withoutDriver.stdout)
        XCTAssertEqual(withDriver.stdout, """
            diff --git a/lists.graph.json b/moved.graph.json
            similarity index 100%
            rename from lists.graph.json
            rename to moved.graph.json
            diff --git a/notes.txt b/moved.txt
            similarity index 100%
            rename from notes.txt
            rename to moved.txt

            """)
    }
}
