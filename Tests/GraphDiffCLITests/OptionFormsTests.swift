import Foundation
import XCTest
@testable import GraphDiffCLI

/// The getopt forms of options, bare `--color`, `merge -q`, and the option
/// combinations that would be silently ignored (usage errors naming both).
final class OptionFormsTests: XCTestCase {
    let v1 = samplePath("people/v1.graph.json"), v2 = samplePath("people/v2.graph.json")
    let base = samplePath("tasks/base.graph.json"), mine = samplePath("tasks/mine.graph.json"), theirs = samplePath("tasks/theirs.graph.json")

    /// Parses `arguments` with diff's options: flags, values, operands.
    func parsed(_ arguments: [String], spec: CommandSpec = .diff) throws -> String {
        let args = try ParsedArguments(arguments, spec: spec)
        let values = args.values.keys.sorted().map { "\($0)=\(args.values[$0] ?? [])" }
        return (args.flags.sorted() + values + ["operands=\(args.operands)"]).joined(separator: " ")
    }

    func test_parser_takesEveryGetoptForm() throws {
        let table: [([String], String)] = [
            (["-fjson", "a", "b"], #"--format=["json"] operands=["a", "b"]"#),
            (["-f", "json", "a", "b"], #"--format=["json"] operands=["a", "b"]"#),
            (["--format", "json", "a", "b"], #"--format=["json"] operands=["a", "b"]"#),
            (["--format=json", "a", "b"], #"--format=["json"] operands=["a", "b"]"#),
            (["--format=", "a", "b"], #"--format=[""] operands=["a", "b"]"#),
            (["-qfjson", "a"], #"--quiet --format=["json"] operands=["a"]"#),
            (["-qf", "json", "a"], #"--quiet --format=["json"] operands=["a"]"#),
            (["-oout.json", "-f=x"], #"--format=["=x"] --output=["out.json"] operands=[]"#),
            (["-o", "-", "-"], #"--output=["-"] operands=["-"]"#),
            (["--", "-fjson"], #"operands=["-fjson"]"#),
            (["--color", "a", "b"], #"--color=["always"] operands=["a", "b"]"#),
            (["--color=never", "a", "b"], #"--color=["never"] operands=["a", "b"]"#),
            (["--color", "never", "b"], #"--color=["always"] operands=["never", "b"]"#),
        ]
        for (arguments, expected) in table {
            XCTAssertEqual(try parsed(arguments), expected, "\(arguments)")
        }
        XCTAssertEqual(try parsed(["-iRfjson-patch", "t", "p"], spec: .patch), #"--in-place --reverse --format=["json-patch"] operands=["t", "p"]"#)
    }

    func test_parser_refusesUnknownShortLetters_andMissingValues() {
        let table: [([String], String)] = [
            (["-z"], "unknown option '-z'"),
            (["-qz"], "unknown option '-z' in '-qz'"),
            (["-qf"], "option '-f' needs a value"),
            (["--stat=yes"], "option '--stat' takes no value"),
        ]
        for (arguments, message) in table {
            XCTAssertThrowsError(try ParsedArguments(arguments, spec: .diff), "\(arguments)") { error in
                XCTAssertEqual((error as? CommandFailure)?.message, message)
            }
        }
    }

    func test_diff_everyFormatSpelling_givesTheSameBytes() {
        let reference = graphdiff(["diff", "--format", "json", v1, v2])
        XCTAssertEqual(reference.status, 1)
        XCTAssertTrue(reference.stdout.hasPrefix("{\n  \"changes\": ["), reference.stdout)
        for spelling in [["-fjson"], ["-f", "json"], ["--format=json"]] {
            let r = graphdiff(["diff"] + spelling + [v1, v2])
            XCTAssertEqual(r.status, 1, "\(spelling)")
            XCTAssertEqual(r.stdout, reference.stdout, "\(spelling)")
        }
    }

    func test_diff_bareColor_isAlways_andTheNextWordIsAFile() throws {
        let dir = try temporaryDirectory(self)
        try #"{"a": 1}"#.write(to: dir.appendingPathComponent("never"), atomically: true, encoding: .utf8)
        try #"{"a": 2}"#.write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let coloured = "\u{1B}[33m~ /a:\u{1B}[0m \u{1B}[31m1\u{1B}[0m → \u{1B}[32m2\u{1B}[0m\n\n0 added, 0 removed, 1 changed, 0 moved\n"
        // 'never' is the file OLD, and --color alone colours.
        let bare = try runBinary(["diff", "--color", "never", "new.json"], in: dir)
        XCTAssertEqual(bare.status, 1, bare.stderr)
        XCTAssertEqual(bare.stdout, coloured)
        XCTAssertEqual(try runBinary(["diff", "--color=always", "never", "new.json"], in: dir).stdout, coloured)
        XCTAssertEqual(try runBinary(["diff", "--color=never", "never", "new.json"], in: dir).stdout,
                       "~ /a: 1 → 2\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        // --color=always colours a file given with -o too; auto does not.
        let out = dir.appendingPathComponent("out.txt").path
        XCTAssertEqual(try runBinary(["diff", "--color", "-o", out, "never", "new.json"], in: dir).status, 1)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), coloured)
        // The old spelling with a space now reads the word as a file, and says so.
        let spaced = graphdiff(["diff", "--color", "never", v1, v2])
        XCTAssertEqual(spaced.status, 2)
        XCTAssertEqual(spaced.stderr, """
            graphdiff diff: too many files; diff compares two ('never' after --color is a file; write --color=never)
            Usage: \(DiffCommand.usage)
            See 'graphdiff help diff'.

            """)
    }

    func test_gitDiff_colorValue_inTheNextArgument_orAfterEquals() throws {
        let dir = try temporaryDirectory(self)
        let old = dir.appendingPathComponent("old").path, new = dir.appendingPathComponent("new").path
        try #"{"a": 1}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"a": 2}"#.write(toFile: new, atomically: true, encoding: .utf8)
        func run(_ color: [String]) -> RunResult {
            graphdiff(["git-diff"] + color + ["x.json", old, "1111111", "100644", new, "2222222", "100644"])
        }
        let header = "diff --git a/x.json b/x.json\n--- a/x.json\n+++ b/x.json\n"
        XCTAssertEqual(run(["--color", "always"]).stdout, header + "\u{1B}[33m~ /a:\u{1B}[0m \u{1B}[31m1\u{1B}[0m → \u{1B}[32m2\u{1B}[0m\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        XCTAssertEqual(run(["--color=always"]).stdout, run(["--color", "always"]).stdout)
        XCTAssertEqual(run(["--color=never"]).stdout, header + "~ /a: 1 → 2\n\n0 added, 0 removed, 1 changed, 0 moved\n")
        XCTAssertEqual(run(["--color=never"]).status, 0)
        // A bare --color means always; git's arguments stay git's.
        XCTAssertEqual(run(["--color"]).stdout, run(["--color", "always"]).stdout)
        XCTAssertEqual(run(["--color", "--exit-code"]).stdout, run(["--color", "always"]).stdout)
        XCTAssertEqual(run(["--color", "--exit-code"]).status, 1)
        // An unmerged path named "never" after a bare --color is git's one argument.
        XCTAssertEqual(graphdiff(["git-diff", "--color", "never"]).stdout, graphdiff(["git-diff", "--color=always", "never"]).stdout)
        XCTAssertEqual(graphdiff(["git-diff", "--color", "never"]).status, 0)
        // Any other value is a usage error naming it.
        let bogus = run(["--color=alwasy"])
        XCTAssertEqual(bogus.status, 2)
        XCTAssertEqual(bogus.stdout, "")
        XCTAssertEqual(bogus.stderr, """
            graphdiff git-diff: option '--color' must be one of auto, always, never; got 'alwasy'
            Usage: \(GitDiffCommand.usage)
            See 'graphdiff help git-diff'.

            """)
        let word = run(["--color", "bogus"])
        XCTAssertEqual(word.status, 2)
        XCTAssertEqual(word.stdout, "")
        XCTAssertEqual(word.stderr, """
            graphdiff git-diff: git passes 1, 7 or 9 arguments; got 8 ('bogus' after a bare --color, which means always, is taken as git's; --color's value is one of auto, always, never)
            Usage: \(GitDiffCommand.usage)
            See 'graphdiff help git-diff'.

            """)
    }

    func test_merge_quiet_writesNothingButTheStatus_andStillWritesOutput() throws {
        let dir = try temporaryDirectory(self)
        let schema = samplePath("tasks/tasks.schema.json")
        let text = try String(contentsOfFile: base, encoding: .utf8).replacingOccurrences(of: "\"tasks.schema.json\"", with: "\"\(schema)\"")
        let b = dir.appendingPathComponent("b.json").path, m = dir.appendingPathComponent("m.json").path, t = dir.appendingPathComponent("t.json").path
        try text.write(toFile: b, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"Oat milk\"").write(toFile: m, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"Soy milk\"").write(toFile: t, atomically: true, encoding: .utf8)
        let loud = graphdiff(["merge", b, m, t])
        XCTAssertEqual(loud.status, 1)
        for quiet in [["-q"], ["--quiet"]] {
            let r = graphdiff(["merge"] + quiet + [b, m, t])
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "")
        }
        let out = dir.appendingPathComponent("out.json").path
        let r = graphdiff(["merge", "-q", "-o", out, b, m, t])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout + r.stderr, "")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), loud.stdout)
        let clean = graphdiff(["merge", "-q", base, mine, theirs])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout + clean.stderr, "")
    }

    /// Runs `arguments` and checks it is the usage error `message` (exit 2).
    func assertUsageError(_ arguments: [String], _ message: String, _ command: Subcommand.Type,
                          file: StaticString = #filePath, line: UInt = #line) {
        let r = graphdiff([command.name] + arguments)
        XCTAssertEqual(r.status, 2, "\(arguments)", file: file, line: line)
        XCTAssertEqual(r.stdout, "", "\(arguments)", file: file, line: line)
        XCTAssertEqual(r.stderr, "graphdiff \(command.name): \(message)\nUsage: \(command.usage)\nSee 'graphdiff help \(command.name)'.\n",
                       "\(arguments)", file: file, line: line)
    }

    func test_diff_optionsThatWouldBeIgnored_areUsageErrors() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        try #"{"n": 1.0, "list": [{"id": 1}]}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"n": 1, "list": [{"id": 2}]}"#.write(toFile: b, atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["--include", "Person.pets", v1, v2], "--include needs --root: it names a relationship to follow from the root"),
            (["--exclude", "Person.pets", v1, v2], "--exclude needs --root: it names a relationship to follow from the root"),
            (["-q", "-o", "x.json", v1, v2], "--quiet cannot be used with --output: --quiet writes nothing"),
            (["-q", "--stat", v1, v2], "--quiet cannot be used with --stat: --quiet writes nothing"),
            (["-qfjson", v1, v2], "--quiet cannot be used with --format json: --quiet writes nothing"),
            (["--stat", "-f", "json", v1, v2], "--stat cannot be used with --format json: --stat prints the human summary"),
            (["--stat", "-fjson-patch", v1, v2], "--stat cannot be used with --format json-patch: --stat prints the human summary"),
            (["--stat", "--format=merge-patch", v1, v2], "--stat cannot be used with --format merge-patch: --stat prints the human summary"),
            (["--stat", "-ftree", v1, v2], "--stat cannot be used with --format tree: --stat prints the human summary"),
            (["--color", "-ftree", v1, v2], "--color=always cannot be used with --format tree: only the human report has colour"),
            (["--color=always", "--stat", v1, v2], "--color=always cannot be used with --stat: the summary has no colour"),
            (["--color", "--quiet", v1, v2], "--color=always cannot be used with --quiet: --quiet writes nothing"),
            (["--root", "Person:p1", "-fjson-patch", v1, v2], "--root cannot be used with --format json-patch: a json-patch is made of the whole documents"),
            (["--numbers", "value", "-fjson-patch", a, b],
             "--numbers value cannot be used with --format json-patch: a json-patch compares numbers by text, so that it gives NEW's spelling"),
            (["--numbers", "text", "-fmerge-patch", a, b],
             "--numbers text cannot be used with --format merge-patch: a merge patch of plain JSON compares numbers by value"),
            (["--array-key", "id", "-fmerge-patch", a, b], "--array-key cannot be used with --format merge-patch: a merge patch replaces arrays whole"),
            (["--array-key", "id", v1, v2], "--array-key is for plain JSON; these inputs are graphs (a schema applies)"),
            (["--numbers", "text", v1, v2], "--numbers is for plain JSON; these inputs are graphs (a schema applies)"),
            (["--numbers=text", "--schema", samplePath("people/people.schema.json"), v1, v2],
             "--numbers is for plain JSON; these inputs are graphs (a schema applies)"),
        ] {
            assertUsageError(arguments, message, DiffCommand.self)
        }
        // What still works: --color=never anywhere, --stat with human, -q alone.
        XCTAssertEqual(graphdiff(["diff", "--color=never", "-fjson", v1, v2]).status, 1)
        XCTAssertEqual(graphdiff(["diff", "--stat", "-fhuman", v1, v2]).status, 1)
        XCTAssertEqual(graphdiff(["diff", "--numbers", "text", "-fjson-patch", a, b]).status, 1)
    }

    func test_merge_andPatch_optionsThatWouldBeIgnored_areUsageErrors() {
        for (arguments, message) in [
            (["--prefer", "mine", "--marker-size", "9", base, mine, theirs], "--marker-size cannot be used with --prefer mine: --prefer leaves no conflict markers"),
            (["--prefer=theirs", "--label-mine", "HEAD", base, mine, theirs], "--label-mine cannot be used with --prefer theirs: --prefer leaves no conflict markers"),
            (["--prefer", "mine", "--conflicts", "report", base, mine, theirs], "--prefer mine cannot be used with --conflicts report: --prefer leaves no conflict to write"),
            (["--conflicts", "report", "--label-base", "B", base, mine, theirs], "--label-base cannot be used with --conflicts report: a report writes no conflict markers"),
            (["--array-key", "id", base, mine, theirs], "--array-key is for plain JSON; these inputs are graphs (a schema applies)"),
        ] {
            assertUsageError(arguments, message, MergeCommand.self)
        }
        for (arguments, message) in [
            (["--check", "-o", "out.json", v1, "p.json"], "--check cannot be used with --output: --check writes nothing"),
            (["--check", "-i", v1, "p.json"], "--check cannot be used with --in-place: --check writes nothing"),
        ] {
            assertUsageError(arguments, message, PatchCommand.self)
        }
    }
}
