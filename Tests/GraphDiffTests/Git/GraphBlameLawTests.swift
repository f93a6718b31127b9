import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// `graphdiff blame`'s engine against a brute-force replay of the log:
/// over seeded histories (2 to 9 versions of a generated graph, every
/// storage of order, a few random edits per version, one version in four
/// re-keying an object), walking back from the newest version with early
/// stops attributes every property to the last version whose value
/// differs from the one before it (or that added the object), following
/// the object through the re-keys the diffs report, and every member's
/// place to the last version whose diff inserts or moves it (or that
/// added it or its owner, or re-keyed either).
///
/// 300 cases by default; `GRAPHDIFF_BLAME_CASES=N` runs more (or fewer),
/// `GRAPHDIFF_BLAME_SEED=S` reruns one.
final class GraphBlameLawTests: XCTestCase {
    func test_blame_agreesWithReplayingTheLog() {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_BLAME_CASES"].flatMap(Int.init) ?? 300
        let seeds = environment["GRAPHDIFF_BLAME_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(1, cases))).map { $0 }
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try self.check(seed: seed) } catch { return "\(error)" }
        }
        for (seed, why) in failures {
            XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_BLAME_SEED=\(seed))")
        }
    }

    func check(seed: UInt64) throws -> String? {
        var random = SplitMix64(seed: seed)
        let order = GraphGenerator.ItemOrder.allCases[random.below(GraphGenerator.ItemOrder.allCases.count)]
        var generator = GraphGenerator(seed: random.next(), order: order)
        var editor = GraphEditor(seed: random.next(), order: order)
        // Oldest first.
        var graphs = [generator.graph(objectCount: [3, 10, 40][random.below(3)])]
        // One version in four also re-keys an object (from a stream of its
        // own, so that each seed keeps the edits it always made).
        var rekeying = SplitMix64(seed: seed ^ 0x5EED_4E4B_0000)
        var rekeyer = GraphEditor(seed: rekeying.next(), order: order)
        for _ in 0..<random.below(8) + 1 {
            let edited = editor.edit(graphs[graphs.count - 1], count: random.below(4) + 1).0
            graphs.append(rekeying.below(4) == 0 ? rekeyer.rekey(edited, count: 1).0 : edited)
        }
        // Each version in canonical form, or compact with its members in reverse order:
        // blame reads objects whose bytes differ, and compares them as values.
        let texts = try graphs.map { graph -> [UInt8] in
            random.below(2) == 0 ? graph.canonicalText() : JSONWriter.write(Self.reversed(try JSONReader.parse(graph.canonicalText())), style: .compact)
        }
        let versions = try zip(texts, graphs).map { try GraphBlame.Version(bytes: $0, graph: $1) }
        let newest = versions.count - 1
        func number(_ k: Int) -> Int { newest - k }   // version numbers count back from the newest

        // The engine: newest first, stopping early.
        var blame = GraphBlame(current: versions[newest])
        var steps = 0
        for k in stride(from: newest, to: 0, by: -1) where !blame.isComplete {
            blame.attribute(from: versions[k - 1], to: versions[k], newer: number(k))
            steps += 1
        }
        let attributed = blame.attributions(oldest: number(0))

        // The replay: oldest first, every pair diffed. A property follows
        // its object through the re-keys the diffs report.
        var lastSet: [GraphBlame.Subject: Int] = [:]
        let objects = try texts.map { GraphBlame._objects(of: try JSONReader.parse($0)) }
        var olderIdentity: [[ObjectID: String]] = [[:]]   // per version j ≥ 1: new identity → the one in j - 1
        for j in stride(from: 1, through: newest, by: 1) {
            var step: [ObjectID: String] = [:]
            for r in try ChangeSet.diff(from: graphs[j - 1], to: graphs[j]).rekeys { step[r.newID] = r.id.identity }
            olderIdentity.append(step)
        }
        for subject in attributed.map(\.subject) {
            var k = 0
            if subject.member == nil {
                let root = graphs[newest].schema.entity(named: subject.entity)?.root ?? subject.entity
                var identities = [String](repeating: subject.identity, count: newest + 1)
                for j in stride(from: newest, to: 0, by: -1) {
                    identities[j - 1] = olderIdentity[j][ObjectID(entity: root, identity: identities[j])] ?? identities[j]
                }
                for j in 1...max(1, newest) where j <= newest {
                    let before = objects[j - 1][subject.entity]?[identities[j - 1]]?[subject.property]
                    let after = objects[j][subject.entity]?[identities[j]]?[subject.property]
                    if before == nil || before != after { k = j }
                }
            }
            lastSet[subject] = number(k)
        }
        for j in stride(from: 1, through: newest, by: 1) {
            let changes = try ChangeSet.diff(from: graphs[j - 1], to: graphs[j])
            for s in changes.sequences {
                for member in s.inserted.map(\.member) + s.moved.map(\.member) {
                    let subject = GraphBlame.Subject(entity: s.ownerEntity, identity: s.owner.identity, property: s.relationship, member: member)
                    if lastSet[subject] != nil { lastSet[subject] = min(lastSet[subject] ?? .max, number(j)) }
                }
            }
            for subject in attributed.map(\.subject) where subject.member != nil {
                let schema = graphs[j].schema
                let root = schema.entity(named: subject.entity)?.root ?? subject.entity
                let memberRoot = schema.entity(named: subject.entity)?.relationships.first { $0.name == subject.property }
                    .flatMap { schema.entity(named: $0.destination)?.root } ?? ""
                if graphs[j - 1].objects[ObjectID(entity: root, identity: subject.identity)] == nil
                    || graphs[j - 1].objects[ObjectID(entity: memberRoot, identity: subject.member ?? "")] == nil {
                    lastSet[subject] = min(lastSet[subject] ?? .max, number(j))
                }
            }
        }
        for a in attributed where lastSet[a.subject] != a.version {
            return "\(a.subject.text): blame says version \(a.version), the replay \(lastSet[a.subject] ?? -1) (\(versions.count) versions, \(steps) steps)"
        }
        if attributed.isEmpty && !(graphs[newest].objects.isEmpty) { return "nothing attributed" }
        return nil
    }

    /// `value` with the members of every object in reverse order.
    static func reversed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o): .object(JSONObject(o.members.reversed().map { .init(key: $0.key, value: reversed($0.value)) }))
        case .array(let a): .array(a.map(reversed))
        default: value
        }
    }
}
