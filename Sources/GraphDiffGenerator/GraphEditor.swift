import GraphDiff

/// Applies random, schema-conformant edits to a graph of ``GraphGenerator/schema``
/// and records what it did, so tests can compare a diff with the truth.
///
/// Edits: attribute changes, people inserted (with a dog and addresses) and
/// deleted (with what they own, as cascade requires), items inserted into,
/// removed from and moved within their list's chain, metadata changes.
/// Every edit changes something; the graph stays consistent.
public struct GraphEditor {
    public var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// What the edits did.
    public struct Record: Sendable {
        /// Objects whose attributes changed (and still exist).
        public var updated: Set<ObjectID> = []
        public var inserted: Set<ObjectID> = []
        public var deleted: Set<ObjectID> = []
        /// How many moves were made within chains.
        public var moves = 0
        public var metadataKeys: Set<String> = []
    }

    public enum Edit: CaseIterable, Sendable {
        case attribute, insertPerson, deletePerson, insertItem, removeItem, moveItem, metadata
    }

    /// Applies `count` edits drawn from `kinds`.
    public mutating func edit(_ graph: Graph, count: Int, kinds: [Edit] = Edit.allCases) -> (Graph, Record) {
        var g = graph
        var record = Record()
        var people = g.objects.keys.filter { $0.entity == "Person" }.sorted()
        let lists = g.objects.keys.filter { $0.entity == "TaskList" }.sorted()  // never deleted here
        // Indexes kept up to date as the edits go, so each edit is O(1)
        // amortised instead of a pass over the graph.
        let schema = g.schema
        var orders: [ObjectID: [ObjectID]] = [:]
        if let items = schema.entity(named: "TaskList")?.property(named: "items")?.relationship,
            let links = items.chainLinks {
            for (owner, members) in g.membersByOwner(through: items) { orders[owner] = g.chain(members: members, links: links) }
        }
        var addresses: [ObjectID: [ObjectID]] = [:]
        if let rel = schema.entity(named: "Person")?.property(named: "addresses")?.relationship {
            addresses = g.membersByOwner(through: rel)
        }
        var serial = 0
        for _ in 0..<count {
            guard !kinds.isEmpty else { break }
            serial += 1
            switch kinds[Int(random.next() % UInt64(kinds.count))] {
            case .attribute:
                guard let p = pick(people) else { continue }
                let age = g.value(of: p, "age")?.numberValue?.intValue ?? 0
                g.setValue(.number(JSONNumber(age + 1)), of: p, "age")
                if !record.inserted.contains(p) { record.updated.insert(p) }
            case .insertPerson:
                let key = "n\(serial)_\(random.next() % 1_000_000)"
                let pid = ObjectID(entity: "Person", identity: "p" + key)
                guard g.objects[pid] == nil else { continue }
                // The identities made here are new: the key is unique to this edit.
                var generator = GraphGenerator(seed: random.next())
                _ = generator.addPerson(key: key, to: &g)
                people.append(pid)
                let made = [pid, ObjectID(entity: "Dog", identity: "d" + key)] + (0..<3).map { ObjectID(entity: "Address", identity: "a\(key)_\($0)") }
                for id in made where g.objects[id] != nil {
                    record.inserted.insert(id)
                    if id.entity == "Address" { addresses[pid, default: []].append(id) }
                }
            case .deletePerson:
                guard let p = pick(people) else { continue }
                people.removeAll { $0 == p }
                var owned = [p] + (addresses.removeValue(forKey: p) ?? [])
                if let dog = g.value(of: p, "dog")?.stringValue { owned.append(ObjectID(entity: "Dog", identity: dog)) }
                for id in owned {
                    g.removeObject(id)
                    if record.inserted.remove(id) == nil { record.deleted.insert(id) }
                    record.updated.remove(id)
                }
            case .insertItem:
                guard let l = pick(lists) else { continue }
                var order = orders[l] ?? []
                let id = ObjectID(entity: "Item", identity: "\(l.identity)_n\(serial)_\(random.next() % 1000)")
                guard g.objects[id] == nil, let entity = g.schema.entity(named: "Item") else { continue }
                g[id] = GraphObject(entity: entity, values: entity.storedProperties.map { p in
                    switch p.name {
                    case "title": return "new item"
                    case "done": return false
                    case "priority": return 1
                    case "list": return .string(l.identity)
                    default: return .null
                    }
                })
                let at = Int(random.next() % UInt64(order.count + 1))
                order.insert(id, at: at)
                relink(order, around: at, in: &g)
                orders[l] = order
                record.inserted.insert(id)
            case .removeItem:
                guard let l = pick(lists) else { continue }
                var order = orders[l] ?? []
                guard !order.isEmpty else { continue }
                let at = Int(random.next() % UInt64(order.count))
                let id = order.remove(at: at)
                g.removeObject(id)
                relink(order, around: at, in: &g)
                orders[l] = order
                if record.inserted.remove(id) == nil { record.deleted.insert(id) }
                record.updated.remove(id)
            case .moveItem:
                guard let l = pick(lists) else { continue }
                var order = orders[l] ?? []
                guard order.count > 1 else { continue }
                let from = Int(random.next() % UInt64(order.count))
                let id = order.remove(at: from)
                var to = Int(random.next() % UInt64(order.count + 1))
                if to == from { to = (to + 1) % (order.count + 1) }
                order.insert(id, at: to)
                relink(order, around: from, in: &g)
                relink(order, around: to, in: &g)
                orders[l] = order
                record.moves += 1
            case .metadata:
                let key = "k\(random.next() % 4)"
                g.metadata[key] = .number(JSONNumber(Int(random.next() % 1000) + 1000 * serial))
                record.metadataKeys.insert(key)
            }
        }
        return (g, record)
    }

    mutating func pick(_ ids: [ObjectID]) -> ObjectID? {
        ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }

    /// Rewrites prev/next of the members of `order` around position `at`
    /// (the only ones an insert, removal or move there can change).
    func relink(_ order: [ObjectID], around at: Int, in g: inout Graph) {
        for i in max(0, at - 2)..<min(order.count, at + 2) {
            let id = order[i]
            g.setValue(i > 0 ? .string(order[i - 1].identity) : .null, of: id, "prev")
            g.setValue(i + 1 < order.count ? .string(order[i + 1].identity) : .null, of: id, "next")
        }
    }
}
