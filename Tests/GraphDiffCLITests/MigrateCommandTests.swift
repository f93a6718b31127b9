import Foundation
import XCTest
@testable import GraphDiffCLI
import GraphDiff

/// `graphdiff migrate`: whole outputs and every exit status, run as the
/// binary in a folder of fixtures so that file names are relative.
final class MigrateCommandTests: XCTestCase {
    static let old = """
        {"format": "graphdiff-schema/1", "name": "Notes", "version": 1, "entities": {
          "Note": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "body": {"type": "string", "optional": true}},
                   "relationships": {"folder": {"destination": "Folder", "inverse": "notes"}}},
          "Folder": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"notes": {"destination": "Note", "toMany": true, "inverse": "folder"}}}
        }}
        """
    /// title renamed heading; body required with a default; pinned added.
    static let new = """
        {"format": "graphdiff-schema/1", "name": "Notes", "version": 2, "entities": {
          "Note": {"identity": "id", "attributes": {"id": {"type": "string"}, "heading": {"type": "string", "renamedFrom": "title"},
                                                   "body": {"type": "string", "default": ""}, "pinned": {"type": "bool", "default": false}},
                   "relationships": {"folder": {"destination": "Folder", "inverse": "notes"}}},
          "Folder": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"notes": {"destination": "Note", "toMany": true, "inverse": "folder"}}}
        }}
        """
    /// Every note must be in a folder: n2 is in none.
    static let strict = """
        {"format": "graphdiff-schema/1", "name": "Notes", "version": 2, "entities": {
          "Note": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
                   "relationships": {"folder": {"destination": "Folder", "inverse": "notes", "optional": false}}},
          "Folder": {"identity": "id", "attributes": {"id": {"type": "string"}},
                     "relationships": {"notes": {"destination": "Note", "toMany": true, "inverse": "folder"}}}
        }}
        """
    /// Items must have a list; Archive, a kind of list, goes in version 2.
    static let lists = """
        {"format": "graphdiff-schema/1", "name": "Lists", "entities": {
          "List": {"identity": "id", "attributes": {"id": {"type": "string"}},
                   "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "list", "deleteRule": "cascade"}}},
          "Archive": {"parent": "List"},
          "Item": {"identity": "id", "attributes": {"id": {"type": "string"}},
                   "relationships": {"list": {"destination": "List", "inverse": "items", "optional": false}}}
        }}
        """
    static let listsGraph = """
        {"$schema": "lists.schema.json", "objects": {"List": {"l1": {}}, "Archive": {"old": {}},
                                                     "Item": {"a": {"list": "l1"}, "x": {"list": "old"}}}}
        """
    static let graph = """
        {"$schema": "old.schema.json", "metadata": {"device": "phone"}, "objects": {
          "Folder": {"f1": {}},
          "Note": {"n1": {"title": "Milk", "body": null, "folder": "f1"}, "n2": {"title": "Call", "body": "Ann", "folder": null}}
        }}
        """

    static func migrated(schema: String) -> String {
        """
        {
          "$schema": "\(schema)",
          "metadata": {
            "device": "phone"
          },
          "objects": {
            "Folder": {
              "f1": {}
            },
            "Note": {
              "n1": {
                "body": "",
                "folder": "f1",
                "heading": "Milk",
                "pinned": false
              },
              "n2": {
                "body": "Ann",
                "folder": null,
                "heading": "Call",
                "pinned": false
              }
            }
          }
        }

        """
    }

    var directory: URL!

