import GraphDiffJSON

extension GraphMerger {
    /// Makes every self-inverse one-to-one relationship (`spouse` ↔
    /// `spouse`) agree on both partners. It is merged on every object, so
    /// a conflict settled on one partner (by the preference, or the base's
    /// value while open) can leave the other disagreeing: base a↔b, mine
    /// a↔c, theirs both single gives a conflict on a, and a's settled
    /// partner must name a back.
    ///
    /// The objects some side changed, and every partner any version gives
    /// them, are paired again: first the objects whose value a conflict
    /// chose (all taken from one version, so they agree with one another),
    /// then the others, each in identity order. An object takes its merged
    /// partner when that partner is free and, if its value was chosen by a
    /// conflict too, names it back; otherwise it has none. Objects outside
    /// that set are the same in every version, and so are their partners.
    ///
    /// - Complexity: O(*c* log *c*) for *c* changed objects.
    mutating func settleSelfInverseOneToOnes() {
        for entity in schema.entities {
            for r in entity.relationships where r.storage == .toOne {
                guard let destination = schema.entity(named: r.destination), let inverse = destination.inverse(of: r),
                      GraphMerger.isSelfInverse(r, inverse), inverse.storage == .toOne
                else { continue }
                settle(r, declaredBy: entity)
            }
        }
    }

    private mutating func settle(_ r: Relationship, declaredBy owner: Entity) {
        let root = owner.root
        func slot(_ o: GraphObject) -> Int? {
            schema.isKind(o.entityIndex, of: owner.index) ? schema.entities[o.entityIndex].storedSlot[r.name] : nil
        }
        func partner(_ g: Graph, _ id: ObjectID) -> ObjectID? {
            guard let o = g.objects[id], let s = slot(o), let ref = o.reference(at: s) else { return nil }
            return ObjectID(entity: root, identity: ref)
        }
        // The objects to pair again.
        var involved = Set<ObjectID>()
        for id in changedIDs + keptDeleted where id.entity == root {
            involved.insert(id)
            for g in [base, mine, theirs, result] { if let p = partner(g, id) { involved.insert(p) } }
        }
        guard !involved.isEmpty else { return }
        // Objects whose value of `r` a conflict chose.
        var decided = Set<ObjectID>()
        for c in conflicts where c.entity.flatMap({ schema.entity(named: $0) })?.root == root {
            guard let identity = c.identity else { continue }
            let id = ObjectID(entity: root, identity: identity)
            guard involved.contains(id) else { continue }
            if c.property == nil || c.property == r.name { decided.insert(id) }
        }
        for id in involved where keptByConflict.contains(id) || chosenByConflict.contains(id) { decided.insert(id) }
        let order = involved.filter(decided.contains).sorted() + involved.filter { !decided.contains($0) }.sorted()
        var paired: [ObjectID: ObjectID?] = [:]
        for x in order where paired[x] == nil {
            guard result.objects[x] != nil else { continue }
            guard let y = partner(result, x), y != x, result.objects[y] != nil, paired[y] == nil,
                  !decided.contains(y) || partner(result, y) == x
            else {
                paired[x] = .some(nil)
                continue
            }
            paired[x] = .some(y)
            paired[y] = .some(x)
        }
        for (x, y) in paired {
            guard let o = result.objects[x], let s = slot(o) else { continue }
            let value = StoredValue.reference(y?.identity)
            if !o.value(at: s).isIdentical(to: value) { result.objects[x]?.setValue(value, at: s) }
        }
    }
}
