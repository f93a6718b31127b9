import GraphDiffJSON

/// The steps of ``ChangeSet/diff(from:to:options:)``, over what they share:
/// the two graphs, the scope, and per entity which slots count.
///
/// 1. ``objectChanges()``: one pass over the old objects matches them,
///    finds what changed, and notes each order's heads and which orders a
///    change touched (``OrderTracker``); the unmatched new rows are the
///    inserted objects.
/// 2. ``recordOrdersOfDeletedOwners(in:trackers:)``: an owner deleted with a
///    chain or an array keeps its order for the inverse patch.
/// 3. ``sequenceChanges(_:)``: only the touched orders are read and compared.
/// 4. ``metadataChanges()``.
struct GraphDiffer {
    let old: Graph, new: Graph
    let schema: Schema
    /// The objects the diff is about (`--root`); `nil`: all.
    let scope: Set<ObjectID>?
    let layouts: [OrderedRelationship]
    /// Per entity: the slots that store an order (compared as sequences).
    let orderSlots: [Set<Int>]
    /// Per entity: the slots whose differences do not count (orders and
    /// ignored attributes).
    let unchanged: [Set<Int>]
    let ignoredMetadata: Set<ExactString>
    /// Per entity: the index attributes it holds, with its owner link: a
    /// member with an owner has its value compared as part of the order.
    let positionSlots: [[(index: Int, owner: Int)]]
    /// Per entity and slot: whether a difference there never counts.
    let skippedSlots: [[Bool]]
    /// Per entity and slot: the owner slot whose link makes it an index
    /// value, else -1.
    let positionOwners: [[Int]]
    /// Whether the passes run on two cores.
    let parallel: Bool

    init(old: Graph, new: Graph, scope: Set<ObjectID>?, ignored: IgnoredProperties) {
        self.old = old
        self.new = new
        self.scope = scope
        schema = new.schema
        let schema = new.schema
        let layouts = OrderedRelationship.all(in: schema)
        self.layouts = layouts
        let orderSlots = new.schema.orderStorageSlots()
        self.orderSlots = orderSlots
        let unchanged = orderSlots.indices.map { orderSlots[$0].union(ignored.slots(of: $0)) }
        self.unchanged = unchanged
        ignoredMetadata = ignored.metadata
        let positionSlots = ChangeSet.positionSlots(schema, layouts)
        self.positionSlots = positionSlots
        skippedSlots = schema.entities.map { e in (0..<e.storedProperties.count).map { unchanged[e.index].contains($0) } }
        positionOwners = schema.entities.map { e in
            (0..<e.storedProperties.count).map { slot in positionSlots[e.index].first { $0.index == slot }?.owner ?? -1 }
        }
        parallel = max(old.count, new.count) >= TwoCores.minimumObjects
    }

    // MARK: Objects

    /// Whether two versions of an object (same entity) differ in a slot
    /// that counts: the common case, no such slot, costs no allocation.
    func differ(_ o: GraphObject, _ n: GraphObject) -> Bool {
        // Values shared (read from the same text): nothing to compare.
        if o.sharesValues(with: n) { return false }
        let skip = skippedSlots[o.entityIndex], owners = positionOwners[o.entityIndex]
        let count = o.slotCount
        for slot in 0..<min(count, n.slotCount) where !skip[slot] && !o.hasIdenticalValue(at: slot, as: n) {
            let owner = owners[slot]
            if owner < 0 || n.reference(at: owner) == nil { return true }
        }
        return count != n.slotCount
    }

    /// The stored values of `object` that a change lists (not orders).
    func values(_ object: GraphObject) -> [PropertyValue] {
        let entity = schema.entities[object.entityIndex]
        return entity.storedProperties.enumerated().compactMap { slot, property in
            orderSlots[object.entityIndex].contains(slot) ? nil : PropertyValue(name: property.name, value: object.value(at: slot))
        }
    }

