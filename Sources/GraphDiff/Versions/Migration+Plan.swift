
/// How the objects of one OLD entity become objects of NEW: their entity
/// in NEW and, for each of its stored properties, where the value comes from.
struct _EntityPlan: Sendable {
    /// Where one stored value of the migrated object comes from.
    enum Source: Sendable {
        /// The OLD value in this slot, as it is.
        case copy(Int)
        /// The OLD value in this slot, or the value given where it is `null`.
        case copyOrDefault(Int, JSONValue)
        /// The value given, for every object.
        case constant(JSONValue)
    }

    /// The NEW entity's position in NEW's entities.
    let entityIndex: Int
    /// One source per stored property of the NEW entity, in its order.
    let sources: [Source]

    /// The plan for `entity` of `old`, or `nil` when `new` has no entity
    /// paired with it (its objects are dropped). `unlinked` names NEW's
    /// `ENTITY.PROPERTY` chain links that lose their values.
    init?(old: Schema, new: Schema, entity: Entity, _ correspondence: SchemaCorrespondence, unlinked: Set<String>) {
        guard let name = correspondence.newEntity(forOld: entity.name), let target = new.entity(named: name) else { return nil }
        entityIndex = target.index
        sources = target.storedProperties.map { property in
            let oldName = correspondence.oldProperty(forNew: property.name, inNewEntity: target.name)
            let oldProperty = oldName.flatMap(entity.property(named:))
            let oldSlot = oldName.flatMap { entity.storedSlot[$0] }
            if ([target.name] + target.ancestors).contains(where: { unlinked.contains($0 + "." + property.name) }) {
                return .constant(.null)
            }
            switch property {
            case .attribute(let a):
                let added = Source.constant(a.defaultValue ?? .null)
                guard let was = oldProperty?.attribute, let oldSlot else { return added }
                if a.isTransient && !was.isTransient { return added }
                if was.isTransient && !a.isTransient { return added }
                // A transient value of another type is not converted.
                if a.isTransient && was.type != a.type { return added }
                if !a.isOptional, let value = a.defaultValue { return .copyOrDefault(oldSlot, value) }
                return .copy(oldSlot)
            case .relationship(let r):
                let empty = Source.constant(r.storage == .manyToMany ? .array([]) : .null)
                // A change of storage (to-one against to-many, or an inverse
                // that changed cardinality) needs a mapping.
                guard let was = oldProperty?.relationship, was.storage == r.storage, let oldSlot else { return empty }
                return .copy(oldSlot)
            }
        }
    }
}

extension Migration {
    /// NEW's ordered relationships (with the entity that declares each)
    /// whose OLD counterpart was unordered or absent: their chains are
    /// built in identity order.
    static func _chainsToBuild(old: Schema, new: Schema, _ correspondence: SchemaCorrespondence) -> [(owner: Entity, relationship: Relationship)] {
        var result: [(owner: Entity, relationship: Relationship)] = []
        for entity in new.entities {
            for r in entity.relationships where r.ordered != nil {
                let was = correspondence.oldEntity(forNew: entity.name).flatMap(old.entity(named:)).flatMap { o in
                    correspondence.oldProperty(forNew: r.name, inNewEntity: entity.name).flatMap { o.property(named: $0)?.relationship }
                }
                if was?.ordered == nil { result.append((entity, r)) }
            }
        }
        return result
    }

