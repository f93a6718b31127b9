import GraphDiffJSON

extension GraphDiffer {
    /// The objects re-keyed between the two graphs: among the deleted and
    /// the inserted objects (not those whose entity changed), each pair of
    /// the same concrete entity whose values that count (all but orders,
    /// index values and ignored attributes) are the same, references
    /// included once the re-keys found are applied to them.
    ///
    /// 1. Each candidate gets a key: its entity and values, with a
    ///    reference to another candidate written as a placeholder (its
    ///    identity may change too). Keys are exact bytes (numbers as
    ///    written), so two values that are equal only by type (`1.0` and
    ///    `1`) make no re-key.
    /// 2. A key held by exactly one deleted and one inserted object makes a
    ///    pair; a key held by more on either side is ambiguous and makes
    ///    none, whatever the order of the files.
    /// 3. Each pair's references are checked with the pairs applied; a pair
    ///    that fails is dropped, and the pairs whose old object refers to
    ///    it are checked again (a work list), until none fails.
    ///
    /// - Returns: the re-keys by old identity, with offsets in both files.
    /// - Complexity: O(*c* + *r*) expected for *c* candidates holding *r*
    ///   references (but the size of their values).
    func rekeys(among objects: [ObjectChange]) -> [ObjectRekey] {
        var deletedIDs: [ObjectID] = [], insertedIDs: [ObjectID] = []
        var kinds: [ObjectID: Int] = [:]
        for c in objects where c.kind != .updated { kinds[c.id, default: 0] += 1 }
        for c in objects where kinds[c.id] == 1 {
            if c.kind == .deleted { deletedIDs.append(c.id) } else if c.kind == .inserted { insertedIDs.append(c.id) }
        }
        guard !deletedIDs.isEmpty && !insertedIDs.isEmpty else { return [] }
        let deletedSet = Set(deletedIDs), insertedSet = Set(insertedIDs)
        let slots = comparedSlots()

        // 1–2. Keys, and the pairs they make.
        var sides: [[UInt8]: (deleted: [Int], inserted: [Int])] = [:]
        for (k, id) in deletedIDs.enumerated() {
            guard let o = old.objects[id] else { continue }
            sides[rekeyKey(o, slots: slots[o.entityIndex], candidates: deletedSet), default: ([], [])].deleted.append(k)
        }
        for (k, id) in insertedIDs.enumerated() {
            guard let n = new.objects[id] else { continue }
            let key = rekeyKey(n, slots: slots[n.entityIndex], candidates: insertedSet)
            if sides[key] != nil { sides[key]?.inserted.append(k) }
        }
        var newIdentity: [ObjectID: String] = [:]
        var pairs: [(old: ObjectID, new: ObjectID)] = []
        for (_, side) in sides where side.deleted.count == 1 && side.inserted.count == 1 {
            let pair = (old: deletedIDs[side.deleted[0]], new: insertedIDs[side.inserted[0]])
            newIdentity[pair.old] = pair.new.identity
            pairs.append(pair)
        }
        guard !pairs.isEmpty else { return [] }
        pairs.sort { $0.old < $1.old }

        // 3. References checked with the pairs applied, to a fixed point.
        var pairOf: [ObjectID: Int] = [:]
        for (k, p) in pairs.enumerated() { pairOf[p.old] = k }
        var dependents: [Int: [Int]] = [:]
        for (k, p) in pairs.enumerated() {
            guard let o = old.objects[p.old] else { continue }
            for s in slots[o.entityIndex] where s.root != nil {
                o.forEachReference(at: s.slot) { identity in
                    if let target = pairOf[ObjectID(entity: s.root ?? "", identity: identity)] { dependents[target, default: []].append(k) }
                }
            }
        }
        var work = Array(pairs.indices.reversed())
        var dropped = [Bool](repeating: false, count: pairs.count)
        while let k = work.popLast() {
            guard !dropped[k], let o = old.objects[pairs[k].old], let n = new.objects[pairs[k].new] else { continue }
            if referencesAgree(o, n, slots: slots[o.entityIndex], newIdentity: newIdentity) { continue }
            dropped[k] = true
            newIdentity[pairs[k].old] = nil
            work.append(contentsOf: (dependents[k] ?? []).filter { !dropped[$0] })
        }
        return pairs.indices.compactMap { k in
            guard !dropped[k], let o = old.objects[pairs[k].old], let n = new.objects[pairs[k].new] else { return nil }
            return ObjectRekey(id: pairs[k].old, entity: schema.entities[o.entityIndex].name, newIdentity: pairs[k].new.identity,
                               oldOffset: o.sourceOffset, newOffset: n.sourceOffset)
        }
    }

