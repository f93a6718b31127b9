import Foundation
import XCTest
@testable import GraphDiffCLI

/// Help about help, and the benchmark's usage instead of a whole run.
final class HelpCommandTests: XCTestCase {
    let helpOfHelp = """
        graphdiff help: show help for graphdiff or for one of its commands.

        Usage: graphdiff help [COMMAND]

        Without COMMAND, lists the commands. 'graphdiff help COMMAND' prints
        the same text as 'graphdiff COMMAND --help'.

        Arguments:
          COMMAND         A command: diff, patch, merge, resolve, mergetool,
                          validate, fmt, textconv, log, blame, schema,
                          migrate, git, git-diff, git-merge, completion or
                          help.

        Options:
          -h, --help      Show this help.

        Exit status: 0 shown, 2 trouble (no such command).

        """

    func test_helpHelp_helpDashDashHelp_helpDashH_printTheHelpCommandsHelp() {
        for arguments in [["help", "help"], ["help", "--help"], ["help", "-h"]] {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.stdout, helpOfHelp, "\(arguments)")
            XCTAssertEqual(r.stderr, "", "\(arguments)")
            XCTAssertEqual(r.status, 0, "\(arguments)")
        }
    }

    func test_helpOfAnUnknownCommand_staysAnError() {
        let r = graphdiff(["help", "--nope"])
        XCTAssertEqual(r.stderr, "graphdiff: no such command '--nope'\nSee 'graphdiff --help'.\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
    }

    func test_helpWithTwoCommands_isAUsageError() {
        let r = graphdiff(["help", "diff", "extra"])
        XCTAssertEqual(r.stderr, "graphdiff help: one command at most, got 'extra' too\nUsage: graphdiff help [COMMAND]\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 2)
    }

    // MARK: - The benchmark

    let benchmarkUsage = """
        Usage: GraphDiffBenchmarks [--long-chain] [SIZES...]
               GraphDiffBenchmarks generate OBJECTS DIR
               GraphDiffBenchmarks orders [MEMBERS]
               GraphDiffBenchmarks history OBJECTS COMMITS | git fast-import
               GraphDiffBenchmarks coder [TASKS]
               GraphDiffBenchmarks -h | --help

        Times parsing, loading, checking, diffing, patching, merging and
        writing generated graphs of SIZES objects (default: 10000 100000;
        1_000_000 reads as 1000000), then the diff of one long chain and of
        a 100,000-element array; prints a table and one 'BENCH stage=...
        objects=... bytes=... seconds=... mbps=...' line per case. Run it in
        release mode: swift run -c release GraphDiffBenchmarks.

        generate writes DIR/bench.schema.json, DIR/a.graph.json (the base),
        DIR/b.graph.json (mine) and DIR/c.graph.json (theirs): b and c are two
        independent edits of a, each to about 1% of the objects, so
        'graphdiff merge a.graph.json b.graph.json c.graph.json' merges them.
        It lists the files it wrote, saying which is which.

        orders times the diff and the merge of one owner's ordered
        relationship of MEMBERS members (default 1000000) in each storage
        (chain, array, index dense and with gaps), each side making 1,000
        random moves.

        history writes, for 'git fast-import', a branch main of COMMITS
        commits of data.graph.json (a generated graph of OBJECTS objects, each
        commit editing 5 of them) and bench.schema.json; Samples/bench/history.sh
        times 'graphdiff blame' and 'graphdiff log' on it.

        coder times GraphCoder on an app's Codable model of TASKS tasks
        (default 100000) in lists of 100 kept as chains, and a version with
        1% of them edited: encoding both as graphs, the diff, the merge with
        the untouched base, reading the merged values back; then 1,000
        inserts through the editing API in one batch.

        Options:
          --long-chain    The chain case with 1,000,000 members (default 100,000).
          -h, --help      Show this help.

        Exit status: 0 done, 2 usage error or a file that cannot be written.

        """

    func benchmark() throws -> URL {
        let url = try builtExecutable().deletingLastPathComponent().appendingPathComponent("GraphDiffBenchmarks")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw XCTSkip("GraphDiffBenchmarks was not found beside graphdiff; build it with swift build")
        }
        return url
    }

    func test_benchmark_help_printsUsage_runsNothing() throws {
        for flag in ["--help", "-h"] {
            let r = try RedirectedRun(arguments: [flag]).run(benchmark())
            XCTAssertEqual(r.stdout, benchmarkUsage, flag)
            XCTAssertEqual(r.stderr, "", flag)
            XCTAssertEqual(r.status, 0, flag)
        }
    }

    func test_benchmark_unknownArgument_isAUsageError_runsNothing() throws {
        let r = try RedirectedRun(arguments: ["--bogus"]).run(benchmark())
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "GraphDiffBenchmarks: unknown option '--bogus'\n\n" + benchmarkUsage)
        XCTAssertEqual(r.status, 2)
        let size = try RedirectedRun(arguments: ["ten"]).run(benchmark())
        XCTAssertEqual(size.stderr, "GraphDiffBenchmarks: a size is a positive number of objects, got 'ten'\n\n" + benchmarkUsage)
        XCTAssertEqual(size.status, 2)
    }

    func test_benchmark_help_toAFullDevice_exits2_withAMessage() throws {
        let r = try RedirectedRun(arguments: ["--help"], stdoutFile: try deviceFull()).run(benchmark())
        XCTAssertEqual(r.stderr, "GraphDiffBenchmarks: standard output: No space left on device\n")
        XCTAssertEqual(r.status, 2)
    }

    func test_benchmark_generate_intoAFile_exits2_withAMessage() throws {
        let root = try temporaryDirectory(self)
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let r = try RedirectedRun(arguments: ["generate", "10", file.path]).run(benchmark())
        XCTAssertEqual(r.stderr, "GraphDiffBenchmarks: \(file.path): not a directory\n")
        XCTAssertEqual(r.status, 2)
    }

    func test_benchmark_generate_unwritableFile_exits2_leavesNoPartialFile() throws {
        let root = try temporaryDirectory(self)
        // a.graph.json cannot be created: a directory is in its place.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a.graph.json"), withIntermediateDirectories: true)
        let r = try RedirectedRun(arguments: ["generate", "10", root.path]).run(benchmark())
        XCTAssertEqual(r.stderr, "GraphDiffBenchmarks: \(root.path)/a.graph.json: Is a directory\n")
        XCTAssertEqual(r.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("b.graph.json").path))

        let dir = root.appendingPathComponent("new/dir").path
        let ok = try RedirectedRun(arguments: ["generate", "10", dir]).run(benchmark())
        XCTAssertEqual(ok.stderr, "")
        XCTAssertEqual(ok.stdout, """
            \(dir)/bench.schema.json: the schema
            \(dir)/a.graph.json: base
            \(dir)/b.graph.json: mine, an edit of a (about 1% of the objects)
            \(dir)/c.graph.json: theirs, another edit of a, apart from b

            """)
        XCTAssertEqual(ok.status, 0)
        for name in ["bench.schema.json", "a.graph.json", "b.graph.json", "c.graph.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("new/dir/\(name)").path), name)
        }
    }
}
