import Foundation
import XCTest
@testable import GraphDiffCLI

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
            lists.graph.json: Item "x".list: required relationship "list" is null

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
            (["notes.graph.json", "--to", "nope.json"], "nope.json: No such file or directory\n"),
            (["notes.graph.json", "--to", "plain.json"], """
                plain.json:1:2: unknown member "a"
                plain.json:1:1: missing "format"
                plain.json:1:1: missing "entities"

                """),
            (["plain.json", "--to", "new.schema.json"], "graphdiff migrate: plain.json: no schema applies (give --schema or \"$schema\")\n"),
            (["missing.json", "--to", "new.schema.json"], "missing.json: No such file or directory\n"),
        ]
        for (arguments, stderr) in cases {
            let r = try run(arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["2", "", stderr], "\(arguments)")
        }
    }

    func test_help_agrees() {
        let x = graphdiff(["help", "migrate"]), y = graphdiff(["migrate", "--help"])
        XCTAssertEqual(x.stdout, Help.migrate)
        XCTAssertEqual(y.stdout, Help.migrate)
        XCTAssertTrue(Help.root.contains("  migrate     Move a graph to the next version of its schema.\n"))
    }
}
