import XCTest
@testable import GraphDiffCLI

final class RootCommandTests: XCTestCase {
    func test_help_helpFlagAndHelpCommandAgree() {
        let a = graphdiff(["--help"]), b = graphdiff(["-h"]), c = graphdiff(["help"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.stdout, Help.root)
        XCTAssertEqual(b.stdout, a.stdout)
        XCTAssertEqual(c.stdout, a.stdout)
        for command in ["diff", "patch", "merge", "validate", "fmt", "migrate"] {
            let x = graphdiff(["help", command]), y = graphdiff([command, "--help"]), z = graphdiff([command, "-h"])
            XCTAssertEqual(x.status, 0)
            XCTAssertTrue(x.stdout.hasPrefix("graphdiff \(command): "), x.stdout)
            XCTAssertEqual(y.stdout, x.stdout)
            XCTAssertEqual(z.stdout, x.stdout)
        }
    }

    func test_version() {
        XCTAssertEqual(graphdiff(["--version"]).stdout, "graphdiff \(GraphDiffTool.version)\n")
    }

    func test_usageErrors_exit2WithAHint() {
        let none = graphdiff([])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, Help.root)
        let unknown = graphdiff(["frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "graphdiff: no such command 'frobnicate'\nSee 'graphdiff --help'.\n")
        let option = graphdiff(["validate", "--bogus", "x.json"])
        XCTAssertEqual(option.status, 2)
        XCTAssertEqual(option.stderr, """
            graphdiff validate: unknown option '--bogus'
            Usage: \(ValidateCommand.usage)
            See 'graphdiff help validate'.

            """)
        let missing = graphdiff(["validate"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("graphdiff validate: no file given\nUsage: "), missing.stderr)
        let noValue = graphdiff(["fmt", "x.json", "--schema"])
        XCTAssertEqual(noValue.status, 2)
        XCTAssertTrue(noValue.stderr.hasPrefix("graphdiff fmt: option '--schema' needs a value\n"), noValue.stderr)
        XCTAssertEqual(graphdiff(["help", "nope"]).status, 2)
    }

    func test_manPage_listsTheSameOptionsAsHelp() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("man/graphdiff.1"), encoding: .utf8)
        for help in [Help.diff, Help.patch, Help.merge, Help.resolve, Help.mergetool, Help.validate, Help.fmt, Help.git, Help.gitDiff, Help.gitMerge, Help.completion] {
            let options = help.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("--") || trimmed.hasPrefix("-") else { return nil }
                return trimmed.split(separator: " ").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            }
            for option in options where option != "-h" {
                XCTAssertTrue(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man page lacks \(option)")
            }
        }
    }
}
