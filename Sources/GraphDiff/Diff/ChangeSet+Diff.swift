import GraphJSON

extension ChangeSet {
    /// The changes that turn `old` into `new`.
    ///
    /// Objects are matched by ``ObjectID`` through hash maps; an object whose
    /// concrete entity changed is reported deleted and inserted. Properties
    /// compare by type (``AttributeType/valuesEqual(_:_:)``); to-one
    /// references by identity; many-to-many relationships as sets. Ordered
    /// to-many relationships compare as sequences of identities, never as
    /// prev/next fields: members inserted (after a neighbour), removed, and
    /// the fewest moves (``longestIncreasingSubsequence(_:)``).
    ///
    ///     let changes = try ChangeSet.diff(from: v1, to: v2)
    ///
    /// - Throws: ``DiffError`` when the schemas differ or `options.root` is
    ///   in neither graph.
    /// - Complexity: O(*n* + *m* + *s* log *s*), where *n* and *m* are the
    ///   object counts and *s* the length of the longest chain; sorting the
    ///   *c* changes adds O(*c* log *c*).
    public static func diff(from old: Graph, to new: Graph, options: DiffOptions = DiffOptions()) throws -> ChangeSet {
        guard old.schema.fingerprint == new.schema.fingerprint else {
            throw DiffError.schemaMismatch(old: old.schema.fingerprint, new: new.schema.fingerprint)
        }
        let schema = new.schema
        var scope: Set<ObjectID>?
        if let root = options.root {
            guard old.objects[root] != nil || new.objects[root] != nil else { throw DiffError.unknownRoot(root) }
            scope = old.ownedObjects(from: root, include: options.include, exclude: options.exclude)
                .union(new.ownedObjects(from: root, include: options.include, exclude: options.exclude))
        }
        let skipped = schema.chainLinkSlots()
        var objects: [ObjectChange] = []
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
        for (id, o) in old.objects where scope?.contains(id) ?? true {
            guard let n = new.objects[id] else {
                objects.append(deleted(id, o))
                continue
            }
            guard o.entityIndex == n.entityIndex else {
                objects.append(deleted(id, o))
                objects.append(inserted(id, n))
                continue
            }
            let changes = propertyChanges(o, n, entity: schema.entities[o.entityIndex], skipping: skipped[o.entityIndex])
            if !changes.isEmpty {
                objects.append(ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .updated, changes: changes,
                                            oldOffset: o.sourceOffset, newOffset: n.sourceOffset))
            }
        }
        for (id, n) in new.objects where old.objects[id] == nil && (scope?.contains(id) ?? true) {
            objects.append(inserted(id, n))
        }
        objects.sort(by: ChangeSet.objectOrder)

        var sequences: [SequenceChange] = []
        for (ownerEntity, relationship) in new.orderedRelationships {
            guard let links = relationship.ordered else { continue }
            let memberRoot = schema.entity(named: relationship.destination)?.root ?? relationship.destination
            let oldGroups = old.membersByOwner(through: relationship, sorted: false)
            let newGroups = new.membersByOwner(through: relationship, sorted: false)
            var owners = Set(newGroups.keys)
            for owner in oldGroups.keys where new.objects[owner] != nil { owners.insert(owner) }
            for owner in owners where scope?.contains(owner) ?? true {
                let before = old.walkChain(members: oldGroups[owner] ?? [], links: links).map(\.identity)
                let after = new.walkChain(members: newGroups[owner] ?? [], links: links).map(\.identity)
                guard !before.elementsEqual(after, by: utf8Equal) else { continue }
                let edits = SequenceChange.edits(from: before, to: after)
                let ownerName = new.objects[owner].map { new.entity(of: $0).name } ?? ownerEntity.name
                sequences.append(SequenceChange(owner: owner, ownerEntity: ownerName, relationship: relationship.name, memberRoot: memberRoot,
                                                inserted: edits.inserted, removed: edits.removed, moved: edits.moved,
                                                ownerOffset: new.objects[owner]?.sourceOffset ?? -1))
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
            for key in keys {
                let a = old.metadata[key.string], b = new.metadata[key.string]
                if a != b { metadata.append(MetadataChange(key: key.string, old: a, new: b)) }
            }
        }
        return ChangeSet(schemaName: schema.name, schemaFingerprint: schema.fingerprint, objects: objects, sequences: sequences, metadata: metadata)
    }

    /// Entity name, then identity, then deleted before inserted before updated.
    static func objectOrder(_ a: ObjectChange, _ b: ObjectChange) -> Bool {
        let e = utf8Compare(a.entity, b.entity)
        if e != 0 { return e < 0 }
        let i = utf8Compare(a.id.identity, b.id.identity)
        if i != 0 { return i < 0 }
        let rank: [ObjectChange.Kind: Int] = [.deleted: 0, .inserted: 1, .updated: 2]
        return rank[a.kind, default: 0] < rank[b.kind, default: 0]
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
