import GraphDiffJSON

extension ChangeDiagram {
    /// The diagram of `changes`, the change set from `old` to `new`.
    ///
    /// The changed objects are read from `changes` (objects inserted,
    /// deleted, updated and re-keyed; owners whose order changed; members inserted,
    /// removed or moved); their neighbours and the references from the
    /// stored relationships of both graphs. Above `nodeLimit` nodes, the
    /// nodes become groups by entity and kind, and the edges groups by
    /// their ends, relationship and status (see ``isGrouped``).
    ///
    ///     let diagram = ChangeDiagram(changes: changes, old: old, new: new)
    ///     diagram.nodes.map(\.label)   // ["~ t3", "+ t6", "groceries", …]
    ///
    /// - Parameters:
    ///   - changes: The change set from `old` to `new`.
    ///   - old: The old graph.
    ///   - new: The new graph.
    ///   - nodeLimit: The most nodes drawn one per object (``defaultNodeLimit``).
    /// - Complexity: O(*c* + (*n* + *m*) · *r* + *k* log *k*), where *c* is
    ///   the size of `changes`, *n* and *m* the object counts of the graphs,
    ///   *r* the most stored relationships of an entity, and *k* the nodes
    ///   and edges of the diagram: two passes over the references of each
    ///   graph, with hashing, then a sort.
    public init(changes: ChangeSet, old: Graph, new: Graph, nodeLimit: Int = ChangeDiagram.defaultNodeLimit) {
        // A re-keyed object is one node, under the identity the other
        // changes name it by, marked changed.
        var rekeyed: [ObjectID: String] = [:]
        for r in changes.rekeys { rekeyed[changes.rekeysFirst ? r.id : r.newID] = changes.rekeysFirst ? r.newIdentity : r.id.identity }
        let old = changes.rekeysFirst ? old.rekeying(rekeyed) : old, new = changes.rekeysFirst ? new : new.rekeying(rekeyed)
        var kinds: [ObjectID: Kind] = [:]
        for (id, identity) in rekeyed { kinds[ObjectID(entity: id.entity, identity: identity)] = .changed }
        func mark(_ id: ObjectID, _ kind: Kind) {
            if let k = kinds[id], k._rank <= kind._rank { return }
            kinds[id] = kind
        }
        for c in changes.objects {
            mark(c.id, c.kind == .inserted ? .added : c.kind == .deleted ? .removed : .changed)
        }
        for s in changes.sequences where s.changesOrder {
            mark(s.owner, .changed)
            for m in s.moved { mark(ObjectID(entity: s.memberRoot, identity: m.member), .moved) }
            for m in s.inserted { mark(ObjectID(entity: s.memberRoot, identity: m.member), .changed) }
            for m in s.removed { mark(ObjectID(entity: s.memberRoot, identity: m.member), .changed) }
        }
        // One hop: the other end of every reference that touches a changed object.
        let changed = kinds
        for graph in [old, new] {
            graph._forEachReference { source, _, target in
                if changed[source] != nil, changed[target] == nil {
                    kinds[target] = kinds[target] ?? .context
                } else if changed[target] != nil, changed[source] == nil {
                    kinds[source] = kinds[source] ?? .context
                }
            }
        }
        // Only objects of either graph are drawn (a dangling reference is none).
        var nodes: [Node] = []
        nodes.reserveCapacity(kinds.count)
        var idOfNode: [ObjectID] = []
        for (id, kind) in kinds {
            let object = new.objects[id] ?? old.objects[id]
            guard let object else { continue }
            let graph = new.objects[id] != nil ? new : old
            nodes.append(Node(entity: graph.entity(of: object).name, identity: id.identity, kind: kind, count: 1))
            idOfNode.append(id)
        }
        let order = nodes.indices.sorted { ChangeDiagram._nodeLess(nodes[$0], nodes[$1]) }
        nodes = order.map { nodes[$0] }
        var index: [ObjectID: Int] = [:]
        for (position, original) in order.enumerated() { index[idOfNode[original]] = position }

        // Every reference between two nodes, in either graph: bit 1 old, bit 2 new.
        var seen: [_EdgeKey: UInt8] = [:]
        for (bit, graph) in [(UInt8(1), old), (UInt8(2), new)] {
            graph._forEachReference { source, relationship, target in
                guard let a = index[source], let b = index[target] else { return }
                seen[_EdgeKey(from: a, to: b, relationship: relationship), default: 0] |= bit
            }
        }
        var edges = seen.map { key, bits in
            Edge(from: key.from, to: key.to, relationship: key.relationship,
                 status: bits == 1 ? .removed : bits == 2 ? .added : .unchanged, count: 1)
        }
        edges.sort(by: ChangeDiagram._edgeLess)
        self.init(nodes: nodes, edges: edges, isGrouped: false, objectCount: nodes.count, referenceCount: edges.count, nodeLimit: nodeLimit)
        if nodes.count > nodeLimit || edges.count > Self.edgeLimit { self = grouped() }
    }

