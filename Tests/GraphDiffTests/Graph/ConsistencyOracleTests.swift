import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The consistency check with chain links checked in its pass over rows
/// (``ChainCheck``) against the check it replaced
/// (``Graph/referenceConsistencyProblems()``, kept word for word): the same
/// problems in the same order, the same verdict per chain, on seeded random
/// graphs with random damage, small and past the two-core threshold.
final class ConsistencyOracleTests: XCTestCase {
    /// The verdict of a ``ChainCheck`` on `chain` in `graph`.
    func denseVerdict(_ graph: Graph, _ chain: OrderedRelationship) -> Bool {
        var check = ChainCheck(chain: chain)
        for row in 0..<graph.objects.rowCount {
            if let object = graph.objects.object(atRow: row) { check.add(graph.objects.id(atRow: row), object, row: row, in: graph.objects) }
        }
        return check.isSound(rowCount: graph.objects.rowCount)
    }

    func test_check_damagedGraphs_matchReference() {
        var sound = 0, unsound = 0
        for seed in UInt64(1)...400 {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: [40, 150, 600][Int(seed % 3)])
            var damage = ChainDamage(seed: seed &* 31)
            let damaged = damage.apply(to: graph, count: Int(seed % 5))
            // Objects stored in chain order, and shuffled.
            for g in [damaged, damaged.withShuffledRows(seed: seed)] {
                for chain in OrderedRelationship.chains(in: g.schema) {
                    let verdict = g.referenceChainsAreSound(chain)
                    XCTAssertEqual(denseVerdict(g, chain), verdict, "seed \(seed)")
                    if verdict { sound += 1 } else { unsound += 1 }
                }
                XCTAssertEqual(g.consistencyProblems(), g.referenceConsistencyProblems(), "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(sound, 100, "the damage leaves some graphs sound")
        XCTAssertGreaterThan(unsound, 400, "and breaks most")
    }

    /// (The thresholds are lowered to 1,000 objects, in blocks of 250: the
    /// two-core paths on graphs of 4,000.)
    func test_check_pastTheTwoCoreThreshold_matchesReference() {
        TwoCores.lowered(1_000) {
        for seed in UInt64(1)...3 {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: TwoCores.minimumObjects + 3_000)
            var damage = ChainDamage(seed: seed)
            let damaged = damage.apply(to: graph, count: Int(seed - 1) * 3).withShuffledRows(seed: seed)
            let problems = damaged.consistencyProblems()
            XCTAssertEqual(problems, damaged.referenceConsistencyProblems(), "seed \(seed)")
            XCTAssertEqual(problems.isEmpty, seed == 1, "seed \(seed)")
        }
        }
    }

    func test_check_danglingAndInverseProblems_splitOverTwoCores_keepTheirOrder() {
        TwoCores.lowered(1_000) {
        var generator = GraphGenerator(seed: 5)
        var graph = generator.graph(objectCount: TwoCores.minimumObjects + 1_000)
        // Break references far apart in storage order, so both halves find some.
        let people = graph.sortedIDs.filter { $0.entity == "Person" }
        guard let dog = graph.schema.entity(named: "Person")?.storedSlot["dog"] else { return XCTFail("schema") }
        for (k, id) in people.enumerated() where k % 23 == 0 {
            graph[id]?.values[dog] = .string(k % 2 == 0 ? "no-dog-\(k)" : "d0")
        }
        let problems = graph.consistencyProblems()
        XCTAssertGreaterThan(problems.count, 10)
        XCTAssertEqual(problems, graph.referenceConsistencyProblems())
        }
    }

    /// The two-core check of a sound graph finds what one core finds: nothing.
    func test_check_soundGraphs_haveNoProblems() {
        for seed in UInt64(1)...20 {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: 300)
            XCTAssertEqual(graph.consistencyProblems(), [], "seed \(seed)")
            for chain in OrderedRelationship.chains(in: graph.schema) { XCTAssertTrue(denseVerdict(graph, chain), "seed \(seed)") }
        }
    }

    /// Walks that look each next up at the following row first against
    /// walks by identity (``Graph/referenceChainOrder(from:nextSlots:)``),
    /// from every member of damaged graphs (cycles, links out of the chain,
    /// to no object, to an object that is no member), with the objects
    /// stored in chain order and shuffled.
    func test_chainWalks_matchReference_fromEveryMember() {
        for seed in UInt64(1)...150 {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: [60, 250][Int(seed % 2)])
            var damage = ChainDamage(seed: seed &* 17)
            let damaged = damage.apply(to: graph, count: Int(seed % 6))
            for g in [damaged, damaged.withShuffledRows(seed: seed)] {
                for chain in OrderedRelationship.chains(in: g.schema) {
                    let starts = g.sortedIDs.filter { $0.entity == chain.memberRoot } + [ObjectID(entity: chain.memberRoot, identity: "no-such")]
                    for start in starts {
                        XCTAssertEqual(g.chainOrder(from: start, nextSlots: chain.nextSlots), g.referenceChainOrder(from: start, nextSlots: chain.nextSlots),
                                       "seed \(seed) from \(start)")
                    }
                }
            }
        }
    }
}
