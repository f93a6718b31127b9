
extension GraphMerger {
    // MARK: Chains and metadata

    /// Merges the order of every chain some side changed (see
    /// ``markChains(_:_:)``) and links its members again; members that left
    /// every chain lose their links.
    mutating func mergeChains() {
        for (c, chain) in chains.enumerated() where !dirtyOwners[c].isEmpty {
            let relationship = chain.relationship
            guard let links = relationship.ordered else { continue }
            let memberRoot = chain.memberRoot
            for id in touchedMembers[c] {
                guard let o = result.objects[id], let ownerSlot = chain.ownerSlots[o.entityIndex], o.values[ownerSlot].isNull else { continue }
                result.setValue(.null, of: id, links.prev)
                result.setValue(.null, of: id, links.next)
            }
            // Each input is consistent: its chain of a dirty owner is walked
            // from its head, found in one pass without a lookup per member.
            func heads(_ g: Graph) -> [ObjectID: ObjectID] {
                var heads: [ObjectID: ObjectID] = [:]
                for (id, o) in g.objects where chain.link(o, chain.prevSlots) == nil {
                    if let owner = chain.owner(of: o), dirtyOwners[c].contains(owner) { heads[owner] = id }
                }
                return heads
            }
            let (baseHeads, mineHeads, theirsHeads) = (heads(base), heads(mine), heads(theirs))
            for owner in dirtyOwners[c].sorted() {
                func order(_ g: Graph, _ heads: [ObjectID: ObjectID]) -> [String] {
                    heads[owner].map { g.chainOrder(from: $0, nextSlots: chain.nextSlots) } ?? []
                }
                let orders = (order(base, baseHeads), order(mine, mineHeads), order(theirs, theirsHeads))
                // The result's members of this owner: each took its owner
                // from an input, so it is in that input's chain.
                var present = Set<ExactString>()
                for member in orders.0 + orders.1 + orders.2 {
                    guard let o = result.objects[ObjectID(entity: memberRoot, identity: member)],
                        let memberOwner = chain.link(o, chain.ownerSlots), utf8Equal(memberOwner, owner.identity)
                    else { continue }
                    present.insert(ExactString(member))
                }
                guard !present.isEmpty else { continue }
                let merged = SequenceMerge.merge(base: orders.0, mine: orders.1, theirs: orders.2, present: present, prefer: prefer)
                let ownerName = result.objects[owner].map(entityName) ?? owner.entity
                for c in merged.conflicts {
                    let (b, m, t) = SequenceMerge.conflictValues(c, base: orders.0, mine: orders.1, theirs: orders.2)
                    conflicts.append(MergeConflict(
                        kind: MergeConflict.Kind(c.kind), entity: ownerName, identity: owner.identity, property: relationship.name,
                        path: path(ownerName, owner, relationship.name), base: b, mine: m, theirs: t, resolvedBy: prefer))
                }
                for (i, member) in merged.order.enumerated() {
                    let id = ObjectID(entity: memberRoot, identity: member)
                    result.setValue(i > 0 ? .string(merged.order[i - 1]) : .null, of: id, links.prev)
                    result.setValue(i + 1 < merged.order.count ? .string(merged.order[i + 1]) : .null, of: id, links.next)
                }
            }
        }
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
