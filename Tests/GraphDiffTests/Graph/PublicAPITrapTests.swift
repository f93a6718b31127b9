import Foundation
import XCTest

@testable import GraphDiff

/// Calls through the public API that trapped once, kept as cases: each
/// now gives an answer or an error.
final class PublicAPITrapTests: XCTestCase {
    /// Positions spread between two far-apart values of a double index
    /// (5e18 apart: more than an Int holds when multiplied out).
    func test_positionsBetweenFarValues_doNotOverflow() {
        let values = PositionAssignment.between(Decimal(2), Decimal(string: "5000000000000000000") ?? 0, count: 3)
        XCTAssertEqual(values.count, 3)
        XCTAssertTrue(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        XCTAssertTrue(values.allSatisfy { $0 > 2 && $0 < (Decimal(string: "5000000000000000000") ?? 0) })
    }

    /// Conflict markers over graphs of two schema versions with the same
    /// number of entities take the general path (they once indexed one
    /// version's slots with the other's layout).
    func test_markers_overTwoSchemaVersions() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        var text = String(decoding: try sampleBytes("tasks/tasks.schema.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: #""title": {"#, with: #""notes": {"optional": true, "type": "string"}, "title": {"#)
        let wider = try Graph.load(base.canonicalText(), schema: try Schema.load(text))
        let marked = ConflictMarkerWriter.write(mine: wider, theirs: base, base: base)
        XCTAssertFalse(marked.isEmpty)
    }

    func test_negativeMarkerSizes_areOneCharacter() throws {
        XCTAssertEqual(ConflictMarkers(size: -3).size, 1)
        XCTAssertNoThrow(try ConflictMarkerReader.sides(of: Array("{}\n".utf8), size: -1))
        XCTAssertTrue(ConflictMarkerReader.sameIgnoringLabels(Array("a\n".utf8), Array("a\n".utf8), size: -5))
    }

    /// A value whose number text is no number is refused by the editing API
    /// and by `valueProblem`, never read as digits.
    func test_numbersThatAreNoNumbers_areRefused() throws {
        var graph = try sampleGraph("board/base.graph.json", schema: "board/board.schema.json")
        let card = try XCTUnwrap(graph.sortedIDs.first { $0.entity == "Card" })
        XCTAssertEqual(graph.valueProblem(.number(JSONNumber("1,000")), of: card, "position")?.message, "1,000 is no JSON number")
        XCTAssertThrowsError(try graph.update(card) { $0.position = .number(JSONNumber(" 12")) })
        XCTAssertNotNil(AttributeType.int32.problem(with: .number(JSONNumber("1,000"))))
    }
}
