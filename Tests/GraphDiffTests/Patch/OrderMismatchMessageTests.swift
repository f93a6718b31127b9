import XCTest
@testable import GraphDiff

/// A patch's order change that does not match the target shows the old
/// order the patch states, not `(absent)`.
final class OrderMismatchMessageTests: XCTestCase {
    func tasks(_ members: [(String, String?, String?)]) throws -> Graph {
        let objects = members.map { id, prev, next in
            "\"\(id)\": {\"list\": \"g\", \"prev\": \(prev.map { "\"\($0)\"" } ?? "null"), \"next\": \(next.map { "\"\($0)\"" } ?? "null"), \"title\": \"\(id)\"}"
        }
        let text = "{\"objects\": {\"Task\": {\(objects.joined(separator: ", "))}, \"TaskList\": {\"g\": {\"title\": \"G\"}}}}"
        return try Graph.load(Array(text.utf8), schema: sampleSchema("tasks/tasks.schema.json"))
    }

    /// The chain `order` of list "g".
    func chain(_ order: [String]) throws -> Graph {
        try tasks(order.indices.map { i in (order[i], i > 0 ? order[i - 1] : nil, i + 1 < order.count ? order[i + 1] : nil) })
    }

    func rejection(_ changes: ChangeSet, _ target: Graph, line: UInt = #line) -> [String] {
        do {
            _ = try changes.apply(to: target)
            XCTFail("applied", line: line)
        } catch {
            return error.mismatches.map(\.description)
        }
        return []
    }

    func test_moveThatDoesNotMatch_showsThePatchsOldPosition() throws {
        let changes = try ChangeSet.diff(from: chain(["t1", "t2", "t3"]), to: chain(["t2", "t1", "t3"]))
        XCTAssertEqual(rejection(changes, try chain(["t1", "t3", "t2"])), [
            #"change 0: order TaskList "g".items: the order does not match the patch's old order: expected "t2" after "t1", found ["t1","t3","t2"]"#,
        ])
    }

    func test_removeMoveAndInsert_allShown_inTheChangesOrder() throws {
        let changes = try ChangeSet.diff(from: chain(["t1", "t2", "t3", "t4"]), to: chain(["t4", "t1", "t3", "t5"]))
        XCTAssertEqual(changes.sequences.map { $0.oldOrderDescription() }, [#""t2" after "t1", "t4" after "t3", "t5" absent"#])
        XCTAssertEqual(rejection(changes, try chain(["t2", "t1", "t3", "t4"])),
                       [#"change 2: order TaskList "g".items: the order does not match the patch's old order: expected "t2" after "t1", "t4" after "t3", "t5" absent, found ["t2","t1","t3","t4"]"#])
    }

    func test_oldOrderDescription_headAndLimit() {
        var s = SequenceChange(owner: ObjectID(entity: "TaskList", identity: "g"), ownerEntity: "TaskList", relationship: "items", memberRoot: "Task")
        s.moved = [.init(member: "a", from: nil, to: "b")]
        XCTAssertEqual(s.oldOrderDescription(), #""a" first"#)
        s.removed = (1...12).map { .init(member: "r\($0)", after: nil) }
        XCTAssertEqual(s.oldOrderDescription(limit: 3), #""r1" first, "r2" first, "r3" first, …"#)
    }
}
