import XCTest

@testable import GraphDiff

/// What values print as: what a person reads (`print`, interpolation,
/// XCTest's messages), while `debugPrint` keeps the cases.
final class DescriptionTests: XCTestCase {
    func test_jsonValue_printsAsItsJSONText_andDebugsAsItsCases() {
        let value: JSONValue = ["title": "Tea \"green\"", "done": false, "n": .number(JSONNumber("1.50")), "tags": [1, .null]]
        XCTAssertEqual("\(value)", #"{"title":"Tea \"green\"","done":false,"n":1.50,"tags":[1,null]}"#)
        XCTAssertEqual(String(reflecting: value),
                       #".object(["title": .string("Tea \"green\""), "done": .bool(false), "n": .number(1.50), "tags": .array([.number(1), .null])])"#)
        XCTAssertEqual(String(reflecting: JSONValue.object(JSONObject())), ".object([:])")
    }

    func test_changeSet_printsTheHumanReport_mergeResultASummary_graphItsCounts() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        var oat = base, soy = base
        let milk = base.id(entity: "Task", identity: "t1")
        try oat.update(milk) { $0.title = "Oat milk" }
        try soy.update(milk) { $0.title = "Soy milk" }
        XCTAssertEqual(try ChangeSet.diff(from: base, to: oat).description, """
            ~ Task "t1"
                title: "Milk" → "Oat milk"

            Task: 1 updated

            """)
        XCTAssertEqual(try ChangeSet.diff(from: base, to: base).description, "(no changes)\n")
        XCTAssertEqual(try Graph.merge(base: base, mine: oat, theirs: soy).description, """
            merged 8 objects, 1 conflict
            Task "t1".title: changed differently: base "Milk", mine "Oat milk", theirs "Soy milk"
            """)
        XCTAssertEqual(base.description, #"Graph of "Tasks": 6 Task, 2 TaskList"#)
        XCTAssertEqual(try ChangeSet.diff(from: base, to: oat).apply(to: base).description, "applied 1 change")
    }
}
