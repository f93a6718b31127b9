
extension GraphMerger {
    // MARK: Orders and metadata

    /// Merges the order of every owner some side changed (see
    /// ``markChains(_:_:_:_:)``), whatever its storage, through
    /// ``SequenceMerge``, and writes it back (``OrderedRelationship``): a
    /// chain's links, an owner's array, an index's values
    /// (``PositionAssignment``). Chain members that left every chain lose
    /// their links; an index member left without an owner has its value
    /// merged as an attribute.
    mutating func mergeChains() {
        for (c, order) in orders.enumerated() where !dirtyOwners[c].isEmpty {
            let relationship = order.relationship
            if order.isKeptOnMembers {
                for id in touchedMembers[c] {
                    guard let o = result.objects[id], order.isMember(o), order.owner(of: o) == nil else { continue }
                    if order.ordering.isIndex {
                        mergeUnownedPosition(id, order)
                    } else {
                        order.clearLinks(of: id, in: &result)
                    }
                }
            }
            let owners = dirtyOwners[c].filter { result.objects[$0] != nil }
            let (baseOrders, mineOrders, theirsOrders) = (order.orders(of: owners, in: base), order.orders(of: owners, in: mine),
                                                          order.orders(of: owners, in: theirs))
            // The result's members of each owner, as the merged members say.
            let present = presentMembers(of: owners, order, candidates: [baseOrders, mineOrders, theirsOrders])
            for owner in owners.sorted() {
                let orders = (baseOrders[owner] ?? [], mineOrders[owner] ?? [], theirsOrders[owner] ?? [])
                let members = present[owner] ?? []
                guard !members.isEmpty || order.ordering == .array else { continue }
                let merged = SequenceMerge.merge(base: orders.0, mine: orders.1, theirs: orders.2, present: members, prefer: prefer)
                let ownerName = result.objects[owner].map(entityName) ?? owner.entity
                for c in merged.conflicts {
                    let (b, m, t) = SequenceMerge.conflictValues(c, base: orders.0, mine: orders.1, theirs: orders.2)
                    conflicts.append(MergeConflict(
                        kind: MergeConflict.Kind(c.kind), entity: ownerName, identity: owner.identity, property: relationship.name,
                        path: path(ownerName, owner, relationship.name), base: b, mine: m, theirs: t, resolvedBy: prefer))
                }
                if order.ordering.isIndex {
                    let values = mergedPositions(merged.order, orders: orders, order)
                    order.writePositions(merged.order, values, into: &result)
                } else {
                    order.write(merged.order, of: owner, into: &result)
                }
            }
        }
    }

    /// For each of `owners`, the members the result gives it: for an array,
    /// the members its merged array lists; for a chain or an index, the
    /// members of any version's order (`candidates`) whose merged owner
    /// link names it.
    func presentMembers(of owners: Set<ObjectID>, _ order: OrderedRelationship, candidates: [[ObjectID: [String]]]) -> [ObjectID: Set<ExactString>] {
        var present: [ObjectID: Set<ExactString>] = [:]
        for owner in owners {
            var members = Set<ExactString>()
            if let o = result.objects[owner], let listed = order.listedMembers(of: o) {
                for case .string(let m) in listed { members.insert(ExactString(m)) }
            } else if order.isKeptOnMembers {
                for version in candidates {
                    for member in version[owner] ?? [] {
                        guard let o = result.objects[ObjectID(entity: order.memberRoot, identity: member)],
                            let memberOwner = order.link(o, order.ownerSlots), utf8Equal(memberOwner, owner.identity)
                        else { continue }
                        members.insert(ExactString(member))
                    }
                }
            }
            present[owner] = members
        }
        return present
    }

