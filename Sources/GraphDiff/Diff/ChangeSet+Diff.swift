
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
    /// `options.ignored` name are left out.
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
        let skipped = schema.chainLinkSlots()
        // Slots whose differences do not count: chain links (compared as
        // sequences) and ignored attributes.
        let ignored = [schema.ignoredProperties, options.ignored]
        let unchanged = skipped.indices.map { e in ignored.reduce(skipped[e]) { $0.union($1.slots(of: e)) } }
        let ignoredMetadata = ignored.reduce(Set<ExactString>()) { $0.union($1.metadata) }
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
        // and notes each chain's head and which chains a change touched;
        // only those chains are walked and compared afterwards. The new
        // graph's object is looked for first at the row after the last one
        // found (two versions of a file list most objects in the same
        // order), and its row is marked: the unmarked rows are the inserted
        // objects, found with no lookup. On a large graph two passes share
        // the old rows on two cores, block by block.
        let layouts = ChainLayout.all(in: schema)
        let oldStore = old.objects, newStore = new.objects
        let blocks = (oldStore.rowCount + Graph.scanBlockSize - 1) / Graph.scanBlockSize
        func scan(part: Int, of parts: Int) -> (objects: [ObjectChange], chains: [ChainTracker], matched: [Bool]) {
            var objects: [ObjectChange] = []
            var chains = layouts.map { ChainTracker(chain: $0) }
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
                    for c in chains.indices { chains[c].note(id, old: o, new: n, at: row) }
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
                    if o.values.elementsEqual(n.values, by: { $0.isIdentical(to: $1) }) { continue }
                    let changes = propertyChanges(o, n, entity: schema.entities[o.entityIndex], skipping: unchanged[o.entityIndex])
                    if !changes.isEmpty {
                        objects.append(ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .updated, changes: changes,
                                                    oldOffset: o.sourceOffset, newOffset: n.sourceOffset))
                    }
                }
            }
            return (objects, chains, matched)
        }
        var objects: [ObjectChange]
        var chains: [ChainTracker]
        var matched: [Bool]
        if max(old.count, new.count) >= Graph.parallelCheckThreshold {
            let (first, second) = inParallel({ scan(part: 0, of: 2) }, { scan(part: 1, of: 2) })
            objects = first.objects + second.objects
            chains = first.chains
            for c in chains.indices { chains[c].merge(second.chains[c]) }
            matched = first.matched
            for row in matched.indices where second.matched[row] { matched[row] = true }
        } else {
            (objects, chains, matched) = scan(part: 0, of: 1)
        }
        for row in matched.indices where !matched[row] {
            guard let n = newStore.object(atRow: row) else { continue }
            let id = newStore.id(atRow: row)
            for c in chains.indices { chains[c].note(id, old: nil, new: n, at: oldStore.rowCount + row) }
            if scope?.contains(id) ?? true { objects.append(inserted(id, n)) }
        }
        let deletedIDs = Set(objects.lazy.filter { $0.kind == .deleted }.map(\.id))
        for c in chains.indices { chains[c].gatherHeads(of: deletedIDs) }
        // An owner deleted with its chains records their order: the
        // members' deletes carry no prev/next links, and the inverse patch
        // needs the order to link them again.
        for k in objects.indices where objects[k].kind == .deleted && new.objects[objects[k].id] == nil {
            let id = objects[k].id
            objects[k].chains = chains.compactMap { tracker in
                tracker.oldHeads[id].map { ChainMembers(relationship: tracker.chain.relationship.name,
                                                         members: old.chainOrder(from: $0.id, nextSlots: tracker.chain.nextSlots)) }
            }.sorted { utf8Less($0.relationship, $1.relationship) }
        }
        objects.sort(by: ChangeSet.objectOrder)

        // On a large graph the touched chains of the old graph are walked on
        // one core while those of the new graph are walked on the other.
        let touched = chains.flatMap { tracker in
            tracker.touched.filter { new.objects[$0] != nil && (scope?.contains($0) ?? true) }.map { (tracker: tracker, owner: $0) }
        }
        func walks(_ graph: Graph, _ heads: KeyPath<ChainTracker, [ObjectID: ChainTracker.Head]>) -> [[String]] {
            touched.map { t in t.tracker[keyPath: heads][t.owner].map { graph.chainOrder(from: $0.id, nextSlots: t.tracker.chain.nextSlots) } ?? [] }
        }
        let (befores, afters) = max(old.count, new.count) >= Graph.parallelCheckThreshold && !touched.isEmpty
            ? inParallel({ walks(old, \.oldHeads) }, { walks(new, \.newHeads) }) : (walks(old, \.oldHeads), walks(new, \.newHeads))
        var sequences: [SequenceChange] = []
        for (k, (tracker, owner)) in touched.enumerated() {
            let chain = tracker.chain
            let before = befores[k], after = afters[k]
            guard !before.elementsEqual(after, by: utf8Equal) else { continue }
            let edits = SequenceChange.edits(from: before, to: after)
            let ownerName = new.objects[owner].map { new.entity(of: $0).name } ?? chain.ownerEntityName
            sequences.append(SequenceChange(owner: owner, ownerEntity: ownerName, relationship: chain.relationship.name, memberRoot: chain.memberRoot,
                                            inserted: edits.inserted, removed: edits.removed, moved: edits.moved,
                                            ownerOffset: new.objects[owner]?.sourceOffset ?? -1))
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
        return ChangeSet(schemaName: schema.name, schemaFingerprint: schema.fingerprint, objects: objects, sequences: sequences, metadata: metadata)
    }

    /// What the diff's pass over the objects learns about the chains of one
    /// ordered relationship: the head of each owner's chain in both graphs,
    /// and the owners whose chain a member's change may have touched (a
    /// member inserted, deleted, or with another owner, prev or next).
    ///
    /// A chain none of whose members changed needs no walk. A chain that did
    /// change has a changed member in each graph where it is not empty (a
    /// member that joins or leaves changes its neighbours' links), so
    /// noting the old owner and the new owner of every changed member finds
    /// every changed chain.
    struct ChainTracker {
        let chain: ChainLayout
        /// A head, and the position in the pass where it was noted: when a
        /// broken chain has two, the one noted last stands, however the
        /// pass was split.
        struct Head {
            var id: ObjectID
            var position: Int
        }
        /// Each head noted, with its owner, in no particular order: the
        /// pass only appends (most chains are not touched).
        var oldHeadList: [(owner: ObjectID, head: Head)] = []
        var newHeadList: [(owner: ObjectID, head: Head)] = []
        /// The heads of the owners asked for, by owner (see ``gatherHeads(of:)``).
        var oldHeads: [ObjectID: Head] = [:]
        var newHeads: [ObjectID: Head] = [:]
        var touched = Set<ObjectID>()

        /// Notes the object `id` as it is in the old graph and in the new,
        /// at `position` in the pass.
        mutating func note(_ id: ObjectID, old: GraphObject?, new: GraphObject?, at position: Int) {
            if let o = old, let n = new, chain.sameLinks(o, n) {
                // Links unchanged (most members): only a head needs noting,
                // with the same owner in both graphs.
                guard chain.isMember(o), chain.link(o, chain.prevSlots) == nil, let owner = chain.owner(of: o) else { return }
                oldHeadList.append((owner, Head(id: id, position: position)))
                newHeadList.append((owner, Head(id: id, position: position)))
                return
            }
            let oldOwner = old.flatMap(chain.owner(of:)), newOwner = new.flatMap(chain.owner(of:))
            guard oldOwner != nil || newOwner != nil else { return }
            if let o = old, let owner = oldOwner, chain.link(o, chain.prevSlots) == nil { oldHeadList.append((owner, Head(id: id, position: position))) }
            if let n = new, let owner = newOwner, chain.link(n, chain.prevSlots) == nil { newHeadList.append((owner, Head(id: id, position: position))) }
            if let oldOwner { touched.insert(oldOwner) }
            if let newOwner { touched.insert(newOwner) }
        }

        /// Adds what `other` noted over other objects of the same pass.
        mutating func merge(_ other: ChainTracker) {
            oldHeadList += other.oldHeadList
            newHeadList += other.newHeadList
            touched.formUnion(other.touched)
        }

        /// Fills ``oldHeads`` and ``newHeads`` for the touched owners and
        /// those in `others`.
        ///
        /// - Complexity: O(*h*) expected for *h* heads noted.
        mutating func gatherHeads(of others: Set<ObjectID>) {
            func gather(_ list: [(owner: ObjectID, head: Head)]) -> [ObjectID: Head] {
                var heads: [ObjectID: Head] = [:]
                for (owner, head) in list where touched.contains(owner) || others.contains(owner) {
                    if let known = heads[owner], known.position > head.position { continue }
                    heads[owner] = head
                }
                return heads
            }
            oldHeads = gather(oldHeadList)
            newHeads = gather(newHeadList)
        }
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

    /// The properties of `o` and `n` (same entity) that differ.
    static func propertyChanges(_ o: GraphObject, _ n: GraphObject, entity: Entity, skipping: Set<Int>) -> [PropertyChange] {
        var changes: [PropertyChange] = []
        for (slot, property) in entity.storedProperties.enumerated() where !skipping.contains(slot) {
            let a = o.values[slot], b = n.values[slot]
            switch property {
            case .attribute(let attribute):
                if !attribute.type.valuesEqual(a, b) {
                    changes.append(PropertyChange(property: attribute.name, kind: .attribute(old: a, new: b)))
                }
            case .relationship(let r):
                if r.storage == .manyToMany {
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
