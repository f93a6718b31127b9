import Foundation
import XCTest
@testable import GraphDiff
@testable import GraphDiffCLI

/// `graphdiff schema import` and the model loader (``ModelInput``) the
/// commands that take models share.
final class SchemaImportCommandTests: XCTestCase {
    let bundle = samplePath("tasks/Tasks.xcdatamodeld")

    /// The current version of the sample, Tasks 2, as graphdiff(5) shows it.
    static let tasks2 = """
        {
          "entities": {
            "Task": {
              "attributes": {
                "done": {
                  "default": false,
                  "type": "bool"
                },
                "due": {
                  "optional": true,
                  "type": "date"
                },
                "id": {
                  "type": "string"
                },
                "name": {
                  "renamedFrom": "title",
                  "type": "string"
                },
                "notes": {
                  "optional": true,
                  "type": "string"
                },
                "priority": {
                  "default": 0,
                  "type": "int16"
                }
              },
              "identity": "id",
              "relationships": {
                "list": {
                  "destination": "TaskList",
                  "inverse": "items"
                },
                "next": {
                  "destination": "Task",
                  "inverse": "prev"
                },
                "prev": {
                  "destination": "Task",
                  "inverse": "next"
                }
              }
            },
            "TaskList": {
              "attributes": {
                "id": {
                  "type": "string"
                },
                "title": {
                  "type": "string"
                }
              },
              "identity": "id",
              "relationships": {
                "items": {
                  "deleteRule": "cascade",
                  "destination": "Task",
                  "inverse": "list",
                  "ordered": {
                    "next": "next",
                    "prev": "prev"
                  },
                  "toMany": true
                }
              }
            }
          },
          "format": "graphdiff-schema/1",
          "name": "Tasks",
          "version": 2
        }

        """