    /// The index values of the merged order `merged` of one owner: numbered
    /// densely where every version was dense; else the members' merged
    /// values (the side that changed one, theirs where both did, else the
    /// one that has it) where they still give that order; else those with
    /// the fewest renumbered, members whose place no side changed first
    /// (``PositionAssignment``).
    func mergedPositions(_ merged: [String], orders: ([String], [String], [String]), _ order: OrderedRelationship) -> [JSONValue] {
        let type = order.indexType ?? .double
        func values(_ g: Graph, _ members: [String]) -> [ExactString: JSONValue] {
            var table: [ExactString: JSONValue] = [:]
            for m in members {
                if let o = g.objects[ObjectID(entity: order.memberRoot, identity: m)] { table[ExactString(m)] = order.position(of: o) }
            }
            return table
        }
        let (b, m, t) = (values(base, orders.0), values(mine, orders.1), values(theirs, orders.2))
        func same(_ x: JSONValue, _ y: JSONValue) -> Bool { (x.isNull && y.isNull) || (!x.isNull && !y.isNull && type.valuesEqual(x, y)) }
        // Each member's value: the side that changed it; where both changed
        // it differently (no conflict: values only encode the order),
        // theirs', so that merging mine with a merge of mine gives it back.
        let candidates: [JSONValue] = merged.map { name in
            let key = ExactString(name)
            if let mv = m[key], b[key].map({ !same($0, mv) }) ?? true {
                guard let tv = t[key], let bv = b[key], !same(tv, bv), !same(tv, mv) else { return mv }
                return tv
            }
            return t[key] ?? m[key] ?? b[key] ?? .null
        }
        // Dense in every version that has members: dense again.
        func denseStart(_ order: [String], _ table: [ExactString: JSONValue]) -> Int?? {
            guard !order.isEmpty else { return .some(nil) }
            let numbers = order.map { table[ExactString($0)].flatMap(PositionKey.number)?.intValue }
            guard let first = numbers.first ?? nil, first == 0 || first == 1 else { return nil }
            for (i, n) in numbers.enumerated() where n != first + i { return nil }
            return .some(first)
        }
        var dense: Int? = nil
        var isDense = true
        for (o, table) in [(orders.0, b), (orders.1, m), (orders.2, t)] {
            guard let start = denseStart(o, table) else { isDense = false; break }
            if let s = start {
                if dense != nil && dense != s { isDense = false; break }
                dense = s
            }
        }
        if isDense, let start = dense { return merged.indices.map { .number(JSONNumber(start + $0)) } }
        // The values as merged still give the order (ties included, by identity).
        if !candidates.contains(where: \.isNull),
            PositionKey.sorted(zip(merged, candidates).map { (id: $0, value: $1) }).elementsEqual(merged, by: utf8Equal)
        {
            return candidates
        }
        // Members all three versions hold in an order no side changed keep
        // their values first.
        let preferred = SequenceMerge.unmovedMembers(merged, base: orders.0, mine: orders.1, theirs: orders.2)
        let all = [b, m, t].flatMap { $0.values }.compactMap(PositionKey.number)
        let least = all.min() ?? JSONNumber(0)
        let floor = least < JSONNumber(0) ? least : JSONNumber(0)
        return PositionAssignment.values(for: candidates.map(PositionKey.number), preferred: preferred, type: type, floor: floor, dense: nil)
            .map(JSONValue.number)
    }

    /// Merges the index value of `id`, a member the result leaves without
    /// an owner, as an attribute: taken from the side that changed it, a
    /// conflict when both changed it differently.
    mutating func mergeUnownedPosition(_ id: ObjectID, _ order: OrderedRelationship) {
        guard let attribute = order.relationship.indexAttribute, let object = result.objects[id],
            let slot = order.indexSlots[object.entityIndex]
        else { return }
        let type = order.indexType ?? .double
        func value(_ g: Graph) -> JSONValue? { g.objects[id].flatMap { o in order.indexSlots[o.entityIndex].map { o.values[$0] } } }
        func same(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
            switch (x, y) {
            case (nil, nil): return true
            case (let a?, let b?): return (a.isNull && b.isNull) || (!a.isNull && !b.isNull && type.valuesEqual(a, b))
            default: return false
            }
        }
        let (b, m, t) = (value(base), value(mine), value(theirs))
        var merged: JSONValue?
        if same(m, t) || same(b, t) { merged = m ?? t } else if same(b, m) { merged = t } else {
            let entity = schema.entities[object.entityIndex].name
            conflicts.append(MergeConflict(kind: .property, entity: entity, identity: id.identity, property: attribute,
                                           path: path(entity, id, attribute), base: b, mine: m, theirs: t, resolvedBy: prefer))
            switch prefer {
            case .mine?: merged = m
            case .theirs?: merged = t
            case nil: merged = b ?? m
            }
        }
        result.objects[id]?.values[slot] = merged ?? .null
    }

    mutating func mergeMetadata() {
        var keys = Set<ExactString>()
        for k in base.metadata.keys + mine.metadata.keys + theirs.metadata.keys { keys.insert(ExactString(k)) }
        for key in keys.sorted() {
            let b = base.metadata[key.string], m = mine.metadata[key.string], t = theirs.metadata[key.string]
            var value: JSONValue?
            if ignoredMetadata.contains(key) || m == t { value = m } else if b == m { value = t } else if b == t { value = m } else {
                conflicts.append(MergeConflict(kind: .property, path: JSONPointer(["metadata", key.string]), base: b, mine: m, theirs: t, resolvedBy: prefer))
                switch prefer {
                case .mine?: value = m
                case .theirs?: value = t
                case nil: value = b ?? m
                }
            }
            if let value { result.metadata[key.string] = value }
        }
    }
}
