import Foundation
import GraphDiff
import GraphDiffTesting
import XCTest

/// The XCTest assertions fail with the human report at the caller's line,
/// and pass when nothing differs (their failures are caught here, not
/// reported).
final class GraphAssertionTests: XCTestCase {
    private var captured: [(message: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing { captured.append((description, lineNumber)) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private func failures(_ body: () -> Void) -> [(message: String, line: Int)] {
        captured = []
        capturing = true
        body()
        capturing = false
        return captured
    }

    func test_graphs_failWithTheHumanReport_atTheCallersLine() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        var oat = base
        try oat.update(base.id(entity: "Task", identity: "t1")) { $0.title = "Oat milk" }
        XCTAssertTrue(failures { XCTAssertNoGraphDifference(base, base) }.isEmpty)
        let line = #line + 1
        let found = failures { XCTAssertNoGraphDifference(base, oat, "after the edit") }
        XCTAssertEqual(found.map(\.line), [line])
        XCTAssertTrue(found.first?.message.hasSuffix("""
            after the edit
            expected and actual differ (- expected, + actual):
            ~ Task "t1"
                title: "Milk" → "Oat milk"

            Task: 1 updated

            """) ?? false, found.first?.message ?? "")
    }

    struct Item: Codable, Equatable { var id: String; var name: String }
    struct Box: Codable, Equatable { var id: String; var items: [String] }

    func test_codableValues_matchByIdentity_andReportMoves() throws {
        let coder = try GraphCoder(entities: [
            .init(Box.self, identity: "id", references: [.ordered("items", to: "Item")]),
            .init(Item.self, identity: "id"),
        ])
        let items = [Item(id: "a", name: "Apple"), Item(id: "b", name: "Bread")]
        let box = Box(id: "x", items: ["a", "b"])
        XCTAssertTrue(failures { XCTAssertNoGraphDifference([[box], items], [[box], items.reversed()], coder: coder) }.isEmpty,
                      "the order of the values given does not count")
        let found = failures {
            XCTAssertNoGraphDifference([[box], items], [[Box(id: "x", items: ["b", "a"])], [Item(id: "a", name: "Apples"), items[1]]], coder: coder)
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.message, """
            failed - expected and actual differ (- expected, + actual):
            ~ Box "x"
                items (order):
                  > "b" moved to the head (was after "a")
            ~ Item "a"
                name: "Apple" → "Apples"

            Item: 1 updated, 1 moved

            """)
    }

    func test_plainJSON_matchesArraysByKey() throws {
        let a = [Item(id: "a", name: "Apple"), Item(id: "b", name: "Bread")]
        let b = [Item(id: "b", name: "Bread"), Item(id: "a", name: "Apple")]
        XCTAssertEqual(failures { XCTAssertNoJSONDifference(a, a) }.count, 0)
        XCTAssertEqual(failures { XCTAssertNoJSONDifference(a, b, arrayKey: "id") }.first?.message.contains("moved") ?? false, true)
        XCTAssertNotNil(try GraphDifference.report(a, b))
        XCTAssertNil(try GraphDifference.report(a, a, arrayKey: "id"))
    }
}