    /// The nodes, then identities, in byte order of UTF-8 (groups by kind).
    static func _nodeLess(_ a: Node, _ b: Node) -> Bool {
        if a.entity != b.entity { return utf8Less(a.entity, b.entity) }
        switch (a.identity, b.identity) {
        case let (x?, y?): return utf8Less(x, y)
        default: return a.kind._rank < b.kind._rank
        }
    }

    /// By ends, relationship, then status.
    static func _edgeLess(_ a: Edge, _ b: Edge) -> Bool {
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        if a.relationship != b.relationship { return utf8Less(a.relationship, b.relationship) }
        return a.status._rank < b.status._rank
    }
}

/// A reference between two nodes, by their positions.
struct _EdgeKey: Hashable {
    var from: Int
    var to: Int
    var relationship: String
}

extension ChangeDiagram.Kind {
    /// The order of kinds: an object takes the first that applies, and groups are sorted by it.
    var _rank: Int {
        switch self {
        case .added: 0
        case .removed: 1
        case .changed: 2
        case .moved: 3
        case .context: 4
        }
    }
}

extension ChangeDiagram.EdgeStatus {
    /// The order of statuses among edges with the same ends and relationship.
    var _rank: Int {
        switch self {
        case .added: 0
        case .removed: 1
        case .unchanged: 2
        }
    }
}

extension Graph {
    /// Calls `body` with every stored reference of every object, as (source,
    /// relationship name, target): to-one references, many-to-many members
    /// and ordered arrays. Not the prev/next links of chains; and of a
    /// relationship stored on both sides with its inverse, one side only:
    /// the to-one side of a one-to-many, else the side whose
    /// `Entity.relationship` sorts first in byte order.
    ///
    /// - Complexity: O(*n* · *r*), where *n* is the number of objects and
    ///   *r* the most stored relationships of an entity (times the members
    ///   of a to-many value).
    func _forEachReference(_ body: (ObjectID, String, ObjectID) -> Void) {
        let links = schema.chainLinkSlots()
        // For each entity: (slot, relationship name, destination root, to-many).
        let plans: [[(slot: Int, name: String, root: String, many: Bool)]] = schema.entities.map { e in
            e.storedProperties.indices.compactMap { slot in
                guard let r = e.storedProperties[slot].relationship, !links[e.index].contains(slot),
                      let destination = schema.entity(named: r.destination), _drawsSide(r, of: destination)
                else { return nil }
                return (slot, r.name, destination.root, r.storage != .toOne)
            }
        }
        for (id, object) in objects {
            guard plans.indices.contains(object.entityIndex) else { continue }
            for p in plans[object.entityIndex] where p.slot < object.slotCount {
                if p.many {
                    for ref in object.value(at: p.slot).arrayValue ?? [] {
                        if let identity = ref.stringValue { body(id, p.name, ObjectID(entity: p.root, identity: identity)) }
                    }
                } else if let identity = object.reference(at: p.slot) {
                    body(id, p.name, ObjectID(entity: p.root, identity: identity))
                }
            }
        }
    }

    /// Whether `r` (to `destination`) is the side of its pair that is drawn.
    func _drawsSide(_ r: Relationship, of destination: Entity) -> Bool {
        guard let inverse = destination.inverse(of: r), inverse.storage != .derived else { return true }
        if (r.storage == .toOne) != (inverse.storage == .toOne) { return r.storage == .toOne }
        // The entity that declares `r` is the inverse's destination.
        let mine = inverse.destination + "." + r.name, theirs = r.destination + "." + inverse.name
        return !utf8Less(theirs, mine)
    }
}
