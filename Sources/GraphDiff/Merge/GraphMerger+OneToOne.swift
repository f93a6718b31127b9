import GraphDiffJSON

extension GraphMerger {
    /// A one-to-one relationship merged on its primary side: the slot per
    /// entity, and the inverse the target stores.
    struct OneToOne {
        let relationship: Relationship
        let destination: Entity
        let inverse: String
    }

    /// Per entity: its primary to-one slots whose inverse is a stored to-one
    /// other than itself. A self-inverse one (`spouse` ↔ `spouse`) is
    /// merged on both partners, so two claims on one target are a conflict
    /// of the target's own value, and ``settleSelfInverseOneToOnes()``
    /// pairs the partners again (a claim made only by an object an open
    /// conflict keeps as the base has it is no conflict of its own).
    func oneToOneSlots() -> [[(slot: Int, pair: OneToOne)]] {
        schema.entities.map { entity in
            mergedSlots[entity.index].compactMap { slot in
                guard case .relationship(let r) = entity.storedProperties[slot], r.storage == .toOne,
                    let destination = schema.entity(named: r.destination),
                    let inverse = destination.inverse(of: r), inverse.storage == .toOne, !GraphMerger.isSelfInverse(r, inverse)
                else { return nil }
                return (slot, OneToOne(relationship: r, destination: destination, inverse: inverse.name))
            }
        }
    }

    /// Settles one-to-one targets that the merged primaries give to more
    /// than one object (mine gives dog d1 to p2, theirs gives p2 dog d2):
    /// a conflict on the target's side (p2's dog). The preferred side's
    /// holder keeps the target (the base's, without a preference); every
    /// other claimant takes its own reference from that side (or the base),
    /// which may settle another target in turn.
    ///
    /// Only changed objects can make a new claim, and a target's unchanged
    /// holder is the one the base names, so this costs O(*c*) for *c*
    /// changed objects.
    mutating func resolveOneToOneClaims() {
        let slots = oneToOneSlots()
        guard slots.contains(where: { !$0.isEmpty }) else { return }
        struct Claim: Hashable { let target: ObjectID, inverse: String }
        var claimants: [Claim: [ObjectID]] = [:]
        var pairs: [Claim: OneToOne] = [:]
        func reference(_ o: GraphObject?, _ slot: Int) -> String? { o?.reference(at: slot) }
        for id in changedIDs + keptDeleted {
            guard let o = result.objects[id] else { continue }
            for (slot, pair) in slots[o.entityIndex] {
                guard let ref = reference(o, slot) else { continue }
                let claim = Claim(target: ObjectID(entity: pair.destination.root, identity: ref), inverse: pair.inverse)
                if claimants[claim]?.contains(id) == true { continue }
                claimants[claim, default: []].append(id)
                pairs[claim] = pair
            }
        }
        var work = Array(claimants.keys).sorted { ($0.target, $0.inverse) < ($1.target, $1.inverse) }
        var settled = Set<Claim>()
        while let claim = work.popLast() {
            guard settled.insert(claim).inserted, let pair = pairs[claim], let targetObject = result.objects[claim.target] else { continue }
            let targetEntity = schema.entities[targetObject.entityIndex]
            guard let inverseSlot = targetEntity.storedSlot[pair.inverse] else { continue }
            /// The object that `g` says holds the target.
            func holder(_ g: Graph) -> ObjectID? {
                g.objects[claim.target].flatMap { reference($0, inverseSlot) }.map { ObjectID(entity: holderRoot(pair), identity: $0) }
            }
            var all = claimants[claim] ?? []
            // The unchanged holder, if it still claims the target.
            if let h = holder(base), !all.contains(h), let o = result.objects[h], let slot = schema.entities[o.entityIndex].storedSlot[pair.relationship.name],
                reference(o, slot).map({ utf8Equal($0, claim.target.identity) }) ?? false {
                all.append(h)
            }
            guard all.count > 1 else { continue }
            let name = targetEntity.name
            func inverseValue(_ g: Graph) -> JSONValue? { g.objects[claim.target].map { $0.value(at: inverseSlot) } }
            var c = MergeConflict(kind: .property, entity: name, identity: claim.target.identity, property: pair.inverse,
                                  path: path(name, claim.target, pair.inverse),
                                  base: inverseValue(base), mine: inverseValue(mine), theirs: inverseValue(theirs))
            let chosen = decisions.settle(&c)
            conflicts.append(c)
            let side = chosen == .mine ? mine : chosen == .theirs ? theirs : base
            let winner = holder(side)
            for loser in all.sorted() where loser != winner {
                guard let o = result.objects[loser], let slot = schema.entities[o.entityIndex].storedSlot[pair.relationship.name] else { continue }
                // The loser's own reference as that side has it (null when
                // that side lacks the object or gave it this very target).
                var fallback = side.objects[loser].map { $0.value(at: slot) } ?? .null
                if StoredValue.holds(fallback, identity: claim.target.identity) { fallback = .null }
                result.objects[loser]?.setValue(fallback, at: slot)
                if let ref = StoredValue.identity(in: fallback) {
                    let next = Claim(target: ObjectID(entity: pair.destination.root, identity: ref), inverse: pair.inverse)
                    claimants[next, default: []].append(loser)
                    pairs[next] = pair
                    settled.remove(next)
                    work.append(next)
                }
            }
        }
    }

    /// The root entity of the objects that hold a one-to-one's targets.
    func holderRoot(_ pair: OneToOne) -> String {
        schema.entity(named: pair.destination.property(named: pair.inverse)?.relationship?.destination ?? "")?.root ?? ""
    }
}
