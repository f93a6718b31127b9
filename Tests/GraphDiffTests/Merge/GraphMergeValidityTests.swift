import XCTest
@testable import GraphDiff

/// Every merge result, with or without `--prefer`, is a graph `validate`
/// accepts, and a preference keeps what the preferred side kept.
final class GraphMergeValidityTests: XCTestCase {
    func load(_ text: String, _ schema: Schema) throws -> Graph { try Graph.load(Array(text.utf8), schema: schema) }

    /// The result loads from its canonical text: every check of `validate`.
    func assertValid(_ result: MergeResult, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try Graph.load(result.graph.canonicalText(), schema: result.graph.schema), message, file: file, line: line)
    }

    func merge(_ b: Graph, _ m: Graph, _ t: Graph) throws -> [MergeSide?: MergeResult] {
        var results: [MergeSide?: MergeResult] = [:]
        for prefer in [nil, MergeSide.mine, .theirs] {
            let r = try Graph.merge(base: b, mine: m, theirs: t, prefer: prefer)
            assertValid(r, "prefer \(prefer.map(\.rawValue) ?? "none")")
            results[prefer] = r
        }
        return results
    }

    // MARK: One-to-one

    func test_oneToOne_reassignedOnBothSides_isAConflictOnTheTarget_andEveryResultIsValid() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let base = try load("""
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p1"}, "d2": {"name": "Max", "owner": null}},
              "Person": {"p1": {"dog": "d1", "lastName": "Martin"}, "p2": {"dog": null, "lastName": "Hale"}}}}
            """, schema)
        // Mine gives d1 to p2; theirs gives p2 the dog d2.
        let mine = try load("""
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p2"}, "d2": {"name": "Max", "owner": null}},
              "Person": {"p1": {"dog": null, "lastName": "Martin"}, "p2": {"dog": "d1", "lastName": "Hale"}}}}
            """, schema)
        let theirs = try load("""
            {"objects": {"Dog": {"d1": {"name": "Rex", "owner": "p1"}, "d2": {"name": "Max", "owner": "p2"}},
              "Person": {"p1": {"dog": "d1", "lastName": "Martin"}, "p2": {"dog": "d2", "lastName": "Hale"}}}}
            """, schema)
        let r = try merge(base, mine, theirs)
        let p1 = ObjectID(entity: "Person", identity: "p1"), p2 = ObjectID(entity: "Person", identity: "p2")
        let d1 = ObjectID(entity: "Dog", identity: "d1"), d2 = ObjectID(entity: "Dog", identity: "d2")
        let unresolved = try XCTUnwrap(r[nil])
        XCTAssertEqual(unresolved.conflicts.map { "\($0.kind) \($0.entity ?? "") \($0.identity ?? "") \($0.property ?? "")" }, ["property Person p2 dog"])
        XCTAssertEqual(unresolved.conflicts.first?.base, .null)
        XCTAssertEqual(unresolved.conflicts.first?.mine, "d1")
        XCTAssertEqual(unresolved.conflicts.first?.theirs, "d2")
        XCTAssertEqual(unresolved.graph.value(of: p2, "dog"), .null, "unresolved: the base's")
        XCTAssertEqual(unresolved.graph.value(of: d1, "owner"), "p1")
        XCTAssertEqual(unresolved.graph.value(of: p1, "dog"), "d1")
        let mineWins = try XCTUnwrap(r[.mine]).graph
        XCTAssertEqual(mineWins.value(of: p2, "dog"), "d1")
        XCTAssertEqual(mineWins.value(of: d2, "owner"), .null)
        XCTAssertEqual(mineWins.value(of: p1, "dog"), .null)
        let theirsWin = try XCTUnwrap(r[.theirs]).graph
        XCTAssertEqual(theirsWin.value(of: p2, "dog"), "d2")
        XCTAssertEqual(theirsWin.value(of: d1, "owner"), "p1")
        XCTAssertEqual(theirsWin.value(of: p1, "dog"), "d1")
    }

    // MARK: Preferring the side that deleted

    func tasksSchema(listRequired: Bool = false) throws -> Schema {
        try Schema(name: "Tasks", version: 1, entities: [
            Entity(name: "TaskList", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "items", destination: "Task", toMany: true, ordered: .chain(prev: "prev", next: "next"),
                                                inverse: "list", deleteRule: .cascade)]),
            Entity(name: "Task", identity: "id", attributes: [Attribute(name: "id", type: .string), Attribute(name: "title", type: .string, isOptional: true)],
                   relationships: [Relationship(name: "list", destination: "TaskList", inverse: "items", isOptional: !listRequired),
                                   Relationship(name: "prev", destination: "Task", inverse: "next"),
                                   Relationship(name: "next", destination: "Task", inverse: "prev")]),
        ])
    }

    func test_preferTheirs_doesNotDelete_anObjectTheirsKept() throws {
        let schema = try tasksSchema()
        let base = try load("""
            {"objects": {"TaskList": {"L": {}, "M": {}},
              "Task": {"a": {"list": "L", "prev": null, "next": "b"}, "b": {"list": "L", "prev": "a", "next": null},
                       "m": {"list": "M", "prev": null, "next": null}}}}
            """, schema)
        // Mine moves b to list M; theirs deletes M (and m with it).
        let mine = try load("""
            {"objects": {"TaskList": {"L": {}, "M": {}},
              "Task": {"a": {"list": "L", "prev": null, "next": null}, "b": {"list": "M", "prev": "m", "next": null},
                       "m": {"list": "M", "prev": null, "next": "b"}}}}
            """, schema)
        let theirs = try load("""
            {"objects": {"TaskList": {"L": {}},
              "Task": {"a": {"list": "L", "prev": null, "next": "b"}, "b": {"list": "L", "prev": "a", "next": null}}}}
            """, schema)
        let r = try merge(base, mine, theirs)
        let b = ObjectID(entity: "Task", identity: "b")
        let theirsWin = try XCTUnwrap(r[.theirs])
        XCTAssertEqual(theirsWin.conflicts.map(\.kind), [.deletedReference])
        XCTAssertNil(theirsWin.graph[ObjectID(entity: "TaskList", identity: "M")])
        XCTAssertEqual(theirsWin.graph.value(of: b, "list"), "L", "b stays where theirs has it")
        XCTAssertEqual(theirsWin.graph.canonicalText(), theirs.canonicalText())
        // Without a preference M comes back, and b moves there as mine did.
        let unresolved = try XCTUnwrap(r[nil]).graph
        XCTAssertEqual(unresolved.value(of: b, "list"), "M")
    }

    func test_preferringTheDeletingSide_neverNullsARequiredRelationship() throws {
        let schema = try tasksSchema(listRequired: true)
        // TaskList.items cascades, so make the reference a nullify one:
        // a task list that theirs deletes while mine files a task in it is
        // handled by the cascade; here the list's delete rule is the
        // schema's, and the task's list is required.
        let base = try load("""
            {"objects": {"TaskList": {"L": {}, "M": {}}, "Task": {"a": {"list": "L", "prev": null, "next": null}}}}
            """, schema)
        let mine = try load("""
            {"objects": {"TaskList": {"L": {}, "M": {}},
              "Task": {"a": {"list": "L", "prev": null, "next": null}, "n": {"list": "M", "prev": null, "next": null}}}}
            """, schema)
        let theirs = try load("""
            {"objects": {"TaskList": {"L": {}}, "Task": {"a": {"list": "L", "prev": null, "next": null}}}}
            """, schema)
        let r = try merge(base, mine, theirs)
        // The cascade takes the new task with the list: valid, no null.
        let theirsWin = try XCTUnwrap(r[.theirs])
        XCTAssertNil(theirsWin.graph[ObjectID(entity: "Task", identity: "n")])
    }

    func test_preferringTheDeletingSide_keepsTheObject_whenNullifyingWouldBreakARequiredRelationship() throws {
        let schema = try Schema(name: "Pets", version: 1, entities: [
            Entity(name: "Person", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "pets", destination: "Pet", toMany: true, inverse: "owner", deleteRule: .nullify)]),
            Entity(name: "Pet", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "owner", destination: "Person", inverse: "pets", isOptional: false)]),
        ])
        let base = try load(#"{"objects": {"Person": {"p1": {}, "p2": {}}, "Pet": {"x": {"owner": "p1"}}}}"#, schema)
        let mine = try load(#"{"objects": {"Person": {"p1": {}, "p2": {}}, "Pet": {"x": {"owner": "p1"}, "y": {"owner": "p2"}}}}"#, schema)
        let theirs = try load(#"{"objects": {"Person": {"p1": {}}, "Pet": {"x": {"owner": "p1"}}}}"#, schema)
        let r = try merge(base, mine, theirs)
        let theirsWin = try XCTUnwrap(r[.theirs])
        XCTAssertNotNil(theirsWin.graph[ObjectID(entity: "Person", identity: "p2")], "kept: y requires an owner")
        XCTAssertEqual(theirsWin.graph.value(of: ObjectID(entity: "Pet", identity: "y"), "owner"), "p2")
        XCTAssertEqual(theirsWin.conflicts.map(\.kind), [.deletedReference])
        XCTAssertEqual(theirsWin.conflicts.first?.resolvedBy, .mine, "no valid result lets the delete win: resolved for the side that keeps p2")
        // The same without a preference: nothing is left to choose, so nothing is open.
        let unresolved = try XCTUnwrap(r[nil])
        XCTAssertEqual(unresolved.conflicts.map { $0.resolvedBy }, [.mine])
        XCTAssertEqual(unresolved.graph.canonicalText(), theirsWin.graph.canonicalText())
    }

    func test_preferMine_keepsTheManyToManyLinks_ofAnObjectTheirsDeleted() throws {
        let schema = try Schema(name: "School", version: 1, entities: [
            Entity(name: "Course", identity: "id", attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "students", destination: "Student", toMany: true, inverse: "courses")]),
            Entity(name: "Student", identity: "id", attributes: [Attribute(name: "id", type: .string), Attribute(name: "name", type: .string)],
                   relationships: [Relationship(name: "courses", destination: "Course", toMany: true, inverse: "students")]),
        ])
        let base = try load("""
            {"objects": {"Course": {"c1": {"students": ["s3"]}, "c2": {"students": ["s1", "s3"]}},
              "Student": {"s1": {"name": "A", "courses": ["c2"]}, "s3": {"name": "C", "courses": ["c1", "c2"]}}}}
            """, schema)
        let mine = try load("""
            {"objects": {"Course": {"c1": {"students": ["s3"]}, "c2": {"students": ["s1", "s3"]}},
              "Student": {"s1": {"name": "A", "courses": ["c2"]}, "s3": {"name": "Cy", "courses": ["c1", "c2"]}}}}
            """, schema)
        let theirs = try load("""
            {"objects": {"Course": {"c1": {"students": []}, "c2": {"students": ["s1"]}},
              "Student": {"s1": {"name": "A", "courses": ["c2"]}}}}
            """, schema)
        let r = try merge(base, mine, theirs)
        let s3 = ObjectID(entity: "Student", identity: "s3")
        let mineWins = try XCTUnwrap(r[.mine]).graph
        XCTAssertEqual(mineWins.value(of: s3, "courses"), ["c1", "c2"])
        XCTAssertEqual(mineWins.value(of: ObjectID(entity: "Course", identity: "c2"), "students"), ["s1", "s3"])
        XCTAssertEqual(mineWins.canonicalText(), mine.canonicalText())
        let unresolved = try XCTUnwrap(r[nil]).graph
        XCTAssertEqual(unresolved.value(of: s3, "courses"), ["c1", "c2"], "kept from the base, with its links")
        XCTAssertNil(try XCTUnwrap(r[.theirs]).graph[s3])
    }
}

