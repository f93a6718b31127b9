import GraphDiffJSON

extension Graph {
    /// The members of `owner`'s to-many `relationship`, in identity order:
    /// the objects whose to-one inverse points at `owner` when the
    /// relationship is derived from its inverse, else the identities the
    /// owner stores (an ordered array, a many-to-many, a one-way to-many).
    /// ``order(of:through:)`` gives an ordered relationship's order.
    ///
    /// - Complexity: O(*n* + *m* log *m*) for *n* objects and the owner's
    ///   *m* members when derived: a pass over every object; callers that
    ///   ask for many owners call ``membersByOwner(through:sorted:)``
    ///   once. O(*k* log *k*) for *k* stored members.
    public func members(of owner: ObjectID, through given: Relationship) -> [ObjectID] {
        // As the schema resolved it (a relationship built by hand has no storage yet).
        let relationship = objects[owner].flatMap { entityIfValid(of: $0)?.property(named: given.name)?.relationship } ?? given
        guard relationship.storage == .derived else {
            guard let list = value(of: owner, relationship.name)?.arrayValue, let destination = schema.entity(named: relationship.destination)
            else { return [] }
            return list.compactMap(\.stringValue).sorted(by: utf8Less).map { ObjectID(entity: destination.root, identity: $0) }
        }
        return membersByOwner(through: relationship, among: [owner], sorted: true)[owner] ?? []
    }

    /// For every owner, the objects whose `relationship.inverse` points at it,
    /// sorted by identity (or in no particular order when `sorted` is false,
    /// which chain walks do not need).
    ///
    /// - Complexity: O(*n* + *m* log *m*), *m* being the number of members;
    ///   O(*n*) unsorted.
    public func membersByOwner(through relationship: Relationship, sorted: Bool = true) -> [ObjectID: [ObjectID]] {
        membersByOwner(through: relationship, among: nil, sorted: sorted)
    }

    /// ``membersByOwner(through:sorted:)`` for the owners `among` names
    /// only (`nil`: every owner): a patch that reorders a few owners'
    /// members needs no index of the others.
    ///
    /// - Complexity: O(*n*), each object's reference read in place (no
    ///   copy of the object), on two cores from ``TwoCores/minimumObjects``
    ///   rows, plus the sorting of the members kept.
    func membersByOwner(through relationship: Relationship, among owners: Set<ObjectID>?, sorted: Bool) -> [ObjectID: [ObjectID]] {
        guard let destination = schema.entity(named: relationship.destination) else { return [:] }
        let inverse = destination.inverse(of: relationship)
        let ownerRoot = inverse.flatMap { schema.entity(named: $0.destination)?.root }
        // The inverse's slot in each entity that can be a member.
        let slots = schema.entities.map { e in
            schema.isKind(e.index, of: destination.index) ? relationship.inverse.flatMap { e.storedSlot[$0] } : nil
        }
        func members(inRows rows: Range<Int>) -> [ObjectID: [ObjectID]] {
            var result: [ObjectID: [ObjectID]] = [:]
            for row in rows where objects.isLive(atRow: row) {
                let index = objects.entityIndex(atRow: row)
                guard index >= 0 && index < slots.count, let slot = slots[index], let ref = objects.reference(atRow: row, slot: slot) else { continue }
                let id = objects.id(atRow: row)
                let owner = ObjectID(entity: ownerRoot ?? id.entity, identity: ref)
                if let owners, !owners.contains(owner) { continue }
                result[owner, default: []].append(id)
            }
            return result
        }
        var result: [ObjectID: [ObjectID]]
        let rows = objects.rowCount
        if rows >= TwoCores.minimumObjects {
            // The rows in two halves, one per core; the second half's
            // members follow the first's, in row order.
            let (first, second) = inParallel({ members(inRows: 0..<(rows / 2)) }, { members(inRows: (rows / 2)..<rows) })
            result = first
            for (owner, later) in second { result[owner, default: []] += later }
        } else {
            result = members(inRows: 0..<rows)
        }
        if sorted { for key in result.keys { result[key]?.sort() } }
        return result
    }

    /// The members of the to-many `relationship` of `owner`, in order: an
    /// ordered relationship's order, whatever its storage (a chain walked
    /// from the member whose prev is `null`, an array as listed, an index
    /// sorted by value, ties by identity); an unordered one's members by
    /// identity. A broken chain (see ``consistencyProblems()``) yields what
    /// can be walked.
    ///
    ///     graph.order(of: groceries, through: items).map(\.identity)   // ["t4", "t1", "t2", "t3"]
    ///
    /// - Complexity: O(*n*) in the number of objects for an ordered
    ///   relationship (O(*k* log *k*) for *k* members listed on the owner);
    ///   for an unordered one derived from its inverse, that of
    ///   ``members(of:through:)``, which sorts every owner's members.
    public func order(of owner: ObjectID, through relationship: Relationship) -> [ObjectID] {
        guard let destination = schema.entity(named: relationship.destination) else { return [] }
        if let ownerObject = objects[owner], let ordered = OrderedRelationship(schema: schema, owner: entity(of: ownerObject), relationship: relationship) {
            return ordered.order(of: owner, in: self).map { ObjectID(entity: destination.root, identity: $0) }
        }
        if relationship.storage == .derived { return members(of: owner, through: relationship) }
        let listed = value(of: owner, relationship.name)?.arrayValue?.compactMap(\.stringValue) ?? []
        return listed.sorted(by: utf8Less).map { ObjectID(entity: destination.root, identity: $0) }
    }

