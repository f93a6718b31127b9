import XCTest
@testable import GraphDiff

final class IgnoredPropertiesTests: XCTestCase {
    func tasks(_ name: String) throws -> Graph { try sampleGraph("tasks/\(name).graph.json", schema: "tasks/tasks.schema.json") }
    var schema: Schema { get throws { try sampleSchema("tasks/tasks.schema.json") } }

    func test_init_resolvesNames_andNamesEveryMistake() throws {
        let schema = try schema
        let task = try XCTUnwrap(schema.index(ofEntity: "Task")), list = try XCTUnwrap(schema.index(ofEntity: "TaskList"))
        let all = try IgnoredProperties(["*.title", "Task.due", "metadata.lastSync"], schema: schema)
        XCTAssertEqual(all.slots(of: task), [schema.entities[task].storedSlot["title"], schema.entities[task].storedSlot["due"]].compactMap { $0 }.reduce(into: Set<Int>()) { $0.insert($1) })
        XCTAssertEqual(all.slots(of: list), [try XCTUnwrap(schema.entities[list].storedSlot["title"])])
        XCTAssertEqual(all.metadata, [ExactString("lastSync")])
        XCTAssertThrowsError(try IgnoredProperties(["Tsk.title", "Task.titel", "Task.list", "Task.*", "title", "*.nothing", "*.items", ".x"], schema: schema)) { error in
            XCTAssertEqual((error as? SchemaError)?.problems.map(\.description), [
                #"diff.ignore.0: "Tsk.title": no entity "Tsk" in the schema"#,
                #"diff.ignore.1: "Task.titel": entity "Task" has no property "titel""#,
                #"diff.ignore.2: "Task.list": a relationship; only attributes can be ignored"#,
                #"diff.ignore.3: "Task.*": a whole entity cannot be ignored; name its properties"#,
                #"diff.ignore.4: "title": expected ENTITY.PROPERTY (or *.PROPERTY)"#,
                #"diff.ignore.5: "*.nothing": no entity has an attribute "nothing""#,
                #"diff.ignore.6: "*.items": a relationship; only attributes can be ignored"#,
                #"diff.ignore.7: ".x": expected ENTITY.PROPERTY (or *.PROPERTY)"#,
            ])
        }
    }