    func inserted(_ id: ObjectID, _ n: GraphObject) -> ObjectChange {
        ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .inserted, values: values(n), newOffset: n.sourceOffset)
    }

    func deleted(_ id: ObjectID, _ o: GraphObject) -> ObjectChange {
        ObjectChange(id: id, entity: schema.entities[o.entityIndex].name, kind: .deleted, values: values(o), oldOffset: o.sourceOffset)
    }

    /// The object changes, unsorted, and the order trackers that saw every
    /// object of both graphs.
    ///
    /// The new graph's object is looked for first at the row after the last
    /// one found (two versions of a file list most objects in the same
    /// order), and its row is marked: the unmarked rows are the inserted
    /// objects, found with no lookup. On a large graph two passes share the
    /// old rows on two cores, block by block.
    ///
    /// - Complexity: O(*n* + *m*) expected.
    func objectChanges() -> (objects: [ObjectChange], trackers: [OrderTracker]) {
        var objects: [ObjectChange]
        var trackers: [OrderTracker]
        var matched: [Bool]
        if parallel {
            let (first, second) = inParallel({ scan(part: 0, of: 2) }, { scan(part: 1, of: 2) })
            objects = first.objects + second.objects
            trackers = first.trackers
            for t in trackers.indices { trackers[t].merge(second.trackers[t]) }
            matched = first.matched
            for row in matched.indices where second.matched[row] { matched[row] = true }
        } else {
            (objects, trackers, matched) = scan(part: 0, of: 1)
        }
        let oldStore = old.objects, newStore = new.objects
        for row in matched.indices where !matched[row] {
            guard let n = newStore.object(atRow: row) else { continue }
            let id = newStore.id(atRow: row)
            for t in trackers.indices { trackers[t].note(id, old: nil, new: n, at: oldStore.rowCount + row) }
            if scope?.contains(id) ?? true { objects.append(inserted(id, n)) }
        }
        return (objects, trackers)
    }

    /// One part of the pass over the old rows: the blocks `part`,
    /// `part + parts`, … of ``TwoCores/blockSize`` rows.
    func scan(part: Int, of parts: Int) -> (objects: [ObjectChange], trackers: [OrderTracker], matched: [Bool]) {
        let oldStore = old.objects, newStore = new.objects
        let blocks = (oldStore.rowCount + TwoCores.blockSize - 1) / TwoCores.blockSize
        var objects: [ObjectChange] = []
        // Layouts of this part's own (the same as ``layouts``): the pass
        // retains them for every object, and a count of references written
        // from both cores would bounce between them.
        var trackers = OrderedRelationship.all(in: schema).map { OrderTracker(order: $0) }
        var matched = [Bool](repeating: false, count: newStore.rowCount)
        var cursor = 0
        for block in stride(from: part, to: blocks, by: parts) {
            for row in block * TwoCores.blockSize..<min(oldStore.rowCount, (block + 1) * TwoCores.blockSize) where oldStore.isLive(atRow: row) {
                let id = oldStore.id(atRow: row)
                let newRow = newStore.row(of: id, near: cursor)
                if let newRow {
                    matched[newRow] = true
                    cursor = newRow + 1
                }
                // Unchanged (the same run of values): read in place, no
                // copy of either version (and no retain of their values).
                if let newRow, newStore.sharesValues(atRow: newRow, with: oldStore, atRow: row) {
                    for t in trackers.indices { trackers[t].noteUnchanged(id, atRow: row, in: oldStore) }
                    continue
                }
                guard let o = oldStore.object(atRow: row) else { continue }
                let n = newRow.flatMap { newStore.object(atRow: $0) }
                for t in trackers.indices { trackers[t].note(id, old: o, new: n, at: row) }
                guard scope?.contains(id) ?? true else { continue }
                guard let n else {
                    objects.append(deleted(id, o))
                    continue
                }
                guard o.entityIndex == n.entityIndex else {
                    objects.append(deleted(id, o))
                    objects.append(inserted(id, n))
                    continue
                }
                if !differ(o, n) { continue }
                let changes = ChangeSet.propertyChanges(o, n, entity: schema.entities[o.entityIndex], skipping: unchanged[o.entityIndex],
                                                        positions: positionSlots[o.entityIndex])
                if !changes.isEmpty {
                    objects.append(ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .updated, changes: changes,
                                                oldOffset: o.sourceOffset, newOffset: n.sourceOffset))
                }
            }
        }
        return (objects, trackers, matched)
    }

    /// Gives each deleted owner of a chain or an array its order: the
    /// members' deletes carry no prev/next links, the owner's values no
    /// array, and the inverse patch needs the order to link them again. (An
    /// index's order is in the members' values.)
    ///
    /// - Complexity: O(*d* log *d*) for *d* deleted owners, plus their orders.
    func recordOrdersOfDeletedOwners(in objects: inout [ObjectChange], trackers: inout [OrderTracker]) {
        let deletedOwners = Set(objects.lazy.filter { $0.kind == .deleted && new.objects[$0.id] == nil }.map(\.id))
        for t in trackers.indices { trackers[t].gatherHeads(of: deletedOwners) }
        guard !deletedOwners.isEmpty else { return }
        let sortedOwners = deletedOwners.sorted()
        var chainsByOwner: [ObjectID: [ChainMembers]] = [:]
        for tracker in trackers where !tracker.order.ordering.isIndex {
            let owners = sortedOwners.filter { old.objects[$0].map { tracker.order.isOwner($0) } ?? false }
            for (owner, members) in zip(owners, tracker.orders(of: owners, in: old, heads: \.oldHeads)) where !members.isEmpty {
                chainsByOwner[owner, default: []].append(ChainMembers(relationship: tracker.order.relationship.name, members: members))
            }
        }
        for k in objects.indices where objects[k].kind == .deleted {
            guard let chains = chainsByOwner[objects[k].id], new.objects[objects[k].id] == nil else { continue }
            objects[k].chains = chains.sorted { utf8Less($0.relationship, $1.relationship) }
        }
    }

    // MARK: Orders and metadata

    /// The order changes of the orders a change touched, sorted by owner
    /// and relationship. On a large graph the touched orders of the old
    /// graph are read on one core while those of the new graph are read on
    /// the other.
    ///
    /// - Complexity: O(*s* log *s*) in the total length *s* of the touched orders.
    func sequenceChanges(_ trackers: [OrderTracker]) -> [SequenceChange] {
        var sequences: [SequenceChange] = []
        for tracker in trackers {
            let touched = tracker.touched.filter { new.objects[$0] != nil && (scope?.contains($0) ?? true) }.sorted()
            guard !touched.isEmpty else { continue }
            let (befores, afters) = parallel
                ? inParallel({ tracker.positionedOrders(of: touched, in: old, heads: \.oldHeads) },
                             { tracker.positionedOrders(of: touched, in: new, heads: \.newHeads) })
                : (tracker.positionedOrders(of: touched, in: old, heads: \.oldHeads), tracker.positionedOrders(of: touched, in: new, heads: \.newHeads))
            let layout = tracker.order
            for (k, owner) in touched.enumerated() {
                let before = befores[k].ids, after = afters[k].ids
                let sameOrder = before.elementsEqual(after, by: utf8Equal)
                if sameOrder && !layout.ordering.isIndex { continue }
                let positionInOld = sameOrder ? Array(before.indices) : SequenceChange.positionsInOld(of: after, in: before)
                let positions = layout.ordering.isIndex
                    ? ChangeSet.positions(before: befores[k], after: afters[k], positionInOld: positionInOld, layout, old: old) : []
                if sameOrder && positions.isEmpty { continue }
                let edits = sameOrder ? (inserted: [], removed: [], moved: []) : SequenceChange.edits(from: before, to: after, positionInOld: positionInOld)
                let ownerName = new.objects[owner].map { new.entity(of: $0).name } ?? layout.ownerEntityName
                sequences.append(SequenceChange(owner: owner, ownerEntity: ownerName, relationship: layout.relationship.name,
                                                memberRoot: layout.memberRoot, inserted: edits.inserted, removed: edits.removed,
                                                moved: edits.moved, positions: positions, ownerOffset: new.objects[owner]?.sourceOffset ?? -1))
            }
        }
        sequences.sort { a, b in
            if a.owner != b.owner { return a.owner < b.owner }
            return utf8Less(a.relationship, b.relationship)
        }
        return sequences
    }

    /// The metadata members that differ, by key, but for the ignored ones.
    ///
    /// - Complexity: O(*k* log *k*) for *k* keys.
    func metadataChanges() -> [MetadataChange] {
        var keySet = Set<ExactString>()
        for key in old.metadata.keys + new.metadata.keys { keySet.insert(ExactString(key)) }
        return keySet.sorted().compactMap { key in
            guard !ignoredMetadata.contains(key) else { return nil }
            let a = old.metadata[key.string], b = new.metadata[key.string]
            return a != b ? MetadataChange(key: key.string, old: a, new: b) : nil
        }
    }
}
