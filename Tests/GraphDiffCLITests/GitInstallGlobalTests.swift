import Foundation
import XCTest

/// `git install --global` writes the attributes file git itself reads:
/// core.attributesFile, else $XDG_CONFIG_HOME/git/attributes, else
/// $HOME/.config/git/attributes. Each test runs with HOME (and
/// XDG_CONFIG_HOME) in a temporary directory.
final class GitInstallGlobalTests: XCTestCase {
    var home: URL!
    var binary = ""

    override func setUpWithError() throws {
        home = try temporaryDirectory(self).appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // Named by its path: PATH below does not hold it.
        binary = try builtExecutable().resolvingSymlinksInPath().path
        guard binary.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+".contains($0) }) else {
            throw XCTSkip("the build path needs quoting: \(binary)")
        }
        guard try run("git", ["--version"]).status == 0 else { throw XCTSkip("git is not installed") }
    }

    /// The environment of every process here: no user or system configuration.
    func environment(xdg: String?) -> [String: String?] {
        ["HOME": home.path, "XDG_CONFIG_HOME": xdg, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": nil, "PATH": "/usr/bin:/bin"]
    }

    func run(_ program: String, _ arguments: [String], xdg: String? = nil, in directory: URL? = nil) throws -> RunResult {
        try RedirectedRun(arguments: arguments, environment: environment(xdg: xdg), directory: directory ?? home)
            .run(program == "graphdiff" ? nil : URL(fileURLWithPath: "/usr/bin/\(program)"))
    }

    func installed(_ attributes: String) -> String {
        """
        set global diff.graphdiff.command = \(binary) git-diff
        set global diff.graphdiff.textconv = \(binary) textconv
        set global merge.graphdiff.name = graphdiff: three-way merge of object graphs
        set global merge.graphdiff.driver = \(binary) git-merge %O %A %B %L %P %S %X %Y
        set global merge.graphdiff.recursive = graphdiff-base
        set global merge.graphdiff-base.name = graphdiff: merge of merge bases
        set global merge.graphdiff-base.driver = \(binary) git-merge --virtual-base %O %A %B %L %P %S %X %Y
        set global mergetool.graphdiff.cmd = \(binary) mergetool "$BASE" "$LOCAL" "$REMOTE" "$MERGED"
        set global mergetool.graphdiff.trustExitCode = true
        added to \(attributes): *.graph.json diff=graphdiff merge=graphdiff
        added to \(attributes): **/*.xcdatamodel/contents diff=graphdiff

        """
    }

    /// What git says the attributes of a graph file are, in a new repository.
    func attributesSeenByGit(xdg: String? = nil) throws -> String {
        let repo = home.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        XCTAssertEqual(try run("git", ["init", "-q"], xdg: xdg, in: repo).status, 0)
        return try run("git", ["check-attr", "diff", "merge", "--", "data/a.graph.json"], xdg: xdg, in: repo).stdout
    }

    let seen = "data/a.graph.json: diff: graphdiff\ndata/a.graph.json: merge: graphdiff\n"

    func test_install_global_withoutXDG_writesHomeConfigGitAttributes() throws {
        let attributes = home.appendingPathComponent(".config/git/attributes").path
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stdout, installed(attributes))
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(try String(contentsOfFile: attributes, encoding: .utf8), "*.graph.json diff=graphdiff merge=graphdiff\n**/*.xcdatamodel/contents diff=graphdiff\n")
        XCTAssertEqual(try attributesSeenByGit(), seen)

        let again = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(again.stdout, """
            unchanged: diff.graphdiff.command = \(binary) git-diff
            unchanged: diff.graphdiff.textconv = \(binary) textconv
            unchanged: merge.graphdiff.name = graphdiff: three-way merge of object graphs
            unchanged: merge.graphdiff.driver = \(binary) git-merge %O %A %B %L %P %S %X %Y
            unchanged: merge.graphdiff.recursive = graphdiff-base
            unchanged: merge.graphdiff-base.name = graphdiff: merge of merge bases
            unchanged: merge.graphdiff-base.driver = \(binary) git-merge --virtual-base %O %A %B %L %P %S %X %Y
            unchanged: mergetool.graphdiff.cmd = \(binary) mergetool "$BASE" "$LOCAL" "$REMOTE" "$MERGED"
            unchanged: mergetool.graphdiff.trustExitCode = true
            unchanged: \(attributes)

            """)
        XCTAssertEqual(again.status, 0)
    }

    func test_install_global_withXDG_writesXDGGitAttributes() throws {
        let xdg = home.appendingPathComponent("xdg").path
        let attributes = xdg + "/git/attributes"
        let r = try run("graphdiff", ["git", "install", "--global", "--force"], xdg: xdg)
        XCTAssertEqual(r.stdout, installed(attributes))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOfFile: attributes, encoding: .utf8), "*.graph.json diff=graphdiff merge=graphdiff\n**/*.xcdatamodel/contents diff=graphdiff\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent(".config/git/attributes").path))
        XCTAssertEqual(try attributesSeenByGit(xdg: xdg), seen)
    }

    func test_install_global_configuredAttributesFile_expandsTilde() throws {
        XCTAssertEqual(try run("git", ["config", "--global", "core.attributesFile", "~/my-attributes"]).status, 0)
        let attributes = home.appendingPathComponent("my-attributes").path
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stdout, installed(attributes))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try attributesSeenByGit(), seen)

        let removed = try run("graphdiff", ["git", "uninstall", "--global"])
        XCTAssertEqual(removed.stdout, """
            removed diff.graphdiff.command
            removed diff.graphdiff.textconv
            removed merge.graphdiff.name
            removed merge.graphdiff.driver
            removed merge.graphdiff.recursive
            removed merge.graphdiff-base.name
            removed merge.graphdiff-base.driver
            removed mergetool.graphdiff.cmd
            removed mergetool.graphdiff.trustExitCode
            removed from \(attributes): *.graph.json diff=graphdiff merge=graphdiff, **/*.xcdatamodel/contents diff=graphdiff

            """)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try attributesSeenByGit(), "data/a.graph.json: diff: unspecified\ndata/a.graph.json: merge: unspecified\n")
    }

    /// The global settings git reads, one `key value` a line.
    func globalSettings() throws -> String {
        try run("git", ["config", "--global", "--list"]).stdout
    }

    func test_install_global_relativeAttributesFile_refusedBeforeAnySetting() throws {
        XCTAssertEqual(try run("git", ["config", "--global", "core.attributesFile", "my-attributes"]).status, 0)
        let before = try globalSettings()
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stderr, """
            graphdiff git: core.attributesFile is a relative path (my-attributes), which git reads from each repository's \
            working directory; set it to an absolute path (or one that starts with ~/) first

            """)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(try globalSettings(), before)
    }

    func test_install_global_attributesFileSetInAnIncludedFile_isFollowed() throws {
        let included = home.appendingPathComponent("included.gitconfig")
        try "[core]\n\tattributesFile = ~/from-include\n".write(to: included, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run("git", ["config", "--global", "include.path", included.path]).status, 0)
        let attributes = home.appendingPathComponent("from-include").path
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stdout, installed(attributes))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOfFile: attributes, encoding: .utf8), "*.graph.json diff=graphdiff merge=graphdiff\n**/*.xcdatamodel/contents diff=graphdiff\n")
        XCTAssertEqual(try attributesSeenByGit(), seen)
    }

    func test_install_global_attributesFileUnwritable_refusedBeforeAnySetting() throws {
        let attributes = home.appendingPathComponent(".config/git/attributes")
        try FileManager.default.createDirectory(at: attributes, withIntermediateDirectories: true)
        let before = try globalSettings()
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stderr, "graphdiff git: \(attributes.path): is a directory\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(try globalSettings(), before)
    }

    func test_install_uninstall_global_CRLFAttributes_keepTheFilesLineEnds() throws {
        let attributes = home.appendingPathComponent(".config/git/attributes")
        try FileManager.default.createDirectory(at: attributes.deletingLastPathComponent(), withIntermediateDirectories: true)
        let original = Data("*.txt text\r\n*.bin binary".utf8)
        try original.write(to: attributes)
        let r = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertEqual(r.stdout, installed(attributes.path))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: attributes),
                       Data("*.txt text\r\n*.bin binary\r\n*.graph.json diff=graphdiff merge=graphdiff\r\n**/*.xcdatamodel/contents diff=graphdiff\r\n".utf8))
        XCTAssertEqual(try attributesSeenByGit(), seen)

        // A line written by hand, spaced otherwise, is recognised.
        try Data("*.txt text\r\n*.graph.json\tdiff=graphdiff  merge=graphdiff\r\n**/*.xcdatamodel/contents  diff=graphdiff\r\n*.bin binary\r\n".utf8).write(to: attributes)
        let again = try run("graphdiff", ["git", "install", "--global", "--force"])
        XCTAssertTrue(again.stdout.hasSuffix("unchanged: \(attributes.path)\n"), again.stdout)
        let removed = try run("graphdiff", ["git", "uninstall", "--global"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(removed.stdout.hasSuffix("removed from \(attributes.path): *.graph.json diff=graphdiff merge=graphdiff, **/*.xcdatamodel/contents diff=graphdiff\n"), removed.stdout)
        XCTAssertEqual(try Data(contentsOf: attributes), Data("*.txt text\r\n*.bin binary\r\n".utf8))
    }
}
