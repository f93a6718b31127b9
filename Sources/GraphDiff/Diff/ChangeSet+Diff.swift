import GraphDiffJSON

extension ChangeSet {
    /// The changes that turn `old` into `new`.
    ///
    /// Objects are matched by ``ObjectID``: each old object is looked for
    /// first at the new graph's row after the last match (two versions of a
    /// file list most objects in the same order), then by hashing; an
    /// object whose concrete entity changed is reported deleted and
    /// inserted. Properties
    /// compare by type (``AttributeType/valuesEqual(_:_:)``); to-one
    /// references by identity; many-to-many relationships as sets. Ordered
    /// to-many relationships compare as sequences of identities, never as
    /// prev/next fields: members inserted (after a neighbour), removed, and
    /// the fewest moves (the members off a longest increasing subsequence).
    /// Differences of the properties the schema's `diff.ignore` and
    /// `options.ignored` name are left out; with `options.only`, only what
    /// it selects is kept (``selecting(_:schema:)``).
    ///
    ///     let changes = try ChangeSet.diff(from: v1, to: v2)
    ///
    /// - Throws: ``DiffError`` when the schemas differ or `options.root` is
    ///   in neither graph.
    /// - Complexity: O(*n* + *m* + *s* log *s*) expected, where *n* and *m*
    ///   are the object counts and *s* the total length of the chains a
    ///   change touched (only those are walked); sorting the *c* changes adds
    ///   O(*c* log *c*). From 50,000 objects the
    ///   pass over the objects and the chain walks run on two cores.
    public static func diff(from old: Graph, to new: Graph, options: DiffOptions = DiffOptions()) throws -> ChangeSet {
        for g in [old, new] {
            let shape = g.shapeProblems()
            if !shape.isEmpty { throw GraphError(problems: shape) }
        }
        guard old.schema.fingerprint == new.schema.fingerprint else {
            throw DiffError.schemaMismatch(old: old.schema.fingerprint, new: new.schema.fingerprint)
        }
        let schema = new.schema
        var owned: Set<ObjectID>?
        if let root = options.root {
            guard old.objects[root] != nil || new.objects[root] != nil else { throw DiffError.unknownRoot(root) }
            owned = old.ownedObjects(from: root, include: options.include, exclude: options.exclude)
                .union(new.ownedObjects(from: root, include: options.include, exclude: options.exclude))
        }
        let scope = owned
        let skipped = schema.orderStorageSlots()
        // Slots whose differences do not count: what stores an order
        // (compared as sequences) and ignored attributes.
        let ignored = [schema.ignoredProperties, options.ignored]
        let unchanged = skipped.indices.map { e in ignored.reduce(skipped[e]) { $0.union($1.slots(of: e)) } }
        let ignoredMetadata = ignored.reduce(Set<ExactString>()) { $0.union($1.metadata) }
        let layouts = OrderedRelationship.all(in: schema)
        // Per entity: the index attributes it holds, with its owner link: a
        // member with an owner has its value compared as part of the order.
        let positionSlots = ChangeSet.positionSlots(schema, layouts)
        // Per entity and slot: whether a difference there never counts, or
        // the owner slot whose link makes it an index value (else -1).
        let skippedSlots = schema.entities.map { e in (0..<e.storedProperties.count).map { unchanged[e.index].contains($0) } }
        let positionOwners = schema.entities.map { e in
            (0..<e.storedProperties.count).map { slot in positionSlots[e.index].first { $0.index == slot }?.owner ?? -1 }
        }
        // Whether two versions of an object (same entity) differ in a slot
        // that counts: the common case, no such slot, costs no allocation.
        func differ(_ o: GraphObject, _ n: GraphObject) -> Bool {
            let skip = skippedSlots[o.entityIndex], owners = positionOwners[o.entityIndex]
            for slot in o.values.indices where slot < n.values.count && !skip[slot] && !o.values[slot].isIdentical(to: n.values[slot]) {
                let owner = owners[slot]
                if owner < 0 || n.values[owner].stringValue == nil { return true }
            }
            return o.values.count != n.values.count
        }
        func values(_ object: GraphObject) -> [PropertyValue] {
            let entity = schema.entities[object.entityIndex]
            return entity.storedProperties.enumerated().compactMap { slot, property in
                skipped[object.entityIndex].contains(slot) ? nil : PropertyValue(name: property.name, value: object.values[slot])
            }
        }
        func inserted(_ id: ObjectID, _ n: GraphObject) -> ObjectChange {
            ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .inserted, values: values(n), newOffset: n.sourceOffset)
        }
        func deleted(_ id: ObjectID, _ o: GraphObject) -> ObjectChange {
            ObjectChange(id: id, entity: schema.entities[o.entityIndex].name, kind: .deleted, values: values(o), oldOffset: o.sourceOffset)
        }
        // One pass over the old objects matches them, finds what changed,
        // and notes each chain's head and which orders a change touched;
        // only those orders are read and compared afterwards. The new
        // graph's object is looked for first at the row after the last one
        // found (two versions of a file list most objects in the same
        // order), and its row is marked: the unmarked rows are the inserted
        // objects, found with no lookup. On a large graph two passes share
        // the old rows on two cores, block by block.
        let oldStore = old.objects, newStore = new.objects
        let blocks = (oldStore.rowCount + Graph.scanBlockSize - 1) / Graph.scanBlockSize
        func scan(part: Int, of parts: Int) -> (objects: [ObjectChange], trackers: [OrderTracker], matched: [Bool]) {
            var objects: [ObjectChange] = []
            var trackers = layouts.map { OrderTracker(order: $0) }
            var matched = [Bool](repeating: false, count: newStore.rowCount)
            var cursor = 0
            for block in stride(from: part, to: blocks, by: parts) {
                for row in block * Graph.scanBlockSize..<min(oldStore.rowCount, (block + 1) * Graph.scanBlockSize) {
                    guard let o = oldStore.object(atRow: row) else { continue }
                    let id = oldStore.id(atRow: row)
                    let newRow = newStore.row(of: id, near: cursor)
                    let n = newRow.flatMap { newStore.object(atRow: $0) }
                    if let newRow {
                        matched[newRow] = true
                        cursor = newRow + 1
                    }
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
                    let changes = propertyChanges(o, n, entity: schema.entities[o.entityIndex], skipping: unchanged[o.entityIndex],
                                                  positions: positionSlots[o.entityIndex])
                    if !changes.isEmpty {
                        objects.append(ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .updated, changes: changes,
                                                    oldOffset: o.sourceOffset, newOffset: n.sourceOffset))
                    }
                }
            }
            return (objects, trackers, matched)
        }
        var objects: [ObjectChange]
        var trackers: [OrderTracker]
        var matched: [Bool]
        let parallel = max(old.count, new.count) >= Graph.parallelCheckThreshold
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
        for row in matched.indices where !matched[row] {
            guard let n = newStore.object(atRow: row) else { continue }
            let id = newStore.id(atRow: row)
            for t in trackers.indices { trackers[t].note(id, old: nil, new: n, at: oldStore.rowCount + row) }
            if scope?.contains(id) ?? true { objects.append(inserted(id, n)) }
        }
        let deletedOwners = Set(objects.lazy.filter { $0.kind == .deleted && new.objects[$0.id] == nil }.map(\.id))
        for t in trackers.indices { trackers[t].gatherHeads(of: deletedOwners) }
        // An owner deleted with a chain or an array records its order: the
        // members' deletes carry no prev/next links, the owner's values no
        // array, and the inverse patch needs the order to link them again.
        // (An index's order is in the members' values.)
        if !deletedOwners.isEmpty {
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
        objects.sort(by: ChangeSet.objectOrder)

        // On a large graph the touched orders of the old graph are read on
        // one core while those of the new graph are read on the other.
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

        var metadata: [MetadataChange] = []
        if options.root == nil {
            var keySet = Set<ExactString>()
            for key in old.metadata.keys + new.metadata.keys { keySet.insert(ExactString(key)) }
            let keys = keySet.sorted()
            for key in keys where !ignoredMetadata.contains(key) {
                let a = old.metadata[key.string], b = new.metadata[key.string]
                if a != b { metadata.append(MetadataChange(key: key.string, old: a, new: b)) }
            }
        }
        let changes = ChangeSet(schemaName: schema.name, schemaFingerprint: schema.fingerprint, objects: objects, sequences: sequences, metadata: metadata)
        return options.only.map { changes.selecting($0, schema: schema) } ?? changes
    }

    /// Entity name, then identity, then deleted before inserted before updated.
    static func objectOrder(_ a: ObjectChange, _ b: ObjectChange) -> Bool {
        let e = utf8Compare(a.entity, b.entity)
        if e != 0 { return e < 0 }
        let i = utf8Compare(a.id.identity, b.id.identity)
        if i != 0 { return i < 0 }
        func rank(_ kind: ObjectChange.Kind) -> Int {
            switch kind {
            case .deleted: return 0
            case .inserted: return 1
            case .updated: return 2
            }
        }
        return rank(a.kind) < rank(b.kind)
    }

    /// Per entity (by position): the slot of each index attribute of an
    /// ordering its objects can be members of, with the slot of the owner
    /// link.
    static func positionSlots(_ schema: Schema, _ layouts: [OrderedRelationship]) -> [[(index: Int, owner: Int)]] {
        schema.entities.map { e in
            layouts.compactMap { l in
                guard let index = l.indexSlots[e.index], let owner = l.ownerSlots[e.index] else { return nil }
                return (index, owner)
            }
        }
    }

    /// The members of an owner's new order (`after`, with their values;
    /// `positionInOld` gives each one's place in `before`) that the old
    /// graph has and whose index value changed (by the attribute's type).
    /// A member's old value is its value in the old order, else in the old
    /// graph (a member that came from another owner).
    ///
    /// - Complexity: O(*m*) expected for *m* members.
    static func positions(before: (ids: [String], values: [JSONValue]), after: (ids: [String], values: [JSONValue]),
                          positionInOld: [Int], _ layout: OrderedRelationship, old: Graph) -> [SequenceChange.Position] {
        let type = layout.indexType ?? .double
        var result: [SequenceChange.Position] = []
        for (j, (member, b)) in zip(after.ids, after.values).enumerated() {
            let a: JSONValue
            if j < positionInOld.count, positionInOld[j] >= 0, positionInOld[j] < before.values.count {
                a = before.values[positionInOld[j]]
            } else if let o = old.objects[ObjectID(entity: layout.memberRoot, identity: member)] {
                a = layout.position(of: o)
            } else {
                continue
            }
            if a.isIdentical(to: b) { continue }
            if !type.valuesEqual(a, b) && !(a.isNull && b.isNull) { result.append(.init(member: member, old: a, new: b)) }
        }
        return result
    }

    /// The properties of `o` and `n` (same entity) that differ, but for the
    /// slots in `skipping` and the index attributes of `positions` whose
    /// owner link is set in `n` (compared as part of that owner's order).
    static func propertyChanges(_ o: GraphObject, _ n: GraphObject, entity: Entity, skipping: Set<Int>,
                                positions: [(index: Int, owner: Int)] = []) -> [PropertyChange] {
        var changes: [PropertyChange] = []
        for (slot, property) in entity.storedProperties.enumerated() where !skipping.contains(slot) {
            if !positions.isEmpty, positions.contains(where: { $0.index == slot && n.values[$0.owner].stringValue != nil }) { continue }
            let a = o.values[slot], b = n.values[slot]
            switch property {
            case .attribute(let attribute):
                if !attribute.type.valuesEqual(a, b) {
                    changes.append(PropertyChange(property: attribute.name, kind: .attribute(old: a, new: b)))
                }
            case .relationship(let r):
                if r.storage == .manyToMany || r.storage == .orderedArray {
                    let before = Set((a.arrayValue ?? []).compactMap { $0.stringValue.map { ExactString($0) } })
                    let after = Set((b.arrayValue ?? []).compactMap { $0.stringValue.map { ExactString($0) } })
                    if before != after {
                        changes.append(PropertyChange(property: r.name, kind: .members(
                            added: after.subtracting(before).sorted().map { $0.string },
                            removed: before.subtracting(after).sorted().map { $0.string })))
                    }
                } else {
                    let x = a.stringValue, y = b.stringValue
                    let same = (x == nil && y == nil) || (x != nil && y != nil && utf8Equal(x ?? "", y ?? ""))
                    if !same { changes.append(PropertyChange(property: r.name, kind: .reference(old: x, new: y))) }
                }
            }
        }
        return changes
    }
}
