import GraphDiff

/// Applies random, schema-conformant edits to a graph of ``GraphGenerator/schema``
/// (or of ``GraphGenerator/schema(for:)`` with the editor's ``order``) and
/// records what it did, so tests can compare a diff with the truth.
///
/// Edits: attribute changes, people inserted (with a dog and addresses) and
/// deleted (with what they own, as cascade requires), items inserted into,
/// removed from, moved within and moved between their lists, positions
/// renumbered without a change of order, metadata changes. Every edit
/// changes something, but a renumbering of a list kept in another storage;
/// the graph stays consistent. An app keeping positions renumbers as apps
/// do: a dense list is numbered 0, 1, 2, … again, a list with gaps gives a
/// moved or inserted item a value between its neighbours (renumbering the
/// list when none fits), floating positions take the midpoint.
public struct GraphEditor {
    public var random: SplitMix64
    /// How the items of a list keep their order in the graphs edited.
    public let order: GraphGenerator.ItemOrder

    public init(seed: UInt64, order: GraphGenerator.ItemOrder = .chain) {
        random = SplitMix64(seed: seed)
        self.order = order
    }

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
        case attribute, insertPerson, deletePerson, insertItem, removeItem, moveItem, metadata, transferItem, renumberItems

        /// The edits made when none are named: those of the first versions
        /// of the editor, so that a seed gives the graphs it always gave.
        public static let classic: [Edit] = [.attribute, .insertPerson, .deletePerson, .insertItem, .removeItem, .moveItem, .metadata]
    }

    /// Applies `count` edits drawn from `kinds`.
    public mutating func edit(_ graph: Graph, count: Int, kinds: [Edit] = Edit.classic) -> (Graph, Record) {
        var g = graph
        var record = Record()
        var people = g.objects.keys.filter { $0.entity == "Person" }.sorted()
        let lists = g.objects.keys.filter { $0.entity == "TaskList" }.sorted()  // never deleted here
        // Indexes kept up to date as the edits go, so each edit is O(1)
        // amortised instead of a pass over the graph.
        let schema = g.schema
        var orders: [ObjectID: [ObjectID]] = [:]
        if let items = schema.entity(named: "TaskList")?.property(named: "items")?.relationship {
            if let links = items.chainLinks {
                for (owner, members) in g.membersByOwner(through: items) { orders[owner] = g.chain(members: members, links: links) }
            } else {
                for l in lists { orders[l] = g.order(of: l, through: items) }
            }
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
                var generator = GraphGenerator(seed: random.next(), order: order)
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
                    case "lists": return [.string(l.identity)]
                    case "position": return 0
                    default: return .null
                    }
                })
                let at = Int(random.next() % UInt64(order.count + 1))
                order.insert(id, at: at)
                place(order, of: l, changedAt: [at], in: &g)
                orders[l] = order
                record.inserted.insert(id)
            case .removeItem:
                guard let l = pick(lists) else { continue }
                var order = orders[l] ?? []
                guard !order.isEmpty else { continue }
                let at = Int(random.next() % UInt64(order.count))
                let id = order.remove(at: at)
                // An item in another list too leaves this one only (a
                // shared array only: looking through every list is work
                // the other storages do not need, quadratic in large graphs).
                let elsewhere = self.order == .sharedArray ? lists.filter { $0 != l && (orders[$0]?.contains(id) ?? false) } : []
                if !elsewhere.isEmpty {
                    setLists(of: id, elsewhere, in: &g)
                    if !record.inserted.contains(id) { record.updated.insert(id) }
                } else {
                    g.removeObject(id)
                    if record.inserted.remove(id) == nil { record.deleted.insert(id) }
                    record.updated.remove(id)
                }
                place(order, of: l, changedAt: [at], in: &g)
                orders[l] = order
            case .moveItem:
                guard let l = pick(lists) else { continue }
                var order = orders[l] ?? []
                guard order.count > 1 else { continue }
                let from = Int(random.next() % UInt64(order.count))
                let id = order.remove(at: from)
                var to = Int(random.next() % UInt64(order.count + 1))
                if to == from { to = (to + 1) % (order.count + 1) }
                order.insert(id, at: to)
                place(order, of: l, changedAt: [from, to], in: &g)
                orders[l] = order
                record.moves += 1
            case .metadata:
                let key = "k\(random.next() % 4)"
                g.metadata[key] = .number(JSONNumber(Int(random.next() % 1000) + 1000 * serial))
                record.metadataKeys.insert(key)
            case .transferItem:
                guard lists.count > 1, let from = pick(lists), let to = pick(lists.filter { $0 != from }) else { continue }
                var source = orders[from] ?? [], target = orders[to] ?? []
                guard !source.isEmpty else { continue }
                let at = random.below(source.count)
                let id = source[at]
                guard !target.contains(id) else { continue }
                source.remove(at: at)
                let insertAt = random.below(target.count + 1)
                target.insert(id, at: insertAt)
                switch order {
                case .sharedArray:
                    let memberships = lists.filter { $0 == to || ($0 != from && (orders[$0]?.contains(id) ?? false)) }
                    setLists(of: id, memberships, in: &g)
                default:
                    g.setValue(.string(to.identity), of: id, "list")
                }
                place(source, of: from, changedAt: [at], in: &g)
                place(target, of: to, changedAt: [insertAt], in: &g)
                orders[from] = source
                orders[to] = target
                if !record.inserted.contains(id) { record.updated.insert(id) }
            case .renumberItems:
                guard order == .gappedIndex || order == .floatingIndex, let l = pick(lists), let members = orders[l], !members.isEmpty else { continue }
                // The same order, spaced anew (an app that tidies its positions).
                let step = 1 + random.below(20)
                for (i, id) in members.enumerated() {
                    let value = order == .gappedIndex ? JSONValue.number(JSONNumber(i * step)) : .number(JSONNumber(GraphGenerator.text(Double(i * step) / 2)))
                    g.setValue(value, of: id, "position")
                }
            }
        }
        return (g, record)
    }

    /// Re-keys `count` objects picked at random (people, dogs, addresses,
    /// lists and items alike): each gets a new identity, and every
    /// reference to it follows (``Graph/rekeying(_:)``). Nothing else changes.
    ///
    /// - Returns: the graph, and the re-keys made (old identity → new identity).
    public mutating func rekey(_ graph: Graph, count: Int) -> (Graph, [ObjectID: String]) {
        let ids = graph.objects.keys.sorted()
        var made: [ObjectID: String] = [:]
        for n in 0..<count {
            guard let id = pick(ids), made[id] == nil else { continue }
            let identity = "\(id.identity)_r\(n)_\(random.next() % 1_000)"
            guard graph.objects[ObjectID(entity: id.entity, identity: identity)] == nil else { continue }
            made[id] = identity
        }
        return (graph.rekeying(made), made)
    }

    mutating func pick(_ ids: [ObjectID]) -> ObjectID? {
        ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }

    /// Sets the lists an item of a shared-array graph is in (sorted).
    func setLists(of id: ObjectID, _ lists: [ObjectID], in g: inout Graph) {
        g.setValue(.array(lists.map(\.identity).sorted().map(JSONValue.string)), of: id, "lists")
    }

    /// Writes `order` as the order of `list`, whose members changed around
    /// the positions `changedAt`: relinks a chain there, stores an array, or
    /// gives positions as an app would.
    mutating func place(_ order: [ObjectID], of list: ObjectID, changedAt: [Int], in g: inout Graph) {
        switch self.order {
        case .chain:
            for at in changedAt { relink(order, around: at, in: &g) }
        case .array, .sharedArray:
            g.setValue(.array(order.map { .string($0.identity) }), of: list, "items")
        case .denseIndex:
            for (i, id) in order.enumerated() { g.setValue(.number(JSONNumber(i)), of: id, "position") }
        case .gappedIndex, .floatingIndex:
            func value(_ i: Int) -> Double? { g.value(of: order[i], "position")?.numberValue.flatMap { Double($0.text) } }
            for at in changedAt where at < order.count {
                let before = at > 0 ? value(at - 1) : nil, after = at + 1 < order.count ? value(at + 1) : nil
                var fresh: Double
                switch (before, after) {
                case (let a?, let b?): fresh = self.order == .gappedIndex ? ((a + b) / 2).rounded(.down) : (a + b) / 2
                case (let a?, nil): fresh = a + Double(1 + random.below(10))
                case (nil, let b?): fresh = b - Double(1 + random.below(10))
                case (nil, nil): fresh = Double(random.below(10))
                }
                let fits = (before.map { fresh > $0 } ?? true) && (after.map { fresh < $0 } ?? true) && fresh >= 0
                if fits {
                    g.setValue(.number(JSONNumber(GraphGenerator.text(fresh))), of: order[at], "position")
                } else {
                    // No room: the list is numbered again with gaps of ten.
                    for (i, id) in order.enumerated() { g.setValue(.number(JSONNumber(i * 10)), of: id, "position") }
                }
            }
        }
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
