import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// Every walk of a chain is ``Graph/chainOrder(from:nextSlots:limit:)``:
/// the walk from the head of some members (``Graph/walkChain(members:links:)``)
/// gives what it gave with a set of its own
/// (``Graph/referenceWalkChain(members:links:)``), on damaged chains too.
final class ChainWalkTests: XCTestCase {
    func test_walkChain_matchesReference_onDamagedChains_andPartialMemberLists() throws {
        var random = SplitMix64(seed: 99)
        var walks = 0, cut = 0
        for seed in UInt64(1)...120 {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: [60, 250][Int(seed % 2)])
            var damage = ChainDamage(seed: seed &* 13)
            let damaged = damage.apply(to: graph, count: Int(seed % 7))
            for g in [damaged, damaged.withShuffledRows(seed: seed)] {
                for (_, relationship) in g.chainedRelationships {
                    let links = try XCTUnwrap(relationship.chainLinks)
                    for (_, members) in g.membersByOwner(through: relationship).sorted(by: { $0.key < $1.key }) {
                        // The members, a shuffled part of them (the walk
                        // then stops after one more than it has), and with
                        // an identity that names no object.
                        var shuffled = members
                        for k in shuffled.indices.reversed() where k > 0 { shuffled.swapAt(k, Int(random.next() % UInt64(k + 1))) }
                        let part = Array(shuffled.prefix(Int(random.next() % UInt64(members.count + 1))))
                        let lists = [members, part, [ObjectID(entity: "Item", identity: "no-such")] + part]
                        for list in lists {
                            let walked = g.walkChain(members: list, links: links)
                            XCTAssertEqual(walked, g.referenceWalkChain(members: list, links: links), "seed \(seed)")
                            walks += 1
                            if walked.count == list.count + 1 { cut += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(walks, 1_000)
        XCTAssertGreaterThan(cut, 10, "some walks stop at the limit")
    }

    /// A cycle is walked once round, from the head given, at most `limit` members.
    func test_chainOrder_cycleAndLimit() throws {
        var generator = GraphGenerator(seed: 3)
        var g = generator.graph(objectCount: 60)
        let item = try XCTUnwrap(g.schema.entity(named: "Item"))
        let next = try XCTUnwrap(item.storedSlot["next"])
        let slots = g.schema.entities.map { $0.storedSlot["next"] }
        let ids = ["c1", "c2", "c3"].map { ObjectID(entity: "Item", identity: $0) }
        for (k, id) in ids.enumerated() {
            var values = [JSONValue](repeating: .null, count: item.storedProperties.count)
            values[next] = .string(ids[(k + 1) % ids.count].identity)
            g[id] = GraphObject(entity: item, values: values)
        }
        XCTAssertEqual(g.chainOrder(from: ids[1], nextSlots: slots), ["c2", "c3", "c1"])
        XCTAssertEqual(g.chainOrder(from: ids[1], nextSlots: slots, limit: 2), ["c2", "c3"])
        XCTAssertEqual(g.chainOrder(from: ids[1], nextSlots: slots, limit: 5), ["c2", "c3", "c1"])
        XCTAssertEqual(g.chainOrder(from: ObjectID(entity: "Item", identity: "none"), nextSlots: slots), ["none"])
    }
}
