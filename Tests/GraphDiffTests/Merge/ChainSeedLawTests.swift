import XCTest
import GraphDiffGenerator
@testable import GraphDiff

/// Law: a merge of graphs known consistent (loaded, so their chains are
/// sound) reads the chains of the owners it merges from the members whose
/// links some side changed (`GraphMerger.chainSeeds`), and gives the very
/// result, conflicts and marker text of the same merge that reads them by
/// a pass over every object (the same graphs, not known consistent).
///
/// 400 cases by default over generated chain graphs, two edits of each
/// with every kind of edit and re-keys (a tenth again with the two-core
/// thresholds lowered); `GRAPHDIFF_SEED_CASES=N` sets the
/// number and `GRAPHDIFF_SEED_SEED=S` reruns one. (Debug builds also check
/// each seeded read against a pass, in `GraphMerger.readOrders`.)
final class ChainSeedLawTests: XCTestCase {
    func test_law_seededChainReads_giveTheMergeOfAPass() {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_SEED_CASES"].flatMap(Int.init) ?? 400
        let seeds: [UInt64] = environment["GRAPHDIFF_SEED_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(1, cases))).map { $0 }
        let seeded = LockedCount()
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try Self.check(seed: seed, seeded: seeded) } catch { return "\(error)" }
        }
        for (seed, why) in failures {
            XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_SEED_SEED=\(seed))")
        }
        // A tenth again with the two-core thresholds lowered, so that the
        // orders are read beside the inverses and planned in two halves.
        let lowered = TwoCores.lowered(8) {
            SeedRunner.failures(of: Array(seeds.prefix(max(1, seeds.count / 10)))) { seed in
                do { return try Self.check(seed: seed, seeded: LockedCount()) } catch { return "\(error)" }
            }
        }
        for (seed, why) in lowered {
            XCTFail("seed \(seed): \(why) (thresholds lowered to 8 objects)")
        }
        // The law is about the seeded read: enough cases must take it (the
        // others change no chain, or a side's re-keys leave it not known
        // consistent, or an owner is marked from outside the versions).
        if seeds.count >= 100 { XCTAssertGreaterThan(seeded.value, seeds.count / 5, "too few cases read chains from seeds") }
    }

    /// The failure for `seed`, or `nil`.
    static func check(seed: UInt64, seeded: LockedCount) throws -> String? {
        var random = SplitMix64(seed: seed)
        let size = PropertySuiteTests.sizes[random.below(PropertySuiteTests.sizes.count)]
        var generator = GraphGenerator(seed: random.next(), order: .chain)
        let built = generator.graph(objectCount: size)
        var e1 = GraphEditor(seed: random.next(), order: .chain), e2 = GraphEditor(seed: random.next(), order: .chain)
        let (edited, _) = e1.edit(built, count: random.below(6) + 1, kinds: GraphEditor.Edit.allCases)
        let (other, _) = e2.edit(built, count: random.below(6) + 1, kinds: GraphEditor.Edit.allCases)
        let (mine, theirs) = PropertySuiteTests.withRekeys(edited, other, seed: seed)
        // Loaded: known consistent, read from seeds. As built, not known
        // consistent: read by a pass.
        let loaded = try [built, mine, theirs].map { try Graph.load($0.canonicalText(), schema: built.schema) }
        guard loaded.allSatisfy(\.isKnownConsistent) else { return "a loaded graph is not known consistent" }
        var passed = [built, mine, theirs]
        for i in passed.indices { passed[i].isKnownConsistent = false }
        for prefer in [nil, MergeSide.mine, .theirs] {
            let a = Result { try Graph.merge(base: loaded[0], mine: loaded[1], theirs: loaded[2], prefer: prefer) }
            let b = Result { try Graph.merge(base: passed[0], mine: passed[1], theirs: passed[2], prefer: prefer) }
            switch (a, b) {
            case (.success(let x), .success(let y)):
                guard x.graph.canonicalText() == y.graph.canonicalText() else { return "prefer \(String(describing: prefer)): the results differ" }
                guard x.conflicts == y.conflicts else { return "prefer \(String(describing: prefer)): the conflicts differ" }
            case (.failure(let x), .failure(let y)):
                guard "\(x)" == "\(y)" else { return "prefer \(String(describing: prefer)): the errors differ: \(x) / \(y)" }
            default:
                return "prefer \(String(describing: prefer)): one merge failed and the other did not"
            }
        }
        // The marker text: the report and its two sides (whose orders are
        // shared with the report's, and the rest read from seeds).
        let markers = ConflictMarkerWriter.Markers()
        let x = Result { try MergeText.graphs(base: loaded[0], mine: loaded[1], theirs: loaded[2], prefer: nil, markers: markers) }
        let y = Result { try MergeText.graphs(base: passed[0], mine: passed[1], theirs: passed[2], prefer: nil, markers: markers) }
        switch (x, y) {
        case (.success(let x), .success(let y)):
            guard Self.text(x) == Self.text(y) else { return "the marker texts differ" }
        case (.failure, .failure): break
        default: return "one marker merge failed and the other did not"
        }
        if Self.readsFromSeeds(loaded) { seeded.increment() }
        return nil
    }

    /// The whole text of a merge.
    static func text(_ merged: MergeText) -> [UInt8] {
        var text: [UInt8] = []
        merged.deliverText { piece in
            text += piece
            return true
        }
        return text
    }

    /// Whether a merge of `graphs` has chain owners to merge and reads
    /// them from seeds (a changed chain and no owner marked from outside
    /// the versions).
    static func readsFromSeeds(_ graphs: [Graph]) -> Bool {
        var detected: DetectedRekeys?
        guard var merger = try? Graph.preparedMerger(base: graphs[0], mine: graphs[1], theirs: graphs[2], decisions: MergeDecisions(),
                                                     ignored: IgnoredProperties(), detectsRekeys: true, detected: &detected).0
        else { return false }
        merger.mergeObjects()
        return merger.orders.indices.contains { c in !merger.dirtyOwners[c].isEmpty && !merger.chainSeeds[c].isEmpty && !merger.unseededOwners[c] }
    }

    /// A chain that goes round has no head: the seeded read gives way to a
    /// pass, which lists the members up to the first repeat.
    func test_aChainThatGoesRound_hasNoHead() throws {
        var generator = GraphGenerator(seed: 7, order: .chain)
        var graph = generator.graph(objectCount: 200)
        guard let order = OrderedRelationship.all(in: graph.schema).first(where: { if case .chain = $0.ordering { true } else { false } })
        else { return XCTFail("the generated schema has no chain") }
        // A list of at least two members whose head is made to follow its tail.
        let heads = graph.objects.compactMap { id, o in order.isMember(o) && order.link(o, order.prevSlots) == nil ? id : nil }
        guard let head = heads.first(where: { graph.chainOrder(from: $0, nextSlots: order.nextSlots).count >= 2 })
        else { return XCTFail("no list with two members") }
        let members = graph.chainOrder(from: head, nextSlots: order.nextSlots)
        XCTAssertEqual(graph.chainHead(of: ObjectID(entity: head.entity, identity: members[members.count - 1]), prevSlots: order.prevSlots), head)
        guard let tail = members.last, let slot = order.prevSlots[graph.objects[head]?.entityIndex ?? -1] else { return XCTFail("no prev slot") }
        graph.objects[head]?.setValue(.string(tail), at: slot)
        XCTAssertNil(graph.chainHead(of: head, prevSlots: order.prevSlots))
        XCTAssertNil(graph.chainHead(of: ObjectID(entity: head.entity, identity: tail), prevSlots: order.prevSlots))
        guard let owner = graph.objects[head].flatMap(order.owner(of:)) else { return XCTFail("the head has no owner") }
        XCTAssertNil(order.orders(of: [owner], seededBy: [head], in: graph))
    }
}
