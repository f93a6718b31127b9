import XCTest
@testable import GraphDiffCLI

/// A graph on standard input finds its relative `$schema`: from
/// `--stdin-path`, else beside another input that writes the same
/// `$schema` (issue 25, finding 5).
final class StdinPathTests: XCTestCase {
    let (v1, v2) = (samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json"))

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func test_stdinGraph_findsItsSchemaBesideTheOtherInput() throws {
        let piped = graphdiff(["diff", "-", v2], stdin: try text(v1))
        let files = graphdiff(["diff", v1, v2])
        XCTAssertEqual(piped.status, 1, piped.stderr)
        XCTAssertEqual(piped.stderr, "")
        // The same report; only the old file's name differs.
        XCTAssertEqual(piped.stdout, files.stdout.replacingOccurrences(of: v1, with: "-"))
        XCTAssertTrue(piped.stdout.contains(#"~ Person "p1""#), piped.stdout)
        // Either side, and in merge and validate too.
        XCTAssertEqual(graphdiff(["diff", v1, "-"], stdin: try text(v2)).stdout, files.stdout.replacingOccurrences(of: v2, with: "-"))
        let merge = graphdiff(["merge", v1, "-", v1], stdin: try text(v2))
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(merge.stdout, graphdiff(["merge", v1, v2, v1]).stdout)
        XCTAssertEqual(graphdiff(["validate", v1, "-"], stdin: try text(v2)).stdout,
                       "\(v1): valid graph of schema \"People\" (6 objects)\n-: valid graph of schema \"People\" (7 objects)\n")
    }

    func test_stdinGraph_withoutAnotherInputNamingItsSchema_readsItFromTheCurrentFolder() throws {
        let alone = graphdiff(["validate", "-"], stdin: try text(v1))
        XCTAssertEqual(alone.status, 2)
        XCTAssertEqual(alone.stderr, "graphdiff validate: -: schema people.schema.json: No such file or directory\n")
        // Another input writing another `$schema` is no guide either.
        let other = graphdiff(["diff", "-", samplePath("tasks/base.graph.json")], stdin: try text(v1))
        XCTAssertEqual(other.status, 2)
        XCTAssertEqual(other.stderr, "graphdiff diff: -: schema people.schema.json: No such file or directory\n")
    }

    func test_stdinPath_saysWhereStandardInputLives() throws {
        let valid = graphdiff(["validate", "--stdin-path", v1, "-"], stdin: try text(v1))
        XCTAssertEqual(valid.stdout, "-: valid graph of schema \"People\" (6 objects)\n", valid.stderr)
        // A folder (trailing slash) holds it.
        XCTAssertEqual(graphdiff(["validate", "--stdin-path", samplePath("people") + "/", "-"], stdin: try text(v1)).status, 0)
        // Only its folder counts: the file need not exist.
        let elsewhere = samplePath("people/not-there.graph.json")
        XCTAssertEqual(graphdiff(["fmt", "--stdin-path", elsewhere, "--check", "-"], stdin: try text(v1)).status, 0)
        // It wins over the folder of another input.
        let tasks = samplePath("tasks/base.graph.json")
        XCTAssertEqual(graphdiff(["diff", "--stdin-path", elsewhere, "-", tasks], stdin: try text(v1)).stderr,
                       "graphdiff diff: - and \(tasks) are graphs of different schemas (\"People\" and \"Tasks\")\n")
        // A result written elsewhere gets `$schema` rewritten from there.
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("out.graph.json").path
        let fmt = graphdiff(["fmt", "--stdin-path", elsewhere, "-", "-o", out], stdin: try text(v1))
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertEqual(graphdiff(["validate", out]).stdout, "\(out): valid graph of schema \"People\" (6 objects)\n")
        let migrated = graphdiff(["migrate", "--stdin-path", v1, "-", "--to", samplePath("people/people.schema.json")], stdin: try text(v1))
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        let patch = dir.appendingPathComponent("v1-v2.json").path
        try graphdiff(["diff", "-f", "json", v1, v2]).stdout.write(toFile: patch, atomically: true, encoding: .utf8)
        let patched = graphdiff(["patch", "--stdin-path", v1, "-", patch], stdin: try text(v1))
        XCTAssertEqual(patched.status, 0, patched.stderr)
        XCTAssertEqual(patched.stdout, graphdiff(["patch", v1, patch]).stdout)
    }

    func test_stdinPath_misused_isAUsageError() throws {
        let schema = samplePath("people/people.schema.json")
        let cases: [([String], String)] = [
            (["validate", "--stdin-path", v1, v1], "--stdin-path needs an input read from standard input (-)"),
            (["diff", "--stdin-path", v1, v1, v2], "--stdin-path needs an input read from standard input (-)"),
            (["diff", "--stdin-path", v1, "--schema", schema, "-", v2], "--stdin-path cannot be used with --schema: no \"$schema\" is read"),
            (["merge", "--stdin-path", v1, "--no-schema", "-", v1, v2], "--stdin-path cannot be used with --no-schema: no \"$schema\" is read"),
        ]
        for (arguments, message) in cases {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff \(arguments[0]): \(message)\n"), "\(arguments): \(r.stderr)")
        }
    }
}
