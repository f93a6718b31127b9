import Foundation
import XCTest
@testable import GraphDiffCLI

/// `diff --format html` and `merge --report-format html`: the pages are
/// written where asked, from files or standard input, and hold the data
/// their JSON counterparts report.
final class HTMLFormatCommandTests: XCTestCase {
    let base = samplePath("tasks/base.graph.json"), theirs = samplePath("tasks/theirs.graph.json")

    func test_diff_html_toFile_andFromStandardInput_isTheSamePage() throws {
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("page.html").path
        let written = graphdiff(["diff", "--format", "html", "-o", out, base, theirs])
        XCTAssertEqual(written.status, 1, written.stderr)
        XCTAssertEqual(written.stdout, "")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n"), page)
        XCTAssertTrue(page.contains("<title>graphdiff: \(base) → \(theirs)</title>"), page)
        XCTAssertTrue(page.contains(#""id":"card-Task.t6""#), page)
        XCTAssertFalse(page.contains("http"), "no address")
        // The changed subgraph is drawn above the cards: one node per object
        // of the Mermaid picture of the same diff.
        XCTAssertTrue(page.contains(#"<section id="diagram""#), page)
        let mermaid = graphdiff(["diff", "--format", "mermaid", base, theirs]).stdout
        let mermaidNodes = mermaid.split(separator: "\n").filter { $0.hasPrefix("    n") && $0.contains("[") }.count
        XCTAssertEqual(page.components(separatedBy: #"<g class="gd-node"#).count - 1, mermaidNodes)
        XCTAssertGreaterThan(mermaidNodes, 0)

        let piped = graphdiff(["diff", "-f", "html", base, "-"], stdin: try String(contentsOfFile: theirs, encoding: .utf8))
        XCTAssertEqual(piped.status, 1, piped.stderr)
        XCTAssertEqual(piped.stdout, page.replacingOccurrences(of: theirs, with: "-"))
    }

    func test_diff_html_ofPlainJSON_andSameFiles() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        try #"{"items": [{"id": 1, "v": "x"}]}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": 1, "v": "y"}]}"#.write(toFile: b, atomically: true, encoding: .utf8)
        let r = graphdiff(["diff", "--format", "html", "--array-key", "id", a, b])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains(#""mode":"json""#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#""identity":"/items/[id=1]/v""#), r.stdout)
        let same = graphdiff(["diff", "--format", "html", a, a])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.contains(#""cards":[]"#), "an empty page still says so")
    }

    func test_merge_reportFormatHTML_writesThePage_andNeedsReport() throws {
        let dir = try temporaryDirectory(self)
        let baseText = try String(contentsOfFile: base, encoding: .utf8)
        let schema = samplePath("tasks/tasks.schema.json")
        func file(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.replacingOccurrences(of: "\"tasks.schema.json\"", with: JSONSerializationQuote(schema)).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let b = try file("base.json", baseText)
        let m = try file("mine.json", baseText.replacingOccurrences(of: "\"Milk\"", with: "\"Oat milk\""))
        let t = try file("theirs.json", baseText.replacingOccurrences(of: "\"Milk\"", with: "\"Soy milk\""))
        let report = dir.appendingPathComponent("conflicts.html").path
        let r = graphdiff(["merge", "--report", report, "--report-format", "html", b, m, t])
        XCTAssertEqual(r.status, 1, r.stderr)
        let page = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(page.contains(#""mode":"merge""#), page)
        XCTAssertTrue(page.contains(#""sides":{"base":"\"Milk\"","mine":"\"Oat milk\"","theirs":"\"Soy milk\""}"#), page)
        XCTAssertTrue(page.contains("<title>graphdiff merge: 1 conflict</title>"), page)

        let alone = graphdiff(["merge", "--report-format", "html", b, m, t])
        XCTAssertEqual(alone.status, 2)
        XCTAssertEqual(alone.stderr.components(separatedBy: "\n").first, "graphdiff merge: --report-format needs --report FILE")
    }

    /// `path` as a JSON string literal.
    func JSONSerializationQuote(_ path: String) -> String {
        "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