final class JSONAttributeMergeTests: XCTestCase {
    func schema() throws -> Schema {
        try Schema(name: "Jobs", version: 1, entities: [
            Entity(name: "Job", identity: "id", attributes: [Attribute(name: "id", type: .string), Attribute(name: "payload", type: .json, isOptional: true)]),
        ])
    }

    func graph(_ payload: String) throws -> Graph {
        try Graph.load(Array(#"{"objects": {"Job": {"j1": {"payload": \#(payload)}}}}"#.utf8), schema: schema())
    }

    func test_editsInDifferentPlaces_bothKept() throws {
        let r = try Graph.merge(base: graph(#"{"a": 1, "b": {"c": 1}}"#), mine: graph(#"{"a": 2, "b": {"c": 1}}"#),
                                theirs: graph(#"{"a": 1, "b": {"c": 1, "d": true}}"#))
        XCTAssertEqual(r.conflicts, [])
        XCTAssertEqual(r.graph.value(of: ObjectID(entity: "Job", identity: "j1"), "payload"), try json(#"{"a": 2, "b": {"c": 1, "d": true}}"#))
    }

    func test_sameNestedPlace_isAConflictAtThatPath_andPreferResolvesIt() throws {
        let (b, m, t) = (try graph(#"{"a": 1, "x": 0}"#), try graph(#"{"a": 2, "x": 1}"#), try graph(#"{"a": 3, "x": 0}"#))
        let r = try Graph.merge(base: b, mine: m, theirs: t)
        XCTAssertEqual(r.conflicts.map(\.path.description), ["/objects/Job/j1/payload/a"])
        XCTAssertEqual(r.conflicts.first?.property, "payload")
        XCTAssertEqual(r.graph.value(of: ObjectID(entity: "Job", identity: "j1"), "payload"), try json(#"{"a": 1, "x": 1}"#), "mine's x kept; a at base")
        let theirsWin = try Graph.merge(base: b, mine: m, theirs: t, prefer: .theirs)
        XCTAssertEqual(theirsWin.graph.value(of: ObjectID(entity: "Job", identity: "j1"), "payload"), try json(#"{"a": 3, "x": 1}"#))
    }
}
