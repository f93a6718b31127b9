import GraphDiffJSON

// Objects: the base's rows (on two cores when many), then what only one
// side has; each object merged property by property.
extension GraphMerger {
    /// The base and theirs versions of an object with its ignored
    /// attributes set to mine's values (the base's when mine deleted it), so
    /// that differences there neither change the result nor conflict.
    func withoutIgnoredDifferences(_ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) -> (GraphObject?, GraphObject?) {
        guard let reference = m ?? b else { return (b, t) }
        let slots = reference.entityIndex < ignoredSlots.count ? ignoredSlots[reference.entityIndex] : []
        if slots.isEmpty { return (b, t) }
        func aligned(_ o: GraphObject?) -> GraphObject? {
            guard var o, o.entityIndex == reference.entityIndex else { return o }
            o.takeValues(in: slots, from: reference)
            return o
        }
        return (m == nil ? b : aligned(b), aligned(t))
    }

    mutating func mergeObjects() {
        // Every identity once: those of the base, then those only mine has,
        // then those only theirs has. The inputs list their objects in
        // mostly the same order (files are sorted by identity), so each
        // lookup follows a cursor and seldom needs the hash index; the rows
        // of mine and theirs that the base's objects meet are marked, so
        // the objects only they have are found without a lookup.
        let (bs, ms, ts) = (base.objects, mine.objects, theirs.objects)
        let capacity = max(base.count, mine.count, theirs.count)
        var (matchedMine, matchedTheirs) = splitsBaseRows
            ? mergeBaseRowsInParallel(capacity: capacity)
            : { result.objects.reserveUnindexedCapacity(capacity); return mergeBaseRows(0..<bs.rowCount) }()
        var inTheirs = 0
        for row in 0..<ms.rowCount where !matchedMine[row] {
            guard let m = ms.object(atRow: row) else { continue }
            let id = ms.id(atRow: row)
            let theirsRow = ts.row(of: id, near: inTheirs)
            if let theirsRow {
                matchedTheirs[theirsRow] = true
                inTheirs = theirsRow + 1
            }
            mergeOne(ms, row, nil, m, theirsRow.flatMap { ts.object(atRow: $0) })
        }
        for row in 0..<ts.rowCount where !matchedTheirs[row] {
            guard let t = ts.object(atRow: row) else { continue }
            mergeOne(ts, row, nil, nil, t)
        }
        // Each identity was added once: no duplicate to find.
        _ = result.objects.buildIndex()
    }

    /// ``mergeBaseRows(_:)`` over the base's rows, the first half on this
    /// core and the second on the other by a copy of this merger, whose
    /// findings are then added to this one's after the first half's: the
    /// same result, objects and conflicts in the same order, as one pass.
    ///
    /// - Complexity: O(*n*) expected for *n* objects, in two parts.
    mutating func mergeBaseRowsInParallel(capacity: Int) -> (mine: [Bool], theirs: [Bool]) {
        let rows = base.objects.rowCount, middle = rows / 2
        // Nothing is merged yet: the copy starts as empty as this merger,
        // and each reserves its own room (a shared buffer would be copied).
        let secondHalf = self
        let (first, (second, secondMatched)) = inParallel({ () -> (mine: [Bool], theirs: [Bool]) in
            self.result.objects.reserveUnindexedCapacity(capacity)
            return self.mergeBaseRows(0..<middle)
        }, {
            var merger = secondHalf
            merger.result.objects.reserveUnindexedCapacity(rows - middle)
            let matched = merger.mergeBaseRows(middle..<rows)
            return (merger, matched)
        })
        absorb(second)
        return (zip(first.mine, secondMatched.mine).map { $0 || $1 }, zip(first.theirs, secondMatched.theirs).map { $0 || $1 })
    }

