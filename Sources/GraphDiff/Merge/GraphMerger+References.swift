import GraphDiffJSON

extension GraphMerger {
    // MARK: References

    /// An object kept by a delete/modify conflict (unless the deleting side
    /// is preferred) brings back the objects it refers to that the deleting
    /// side deleted and the merge would otherwise delete: mine deletes list
    /// A, and with it (cascade) its items; theirs renames item a2; a2 keeps
    /// A. That undoes part of the delete, so each such reference is a
    /// conflict of its own (``MergeConflict/Kind/deletedReference``, on the
    /// referring property, settled as the delete/modify conflict is), and so
    /// on from each object brought back. An object the keeping side changed
    /// has a delete/modify conflict of its own instead. Found from the three
    /// inputs alone, before any preference acts, so a preference never
    /// changes which conflicts there are.
    ///
    /// - Complexity: O(*k* · *r*) expected, for *k* objects reached from the
    ///   delete/modify conflicts and *r* references held by each.
    mutating func reportRestoresOfDeleteModified() {
        guard !deleteModified.isEmpty else { return }
        var queue = deleteModified.map { (id: $0, deletedByMine: mine.objects[$0] == nil, side: objectSides[$0] ?? nil) }
        var reached = Set(deleteModified)
        while let (id, deletedByMine, side) = queue.popLast() {
            let (deleter, keeper) = deletedByMine ? (mine, theirs) : (theirs, mine)
            guard let kept = keeper.objects[id] ?? base.objects[id] else { continue }
            // What the result holds under each preference that keeps the
            // object: the base's version while open, the keeper's otherwise.
            let versions = [base.objects[id], keeper.objects[id]].compactMap { $0 }.filter { $0.entityIndex == kept.entityIndex }
            let entity = schema.entities[kept.entityIndex]
            for slot in mergedSlots[kept.entityIndex] {
                guard case .relationship(let r) = entity.storedProperties[slot], let destination = schema.entity(named: r.destination) else { continue }
                for version in versions {
                    for ref in version.references(at: slot) {
                        let target = ObjectID(entity: destination.root, identity: ref)
                        guard let restored = base.objects[target], deleter.objects[target] == nil else { continue }
                        if let changed = keeper.objects[target], !same(restored, changed) { continue }
                        if referenceConflicts[SlotOf(id: id, slot: slot)] == nil {
                            referenceConflicts[SlotOf(id: id, slot: slot)] = conflicts.count
                            func value(_ g: Graph) -> JSONValue? {
                                g.objects[id].flatMap { $0.entityIndex == kept.entityIndex ? $0.value(at: slot) : nil }
                            }
                            conflicts.append(MergeConflict(
                                kind: .deletedReference, entity: entity.name, identity: id.identity, property: r.name,
                                path: path(entity.name, id, r.name), base: value(base), mine: value(mine), theirs: value(theirs),
                                resolvedBy: side))
                        }
                        if reached.insert(target).inserted { queue.append((target, deletedByMine, side)) }
                    }
                }
            }
        }
    }

    /// A reference to an object that one side deleted and the other now
    /// refers to is a conflict: the object comes back from the base (nothing
    /// is lost), or, under `--prefer` for the deleting side, the reference
    /// goes (and so does the referring object when the deleted one owned it).
    mutating func resolveDanglingReferences() {
        // Only objects with a reference to a missing object need work; when
        // no object went missing, none does.
        guard !missing.isEmpty || !keptByConflict.isEmpty else { return }
        var queue = changedObjectsReferringToMissing()
        markNeededTargets(referredToBy: queue)
        var visited = Set<ObjectID>()
        resolve(&queue, visited: &visited)
        guard removedReferrer else { return }
        // Objects removed above may have been referred to: drop what still
        // refers to a missing object (rare; a cascade under --prefer).
        for (row, slot, kept) in referencesToDrop() {
            result.objects.update(atRow: row) { $0.setValue(kept, at: slot) }
        }
    }