    /// Per entity: the slots a re-key compares (all but orders, index
    /// values and ignored attributes), each with the root of its
    /// destination when it is a relationship and whether it is a sorted
    /// many-to-many.
    func comparedSlots() -> [[(slot: Int, root: String?, isSorted: Bool)]] {
        schema.entities.map { entity in
            let positions = Set(positionSlots[entity.index].map(\.index))
            return entity.storedProperties.enumerated().compactMap { slot, property in
                guard !skippedSlots[entity.index][slot], !positions.contains(slot) else { return nil }
                guard let r = property.relationship else { return (slot, nil, false) }
                return (slot, schema.entity(named: r.destination)?.root ?? r.destination, r.storage == .manyToMany)
            }
        }
    }

    /// The bytes that two objects of a re-key share: the entity and each
    /// compared value, a reference to one of `candidates` written as
    /// `true` (no reference is a boolean), a many-to-many's other members
    /// sorted.
    func rekeyKey(_ object: GraphObject, slots: [(slot: Int, root: String?, isSorted: Bool)], candidates: Set<ObjectID>) -> [UInt8] {
        var parts: [JSONValue] = [.string(schema.entities[object.entityIndex].name)]
        for s in slots {
            let value = object.value(at: s.slot)
            guard let root = s.root else {
                parts.append(value)
                continue
            }
            func placeholder(_ identity: String) -> JSONValue {
                candidates.contains(ObjectID(entity: root, identity: identity)) ? .bool(true) : .string(identity)
            }
            switch value {
            case .string(let identity):
                parts.append(placeholder(identity))
            case .array(let list) where s.isSorted:
                let mapped = list.map { $0.stringValue.map(placeholder) ?? $0 }
                parts.append(.array(mapped.filter { $0.stringValue != nil } + mapped.filter { $0.stringValue == nil }))
            case .array(let list):
                parts.append(.array(list.map { $0.stringValue.map(placeholder) ?? $0 }))
            default:
                parts.append(value)
            }
        }
        return JSONWriter.canonical(.array(parts))
    }

    /// Whether `old`'s references, with `newIdentity` applied, are `new`'s.
    func referencesAgree(_ old: GraphObject, _ new: GraphObject, slots: [(slot: Int, root: String?, isSorted: Bool)],
                         newIdentity: [ObjectID: String]) -> Bool {
        for s in slots {
            guard let root = s.root else { continue }
            let mapped = StoredValue.rekeyingReferences(in: old.value(at: s.slot), root: root, isSorted: s.isSorted, newIdentity)
            if !mapped.isIdentical(to: new.value(at: s.slot)) { return false }
        }
        return true
    }
}

extension ObjectRekey {
    /// The objects re-keyed from `old` to `new`, as ``ChangeSet/diff(from:to:options:)``
    /// finds them (see ``DiffOptions/detectsRekeys``), without the rest of
    /// the diff: the objects only one graph has are found by identity, and
    /// only those are compared. The attributes `ignored` names (besides the
    /// schema's `diff.ignore`) do not count.
    ///
    ///     ObjectRekey.detect(from: base, to: mine).map { "\($0.id) → \($0.newIdentity)" }   // ["Task:a1 → a9"]
    ///
    /// - Returns: the re-keys by old identity; none when the schemas differ.
    /// - Complexity: O(*n* + *m*) expected for *n* and *m* objects, plus the
    ///   candidates' values.
    public static func detect(from old: Graph, to new: Graph, ignored: IgnoredProperties = IgnoredProperties()) -> [ObjectRekey] {
        guard old.schema.fingerprint == new.schema.fingerprint else { return [] }
        let oldStore = old.objects, newStore = new.objects
        var matched = [Bool](repeating: false, count: newStore.rowCount)
        var changes: [ObjectChange] = []
        var cursor = 0
        for row in 0..<oldStore.rowCount {
            guard oldStore.object(atRow: row) != nil else { continue }
            let id = oldStore.id(atRow: row)
            // An object in both (of one entity or not) is no candidate.
            if let newRow = newStore.row(of: id, near: cursor) {
                matched[newRow] = true
                cursor = newRow + 1
                continue
            }
            changes.append(ObjectChange(id: id, entity: "", kind: .deleted))
        }
        guard !changes.isEmpty else { return [] }
        var inserted = false
        for row in matched.indices where !matched[row] && newStore.object(atRow: row) != nil {
            changes.append(ObjectChange(id: newStore.id(atRow: row), entity: "", kind: .inserted))
            inserted = true
        }
        guard inserted else { return [] }
        let differ = GraphDiffer(old: old, new: new, scope: nil, ignored: new.schema.ignoredProperties.adding(ignored))
        return differ.rekeys(among: changes)
    }
}