    /// Adds to this merger what `later` found merging objects that come
    /// after all of this one's: every accumulator that merging one object
    /// writes (``mergeOne(_:_:_:_:_:)`` and what it calls).
    mutating func absorb(_ later: GraphMerger) {
        result.objects.appendUnindexed(rowsOf: later.result.objects)
        let before = conflicts.count
        conflictedObjects += later.conflictedObjects.map { o in
            ConflictedObject(id: o.id, conflicts: (o.conflicts.lowerBound + before)..<(o.conflicts.upperBound + before))
        }
        conflicts += later.conflicts
        changedIDs += later.changedIDs
        keptDeleted += later.keptDeleted
        deleteModified += later.deleteModified
        missing.formUnion(later.missing)
        keptByConflict.formUnion(later.keptByConflict)
        chosenByConflict.formUnion(later.chosenByConflict)
        conflictedReferences.formUnion(later.conflictedReferences)
        objectSides.merge(later.objectSides) { a, _ in a }
        referenceSides.merge(later.referenceSides) { a, _ in a }
        for c in orders.indices {
            dirtyOwners[c].formUnion(later.dirtyOwners[c])
            touchedMembers[c].formUnion(later.touchedMembers[c])
            chainSeeds[c] += later.chainSeeds[c]
            unseededOwners[c] = unseededOwners[c] || later.unseededOwners[c]
            lastDirtyOwner[c] = later.lastDirtyOwner[c] ?? lastDirtyOwner[c]
        }
    }

    /// Merges the objects at `rows` of the base with their versions in mine
    /// and theirs, and returns which rows of mine and of theirs they met.
    mutating func mergeBaseRows(_ rows: Range<Int>) -> (mine: [Bool], theirs: [Bool]) {
        let (bs, ms, ts) = (base.objects, mine.objects, theirs.objects)
        var matchedMine = [Bool](repeating: false, count: ms.rowCount), matchedTheirs = [Bool](repeating: false, count: ts.rowCount)
        var inMine = 0, inTheirs = 0
        // With no property ignored, an object both sides hold as the base
        // does (their values read as the base's, the same buffer) merges to
        // theirs' version, as ``mergeOne(_:_:_:_:_:)`` would find after
        // three copies (and their retains): no change, no order touched.
        let untouchedMerge = ignoredSlots.allSatisfy(\.isEmpty)
        for row in rows {
            guard bs.isLive(atRow: row) else { continue }
            let id = bs.id(atRow: row)
            let mineRow = ms.row(of: id, near: inMine), theirsRow = ts.row(of: id, near: inTheirs)
            if let mineRow { matchedMine[mineRow] = true; inMine = mineRow + 1 }
            if let theirsRow { matchedTheirs[theirsRow] = true; inTheirs = theirsRow + 1 }
            if untouchedMerge, let mineRow, let theirsRow,
                ms.sharesValues(atRow: mineRow, with: bs, atRow: row), ts.sharesValues(atRow: theirsRow, with: bs, atRow: row),
                let merged = ts.object(atRow: theirsRow) {
                append(merged, id: id, hash: bs.hash(atRow: row))
                continue
            }
            mergeOne(bs, row, bs.object(atRow: row), mineRow.flatMap { ms.object(atRow: $0) }, theirsRow.flatMap { ts.object(atRow: $0) })
        }
        return (matchedMine, matchedTheirs)
    }

    /// Merges the object found at `row` of `source` (whose hash of its
    /// identity the result reuses; the result is indexed once at the end).
    mutating func mergeOne(_ source: ObjectStore, _ row: Int, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) {
        let id = source.id(atRow: row)
        markChains(id, b, m, t)
        let (b, t) = withoutIgnoredDifferences(b, m, t)
        let before = conflicts.count
        defer { if conflicts.count != before { conflictedObjects.append(ConflictedObject(id: id, conflicts: before..<conflicts.count)) } }
        if let merged = mergeObject(id, b, m, t) {
            append(merged, id: id, hash: source.hash(atRow: row))
            if b != nil && (m == nil || t == nil) { keptDeleted.append(id) }
        } else {
            missing.insert(id)
        }
    }

