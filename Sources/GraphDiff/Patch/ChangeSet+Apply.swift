import GraphJSON

extension ChangeSet {
    /// Applies the change set to `target`, checking every old value first.
    ///
    /// Each change is *pending* (the target has its old value), *present*
    /// (the target has its new value already) or a *mismatch*. With any
    /// mismatch the patch is rejected whole and nothing is applied, unless
    /// `force` is set: then the pending changes are applied and the
    /// mismatches reported. When every change is present the target comes
    /// back unchanged (``PatchOutcome/wasAlreadyApplied``).
    ///
    /// Applying keeps the graph consistent: objects are deleted and inserted,
    /// properties set, and the prev/next links of every chain touched are
    /// rewritten from its new order. The result must pass
    /// ``Graph/consistencyProblems()`` (no dangling reference, inverses
    /// agreeing, chains whole), else the patch is rejected.
    ///
    ///     let b2 = try changes.apply(to: a).graph   // == b when changes = diff(a, b)
    ///
    /// - Throws: ``PatchError/SchemaMismatch`` (unless `force`),
    ///   ``PatchError/Rejected``, ``PatchError/Inconsistent``.
    /// - Complexity: O(*c* + *n*) expected, where *c* is the number of changes
    ///   and *n* the number of objects (the final consistency check).
    public func apply(to target: Graph, force: Bool = false) throws -> PatchOutcome {
        if schemaFingerprint != target.schema.fingerprint && !force {
            throw PatchError.SchemaMismatch(patch: schemaFingerprint, target: target.schema.fingerprint)
        }
        var plan = PatchPlan(target: target)
        for (i, change) in objects.enumerated() { plan.classify(change, index: i) }
        for (i, s) in sequences.enumerated() { plan.classify(s, index: objects.count + i) }
        for (i, m) in metadata.enumerated() { plan.classify(m, index: objects.count + sequences.count + i) }
        if !plan.mismatches.isEmpty && !force { throw PatchError.Rejected(mismatches: plan.mismatches) }
        if plan.pendingCount == 0 {
            return PatchOutcome(graph: target, applied: 0, alreadyPresent: plan.presentCount, skipped: plan.mismatches)
        }
        var graph = try plan.execute()
        let problems = graph.consistencyProblems()
        if !problems.isEmpty { throw PatchError.Inconsistent(problems: problems) }
        graph.schemaReference = target.schemaReference
        return PatchOutcome(graph: graph, applied: plan.pendingCount, alreadyPresent: plan.presentCount, skipped: plan.mismatches)
    }
}

/// The changes of a patch sorted into what to do, checked against the target.
struct PatchPlan {
    let target: Graph
    var schema: Schema { target.schema }
    var mismatches: [PatchMismatch] = []
    var pendingCount = 0
    var presentCount = 0
    var deletes: [ObjectID] = []
    var inserts: [(ObjectID, Entity, [PropertyValue])] = []
    var updates: [(ObjectID, String, JSONValue)] = []
    var orders: [(owner: ObjectID, relationship: Relationship, change: SequenceChange)] = []
    var metadata: [(String, JSONValue?)] = []
    /// Owner indexes of the target, one per ordered relationship, built on first use.
    var memberIndexes: [Relationship: [ObjectID: [ObjectID]]] = [:]

    init(target: Graph) { self.target = target }

    /// The target's chain order of `owner` through `relationship`.
    ///
    /// - Complexity: O(*n*) for the first owner of a relationship, O(*m*) after.
    mutating func targetOrder(of owner: ObjectID, through relationship: Relationship, links: ChainLinks) -> [ObjectID] {
        if memberIndexes[relationship] == nil { memberIndexes[relationship] = target.membersByOwner(through: relationship, sorted: false) }
        return target.chain(members: memberIndexes[relationship]?[owner] ?? [], links: links)
    }

    enum Verdict { case pending, present, mismatch }

    mutating func mismatch(_ index: Int, _ subject: String, _ reason: String, expected: JSONValue? = nil, found: JSONValue? = nil) {
        mismatches.append(PatchMismatch(change: index, subject: subject, expected: expected, found: found, reason: reason))
    }

    mutating func count(_ verdict: Verdict) {
        switch verdict {
        case .pending: pendingCount += 1
        case .present: presentCount += 1
        case .mismatch: break
        }
    }

