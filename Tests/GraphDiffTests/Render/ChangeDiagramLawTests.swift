import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The laws of the change diagram over seeded random graph pairs (every
/// storage of order, sizes from a few objects to about a hundred, a few
/// random edits): every changed object is a node, or counted in its group
/// above the limit; every edge joins two nodes; nodes come sorted; the
/// same pair gives the same diagram and the same text; the SVG is
/// well-formed XML with one node group per node, and the Mermaid one node
/// line per node.
///
/// 300 cases by default; `GRAPHDIFF_DIAGRAM_CASES=N` runs more (or fewer),
/// `GRAPHDIFF_DIAGRAM_SEED=S` reruns one.
final class ChangeDiagramLawTests: XCTestCase {
    func test_laws_overSeededGraphPairs() {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_DIAGRAM_CASES"].flatMap(Int.init) ?? 300
        let seeds = environment["GRAPHDIFF_DIAGRAM_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(1, cases))).map { $0 }
        let failures = SeedRunner.failures(of: seeds) { seed in
            do { return try self.check(seed: seed) } catch { return "\(error)" }
        }
        for (seed, why) in failures {
            XCTFail("seed \(seed): \(why) (rerun with GRAPHDIFF_DIAGRAM_SEED=\(seed))")
        }
    }

    /// One case; `nil` when every law holds, else which one failed.
    func check(seed: UInt64) throws -> String? {
        var random = SplitMix64(seed: seed)
        let order = GraphGenerator.ItemOrder.allCases[random.below(GraphGenerator.ItemOrder.allCases.count)]
        var generator = GraphGenerator(seed: random.next(), order: order)
        let old = generator.graph(objectCount: [2, 5, 12, 25, 60, 120][random.below(6)])
        var editor = GraphEditor(seed: random.next(), order: order)
        let (new, _) = editor.edit(old, count: random.below(8) + 1)
        let changes = try ChangeSet.diff(from: old, to: new)
        let diagram = ChangeDiagram(changes: changes, old: old, new: new, nodeLimit: .max)

        // Every changed object is a node.
        func root(_ entity: String) -> String { new.schema.entity(named: entity)?.root ?? entity }
        let drawn = Set(diagram.nodes.map { ObjectID(entity: root($0.entity), identity: $0.identity ?? "") })
        var changed = changes.objects.map(\.id)
        for s in changes.sequences where s.changesOrder {
            changed.append(s.owner)
            changed += (s.moved.map(\.member) + s.inserted.map(\.member) + s.removed.map(\.member))
                .map { ObjectID(entity: s.memberRoot, identity: $0) }
        }
        for id in changed where old.objects[id] != nil || new.objects[id] != nil {
            guard drawn.contains(id) else { return "changed object \(id) is no node" }
        }
        if diagram.nodes.contains(where: { $0.kind != .context }) != !changed.isEmpty { return "changed nodes without changes, or the reverse" }
        // Every edge joins two nodes; nodes are sorted, and unique.
        for e in diagram.edges where !diagram.nodes.indices.contains(e.from) || !diagram.nodes.indices.contains(e.to) {
            return "edge \(e) has an end that is no node"
        }
        if zip(diagram.nodes, diagram.nodes.dropFirst()).contains(where: { !ChangeDiagram._nodeLess($0, $1) }) { return "nodes not sorted" }
        // Deterministic: the same pair (and a copy of it) gives the same diagram and text.
        let again = ChangeDiagram(changes: try ChangeSet.diff(from: old, to: new), old: old, new: new, nodeLimit: .max)
        if again != diagram || again.mermaid() != diagram.mermaid() || again.dot() != diagram.dot() || again.svg() != diagram.svg() {
            return "two runs differ"
        }
        // One element per node in each form.
        let shape = try SVGShape(diagram.svg())
        if shape.nodeIDs != diagram.nodes.map(\.key) { return "SVG nodes \(shape.nodeIDs) are not the diagram's" }
        if shape.edgeCount != diagram.edges.count { return "SVG has \(shape.edgeCount) edges, the diagram \(diagram.edges.count)" }
        let mermaidNodes = diagram.mermaid().split(separator: "\n").filter { $0.hasPrefix("    n") }.count
        if mermaidNodes != diagram.nodes.count { return "Mermaid has \(mermaidNodes) nodes, the diagram \(diagram.nodes.count)" }
        // Above a limit: one group per entity and kind, counting every object.
        let limit = random.below(6) + 1
        let grouped = ChangeDiagram(changes: changes, old: old, new: new, nodeLimit: limit)
        if grouped.isGrouped != (diagram.nodes.count > limit) { return "grouped: \(grouped.isGrouped) with \(diagram.nodes.count) nodes, limit \(limit)" }
        if grouped.isGrouped {
            var counts: [String: Int] = [:]
            for n in diagram.nodes { counts["\(n.entity):\(n.kind)", default: 0] += 1 }
            let groupCounts = Dictionary(uniqueKeysWithValues: grouped.nodes.map { ("\($0.entity):\($0.kind)", $0.count) })
            if groupCounts != counts { return "groups \(groupCounts) do not count the objects \(counts)" }
            if grouped.edges.reduce(0, { $0 + $1.count }) != diagram.edges.count { return "grouped edges do not count every reference" }
            if try SVGShape(grouped.svg()).nodeIDs.count != grouped.nodes.count { return "grouped SVG nodes" }
        }
        return nil
    }
}
