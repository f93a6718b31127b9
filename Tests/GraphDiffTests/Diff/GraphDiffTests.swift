import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class GraphDiffTests: XCTestCase {
    func context(_ old: String, _ new: String) throws -> RenderContext {
        RenderContext(oldName: old, newName: new, oldSource: JSONSourceText(try sampleBytes(old)), newSource: JSONSourceText(try sampleBytes(new)))
    }

    func test_people_v1_v2_humanReport() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let v2 = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        let changes = try ChangeSet.diff(from: v1, to: v2)
        XCTAssertEqual(HumanRenderer.render(changes, context: try context("people/v1.graph.json", "people/v2.graph.json")), """
            ~ Address "a1"  people/v2.graph.json:8:7
                street: "12 rue Mercière" → "14 rue Mercière"
            - Address "a2"  people/v1.graph.json:14:7
                city: "Paris"
                person: "p1"
                street: "3 quai d'Orsay"
                zip: null
            + Address "a4"  people/v2.graph.json:20:7
                city: "Nantes"
                person: "p1"
                street: "1 place Royale"
                zip: "44000"
            + Dog "d2"  people/v2.graph.json:33:7
                breed: null
                name: "Fido"
                owner: "p2"
            ~ Person "p1"  people/v2.graph.json:40:7
                age: 23 → 24
            ~ Person "p2"  people/v2.graph.json:47:7
                dog: null → "d2"
                firstName: "Ann" → "Anne"
            ~ metadata
                lastSync: "2026-11-20T10:00:00Z" → "2026-11-21T08:30:00Z"

            Address: 1 inserted, 1 deleted, 1 updated
            Dog: 1 inserted
            Person: 2 updated
            metadata: 1 changed

            """)
    }

    func test_tasks_chainEdits_areSequenceChanges_notPrevNextChanges() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let theirs = try sampleGraph("tasks/theirs.graph.json", schema: "tasks/tasks.schema.json")
        let changes = try ChangeSet.diff(from: base, to: theirs)
        // t4 moved to the head: its neighbours' prev/next changed, yet only one move is reported.
        XCTAssertEqual(changes.sequences, [SequenceChange(
            owner: ObjectID(entity: "TaskList", identity: "groceries"), ownerEntity: "TaskList", relationship: "items", memberRoot: "Task",
            inserted: [.init(member: "t6", after: "t3")], removed: [], moved: [.init(member: "t4", from: "t3", to: nil)],
            ownerOffset: changes.sequences.first?.ownerOffset ?? -1)])
        XCTAssertEqual(changes.objects.map { "\($0.kind.rawValue) \($0.id)" }, ["updated Task:t3", "inserted Task:t6", "updated TaskList:chores"])
        for c in changes.objects { XCTAssertFalse(c.values.contains { $0.name == "prev" || $0.name == "next" }) }
        XCTAssertEqual(changes.objects.flatMap(\.changes).map(\.property), ["title", "title"])
    }

    func test_diffWithItself_isEmpty() throws {
        for (path, schema) in [("people/v1.graph.json", "people/people.schema.json"), ("tasks/mine.graph.json", "tasks/tasks.schema.json"),
                               ("jobs/v2.graph.json", "jobs/jobs.schema.json")] {
            let g = try sampleGraph(path, schema: schema)
            XCTAssertTrue(try ChangeSet.diff(from: g, to: g).isEmpty, path)
        }
    }

    func test_typedComparison_datesDecimalsAndJSON() throws {
        let v1 = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        let v2 = try sampleGraph("jobs/v2.graph.json", schema: "jobs/jobs.schema.json")
        let changes = try ChangeSet.diff(from: v1, to: v2)
        let report = changes.objects.first { $0.entity == "ReportJob" }
        // enqueuedAt is the same instant written in another zone: not a change.
        XCTAssertEqual(report?.changes.map(\.property), ["options"])
        let email = changes.objects.first { $0.id.identity.hasPrefix("0b7e") }
        // cost 0.10 → 0.1 is the same decimal; enqueuedAt gained ".000".
        XCTAssertEqual(email?.changes.map(\.property), ["attempts", "payload", "state"])
    }

    func test_everyKindOfPropertyChange() throws {
        let schema = try kitchenSinkSchema()
        let old = try Graph.load(Array("""
            {"metadata": {"gone": 1, "same": 2},
             "objects": {
              "Owner": {"o1": {"name": "x", "badge": "b1"}, "o2": {"badge": null}},
              "Badge": {"b1": {"holder": "o1"}},
              "Item": {"i1": {"owner": "o1", "prev": null, "next": null, "tags": ["t1"], "when": "2026-01-01T00:00:00Z"}},
              "Tag": {"t1": {"items": ["i1"]}, "t2": {"items": []}}}}
            """.utf8), schema: schema)
        let new = try Graph.load(Array("""
            {"metadata": {"same": 2, "added": [1]},
             "objects": {
              "Owner": {"o1": {"name": "y", "badge": null}, "o2": {"badge": "b1"}},
              "Badge": {"b1": {"holder": "o2"}},
              "Special": {"i1": {"owner": "o1", "prev": null, "next": null, "tags": ["t1"], "extra": {"a": 1}}},
              "Tag": {"t1": {"items": ["i1"]}, "t2": {"items": []}}}}
            """.utf8), schema: schema)
        let changes = try ChangeSet.diff(from: old, to: new)
        XCTAssertEqual(changes.objects.map { "\($0.kind.rawValue) \($0.entity) \($0.id.identity)" }, [
            "updated Badge b1", "deleted Item i1", "updated Owner o1", "updated Owner o2", "inserted Special i1",
        ])
        XCTAssertEqual(changes.objects[0].changes, [PropertyChange(property: "holder", kind: .reference(old: "o1", new: "o2"))])
        XCTAssertEqual(changes.objects[2].changes, [
            PropertyChange(property: "badge", kind: .reference(old: "b1", new: nil)),
            PropertyChange(property: "name", kind: .attribute(old: "x", new: "y")),
        ])
        XCTAssertEqual(changes.metadata, [MetadataChange(key: "added", old: nil, new: [1]), MetadataChange(key: "gone", old: 1, new: nil)])
    }

    func test_manyToManyMembership() throws {
        let schema = try kitchenSinkSchema()
        func graph(_ tags: String, _ t1: String, _ t2: String) throws -> Graph {
            try Graph.load(Array("""
                {"objects": {"Owner": {"o": {"badge": null}},
                 "Item": {"i": {"owner": "o", "prev": null, "next": null, "tags": \(tags)}},
                 "Tag": {"t1": {"items": \(t1)}, "t2": {"items": \(t2)}}}}
                """.utf8), schema: schema)
        }
        let changes = try ChangeSet.diff(from: try graph(#"["t1"]"#, #"["i"]"#, "[]"), to: try graph(#"["t2"]"#, "[]", #"["i"]"#))
        XCTAssertEqual(changes.objects.map(\.id.identity), ["i", "t1", "t2"])
        XCTAssertEqual(changes.objects[0].changes, [PropertyChange(property: "tags", kind: .members(added: ["t2"], removed: ["t1"]))])
    }

    func test_ownershipScope_rootIncludeExclude() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let v2 = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        let p1 = ObjectID(entity: "Person", identity: "p1")
        let scoped = try ChangeSet.diff(from: v1, to: v2, options: DiffOptions(root: p1))
        XCTAssertEqual(scoped.objects.map(\.id.description), ["Address:a1", "Address:a2", "Address:a4", "Person:p1"])
        XCTAssertEqual(scoped.metadata, [])
        let noAddresses = try ChangeSet.diff(from: v1, to: v2, options: DiffOptions(root: p1, exclude: ["Person": ["addresses"]]))
        XCTAssertEqual(noAddresses.objects.map(\.id.description), ["Person:p1"])
        XCTAssertEqual(v1.ownedObjects(from: ObjectID(entity: "Dog", identity: "d1")).map(\.description).sorted(),
                       ["Address:a1", "Address:a2", "Dog:d1", "Person:p1"], "diff.include follows Dog.owner; the walk stops at cycles")
        XCTAssertThrowsError(try ChangeSet.diff(from: v1, to: v2, options: DiffOptions(root: ObjectID(entity: "Person", identity: "zz"))))
    }

    func test_schemasMustMatch() throws {
        let people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let tasks = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        XCTAssertThrowsError(try ChangeSet.diff(from: people, to: tasks)) { XCTAssertTrue($0 is DiffError) }
    }

    func test_patchDocument_andTree_forASmallChange() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        var v2 = v1
        v2.setValue(30, of: ObjectID(entity: "Person", identity: "p2"), "age")
        let changes = try ChangeSet.diff(from: v1, to: v2)
        XCTAssertEqual(JSONWriter.string(PatchDocument.encode(changes), style: .compactSorted),
                       #"{"changes":[{"entity":"Person","id":"p2","op":"update","properties":{"age":{"new":30,"old":41}}}],"format":"graphdiff-patch/1","schema":{"fingerprint":"\#(v1.schema.fingerprint)","name":"People"}}"#)
        XCTAssertEqual(JSONWriter.string(TreeRenderer.render(changes, old: v1, new: v2), style: .compactSorted),
                       #"[{"attributes":{"age":{"new":30,"old":41}},"change":"updated","entity":"Person","id":"p2"}]"#)
    }

    func test_tree_nestsOwnedChangesUnderTheirOwner() throws {
        let v1 = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        var v2 = v1
        v2.setValue("Elm St", of: ObjectID(entity: "Address", identity: "a1"), "street")
        let tree = TreeRenderer.render(try ChangeSet.diff(from: v1, to: v2), old: v1, new: v2)
        XCTAssertEqual(JSONWriter.string(tree, style: .compactSorted),
                       #"[{"change":"unchanged","entity":"Person","id":"p1","relationships":{"addressesChanges":[{"attributes":{"street":{"new":"Elm St","old":"12 rue Mercière"}},"change":"updated","entity":"Address","id":"a1"}]}}]"#)
    }

    func test_jsonPatch_ofCanonicalForms_reproducesTheNewGraph() throws {
        for (a, b, s) in [("people/v1.graph.json", "people/v3.graph.json", "people/people.schema.json"),
                          ("tasks/base.graph.json", "tasks/theirs.graph.json", "tasks/tasks.schema.json")] {
            let old = try sampleGraph(a, schema: s), new = try sampleGraph(b, schema: s)
            let patch = JSONPatch(edits: JSONDiff.diff(from: old.encoded(), to: new.encoded(), options: .init(numbersByText: true)))
            let patched = try patch.apply(to: old.encoded())
            XCTAssertEqual(JSONWriter.canonical(patched), new.canonicalText(), "\(a) → \(b)")
        }
    }

    // MARK: Properties over random graphs and edits

    func test_property_randomEdits_areReportedExactly() throws {
        for seed in UInt64(1)...60 {
            var generator = GraphGenerator(seed: seed)
            let size = [30, 100, 400][Int(seed % 3)]
            let base = generator.graph(objectCount: size)
            var editor = GraphEditor(seed: seed &* 7919)
            let (edited, record) = editor.edit(base, count: Int(seed % 12) + 1)
            XCTAssertEqual(edited.consistencyProblems(), [], "seed \(seed): the editor keeps graphs consistent")
            let changes = try ChangeSet.diff(from: base, to: edited)
            let byKind = Dictionary(grouping: changes.objects, by: \.kind).mapValues { Set($0.map(\.id)) }
            XCTAssertEqual(byKind[.inserted] ?? [], record.inserted, "seed \(seed)")
            XCTAssertEqual(byKind[.deleted] ?? [], record.deleted, "seed \(seed)")
            XCTAssertEqual(byKind[.updated] ?? [], record.updated, "seed \(seed)")
            XCTAssertLessThanOrEqual(changes.sequences.reduce(0) { $0 + $1.moved.count }, record.moves, "seed \(seed)")
            XCTAssertEqual(Set(changes.metadata.map(\.key)), record.metadataKeys, "seed \(seed)")
            XCTAssertTrue(try ChangeSet.diff(from: edited, to: edited).isEmpty, "seed \(seed)")
        }
    }

    func test_property_kMovesAreReportedWithAtMostKMoves() throws {
        for seed in UInt64(1)...40 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: 200)
            var editor = GraphEditor(seed: seed)
            let (moved, record) = editor.edit(base, count: Int(seed % 7) + 1, kinds: [.moveItem])
            let changes = try ChangeSet.diff(from: base, to: moved)
            XCTAssertEqual(changes.objects, [], "seed \(seed): a move is never an object change")
            XCTAssertLessThanOrEqual(changes.sequences.reduce(0) { $0 + $1.moved.count }, record.moves, "seed \(seed)")
            XCTAssertTrue(changes.sequences.allSatisfy { $0.inserted.isEmpty && $0.removed.isEmpty }, "seed \(seed)")
        }
    }
}
