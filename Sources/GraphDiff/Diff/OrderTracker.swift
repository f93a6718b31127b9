import GraphDiffJSON

/// What the diff's pass over the objects learns about one ordered
/// relationship: the owners whose order a change may have touched, and, for
/// a chain, the head of each owner's chain in both graphs (so that only the
/// touched chains are walked, from their heads, with no second pass).
///
/// An order that did not change needs no reading. One that did has a
/// changed object in it: for a chain, a member joining or leaving changes
/// its neighbours' links; for an index, a member's owner or value; for an
/// array, the owner's array itself. Noting the owners of every changed
/// member (old and new) and every changed owner finds every changed order.
struct OrderTracker {
    let order: OrderedRelationship
    /// A head, and the position in the pass where it was noted: when a
    /// broken chain has two, the one noted last stands, however the pass
    /// was split.
    struct Head {
        var id: ObjectID
        var position: Int
    }
    /// Each chain head noted, with its owner, in no particular order: the
    /// pass only appends (most chains are not touched).
    var oldHeadList: [(owner: ObjectID, head: Head)] = []
    var newHeadList: [(owner: ObjectID, head: Head)] = []
    /// The heads of the owners asked for, by owner (see ``gatherHeads(of:)``).
    var oldHeads: [ObjectID: Head] = [:]
    var newHeads: [ObjectID: Head] = [:]
    var touched = Set<ObjectID>()

    init(order: OrderedRelationship) {
        self.order = order
    }

    /// Notes the object `id` as it is in the old graph and in the new, at
    /// `position` in the pass.
    mutating func note(_ id: ObjectID, old: GraphObject?, new: GraphObject?, at position: Int) {
        switch order.ordering {
        case .array:
            // Owners: a changed array touches its owner.
            guard let n = new, order.listedMembers(of: n) != nil else { return }
            if let o = old, order.sameLinks(o, n) { return }
            touched.insert(id)
        case .index:
            if let o = old, let n = new, order.sameLinks(o, n) { return }
            if let o = old, let owner = order.owner(of: o) { touched.insert(owner) }
            if let n = new, let owner = order.owner(of: n) { touched.insert(owner) }
        case .chain:
            if let o = old, let n = new, order.sameLinks(o, n) {
                // Links unchanged: only a head needs noting, with the same
                // owner in both graphs.
                return noteUnchanged(id, o, at: position)
            }
            let oldOwner = old.flatMap(order.owner(of:)), newOwner = new.flatMap(order.owner(of:))
            guard oldOwner != nil || newOwner != nil else { return }
            if let o = old, let owner = oldOwner, order.link(o, order.prevSlots) == nil { oldHeadList.append((owner, Head(id: id, position: position))) }
            if let n = new, let owner = newOwner, order.link(n, order.prevSlots) == nil { newHeadList.append((owner, Head(id: id, position: position))) }
            if let oldOwner { touched.insert(oldOwner) }
            if let newOwner { touched.insert(newOwner) }
        }
    }

    /// ``noteUnchanged(_:_:at:)`` of the live object at `row` of `store`
    /// (its position), read in place: what the pass notes of most objects
    /// (their two versions share their values), with no copy of either.
    mutating func noteUnchanged(_ id: ObjectID, atRow row: Int, in store: ObjectStore) {
        let order = order
        noteHead(id, at: row, entityIndex: store.entityIndex(atRow: row)) { order.link(atRow: row, in: store, $0) }
    }

    /// ``note(_:old:new:at:)`` of an object whose links are unchanged, so
    /// that only a chain's head needs noting.
    mutating func noteUnchanged(_ id: ObjectID, _ object: GraphObject, at position: Int) {
        let order = order
        noteHead(id, at: position, entityIndex: object.entityIndex) { order.link(object, $0) }
    }

    /// Notes a chain member with no prev, of an entity at `entityIndex`
    /// whose links `link` reads, as the head of its owner's chain in both
    /// graphs.
    @inline(__always) private mutating func noteHead(_ id: ObjectID, at position: Int, entityIndex: Int, link: ([Int?]) -> String?) {
        guard case .chain = order.ordering, order.ownerSlots[entityIndex] != nil, link(order.prevSlots) == nil,
            let owner = link(order.ownerSlots)
        else { return }
        let ownerID = ObjectID(entity: order.ownerRoot, identity: owner)
        oldHeadList.append((ownerID, Head(id: id, position: position)))
        newHeadList.append((ownerID, Head(id: id, position: position)))
    }

    /// Adds what `other` noted over other objects of the same pass.
    mutating func merge(_ other: OrderTracker) {
        oldHeadList += other.oldHeadList
        newHeadList += other.newHeadList
        touched.formUnion(other.touched)
    }

    /// Fills ``oldHeads`` and ``newHeads`` for the touched owners and those
    /// in `others` (chains only).
    ///
    /// - Complexity: O(*h*) expected for *h* heads noted.
    mutating func gatherHeads(of others: Set<ObjectID>) {
        func gather(_ list: [(owner: ObjectID, head: Head)]) -> [ObjectID: Head] {
            var heads: [ObjectID: Head] = [:]
            for (owner, head) in list where touched.contains(owner) || others.contains(owner) {
                if let known = heads[owner], known.position > head.position { continue }
                heads[owner] = head
            }
            return heads
        }
        oldHeads = gather(oldHeadList)
        newHeads = gather(newHeadList)
    }

    /// The orders of `owners` in `graph`: a chain walked from the heads
    /// noted (``oldHeads`` or ``newHeads``, as `heads` says), any other
    /// storage read through ``OrderedRelationship/orders(of:in:)``.
    ///
    /// - Complexity: O(*m*) for the *m* members of a chain; see
    ///   ``OrderedRelationship/orders(of:in:)`` otherwise.
    func orders(of owners: [ObjectID], in graph: Graph, heads: KeyPath<OrderTracker, [ObjectID: Head]>) -> [[String]] {
        positionedOrders(of: owners, in: graph, heads: heads).map(\.ids)
    }

    /// ``orders(of:in:heads:)`` with an index's values alongside each order
    /// (empty for another storage).
    func positionedOrders(of owners: [ObjectID], in graph: Graph, heads: KeyPath<OrderTracker, [ObjectID: Head]>)
        -> [(ids: [String], values: [JSONValue])]
    {
        switch order.ordering {
        case .index:
            let found = order.positionedOrders(of: Set(owners), in: graph)
            return owners.map { found[$0] ?? ([], []) }
        case .array:
            let found = order.orders(of: Set(owners), in: graph)
            return owners.map { (found[$0] ?? [], []) }
        case .chain:
            return owners.map { owner in
                (self[keyPath: heads][owner].map { graph.chainOrder(from: $0.id, nextSlots: order.nextSlots) } ?? [], [])
            }
        }
    }
}