    /// The changed objects (``changedIDs``, in order) with a merged
    /// reference to an object the result lacks or keeps only by a conflict.
    ///
    /// Read only, for the reason ``referencesToDrop()`` gives (a method
    /// named as a function, `map(refersToMissingObject)`, copied this
    /// merger for every changed object).
    ///
    /// - Complexity: O(*c* · *r*) expected for *c* changed objects with *r*
    ///   merged references each.
    func changedObjectsReferringToMissing() -> [ObjectID] {
        var found: [ObjectID] = []
        for id in changedIDs {
            if let object = result.objects[id], refersToMissingObject(object) { found.append(id) }
        }
        return found
    }

    /// The merged references of the result's objects that name an object
    /// it lacks, by row and slot, each with the value that drops them
    /// (``resolveDanglingReferences()``, after it removed objects).
    ///
    /// Read only, so that going through every row does not copy this
    /// merger for each (a mutating method lends its `self` to a call of a
    /// non-mutating one as a copy); each object read in place, by row (a
    /// copy of each would retain its values).
    ///
    /// - Complexity: O(*n* + *r*) expected for *n* objects and *r* merged
    ///   references.
    func referencesToDrop() -> [(row: Int, slot: Int, kept: JSONValue)] {
        let objects = result.objects
        var drops: [(row: Int, slot: Int, kept: JSONValue)] = []
        for row in 0..<objects.rowCount where objects.isLive(atRow: row) && refersToMissingObject(objects.rows[row]) {
            let kind = objects.entityIndex(atRow: row)
            let entity = schema.entities[kind]
            for slot in mergedSlots[kind] {
                guard case .relationship(let r) = entity.storedProperties[slot], let destination = schema.entity(named: r.destination) else { continue }
                func exists(_ ref: String) -> Bool { objects.row(of: ObjectID(entity: destination.root, identity: ref)) != nil }
                if let kept = StoredValue.droppingReferences(in: objects.value(atRow: row, slot: slot), where: { !exists($0) }) {
                    drops.append((row, slot, kept))
                }
            }
        }
        return drops
    }

    /// Marks the objects one side deleted that the result keeps whatever
    /// the preference: a required to-one reference names one from an
    /// object the other side has (not kept by the deleting side, nor there
    /// by a conflict), which the deleted object does not own. Every
    /// reference to such an object is then settled for the side that keeps
    /// it, in every mode (``restoredForReference``), whichever reference is
    /// met first.
    ///
    /// - Complexity: O(*q* · *r*) for *q* referring objects and *r* references each.
    mutating func markNeededTargets(referredToBy referrers: [ObjectID]) {
        for id in referrers where !keptByConflict.contains(id) && !chosenByConflict.contains(id) {
            guard let object = result.objects[id] else { continue }
            let entity = schema.entities[object.entityIndex]
            for slot in mergedSlots[object.entityIndex] where !conflictedReferences.contains(SlotOf(id: id, slot: slot)) {
                guard case .relationship(let r) = entity.storedProperties[slot], r.storage == .toOne, !r.isOptional,
                      let destination = schema.entity(named: r.destination), destination.inverse(of: r)?.deleteRule != .cascade,
                      let ref = object.reference(at: slot)
                else { continue }
                let target = ObjectID(entity: destination.root, identity: ref)
                guard base.objects[target] != nil, restoredForReference[target] == nil else { continue }
                let deletedByMine = mine.objects[target] == nil
                let deleter = deletedByMine ? mine : theirs
                guard deleter.objects[target] == nil, !(deleter.objects[id].map { $0.entityIndex == object.entityIndex } ?? false) else { continue }
                restoredForReference[target] = .some(deletedByMine ? .theirs : .mine)
            }
        }
    }

