import Foundation
import XCTest

/// The git drivers with a `.graphdiff` file, proven with the git binary.
final class GitIgnoreFileTests: XCTestCase {
    typealias Repo = GitIntegrationTests.Repo

    func sample(_ name: String) throws -> String { try String(contentsOfFile: samplePath("sync/\(name).json"), encoding: .utf8) }

    /// A repository diffing and merging `*.json` with graphdiff, `.graphdiff`
    /// holding `rules`, the sync sample's base committed on main, mine on
    /// main and theirs on a branch b.
    func repository(rules: String) throws -> Repo {
        let repo = try Repo(self)
        let install = repo.tool("git", "install", "--force", "*.json")
        XCTAssertEqual(install.status, 0, install.stderr)
        try repo.write(".graphdiff", rules)
        try repo.write("settings.json", try sample("base"))
        repo.commit("base")
        repo.git("checkout", "-q", "-b", "b")
        try repo.write("settings.json", try sample("theirs"))
        repo.commit("theirs")
        repo.git("checkout", "-q", "main")
        try repo.write("settings.json", try sample("mine"))
        repo.commit("mine")
        return repo
    }

    let rules = #"{"ignore": {"*.json": ["/metadata/lastSync", "/**/updatedAt"]}}"#

    func test_merge_ignoredConflicts_mergeCleanly_oursTimestampsKept() throws {
        let repo = try repository(rules: rules)
        let merge = repo.git("merge", "-q", "--no-edit", "b")
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        // What graphdiff merge --ignore writes for the same files: ours' timestamps, both renames.
        let expected = repo.tool("merge", "--ignore", "/metadata/lastSync", "--ignore", "/**/updatedAt",
                                 samplePath("sync/base.json"), samplePath("sync/mine.json"), samplePath("sync/theirs.json"))
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertTrue(expected.stdout.contains("\"title\": \"Rye bread\"") && expected.stdout.contains("\"lastSync\": \"2026-11-21T08:00:00Z\""))
        XCTAssertEqual(try repo.read("settings.json"), expected.stdout)
    }

    func test_diff_leavesOutIgnoredPaths() throws {
        let repo = try repository(rules: rules)
        let diff = repo.git("diff", "main~1", "main", "--", "settings.json")
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertEqual(diff.stderr, "")
        XCTAssertTrue(diff.stdout.hasSuffix("""
            --- a/settings.json
            +++ b/settings.json
            ~ /items/1/title: "Bread" → "Rye bread"

            0 added, 0 removed, 1 changed, 0 moved

            """), diff.stdout)
    }

    func test_merge_keySegmentPattern_isNamedOnStandardError() throws {
        let repo = try repository(rules: #"{"ignore": {"*.json": ["/metadata/lastSync", "/**/updatedAt", "/items/[id=1]/title"]}}"#)
        // The diff driver applies it: base to theirs (item 1 renamed, timestamps) is no entry.
        let diff = repo.git("diff", "main~1", "b", "--", "settings.json")
        XCTAssertEqual([diff.stdout, diff.stderr], ["", ""])
        let merge = repo.git("merge", "-q", "--no-edit", "b")
        XCTAssertEqual(merge.status, 0, merge.stdout + merge.stderr)
        XCTAssertEqual(merge.stderr, "graphdiff: settings.json: --ignore /items/[id=1]/title: the merge driver does not apply key segments [NAME=VALUE]; use *\n")
    }

    func test_diff_fileWithOnlyIgnoredOrFormattingChanges_printsNoEntry() throws {
        let repo = try repository(rules: rules)
        let mine = try sample("mine")
        let timestamps = mine.replacingOccurrences(of: "2026-11-21T08:00:00Z", with: "2026-11-22T08:00:00Z")
            .replacingOccurrences(of: "2026-11-21T07:59:00Z", with: "2026-11-22T07:59:00Z")
        XCTAssertNotEqual(timestamps, mine)
        try repo.write("settings.json", timestamps)
        let ignoredOnly = repo.git("diff")
        XCTAssertEqual([String(ignoredOnly.status), ignoredOnly.stdout, ignoredOnly.stderr], ["0", "", ""])
        // Reformatting alone is no difference either.
        try repo.write("settings.json", mine.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: ""))
        let reformatted = repo.git("diff")
        XCTAssertEqual([String(reformatted.status), reformatted.stdout, reformatted.stderr], ["0", "", ""])
        // A file with a real change beside it still shows, header and all.
        try repo.write("settings.json", timestamps.replacingOccurrences(of: "Rye bread", with: "Spelt bread"))
        XCTAssertEqual(repo.git("diff").stdout, """
            diff --git a/settings.json b/settings.json
            --- a/settings.json
            +++ b/settings.json
            ~ /items/1/title: "Rye bread" → "Spelt bread"

            0 added, 0 removed, 1 changed, 0 moved

            """)
    }

    func test_brokenIgnoreFile_isReported_andIgnoresNothing() throws {
        let repo = try repository(rules: "{\"ignore\": {\n  \"*.json\": \"/metadata/lastSync\"}}")
        let diff = repo.git("diff", "main~1", "main", "--", "settings.json")
        XCTAssertEqual(diff.status, 0)
        XCTAssertEqual(diff.stderr, "graphdiff: .graphdiff:2:3: \"*.json\": expected an array of JSON Pointer patterns; ignoring no path from it\n")
        XCTAssertTrue(diff.stdout.contains("~ /metadata/lastSync:"), diff.stdout)
        let merge = repo.git("merge", "--no-edit", "b")
        XCTAssertEqual(merge.status, 1, "the timestamps conflict, as without the file")
        XCTAssertTrue(merge.stdout.contains("CONFLICT") || merge.stderr.contains("CONFLICT"), merge.stdout + merge.stderr)
        XCTAssertTrue((merge.stdout + merge.stderr).contains(".graphdiff:2:3:"), merge.stdout + merge.stderr)
        XCTAssertTrue(try repo.read("settings.json").contains("\n<<<<<<< "))
    }
}
