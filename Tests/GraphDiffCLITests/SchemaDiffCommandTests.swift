import Foundation
import XCTest
@testable import GraphDiffCLI

/// `graphdiff schema diff`: whole outputs, exit statuses and errors.
final class SchemaDiffCommandTests: XCTestCase {
    static let old = """
        {"format": "graphdiff-schema/1", "name": "M", "entities": {
          "Todo": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "old": {"type": "bool", "optional": true}}}}}
        """
    static let new = """
        {"format": "graphdiff-schema/1", "name": "M", "entities": {
          "Task": {"renamedFrom": "Todo", "identity": "id",
                   "attributes": {"id": {"type": "string"}, "title": {"type": "int32"}, "due": {"type": "date", "optional": true}}}}}
        """
    static let usage = """
        Usage: graphdiff schema import MODEL [-o SCHEMA] [--version NAME] [--identity ENTITY=ATTRIBUTE]... [--ordered chain|array] [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]...
               graphdiff schema diff [--format human|json] [--color[=WHEN]] [--identity ENTITY=ATTRIBUTE]... [--ordered chain|array] [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]... OLD NEW
               graphdiff schema diff [--format human|json] [--color[=WHEN]] [--identity ENTITY=ATTRIBUTE]... [--ordered chain|array] [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]... --from VERSION [--to VERSION] MODEL
        See 'graphdiff help schema'.

        """

    /// OLD and NEW written to a fresh folder.
    func files() throws -> (old: String, new: String, dir: URL) {
        let dir = try temporaryDirectory(self)
        let (o, n) = (dir.appendingPathComponent("v1.schema.json"), dir.appendingPathComponent("v2.schema.json"))
        try Self.old.write(to: o, atomically: true, encoding: .utf8)
        try Self.new.write(to: n, atomically: true, encoding: .utf8)
        return (o.path, n.path, dir)
    }

