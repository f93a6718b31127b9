import GraphDiffGenerator
import GraphDiffJSON
import XCTest
@testable import GraphDiff

/// The blocks of a marked graph text that the selection tries together
/// (`resolve --path`/`--object` outside a git merge): the pairs it keeps
/// are every pair that could load, and its groups take a chain's move whole.
final class BlockDependenceLawTests: XCTestCase {
    /// Seeded merges per law: 200, or `GRAPHDIFF_BLOCK_CASES`.
    static let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_BLOCK_CASES"].flatMap(Int.init) ?? 200

    /// Law: of the blocks whose graph does not load with their other side
    /// alone, every minimal set that loads together (checked against every
    /// set, the selection's former search and more) lies in one group of
    /// ``ConflictMarkerReader/linkedGroups(of:by:)``, and a pair that loads
    /// is a pair ``ConflictMarkerReader/pairsThatMayDepend(_:in:)``
    /// keeps; the spans cut from the two resolutions are the blocks' sides;
    /// and ``Graph/loadIfValid(_:schema:)`` agrees with the full load on
    /// every variant.
    func test_everySetThatLoads_liesInOneGroup_overSeededMerges() throws {
        var withPairs = 0, setsLoading = 0, refused = 0
        for seed in UInt64(1)...UInt64(Self.cases) {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: [30, 60, 100][Int(seed % 3)])
            var e1 = GraphEditor(seed: seed &+ 30_000), e2 = GraphEditor(seed: seed &+ 40_000)
            let kinds: [GraphEditor.Edit] = [.moveItem, .removeItem, .insertItem, .transferItem, .attribute, .deletePerson]
            let (mine, _) = e1.edit(base, count: 3 + Int(seed % 6), kinds: kinds), (theirs, _) = e2.edit(base, count: 3 + Int(seed % 5), kinds: kinds)
            let marked = try MergeText.graphs(base: base, mine: mine, theirs: theirs, prefer: nil, markers: .init()).text
            let sides = try ConflictMarkerReader.sides(of: marked)
            guard sides.blocks > 1 else { continue }
            let schema = base.schema
            func variant(_ blocks: Set<Int>) throws -> [UInt8] {
                try ConflictMarkerReader.text(of: marked) { blocks.contains($0) ? .theirs : .mine }
            }
            // Each variant read both ways: `loadIfValid` refuses what the
            // full load refuses, and reads the same graph otherwise.
            let mineGraph = try Graph.load(try variant([]), schema: schema)
            func loads(_ blocks: Set<Int>) throws -> Bool {
                let text = try variant(blocks)
                let loaded = try? Graph.load(text, schema: schema), quick = Graph.loadIfValid(text, schema: schema)
                XCTAssertEqual(quick, loaded, "seed \(seed), blocks \(blocks.sorted())")
                XCTAssertEqual(Graph.loadIfValid(text, schema: schema, options: .init(sharingValuesWith: mineGraph)), loaded, "seed \(seed), blocks \(blocks.sorted())")
                if loaded == nil { refused += 1 }
                return loaded != nil
            }
            let unloadable = try (0..<sides.blocks).filter { try !loads([$0]) }
            guard unloadable.count > 1 else { continue }
            withPairs += 1
            let spans = try ConflictMarkerReader.blockSpans(of: marked, size: 7)
            for (k, _) in spans.mine.enumerated() {
                var cut = sides.mine
                cut.replaceSubrange(spans.mine[k], with: sides.theirs[spans.theirs[k]])
                XCTAssertEqual(cut, try variant([k]), "seed \(seed), block \(k)")
                var fromBase = try XCTUnwrap(sides.base)
                fromBase.replaceSubrange(spans.base[k], with: sides.mine[spans.mine[k]])
                XCTAssertEqual(fromBase, try ConflictMarkerReader.text(of: marked) { $0 == k ? .mine : .base }, "seed \(seed), block \(k)")
            }
            let kept = ConflictMarkerReader.pairsThatMayDepend(unloadable, in: [(try Graph.load(sides.mine, schema: schema), spans.mine),
                                                                                (try Graph.load(sides.theirs, schema: schema), spans.theirs),
                                                                                (try Graph.load(try XCTUnwrap(sides.base), schema: schema), spans.base)])
            let keptSet = Set(kept.map { [$0.0, $0.1] })
            XCTAssertEqual(keptSet.count, kept.count, "seed \(seed): a pair twice")
            let groups = ConflictMarkerReader.linkedGroups(of: unloadable, by: kept)
            // The groups are the pairs' connected components.
            XCTAssertEqual(groups.flatMap { $0 }.sorted(), unloadable, "seed \(seed)")
            for (k, j) in kept { XCTAssertTrue(groups.contains { $0.contains(k) && $0.contains(j) }, "seed \(seed)") }
            // Every minimal set of these blocks that loads (no smaller part
            // of it loads) lies in one group: what one group misses, no
            // other block mends. A pair that loads is a pair kept.
            guard unloadable.count <= 7 else { continue }
            var minimal: [Int] = []  // masks over `unloadable`
            for mask in (1..<(1 << unloadable.count)).sorted(by: { $0.nonzeroBitCount < $1.nonzeroBitCount }) where mask.nonzeroBitCount > 1 {
                guard !minimal.contains(where: { $0 & mask == $0 }) else { continue }
                let blocks = unloadable.indices.filter { mask & (1 << $0) != 0 }.map { unloadable[$0] }
                guard try loads(Set(blocks)) else { continue }
                minimal.append(mask)
                setsLoading += 1
                XCTAssertTrue(groups.contains { Set($0).isSuperset(of: blocks) }, "seed \(seed): blocks \(blocks) load together across groups \(groups)")
                if blocks.count == 2 { XCTAssertTrue(keptSet.contains(blocks), "seed \(seed): blocks \(blocks) load together but are no pair kept") }
            }
        }
        XCTAssertGreaterThan(withPairs, Self.cases / 25)
        XCTAssertGreaterThan(setsLoading, 0)
        XCTAssertGreaterThan(refused, Self.cases / 5)
    }

    /// A place and a conflict are matched by the bytes of their names: an
    /// NFC and an NFD spelling of one identity are two objects.
    func test_touches_comparesNamesAsBytes() {
        func place(_ identity: String, _ property: String?, path: [String]? = nil) -> MergeConflict {
            MergeConflict(kind: .property, entity: path == nil ? "Task" : nil, identity: path == nil ? identity : nil, property: property,
                          path: JSONPointer(path ?? ["objects", "Task", identity]), base: nil, mine: nil, theirs: nil)
        }
        let (nfc, nfd) = ("caf\u{E9}", "cafe\u{301}")
        XCTAssertTrue(ConflictMarkerReader.touches(place(nfc, "title"), place(nfc, nil)))
        XCTAssertFalse(ConflictMarkerReader.touches(place(nfc, "title"), place(nfd, nil)))
        XCTAssertFalse(ConflictMarkerReader.touches(place(nfc, "title"), place(nfc, "done")))
        XCTAssertTrue(ConflictMarkerReader.touches(place("", nil, path: ["items", nfc, "a"]), place("", nil, path: ["items", nfc])))
        XCTAssertFalse(ConflictMarkerReader.touches(place("", nil, path: ["items", nfc, "a"]), place("", nil, path: ["items", nfd])))
    }

    func test_linkedGroups_areTheComponents_inOrder() {
        XCTAssertEqual(ConflictMarkerReader.linkedGroups(of: [1, 3, 4, 7, 9], by: [(7, 3), (1, 9)]), [[1, 9], [3, 7], [4]])
        XCTAssertEqual(ConflictMarkerReader.linkedGroups(of: [2, 5], by: [(2, 8)]), [[2], [5]], "a pair outside the blocks links nothing")
        XCTAssertEqual(ConflictMarkerReader.linkedGroups(of: [], by: []), [])
    }

    /// A member moved to different places in a chain: its conflict's
    /// blocks (its links, its old and new neighbours') load only together,
    /// and the selection takes them as one group.
    func test_chainMemberMovedToDifferentPlaces_isSelectedAsOneGroup() throws {
        let schema = GraphGenerator.schema(for: .chain)
        func chain(_ order: [String]) throws -> Graph {
            func link(_ i: Int) -> String { order.indices.contains(i) ? "\"" + order[i] + "\"" : "null" }
            let items = order.enumerated().map { i, id in
                "\"\(id)\": {\"list\": \"w\", \"title\": \"\(id)\", \"prev\": \(link(i - 1)), \"next\": \(link(i + 1))}"
            }
            return try Graph.load(Array(("{\"objects\": {\"TaskList\": {\"w\": {\"title\": \"W\"}}, \"Item\": {"
                                         + items.joined(separator: ", ") + "}}}").utf8), schema: schema)
        }
        let base = try chain(["a", "b", "c", "d", "e", "f", "g"])
        let merged = try MergeText.graphs(base: base, mine: try chain(["a", "c", "d", "b", "e", "f", "g"]),
                                          theirs: try chain(["a", "c", "d", "e", "f", "b", "g"]), prefer: nil, markers: .init())
        XCTAssertEqual(merged.open.map(\.kind), [.moveMove])
        let count = try ConflictMarkerReader.sides(of: merged.text).blocks
        XCTAssertGreaterThan(count, 2)
        let chosen = try ConflictMarkerReader.blocks(of: merged.text, schema: schema, selectedBy: [MergeDecisions.Selector(entity: "Item", identity: "b")])
        XCTAssertEqual(chosen, [], "the move is the list's conflict, not the member's")
        let byOwner = try ConflictMarkerReader.blocks(of: merged.text, schema: schema, selectedBy: [MergeDecisions.Selector(entity: "TaskList", identity: "w")])
        // Blocks 0 and 2 (the links of b's old neighbours) are the same on
        // both sides, only their base's part differs (the report keeps b in
        // place): they go with the group, so that the base's side is whole.
        XCTAssertEqual(byOwner, Array(0..<count))
        let mine = try chain(["a", "c", "d", "b", "e", "f", "g"]), theirs = try chain(["a", "c", "d", "e", "f", "b", "g"])
        for (part, prefer) in [(ConflictMarkerReader.Part.theirs, MergeSide?.some(.theirs)), (.mine, .mine), (.base, nil)] {
            let taken = try ConflictMarkerReader.text(of: merged.text) { byOwner.contains($0) ? part : nil }
            XCTAssertEqual(String(decoding: try Graph.load(taken, schema: schema).canonicalText(), as: UTF8.self),
                           String(decoding: try Graph.merge(base: base, mine: mine, theirs: theirs, prefer: prefer).graph.canonicalText(), as: UTF8.self))
        }
    }
}