    /// The members of `relationship` of `owner` in order: the same as
    /// ``order(of:through:)``, under the name it had when chains were the
    /// only ordered storage.
    ///
    /// - Complexity: that of ``order(of:through:)``.
    public func chain(of owner: ObjectID, through relationship: Relationship) -> [ObjectID] {
        order(of: owner, through: relationship)
    }

    /// The members of one chain in order: from the member without a
    /// previous one, along the `links`' next references.
    public func chain(members: [ObjectID], links: ChainLinks) -> [ObjectID] {
        walkChain(members: members, links: links)
    }

    /// Walks a chain from the first of `members` whose prev is `null` (or
    /// that is no object with a prev link), following next, stopping at the
    /// end, at a repeat, or after `members.count + 1` members: the one walk
    /// (``chainOrder(from:nextSlots:limit:)``) from that head.
    ///
    /// - Complexity: O(*m*), where *m* is the number of members.
    func walkChain(members: [ObjectID], links: ChainLinks) -> [ObjectID] {
        let prevSlots = slots(of: links.prev)
        let head = members.first { id in
            guard let o = objects[id], let slot = prevSlots[o.entityIndex] else { return true }
            return o.value(at: slot).isNull
        }
        guard let head else { return [] }
        return chainOrder(from: head, nextSlots: slots(of: links.next), limit: members.count + 1)
            .map { ObjectID(entity: head.entity, identity: $0) }
    }

    /// The identities of the chain that starts at `head`, following the
    /// link in `nextSlots` (per entity, by position), each member once, at
    /// most `limit` of them: every walk of a chain is this one.
    ///
    /// Each next is looked for first at the row after the current member's
    /// (where a file written in chain order has it: no hashing), then by
    /// identity. A member that is no object, or has no next, ends the walk
    /// (it is listed). A broken chain that runs into a cycle stops there
    /// (Brent's cycle detection: no set of visited members, so a sound
    /// chain costs one lookup per member), listing the members up to the
    /// first repeat.
    ///
    /// - Complexity: O(*m*) expected in the length of the chain (or `limit`).
    func chainOrder(from head: ObjectID, nextSlots: [Int?], limit: Int = .max) -> [String] {
        var order: [String] = []
        var current = head
        var row = objects.row(of: head)
        var cycle = WalkCycleCheck(start: head.identity)
        while order.count < limit {
            order.append(current.identity)
            guard let r = row, let object = objects.object(atRow: r), let slot = nextSlots[object.entityIndex],
                let next = object.reference(at: slot)
            else { return order }
            if cycle.meets(next) { break }
            current = ObjectID(entity: current.entity, identity: next)
            row = objects.row(of: current, near: r + 1)
        }
        // The walk went round a cycle up to twice, or stopped at the limit
        // (maybe past a repeat not yet detected): keep each member once,
        // which leaves the members up to the first repeat.
        var seen = Set<ExactString>()
        return order.filter { seen.insert(ExactString($0)).inserted }
    }

    /// The head of the chain that `member` is in: the member reached by
    /// following the link in `prevSlots` (per entity, by position) back
    /// until it is unset; `nil` when the walk meets a link to no object or
    /// goes round a cycle (Brent's detection, as ``chainOrder(from:nextSlots:limit:)``).
    ///
    /// - Complexity: O(*p*) expected for *p* members before `member`.
    func chainHead(of member: ObjectID, prevSlots: [Int?]) -> ObjectID? {
        var current = member
        var row = objects.row(of: member)
        var cycle = WalkCycleCheck(start: member.identity)
        while let r = row {
            let entity = objects.entityIndex(atRow: r)
            guard entity >= 0, entity < prevSlots.count, let slot = prevSlots[entity],
                let prev = objects.reference(atRow: r, slot: slot)
            else { return current }
            if cycle.meets(prev) { return nil }
            current = ObjectID(entity: current.entity, identity: prev)
            row = objects.row(of: current, near: r - 1)
        }
        return nil
    }

    /// For each entity (by position), the slot of the stored property `name`.
    func slots(of name: String) -> [Int?] {
        schema.entities.map { $0.storedSlot[name] }
    }

    /// Every ordered to-many relationship of the schema, with the entity that
    /// declares it (each once, however many sub-entities inherit it).
    public var orderedRelationships: [(owner: Entity, relationship: Relationship)] {
        schema.entities.flatMap { e in e.relationships.filter { $0.ordered != nil }.map { (e, $0) } }
    }

    /// Every relationship kept as a prev/next chain, with the entity that
    /// declares it.
    var chainedRelationships: [(owner: Entity, relationship: Relationship)] {
        orderedRelationships.filter { $0.relationship.chainLinks != nil }
    }
}