    /// Adds a merged object to the result (unindexed; its offset in an
    /// input no longer holds).
    @inline(__always) mutating func append(_ merged: consuming GraphObject, id: ObjectID, hash: UInt64) {
        merged.sourceOffset = -1
        result.objects.appendUnindexed(merged, id: id, hash: hash)
    }

    /// Marks dirty the owners whose order `id`'s versions may change: a
    /// chain or index member's owners when its owner, prev and next (or
    /// value) differ among the versions given; an owner whose array
    /// differs. An absent object counts as different. `versions`: whether
    /// `b`, `m` and `t` are `id`'s versions in the base, mine and theirs (a
    /// member so marked is one of ``chainSeeds``); else its owners are
    /// ``unseededOwners``.
    mutating func markChains(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?, versions: Bool = true) {
        for c in orders.indices {
            let order = orders[c]
            let kept = order.isKeptOnMembers
            @inline(__always) func isMember(_ o: GraphObject) -> Bool { kept ? order.isMember(o) : order.arraySlots[o.entityIndex] != nil }
            @inline(__always) func holds(_ o: GraphObject?) -> Bool { o.map(isMember) ?? false }
            guard holds(b) || holds(m) || holds(t) else { continue }
            /// Whether `x` has another place than the base version `b`.
            func differs(_ x: GraphObject?) -> Bool {
                switch (x, b) {
                case (nil, nil): return false
                case (let x?, let b?): return (isMember(x) || isMember(b)) && !order.sameLinks(x, b)
                default: return true
                }
            }
            guard differs(m) || differs(t) else { continue }
            if kept {
                let (ob, om, ot) = (b.flatMap(order.owner(of:)), m.flatMap(order.owner(of:)), t.flatMap(order.owner(of:)))
                // Members of one owner mostly come together: the owner
                // marked last is not hashed again.
                for owner in [ob, om, ot] {
                    guard let owner, owner != lastDirtyOwner[c] else { continue }
                    dirtyOwners[c].insert(owner)
                    lastDirtyOwner[c] = owner
                }
                // A member whose owner is not one and the same in every
                // version (absent and unowned count) may leave an owner.
                if ob == nil || ob != om || ob != ot { touchedMembers[c].insert(id) }
                if versions { chainSeeds[c].append(id) } else { unseededOwners[c] = true }
            } else {
                dirtyOwners[c].insert(id)
            }
        }
    }

    /// The merged object, or `nil` when it is deleted.
    mutating func mergeObject(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) -> GraphObject? {
        let mChanged = !same(b, m), tChanged = !same(b, t)
        if mChanged || tChanged { changedIDs.append(id) }
        if !mChanged { return t }
        if !tChanged { return m }
        if same(m, t) { return m }
        // Both changed, differently.
        switch (b, m, t) {
        case (_?, nil, let changed?), (_?, let changed?, nil):
            // One side deleted the object, the other changed it (`changed`).
            let mineDeleted = m == nil
            let kept = changed
            let side = recordObjectConflict(.deleteModify, id, reference: kept, b, m, t)
            deleteModified.append(id)
            if !((side == .mine && mineDeleted) || (side == .theirs && !mineDeleted)) { keptByConflict.insert(id) }
            switch side {
            case .mine?: return m
            case .theirs?: return mineDeleted ? kept : nil
            case .base?, .union?, nil: return b
            }
        case (let b?, let m?, let t?) where m.entityIndex == b.entityIndex && t.entityIndex == b.entityIndex && !schema.entities[b.entityIndex].isAtomic:
            return mergeProperties(id, b, m, t)
        case (nil, let m?, let t?) where m.entityIndex == t.entityIndex && !schema.entities[m.entityIndex].isAtomic:
            return mergeProperties(id, nil, m, t)
        default:
            let kind: MergeConflict.Kind = b == nil ? .insertInsert : .atomicObject
            let side = recordObjectConflict(kind, id, reference: m ?? t ?? b, b, m, t)
            chosenByConflict.insert(id)
            switch side {
            case .mine?: return m
            case .theirs?: return t
            case .base?, .union?, nil: return b ?? m
            }
        }
    }

