
extension Graph {
    /// Why the chain of `owner`'s `members` has no head (every member has a
    /// prev), one message per cause:
    ///
    /// - a member whose prev leads out of the chain (to a member of another
    ///   owner's chain, to an object in no chain, to no object at all):
    ///   `chain has no head: the "prev" of "c1" leads out of it, to "t2" in the chain of "g"`;
    /// - a cycle, named member by member in chain order from its smallest
    ///   identity: `chain "a1" → "a2" → "a3" → "a1" has no head`.
    ///
    /// - Parameters:
    ///   - prevSlots, ownerSlots: per entity (by position), the slot of the
    ///     members' prev link and owner link.
    /// - Complexity: O(*m* log *m*) for *m* members.
    func headlessChainMessages(
        members: [ObjectID], memberSet: Set<ObjectID>, relationship: Relationship, prevSlots: [Int?], ownerSlots: [Int?]
    ) -> [String] {
        guard let links = relationship.chainLinks else { return [] }
        let destination = schema.index(ofEntity: relationship.destination)
        func name(_ id: ObjectID) -> String { "\"\(id.identity)\"" }
        func link(_ id: ObjectID, _ slots: [Int?]) -> String? {
            guard let o = objects[id], let slot = slots[o.entityIndex] else { return nil }
            return o.reference(at: slot)
        }
        func prev(_ id: ObjectID) -> ObjectID? { link(id, prevSlots).map { ObjectID(entity: id.entity, identity: $0) } }
        var messages: [String] = []
        let sorted = members.sorted()
        for m in sorted {
            guard let p = prev(m), !memberSet.contains(p) else { continue }
            let whereTo: String
            if let target = objects[p] {
                if !(destination.map { schema.isKind(target.entityIndex, of: $0) } ?? false) {
                    whereTo = "\(name(p)), which is not a \(relationship.destination)"
                } else if let owner = link(p, ownerSlots) {
                    whereTo = "\(name(p)) in the chain of \"\(owner)\""
                } else {
                    whereTo = "\(name(p)), which is in no chain"
                }
            } else {
                whereTo = "\(name(p)), which does not exist"
            }
            messages.append("chain has no head: the \"\(links.prev)\" of \(name(m)) leads out of it, to \(whereTo)")
        }
        // Walking prev from each member not yet seen ends out of the chain,
        // at a member seen on an earlier walk, or on this walk: a cycle.
        var walkOf: [ObjectID: Int] = [:]
        for (walk, start) in sorted.enumerated() where walkOf[start] == nil {
            var path: [ObjectID] = []
            var current: ObjectID? = start
            while let c = current, memberSet.contains(c) {
                if let seen = walkOf[c] {
                    if seen == walk, let first = path.firstIndex(of: c) { messages.append(cycleMessage(Array(path[first...]))) }
                    break
                }
                walkOf[c] = walk
                path.append(c)
                current = prev(c)
            }
        }
        return messages
    }

    /// `chain "a1" → "a2" → "a3" → "a1" has no head` for the members of a
    /// cycle given in prev order (each one's prev follows it): written in
    /// next order from the smallest identity, at most ten members named.
    func cycleMessage(_ prevOrder: [ObjectID]) -> String {
        var order = Array(prevOrder.reversed())
        if let smallest = order.indices.min(by: { order[$0] < order[$1] }) {
            order = Array(order[smallest...] + order[..<smallest])
        }
        guard let first = order.first else { return "chain has no head" }
        let names = order.map { "\"\($0.identity)\"" }
        let shown = names.count <= 10 ? names : names.prefix(9) + ["…", names[names.count - 1]]
        let count = names.count <= 10 ? "" : " (a cycle of \(names.count) members)"
        return "chain \((shown + ["\"\(first.identity)\""]).joined(separator: " → ")) has no head\(count)"
    }
}