    /// Whether a merged reference of `object` names an object the result
    /// lacks or keeps only by a delete/modify conflict: one lookup in each
    /// (small) set per reference.
    func refersToMissingObject(_ object: GraphObject) -> Bool {
        let entity = schema.entities[object.entityIndex]
        func gone(_ id: ObjectID) -> Bool { missing.contains(id) || keptByConflict.contains(id) }
        for slot in mergedSlots[object.entityIndex] {
            guard case .relationship(let r) = entity.storedProperties[slot], let destination = schema.entity(named: r.destination) else { continue }
            if StoredValue.containsReference(in: object.value(at: slot), where: { gone(ObjectID(entity: destination.root, identity: $0)) }) {
                return true
            }
        }
        return false
    }

    /// Settles the missing references of each object in `queue` (and of the
    /// objects brought back on the way).
    mutating func resolve(_ queue: inout [ObjectID], visited: inout Set<ObjectID>) {
        while let id = queue.popLast() {
            guard visited.insert(id).inserted, let object = result.objects[id] else { continue }
            let entity = schema.entities[object.entityIndex]
            for slot in mergedSlots[object.entityIndex] {
                guard case .relationship(let r) = entity.storedProperties[slot], let destination = schema.entity(named: r.destination) else { continue }
                for ref in result.objects[id]?.references(at: slot) ?? [] {
                    let target = ObjectID(entity: destination.root, identity: ref)
                    let slotOf = SlotOf(id: id, slot: slot)
                    func referenceConflict() -> MergeConflict {
                        MergeConflict(kind: .deletedReference, entity: entity.name, identity: id.identity, property: r.name,
                                      path: path(entity.name, id, r.name), base: base.objects[id]?.value(at: slot),
                                      mine: mine.objects[id]?.value(at: slot), theirs: theirs.objects[id]?.value(at: slot))
                    }
                    /// A conflict that follows another, settled as it is.
                    func conflict(resolvedBy side: MergeSide?) {
                        // One conflict a reference, however many targets it lists.
                        guard referenceConflicts[slotOf] == nil else { return }
                        referenceConflicts[slotOf] = conflicts.count
                        var c = referenceConflict()
                        c.resolvedBy = side
                        conflicts.append(c)
                    }
                    /// A conflict of its own, settled by the decisions: the
                    /// side the merge acts for, where it was recorded, and
                    /// how it was decided (before a required reference settles it).
                    func settledConflict() -> (side: MergeSide?, index: Int?, label: MergeSide?) {
                        if let known = deletedReferenceSides[slotOf] { return (known.side, referenceConflicts[slotOf], known.label) }
                        if let known = referenceConflicts[slotOf] {
                            // Reported already, as following a delete/modify conflict: settled as it is.
                            let label = conflicts[known].resolvedBy
                            deletedReferenceSides[slotOf] = (label ?? decisions.openSide, label)
                            return (label ?? decisions.openSide, known, label)
                        }
                        var c = referenceConflict()
                        let side = decisions.settle(&c)
                        deletedReferenceSides[slotOf] = (side, c.resolvedBy)
                        referenceConflicts[slotOf] = conflicts.count
                        conflicts.append(c)
                        return (side, conflicts.count - 1, c.resolvedBy)
                    }
                    if keptByConflict.contains(id) || chosenByConflict.contains(id) || conflictedReferences.contains(SlotOf(id: id, slot: slot)),
                        result.objects[target] != nil || base.objects[target] != nil
                    {
                        // The referrer (or this reference's value) is here
                        // only by a conflict's settling: what it needs comes
                        // back with it, as that conflict's consequence.
                        if result.objects[target] == nil, let restored = base.objects[target] {
                            if restoredForReference[target] == nil {
                                restoredForReference[target] = .some(settledSide(of: id, slot: slot))
                                restoreLabels[target] = .some(settledSide(of: id, slot: slot))
                            }
                            restore(target, restored, &queue)
                        }
                        continue
                    }
                    let deletedByMine = base.objects[target] != nil && mine.objects[target] == nil
                    let deleter = deletedByMine ? mine : theirs
                    let owned = destination.inverse(of: r)?.deleteRule == .cascade
                    // No valid result lets the delete win: the referring object
                    // is new to the other side, not owned by the deleted one,
                    // and needs it (a required reference). The object stays,
                    // whatever the preference: resolved for the side that keeps it.
                    let keptByDeleter = deleter.objects[id].map { $0.entityIndex == object.entityIndex } ?? false
                    let needed = r.storage == .toOne && !r.isOptional && !owned && !keptByDeleter
                    if result.objects[target] != nil {
                        // Brought back for another referrer: this reference is
                        // a conflict of its own, settled the same way. Kept by
                        // a delete/modify conflict: a conflict too, as a
                        // preference for the deleting side removes it (unless
                        // this reference needs it: then settled for the keeper
                        // in every mode).
                        if let side = restoredForReference[target] {
                            conflict(resolvedBy: side)
                        } else if keptByConflict.contains(target) {
                            conflict(resolvedBy: objectSides[target] ?? nil)
                        }
                        continue
                    }
                    let (side, index, label) = settledConflict()
                    restoreLabels[target] = .some(label)
                    if needed, let restored = base.objects[target] {
                        if let index {
                            conflicts[index].resolvedBy = deletedByMine ? .theirs : .mine
                            conflicts[index].remembered = false
                        }
                        restoredForReference[target] = .some(deletedByMine ? .theirs : .mine)
                        restore(target, restored, &queue)
                        continue
                    }
                    let deleterWins = (side == .mine && deletedByMine) || (side == .theirs && !deletedByMine)
                    if !deleterWins, let restored = base.objects[target] {
                        restoredForReference[target] = .some(label)
                        restore(target, restored, &queue)
                        continue
                    }
                    // The deleting side wins. Where it kept the referring
                    // object, its value of the reference stands (valid there).
                    if r.storage == .toOne, let kept = deleter.objects[id], kept.entityIndex == object.entityIndex {
                        result.objects[id]?.setValue(kept.value(at: slot), at: slot)
                        // That value is this conflict's settling: what it names
                        // and the other side deleted comes back with it.
                        conflictedReferences.insert(SlotOf(id: id, slot: slot))
                        visited.remove(id)
                        queue.append(id)
                        break
                    }
                    // Else the reference goes; an object owned by the deleted one goes with it.
                    if owned && r.storage == .toOne {
                        if let removed = result.objects.removeValue(forKey: id) {
                            markChains(id, removed, nil, nil, versions: false)
                            missing.insert(id)
                            removedReferrer = true
                        }
                        break
                    }
                    let current = result.objects[id]?.value(at: slot) ?? .null
                    result.objects[id]?.setValue(StoredValue.droppingReferences(in: current, where: { utf8Equal($0, ref) }) ?? current, at: slot)
                }
            }
        }
    }

