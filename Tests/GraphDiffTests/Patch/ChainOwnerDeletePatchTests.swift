import XCTest
@testable import GraphDiff

/// Deleting a chain's owner records the chain's order in the patch
/// (`chains` on the owner's delete), so that the reverse restores it.
final class ChainOwnerDeletePatchTests: XCTestCase {
    /// Groceries in chain order t4, t1, t2, t3, t6 (not identity order).
    var theirs: Graph!
    var items: Relationship!

    override func setUpWithError() throws {
        theirs = try sampleGraph("tasks/theirs.graph.json", schema: "tasks/tasks.schema.json")
        items = try XCTUnwrap(theirs.schema.entity(named: "TaskList")?.property(named: "items")?.relationship)
    }

    func task(_ id: String) -> ObjectID { ObjectID(entity: "Task", identity: id) }
    let groceries = ObjectID(entity: "TaskList", identity: "groceries")
    let chores = ObjectID(entity: "TaskList", identity: "chores")

    /// `theirs` without the groceries list and its tasks (a cascade).
    func withoutGroceries() -> Graph {
        var graph = theirs!
        for id in graph.chain(of: groceries, through: items) { graph.removeObject(id) }
        graph.removeObject(groceries)
        XCTAssertEqual(graph._invariantViolations(), [])
        return graph
    }

