import GraphDiffGenerator
@testable import GraphDiff

/// Random damage to the chains of a graph of ``GraphGenerator/schema``, for
/// the differential tests of the consistency check and of chain walks: links
/// set to null, to another item (of this list or another), to a list, to a
/// person, to no object; owners changed or removed; items deleted; a list's
/// chain closed into a cycle; a second head.
///
///     var damage = ChainDamage(seed: 7)
///     let broken = damage.apply(to: graph, count: 3)
struct ChainDamage {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func below(_ n: Int) -> Int { n > 0 ? Int(random.next() % UInt64(n)) : 0 }

    /// `graph` with `count` pieces of damage (the same seed, the same damage).
    mutating func apply(to graph: Graph, count: Int) -> Graph {
        var g = graph
        let schema = g.schema
        guard let item = schema.entity(named: "Item"), let prev = item.storedSlot["prev"], let next = item.storedSlot["next"],
            let list = item.storedSlot["list"]
        else { return g }
        let ids = g.sortedIDs
        let items = ids.filter { $0.entity == "Item" }
        let lists = ids.filter { $0.entity == "TaskList" }
        let others = ids.filter { $0.entity == "Person" }
        guard !items.isEmpty else { return g }
        for _ in 0..<count {
            let id = items[below(items.count)]
            guard g[id] != nil else { continue }
            switch below(6) {
            case 0:
                g[id] = nil
            case 1:
                // A cycle: the tail's next is the head, the head's prev the tail.
                guard let owner = g.value(of: id, "list")?.stringValue,
                    let items = schema.entity(named: "TaskList")?.relationships.first(where: { $0.name == "items" })
                else { continue }
                let members = g.chain(of: ObjectID(entity: "TaskList", identity: owner), through: items)
                guard let head = members.first, let tail = members.last, members.count > 1 else { continue }
                g[tail]?.values[next] = .string(head.identity)
                g[head]?.values[prev] = .string(tail.identity)
            default:
                let slot = [prev, next, list][below(3)]
                let value: JSONValue
                switch below(6) {
                case 0: value = .null
                case 1: value = .string(items[below(items.count)].identity)
                case 2: value = lists.isEmpty ? .null : .string(lists[below(lists.count)].identity)
                case 3: value = others.isEmpty ? .null : .string(others[below(others.count)].identity)
                case 4: value = .string("no-such-\(below(3))")
                default: value = .number(JSONNumber(below(9)))
                }
                g[id]?.values[slot] = value
            }
        }
        return g
    }
}

extension Graph {
    /// The same graph with its objects stored in a seeded random order: the
    /// rows no longer follow the chains nor the other version's rows.
    func withShuffledRows(seed: UInt64) -> Graph {
        var random = SplitMix64(seed: seed)
        var shuffled = Graph(schema: schema, schemaReference: schemaReference, metadata: metadata)
        var ids = sortedIDs
        for k in ids.indices.reversed() where k > 0 { ids.swapAt(k, Int(random.next() % UInt64(k + 1))) }
        for id in ids { shuffled[id] = self[id] }
        return shuffled
    }
}
