import GraphDiffJSON

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
        /// The OLD to-one reference in this slot as a list of one (`[]` for
        /// `null`): a to-one that became a to-many.
        case wrapped(Int)
        /// The OLD array of identities in this slot, sorted: an ordered
        /// array that became an unordered many-to-many.
        case sorted(Int)
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
                let empty = Source.constant(StoredValue.empty(r.storage))
                guard let was = oldProperty?.relationship, let oldSlot else { return empty }
                switch (was.storage, r.storage) {
                case (let a, let b) where a == b: return .copy(oldSlot)
                // The members stay; a new order is written afterwards.
                case (.manyToMany, .orderedArray): return .copy(oldSlot)
                case (.orderedArray, .manyToMany): return .sorted(oldSlot)
                // A to-one becomes a to-many stored on this side.
                case (.toOne, .manyToMany), (.toOne, .orderedArray): return .wrapped(oldSlot)
                // Other changes of storage need a mapping.
                default: return empty
                }
            }
        }
    }
}

extension Migration {
    /// NEW's ordered relationships whose order is written anew, each with
    /// where its OLD order comes from: every one but those kept in the same
    /// storage through the same links, array or attribute (whose values are
    /// copied as they are).
    static func _ordersToWrite(old: Schema, new: Schema, _ correspondence: SchemaCorrespondence) -> [_OrderConversion] {
        var result: [_OrderConversion] = []
        for entity in new.entities {
            for r in entity.relationships {
                guard let layout = OrderedRelationship(schema: new, owner: entity, relationship: r) else { continue }
                let oldOwner = correspondence.oldEntity(forNew: entity.name).flatMap(old.entity(named:))
                let was = oldOwner.flatMap { o in
                    correspondence.oldProperty(forNew: r.name, inNewEntity: entity.name).flatMap { o.property(named: $0)?.relationship }
                }
                let oldLayout = oldOwner.flatMap { o in was.flatMap { OrderedRelationship(schema: old, owner: o, relationship: $0) } }
                if let oldLayout, _sameStorage(oldLayout.ordering, r.ordered, inNewEntity: r.destination, correspondence) { continue }
                if oldLayout == nil, _indexAlreadyStored(r, old: old, correspondence) { continue }
                result.append(_OrderConversion(layout: layout, oldLayout: oldLayout, oldRelationship: was))
            }
        }
        return result
    }

    /// Whether NEW's `r`, kept by an index attribute, was not ordered in
    /// OLD but its members already stored that attribute there (stored
    /// and numeric): its values are the order, copied as they are, never
    /// numbered again (an app that kept order in `position` before the
    /// model said so keeps it).
    static func _indexAlreadyStored(_ r: Relationship, old: Schema, _ c: SchemaCorrespondence) -> Bool {
        guard let attribute = r.indexAttribute,
              let oldMember = c.oldEntity(forNew: r.destination).flatMap(old.entity(named:)),
              let oldName = c.oldProperty(forNew: attribute, inNewEntity: r.destination),
              let was = oldMember.property(named: oldName)?.attribute
        else { return false }
        return was.type.canBePosition && !was.isTransient && oldMember.identityAttribute != oldName
    }

    /// Whether the OLD ordering `a` and the NEW ordering `b` (of a
    /// relationship to the NEW entity `destination`) keep the order in the
    /// same place: one storage, through paired links or attributes.
    static func _sameStorage(_ a: Ordering, _ b: Ordering?, inNewEntity destination: String, _ c: SchemaCorrespondence) -> Bool {
        func same(_ x: String, _ y: String) -> Bool { c.oldProperty(forNew: y, inNewEntity: destination) == x }
        switch (a, b) {
        case (.array, .array?): return true
        case (.chain(let x), .chain(let y)?): return same(x.prev, y.prev) && same(x.next, y.next)
        case (.index(let x), .index(let y)?): return same(x, y)
        default: return false
        }
    }

