import XCTest
@testable import GraphDiffCLI

/// One exit-status rule for every command, diff(1)'s: 0 same, 1 different
/// (differences, conflicts, a patch that does not apply, a file validate
/// finds invalid), 2 trouble (usage, unreadable or invalid input, a
/// malformed patch, a missing or broken schema). Every help says so.
final class ExitStatusRuleTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        for name in ["people.schema.json", "v1.graph.json", "v2.graph.json", "v3.graph.json"] {
            try FileManager.default.copyItem(atPath: samplePath("people/\(name)"), toPath: dir.appendingPathComponent(name).path)
        }
        // A graph of the schema with a value of the wrong type, and a file that is no JSON.
        let v1 = try String(contentsOfFile: path("v1.graph.json"), encoding: .utf8)
        try v1.replacingOccurrences(of: #""age": 23"#, with: #""age": "old""#).write(toFile: path("bad.graph.json"), atomically: true, encoding: .utf8)
        try "{\"a\": ".write(toFile: path("broken.json"), atomically: true, encoding: .utf8)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func test_invalidInput_isTroubleForEveryCommand_butValidate() throws {
        let bad = path("bad.graph.json"), v1 = path("v1.graph.json"), v2 = path("v2.graph.json")
        let badLine = "\(bad):36:9: Person \"p1\".age: value \"old\" has the wrong type: expected an integer (int64), found string\n"
        let cases: [([String], Int32)] = [
            (["diff", v1, bad], 2),
            (["diff", path("broken.json"), path("broken.json")], 2),
            (["patch", bad, v2], 2),
            (["merge", v1, bad, v2], 2),
            (["fmt", bad], 2),
            (["fmt", "--check", bad], 2),
            (["validate", bad], 1),
            (["validate", path("broken.json")], 1),
            (["validate", path("missing.json")], 2),
        ]
        for (arguments, status) in cases {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.status, status, "\(arguments): \(r.stderr)")
            if arguments.contains(bad) && arguments[0] != "validate" { XCTAssertEqual(r.stderr, badLine, "\(arguments)") }
        }
    }

    func test_differentIsOne_sameIsZero() throws {
        let v1 = path("v1.graph.json"), v2 = path("v2.graph.json")
        XCTAssertEqual(graphdiff(["diff", "-q", v1, v1]).status, 0)
        XCTAssertEqual(graphdiff(["diff", "-q", v1, v2]).status, 1)
        XCTAssertEqual(graphdiff(["validate", v1, v2]).status, 0)
        XCTAssertEqual(graphdiff(["merge", v1, v2, v1]).status, 0)
        // A patch that does not apply is patch's "different".
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", path("p.json"), v1, v2]).status, 1)
        XCTAssertEqual(graphdiff(["patch", path("v3.graph.json"), path("p.json")]).status, 1)
        XCTAssertEqual(graphdiff(["patch", v1, path("p.json")]).status, 0)
    }

    func test_malformedPatch_isTrouble_andNamesItsLineAndColumn() throws {
        try """
            {"format": "graphdiff-patch/1", "schema": {"name": "People", "fingerprint": "x"}, "changes": [
              {"op": "update", "entity": "Person", "id": "p1"}
            ]}
            """.write(toFile: path("m.json"), atomically: true, encoding: .utf8)
        let r = graphdiff(["patch", path("v1.graph.json"), path("m.json")])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "graphdiff patch: \(path("m.json")):2:4: change 0: update needs \"properties\" (an object)\n")
        try #"{"format": "graphdiff-patch/9"}"#.write(toFile: path("u.json"), atomically: true, encoding: .utf8)
        let u = graphdiff(["patch", path("v1.graph.json"), path("u.json")])
        XCTAssertEqual(u.status, 2)
        XCTAssertEqual(u.stderr, "graphdiff patch: \(path("u.json")): unknown patch format \"graphdiff-patch/9\"; give --format to read it as a merge patch\n")
    }

    func test_everyHelp_statesTheRule() {
        let root = graphdiff(["--help"]).stdout
        XCTAssertTrue(root.contains("""
            Exit status, as diff(1): 0 same (no differences, merged cleanly,
            applied, valid), 1 different (differences, conflicts, a patch that
            does not apply, a file validate finds invalid), 2 trouble (usage,
            unreadable or invalid input, missing or broken schema).
            """), root)
        for command in GraphDiffTool.commands {
            let help = graphdiff([command.name, "--help"]).stdout
            let status = help.components(separatedBy: "Exit status: ").dropFirst().first ?? ""
            XCTAssertTrue(status.hasPrefix("0 "), "\(command.name): \(status)")
            // 1 never means trouble, 2 never a finding.
            XCTAssertFalse(status.contains("1 invalid input") || status.contains("differences or invalid"), command.name)
            if command.name != "git-diff" { XCTAssertTrue(status.contains("2 trouble"), "\(command.name): \(status)") }
        }
        XCTAssertTrue(graphdiff(["help", "--help"]).stdout.contains("Exit status: 0 shown, 2 trouble (no such command).\n"))
        for command in ["diff", "patch", "merge"] {
            XCTAssertTrue(graphdiff([command, "--help"]).stdout.contains("unreadable or\n") || graphdiff([command, "--help"]).stdout.contains("unreadable or invalid"),
                          command)
        }
    }
}
