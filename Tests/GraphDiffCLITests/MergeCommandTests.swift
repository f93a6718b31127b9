import XCTest
@testable import GraphDiffCLI

final class MergeCommandTests: XCTestCase {
    let base = samplePath("tasks/base.graph.json"), mine = samplePath("tasks/mine.graph.json"), theirs = samplePath("tasks/theirs.graph.json")

    func test_merge_syncScenario_isClean() throws {
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("merged.graph.json").path
        let r = graphdiff(["merge", base, mine, theirs, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(graphdiff(["validate", "--schema", samplePath("tasks/tasks.schema.json"), out]).status, 0)
        // Mine inserted t5 after t2 and marked t1 done; theirs moved t4 to the top, renamed t3 and appended t6.
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"t5\": {\n        \"done\": false,\n        \"due\": null,\n        \"list\": \"groceries\",\n        \"next\": \"t3\",\n        \"prev\": \"t2\","), text)
        XCTAssertTrue(text.contains("\"t4\": {\n        \"done\": false,\n        \"due\": \"2026-11-23\",\n        \"list\": \"groceries\",\n        \"next\": \"t1\",\n        \"prev\": null,"), text)
    }

    func makeConflict(_ dir: URL) throws -> (String, String, String) {
        let b = dir.appendingPathComponent("b.json"), m = dir.appendingPathComponent("m.json"), t = dir.appendingPathComponent("t.json")
        let schema = samplePath("tasks/tasks.schema.json")
        let text = try String(contentsOfFile: base, encoding: .utf8).replacingOccurrences(of: "\"tasks.schema.json\"", with: "\"\(schema)\"")
        try text.write(to: b, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"Oat milk\"").write(to: m, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title\": \"Milk\"", with: "\"title\": \"Soy milk\"").replacingOccurrences(of: "\"title\": \"Bread\"", with: "\"title\": \"Rye bread\"")
            .write(to: t, atomically: true, encoding: .utf8)
        return (b.path, m.path, t.path)
    }

    func test_merge_conflict_markersAroundExactlyTheConflictingLine() throws {
        let dir = try temporaryDirectory(self)
        let (b, m, t) = try makeConflict(dir)
        let r = graphdiff(["merge", b, m, t, "--label-mine", "HEAD", "--label-theirs", "feature", "--marker-size", "9"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "graphdiff merge: CONFLICT Task \"t1\".title: changed differently: base \"Milk\", mine \"Oat milk\", theirs \"Soy milk\"\n")
        XCTAssertTrue(r.stdout.contains("""
                    "prev": null,
            <<<<<<<<< HEAD
                    "title": "Oat milk"
            ||||||||| base
                    "title": "Milk"
            =========
                    "title": "Soy milk"
            >>>>>>>>> feature
                  },
            """), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"title\": \"Rye bread\""), "theirs' other change is merged")
        // validate recognises the leftover markers.
        let file = dir.appendingPathComponent("conflicted.json")
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(graphdiff(["validate", file.path]).stderr.contains("unresolved merge conflict markers"))
    }

