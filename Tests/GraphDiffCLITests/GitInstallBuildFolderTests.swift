import Foundation
import XCTest

/// `graphdiff git install` run from a build folder refuses (exit 2, nothing
/// changed) and says how to install; `--force` registers it anyway; a copy
/// outside any build folder is registered.
final class GitInstallBuildFolderTests: XCTestCase {
    typealias Repo = GitIntegrationTests.Repo

    /// The folder a build put the test's graphdiff in: `…/.build` (or the
    /// scratch folder a --scratch-path build uses).
    func buildFolder(of binary: String) throws -> String {
        let components = binary.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = components.firstIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") }) else {
            throw XCTSkip("graphdiff was built outside a .build folder: \(binary)")
        }
        return components[...index].joined(separator: "/")
    }

    func test_install_fromTheBuildFolder_isRefused_changesNothing_saysHowToInstall() throws {
        let repo = try Repo(self)
        let binary = URL(fileURLWithPath: repo.graphdiff).resolvingSymlinksInPath().path
        let folder = try buildFolder(of: binary)
        for arguments in [["git", "install"], ["git", "install", "--global"], ["git", "install", "*.json"]] {
            let r = repo.run(repo.graphdiff, arguments)
            XCTAssertEqual(r.stderr, """
                graphdiff git: refusing to register \(binary): it is inside the build folder \(folder), which the next build \
                or 'swift package clean' replaces, and git would run it on every diff and merge
                Install graphdiff first ('make install', or 'make install PREFIX=$HOME/.local' without root) and run the \
                installed 'graphdiff git install'; --force registers this binary anyway.

                """, "\(arguments)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
            XCTAssertEqual(r.status, 2, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.dir.appendingPathComponent(".gitattributes").path))
        XCTAssertEqual(repo.git("config", "--get-regexp", "graphdiff").stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.home.appendingPathComponent(".config/git/attributes").path))

        // A symbolic link outside the folder is the same binary.
        let link = repo.home.appendingPathComponent("graphdiff")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: binary)
        XCTAssertEqual(repo.run(link.path, ["git", "install"]).status, 2)

        // uninstall registers nothing: it is not refused.
        XCTAssertEqual(repo.run(repo.graphdiff, ["git", "uninstall"]).status, 0)
    }

    func test_install_force_fromTheBuildFolder_registersIt() throws {
        let repo = try Repo(self)
        let r = repo.run(repo.graphdiff, ["git", "install", "--force"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(repo.git("config", "--get", "diff.graphdiff.command").stdout, "\(repo.graphdiff) git-diff\n")
    }

    func test_install_ofACopyOutsideTheBuildFolder_registersTheCopy() throws {
        let repo = try Repo(self)
        let copy = repo.home.appendingPathComponent("bin/graphdiff")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repo.graphdiff, toPath: copy.path)
        let r = repo.run(copy.path, ["git", "install"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(repo.git("config", "--get", "diff.graphdiff.command").stdout, "\(copy.path) git-diff\n")
        XCTAssertEqual(try repo.read(".gitattributes"), "*.graph.json diff=graphdiff merge=graphdiff\n**/*.xcdatamodel/contents diff=graphdiff\n")
    }
}