    /// How the conflict that put a reference of `id` (at `slot`) in the
    /// result was settled: a property conflict over it (or over the delete
    /// of what it named), a conflict over the whole object, or the conflict
    /// that brought the object back (as decided, before a required
    /// reference settled it); else as the preference settles conflicts.
    func settledSide(of id: ObjectID, slot: Int) -> MergeSide? {
        if let side = referenceSides[SlotOf(id: id, slot: slot)] { return side }
        if let settled = deletedReferenceSides[SlotOf(id: id, slot: slot)] { return settled.label }
        if let side = objectSides[id] { return side }
        if let side = restoreLabels[id] { return side }
        return decisions.prefer == .union ? nil : decisions.prefer
    }

    /// Brings `target` back from the base. Its own references to missing
    /// objects bring those back too, without conflicts of their own (see
    /// ``keptByConflict``).
    mutating func restore(_ target: ObjectID, _ restored: GraphObject, _ queue: inout [ObjectID]) {
        result.objects[target] = restored
        keptByConflict.insert(target)
        missing.remove(target)
        keptDeleted.append(target)
        markChains(target, restored, nil, nil, versions: false)
        queue.append(target)
    }

    /// Puts back the links to objects one side deleted and the result keeps
    /// (a delete/modify conflict, or an object brought back for a
    /// reference): that side dropped them only because of its delete, so the
    /// other side's links stand. A many-to-many list gets the object back; a
    /// to-one reference that the delete left null points at it again.
    ///
    /// Only a referrer that some side changed can have a link to put back:
    /// a side that dropped the link holds the referrer without it, so that
    /// side's version differs from the base on a merged slot (``same(_:_:)``
    /// compares references as exact identities), and the referrer is in
    /// ``changedIDs``. Each referrer's links are put back on its own, so
    /// the order of `changedIDs` does not matter.
    ///
    /// - Complexity: O(*c*) expected for *c* changed objects when some
    ///   deleted object is kept; O(1) otherwise.
    mutating func restoreLinksOfKeptObjects() {
        guard !keptDeleted.isEmpty else { return }
        let kept = Set(keptDeleted)
        for id in changedIDs {
            guard let b = base.objects[id], let merged = result.objects[id], merged.entityIndex == b.entityIndex else { continue }
            let entity = schema.entities[b.entityIndex]
            for slot in mergedSlots[b.entityIndex] {
                guard case .relationship(let r) = entity.storedProperties[slot], let destination = schema.entity(named: r.destination) else { continue }
                for ref in b.references(at: slot) {
                    let target = ObjectID(entity: destination.root, identity: ref)
                    guard kept.contains(target) else { continue }
                    /// Whether `g`'s version of the referrer still links to the target.
                    func links(_ g: Graph) -> Bool? {
                        guard let o = g.objects[id], o.entityIndex == b.entityIndex else { return nil }
                        return o.holds(ref, at: slot)
                    }
                    // Dropped by a side that deleted the target, kept by the other.
                    let mineDeleted = mine.objects[target] == nil, theirsDeleted = theirs.objects[target] == nil
                    guard (mineDeleted && links(mine) == false && links(theirs) != false && !theirsDeleted)
                        || (theirsDeleted && links(theirs) == false && links(mine) != false && !mineDeleted)
                    else { continue }
                    // A list gets it back (kept sorted); a null to-one names it.
                    guard let current = result.objects[id]?.value(at: slot),
                        let restored = StoredValue.addingReference(to: ref, in: current) else { continue }
                    result.objects[id]?.setValue(restored, at: slot)
                }
            }
        }
    }

