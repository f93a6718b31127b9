import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// A graph's canonical text in pieces (``Graph/canonicalTextPieces()``):
/// what the commands write, one piece after another, instead of joining
/// the two halves made on two cores.
final class TextPiecesTests: XCTestCase {
    /// Law, over random graphs in every storage of an order (300 of them,
    /// `GRAPHDIFF_PIECES_CASES`), with the two-core threshold lowered to
    /// 24 objects so that about half are written in two halves: the pieces
    /// written one after another are the encoder's canonical text, byte
    /// for byte, for a generated graph, for one read back from that text
    /// (its objects copied) and for that one with some objects changed
    /// (copied and encoded mixed); there are two pieces exactly when the
    /// graph is written on two cores, the first begins with `$schema` and
    /// each but the last ends with an object's closing brace; and
    /// ``piecesEqual(_:_:)`` tells the text from itself with one byte
    /// changed or added.
    func test_law_piecesAreTheCanonicalText() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_PIECES_CASES"].flatMap(Int.init) ?? 300
        var split = 0
        for seed in 0..<UInt64(cases) {
            let order = GraphGenerator.ItemOrder.allCases[Int(seed) % GraphGenerator.ItemOrder.allCases.count]
            var generator = GraphGenerator(seed: seed, order: order)
            let generated = generator.graph(objectCount: 4 + Int(seed % 40))
            try TwoCores.lowered(24) {
                let expected = JSONWriter.canonical(generated.encoded())
                let text = joinedPieces(generated.canonicalTextPieces())
                XCTAssertEqual(text, expected, "seed \(seed): generated")
                let loaded = try Graph.load(SourceBytes(text), schema: generated.schema)
                // Every third object written by the encoder (its span gone, its values the same).
                var edited = loaded
                for row in stride(from: 0, to: edited.objects.rowCount, by: 3) {
                    edited.objects.update(atRow: row) { $0.canonicalSource = .none }
                }
                // Room for the whole text is reserved before writing it.
                XCTAssertGreaterThanOrEqual(loaded.textCapacity(forObjects: loaded.count), expected.count, "seed \(seed)")
                for (name, graph) in [("loaded", loaded), ("edited", edited)] {
                    let pieces = graph.canonicalTextPieces()
                    XCTAssertEqual(joinedPieces(pieces), expected, "seed \(seed): \(name)")
                    XCTAssertEqual(graph.canonicalText(), expected, "seed \(seed): \(name), joined by canonicalText")
                    XCTAssertEqual(pieces.count, graph.count >= 24 ? 2 : 1, "seed \(seed): \(name), \(graph.count) objects")
                    XCTAssertTrue(pieces[0].starts(with: Array("{\n  \"$schema\": ".utf8)), "seed \(seed): \(name)")
                    for piece in pieces.dropLast() { XCTAssertEqual(piece.last, UInt8(ascii: "}"), "seed \(seed): \(name)") }
                    if pieces.count == 2 { split += 1 }
                    XCTAssertTrue(piecesEqual(pieces, SourceBytes(expected)))
                    var other = expected
                    other[Int(seed) % other.count] ^= 0x01
                    XCTAssertFalse(piecesEqual(pieces, SourceBytes(other)), "seed \(seed): one byte changed")
                    XCTAssertFalse(piecesEqual(pieces, SourceBytes(expected + [0x0A])), "seed \(seed): one byte more")
                }
            }
        }
        XCTAssertGreaterThan(split, cases / 3, "enough graphs are written in two halves")
    }

    /// The pieces of no text, and of text in one piece.
    func test_joinedPieces_edges() {
        XCTAssertEqual(joinedPieces([]), [])
        XCTAssertEqual(joinedPieces([[1, 2]]), [1, 2])
        XCTAssertEqual(joinedPieces([[], [1], [], [2, 3]]), [1, 2, 3])
        XCTAssertTrue(piecesEqual([], SourceBytes([])))
        XCTAssertTrue(piecesEqual([[], []], SourceBytes([])))
        XCTAssertFalse(piecesEqual([[1]], SourceBytes([])))
    }
}