    /// Records a conflict over a whole object, settled; returns the side
    /// the merge acts for (`nil`: the base's version).
    mutating func recordObjectConflict(_ kind: MergeConflict.Kind, _ id: ObjectID, reference: GraphObject?, _ b: GraphObject?, _ m: GraphObject?,
                                       _ t: GraphObject?) -> MergeSide? {
        let name = (reference ?? b ?? m ?? t).map(entityName) ?? id.entity
        var c = MergeConflict(kind: kind, entity: name, identity: id.identity, path: path(name, id), base: document(b), mine: document(m), theirs: document(t))
        let side = decisions.settle(&c)
        conflicts.append(c)
        objectSides[id] = .some(c.resolvedBy)
        return side
    }

    /// Property by property; `b` is `nil` for an object both sides inserted.
    mutating func mergeProperties(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject, _ t: GraphObject) -> GraphObject {
        var merged = m
        let entity = schema.entities[m.entityIndex]
        for slot in mergedSlots[m.entityIndex] {
            let property = entity.storedProperties[slot]
            let bv = b?.value(at: slot), mv = m.value(at: slot), tv = t.value(at: slot)
            if case .relationship(let r) = property, r.storage == .manyToMany || r.storage == .orderedArray {
                // An ordered array that no side changed keeps its order;
                // one that changed is ordered by the order merge.
                if r.storage == .orderedArray, let bv, bv.isIdentical(to: mv), mv.isIdentical(to: tv) { continue }
                // Sets: base plus what either added, less what either removed.
                let bs = bv.map(StoredValue.identities) ?? []
                let ms = StoredValue.identities(mv), ts = StoredValue.identities(tv)
                let set = bs.union(ms.subtracting(bs)).union(ts.subtracting(bs)).subtracting(bs.subtracting(ms)).subtracting(bs.subtracting(ts))
                merged.setValue(StoredValue.list(set.sorted().map(\.string)), at: slot)
                continue
            }
            if StoredValue.equal(mv, tv, as: property) { continue }
            if let bv, StoredValue.equal(bv, mv, as: property) { merged.setValue(tv, at: slot); continue }
            if let bv, StoredValue.equal(bv, tv, as: property) { continue }
            if case .attribute(let a) = property, a.type == .json, let bv {
                // A JSON attribute merges structurally: edits in different
                // places of it are both kept.
                var options = JSONMerge.Options(decisions: decisions)
                let place = MergeConflict.AttributePlace(entity: entity.name, identity: id.identity, property: property.name,
                                                         path: path(entity.name, id, property.name))
                options.attribute = place
                let nested = JSONMerge.merge(base: bv, mine: mv, theirs: tv, options: options)
                merged.setValue(nested.value, at: slot)
                for c in nested.conflicts { conflicts.append(c.inAttribute(place)) }
                continue
            }
            var c = MergeConflict(kind: b == nil ? .insertInsert : .property, entity: entity.name, identity: id.identity,
                                  property: property.name, path: path(entity.name, id, property.name), base: bv, mine: mv, theirs: tv)
            let side = decisions.settle(&c)
            conflicts.append(c)
            if property.relationship != nil {
                conflictedReferences.insert(SlotOf(id: id, slot: slot))
                referenceSides[SlotOf(id: id, slot: slot)] = .some(c.resolvedBy)
            }
            switch side {
            case .mine?: break
            case .theirs?: merged.setValue(tv, at: slot)
            case .union?: merged.setValue(MergeDecisions.union(bv, mv, tv) ?? bv ?? mv, at: slot)
            case .base?, nil: merged.setValue(bv ?? mv, at: slot)
            }
        }
        return merged
    }
}
