import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// The members index limited to some owners (`membersByOwner(through:among:sorted:)`,
/// what a patch and `members(of:through:)` use) against the whole index.
final class MembersByOwnerTests: XCTestCase {
    /// Law, over random graphs in every storage of an order (200 of them,
    /// `GRAPHDIFF_MEMBERS_CASES`), for every to-many relationship: the
    /// index limited to a random set of owners (some of them absent, some
    /// of another entity) is the whole index's entries for those owners,
    /// in the same order, sorted or not; `members(of:through:)` of each is
    /// its sorted entry.
    func test_law_limitedIndex_isTheWholeIndexLimited() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_MEMBERS_CASES"].flatMap(Int.init) ?? 200
        var compared = 0
        for seed in 0..<UInt64(cases) {
            let order = GraphGenerator.ItemOrder.allCases[Int(seed) % GraphGenerator.ItemOrder.allCases.count]
            var generator = GraphGenerator(seed: seed, order: order)
            let graph = generator.graph(objectCount: 10 + Int(seed % 80))
            var random = SplitMix64(seed: seed)
            let ids = graph.objects.map(\.key)
            for entity in graph.schema.entities {
                for case .relationship(let r) in entity.properties where r.inverse != nil {
                    let whole = graph.membersByOwner(through: r, sorted: false)
                    var owners = Set(ids.filter { _ in random.next() % 3 == 0 })
                    owners.insert(ObjectID(entity: entity.root, identity: "absent-\(seed)"))
                    for sorted in [false, true] {
                        let limited = graph.membersByOwner(through: r, among: owners, sorted: sorted)
                        let expected = whole.filter { owners.contains($0.key) }.mapValues { sorted ? $0.sorted() : $0 }
                        XCTAssertEqual(limited, expected, "seed \(seed): \(entity.name).\(r.name), sorted \(sorted)")
                    }
                    for owner in owners where owner.entity == entity.root && graph.objects[owner]?.entityIndex == entity.index
                        && r.storage == .derived {
                        XCTAssertEqual(graph.members(of: owner, through: r), (whole[owner] ?? []).sorted(), "seed \(seed): \(owner)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, cases)
    }
}
