import GraphDiffJSON

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
    /// The pending order changes, each with the target's order it was
    /// judged against (what the change is applied to).
    var orders: [(owner: ObjectID, layout: OrderedRelationship, change: SequenceChange, before: [String])] = []
    var metadata: [(String, JSONValue?)] = []
    /// Owner indexes of the target, one per ordered relationship kept on
    /// the members, built on first use for the ``orderedOwners`` only.
    var memberIndexes: [Relationship: [ObjectID: [ObjectID]]] = [:]
    /// The owners whose orders the patch reads (by root entity and
    /// identity): those of its order changes and of the chains it records
    /// on inserted or deleted objects, gathered before any is read.
    var orderedOwners = Set<ObjectID>()
    /// Whole owner indexes, for an owner outside ``orderedOwners`` (none
    /// is, as ``classify(_:)`` gathers them): at most one more pass per
    /// relationship, never one per owner.
    var wholeMemberIndexes: [Relationship: [ObjectID: [ObjectID]]] = [:]
    /// Every ordered relationship of the schema.
    let layouts: [OrderedRelationship]
    /// The target's rows copied for the edits, with room for the inserts
    /// (made while the changes are judged); `nil`: copied as they are
    /// first changed.
    var ownRows: ObjectStore?
    /// The objects the plan deletes: an insert of one of them is pending.
    var deleting = Set<ObjectID>()
    /// For each identity the patch inserts: the position of the inserted
    /// entity in ``Schema/entities``.
    var insertedEntities: [ObjectID: Int] = [:]

    init(target: Graph) {
        self.target = target
        layouts = OrderedRelationship.all(in: target.schema)
    }

    /// The ordered relationship named `name` whose owners include objects
    /// of the entity `entity`.
    func layout(_ name: String, ownerEntity entity: Entity) -> OrderedRelationship? {
        layouts.first { $0.relationship.name == name && $0.ownerKinds[entity.index] }
    }

    /// The target's order of `owner` through `layout`'s relationship
    /// (empty when the target lacks the owner).
    ///
    /// - Complexity: O(*n*) for the first owner of a relationship kept on
    ///   the members (``targetMembers(of:_:)``), O(*m* log *m*) after;
    ///   O(*m*) for an array.
    mutating func targetOrder(of owner: ObjectID, _ layout: OrderedRelationship) -> [String] {
        guard target.objects[owner] != nil else { return [] }
        let relationship = layout.relationship
        switch layout.ordering {
        case .array:
            return layout.order(of: owner, in: target)
        case .chain(let links):
            return target.chain(members: targetMembers(of: owner, relationship), links: links).map(\.identity)
        case .index:
            let members = targetMembers(of: owner, relationship)
            return PositionKey.sorted(members.map { id in (id.identity, target.objects[id].map(layout.position(of:)) ?? .null) })
        }
    }

    /// The target's objects whose inverse of `relationship` names `owner`,
    /// in row order: from the index of the patch's ordered owners (one
    /// pass over the target per relationship), or from the whole index.
    mutating func targetMembers(of owner: ObjectID, _ relationship: Relationship) -> [ObjectID] {
        guard orderedOwners.contains(owner) else {
            if wholeMemberIndexes[relationship] == nil {
                wholeMemberIndexes[relationship] = target.membersByOwner(through: relationship, sorted: false)
            }
            return wholeMemberIndexes[relationship]?[owner] ?? []
        }
        if memberIndexes[relationship] == nil {
            memberIndexes[relationship] = target.membersByOwner(through: relationship, among: orderedOwners, sorted: false)
        }
        return memberIndexes[relationship]?[owner] ?? []
    }

    enum Verdict { case pending, present, mismatch }

    /// The object the change being classified is about: entity (as the
    /// patch names it) and identity, for the mismatches it reports.
    var subjectObject: (entity: String, identity: String)?

    /// Reports a mismatch of change `index` about `subject`, or about its
    /// `property` (`SUBJECT.PROPERTY`) when one is given.
    mutating func mismatch(_ index: Int, _ subject: String, property: String? = nil, _ reason: String, expected: JSONValue? = nil,
                           found: JSONValue? = nil, expectedDescription: String? = nil) {
        mismatches.append(PatchMismatch(change: index, subject: property.map { "\(subject).\($0)" } ?? subject, expected: expected, found: found,
                                        reason: reason, expectedDescription: expectedDescription, entity: subjectObject?.entity,
                                        identity: subjectObject?.identity, property: property))
    }

    mutating func count(_ verdict: Verdict) {
        switch verdict {
        case .pending: pendingCount += 1
        case .present: presentCount += 1
        case .mismatch: break
        }
    }

    /// Classifies every change of `changes`: deletes first, so that an
    /// insert of an identity the patch deletes (an object whose concrete
    /// entity changes) is judged against the target without it. Mismatches
    /// are listed in the order of the changes.
    mutating func classify(_ changes: ChangeSet) {
        for change in changes.objects where change.kind == .inserted {
            guard let entity = schema.entity(named: change.entity) else { continue }
            insertedEntities[ObjectID(entity: entity.root, identity: change.id.identity)] = entity.index
        }
        // Every owner whose order is read, before the first is.
        for s in changes.sequences {
            if let entity = schema.entity(named: s.ownerEntity) { orderedOwners.insert(ObjectID(entity: entity.root, identity: s.owner.identity)) }
        }
        for change in changes.objects where !change.chains.isEmpty {
            if let entity = schema.entity(named: change.entity) { orderedOwners.insert(ObjectID(entity: entity.root, identity: change.id.identity)) }
        }
        for (i, change) in changes.objects.enumerated() where change.kind == .deleted { classify(change, index: i) }
        for (i, change) in changes.objects.enumerated() where change.kind != .deleted { classify(change, index: i) }
        for (i, s) in changes.sequences.enumerated() { classify(s, index: changes.objects.count + i) }
        for (i, m) in changes.metadata.enumerated() { classify(m, index: changes.objects.count + changes.sequences.count + i) }
        mismatches = mismatches.enumerated().sorted { a, b in
            a.element.change != b.element.change ? a.element.change < b.element.change : a.offset < b.offset
        }.map(\.element)
    }

    /// Whether two values of `property` are the same
    /// (``StoredValue/equal(_:_:as:)``); an absent value (no such stored
    /// property) is the same only as another.
    func same(_ a: JSONValue?, _ b: JSONValue?, _ property: Property?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            guard let property else { return x == y }
            return StoredValue.equal(x, y, as: property)
        default: return false
        }
    }

    mutating func classify(_ change: ObjectChange, index: Int) {
        let subject = "\(change.kind == .inserted ? "insert" : change.kind == .deleted ? "delete" : "update") \(change.entity) \"\(change.id.identity)\""
        subjectObject = (change.entity, change.id.identity)
        defer { subjectObject = nil }
        guard let entity = schema.entity(named: change.entity), !entity.isAbstract else {
            mismatch(index, subject, "no concrete entity \"\(change.entity)\" in schema \"\(schema.name)\"")
            return
        }
        let id = ObjectID(entity: entity.root, identity: change.id.identity)
        let current = target.objects[id]
        /// The properties of `change.values` whose value differs from the object's.
        func differences(_ object: GraphObject) -> [(String, JSONValue, JSONValue?)] {
            change.values.compactMap { v in
                let found = target.entity(of: object).storedSlot[v.name].map { object.value(at: $0) }
                return same(v.value, found, entity.property(named: v.name)) ? nil : (v.name, v.value, found)
            }
        }
        /// The recorded chains as order edits, or `nil` after reporting a mismatch.
        func recordedChains(inserting: Bool, reason: String) -> [ChainEdit]? {
            let edits = self.chainEdits(of: change, owner: id, entity: entity, inserting: inserting, index: index, subject: subject)
            guard let edits else { return nil }
            for e in edits where e.verdict == .mismatch {
                mismatch(index, subject, property: e.relationship.name, reason,
                         expected: .array(e.members.map(JSONValue.string)), found: .array(e.found.map(JSONValue.string)))
            }
            return edits.contains { $0.verdict == .mismatch } ? nil : edits
        }
        switch change.kind {
        case .inserted:
            // Absent, or deleted by this patch (a change of concrete entity).
            guard let object = current, !deleting.contains(id) else {
                guard let edits = recordedChains(inserting: true, reason: "the members are not where the patch puts them") else { return }
                inserts.append((id, entity, change.values))
                orders += edits.filter { $0.verdict == .pending }.map { (id, $0.layout, $0.change, $0.found) }
                count(.pending)
                return
            }
            let diffs = object.entityIndex == entity.index ? differences(object) : [("(entity)", .string(change.entity), .string(target.entity(of: object).name))]
            guard diffs.isEmpty else {
                for (name, expected, found) in diffs { mismatch(index, subject, property: name, "the object exists with another value", expected: expected, found: found) }
                return
            }
            guard let edits = recordedChains(inserting: true, reason: "the object exists with another order") else { return }
            if edits.contains(where: { $0.verdict == .pending }) {
                for e in edits where e.verdict == .pending {
                    mismatch(index, subject, property: e.relationship.name, "the object exists with another order",
                             expected: .array(e.members.map(JSONValue.string)), found: .array(e.found.map(JSONValue.string)))
                }
                return
            }
            count(.present)
        case .deleted:
            guard let object = current else {
                count(.present)
                return
            }
            // Replaced already by the object of another entity this patch inserts: that insert decides.
            if object.entityIndex != entity.index && insertedEntities[id] == object.entityIndex {
                count(.present)
                return
            }
            let diffs = object.entityIndex == entity.index ? differences(object) : [("(entity)", .string(change.entity), .string(target.entity(of: object).name))]
            guard diffs.isEmpty else {
                for (name, expected, found) in diffs { mismatch(index, subject, property: name, "the object to delete has another value", expected: expected, found: found) }
                return
            }
            guard let edits = recordedChains(inserting: false, reason: "the order does not match the patch's old order") else { return }
            deletes.append(id)
            deleting.insert(id)
            orders += edits.filter { $0.verdict == .pending }.map { (id, $0.layout, $0.change, $0.found) }
            count(.pending)
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
                    mismatch(index, subject, property: p.property, "no stored property \"\(p.property)\" on \(objectEntity.name)")
                    verdicts.append(.mismatch)
                    continue
                }
                let found = object.value(at: slot)
                switch p.kind {
                case .members(let added, let removed):
                    var members = StoredValue.identities(found)
                    let a = Set(added.map { ExactString($0) }), r = Set(removed.map { ExactString($0) })
                    if a.isSubset(of: members) && r.isDisjoint(with: members) {
                        verdicts.append(.present)
                    } else if a.isDisjoint(with: members) && r.isSubset(of: members) {
                        members.subtract(r)
                        members.formUnion(a)
                        planned.append((id, p.property, StoredValue.list(members.sorted().map(\.string))))
                        verdicts.append(.pending)
                    } else {
                        mismatch(index, subject, property: p.property, "members differ", expected: .array(removed.map(JSONValue.string)), found: found)
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
                        mismatch(index, subject, property: p.property, "old value does not match", expected: old, found: found)
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

    static func oldNew(_ kind: PropertyChange.Kind) -> (JSONValue, JSONValue) {
        switch kind {
        case .attribute(let old, let new): return (old, new)
        case .reference(let old, let new): return (old.map(JSONValue.string) ?? .null, new.map(JSONValue.string) ?? .null)
        case .members(let added, let removed): return (.array(removed.map(JSONValue.string)), .array(added.map(JSONValue.string)))
        }
    }

    /// One recorded chain of an inserted or deleted owner, as the order
    /// edits that link (or unlink) its members, judged against the target.
    struct ChainEdit {
        var layout: OrderedRelationship
        var relationship: Relationship { layout.relationship }
        var members: [String]
        var change: SequenceChange
        var verdict: Verdict
        /// The target's order of the owner's members.
        var found: [String]
    }

    /// The chains recorded on `change` (``ObjectChange/chains``) as order
    /// edits: each member inserted after its predecessor (`inserting`), or
    /// removed from after it; `nil` after reporting a chain of no ordered
    /// relationship.
    mutating func chainEdits(of change: ObjectChange, owner: ObjectID, entity: Entity, inserting: Bool, index: Int, subject: String) -> [ChainEdit]? {
        var edits: [ChainEdit] = []
        for chain in change.chains {
            guard let relationship = entity.property(named: chain.relationship)?.relationship, relationship.ordered != nil,
                let memberEntity = schema.entity(named: relationship.destination), let layout = layout(relationship.name, ownerEntity: entity)
            else {
                mismatch(index, subject, property: chain.relationship, "no ordered relationship \"\(chain.relationship)\" on \"\(entity.name)\"")
                return nil
            }
            var s = SequenceChange(owner: owner, ownerEntity: entity.name, relationship: relationship.name, memberRoot: memberEntity.root)
            let m = chain.members
            if inserting {
                s.inserted = m.indices.map { .init(member: m[$0], after: $0 > 0 ? m[$0 - 1] : nil) }
            } else {
                s.removed = m.indices.map { .init(member: m[$0], after: $0 > 0 ? m[$0 - 1] : nil) }
            }
            let (verdict, found) = judge(s, owner: owner, layout)
            edits.append(ChainEdit(layout: layout, members: m, change: s, verdict: verdict, found: found))
        }
        return edits
    }

    /// Whether the order edits `s` are pending, present or a mismatch
    /// against the target's chain of `owner`, and that chain.
    mutating func judge(_ s: SequenceChange, owner: ObjectID, _ layout: OrderedRelationship) -> (Verdict, [String]) {
        let order = targetOrder(of: owner, layout)
        // Each member's predecessor in the target's order: looked for along
        // the order when it is short for the members asked about (most
        // orders: a table would cost more to fill than the search), else
        // from a table of the whole order.
        let asked = s.inserted.count + s.removed.count + s.moved.count
        var predecessor: [ExactString: String?] = [:]
        let searches = order.count * asked <= 4_096
        if !searches {
            for (i, m) in order.enumerated() { predecessor[ExactString(m)] = i > 0 ? order[i - 1] : nil }
        }
        func at(_ member: String) -> String?? {
            guard searches else { return predecessor[ExactString(member)] }
            guard let i = order.lastIndex(where: { utf8Equal($0, member) }) else { return nil }
            return .some(i > 0 ? order[i - 1] : nil)
        }
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
        // Index values: the old value (pending) or the new one (present).
        if !s.positions.isEmpty {
            let type = layout.indexType ?? .double
            func same(_ a: JSONValue, _ b: JSONValue) -> Bool { StoredValue.equal(a, b, as: type) }
            for p in s.positions {
                guard let member = target.objects[ObjectID(entity: layout.memberRoot, identity: p.member)] else {
                    bad += 1
                    continue
                }
                let found = layout.position(of: member)
                if same(found, p.old) { pending += 1 } else if same(found, p.new) { present += 1 } else { bad += 1 }
            }
        }
        if bad > 0 || (pending > 0 && present > 0) { return (.mismatch, order) }
        return (pending > 0 ? .pending : .present, order)
    }

    mutating func classify(_ s: SequenceChange, index: Int) {
        let subject = "order \(s.ownerEntity) \"\(s.owner.identity)\""
        subjectObject = (s.ownerEntity, s.owner.identity)
        defer { subjectObject = nil }
        guard let ownerEntity = schema.entity(named: s.ownerEntity), let relationship = ownerEntity.property(named: s.relationship)?.relationship,
            relationship.ordered != nil, let memberEntity = schema.entity(named: relationship.destination),
            let layout = layout(relationship.name, ownerEntity: ownerEntity)
        else {
            mismatch(index, subject, property: s.relationship, "no ordered relationship \"\(s.relationship)\" on \"\(s.ownerEntity)\"")
            return
        }
        let owner = ObjectID(entity: ownerEntity.root, identity: s.owner.identity)
        let (verdict, order) = judge(s, owner: owner, layout)
        switch verdict {
        case .mismatch:
            mismatch(index, subject, property: s.relationship, "the order does not match the patch's old order", found: .array(order.map(JSONValue.string)),
                     expectedDescription: s.oldOrderDescription())
        case .pending:
            var change = s
            change.owner = owner
            change.memberRoot = memberEntity.root
            orders.append((owner, layout, change, order))
            count(.pending)
        case .present:
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
            mismatches.append(PatchMismatch(change: index, subject: "metadata \"\(m.key)\"", expected: m.old, found: found,
                                            reason: "old value does not match", property: m.key))
        }
    }
}