    /// NEW's `ENTITY.PROPERTY` names of OLD chain links whose relationship
    /// is no longer ordered (or gone) and that are no chain link in NEW:
    /// their values are dropped.
    static func _droppedLinks(old: Schema, new: Schema, _ correspondence: SchemaCorrespondence) -> Set<String> {
        var newLinks: Set<String> = []
        for entity in new.entities {
            for r in entity.relationships { if let l = r.chainLinks { newLinks.formUnion([r.destination + "." + l.prev, r.destination + "." + l.next]) } }
        }
        var result: Set<String> = []
        for entity in old.entities {
            for r in entity.relationships {
                guard let links = r.chainLinks else { continue }
                let newOwner = correspondence.newEntity(forOld: entity.name).flatMap(new.entity(named:))
                let stillOrdered = newOwner?.relationships.contains { n in
                    n.chainLinks != nil && correspondence.oldProperty(forNew: n.name, inNewEntity: newOwner?.name ?? "") == r.name
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
                guard let kept = StoredValue.droppingReferences(in: object.value(at: slot), where: { objects[ObjectID(entity: root, identity: $0)] == nil })
                else { continue }
                object.setValue(kept, at: slot)
                changed = true
            }
            if changed { objects[objects.id(atRow: row)] = object }
        }
    }

    /// Writes the order of every owner of `conversion`'s NEW relationship,
    /// read from `old` (this graph's source, of the OLD schema): the OLD
    /// order when the relationship was ordered, whatever its storage; the
    /// members by identity (UTF-8 byte order, the order of the canonical
    /// file) when it was not. An index is numbered 0, 1, 2, …; a chain's
    /// links are cleared first, so members without an owner have none.
    ///
    /// - Complexity: O(*n* + *m* log *m*), *m* being the number of members.
    mutating func _writeOrders(_ conversion: _OrderConversion, from old: Graph) {
        let layout = conversion.layout
        if layout.relationship.chainLinks != nil {
            for row in 0..<objects.rowCount {
                guard let o = objects.object(atRow: row), layout.isMember(o) else { continue }
                layout.clearLinks(of: objects.id(atRow: row), in: &self)
            }
        }
        var owners = Set<ObjectID>()
        for (id, o) in objects where layout.isOwner(o) { owners.insert(id) }
        let oldOrders: [ObjectID: [String]]
        if let oldLayout = conversion.oldLayout {
            oldOrders = oldLayout.orders(of: owners, in: old)
        } else if let was = conversion.oldRelationship {
            var orders: [ObjectID: [String]] = [:]
            if was.storage == .derived {
                for (owner, members) in old.membersByOwner(through: was, among: owners, sorted: true) { orders[owner] = members.map(\.identity) }
            } else {
                // A to-one lists no members: they come from the inverse.
                for owner in owners {
                    let listed = was.storage == .toOne ? [] : StoredValue.references(in: old.value(of: owner, was.name) ?? .null)
                    orders[owner] = listed.sorted(by: utf8Less)
                }
            }
            oldOrders = orders
        } else {
            oldOrders = [:]
        }
        // The members the migrated graph gives each owner: those whose
        // inverse names it (a to-one, or a to-many that lists it); without
        // an inverse, those the owner's array lists, or the OLD order names.
        var present: [ObjectID: Set<ExactString>] = [:]
        if let inverseName = layout.relationship.inverse, let destination = schema.entity(named: layout.relationship.destination) {
            let slots = schema.entities.map { e in schema.isKind(e.index, of: destination.index) ? e.storedSlot[inverseName] : nil }
            for (id, o) in objects {
                guard let slot = slots[o.entityIndex] else { continue }
                o.forEachReference(at: slot) { owner in
                    present[ObjectID(entity: layout.ownerRoot, identity: owner), default: []].insert(ExactString(id.identity))
                }
            }
        } else {
            for owner in owners {
                var members = Set((objects[owner].flatMap(layout.listedMembers(of:)) ?? []).map { ExactString($0) })
                for m in oldOrders[owner] ?? [] where objects[ObjectID(entity: layout.memberRoot, identity: m)] != nil { members.insert(ExactString(m)) }
                present[owner] = members
            }
        }
        for owner in owners.sorted() {
            var members = present[owner] ?? []
            var order = (oldOrders[owner] ?? []).filter { members.remove(ExactString($0)) != nil }
            order += members.map(\.string).sorted(by: utf8Less)
            if layout.ordering.isIndex {
                layout.writePositions(order, order.indices.map { .number(JSONNumber($0)) }, into: &self)
            } else {
                layout.write(order, of: owner, into: &self)
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
            for slot in 0..<object.slotCount {
                if case .invalid(let kind, let message) = rules[object.entityIndex][slot].check(object.value(at: slot)) {
                    problems.append(GraphProblem(kind, message, entity: entity.name, identity: id.identity,
                                                 property: entity.storedProperties[slot].name))
                }
            }
        }
        return problems
    }
}

/// One ordered relationship of NEW whose order a migration writes, and
/// where the OLD order comes from (``Migration/_ordersToWrite(old:new:_:)``).
struct _OrderConversion: Sendable {
    /// The NEW relationship.
    let layout: OrderedRelationship
    /// The OLD relationship's order, when it was ordered.
    let oldLayout: OrderedRelationship?
    /// The OLD relationship, when it existed.
    let oldRelationship: Relationship?
}