    /// Whether two values of `property` are the same (by its type).
    func same(_ a: JSONValue?, _ b: JSONValue?, _ property: Property?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            if case .attribute(let attribute)? = property { return attribute.type.valuesEqual(x, y) }
            if case .array(let l) = x, case .array(let r) = y { return PatchPlan.identities(l) == PatchPlan.identities(r) }
            return x == y
        default: return false
        }
    }

    mutating func classify(_ change: ObjectChange, index: Int) {
        let subject = "\(change.kind == .inserted ? "insert" : change.kind == .deleted ? "delete" : "update") \(change.entity) \"\(change.id.identity)\""
        guard let entity = schema.entity(named: change.entity), !entity.isAbstract else {
            mismatch(index, subject, "no concrete entity \"\(change.entity)\" in schema \"\(schema.name)\"")
            return
        }
        let id = ObjectID(entity: entity.root, identity: change.id.identity)
        let current = target.objects[id]
        /// The properties of `change.values` whose value differs from the object's.
        func differences(_ object: GraphObject) -> [(String, JSONValue, JSONValue?)] {
            change.values.compactMap { v in
                let found = target.entity(of: object).storedSlot[v.name].map { object.values[$0] }
                return same(v.value, found, entity.property(named: v.name)) ? nil : (v.name, v.value, found)
            }
        }
        switch change.kind {
        case .inserted:
            guard let object = current else {
                inserts.append((id, entity, change.values))
                count(.pending)
                return
            }
            let diffs = object.entityIndex == entity.index ? differences(object) : [("(entity)", .string(change.entity), .string(target.entity(of: object).name))]
            if diffs.isEmpty {
                count(.present)
            } else {
                for (name, expected, found) in diffs { mismatch(index, "\(subject).\(name)", "the object exists with another value", expected: expected, found: found) }
            }
        case .deleted:
            guard let object = current else {
                count(.present)
                return
            }
            let diffs = object.entityIndex == entity.index ? differences(object) : [("(entity)", .string(change.entity), .string(target.entity(of: object).name))]
            if diffs.isEmpty {
                deletes.append(id)
                count(.pending)
            } else {
                for (name, expected, found) in diffs { mismatch(index, "\(subject).\(name)", "the object to delete has another value", expected: expected, found: found) }
            }
        case .updated:
            guard let object = current else {
                mismatch(index, subject, "no such object in the target")
                return
            }
            let objectEntity = target.entity(of: object)
            var verdicts: [Verdict] = []
            var planned: [(ObjectID, String, JSONValue)] = []
            for p in change.changes {
                guard let slot = objectEntity.storedSlot[p.property], let property = objectEntity.property(named: p.property) else {
                    mismatch(index, "\(subject).\(p.property)", "no stored property \"\(p.property)\" on \(objectEntity.name)")
                    verdicts.append(.mismatch)
                    continue
                }
                let found = object.values[slot]
                switch p.kind {
                case .members(let added, let removed):
                    var members = PatchPlan.identities(found.arrayValue ?? [])
                    let a = PatchPlan.identities(added.map(JSONValue.string)), r = PatchPlan.identities(removed.map(JSONValue.string))
                    if a.isSubset(of: members) && r.isDisjoint(with: members) {
                        verdicts.append(.present)
                    } else if a.isDisjoint(with: members) && r.isSubset(of: members) {
                        members.subtract(r)
                        members.formUnion(a)
                        let sorted: [JSONValue] = members.sorted().map { JSONValue.string($0.string) }
                        planned.append((id, p.property, .array(sorted)))
                        verdicts.append(.pending)
                    } else {
                        mismatch(index, "\(subject).\(p.property)", "members differ", expected: .array(removed.map(JSONValue.string)), found: found)
                        verdicts.append(.mismatch)
                    }
                default:
                    let (old, new) = PatchPlan.oldNew(p.kind)
                    if same(found, old, property) {
                        planned.append((id, p.property, new))
                        verdicts.append(.pending)
                    } else if same(found, new, property) {
                        verdicts.append(.present)
                    } else {
                        mismatch(index, "\(subject).\(p.property)", "old value does not match", expected: old, found: found)
                        verdicts.append(.mismatch)
                    }
                }
            }
            if verdicts.contains(.pending) {
                updates += planned
                count(.pending)
            } else if !verdicts.isEmpty && verdicts.allSatisfy({ $0 == .present }) {
                count(.present)
            }
        }
    }

    /// The identity strings of `values`, compared by exact bytes.
    static func identities(_ values: [JSONValue]) -> Set<ExactString> {
        var result = Set<ExactString>()
        for case .string(let s) in values { result.insert(ExactString(s)) }
        return result
    }

    static func oldNew(_ kind: PropertyChange.Kind) -> (JSONValue, JSONValue) {
        switch kind {
        case .attribute(let old, let new): return (old, new)
        case .reference(let old, let new): return (old.map(JSONValue.string) ?? .null, new.map(JSONValue.string) ?? .null)
        case .members(let added, let removed): return (.array(removed.map(JSONValue.string)), .array(added.map(JSONValue.string)))
        }
    }

    mutating func classify(_ s: SequenceChange, index: Int) {
        let subject = "order \(s.ownerEntity) \"\(s.owner.identity)\".\(s.relationship)"
        guard let ownerEntity = schema.entity(named: s.ownerEntity), let relationship = ownerEntity.property(named: s.relationship)?.relationship,
            let links = relationship.ordered, let memberEntity = schema.entity(named: relationship.destination)
        else {
            mismatch(index, subject, "no ordered relationship \"\(s.relationship)\" on \"\(s.ownerEntity)\"")
            return
        }
        let owner = ObjectID(entity: ownerEntity.root, identity: s.owner.identity)
        let order = target.objects[owner] == nil ? [] : targetOrder(of: owner, through: relationship, links: links).map(\.identity)
        var predecessor: [ExactString: String?] = [:]
        for (i, m) in order.enumerated() { predecessor[ExactString(m)] = i > 0 ? order[i - 1] : nil }
        func at(_ member: String) -> String?? { predecessor[ExactString(member)] }
        func equal(_ a: String?, _ b: String?) -> Bool { a.map { x in b.map { utf8Equal(x, $0) } ?? false } ?? (b == nil) }
        var pending = 0, present = 0, bad = 0
        for i in s.inserted {
            if let p = at(i.member) { if equal(p, i.after) { present += 1 } else { bad += 1 } } else { pending += 1 }
        }
        for r in s.removed {
            if let p = at(r.member) { if equal(p, r.after) { pending += 1 } else { bad += 1 } } else { present += 1 }
        }
        for m in s.moved {
            if let p = at(m.member) {
                // A member that moved together with its predecessor keeps
                // that predecessor: the move tells neither way.
                if equal(m.from, m.to) { if !equal(p, m.from) { bad += 1 } }
                else if equal(p, m.from) { pending += 1 } else if equal(p, m.to) { present += 1 } else { bad += 1 }
            } else {
                bad += 1
            }
        }
        if bad > 0 || (pending > 0 && present > 0) {
            mismatch(index, subject, "the order does not match the patch's old order",
                     expected: nil, found: .array(order.map(JSONValue.string)))
            return
        }
        if pending > 0 {
            var change = s
            change.owner = owner
            change.memberRoot = memberEntity.root
            orders.append((owner, relationship, change))
            count(.pending)
        } else {
            count(.present)
        }
    }

    mutating func classify(_ m: MetadataChange, index: Int) {
        let found = target.metadata[m.key]
        if found == m.old {
            metadata.append((m.key, m.new))
            count(.pending)
        } else if found == m.new {
            count(.present)
        } else {
            mismatch(index, "metadata \"\(m.key)\"", "old value does not match", expected: m.old, found: found)
        }
    }

    /// Performs the pending changes.
    mutating func execute() throws -> Graph {
        var graph = target
        // Chain orders are computed from the target before anything moves.
        var newOrders: [(ObjectID, Relationship, [String])] = []
        for (owner, relationship, change) in orders {
            guard let links = relationship.ordered else { continue }
            let before = targetOrder(of: owner, through: relationship, links: links).map(\.identity)
            guard let after = change.apply(to: before) else {
                throw PatchError.Rejected(mismatches: [PatchMismatch(
                    change: -1, subject: "order \(change.ownerEntity) \"\(owner.identity)\".\(relationship.name)",
                    expected: nil, found: .array(before.map(JSONValue.string)), reason: "the order edits do not fit")])
            }
            newOrders.append((owner, relationship, after))
        }
        for (key, value) in metadata { graph.metadata[key] = value }
        for id in deletes { graph.removeObject(id) }
        for (id, entity, values) in inserts {
            var byName: [String: JSONValue] = [:]
            for v in values { byName[v.name] = v.value }
            graph[id] = GraphObject(entity: entity, values: entity.storedProperties.map { p in
                if let v = byName[p.name] { return v }
                if case .relationship(let r) = p, r.storage == .manyToMany { return .array([]) }
                return .null
            })
        }
        for (id, property, value) in updates { graph.setValue(value, of: id, property) }
        // Members that left a chain lose their links; then every new order is linked.
        for (_, change) in orders.map({ ($0.relationship, $0.change) }) {
            guard let links = change.memberRoot.isEmpty ? nil : schema.entity(named: change.ownerEntity)?.property(named: change.relationship)?.relationship?.ordered else { continue }
            for r in change.removed {
                let id = ObjectID(entity: change.memberRoot, identity: r.member)
                graph.setValue(.null, of: id, links.prev)
                graph.setValue(.null, of: id, links.next)
            }
        }
        for (_, relationship, order) in newOrders {
            guard let links = relationship.ordered, let root = schema.entity(named: relationship.destination)?.root else { continue }
            for (i, member) in order.enumerated() {
                let id = ObjectID(entity: root, identity: member)
                graph.setValue(i > 0 ? .string(order[i - 1]) : .null, of: id, links.prev)
                graph.setValue(i + 1 < order.count ? .string(order[i + 1]) : .null, of: id, links.next)
            }
        }
        return graph
    }
}
