import GraphDiffJSON

extension Graph {
    /// The graph with objects given new identities (re-keyed): the object
    /// `old` of each entry of `newIdentities` is stored under the identity
    /// the entry gives, and every reference to it (to-one references,
    /// many-to-many members, ordered arrays, chain links) names the new
    /// identity. Nothing else changes: values, metadata and where each
    /// object stood in its file (``GraphObject/sourceOffset``) are kept.
    ///
    /// A new identity is taken in its entity's canonical spelling (`02` is
    /// the int64 identity `2`, a UUID is lowercase). An entry whose object
    /// is missing, whose new identity is no identity of the entity's type,
    /// or whose new identity another object holds (one that is not re-keyed
    /// away itself), is left out: the result never merges two objects.
    ///
    ///     let renamed = graph.rekeying([graph.id(entity: "Task", identity: "a1"): "a9"])
    ///
    /// - Complexity: O(*n* + *k* log *k*) expected for *n* objects and *k*
    ///   entries: one pass over the references of the entities that can
    ///   name a re-keyed root (a many-to-many that lists one is sorted again).
    public func rekeying(_ newIdentities: [ObjectID: String]) -> Graph {
        let usable = applicableRekeys(newIdentities)
        guard !usable.isEmpty else { return self }
        var result = self
        var moved: [(ObjectID, GraphObject)] = []
        moved.reserveCapacity(usable.count)
        for (old, _) in usable.sorted(by: { $0.key < $1.key }) {
            if let object = result.objects.removeValue(forKey: old) { moved.append((old, object)) }
        }
        for (old, object) in moved {
            guard let identity = usable[old] else { continue }
            result.objects[ObjectID(entity: old.entity, identity: identity)] = object
        }
        let roots = Set(usable.keys.map(\.entity))
        let slots = Graph.referenceSlots(in: schema, naming: roots)
        guard slots.contains(where: { !$0.isEmpty }) else { return result }
        for row in 0..<result.objects.rowCount {
            guard let object = result.objects.object(atRow: row), !slots[object.entityIndex].isEmpty else { continue }
            var changed: [(Int, JSONValue)] = []
            for s in slots[object.entityIndex] {
                let value = object.value(at: s.slot)
                guard StoredValue.containsReference(in: value, where: { usable[ObjectID(entity: s.root, identity: $0)] != nil }) else { continue }
                changed.append((s.slot, StoredValue.rekeyingReferences(in: value, root: s.root, isSorted: s.isSorted, usable)))
            }
            guard !changed.isEmpty else { continue }
            result.objects.update(atRow: row) { o in
                for (slot, value) in changed { o.setValue(value, at: slot) }
            }
        }
        return result
    }

    /// The entries of `newIdentities` that can be applied together: the
    /// object exists, and its new identity is free once the others moved
    /// (held by no object, or by one re-keyed away), and no two entries
    /// give one identity.
    ///
    /// - Complexity: O(*k*) expected.
    func applicableRekeys(_ given: [ObjectID: String]) -> [ObjectID: String] {
        // New identities in their canonical spelling (`02` is the int64
        // identity `2`); one that is no identity of its entity's type is
        // left out.
        var newIdentities: [ObjectID: String] = [:]
        for (old, identity) in given {
            guard let entity = schema.entity(named: old.entity) else { continue }
            if entity.identityType == nil { newIdentities[old] = identity; continue }
            if case .success(let canonical) = entity.canonicalIdentity(identity) { newIdentities[old] = canonical }
        }
        var targets: [ObjectID: Int] = [:]
        for (old, identity) in newIdentities { targets[ObjectID(entity: old.entity, identity: identity), default: 0] += 1 }
        var usable: [ObjectID: String] = [:]
        for (old, identity) in newIdentities where objects[old] != nil {
            let target = ObjectID(entity: old.entity, identity: identity)
            guard targets[target] == 1, target != old else { continue }
            if objects[target] != nil && newIdentities[target] == nil { continue }
            usable[old] = identity
        }
        return usable
    }

    /// Per entity (by position): the stored relationship slots whose
    /// destination's root is one of `roots`, with that root and whether the
    /// value is a sorted many-to-many.
    static func referenceSlots(in schema: Schema, naming roots: Set<String>) -> [[(slot: Int, root: String, isSorted: Bool)]] {
        schema.entities.map { entity in
            entity.storedProperties.enumerated().compactMap { slot, property in
                guard let r = property.relationship, let root = schema.entity(named: r.destination)?.root, roots.contains(root) else { return nil }
                return (slot, root, r.storage == .manyToMany)
            }
        }
    }
}