    func test_changes_human_exit1() throws {
        let f = try files()
        let r = graphdiff(["schema", "diff", f.old, f.new])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
            ~ Task
                renamed from Todo  (inferred: paired by its renaming identifier)
                + due  (inferred: optional)
                - old  (inferred: its values are dropped)
                ~ title: type "string" → "int32"  (mapping: values must be converted from string to int32)

            4 changes: 3 inferred, 1 needs a mapping

            """)
        XCTAssertEqual(r.status, 1)
    }

    func test_changes_json_exit1_andColourAlwaysColoursHuman() throws {
        let f = try files()
        let r = graphdiff(["schema", "diff", "-f", "json", f.old, f.new])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            {
              "changes": [
                {
                  "change": "renamed",
                  "entity": "Task",
                  "from": "Todo",
                  "migration": "inferred",
                  "reason": "paired by its renaming identifier"
                },
                {
                  "change": "added",
                  "entity": "Task",
                  "migration": "inferred",
                  "property": "due",
                  "reason": "optional"
                },
                {
                  "change": "removed",
                  "entity": "Task",
                  "migration": "inferred",
                  "property": "old",
                  "reason": "its values are dropped"
                },
                {
                  "aspect": "type",
                  "change": "modified",
                  "entity": "Task",
                  "migration": "mapping",
                  "new": "int32",
                  "old": "string",
                  "property": "title",
                  "reason": "values must be converted from string to int32"
                }
              ],
              "format": "graphdiff-schema-diff/1"
            }

            """)
        let coloured = graphdiff(["schema", "diff", "--color", f.old, f.new])
        XCTAssertTrue(coloured.stdout.hasPrefix("\u{1B}[33m~\u{1B}[0m \u{1B}[1mTask\u{1B}[0m\n"), coloured.stdout)
        XCTAssertEqual(graphdiff(["schema", "diff", "--color=never", f.old, f.new]).stdout, graphdiff(["schema", "diff", f.old, f.new]).stdout)
    }

    func test_sameModel_exit0_emptyHuman_emptyJSONList() throws {
        let f = try files()
        let r = graphdiff(["schema", "diff", f.old, f.old])
        XCTAssertEqual([r.stdout, r.stderr], ["", ""])
        XCTAssertEqual(r.status, 0)
        let j = graphdiff(["schema", "diff", "--format=json", "-", f.new], stdin: Self.new)
        XCTAssertEqual(j.stdout, "{\n  \"changes\": [],\n  \"format\": \"graphdiff-schema-diff/1\"\n}\n")
        XCTAssertEqual(j.status, 0)
    }

    func test_unreadableOrBadModel_exit2_withMessage() throws {
        let f = try files()
        let missing = f.dir.appendingPathComponent("nope.json").path
        var r = graphdiff(["schema", "diff", missing, f.new])
        XCTAssertEqual(r.stderr, "graphdiff schema: \(missing): No such file or directory\n")
        XCTAssertEqual([r.stdout, "\(r.status)"], ["", "2"])

        let bad = f.dir.appendingPathComponent("bad.json")
        try #"{"format": "graphdiff-schema/1", "entities": {"A": {"relationships": {"x": {"destination": "B", "inverse": "y"}}}}}"#
            .write(to: bad, atomically: true, encoding: .utf8)
        r = graphdiff(["schema", "diff", f.old, bad.path])
        XCTAssertEqual(r.stderr, "\(bad.path):1:77: unknown destination entity \"B\"\n")
        XCTAssertEqual([r.stdout, "\(r.status)"], ["", "2"])

        r = graphdiff(["schema", "diff", "-", f.new], stdin: "{\"format\":")
        XCTAssertEqual(r.stderr, "-:1:11: unexpected end of input, expected a value\n")
        XCTAssertEqual(r.status, 2)

        r = graphdiff(["schema", "diff", "-", f.new], stdin: "{\"objects\": {}}")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("-:"), r.stderr)
    }

    func test_usageErrors_exit2_withUsage() throws {
        let f = try files()
        let cases: [([String], String)] = [
            (["schema"], "no subcommand given (import, diff)"),
            (["schema", "compare", f.old, f.new], "unknown subcommand 'compare' (import, diff)"),
            (["schema", "diff", "-o", "x.json", f.old, f.new], "--output is not an option of schema diff"),
            (["schema", "diff", "--version", "A", f.old, f.new], "--version is not an option of schema diff"),
            (["schema", "diff", "--identity", "A=b", f.old, f.new], "--identity needs a Core Data model; every model given is a schema file"),
            (["schema", "diff", f.old], "two models are needed, OLD and NEW"),
            (["schema", "diff", f.old, f.new, f.new], "too many models; schema diff compares two"),
            (["schema", "diff", "-", "-"], "only one input can be standard input"),
            (["schema", "diff", "--format", "xml", f.old, f.new], "option '--format' must be one of human, json; got 'xml'"),
            (["schema", "diff", "-f", "json", "--color=always", f.old, f.new], "--color=always colours the human report only, not --format json"),
            (["schema", "diff", "--to", "B", f.old], "--to needs --from (two versions of one .xcdatamodeld)"),
            (["schema", "diff", "--from", "A", f.old, f.new], "--from and --to take one .xcdatamodeld folder, not 2 models"),
            (["schema", "diff", "--from", "A", f.old], "--from and --to need a .xcdatamodeld folder"),
            (["schema", "diff", "--ordered", "bogus", f.old, f.new], "option '--ordered' must be one of chain, array; got 'bogus'"),
            (["schema", "import", "--ordered=", f.old], "option '--ordered' must be one of chain, array; got ''"),
        ]
        for (arguments, message) in cases {
            let r = graphdiff(arguments)
            XCTAssertEqual(r.stderr, "graphdiff schema: \(message)\n" + Self.usage, "\(arguments)")
            XCTAssertEqual([r.stdout, "\(r.status)"], ["", "2"], "\(arguments)")
        }
        let unknown = graphdiff(["schema", "diff", "--stat", f.old, f.new])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("graphdiff schema: unknown option '--stat'\n"), unknown.stderr)
    }

    func test_help_agreesEverywhere() throws {
        let help = graphdiff(["schema", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("graphdiff schema: import a Core Data model; show how a model changed.\n"), help.stdout)
        XCTAssertEqual(graphdiff(["help", "schema"]).stdout, help.stdout)
        XCTAssertEqual(graphdiff(["schema", "diff", "-h"]).stdout, help.stdout)
    }

    func test_binary_exitStatusAndOutput() throws {
        let f = try files()
        let r = try runBinary(["schema", "diff", "-f", "json", f.old, f.new])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, graphdiff(["schema", "diff", "-f", "json", f.old, f.new]).stdout)
        XCTAssertEqual(try runBinary(["schema", "diff", f.new, f.new]).status, 0)
    }

    static let bundle = samplePath("tasks/Tasks.xcdatamodeld")
    static let sampleChanges = """
        ~ Task
            ~ name: renamed from title  (inferred: paired by its renaming identifier)
            + notes  (inferred: optional)
            + priority  (inferred: required with a default)

        3 changes: 3 inferred, 0 need a mapping

        """

    func test_coreDataModels_versionsOfOneBundle_orTwoModels_orMixedWithASchema() throws {
        for arguments in [["--from", "Tasks", "--to", "Tasks 2", Self.bundle], ["--from", "Tasks.xcdatamodel", Self.bundle],
                          [Self.bundle + "/Tasks.xcdatamodel", Self.bundle + "/Tasks 2.xcdatamodel/contents"],
                          [samplePath("tasks/tasks.schema.json"), Self.bundle]] {
            let r = graphdiff(["schema", "diff"] + arguments)
            XCTAssertEqual(r.stdout, Self.sampleChanges, "\(arguments)")
            XCTAssertEqual([r.stderr, "\(r.status)"], ["", "1"], "\(arguments)")
        }
        let same = graphdiff(["schema", "diff", "--from", "Tasks 2", Self.bundle])
        XCTAssertEqual([same.stdout, same.stderr, "\(same.status)"], ["", "", "0"])
    }

    func test_coreDataModels_unknownVersion_andAnXMLProblem_exit2() throws {
        let r = graphdiff(["schema", "diff", "--from", "Tasks 9", Self.bundle])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("\(Self.bundle): "), r.stderr)
        XCTAssertTrue(r.stderr.contains("Tasks 9"), r.stderr)
        let f = try files()
        let xml = f.dir.appendingPathComponent("contents")
        try "<?xml version=\"1.0\"?>\n<model>\n  <entity name=\"A\"><bogus/></entity>\n</model>\n".write(to: xml, atomically: true, encoding: .utf8)
        let bad = graphdiff(["schema", "diff", xml.path, f.new])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertTrue(bad.stderr.hasPrefix("\(xml.path):3:"), bad.stderr)
    }
}

