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

    /// Law, over random graphs in every storage of an order (200 of them,
    /// `GRAPHDIFF_PIECES_CASES`), read back from their canonical text, with
    /// the two-core threshold lowered to 24 objects and the parts to 1–7:
    /// the pieces handed over as they are made
    /// (``Graph/canonicalText(deliveringPiecesTo:)``), one after another,
    /// are the canonical text; a large graph's come in as many pieces as
    /// parts of equal size (rounded up) it takes, the first holding
    /// `$schema`; a taker that keeps no piece gets the same text, made in
    /// the memory of pieces it gave back; and when the taker
    /// says stop after some pieces, no more are handed over.
    func test_law_piecesDeliveredAsMade_areTheCanonicalText() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_PIECES_CASES"].flatMap(Int.init).map { min($0, 200) } ?? 200
        var delivered = 0
        for seed in 0..<UInt64(cases) {
            let order = GraphGenerator.ItemOrder.allCases[Int(seed) % GraphGenerator.ItemOrder.allCases.count]
            var generator = GraphGenerator(seed: seed &+ 500, order: order)
            let generated = generator.graph(objectCount: 4 + Int(seed % 50))
            let expected = generated.canonicalText()
            let graph = try Graph.load(SourceBytes(expected), schema: generated.schema)
            let parts = 1 + Int(seed % 7)
            let saved = TwoCores.deliveredParts
            TwoCores.deliveredParts = parts
            defer { TwoCores.deliveredParts = saved }
            TwoCores.lowered(24) {
                var pieces: [[UInt8]] = []
                graph.canonicalText(deliveringPiecesTo: { pieces.append($0); return true })
                XCTAssertEqual(joinedPieces(pieces), expected, "seed \(seed)")
                // A taker that keeps no piece: each piece's memory is given
                // back and filled again with a later part's text.
                var copied: [UInt8] = [], sizes: [Int] = []
                graph.canonicalText(deliveringPiecesTo: { piece in
                    copied.append(contentsOf: piece)
                    sizes.append(piece.count)
                    return true
                })
                XCTAssertEqual(copied, expected, "seed \(seed): pieces made in memory given back")
                XCTAssertEqual(sizes, pieces.map(\.count), "seed \(seed)")
                if graph.count >= 24 {
                    delivered += 1
                    // Parts of equal size, rounded up: the last may be short, so fewer may do.
                    let size = (graph.count + parts - 1) / parts
                    XCTAssertEqual(pieces.count, (graph.count + size - 1) / size, "seed \(seed): \(graph.count) objects in \(parts) parts")
                } else {
                    XCTAssertEqual(pieces.count, 1, "seed \(seed)")
                }
                XCTAssertTrue(pieces[0].starts(with: Array("{\n  \"$schema\": ".utf8)), "seed \(seed)")
                // Stop after the first piece (or the second): no more come.
                let stopAfter = 1 + Int(seed % 2)
                var taken = 0
                graph.canonicalText(deliveringPiecesTo: { _ in taken += 1; return taken < stopAfter })
                XCTAssertEqual(taken, min(stopAfter, pieces.count), "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(delivered, cases / 3, "enough graphs are delivered in parts")
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