    func test_diff_recordsTheDeletedOwnersChainInOrder_andThePatchDocumentCarriesIt() throws {
        XCTAssertEqual(theirs.chain(of: groceries, through: items).map(\.identity), ["t4", "t1", "t2", "t3", "t6"])
        let changes = try ChangeSet.diff(from: theirs, to: withoutGroceries())
        let list = try XCTUnwrap(changes.objects.first { $0.entity == "TaskList" })
        XCTAssertEqual(list.kind, .deleted)
        XCTAssertEqual(list.chains, [ChainMembers(relationship: "items", members: ["t4", "t1", "t2", "t3", "t6"])])
        XCTAssertEqual(changes.objects.filter { $0.entity == "Task" }.map(\.chains), [[], [], [], [], []])
        XCTAssertTrue(changes.sequences.isEmpty)
        let document = PatchDocument.encode(changes)
        let encoded = try XCTUnwrap(document["changes"]?.arrayValue?.first { $0["entity"] == "TaskList" })
        XCTAssertEqual(JSONWriter.string(encoded),
                       #"{"op":"delete","entity":"TaskList","id":"groceries","values":{"title":"Groceries"},"chains":{"items":["t4","t1","t2","t3","t6"]}}"#)
        XCTAssertEqual(try PatchDocument.decode(document, schema: theirs.schema), .graph(changes.withoutPositions()))
    }

    func test_deleteOwnerWithChain_reverseRestoresTheOrder_andTwiceIsAlreadyApplied() throws {
        let without = withoutGroceries()
        try assertRoundTrip(theirs, without, "delete groceries")
        try assertRoundTrip(without, theirs, "insert groceries")
        let changes = try ChangeSet.diff(from: theirs, to: without)
        let restored = try changes.inverted().apply(to: without).graph
        XCTAssertEqual(restored.chain(of: groceries, through: items).map(\.identity), ["t4", "t1", "t2", "t3", "t6"])
        XCTAssertTrue(try changes.inverted().apply(to: theirs).wasAlreadyApplied)
    }

    func test_deleteOwner_whoseMembersMoveToAnotherOwner_roundTrips() throws {
        var moved = try XCTUnwrap(theirs)
        moved.removeObject(chores)
        for (id, prev, next) in [("c1", "t6", "c2"), ("c2", "c1", nil)] as [(String, String, String?)] {
            moved.setValue("groceries", of: task(id), "list")
            moved.setValue(.string(prev), of: task(id), "prev")
            moved.setValue(next.map(JSONValue.string) ?? .null, of: task(id), "next")
        }
        moved.setValue("c1", of: task("t6"), "next")
        XCTAssertEqual(moved._invariantViolations(), [])
        try assertRoundTrip(theirs, moved, "chores moved into groceries")
        let back = try ChangeSet.diff(from: theirs, to: moved).inverted().apply(to: moved).graph
        XCTAssertEqual(back.chain(of: chores, through: items).map(\.identity), ["c1", "c2"])
    }

    /// `theirs` with the groceries relinked in identity order.
    func reordered() -> Graph {
        var graph = theirs!
        let order = ["t1", "t2", "t3", "t4", "t6"]
        for (i, id) in order.enumerated() {
            graph.setValue(i > 0 ? .string(order[i - 1]) : .null, of: task(id), "prev")
            graph.setValue(i + 1 < order.count ? .string(order[i + 1]) : .null, of: task(id), "next")
        }
        XCTAssertEqual(graph._invariantViolations(), [])
        return graph
    }

    func test_deleteOwner_fromATargetWithAnotherOrder_isRejected() throws {
        let changes = try ChangeSet.diff(from: theirs, to: withoutGroceries())
        XCTAssertThrowsError(try changes.apply(to: reordered())) { error in
            XCTAssertEqual((error as? PatchError)?.mismatches.map(\.description), [
                #"change 5: delete TaskList "groceries".items: the order does not match the patch's old order: expected ["t4","t1","t2","t3","t6"], found ["t1","t2","t3","t4","t6"]"#,
            ])
        }
    }

    func test_patchWithoutChains_appliesForward_butItsReverseCannotRelinkTheMembers() throws {
        let without = withoutGroceries()
        var old = try ChangeSet.diff(from: theirs, to: without)
        for k in old.objects.indices { old.objects[k].chains = [] }
        XCTAssertEqual(try old.apply(to: theirs).graph, without)
        XCTAssertThrowsError(try old.inverted().apply(to: without)) { error in
            XCTAssertEqual((error as? PatchError)?.problems.map(\.kind), [.brokenChain])
        }
    }

    func test_insertWithChains_ontoAnOwnerWithAnotherOrder_isRejected() throws {
        let changes = try ChangeSet.diff(from: theirs, to: withoutGroceries()).inverted()
        XCTAssertThrowsError(try changes.apply(to: reordered())) { error in
            XCTAssertEqual((error as? PatchError)?.mismatches.map(\.description), [
                #"change 5: insert TaskList "groceries".items: the object exists with another order: expected ["t4","t1","t2","t3","t6"], found ["t1","t2","t3","t4","t6"]"#,
            ])
        }
    }

    /// Every owner whose order a patch reads is gathered before the first
    /// is read, owners of recorded chains included: the members come from
    /// one index of those owners per relationship, never from a pass over
    /// the target per owner (a patch deleting 2,000 chained lists of a
    /// 1,000,000-object graph took minutes that way).
    func test_plan_readsEveryOwnersOrder_fromOneIndexOfTheOwnersItNames() throws {
        let changes = try ChangeSet.diff(from: theirs, to: withoutGroceries())
        var plan = PatchPlan(target: theirs)
        plan.classify(changes.canonicalIdentities(in: theirs.schema))
        XCTAssertTrue(plan.mismatches.isEmpty, "\(plan.mismatches)")
        XCTAssertEqual(plan.orderedOwners, [groceries])
        XCTAssertEqual(plan.memberIndexes[items]?.keys.sorted(), [groceries])
        XCTAssertTrue(plan.wholeMemberIndexes.isEmpty)
        // An owner outside them is still answered, from the whole index.
        XCTAssertEqual(plan.targetMembers(of: chores, items).count, theirs.members(of: chores, through: items).count)
        XCTAssertEqual(plan.wholeMemberIndexes.count, 1)
    }
}

extension ChangeSet {
    /// The change set without the byte offsets a decoded patch does not carry.
    func withoutPositions() -> ChangeSet {
        var copy = self
        for k in copy.objects.indices {
            copy.objects[k].oldOffset = -1
            copy.objects[k].newOffset = -1
        }
        for k in copy.sequences.indices {
            copy.sequences[k].ownerOffset = -1
        }
        return copy
    }
}
