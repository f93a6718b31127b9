import XCTest
@testable import GraphDiffCLI

/// `--no-schema` reads graph files as plain JSON, ignoring `$schema`, in
/// diff, merge, patch, fmt and validate; with `--schema` it is a usage error.
final class NoSchemaOptionTests: XCTestCase {
    func test_noSchema_readsGraphFilesAsPlainJSON() throws {
        let (v1, v2) = (samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json"))
        let diff = graphdiff(["diff", "--no-schema", v1, v2])
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.stdout.hasPrefix("~ /metadata/lastSync: \"2026-11-20T10:00:00Z\" → \"2026-11-21T08:30:00Z\"\n"), diff.stdout)
        XCTAssertEqual(graphdiff(["validate", "--no-schema", v1]).stdout, "\(v1): valid JSON (no schema)\n")
        let merge = graphdiff(["merge", "--no-schema", v1, v2, v1])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertEqual(graphdiff(["diff", "--no-schema", "-", v2], stdin: merge.stdout).status, 0)
        XCTAssertEqual(graphdiff(["fmt", "--no-schema", "--check", v1]).status, 0)
        let patch = graphdiff(["patch", "--no-schema", "-f", "merge-patch", v1, "-"], stdin: #"{"metadata": {"lastSync": "x"}}"#)
        XCTAssertEqual(patch.status, 0, patch.stderr)
        XCTAssertTrue(patch.stdout.contains(#""lastSync": "x""#))
        for command in [["diff", v1, v2], ["merge", v1, v2, v1], ["patch", v1, v2], ["fmt", v1], ["validate", v1]] {
            let r = graphdiff([command[0], "--no-schema", "--schema", samplePath("people/people.schema.json")] + command.dropFirst())
            XCTAssertEqual(r.status.description, "2", "\(command)")
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff \(command[0]): choose one of --schema and --no-schema\n"), "\(command): \(r.stderr)")
        }
    }
}