extension SchemaDiffCommandTests {
    /// The tasks model copied to a fresh folder without its uniqueness
    /// constraints, so that only `--identity` gives Task and TaskList theirs.
    static func tasksModelWithoutConstraints(_ test: XCTestCase) throws -> URL {
        let dir = try temporaryDirectory(test)
        let bundle = dir.appendingPathComponent("Tasks.xcdatamodeld")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: samplePath("tasks/Tasks.xcdatamodeld")), to: bundle)
        let constraints = try NSRegularExpression(pattern: "\\s*<uniquenessConstraints>.*?</uniquenessConstraints>",
                                                  options: .dotMatchesLineSeparators)
        for version in ["Tasks.xcdatamodel", "Tasks 2.xcdatamodel"] {
            let file = bundle.appendingPathComponent(version).appendingPathComponent("contents")
            let text = try String(contentsOf: file, encoding: .utf8)
            let stripped = constraints.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            XCTAssertNotEqual(stripped, text)
            try stripped.write(to: file, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func test_identityOption_appliesToEveryCoreDataModelRead() throws {
        let dir = try Self.tasksModelWithoutConstraints(self)
        let bundle = dir.appendingPathComponent("Tasks.xcdatamodeld").path
        let schema = dir.appendingPathComponent("tasks.schema.json").path
        let identities = ["--identity", "Task=id", "--identity", "TaskList=id"]
        let imported = graphdiff(["schema", "import", "--version", "Tasks", bundle, "-o", schema] + identities)
        XCTAssertEqual([imported.status.description, imported.stdout, imported.stderr], ["0", "", ""])
        let expected = """
            ~ Task
                ~ name: renamed from title  (inferred: paired by its renaming identifier)
                + notes  (inferred: optional)
                + priority  (inferred: required with a default)

            3 changes: 3 inferred, 0 need a mapping

            """
        // A schema file and a model; two versions of one bundle; two model folders.
        for models in [[schema, bundle], ["--from", "Tasks", "--to", "Tasks 2", bundle],
                       [bundle + "/Tasks.xcdatamodel", bundle + "/Tasks 2.xcdatamodel"]] {
            let r = graphdiff(["schema", "diff", "--color=never"] + models + identities)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["1", expected, ""], "\(models)")
        }
        // Without it, the model's entities have implicit identities.
        let without = graphdiff(["schema", "diff", "--color=never", schema, bundle])
        XCTAssertEqual([without.status.description, without.stdout, without.stderr], ["1", """
            ~ Task
                identity: "id" → null  (mapping: objects are identified by another attribute)
                ~ name: renamed from title  (inferred: paired by its renaming identifier)
                + notes  (inferred: optional)
                + priority  (inferred: required with a default)
            ~ TaskList
                identity: "id" → null  (mapping: objects are identified by another attribute)

            5 changes: 3 inferred, 2 need a mapping

            """, ""])
        // Only the entities named get one.
        let one = graphdiff(["schema", "diff", "--color=never", schema, bundle, "--identity", "Task=id"])
        XCTAssertEqual([one.status.description, one.stdout, one.stderr], ["1", """
            ~ Task
                ~ name: renamed from title  (inferred: paired by its renaming identifier)
                + notes  (inferred: optional)
                + priority  (inferred: required with a default)
            ~ TaskList
                identity: "id" → null  (mapping: objects are identified by another attribute)

            4 changes: 3 inferred, 1 needs a mapping

            """, ""])
        for (arguments, message) in [
            ([schema, bundle, "--identity", "Nope=id"], "--identity: no entity \"Nope\" in the models read"),
            ([schema, schema, "--identity", "Task=id"], "--identity needs a Core Data model; every model given is a schema file"),
            ([schema, bundle, "--identity", "Task"], "--identity takes ENTITY=ATTRIBUTE, not 'Task'"),
        ] {
            let r = graphdiff(["schema", "diff"] + arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["2", "", "graphdiff schema: \(message)\n" + Self.usage], "\(arguments)")
        }
    }

    func test_readmeModelVersionsExample_printsWhatTheReadmeShows() throws {
        let example = try readmeExample("$ graphdiff schema diff ")
        let r = try runBinary(example.arguments, in: packageRoot)
        XCTAssertEqual(r.stdout, example.output)
        XCTAssertEqual([r.stderr, "\(r.status)"], ["", "1"])
    }
}