    /// Sets every derived side of a stored pair (one-to-one, many-to-many)
    /// from the merged primary side, and makes every self-inverse
    /// many-to-many symmetric (see ``symmetrizeSelfInverse(_:of:)``).
    ///
    /// - Complexity: O(*n* + *r*) expected per derived side, for *n*
    ///   objects and *r* references through its primary side (each looked
    ///   up once, grouped by owner with a counting sort: ``RowGroups``),
    ///   plus the sorting of the lists that change.
    mutating func deriveInverses() {
        for entity in schema.entities {
            for case .relationship(let r) in entity.storedProperties where r.storage == .manyToMany {
                guard let inverse = schema.entity(named: r.destination)?.inverse(of: r), GraphMerger.isSelfInverse(r, inverse) else { continue }
                symmetrizeSelfInverse(r, of: entity)
            }
            for case .relationship(let r) in entity.storedProperties where !GraphMerger.isPrimary(r, schema: schema) && r.storage != .derived {
                guard !orderSlots[entity.index].contains(entity.storedSlot[r.name] ?? -1),
                    let destination = schema.entity(named: r.destination),
                    let primary = destination.inverse(of: r)
                else { continue }
                // Filled from the primaries (none: empty). An ordered array
                // keeps its order when its members stay the same (its owner
                // is not dirty: the order merge orders the others). Only
                // values that change are written, so the others keep their
                // objects' canonical text (``SourceSpan``).
                let isArray = r.storage == .manyToMany || r.storage == .orderedArray
                // Read in place, row by row (a copy of each object would
                // retain its values); the referrers' identities by their
                // owner's row, in row order.
                let store = result.objects
                // The primary's slot in each entity whose objects can hold
                // it (asked once per entity, not per row).
                let primarySlots = schema.entities.map { schema.isKind($0.index, of: destination.index) ? $0.storedSlot[primary.name] : nil }
                var pairs: [(key: Int, value: Int)] = []
                for row in 0..<store.rowCount where store.isLive(atRow: row) {
                    let kind = store.entityIndex(atRow: row)
                    guard kind >= 0 && kind < primarySlots.count, let slot = primarySlots[kind] else { continue }
                    store.rows[row].forEachReference(at: slot) { ref in
                        guard let owner = store.row(of: ObjectID(entity: entity.root, identity: ref)) else { return }
                        pairs.append((owner, row))
                    }
                }
                // Each owner's referrers, in row order.
                let referrers = RowGroups(pairs, keyCount: store.rowCount)
                // An owner whose array some side changed is ordered by the
                // order merge: its members only are set here.
                let dirty = orders.indices.first { orders[$0].relationship.name == r.name && orders[$0].ownerKinds[entity.index] }
                    .map { dirtyOwners[$0] } ?? []
                guard let slot = entity.storedSlot[r.name] else { continue }
                var changed: [(row: Int, value: JSONValue)] = []
                for row in 0..<store.rowCount where store.isLive(atRow: row) && store.entityIndex(atRow: row) == entity.index {
                    let current = store.value(atRow: row, slot: slot)
                    let value: JSONValue
                    if !referrers.isEmpty(row) {
                        let sources = referrers.values(of: row).map { store.ids[$0].identity }
                        if r.storage == .orderedArray && dirty.contains(store.ids[row]) {
                            value = StoredValue.list(sources)
                        } else if r.storage == .orderedArray, StoredValue.sameMembers(current, sources) {
                            value = current
                        } else if isArray {
                            value = StoredValue.sortedMembers(sources)
                        } else {
                            value = StoredValue.reference(sources.min(by: utf8Less))
                        }
                    } else {
                        value = StoredValue.empty(r.storage)
                    }
                    if !value.isIdentical(to: current) { changed.append((row, value)) }
                }
                for (row, value) in changed { result.objects.update(atRow: row) { $0.setValue(value, at: slot) } }
            }
        }
    }

