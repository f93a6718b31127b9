import XCTest

@testable import GraphDiff

/// The public editing API on the samples: every storage of an order, every
/// kind of inverse, the delete rules, and each refusal (the graph is then
/// unchanged).
final class GraphEditingAPITests: XCTestCase {
    private func tasks() throws -> Graph { try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json") }

    private func order(_ graph: Graph, _ entity: String, _ owner: String, _ relationship: String) -> [String] {
        guard let e = graph.schema.entity(named: entity), let r = e.property(named: relationship)?.relationship else { return ["?"] }
        return graph.order(of: graph.id(entity: entity, identity: owner), through: r).map(\.identity)
    }

    private func assertRefused(_ graph: inout Graph, _ kind: GraphProblem.Kind, _ message: String,
                               file: StaticString = #filePath, line: UInt = #line, _ edit: (inout Graph) throws -> Void) {
        let before = graph
        do {
            try edit(&graph)
            XCTFail("the edit was accepted", file: file, line: line)
        } catch let error as GraphError {
            XCTAssertEqual(error.problems.first?.kind, kind, file: file, line: line)
            XCTAssertEqual(error.problems.first?.message, message, file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        XCTAssertEqual(graph, before, "a refused edit changed the graph", file: file, line: line)
    }

    func test_insert_joinsTheEndOfItsListsChain_andDiffsAsAnInsertion() throws {
        let base = try tasks()
        var graph = base
        let id = try graph.insert(entity: "Task", identity: "t9") {
            $0.title = "Tea"
            $0.list = "groceries"
        }
        XCTAssertEqual(id, ObjectID(entity: "Task", identity: "t9"))
        XCTAssertEqual(order(graph, "TaskList", "groceries", "items"), order(base, "TaskList", "groceries", "items") + ["t9"])
        XCTAssertEqual(graph.value(of: id, "done"), .bool(false), "the default")
        XCTAssertEqual(graph.value(of: id, "due"), .null)
        XCTAssertEqual(graph.consistencyProblems(), [])
        let last = try XCTUnwrap(order(base, "TaskList", "groceries", "items").last)
        XCTAssertEqual(HumanRenderer.render(try ChangeSet.diff(from: base, to: graph), context: RenderContext()), """
            + Task "t9"
                done: false
                due: null
                list: "groceries"
                title: "Tea"
            ~ TaskList "groceries"
                items (order):
                  + "t9" after "\(last)"

            Task: 1 inserted

            """)
    }

    func test_insert_refusesWhatDoesNotFit_andLeavesTheGraph() throws {
        var graph = try tasks()
        assertRefused(&graph, .unknownEntity, "the schema has no entity \"Tsk\"") { try $0.insert(entity: "Tsk", identity: "x") }
        assertRefused(&graph, .duplicateIdentity, "an object of Task has this identity already") {
            try $0.insert(entity: "Task", identity: "t1") { $0.title = "Again" }
        }
        assertRefused(&graph, .unknownProperty, "Task has no property \"colour\"") {
            try $0.insert(entity: "Task", identity: "t9") { $0.title = "Tea"; $0.colour = "green" }
        }
        assertRefused(&graph, .wrongType, "value true has the wrong type: expected a string, found boolean") {
            try $0.insert(entity: "Task", identity: "t9") { $0.title = true }
        }
        assertRefused(&graph, .missingRequired, "required attribute \"title\" is not given") { try $0.insert(entity: "Task", identity: "t9") }
        assertRefused(&graph, .wrongType, "1,5 is no JSON number") {
            try $0.insert(entity: "Task", identity: "t9") { $0.title = "Tea"; $0.due = .number(JSONNumber("1,5")) }
        }
        assertRefused(&graph, .danglingReference, "dangling reference to TaskList \"nowhere\": no such object") {
            try $0.insert(entity: "Task", identity: "t9") { $0.title = "Tea"; $0.list = "nowhere" }
        }
        assertRefused(&graph, .wrongType, "the identity is the object's: it cannot be set") {
            try $0.insert(entity: "Task", identity: "t9") { $0.title = "Tea"; $0.id = "t10" }
        }
        var jobs = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        assertRefused(&jobs, .abstractEntity, "Job is abstract: insert an object of one of its sub-entities") {
            try $0.insert(entity: "Job", identity: "j9")
        }
    }

    func test_update_movesATaskToAnotherList_closingTheOldChain() throws {
        let base = try tasks()
        var graph = base
        let milk = graph.id(entity: "Task", identity: "t1")
        try graph.update(milk) { $0.list = "chores" }
        XCTAssertEqual(order(graph, "TaskList", "groceries", "items"), order(base, "TaskList", "groceries", "items").filter { $0 != "t1" })
        XCTAssertEqual(order(graph, "TaskList", "chores", "items"), order(base, "TaskList", "chores", "items") + ["t1"])
        XCTAssertEqual(graph.consistencyProblems(), [])
    }

    func test_update_ofTheOwnersItems_reordersAndReleases() throws {
        var graph = try tasks()
        let groceries = graph.id(entity: "TaskList", identity: "groceries")
        let before = order(graph, "TaskList", "groceries", "items")
        XCTAssertGreaterThan(before.count, 2)
        let kept = Array(before.dropFirst().reversed())
        try graph.update(groceries) { $0.items = .array(kept.map(JSONValue.string)) }
        XCTAssertEqual(order(graph, "TaskList", "groceries", "items"), kept)
        XCTAssertEqual(graph.value(of: graph.id(entity: "Task", identity: before[0]), "list"), .null, "left out: no list")
        XCTAssertEqual(graph.consistencyProblems(), [])
        // Reading a property in the closure gives its current value.
        var seen: JSONValue = .null
        try graph.update(groceries) { seen = $0.title }
        XCTAssertEqual(seen, graph.value(of: groceries, "title"))
    }

    func test_delete_cascadesToTheListsTasks_andClosesChains() throws {
        let base = try tasks()
        var graph = base
        let deleted = try graph.delete(graph.id(entity: "TaskList", identity: "groceries"))
        XCTAssertEqual(deleted.count, 1 + order(base, "TaskList", "groceries", "items").count)
        XCTAssertEqual(graph.consistencyProblems(), [])
        var one = base
        let middle = order(base, "TaskList", "groceries", "items")[1]
        try one.delete(one.id(entity: "Task", identity: middle))
        XCTAssertEqual(order(one, "TaskList", "groceries", "items"), order(base, "TaskList", "groceries", "items").filter { $0 != middle })
        XCTAssertEqual(one.consistencyProblems(), [])
        assertRefused(&one, .unknownEntity, "there is no such object") { try $0.delete(ObjectID(entity: "Task", identity: middle)) }
    }

    /// An owner whose delete rule nullifies leaves its members behind,
    /// out of its chain.
    func test_delete_ofANullifyingOwner_releasesItsChain() throws {
        struct Shelf: Codable { var id: String; var books: [String] }
        struct Book: Codable { var id: String }
        let coder = try GraphCoder(entities: [
            .init(Shelf.self, identity: "id", references: [.ordered("books", to: "Book", storage: .chain(prev: "prev", next: "next"), inverse: "shelf")]),
            .init(Book.self, identity: "id"),
        ])
        var graph = try coder.graph([Shelf(id: "s", books: ["a", "b", "c"])], [Book(id: "a"), Book(id: "b"), Book(id: "c")])
        XCTAssertEqual(try graph.delete(ObjectID(entity: "Shelf", identity: "s")), [ObjectID(entity: "Shelf", identity: "s")])
        for book in ["a", "b", "c"] {
            let id = ObjectID(entity: "Book", identity: book)
            XCTAssertEqual([graph.value(of: id, "shelf"), graph.value(of: id, "prev"), graph.value(of: id, "next")], [.null, .null, .null])
        }
        XCTAssertEqual(graph.consistencyProblems(), [])
    }

    func test_indexOrder_insertTakesTheNextPosition() throws {
        var board = try sampleGraph("board/base.graph.json", schema: "board/board.schema.json")
        let owner = try XCTUnwrap(board.objects.keys.first { $0.entity == "Board" })
        let before = order(board, "Board", owner.identity, "cards")
        let last = board.value(of: ObjectID(entity: "Card", identity: before.last ?? ""), "position")?.numberValue?.intValue ?? -1
        let card = try board.insert(entity: "Card", identity: "new") { $0.title = "New"; $0.board = .string(owner.identity) }
        XCTAssertEqual(board.value(of: card, "position"), .number(JSONNumber(last + 1)))
        XCTAssertEqual(order(board, "Board", owner.identity, "cards"), before + ["new"])
        XCTAssertEqual(board.consistencyProblems(), [])
    }

    func test_arrayOrder_andManyToMany_followEachOther() throws {
        var playlist = try sampleGraph("playlist/base.graph.json", schema: "playlist/playlist.schema.json")
        let list = try XCTUnwrap(playlist.objects.keys.first { $0.entity == "Playlist" })
        let before = order(playlist, "Playlist", list.identity, "tracks")
        let track = try playlist.insert(entity: "Track", identity: "new") {
            $0.title = "New"
            $0.artist = "Someone"
            $0.seconds = 180
            $0.playlists = [.string(list.identity)]
        }
        XCTAssertEqual(order(playlist, "Playlist", list.identity, "tracks"), before + ["new"])
        try playlist.update(list) { $0.tracks = .array(before.map(JSONValue.string)) }
        XCTAssertEqual(playlist.value(of: track, "playlists"), .array([]))
        XCTAssertEqual(playlist.consistencyProblems(), [])
    }

    func test_oneToOne_theOldPartnerLetsGo() throws {
        var people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let owner = try XCTUnwrap(people.objects.keys.first { id in id.entity == "Person" && people.value(of: id, "dog")?.stringValue != nil })
        let oldDog = try XCTUnwrap(people.value(of: owner, "dog")?.stringValue)
        let dog = try people.insert(entity: "Dog", identity: "d-new") {
            $0.name = "Rex"
            $0.owner = .string(owner.identity)
        }
        XCTAssertEqual(people.value(of: owner, "dog"), .string(dog.identity))
        XCTAssertEqual(people.value(of: ObjectID(entity: "Dog", identity: oldDog), "owner"), .null)
        XCTAssertEqual(people.consistencyProblems(), [])
    }

    func test_edit_checksOnceAtTheEnd_andRollsBackAWholeBatch() throws {
        let base = try tasks()
        var graph = base
        try graph.edit { g in
            try g.insert(entity: "Task", identity: "t7") { $0.title = "Post"; $0.list = "errands" }  // the list comes next
            try g.insert(entity: "TaskList", identity: "errands") { $0.title = "Errands" }
        }
        XCTAssertEqual(graph.value(of: graph.id(entity: "Task", identity: "t7"), "list"), .string("errands"))
        graph = base
        assertRefused(&graph, .danglingReference, "dangling reference to TaskList \"errands\": no such object") { graph in
            try graph.edit { g in
                try g.insert(entity: "TaskList", identity: "other") { $0.title = "Other" }
                try g.insert(entity: "Task", identity: "t7") { $0.title = "Post"; $0.list = "errands" }
            }
        }
    }
}