    func test_merge_prefer_andReport() throws {
        let dir = try temporaryDirectory(self)
        let (b, m, t) = try makeConflict(dir)
        let theirsWins = graphdiff(["merge", "--prefer", "theirs", b, m, t])
        XCTAssertEqual(theirsWins.status, 0)
        XCTAssertTrue(theirsWins.stdout.contains("\"title\": \"Soy milk\""))
        XCTAssertTrue(theirsWins.stderr.hasPrefix("graphdiff merge: resolved Task \"t1\".title"), theirsWins.stderr)
        let report = dir.appendingPathComponent("report.json").path
        let r = graphdiff(["merge", "--conflicts", "report", "--report", report, b, m, t])
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stdout.contains("<<<<<<<"))
        XCTAssertTrue(r.stdout.contains("\"title\": \"Milk\""), "report mode holds the base value")
        let json = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(json.contains("\"kind\": \"property\""), json)
        XCTAssertTrue(json.contains("\"mine\": \"Oat milk\""), json)
        XCTAssertTrue(json.contains("\"positions\""), json)
    }

    func test_merge_plainJSON() throws {
        let dir = try temporaryDirectory(self)
        func file(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let b = try file("b.json", #"{"a": 1, "list": [1, 2, 3], "keep": true}"#)
        let m = try file("m.json", #"{"a": 2, "list": [0, 1, 2, 3], "keep": true}"#)
        let t = try file("t.json", #"{"a": 1, "list": [1, 2, 3, 4], "keep": true, "new": "x"}"#)
        let r = graphdiff(["merge", b, m, t])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "{\n  \"a\": 2,\n  \"list\": [0, 1, 2, 3, 4],\n  \"keep\": true,\n  \"new\": \"x\"\n}", "mine's order; theirs' new member where theirs has it; no final newline, as mine")
        let c = try file("c.json", #"{"a": 3, "list": [1, 2, 3], "keep": true}"#)
        let conflict = graphdiff(["merge", b, m, c])
        XCTAssertEqual(conflict.status, 1)
        XCTAssertEqual(conflict.stdout, "{\n<<<<<<< mine\n  \"a\": 2,\n||||||| base\n  \"a\": 1,\n=======\n  \"a\": 3,\n>>>>>>> theirs\n  \"list\": [0, 1, 2, 3],\n  \"keep\": true\n}")
    }

    /// A one-value edit of a package.json must not become a diff of the
    /// whole file: mine's member order and indentation are kept.
    func test_merge_plainJSON_keepsMinesOrderAndIndentation() throws {
        let dir = try temporaryDirectory(self)
        func file(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let package = "{\n    \"name\": \"app\",\n    \"version\": \"1.0.0\",\n    \"scripts\": {\n        \"test\": \"jest\",\n        \"build\": \"tsc\"\n    },\n    \"dependencies\": {\n        \"zod\": \"^3.0.0\",\n        \"axios\": \"^1.0.0\"\n    }\n}\n"
        let b = try file("b.json", package)
        let m = try file("m.json", package.replacingOccurrences(of: "\"jest\"", with: "\"vitest\""))
        let t = try file("t.json", package.replacingOccurrences(of: "\"1.0.0\"", with: "\"1.1.0\"")
            .replacingOccurrences(of: "\"zod\": \"^3.0.0\",", with: "\"zod\": \"^3.0.0\",\n        \"lodash\": \"^4.0.0\","))
        let r = graphdiff(["merge", b, m, t])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, package.replacingOccurrences(of: "\"jest\"", with: "\"vitest\"").replacingOccurrences(of: "\"1.0.0\"", with: "\"1.1.0\"")
            .replacingOccurrences(of: "\"zod\": \"^3.0.0\",", with: "\"zod\": \"^3.0.0\",\n        \"lodash\": \"^4.0.0\","))
        // Tabs stay tabs.
        let tabbed = "{\n\t\"b\": 1,\n\t\"a\": {\n\t\t\"x\": true\n\t}\n}\n"
        let tb = try file("tb.json", tabbed), tm = try file("tm.json", tabbed.replacingOccurrences(of: "1", with: "2"))
        XCTAssertEqual(graphdiff(["merge", tb, tm, tb]).stdout, tabbed.replacingOccurrences(of: "1", with: "2"))
    }

    func test_merge_usageAndTrouble() {
        XCTAssertEqual(graphdiff(["merge", base, mine]).status, 2)
        XCTAssertEqual(graphdiff(["merge", "--prefer", "both", base, mine, theirs]).status, 2)
        XCTAssertEqual(graphdiff(["merge", "--marker-size", "0", base, mine, theirs]).status, 2)
        XCTAssertEqual(graphdiff(["merge", base, mine, samplePath("people/v1.graph.json")]).status, 2)
        XCTAssertEqual(graphdiff(["merge", base, mine, "/nonexistent"]).status, 2)
    }
}
