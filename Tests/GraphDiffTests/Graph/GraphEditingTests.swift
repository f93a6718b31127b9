import XCTest
@testable import GraphDiff

/// The library's own `setValue` stores what it is given; `valueProblem` is
/// the loader's rule for a value, the one the public edits apply.
final class GraphEditingTests: XCTestCase {
    func test_setValue_storesAWrongType_andValueProblemSaysWhy() throws {
        var graph = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let milk = graph.id(entity: "Task", identity: "t1")
        let problem = graph.valueProblem(.bool(true), of: milk, "title")
        XCTAssertEqual(problem?.kind, .wrongType)
        XCTAssertEqual(problem?.message, "value true has the wrong type: expected a string, found boolean")
        XCTAssertEqual(problem.map { [$0.entity, $0.identity, $0.property] }, ["Task", "t1", "title"])
        // Stored as given, and not a consistency problem: the documented behaviour.
        XCTAssertTrue(graph.setValue(.bool(true), of: milk, "title"))
        XCTAssertEqual(graph.value(of: milk, "title"), .bool(true))
        XCTAssertEqual(graph.consistencyProblems(), [])
    }

    func test_valueProblem_acceptsWhatTheLoaderAccepts_andNamesTheRest() throws {
        let graph = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let milk = graph.id(entity: "Task", identity: "t1")
        XCTAssertNil(graph.valueProblem("Oat milk", of: milk, "title"))
        XCTAssertNil(graph.valueProblem(.null, of: milk, "due"))
        XCTAssertNil(graph.valueProblem("2026-11-23T01:00:00Z", of: milk, "due"))
        XCTAssertEqual(graph.valueProblem("soon", of: milk, "due")?.message, #"value "soon" is not an ISO 8601 date"#)
        XCTAssertEqual(graph.valueProblem(.null, of: milk, "title")?.kind, .missingRequired)
        XCTAssertEqual(graph.valueProblem(.null, of: milk, "title")?.message, #"required attribute "title" is null"#)
        XCTAssertEqual(graph.valueProblem(.number(JSONNumber(3)), of: milk, "list")?.message,
                       "a to-one reference is an identity string or null, found number")
        XCTAssertEqual(graph.valueProblem("x", of: milk, "colour")?.kind, .unknownProperty)
        XCTAssertEqual(graph.valueProblem("x", of: milk, "colour")?.message, #"Task has no stored property "colour""#)
        let list = graph.id(entity: "TaskList", identity: "groceries")
        XCTAssertEqual(graph.valueProblem(.array([]), of: list, "items")?.kind, .unknownProperty)
        let nobody = graph.id(entity: "Task", identity: "t99")
        XCTAssertEqual(graph.valueProblem("x", of: nobody, "title")?.kind, .unknownEntity)
        XCTAssertEqual(graph.valueProblem("x", of: nobody, "title")?.message, "there is no such object")
    }
}