    func test_sampleModel_importsItsCurrentVersion_exit0_noNotes() {
        let r = graphdiff(["schema", "import", bundle])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, Self.tasks2)
    }

    func test_sampleFirstVersion_isTheTasksSchema_byEveryFormOfTheModel() throws {
        let schema = try Schema.load(Array(try Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/tasks.schema.json")))))
        let expected = String(decoding: JSONWriter.canonical(schema.encoded()), as: UTF8.self)
        for arguments in [[bundle, "--version", "Tasks"], [bundle, "--version=Tasks.xcdatamodel"],
                          [bundle + "/Tasks.xcdatamodel"], [bundle + "/Tasks.xcdatamodel/contents"]] {
            let r = graphdiff(["schema", "import"] + arguments)
            XCTAssertEqual(r.stderr, "", "\(arguments)")
            XCTAssertEqual(r.status, 0, "\(arguments)")
            XCTAssertEqual(r.stdout, expected, "\(arguments)")
            XCTAssertEqual(try Schema.load(Array(r.stdout.utf8)).fingerprint, schema.fingerprint)
        }
        XCTAssertEqual(graphdiff(["schema", "import", bundle + "/Tasks 2.xcdatamodel/contents"]).stdout, Self.tasks2)
    }

    /// A model folder `Shop.xcdatamodeld` holding `versions` (name → body) and
    /// `current` in `.xccurrentversion`.
    func modelFolder(_ versions: [String: String], current: String? = nil) throws -> URL {
        let root = try temporaryDirectory(self).appendingPathComponent("Shop.xcdatamodeld")
        for (name, body) in versions {
            let folder = root.appendingPathComponent(name + ".xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("<model lastSavedToolsVersion=\"1\">\n\(body)\n</model>\n".utf8).write(to: folder.appendingPathComponent("contents"))
        }
        if let current {
            try Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict><key>_XCCurrentVersionName</key><string>\(current).xcdatamodel</string></dict>
                </plist>
                """.utf8).write(to: root.appendingPathComponent(".xccurrentversion"))
        }
        return root
    }

    func test_output_isWrittenToTheFile_notesOnStandardError() throws {
        let root = try modelFolder(["Shop": """
            <entity name="Item"><attribute name="sku" attributeType="String"/></entity>
            <fetchRequest name="All" entity="Item"/>
            """])
        let out = root.deletingLastPathComponent().appendingPathComponent("shop.schema.json")
        let r = graphdiff(["schema", "import", root.path, "-o", out.path, "--identity", "Item=sku"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "\(root.path): note: model: fetch request \"All\" is not kept\n")
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), """
            {
              "entities": {
                "Item": {
                  "attributes": {
                    "sku": {
                      "type": "string"
                    }
                  },
                  "identity": "sku"
                }
              },
              "format": "graphdiff-schema/1",
              "name": "Shop"
            }

            """)
        XCTAssertEqual(graphdiff(["validate", out.path]).status, 0)
    }

    func test_versions_newestByNaturalSort_orCurrent_orAsked_unknownListsThem() throws {
        let versions = ["Shop": #"<entity name="A"/>"#, "Shop 2": #"<entity name="B"/>"#, "Shop 10": #"<entity name="C"/>"#]
        let newest = try modelFolder(versions)
        XCTAssertEqual(try Schema.load(Array(graphdiff(["schema", "import", newest.path]).stdout.utf8)).entities.map(\.name), ["C"])
        let current = try modelFolder(versions, current: "Shop 2")
        XCTAssertEqual(try Schema.load(Array(graphdiff(["schema", "import", current.path]).stdout.utf8)).entities.map(\.name), ["B"])
        let asked = graphdiff(["schema", "import", current.path, "--version", "Shop"])
        XCTAssertEqual(try Schema.load(Array(asked.stdout.utf8)).entities.map(\.name), ["A"])
        let missing = try modelFolder(versions, current: "Shop 3")
        let fallback = graphdiff(["schema", "import", missing.path])
        XCTAssertEqual(fallback.status, 0)
        XCTAssertEqual(fallback.stderr, "\(missing.path): note: .xccurrentversion: names \"Shop 3\", which is not in the model: using the newest, \"Shop 10\"\n")
        let unknown = graphdiff(["schema", "import", current.path, "--version", "Shop 4"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr, "\(current.path): --version: no version \"Shop 4\" in the model; its versions: \"Shop\", \"Shop 2\", \"Shop 10\"\n")
    }

    func test_badModel_exit2_withFileLineColumn_writesNothing() throws {
        let root = try modelFolder(["Shop": """
            <entity name="Item">
                <attribute name="sku" attributeType="String"/>
                <bogus/>
            </entity>
            """])
        let out = root.deletingLastPathComponent().appendingPathComponent("out.json")
        let r = graphdiff(["schema", "import", root.path, "-o", out.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "\(root.path)/Shop.xcdatamodel/contents:4:5: unknown XML element <bogus> in <entity>\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let dangling = try modelFolder(["Shop": """
            <entity name="Item">
                <relationship name="shop" optional="YES" maxCount="1" destinationEntity="Shop" inverseName="items"/>
            </entity>
            """])
        let d = graphdiff(["schema", "import", dangling.path])
        XCTAssertEqual(d.status, 2)
        XCTAssertEqual(d.stderr, "\(dangling.path)/Shop.xcdatamodel/contents:3:5: unknown destination entity \"Shop\"\n")
    }

    func test_usageErrors_exit2() throws {
        let folder = bundle + "/Tasks.xcdatamodel"
        let usage = SchemaDiffCommandTests.usage
        for (arguments, message) in [
            ([String](), "no subcommand given (import, diff)"),
            (["export", folder], "unknown subcommand 'export' (import, diff)"),
            (["import", folder, "--format", "json"], "--format is not an option of schema import"),
            (["import", folder, "--from", "Tasks"], "--from is not an option of schema import"),
            (["import"], "no model given"),
            (["import", folder, folder], "one model at a time"),
            (["import", folder, "--version", "Tasks"], "--version needs a .xcdatamodeld folder; \(folder) is one version"),
            (["import", folder, "--identity", "Task"], "--identity takes ENTITY=ATTRIBUTE, not 'Task'"),
            (["import", folder, "--identity", "Task=id", "--identity", "Task=title"], "--identity gives Task two identities, id and title"),
            (["import", samplePath("tasks/tasks.schema.json"), "--identity", "Task=id"],
             "--identity needs a Core Data model; \(samplePath("tasks/tasks.schema.json")) is a schema file"),
        ] {
            let r = graphdiff(["schema"] + arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "graphdiff schema: \(message)\n" + usage, "\(arguments)")
        }
        let schemaFile = graphdiff(["schema", "import", samplePath("tasks/tasks.schema.json")])
        XCTAssertEqual(schemaFile.status, 2)
        XCTAssertEqual(schemaFile.stderr, "graphdiff schema: \(samplePath("tasks/tasks.schema.json")): is a graphdiff schema already, not a Core Data model\n")
        let unknownEntity = graphdiff(["schema", "import", folder, "--identity", "Nope=id"])
        XCTAssertEqual(unknownEntity.status, 2)
        XCTAssertEqual(unknownEntity.stderr, "\(folder)/contents: --identity: no entity \"Nope\" in the model\n")
        let unknownAttribute = graphdiff(["schema", "import", folder, "--identity", "Task=nope"])
        XCTAssertEqual(unknownAttribute.status, 2)
        XCTAssertEqual(unknownAttribute.stdout, "")
        XCTAssertEqual(unknownAttribute.stderr, "\(folder)/contents: --identity: Task=nope: \"nope\" is not an attribute of \"Task\"\n")
    }

    func test_help_isTheSameByEveryRoute() {
        let help = graphdiff(["help", "schema"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("graphdiff schema: import a Core Data model; show how a model changed.\n"))
        XCTAssertEqual(graphdiff(["schema", "--help"]).stdout, help.stdout)
        XCTAssertEqual(graphdiff(["schema", "import", "-h"]).stdout, help.stdout)
    }

    func test_modelInput_loadsSchemaFilesToo() throws {
        let capture = CommandIO.Capture()
        let input = try ModelInput.load(samplePath("tasks/tasks.schema.json"), io: .capturing(capture))
        XCTAssertFalse(input.isCoreData)
        XCTAssertEqual(input.notes, [])
        XCTAssertEqual(input.schema.fingerprint, "sha256:600eb5d0814a59411ebb72d28e02bd09c9a2856bb5fc503c2996f675a357e5b1")
        let model = try ModelInput.load(bundle, io: .capturing(capture))
        XCTAssertTrue(model.isCoreData)
        XCTAssertEqual(model.file, bundle + "/Tasks 2.xcdatamodel/contents")
        XCTAssertEqual(model.schema.name, "Tasks")
        XCTAssertEqual(ModelInput.modelNameOf("/a/Shop.xcdatamodeld/Shop 3.xcdatamodel/contents"), "Shop")
        XCTAssertEqual(ModelInput.modelNameOf("/a/Shop 3.xcdatamodel/contents"), "Shop 3")
        XCTAssertEqual(ModelInput.modelNameOf("/a/Model 2.xcdatamodel.contents"), "Model 2")
    }
}
