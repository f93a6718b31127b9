import Foundation
import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// `diff --format json` made on two cores: the changes encoded in two
/// halves (their positions looked up from two threads) and the text
/// written in two pieces (``PatchDocument/canonicalTextPieces(_:context:)``,
/// ``JSONWriter/canonicalPieces(_:minimumElements:)``).
final class ReportPiecesTests: XCTestCase {
    /// Law, over random pairs of graphs in every storage of an order (200
    /// of them, `GRAPHDIFF_REPORT_CASES`), read from their canonical texts
    /// so that the report gives positions: with the two-core thresholds
    /// lowered to 8, the pieces written one after another are the document
    /// that ``PatchDocument/encode(_:context:)`` makes on one core, written
    /// by ``JSONWriter/canonical(_:)``, byte for byte; a report of at least
    /// 8 changes is in two pieces, the first ending inside `"changes"`.
    func test_law_reportPiecesAreTheOneCoreReport() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_REPORT_CASES"].flatMap(Int.init) ?? 200
        var split = 0
        for seed in 0..<UInt64(cases) {
            let order = GraphGenerator.ItemOrder.allCases[Int(seed) % GraphGenerator.ItemOrder.allCases.count]
            var generator = GraphGenerator(seed: seed, order: order)
            let base = generator.graph(objectCount: 4 + Int(seed % 60))
            var editor = GraphEditor(seed: seed &+ 7, order: order)
            let edited = editor.edit(base, count: 1 + Int(seed % 23)).0
            let (oldText, newText) = (base.canonicalText(), edited.canonicalText())
            let old = try Graph.load(SourceBytes(oldText), schema: base.schema)
            let new = try Graph.load(SourceBytes(newText), schema: base.schema)
            let changes = try ChangeSet.diff(from: old, to: new)
            func context() -> RenderContext {
                RenderContext(oldName: "a", newName: "b", oldSource: JSONSourceText(oldText), newSource: JSONSourceText(newText))
            }
            let expected = JSONWriter.canonical(PatchDocument.encode(changes, context: context()))
            let pieces = TwoCores.lowered(8) { PatchDocument.canonicalTextPieces(changes, context: context()) }
            XCTAssertEqual(joinedPieces(pieces), expected, "seed \(seed)")
            let entries = changes.objects.count + changes.sequences.count + changes.metadata.count + changes.rekeys.count
            XCTAssertEqual(pieces.count, entries >= 8 ? 2 : 1, "seed \(seed): \(entries) entries")
            if pieces.count == 2 {
                split += 1
                XCTAssertTrue(pieces[0].starts(with: Array("{\n  \"changes\": [\n    {".utf8)), "seed \(seed)")
                XCTAssertTrue(pieces[1].starts(with: Array(",\n    {".utf8)), "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(split, cases / 3, "enough reports are made in two halves")
    }

    /// The writer's pieces of any document: one piece unless it is an
    /// object with a long enough array written one element per line; the
    /// split array may come first, between other members or last, and
    /// what follows it is written after it.
    func test_canonicalPieces_ofDocuments_areTheCanonicalText() throws {
        let element: JSONValue = ["id": "x", "n": 1]
        let long = JSONValue.array(Array(repeating: element, count: 5))
        let scalars = JSONValue.array((0..<40).map { JSONValue.number(JSONNumber($0)) })
        let documents: [(JSONValue, Int)] = [
            (["a": long], 2),
            (["a": long, "b": ["c": true], "z": "end"], 2),
            (["0": 1, "m": long, "z": [1, 2]], 2),
            (["0": [], "a": .array([element, element]), "m": long], 2),
            (["s": scalars], 2),
            (["short": [1, 2, 3], "other": "x"], 1),
            (["few": .array([element])], 1),
            (long, 1),
            ("text", 1),
            ([:], 1),
        ]
        for (i, (document, count)) in documents.enumerated() {
            let pieces = JSONWriter.canonicalPieces(document, minimumElements: 2)
            XCTAssertEqual(joinedPieces(pieces), JSONWriter.canonical(document), "document \(i)")
            XCTAssertEqual(pieces.count, count, "document \(i)")
        }
        // Below the threshold: one piece.
        XCTAssertEqual(JSONWriter.canonicalPieces(["a": long], minimumElements: 6).count, 1)
    }
}
