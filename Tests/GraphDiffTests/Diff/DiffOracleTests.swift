import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The diff (a pass split over two cores on large graphs, long chains walked
/// on dense rows, sequence positions in an ``IdentityTable``) against the
/// diff it replaced (``ChangeSet/referenceDiff(from:to:options:)``, kept
/// word for word): equal change sets on seeded random graphs and edits.
final class DiffOracleTests: XCTestCase {
    func test_diff_randomEdits_matchReference() throws {
        for seed in UInt64(1)...150 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: [30, 100, 400, 1_500][Int(seed % 4)])
            var editor = GraphEditor(seed: seed &* 7919)
            let (changed, _) = editor.edit(base, count: Int(seed % 15) + 1)
            // Every third pair has the new objects stored in another order
            // than the old ones.
            let edited = seed % 3 == 0 ? changed.withShuffledRows(seed: seed) : changed
            XCTAssertEqual(try ChangeSet.diff(from: base, to: edited), try ChangeSet.referenceDiff(from: base, to: edited), "seed \(seed)")
            XCTAssertEqual(try ChangeSet.diff(from: edited, to: base), try ChangeSet.referenceDiff(from: edited, to: base), "seed \(seed)")
        }
    }

    func test_diff_withRoot_matchesReference() throws {
        for seed in UInt64(1)...40 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: 200)
            var editor = GraphEditor(seed: seed)
            let (edited, _) = editor.edit(base, count: 8)
            let roots = base.sortedIDs.filter { $0.entity == "TaskList" || $0.entity == "Person" }
            guard let root = roots.dropFirst(Int(seed) % max(roots.count, 1)).first else { continue }
            let options = DiffOptions(root: root)
            XCTAssertEqual(try ChangeSet.diff(from: base, to: edited, options: options),
                           try ChangeSet.referenceDiff(from: base, to: edited, options: options), "seed \(seed) root \(root)")
        }
    }

    /// Diffs of broken graphs (the diff takes any graphs): chains with
    /// cycles, two heads, links out of the chain.
    func test_diff_damagedGraphs_matchReference() throws {
        for seed in UInt64(1)...120 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: [80, 300][Int(seed % 2)])
            var first = ChainDamage(seed: seed), second = ChainDamage(seed: seed &+ 1000)
            let old = first.apply(to: base, count: Int(seed % 4))
            let new = second.apply(to: base, count: Int(seed % 3) + 1)
            XCTAssertEqual(try ChangeSet.diff(from: old, to: new), try ChangeSet.referenceDiff(from: old, to: new), "seed \(seed)")
        }
    }

    /// A chain long enough to be walked on dense rows, with moves, inserts
    /// and removals: the same change set, and exactly as many moves as the
    /// reference finds.
    func test_diff_longChain_matchesReference() throws {
        let schema = GraphGenerator.schema
        guard let list = schema.entity(named: "TaskList"), let item = schema.entity(named: "Item") else { return XCTFail("schema") }
        func graph(_ order: [String]) -> Graph {
            var g = Graph(schema: schema)
            g[ObjectID(entity: "TaskList", identity: "l")] = GraphObject(entity: list, values: ["long list"])
            for (i, id) in order.enumerated() {
                g[ObjectID(entity: "Item", identity: id)] = GraphObject(entity: item, values: item.storedProperties.map { p in
                    switch p.name {
                    case "title": return "item"
                    case "done": return false
                    case "priority": return 0
                    case "list": return "l"
                    case "prev": return i > 0 ? .string(order[i - 1]) : .null
                    case "next": return i + 1 < order.count ? .string(order[i + 1]) : .null
                    default: return .null
                    }
                })
            }
            return g
        }
        for seed in UInt64(1)...3 {
            var random = SplitMix64(seed: seed)
            var order = (0..<20_000).map { "i\($0)" }
            let a = graph(order)
            for _ in 0..<200 {
                let x = order.remove(at: Int(random.next() % UInt64(order.count)))
                order.insert(x, at: Int(random.next() % UInt64(order.count + 1)))
            }
            for k in 0..<20 { order.insert("new\(k)", at: Int(random.next() % UInt64(order.count + 1))) }
            for _ in 0..<20 { order.remove(at: Int(random.next() % UInt64(order.count))) }
            let b = graph(order)
            let changes = try ChangeSet.diff(from: a, to: b)
            XCTAssertEqual(changes, try ChangeSet.referenceDiff(from: a, to: b), "seed \(seed)")
            XCTAssertGreaterThan(changes.sequences.first?.moved.count ?? 0, 150, "seed \(seed)")
        }
    }

    /// (The thresholds are lowered to 1,000 objects, in blocks of 250.)
    func test_diff_pastTheTwoCoreThreshold_matchesReference() throws {
        try TwoCores.lowered(1_000) {
        for seed in UInt64(1)...2 {
            var generator = GraphGenerator(seed: seed)
            let base = generator.graph(objectCount: TwoCores.minimumObjects + 5_000)
            var editor = GraphEditor(seed: seed)
            let (changed, _) = editor.edit(base, count: 200)
            let edited = seed == 2 ? changed.withShuffledRows(seed: seed) : changed
            XCTAssertEqual(try ChangeSet.diff(from: base, to: edited), try ChangeSet.referenceDiff(from: base, to: edited), "seed \(seed)")
        }
        }
    }

    /// Sequence edits with positions in an ``IdentityTable`` against those
    /// with a `Dictionary`, repeated members included.
    func test_sequenceEdits_matchReference() {
        var random = SplitMix64(seed: 11)
        for round in 0..<2_000 {
            let alphabet = Int(random.next() % 40) + 1
            func sequence() -> [String] {
                (0..<Int(random.next() % 30)).map { _ in ["a", "é", "e\u{301}", "x"][Int(random.next() % 4)] + String(random.next() % UInt64(alphabet)) }
            }
            let old = sequence(), new = sequence()
            let fast = SequenceChange.edits(from: old, to: new), reference = SequenceChange.referenceEdits(from: old, to: new)
            XCTAssertEqual(fast.inserted, reference.inserted, "round \(round): \(old) → \(new)")
            XCTAssertEqual(fast.removed, reference.removed, "round \(round)")
            XCTAssertEqual(fast.moved, reference.moved, "round \(round)")
        }
    }

    /// Distinct members, mostly in their old order (where the member after
    /// the last one found is tried before the table): a few moves, inserts
    /// and removals.
    func test_sequenceEdits_ofDistinctMembers_matchReference() {
        var random = SplitMix64(seed: 12)
        for round in 0..<1_000 {
            let old = (0..<Int(random.next() % 200)).map { "m\($0)" }
            var new = old
            for _ in 0..<Int(random.next() % 6) where !new.isEmpty {
                let x = new.remove(at: Int(random.next() % UInt64(new.count)))
                new.insert(x, at: Int(random.next() % UInt64(new.count + 1)))
            }
            for k in 0..<Int(random.next() % 3) { new.insert("n\(k)", at: Int(random.next() % UInt64(new.count + 1))) }
            for _ in 0..<Int(random.next() % 3) where !new.isEmpty { new.remove(at: Int(random.next() % UInt64(new.count))) }
            let fast = SequenceChange.edits(from: old, to: new), reference = SequenceChange.referenceEdits(from: old, to: new)
            XCTAssertEqual(fast.inserted, reference.inserted, "round \(round)")
            XCTAssertEqual(fast.removed, reference.removed, "round \(round)")
            XCTAssertEqual(fast.moved, reference.moved, "round \(round)")
        }
    }
}