    /// Makes the self-inverse many-to-many `r` of `entity` symmetric: each
    /// side of a membership is merged on its own, and a conflict's settling
    /// (an object kept or brought back, a link restored) can reach one side
    /// only. A membership either side holds stands (nothing is lost), so
    /// `b` in `a`'s list puts `a` in `b`'s. Lists that gain nothing are left
    /// as merged.
    ///
    /// - Complexity: O(*n* + *m* log *m*), where *n* is the object count and
    ///   *m* the number of memberships added.
    mutating func symmetrizeSelfInverse(_ r: Relationship, of entity: Entity) {
        guard let destination = schema.entity(named: r.destination) else { return }
        var missingBack: [ObjectID: [String]] = [:]
        for (id, o) in result.objects where schema.isKind(o.entityIndex, of: entity.index) {
            guard let slot = schema.entities[o.entityIndex].storedSlot[r.name] else { continue }
            o.forEachReference(at: slot) { ref in
                let target = ObjectID(entity: destination.root, identity: ref)
                guard let t = result.objects[target], schema.isKind(t.entityIndex, of: destination.index),
                    let back = schema.entities[t.entityIndex].storedSlot[r.name]
                else { return }
                if !t.holds(id.identity, at: back) { missingBack[target, default: []].append(id.identity) }
            }
        }
        for (target, sources) in missingBack {
            guard let t = result.objects[target], let slot = schema.entities[t.entityIndex].storedSlot[r.name] else { continue }
            result.objects[target]?.setValue(StoredValue.sortedMembers(t.references(at: slot) + sources), at: slot)
        }
    }
}
