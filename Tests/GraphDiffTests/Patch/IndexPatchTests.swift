import XCTest
@testable import GraphDiff

/// Patches of an order kept by an index attribute: the values a patch
/// carries are written exactly, ties and members without a value included,
/// whenever they give the patch's order (cases found by a user-style
/// session: a tie or a null used to be renumbered away, so the round trip
/// failed while reporting success).
final class IndexPatchTests: XCTestCase {
    /// A board whose cards are ordered by `position` of `type`.
    static func schema(_ type: String, optional: Bool) throws -> Schema {
        try Schema.load(Array("""
            {"format": "graphdiff-schema/1", "name": "B", "version": 1, "entities": {
              "Board": {"identity": "id", "attributes": {"id": {"type": "string"}},
                "relationships": {"cards": {"destination": "Card", "toMany": true, "inverse": "board",
                  "deleteRule": "cascade", "ordered": {"index": "position"}}}},
              "Card": {"identity": "id", "attributes": {"id": {"type": "string"},
                  "position": {"type": "\(type)", "optional": \(optional)}},
                "relationships": {"board": {"destination": "Board", "inverse": "cards"}}}}}
            """.utf8))
    }

    static func board(_ positions: [(String, String)], _ schema: Schema) throws -> Graph {
        let cards = positions.map { "\"\($0.0)\": {\"board\": \"A\", \"position\": \($0.1)}" }.joined(separator: ", ")
        return try Graph.load(Array(#"{"objects": {"Board": {"A": {}}, "Card": {\#(cards)}}}"#.utf8), schema: schema)
    }

    func assertRoundTrip(_ a: Graph, _ b: Graph, file: StaticString = #filePath, line: UInt = #line) throws {
        let forward = try ChangeSet.diff(from: a, to: b)
        XCTAssertEqual(try forward.apply(to: a).graph, b, "patch(a, diff(a, b)) == b", file: file, line: line)
        XCTAssertEqual(try forward.inverted().apply(to: b).graph, a, "patch(b, -R diff(a, b)) == a", file: file, line: line)
        let backward = try ChangeSet.diff(from: b, to: a)
        XCTAssertEqual(try backward.apply(to: b).graph, a, "patch(b, diff(b, a)) == a", file: file, line: line)
    }

    func test_aTie_roundTrips() throws {
        let s = try Self.schema("int32", optional: false)
        try assertRoundTrip(Self.board([("c0", "1"), ("c1", "1")], s), Self.board([("c0", "1"), ("c1", "2")], s))
    }

    func test_aMemberWithoutAValue_roundTrips() throws {
        let s = try Self.schema("double", optional: true)
        try assertRoundTrip(Self.board([("c0", "1"), ("c1", "2")], s), Self.board([("c0", "1"), ("c1", "null")], s))
    }

    func test_tiedDecimals_renumberedAndMoved_roundTrip() throws {
        let s = try Self.schema("double", optional: false)
        let a = try Self.board([("c0", "1.0"), ("c1", "1.0"), ("c2", "1.124")], s)
        let b = try Self.board([("c2", "0"), ("c0", "1"), ("n", "2"), ("c1", "3")], s)
        try assertRoundTrip(a, b)
    }
}