    override func setUpWithError() throws {
        directory = try temporaryDirectory(self)
        for (name, text) in [("old.schema.json", Self.old), ("new.schema.json", Self.new), ("strict.schema.json", Self.strict),
                             ("notes.graph.json", Self.graph), ("plain.json", #"{"a": 1}"#),
                             ("lists.schema.json", Self.lists), ("lists.graph.json", Self.listsGraph),
                             ("lists-2.schema.json", Self.lists.replacingOccurrences(of: #""Archive": {"parent": "List"},"#, with: ""))] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> RunResult { try runBinary(["migrate"] + arguments, in: directory) }

    func contents(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func test_toStandardOutput_canonical_withSchemaAsGiven() throws {
        let r = try run(["notes.graph.json", "--to", "new.schema.json"])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.migrated(schema: "new.schema.json"))
    }

    func test_output_inAnotherFolder_schemaRelativeToIt_andValid() throws {
        let r = try run(["notes.graph.json", "--to", "new.schema.json", "-o", "out/n.graph.json"])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["0", "", ""])
        XCTAssertEqual(try contents("out/n.graph.json"), Self.migrated(schema: "../new.schema.json"))
        let v = try runBinary(["validate", "out/n.graph.json"], in: directory)
        XCTAssertEqual(v.stdout, "out/n.graph.json: valid graph of schema \"Notes\" (3 objects)\n")
        XCTAssertEqual(v.status, 0)
    }

    func test_inPlace_replacesTheGraph() throws {
        let r = try run(["--in-place", "notes.graph.json", "--to", "new.schema.json"])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["0", "", ""])
        XCTAssertEqual(try contents("notes.graph.json"), Self.migrated(schema: "new.schema.json"))
    }

    func test_schemaOption_readsAGraphWithoutSchema() throws {
        let text = Self.graph.replacingOccurrences(of: #""$schema": "old.schema.json", "#, with: "")
        try Data(text.utf8).write(to: directory.appendingPathComponent("bare.json"))
        let r = try run(["bare.json", "--schema", "old.schema.json", "--to", "new.schema.json"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.migrated(schema: "new.schema.json"))
    }

    func test_changeNeedingAMapping_exit1_eachListed_nothingWritten_inputUntouched() throws {
        let refused = """
            graphdiff migrate: notes.graph.json cannot be migrated to strict.schema.json: 1 change needs a mapping; nothing written
            strict.schema.json: Note.folder: modified (optional): existing objects may have no reference

            """
        let r = try run(["notes.graph.json", "--to", "strict.schema.json", "-o", "out/x.json"])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["1", "", refused])
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/x.json").path))
        let i = try run(["notes.graph.json", "--to", "strict.schema.json", "--in-place"])
        XCTAssertEqual([i.status.description, i.stdout, i.stderr], ["1", "", refused])
        XCTAssertEqual(try contents("notes.graph.json"), Self.graph)
    }

    func test_invalidResult_exit1_eachProblemListed_inputUntouched() throws {
        let r = try run(["lists.graph.json", "--to", "lists-2.schema.json", "--in-place"])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["1", "", """
            graphdiff migrate: lists.graph.json migrated to lists-2.schema.json would be an invalid graph; nothing written
            result: Item "x".list: required relationship "list" is null

            """])
        XCTAssertEqual(try contents("lists.graph.json"), Self.listsGraph)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), [
            "lists-2.schema.json", "lists.graph.json", "lists.schema.json", "new.schema.json", "notes.graph.json", "old.schema.json",
            "out", "plain.json", "strict.schema.json",
        ], "no temporary file left behind")
    }

    func test_usageErrors_exit2() throws {
        let usage = "Usage: \(MigrateCommand.usage)\nSee 'graphdiff help migrate'.\n"
        let cases: [([String], String)] = [
            (["notes.graph.json", "--to", "new.schema.json", "-o", "x.json", "--in-place"], "choose one of -o and --in-place"),
            (["notes.graph.json", "--to", "new.schema.json", "--ordered", "bogus"], "option '--ordered' must be one of chain, array; got 'bogus'"),
            (["notes.graph.json"], "--to NEW-SCHEMA is required"),
            (["--to", "new.schema.json"], "no graph given"),
            (["notes.graph.json", "plain.json", "--to", "new.schema.json"], "one graph at a time"),
            (["-", "--in-place", "--to", "new.schema.json"], "--in-place needs a file, not standard input"),
        ]
        for (arguments, message) in cases {
            let r = try run(arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["2", "", "graphdiff migrate: \(message)\n" + usage], "\(arguments)")
        }
        XCTAssertEqual(try contents("notes.graph.json"), Self.graph)
    }

    func test_trouble_exit2() throws {
        let cases: [([String], String)] = [
            (["notes.graph.json", "--to", "nope.json"], "graphdiff migrate: nope.json: No such file or directory\n"),
            (["notes.graph.json", "--to", "plain.json"], """
                plain.json:1:2: unknown member "a"
                plain.json:1:1: missing "format"
                plain.json:1:1: missing "entities"

                """),
            (["plain.json", "--to", "new.schema.json"], "graphdiff migrate: plain.json: no schema applies (give --schema or \"$schema\")\n"),
            (["missing.json", "--to", "new.schema.json"], "graphdiff migrate: missing.json: No such file or directory\n"),
        ]
        for (arguments, stderr) in cases {
            let r = try run(arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["2", "", stderr], "\(arguments)")
        }
    }

    /// The tasks sample copied beside its Core Data model.
    func copyTasksSample() throws {
        for name in ["base.graph.json", "tasks.schema.json", "Tasks.xcdatamodeld"] {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: samplePath("tasks/" + name)), to: directory.appendingPathComponent(name))
        }
    }

    func test_coreDataModel_recordsTheVersionRead_andEveryCommandReadsIt() throws {
        try copyTasksSample()
        let r = try run(["base.graph.json", "--to", "Tasks.xcdatamodeld", "-o", "out/base-2.graph.json"])
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["0", "", ""])
        let text = try contents("out/base-2.graph.json")
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\": \"../Tasks.xcdatamodeld/Tasks 2.xcdatamodel\",\n"), text)
        XCTAssertTrue(text.contains("""
                  "t1": {
                    "done": false,
                    "due": null,
                    "list": "groceries",
                    "name": "Milk",
                    "next": "t2",
                    "notes": null,
                    "prev": null,
                    "priority": 0
                  },
            """), text)
        let v = try runBinary(["validate", "out/base-2.graph.json"], in: directory)
        XCTAssertEqual([v.status.description, v.stdout, v.stderr],
                       ["0", "out/base-2.graph.json: valid graph of schema \"Tasks\" (8 objects)\n", ""])
        // The first version is the sample's own schema: nothing changes but $schema.
        let first = try run(["base.graph.json", "--to", "Tasks.xcdatamodeld", "--version", "Tasks"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, try contents("base.graph.json").replacingOccurrences(
            of: #""$schema": "tasks.schema.json""#, with: #""$schema": "Tasks.xcdatamodeld/Tasks.xcdatamodel""#))
        let noVersion = try run(["base.graph.json", "--to", "Tasks.xcdatamodeld", "--version", "Tasks 9"])
        XCTAssertEqual(noVersion.status, 2)
        XCTAssertEqual(noVersion.stdout, "")
        XCTAssertTrue(noVersion.stderr.contains("Tasks 9"), noVersion.stderr)
    }

    /// A model without uniqueness constraints, imported with `--identity`:
    /// migrate applies the same `--identity` to the model it migrates to,
    /// and to the graph's own `$schema` when that names a model.
    func test_identityOption_appliesToTheModels_asImportDid() throws {
        let models = try SchemaDiffCommandTests.tasksModelWithoutConstraints(self)
        try FileManager.default.moveItem(at: models.appendingPathComponent("Tasks.xcdatamodeld"),
                                         to: directory.appendingPathComponent("Tasks.xcdatamodeld"))
        try FileManager.default.copyItem(at: URL(fileURLWithPath: samplePath("tasks/base.graph.json")),
                                         to: directory.appendingPathComponent("base.graph.json"))
        let identities = ["--identity", "Task=id", "--identity", "TaskList=id"]
        let imported = try runBinary(["schema", "import", "--version", "Tasks", "Tasks.xcdatamodeld", "-o", "tasks.schema.json"] + identities,
                                     in: directory)
        XCTAssertEqual([imported.status.description, imported.stdout, imported.stderr], ["0", "", ""])
        let refused = try run(["base.graph.json", "--to", "Tasks.xcdatamodeld", "-o", "out/b2.graph.json"])
        XCTAssertEqual([refused.status.description, refused.stdout, refused.stderr], ["1", "", """
            graphdiff migrate: base.graph.json cannot be migrated to Tasks.xcdatamodeld: 2 changes need a mapping; nothing written
            Tasks.xcdatamodeld: Task: modified (identity): objects are identified by another attribute
            Tasks.xcdatamodeld: TaskList: modified (identity): objects are identified by another attribute

            """])
        let r = try run(["base.graph.json", "--to", "Tasks.xcdatamodeld", "-o", "out/b2.graph.json"] + identities)
        XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["0", "", ""])
        let migrated = try contents("out/b2.graph.json")
        XCTAssertTrue(migrated.hasPrefix("{\n  \"$schema\": \"../Tasks.xcdatamodeld/Tasks 2.xcdatamodel\",\n"), migrated)
        XCTAssertTrue(migrated.contains("""
                  "t1": {
                    "done": false,
                    "due": null,
                    "list": "groceries",
                    "name": "Milk",
                    "next": "t2",
                    "notes": null,
                    "prev": null,
                    "priority": 0
                  },
            """), migrated)
        // Its $schema names the model: read with the same identities, it migrates to itself unchanged.
        let again = try run(["out/b2.graph.json", "--to", "Tasks.xcdatamodeld"] + identities)
        XCTAssertEqual([again.status.description, again.stderr], ["0", ""])
        XCTAssertEqual(again.stdout, migrated.replacingOccurrences(of: "../Tasks.xcdatamodeld/Tasks 2.xcdatamodel",
                                                                   with: "Tasks.xcdatamodeld/Tasks 2.xcdatamodel"))
        let usage = "Usage: \(MigrateCommand.usage)\nSee 'graphdiff help migrate'.\n"
        for (arguments, message) in [
            (["base.graph.json", "--to", "Tasks.xcdatamodeld", "--identity", "Nope=id"], "--identity: no entity \"Nope\" in the models read"),
            (["notes.graph.json", "--to", "new.schema.json", "--identity", "Note=id"],
             "--identity needs a Core Data model; every model given is a schema file"),
            (["base.graph.json", "--to", "Tasks.xcdatamodeld", "--identity", "Task=id", "--identity", "Task=name"],
             "--identity gives Task two identities, id and name"),
        ] {
            let u = try run(arguments)
            XCTAssertEqual([u.status.description, u.stdout, u.stderr], ["2", "", "graphdiff migrate: \(message)\n" + usage], "\(arguments)")
        }
    }

    func test_force_migratesAGraphWhoseFingerprintNamesAnotherSchema() throws {
        let text = Self.graph.replacingOccurrences(of: #""metadata": {"device": "phone"}"#,
                                                   with: #""metadata": {"device": "phone", "schemaFingerprint": "sha256:00"}"#)
        XCTAssertNotEqual(text, Self.graph)
        try Data(text.utf8).write(to: directory.appendingPathComponent("fp.graph.json"))
        let refused = try run(["fp.graph.json", "--to", "new.schema.json"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.hasSuffix("the graph was written for another schema (use --force to go on)\n"), refused.stderr)
        let r = try run(["fp.graph.json", "--to", "new.schema.json", "--force"])
        XCTAssertEqual([r.status.description, r.stderr], ["0", ""])
        XCTAssertEqual(r.stdout, Self.migrated(schema: "new.schema.json").replacingOccurrences(
            of: "    \"device\": \"phone\"\n", with: "    \"device\": \"phone\",\n    \"schemaFingerprint\": \"\(try fingerprint("new.schema.json"))\"\n"))
    }

    /// The fingerprint of the schema file `name`, as validate reads it.
    func fingerprint(_ name: String) throws -> String {
        let schema = try GraphDiff.Schema.load(Array(try Data(contentsOf: directory.appendingPathComponent(name))))
        return schema.fingerprint
    }

    func test_schemaNamingAMissingModel_isTroubleForThatFileOnly() throws {
        try Data(#"{"$schema": "M.xcdatamodeld", "objects": {}}"#.utf8).write(to: directory.appendingPathComponent("m.json"))
        let v = try runBinary(["validate", "m.json", "notes.graph.json"], in: directory)
        XCTAssertEqual([v.status.description, v.stdout, v.stderr], [
            "2", "notes.graph.json: valid graph of schema \"Notes\" (3 objects)\n", "graphdiff validate: m.json: schema M.xcdatamodeld: No such file or directory\n",
        ])
    }

    func test_isCoreDataModel_byItsForm() {
        for path in ["M.xcdatamodeld", "M.xcdatamodeld/", "a/M.xcdatamodeld/M 2.xcdatamodel", "M.xcdatamodel/contents", "M.xcdatamodel//"] {
            XCTAssertTrue(ModelInput.isCoreDataModel(path), path)
        }
        for path in ["m.schema.json", "contents", "xcdatamodel", "M.xcdatamodeld.json", "/"] {
            XCTAssertFalse(ModelInput.isCoreDataModel(path), path)
        }
    }

    func test_help_agrees() {
        let x = graphdiff(["help", "migrate"]), y = graphdiff(["migrate", "--help"])
        XCTAssertEqual(x.stdout, Help.migrate)
        XCTAssertEqual(y.stdout, Help.migrate)
        XCTAssertTrue(Help.root.contains("  migrate     Move a graph to the next version of its schema.\n"))
    }
}
