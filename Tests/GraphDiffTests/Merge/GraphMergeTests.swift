import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class GraphMergeTests: XCTestCase {
    func tasks(_ name: String) throws -> Graph { try sampleGraph("tasks/\(name).graph.json", schema: "tasks/tasks.schema.json") }
    func people(_ name: String) throws -> Graph { try sampleGraph("people/\(name).graph.json", schema: "people/people.schema.json") }

    func test_syncSample_mergesCleanly() throws {
        let base = try tasks("base"), mine = try tasks("mine"), theirs = try tasks("theirs")
        let result = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.graph.metadata["device"], "phone")
        let g = result.graph
        let items = try XCTUnwrap(g.schema.entity(named: "TaskList")?.property(named: "items")?.relationship)
        XCTAssertEqual(g.chain(of: ObjectID(entity: "TaskList", identity: "groceries"), through: items).map(\.identity), ["t4", "t1", "t2", "t5", "t3", "t6"])
        XCTAssertEqual(g.chain(of: ObjectID(entity: "TaskList", identity: "chores"), through: items).map(\.identity), ["c2", "c1"])
        XCTAssertEqual(g.value(of: ObjectID(entity: "Task", identity: "t1"), "done"), true)
        XCTAssertEqual(g.value(of: ObjectID(entity: "Task", identity: "t3"), "title"), "Free-range eggs")
        XCTAssertEqual(g.value(of: ObjectID(entity: "TaskList", identity: "chores"), "title"), "Chores this week")
        XCTAssertEqual(g.consistencyProblems(), [])
    }

    func test_laws_onSamples() throws {
        for (b, x) in [(try tasks("base"), try tasks("mine")), (try tasks("base"), try tasks("theirs")), (try people("v1"), try people("v2")), (try people("v1"), try people("v3"))] {
            XCTAssertTrue(try ChangeSet.diff(from: try Graph.merge(base: b, mine: x, theirs: b).graph, to: x).isEmpty, "merge(B, M, B) = M")
            XCTAssertTrue(try ChangeSet.diff(from: try Graph.merge(base: b, mine: b, theirs: x).graph, to: x).isEmpty, "merge(B, B, T) = T")
            let same = try Graph.merge(base: b, mine: x, theirs: x)
            XCTAssertTrue(try ChangeSet.diff(from: same.graph, to: x).isEmpty, "merge(B, X, X) = X")
            XCTAssertEqual(same.conflicts, [])
        }
    }

    func test_property_laws_overRandomEdits() throws {
        for seed in UInt64(1)...50 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: [30, 150, 400][Int(seed % 3)])
            var e1 = GraphEditor(seed: seed &* 3), e2 = GraphEditor(seed: seed &* 5 &+ 1)
            let (mine, _) = e1.edit(base, count: Int(seed % 8) + 1)
            let (theirs, _) = e2.edit(base, count: Int(seed % 6) + 1)
            XCTAssertTrue(try ChangeSet.diff(from: try Graph.merge(base: base, mine: mine, theirs: base).graph, to: mine).isEmpty, "seed \(seed): merge(B, M, B) = M")
            XCTAssertTrue(try ChangeSet.diff(from: try Graph.merge(base: base, mine: base, theirs: theirs).graph, to: theirs).isEmpty, "seed \(seed): merge(B, B, T) = T")
            let both = try Graph.merge(base: base, mine: mine, theirs: theirs)
            XCTAssertEqual(both.graph.consistencyProblems(), [], "seed \(seed): the result is always valid")
            let swapped = try Graph.merge(base: base, mine: theirs, theirs: mine)
            XCTAssertEqual(Set(both.conflicts.map { "\($0.path) \($0.kind)" }), Set(swapped.conflicts.map { "\($0.path) \($0.kind)" }), "seed \(seed): swapping sides gives the same conflicts")
            // No edit is dropped: every change of either side is in the result or named in a conflict.
            let conflicted = Set(both.conflicts.compactMap { $0.identity })
            for side in [mine, theirs] {
                for change in try ChangeSet.diff(from: base, to: side).objects where !conflicted.contains(change.id.identity) {
                    switch change.kind {
                    case .inserted: XCTAssertNotNil(both.graph.objects[change.id], "seed \(seed): insert of \(change.id) kept")
                    case .deleted: XCTAssertNil(both.graph.objects[change.id], "seed \(seed): delete of \(change.id) kept")
                    case .updated:
                        for p in change.changes {
                            if case .attribute(_, let new) = p.kind {
                                XCTAssertEqual(both.graph.value(of: change.id, p.property), new, "seed \(seed): \(change.id).\(p.property)")
                            }
                        }
                    }
                }
            }
        }
    }

    func test_disjointEdits_equalApplyingTheirDiffToMine() throws {
        let base = try people("v1")
        var mine = base, theirs = base
        mine.setValue(30, of: ObjectID(entity: "Person", identity: "p1"), "age")
        theirs.setValue("Annie", of: ObjectID(entity: "Person", identity: "p2"), "firstName")
        let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
        let applied = try ChangeSet.diff(from: base, to: theirs).apply(to: mine).graph
        XCTAssertTrue(try ChangeSet.diff(from: merged.graph, to: applied).isEmpty)
        XCTAssertEqual(merged.conflicts, [])
    }

    func test_conflictKinds() throws {
        let base = try people("v1")
        let p1 = ObjectID(entity: "Person", identity: "p1"), a1 = ObjectID(entity: "Address", identity: "a1")
        // Same property, different values.
        var mine = base, theirs = base
        mine.setValue(30, of: p1, "age")
        theirs.setValue(31, of: p1, "age")
        var r = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(r.conflicts.map(\.kind), [.property])
        XCTAssertEqual(r.graph.value(of: p1, "age"), 23, "unresolved: the base value")
        XCTAssertEqual(try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph.value(of: p1, "age"), 31)
        // Same change on both sides is not a conflict.
        XCTAssertEqual(try Graph.merge(base: base, mine: mine, theirs: mine).conflicts, [])
        // Atomic object: street on one side, city on the other → whole-object conflict.
        mine = base; theirs = base
        mine.setValue("1 New St", of: a1, "street")
        theirs.setValue("Marseille", of: a1, "city")
        r = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(r.conflicts.map(\.kind), [.atomicObject])
        XCTAssertEqual(r.graph.value(of: a1, "street"), "12 rue Mercière")
        XCTAssertEqual(r.graph.value(of: a1, "city"), "Lyon", "never a mix of fields")
        let preferred = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph
        XCTAssertEqual(preferred.value(of: a1, "street"), "1 New St")
        XCTAssertEqual(preferred.value(of: a1, "city"), "Lyon")
        // Delete vs modify.
        mine = base; theirs = base
        mine.removeObject(ObjectID(entity: "Address", identity: "a2"))
        theirs.setValue("75007", of: ObjectID(entity: "Address", identity: "a2"), "zip")
        r = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(r.conflicts.map(\.kind), [.deleteModify])
        XCTAssertNil(r.conflicts.first?.mine, "mine deleted it")
        XCTAssertEqual(r.conflicts.first?.theirs?["zip"], "75007")
        XCTAssertNotNil(r.graph.objects[ObjectID(entity: "Address", identity: "a2")])
        // The other way round: changed by mine, deleted by theirs.
        let swapped = try Graph.merge(base: base, mine: theirs, theirs: mine)
        XCTAssertEqual(swapped.conflicts.first?.mine?["zip"], "75007")
        XCTAssertNil(swapped.conflicts.first?.theirs, "theirs deleted it")
        XCTAssertEqual(swapped.conflicts.first?.description.contains("changed by mine, deleted by theirs"), true)
        XCTAssertNil(try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph.objects[ObjectID(entity: "Address", identity: "a2")])
    }

    func test_insertInsert_equalObjectsMergeSilently_otherwisePerProperty() throws {
        let base = try people("v1")
        let dog = try XCTUnwrap(base.schema.entity(named: "Dog"))
        func withDog(_ name: String, breed: JSONValue) -> Graph {
            var g = base
            g[ObjectID(entity: "Dog", identity: "d9")] = GraphObject(entity: dog, values: dog.storedProperties.map { p in
                ["breed": breed, "name": .string(name), "owner": .null][p.name] ?? .null
            })
            return g
        }
        XCTAssertEqual(try Graph.merge(base: base, mine: withDog("Rex", breed: .null), theirs: withDog("Rex", breed: .null)).conflicts, [])
        let r = try Graph.merge(base: base, mine: withDog("Rex", breed: "Pug"), theirs: withDog("Max", breed: "Pug"))
        XCTAssertEqual(r.conflicts.map { "\($0.kind) \($0.property ?? "")" }, ["insertInsert name"])
        XCTAssertEqual(r.graph.value(of: ObjectID(entity: "Dog", identity: "d9"), "name"), "Rex", "no base: mine's value")
    }

    func test_property_sameEditOnBothSides_andDisjointEdits() throws {
        for seed in UInt64(1)...30 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: 200)
            var e1 = GraphEditor(seed: seed &* 11)
            let (x, _) = e1.edit(base, count: Int(seed % 9) + 1)
            let same = try Graph.merge(base: base, mine: x, theirs: x)
            XCTAssertEqual(same.conflicts, [], "seed \(seed): merge(B, X, X) has no conflict")
            XCTAssertTrue(try ChangeSet.diff(from: same.graph, to: x).isEmpty, "seed \(seed): merge(B, X, X) = X")
            // Disjoint: mine edits attributes only, theirs moves items only.
            var e2 = GraphEditor(seed: seed &* 13), e3 = GraphEditor(seed: seed &* 17)
            let (mine, _) = e2.edit(base, count: 4, kinds: [.attribute])
            let (theirs, _) = e3.edit(base, count: 4, kinds: [.moveItem, .metadata])
            let merged = try Graph.merge(base: base, mine: mine, theirs: theirs)
            let applied = try ChangeSet.diff(from: base, to: theirs).apply(to: mine).graph
            XCTAssertEqual(merged.conflicts, [], "seed \(seed)")
            XCTAssertTrue(try ChangeSet.diff(from: merged.graph, to: applied).isEmpty, "seed \(seed): merge(B, M, T) = apply(diff(B, T), M)")
        }
    }

    func test_inverseEdit_isOneChange_notTwoConflicts() throws {
        let base = try people("v1")
        // Both sides give dog d1 to p2: Dog.owner and Person.dog change together.
        var mine = base
        mine.setValue("p2", of: ObjectID(entity: "Dog", identity: "d1"), "owner")
        mine.setValue(.null, of: ObjectID(entity: "Person", identity: "p1"), "dog")
        mine.setValue("d1", of: ObjectID(entity: "Person", identity: "p2"), "dog")
        var theirs = base
        theirs.setValue("Max", of: ObjectID(entity: "Dog", identity: "d1"), "name")
        let r = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.graph.value(of: ObjectID(entity: "Person", identity: "p2"), "dog"), "d1")
        XCTAssertEqual(r.graph.value(of: ObjectID(entity: "Dog", identity: "d1"), "name"), "Max")
    }

    func test_referenceToAnObjectTheOtherSideDeleted_isAConflict_neverDangling() throws {
        let base = try people("v1")
        var mine = base
        // Mine deletes p2 and what it owns.
        for id in base.ownedObjects(from: ObjectID(entity: "Person", identity: "p2")) { mine.removeObject(id) }
        var theirs = base
        // Theirs adds an address to p2.
        let address = try XCTUnwrap(base.schema.entity(named: "Address"))
        theirs[ObjectID(entity: "Address", identity: "a9")] = GraphObject(entity: address, values: address.storedProperties.map { p in
            ["city": "Leeds", "person": "p2", "street": "1 Main St", "zip": .null][p.name] ?? .null
        })
        let r = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(r.conflicts.map(\.kind), [.deletedReference])
        XCTAssertNotNil(r.graph.objects[ObjectID(entity: "Person", identity: "p2")], "restored from the base")
        XCTAssertEqual(r.graph.consistencyProblems(), [])
        let minePreferred = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine)
        XCTAssertNil(minePreferred.graph.objects[ObjectID(entity: "Address", identity: "a9")], "cascade: the owned address goes with p2")
        XCTAssertEqual(minePreferred.graph.consistencyProblems(), [])
    }

    func test_cascadeUnderPrefer_dropsTheRemovedObject_fromManyToManyLists() throws {
        // Theirs files a new document in folder f1 and puts it in bag b1;
        // mine deletes f1. Preferring mine removes the document (f1 owned
        // it), and b1 must not keep listing it.
        let schema = try Schema(name: "Files", version: 1, entities: [
            Entity(name: "Folder", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "docs", destination: "Doc", toMany: true, inverse: "folder", deleteRule: .cascade)]),
            Entity(name: "Doc", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "folder", destination: "Folder", inverse: "docs"),
                                   Relationship(name: "bags", destination: "Bag", toMany: true, inverse: "held")]),
            Entity(name: "Bag", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "held", destination: "Doc", toMany: true, inverse: "bags")]),
        ])
        let folder = try XCTUnwrap(schema.entity(named: "Folder")), doc = try XCTUnwrap(schema.entity(named: "Doc"))
        let bag = try XCTUnwrap(schema.entity(named: "Bag"))
        func object(_ entity: Entity, _ values: [String: JSONValue]) -> GraphObject {
            GraphObject(entity: entity, values: entity.storedProperties.map { values[$0.name] ?? .null })
        }
        let f1 = ObjectID(entity: "Folder", identity: "f1"), b1 = ObjectID(entity: "Bag", identity: "b1"), d1 = ObjectID(entity: "Doc", identity: "d1")
        var base = Graph(schema: schema)
        base[f1] = object(folder, [:])
        base[b1] = object(bag, ["held": []])
        var mine = base
        mine[f1] = nil
        var theirs = base
        theirs[d1] = object(doc, ["folder": "f1", "bags": ["b1"]])
        theirs[b1] = object(bag, ["held": ["d1"]])
        XCTAssertEqual(theirs.consistencyProblems(), [])

        let minePreferred = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine)
        XCTAssertEqual(minePreferred.conflicts.map(\.kind), [.deletedReference])
        XCTAssertNil(minePreferred.graph[d1])
        XCTAssertNil(minePreferred.graph[f1])
        XCTAssertEqual(minePreferred.graph.value(of: b1, "held"), [])
        XCTAssertEqual(minePreferred.graph.consistencyProblems(), [])

        // Without a preference nothing is lost: the folder comes back.
        let kept = try Graph.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertNotNil(kept.graph[f1])
        XCTAssertEqual(kept.graph.value(of: b1, "held"), ["d1"])
        XCTAssertEqual(kept.graph.consistencyProblems(), [])
    }

    func test_deletedObject_referredToByTwoObjects_isAConflictOnEach_settledAlike() throws {
        let schema = try Schema.load(Array("""
            {"format":"graphdiff-schema/1","name":"M","entities":{
             "List":{"identity":"id","attributes":{"id":{"type":"string"}},"relationships":{"tags":{"destination":"Tag","toMany":true,"inverse":"lists"}}},
             "Tag":{"identity":"id","attributes":{"id":{"type":"string"}},"relationships":{"lists":{"destination":"List","toMany":true,"inverse":"tags"}}}}}
            """.utf8))
        let base = try Graph.load(Array(#"{"objects":{"List":{"L1":{},"L2":{}},"Tag":{"t":{}}}}"#.utf8), schema: schema)
        let mine = try Graph.load(Array(#"{"objects":{"List":{"L1":{"tags":["t"]},"L2":{"tags":["t"]}},"Tag":{"t":{"lists":["L1","L2"]}}}}"#.utf8), schema: schema)
        let theirs = try Graph.load(Array(#"{"objects":{"List":{"L1":{},"L2":{}}}}"#.utf8), schema: schema)
        for prefer in [nil, MergeSide.mine, .theirs] {
            let merged = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: prefer)
            let named = merged.conflicts.filter { $0.kind == .deletedReference }
            XCTAssertEqual(named.map(\.identity), ["L1", "L2"], "prefer \(prefer?.rawValue ?? "none")")
            XCTAssertEqual(named.map(\.resolvedBy), [prefer, prefer])
            XCTAssertEqual(merged.graph.consistencyProblems(), [])
        }
    }
}
