import Foundation
import GraphDiffGenerator
import GraphDiffJSON
import XCTest
@testable import GraphDiff

/// The conflict markers of a graph merge handed over as they are made
/// (``ConflictMarkerWriter/deliverText(mine:theirs:base:markers:to:)``),
/// against their oracle, the writer of documents.
final class MarkerPiecesTests: XCTestCase {
    /// Law: over 150 seeded merges (`GRAPHDIFF_MARKER_PIECES_CASES`), those with open conflicts (theirs edits mine
    /// again, so both sides change some objects), with the two-core
    /// threshold lowered to 24 objects and the parts to 1–7, the pieces
    /// handed over as they are made, one after another, are the document
    /// writer's text on the three canonical documents, byte for byte; a
    /// group of at least 24 objects comes in parts; a taker that keeps no
    /// piece gets the same text, made in the memory of pieces it gave
    /// back; when the taker says stop, no more pieces come; and the merge's
    /// text (``MergeText/deliverText(to:)``, ``MergeText/text``) is the same.
    func test_law_markersDeliveredAsMade_areTheDocumentWritersText() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_MARKER_PIECES_CASES"].flatMap(Int.init).map { min($0, 150) } ?? 150
        var inParts = 0, marked = 0
        for seed in UInt64(0)..<UInt64(cases) {
            var generator = GraphGenerator(seed: seed &+ 700)
            let generated = generator.graph(objectCount: 40 + Int(seed % 4) * 40)
            let base = try Graph.load(generated.canonicalText(), schema: generated.schema)
            var mineEditor = GraphEditor(seed: seed &* 3 &+ 1), theirsEditor = GraphEditor(seed: seed &* 5 &+ 2)
            let mineEdit = mineEditor.edit(base, count: 10 + Int(seed % 20)).0
            let theirsEdit = theirsEditor.edit(mineEdit, count: 20 + Int(seed % 30)).0
            let mine = try Graph.load(mineEdit.canonicalText(), schema: base.schema)
            let theirs = try Graph.load(theirsEdit.canonicalText(), schema: base.schema)
            guard let report = try? Graph.merge(base: base, mine: mine, theirs: theirs),
                report.conflicts.contains(where: { $0.resolvedBy == nil }),
                let forMine = try? Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph,
                let forTheirs = try? Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph
            else { continue }
            marked += 1
            let oracle = ConflictMarkerWriter.write(mine: forMine.encoded(), theirs: forTheirs.encoded(), base: report.graph.encoded(), baseIsResult: true)
            let parts = 1 + Int(seed % 7)
            let saved = TwoCores.deliveredParts
            TwoCores.deliveredParts = parts
            defer { TwoCores.deliveredParts = saved }
            try TwoCores.lowered(24) {
                func deliver(_ take: @escaping ([UInt8]) -> Bool) {
                    ConflictMarkerWriter.deliverText(mine: forMine, theirs: forTheirs, base: report.graph, to: take)
                }
                var pieces: [[UInt8]] = []
                deliver { pieces.append($0); return true }
                XCTAssertEqual(String(decoding: joinedPieces(pieces), as: UTF8.self), String(decoding: oracle, as: UTF8.self), "seed \(seed)")
                if pieces.count > 2 { inParts += 1 }
                // A taker that keeps no piece: memory given back is filled again.
                var copied: [UInt8] = [], sizes: [Int] = []
                deliver { piece in
                    copied.append(contentsOf: piece)
                    sizes.append(piece.count)
                    return true
                }
                XCTAssertEqual(copied, oracle, "seed \(seed): pieces made in memory given back")
                XCTAssertEqual(sizes, pieces.map(\.count), "seed \(seed)")
                // Stop after the first piece (or the second): no more come.
                let stopAfter = 1 + Int(seed % 2)
                var taken = 0
                deliver { _ in taken += 1; return taken < stopAfter }
                XCTAssertEqual(taken, min(stopAfter, pieces.count), "seed \(seed)")
                // The merge's text, delivered and whole.
                let merged = try MergeText.graphs(base: base, mine: mine, theirs: theirs, prefer: nil, markers: .init())
                var fromMerge: [UInt8] = []
                merged.deliverText { fromMerge.append(contentsOf: $0); return true }
                XCTAssertEqual(fromMerge, oracle, "seed \(seed): the merge's text delivered")
                XCTAssertEqual(merged.text, oracle, "seed \(seed): the merge's text")
            }
        }
        XCTAssertGreaterThan(marked, cases * 2 / 5, "enough merges have open conflicts")
        XCTAssertGreaterThan(inParts, cases / 4, "enough marker texts come in parts")
    }

    /// A run of objects that one resolution has and the other lacks (mine
    /// deleted them, theirs changed each: delete/modify conflicts) is one
    /// block in the text: cut into parts anywhere but at an object alike in
    /// both, it would come out as several. Every number of parts gives the
    /// document writer's text.
    func test_aRunOfOneSidedObjects_staysOneBlock_inEveryNumberOfParts() throws {
        var generator = GraphGenerator(seed: 3)
        let generated = generator.graph(objectCount: 400)
        let base = try Graph.load(generated.canonicalText(), schema: generated.schema)
        let people = base.objects.keys.filter { $0.entity == "Person" }.sorted()
        XCTAssertGreaterThan(people.count, 24)
        var mine = base, theirs = base
        // All but the first and last few: the run spans most of the group.
        for id in people.dropFirst(2).dropLast(2) {
            try mine.delete(id)
            let age = theirs.value(of: id, "age")?.numberValue?.intValue ?? 0
            _ = theirs.setValue(.number(JSONNumber(age + 1)), of: id, "age")
        }
        let report = try Graph.merge(base: base, mine: mine, theirs: theirs)
        let forMine = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .mine).graph
        let forTheirs = try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: .theirs).graph
        XCTAssertGreaterThan(report.conflicts.filter { $0.kind == .deleteModify }.count, 20)
        let oracle = ConflictMarkerWriter.write(mine: forMine.encoded(), theirs: forTheirs.encoded(), base: report.graph.encoded(), baseIsResult: true)
        let saved = TwoCores.deliveredParts
        defer { TwoCores.deliveredParts = saved }
        for parts in 1...12 {
            TwoCores.deliveredParts = parts
            var pieces: [[UInt8]] = []
            TwoCores.lowered(8) {
                ConflictMarkerWriter.deliverText(mine: forMine, theirs: forTheirs, base: report.graph) { pieces.append($0); return true }
            }
            XCTAssertEqual(String(decoding: joinedPieces(pieces), as: UTF8.self), String(decoding: oracle, as: UTF8.self), "\(parts) parts")
        }
    }
}