    func test_subEntity_inheritsItsParentsIgnores() throws {
        let schema = try Schema.load(Array(#"""
            {"format": "graphdiff-schema/1", "name": "S", "entities": {
              "Item": {"identity": "id", "attributes": {"id": {"type": "string"}, "updatedAt": {"type": "string"}}},
              "Book": {"parent": "Item", "attributes": {"isbn": {"type": "string"}}}}}
            """#.utf8))
        let ignored = try IgnoredProperties(["Item.updatedAt"], schema: schema)
        for name in ["Item", "Book"] {
            let e = try XCTUnwrap(schema.entity(named: name))
            XCTAssertEqual(ignored.slots(of: e.index), [try XCTUnwrap(e.storedSlot["updatedAt"])], name)
        }
        XCTAssertThrowsError(try IgnoredProperties(["Book.isbn", "Item.isbn"], schema: schema)) { error in
            XCTAssertEqual((error as? SchemaError)?.problems.map(\.message), [#""Item.isbn": entity "Item" has no property "isbn""#])
        }
    }

    func test_diff_leavesOutIgnoredAttributesAndMetadata_insertedObjectsStayWhole() throws {
        let base = try tasks("base"), theirs = try tasks("theirs")
        let ignored = try IgnoredProperties(["*.title", "metadata.lastSync"], schema: base.schema)
        let changes = try ChangeSet.diff(from: base, to: theirs, options: DiffOptions(ignored: ignored))
        XCTAssertEqual(HumanRenderer.render(changes, context: RenderContext(oldName: "base", newName: "theirs")), """
            + Task "t6"
                done: false
                due: null
                list: "groceries"
                title: "Tea"
            ~ TaskList "groceries"
                items (order):
                  + "t6" after "t3"
                  > "t4" moved to the head (was after "t3")
            ~ metadata
                device: "laptop" → "phone"

            Task: 1 inserted, 1 moved
            metadata: 1 changed

            """)
        // The document patch keeps the old values of ignored attributes.
        let target = theirs.withIgnoredValues(of: base, ignored: ignored)
        XCTAssertEqual(target.value(of: base.id(entity: "Task", identity: "t3"), "title"), "Eggs")
        XCTAssertEqual(target.value(of: base.id(entity: "Task", identity: "t6"), "title"), "Tea")
        XCTAssertEqual(target.metadata["lastSync"], base.metadata["lastSync"])
        XCTAssertEqual(target.metadata["device"], "phone")
        XCTAssertEqual(try ChangeSet.diff(from: target, to: theirs).objects.map { "\($0.entity) \($0.id.identity) \($0.changes.map(\.property))" },
                       [#"Task t3 ["title"]"#, #"TaskList chores ["title"]"#])
    }

    func test_merge_bothSidesChangeAnIgnoredAttribute_takesMine_noConflict() throws {
        let base = try tasks("base")
        var mine = try tasks("mine"), theirs = try tasks("theirs")
        let milk = base.id(entity: "Task", identity: "t1"), eggs = base.id(entity: "Task", identity: "t3")
        mine.setValue("Oat milk", of: milk, "title")
        theirs.setValue("Soy milk", of: milk, "title")
        XCTAssertEqual(try Graph.merge(base: base, mine: mine, theirs: theirs).conflicts.map(\.path.description), ["/objects/Task/t1/title"])
        let ignored = try IgnoredProperties(["Task.title", "metadata.device"], schema: base.schema)
        let result = try Graph.merge(base: base, mine: mine, theirs: theirs, ignored: ignored)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.graph.value(of: milk, "title"), "Oat milk")
        XCTAssertEqual(result.graph.value(of: eggs, "title"), "Eggs", "theirs' rename of an ignored attribute does not count")
        XCTAssertEqual(result.graph.value(of: base.id(entity: "Task", identity: "t6"), "title"), "Tea", "an object only theirs has keeps its values")
        XCTAssertEqual(result.graph.metadata["device"], "laptop")
        XCTAssertEqual(result.graph.consistencyProblems(), [])
    }

    func test_merge_deletedOnOneSide_changedOnlyInIgnoredAttributes_isDeleted() throws {
        let base = try tasks("base")
        var mine = base, theirs = base
        let vacuum = base.id(entity: "Task", identity: "c1")
        theirs.setValue("Hoover", of: vacuum, "title")
        _ = mine.objects.removeValue(forKey: vacuum)
        mine.setValue(.null, of: base.id(entity: "Task", identity: "c2"), "prev")
        XCTAssertEqual(mine.consistencyProblems(), [])
        let ignored = try IgnoredProperties(["Task.title"], schema: base.schema)
        for (m, t) in [(mine, theirs), (theirs, mine)] {
            XCTAssertEqual(try Graph.merge(base: base, mine: m, theirs: t).conflicts.map(\.kind.rawValue).count, 1)
            let result = try Graph.merge(base: base, mine: m, theirs: t, ignored: ignored)
            XCTAssertEqual(result.conflicts, [])
            XCTAssertNil(result.graph.objects[vacuum])
        }
    }

    func test_schemaDiffIgnore_appliesToDiffAndMerge_andIsCheckedWithPositions() throws {
        var text = String(decoding: try sampleBytes("tasks/tasks.schema.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: #"  "format": "graphdiff-schema/1","#, with: #"  "diff": {"ignore": ["Task.title"]},\#n  "format": "graphdiff-schema/1","#)
        let schema = try Schema.load(Array(text.utf8))
        XCTAssertEqual(schema.diffScope.ignore, ["Task.title"])
        XCTAssertEqual(schema.encoded().objectValue?["diff"], try json(#"{"ignore": ["Task.title"]}"#))
        XCTAssertEqual(schema.fingerprint, try sampleSchema("tasks/tasks.schema.json").fingerprint, "diff.ignore is not part of the model")
        let base = try Graph.load(sampleBytes("tasks/base.graph.json"), schema: schema), theirs = try Graph.load(sampleBytes("tasks/theirs.graph.json"), schema: schema)
        XCTAssertEqual(try ChangeSet.diff(from: base, to: theirs).objects.map(\.id.identity), ["t6", "chores"])

        let bad = text.replacingOccurrences(of: #"["Task.title"]"#, with: #"["Task.titel", "List.title"]"#)
        XCTAssertEqual(schemaProblems(bad).map(\.description), [
            #"61:12: "Task.titel": entity "Task" has no property "titel""#,
            #"61:12: "List.title": no entity "List" in the schema"#,
        ])
        XCTAssertEqual(schemaProblems(text.replacingOccurrences(of: #"["Task.title"]"#, with: #"[1]"#)).map(\.description),
                       [#"61:12: expected an array of ENTITY.PROPERTY names"#])
    }
}