    /// NEW's `ENTITY.PROPERTY` names of OLD chain links whose relationship
    /// is no longer ordered (or gone) and that are no chain link in NEW:
    /// their values are dropped.
    static func _droppedLinks(old: Schema, new: Schema, _ correspondence: SchemaCorrespondence) -> Set<String> {
        var newLinks: Set<String> = []
        for entity in new.entities {
            for r in entity.relationships { if let l = r.ordered { newLinks.formUnion([r.destination + "." + l.prev, r.destination + "." + l.next]) } }
        }
        var result: Set<String> = []
        for entity in old.entities {
            for r in entity.relationships {
                guard let links = r.ordered else { continue }
                let newOwner = correspondence.newEntity(forOld: entity.name).flatMap(new.entity(named:))
                let stillOrdered = newOwner?.relationships.contains { n in
                    n.ordered != nil && correspondence.oldProperty(forNew: n.name, inNewEntity: newOwner?.name ?? "") == r.name
                } ?? false
                guard !stillOrdered, let destination = correspondence.newEntity(forOld: r.destination) else { continue }
                for link in [links.prev, links.next] {
                    guard let name = correspondence.oldPropertyByNew[destination]?.first(where: { $0.value == link })?.key,
                          !newLinks.contains(destination + "." + name) else { continue }
                    result.insert(destination + "." + name)
                }
            }
        }
        return result
    }
}

extension Graph {
    /// Sets to `null` every to-one reference, and removes every many-to-many
    /// member, whose object is not in the graph.
    ///
    /// - Complexity: O(*n* · *r*) for *r* stored relationships per object.
    mutating func _dropReferencesToMissingObjects() {
        let plans: [[(slot: Int, root: String)]] = schema.entities.map { entity in
            entity.storedProperties.enumerated().compactMap { slot, property in
                guard let r = property.relationship, let destination = schema.entity(named: r.destination) else { return nil }
                return (slot, destination.root)
            }
        }
        for row in 0..<objects.rowCount {
            guard var object = objects.object(atRow: row) else { continue }
            var changed = false
            for (slot, root) in plans[object.entityIndex] {
                switch object.values[slot] {
                case .string(let ref) where objects[ObjectID(entity: root, identity: ref)] == nil:
                    object.values[slot] = .null
                    changed = true
                case .array(let refs):
                    let kept = refs.filter { $0.stringValue.map { objects[ObjectID(entity: root, identity: $0)] != nil } ?? true }
                    if kept.count != refs.count {
                        object.values[slot] = .array(kept)
                        changed = true
                    }
                default: break
                }
            }
            if changed { objects[objects.id(atRow: row)] = object }
        }
    }

    /// Links the members of every owner through the ordered `relationship`
    /// (declared on `owner`) in identity order, and clears the links of
    /// every object of its destination that has no owner.
    ///
    /// - Complexity: O(*n* + *m* log *m*), *m* being the number of members.
    mutating func _buildChains(owner: Entity, relationship: Relationship) {
        guard let links = relationship.ordered, let destination = schema.entity(named: relationship.destination) else { return }
        for id in objects.keys where objects[id].map({ schema.isKind($0.entityIndex, of: destination.index) }) ?? false {
            setValue(.null, of: id, links.prev)
            setValue(.null, of: id, links.next)
        }
        for (_, members) in membersByOwner(through: relationship) {
            for (k, id) in members.enumerated() {
                if k > 0 { setValue(.string(members[k - 1].identity), of: id, links.prev) }
                if k + 1 < members.count { setValue(.string(members[k + 1].identity), of: id, links.next) }
            }
        }
    }

    /// Every stored value that breaks its property's rule (the loader's
    /// ``StoredValueRule``), by object.
    ///
    /// - Complexity: O(*n* · *p*).
    func _valueProblems() -> [GraphProblem] {
        let rules = schema.entities.map { entity in entity.storedProperties.map { StoredValueRule($0, schema: schema) } }
        var problems: [GraphProblem] = []
        for (id, object) in objects {
            let entity = schema.entities[object.entityIndex]
            for (slot, value) in object.values.enumerated() {
                if case .invalid(let kind, let message) = rules[object.entityIndex][slot].check(value) {
                    problems.append(GraphProblem(kind, message, entity: entity.name, identity: id.identity,
                                                 property: entity.storedProperties[slot].name))
                }
            }
        }
        return problems
    }
}
