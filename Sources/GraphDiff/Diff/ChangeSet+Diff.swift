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
        try withDeepStack { try _diff(from: old, to: new, options: options) }
    }

    private static func _diff(from old: Graph, to new: Graph, options: DiffOptions) throws -> ChangeSet {
        // A graph as loaded (or checked since) has the shape its check found
        // right: only a graph built or edited since is looked at again.
        for g in [old, new] where !g.isKnownConsistent {
            let shape = g.shapeProblems()
            if !shape.isEmpty { throw GraphError(problems: shape) }
        }
        guard old.schema.fingerprint == new.schema.fingerprint else {
            throw DiffError.schemaMismatch(old: old.schema.fingerprint, new: new.schema.fingerprint)
        }
        var scope: Set<ObjectID>?
        if let root = options.root {
            guard old.objects[root] != nil || new.objects[root] != nil else { throw DiffError.unknownRoot(root) }
            scope = old.ownedObjects(from: root, include: options.include, exclude: options.exclude)
                .union(new.ownedObjects(from: root, include: options.include, exclude: options.exclude))
        }
        let differ = GraphDiffer(old: old, new: new, scope: scope, ignored: new.schema.ignoredProperties.adding(options.ignored))
        let (changed, trackers) = differ.objectChanges()
        /// Steps 2 and 3: the objects in order, and the changes of the touched orders.
        func readingOrders() -> (objects: [ObjectChange], sequences: [SequenceChange]) {
            var objects = changed, trackers = trackers
            differ.recordOrdersOfDeletedOwners(in: &objects, trackers: &trackers)
            objects.sort(by: ChangeSet.objectOrder)
            return (objects, differ.sequenceChanges(trackers))
        }
        let objects: [ObjectChange], sequences: [SequenceChange]
        if options.detectsRekeys {
            // With a root, the scope is found once the re-keys are known
            // (the root, or what it owns, may be re-keyed): from the whole
            // graphs. Without, on a large graph the re-keys are looked for
            // on one core while the orders are read on the other (and that
            // reading is dropped when there are re-keys, which are rare).
            let rekeys: [ObjectRekey]
            if scope == nil && differ.parallel {
                (rekeys, (objects, sequences)) = inParallel({ differ.rekeys(among: changed) }, readingOrders)
            } else {
                rekeys = scope == nil ? differ.rekeys(among: changed) : ObjectRekey.detect(from: old, to: new, ignored: options.ignored)
                (objects, sequences) = rekeys.isEmpty ? readingOrders() : ([], [])
            }
            if !rekeys.isEmpty { return try diff(from: old, to: new, rekeys: rekeys, options: options) }
        } else {
            (objects, sequences) = readingOrders()
        }
        let metadata = options.root == nil ? differ.metadataChanges() : []
        let schema = new.schema
        let changes = ChangeSet(schemaName: schema.name, schemaFingerprint: schema.fingerprint, objects: objects, sequences: sequences, metadata: metadata)
        return options.only.map { changes.selecting($0, schema: schema) } ?? changes
    }

    /// The changes that turn `old` into `new` given that `rekeys` were
    /// found: the re-keys, then the diff of `old` re-keyed with `new`.
    ///
    /// - Complexity: that of the diff, once more.
    static func diff(from old: Graph, to new: Graph, rekeys: [ObjectRekey], options: DiffOptions) throws -> ChangeSet {
        var newIdentities: [ObjectID: String] = [:]
        for r in rekeys { newIdentities[r.id] = r.newIdentity }
        var inner = options
        inner.detectsRekeys = false
        inner.only = nil
        if let root = options.root, let identity = newIdentities[root] { inner.root = ObjectID(entity: root.entity, identity: identity) }
        let renamed = old.rekeying(newIdentities)
        var changes = try diff(from: renamed, to: new, options: inner)
        changes.rekeys = rekeys
        if let root = inner.root {
            // Only the re-keys of what the root owns (in either graph).
            let scope = renamed.ownedObjects(from: root, include: options.include, exclude: options.exclude)
                .union(new.ownedObjects(from: root, include: options.include, exclude: options.exclude))
            changes.rekeys = rekeys.filter { scope.contains($0.newID) }
        }
        return options.only.map { changes.selecting($0, schema: new.schema) } ?? changes
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
            if !StoredValue.equal(a, b, as: type) { result.append(.init(member: member, old: a, new: b)) }
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
            if !positions.isEmpty, positions.contains(where: { $0.index == slot && n.reference(at: $0.owner) != nil }) { continue }
            let a = o.value(at: slot), b = n.value(at: slot)
            if StoredValue.equal(a, b, as: property) { continue }
            switch property {
            case .attribute(let attribute):
                changes.append(PropertyChange(property: attribute.name, kind: .attribute(old: a, new: b)))
            case .relationship(let r):
                if r.storage == .manyToMany || r.storage == .orderedArray {
                    let before = StoredValue.identities(a), after = StoredValue.identities(b)
                    changes.append(PropertyChange(property: r.name, kind: .members(
                        added: after.subtracting(before).sorted().map { $0.string },
                        removed: before.subtracting(after).sorted().map { $0.string })))
                } else {
                    changes.append(PropertyChange(property: r.name, kind: .reference(old: o.reference(at: slot), new: n.reference(at: slot))))
                }
            }
        }
        return changes
    }
}
