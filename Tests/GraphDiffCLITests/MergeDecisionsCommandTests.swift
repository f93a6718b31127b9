import Foundation
import XCTest
@testable import GraphDiffCLI

/// `merge --prefer union` and `merge --decisions FILE`: conflicts settled
/// per conflict from the command line.
final class MergeDecisionsCommandTests: XCTestCase {
    /// Three small documents: tags changed as sets, a title changed by both.
    func inputs() throws -> (String, String, String, URL) {
        let dir = try temporaryDirectory(self)
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        return (try write("b.json", #"{"tags": ["a", "b"], "title": "x"}"# + "\n"),
                try write("m.json", #"{"tags": ["a", "b", "c"], "title": "y"}"# + "\n"),
                try write("t.json", #"{"tags": ["b", "d"], "title": "z"}"# + "\n"), dir)
    }

    func test_preferUnion_settlesTheArray_marksTheRest_exit1() throws {
        let (b, m, t, _) = try inputs()
        let r = graphdiff(["merge", "--prefer", "union", b, m, t])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            {
              "tags": ["b", "c", "d"],
            <<<<<<< mine
              "title": "y"
            ||||||| base
              "title": "x"
            =======
              "title": "z"
            >>>>>>> theirs
            }

            """)
        XCTAssertEqual(r.stderr, """
            graphdiff merge: resolved /tags: array changed differently: base [], mine ["c"], theirs ["d"] (took union)
            graphdiff merge: CONFLICT /title: changed differently: base "x", mine "y", theirs "z"

            """)
    }

    func test_decisionsFile_fromTheReport_replaysEachChoice() throws {
        let (b, m, t, dir) = try inputs()
        let report = dir.appendingPathComponent("report.json").path
        XCTAssertEqual(graphdiff(["merge", "--conflicts", "report", "--report", report, b, m, t]).status, 1)
        // The title decided for theirs, the tags left open.
        var doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var conflicts = try XCTUnwrap(doc["conflicts"] as? [[String: Any]])
        let title = try XCTUnwrap(conflicts.firstIndex { $0["path"] as? String == "/title" })
        conflicts[title]["choice"] = "theirs"
        doc["conflicts"] = conflicts
        let decisions = dir.appendingPathComponent("decisions.json").path
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: decisions))
        let r = graphdiff(["merge", "--decisions", decisions, "--conflicts", "report", b, m, t])
        XCTAssertEqual(r.status, 1, "the tags are still open")
        XCTAssertEqual(r.stdout, "{\n  \"tags\": [\"b\"],\n  \"title\": \"z\"\n}\n")
        XCTAssertTrue(r.stderr.contains(#"resolved from an earlier decision: /title: changed differently: base "x", mine "y", theirs "z" (took theirs)"#), r.stderr)
        // With --prefer for the rest: nothing open.
        let all = graphdiff(["merge", "--decisions", decisions, "--prefer", "mine", b, m, t])
        XCTAssertEqual([all.status.description, all.stdout], ["0", "{\n  \"tags\": [\"b\", \"c\"],\n  \"title\": \"z\"\n}\n"])
        // A title theirs changed otherwise since: the decision does not apply.
        try Data(#"{"tags": ["b", "d"], "title": "w"}"#.utf8).write(to: URL(fileURLWithPath: t))
        let changed = graphdiff(["merge", "--decisions", decisions, "--conflicts", "report", b, m, t])
        XCTAssertTrue(changed.stderr.contains(#"CONFLICT /title: changed differently: base "x", mine "y", theirs "w""#), changed.stderr)
    }

    func test_badDecisionsFiles_areTrouble_namingFileAndPlace() throws {
        let (b, m, t, dir) = try inputs()
        let cases: [(String, String)] = [
            (#"{"conflicts": [{"choice": "left"}]}"#, #"bad.json: conflicts[0]: choice must be "mine", "theirs", "base" or "union", got "left""#),
            (#"{"conflicts": ["#, "bad.json:1:16: "),
            (#"[]"#, "bad.json: not a decisions file"),
        ]
        for (text, message) in cases {
            let path = dir.appendingPathComponent("bad.json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let r = graphdiff(["merge", "--decisions", path, b, m, t])
            XCTAssertEqual(r.status, 2, text)
            XCTAssertEqual(r.stdout, "", text)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }
}
