import Foundation
import GraphDiff
import GraphDiffGenerator

/// One owner with a long ordered relationship, in each storage: the diff of
/// a version with `moves` random moves (which must report exactly those
/// moves), and the merge of two such versions made apart from one base.
///
/// Index storage is timed twice: dense (the app numbers its members 0, 1,
/// 2, … again after every move, so almost every value changes) and with
/// gaps (a moved member takes a value between its neighbours).
enum OrderBenchmarks {
    static func run(members: Int, moves: Int) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for (name, order) in [("chain", GraphGenerator.ItemOrder.chain), ("array", .array), ("dense", .denseIndex), ("gapped", .gappedIndex)] {
            let schema = GraphGenerator.schema(for: order)
            var random = SplitMix64(seed: 99)
            let base = (0..<members).map { "i\($0)" }
            func moved(_ order: [String], _ random: inout SplitMix64) -> (order: [String], moved: Set<String>) {
                var result = order, moved = Set<String>()
                for _ in 0..<moves {
                    let x = result.remove(at: Int(random.next() % UInt64(result.count)))
                    result.insert(x, at: Int(random.next() % UInt64(result.count + 1)))
                    moved.insert(x)
                }
                return (result, moved)
            }
            let (mineOrder, mineMoved) = moved(base, &random), (theirsOrder, theirsMoved) = moved(base, &random)
            // Gapped values: 1000 apart; a moved member takes the midpoint of its neighbours.
            func values(_ order: [String], moved: Set<String>) -> [String: Int] {
                guard name == "gapped" else { return Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) }) }
                var result = Dictionary(uniqueKeysWithValues: base.enumerated().map { ($1, ($0 + 1) * 1000) })
                guard order != base else { return result }
                for (i, x) in order.enumerated() where moved.contains(x) {
                    let before = i > 0 ? result[order[i - 1]] ?? 0 : 0
                    let after = i + 1 < order.count ? result[order[i + 1]] ?? before + 2000 : before + 2000
                    result[x] = (before + after) / 2
                }
                return result
            }
            func graph(_ order: [String], moved: Set<String>) -> Graph {
                guard let list = schema.entity(named: "TaskList"), let item = schema.entity(named: "Item") else { return Graph(schema: schema) }
                var g = Graph(schema: schema)
                g[ObjectID(entity: "TaskList", identity: "l")] = GraphObject(entity: list, values: list.storedProperties.map { p in
                    p.name == "items" ? .array(order.map(JSONValue.string)) : "long list"
                })
                let positions = name == "chain" || name == "array" ? [:] : values(order, moved: moved)
                for (i, id) in order.enumerated() {
                    g[ObjectID(entity: "Item", identity: id)] = GraphObject(entity: item, values: item.storedProperties.map { p in
                        switch p.name {
                        case "title": return "item"
                        case "done": return false
                        case "priority": return 0
                        case "list": return "l"
                        case "prev": return i > 0 ? .string(order[i - 1]) : .null
                        case "next": return i + 1 < order.count ? .string(order[i + 1]) : .null
                        case "position": return .number(JSONNumber(positions[id] ?? i))
                        default: return .null
                        }
                    })
                }
                return g
            }
            let a = graph(base, moved: []), b = graph(mineOrder, moved: mineMoved), c = graph(theirsOrder, moved: theirsMoved)
            let diff = try measure(repeats: 1) { try ChangeSet.diff(from: a, to: b) }
            let reported = diff.result.sequences.reduce(0) { $0 + $1.moved.count }
            let merge = try measure(repeats: 1) { try Graph.merge(base: a, mine: b, theirs: c) }
            print("\(name): \(members) members, \(mineMoved.count) members moved, \(reported) moves reported, "
                  + "\(diff.result.objects.count) object changes; merge: \(merge.result.conflicts.count) conflicts")
            rows.append(BenchRow(stage: "order-diff-\(name)", objects: members, bytes: 0, seconds: diff.seconds))
            rows.append(BenchRow(stage: "order-merge-\(name)", objects: members, bytes: 0, seconds: merge.seconds))
        }
        return rows
    }
}
