import GraphDiffJSON

// The steps of the editing API (Graph+Editing.swift): each checks what it
// is given and keeps inverses and orders in step; the consistency check at
// the end of the outermost edit is the net under all of them.

extension Graph {
    private func failure(_ kind: GraphProblem.Kind, _ message: String, _ id: ObjectID, _ property: String? = nil) -> GraphError {
        GraphError(problems: [GraphProblem(kind, message, entity: id.entity, identity: id.identity, property: property)])
    }

    mutating func _insert(entity name: String, identity: String, _ assign: (inout ObjectValues) throws -> Void) throws -> ObjectID {
        let given = ObjectID(entity: name, identity: identity)
        guard let entity = schema.entity(named: name) else { throw failure(.unknownEntity, "the schema has no entity \"\(name)\"", given) }
        guard !entity.isAbstract else { throw failure(.abstractEntity, "\(name) is abstract: insert an object of one of its sub-entities", given) }
        var canonical = identity
        if entity.identityType != nil {
            switch entity.canonicalIdentity(identity) {
            case .success(let c): canonical = c
            case .failure(let invalid): throw failure(.wrongType, "identity \(invalid)", given, entity.identityAttribute)
            }
        }
        let id = ObjectID(entity: entity.root, identity: canonical)
        guard objects[id] == nil else {
            throw failure(.duplicateIdentity, "an object of \(entity.root) has this identity already", ObjectID(entity: name, identity: canonical))
        }
        var values = ObjectValues(entityName: entity.name)
        try assign(&values)
        let unset = entity.storedProperties.map { p -> JSONValue in
            switch p {
            case .attribute(let a): return a.defaultValue ?? .null
            case .relationship(let r): return r.storage == .toOne ? .null : .array([])
            }
        }
        objects.updateValue(GraphObject(entity: entity, values: unset), forKey: id)
        try _apply(values, to: id, entity: entity, inserting: true)
        _adoptReferences(to: id, entity: entity, given: Set(values.names))
        return id
    }

    /// Objects inserted before `id` in one ``edit(_:)`` may already refer to
    /// it: the inverses kept on `id` (a one-to-one, a many-to-many) that
    /// were not given are set to point back, so that objects referring to
    /// each other can be inserted in any order.
    private mutating func _adoptReferences(to id: ObjectID, entity: Entity, given: Set<String>) {
        var inverses: [(name: String, source: String, isToOne: Bool)] = []  // source: the relationship that points here
        for case .relationship(let inverse) in entity.storedProperties where !given.contains(inverse.name) {
            guard inverse.storage == .toOne || inverse.storage == .manyToMany, let back = inverse.inverse else { continue }
            inverses.append((inverse.name, back, inverse.storage == .toOne))
        }
        guard !inverses.isEmpty else { return }
        // Per entity, the slots that can refer back through one of them.
        let slots: [[(slot: Int, inverse: Int)]] = schema.entities.map { e in
            inverses.indices.compactMap { k in
                guard let slot = e.storedSlot[inverses[k].source], let r = e.property(named: inverses[k].source)?.relationship,
                    r.inverse == inverses[k].name, schema.entity(named: r.destination)?.root == id.entity
                else { return nil }
                return (slot, k)
            }
        }
        guard slots.contains(where: { !$0.isEmpty }) else { return }
        for (source, object) in objects where source != id && !slots[object.entityIndex].isEmpty {
            for (slot, k) in slots[object.entityIndex] {
                let (name, _, isToOne) = inverses[k]
                guard StoredValue.containsReference(in: object.value(at: slot), where: { utf8Equal($0, id.identity) }) else { continue }
                if isToOne {
                    if value(of: id, name)?.isNull ?? false { setValue(.string(source.identity), of: id, name) }
                } else if let list = value(of: id, name)?.arrayValue, !list.contains(where: { $0.stringValue.map { utf8Equal($0, source.identity) } ?? false }) {
                    let ids = (list.compactMap(\.stringValue) + [source.identity]).sorted(by: utf8Less)
                    setValue(.array(ids.map(JSONValue.string)), of: id, name)
                }
            }
        }
    }

    mutating func _update(_ id: ObjectID, _ assign: (inout ObjectValues) throws -> Void) throws {
        guard let object = objects[id], let entity = entityIfValid(of: object) else { throw failure(.unknownEntity, "there is no such object", id) }
        var current: [String: JSONValue] = [:]
        for (slot, p) in entity.storedProperties.enumerated() { current[p.name] = object.value(at: slot) }
        if let key = entity.identityAttribute { current[key] = .string(id.identity) }
        // A to-many kept on the members reads as its members, in order.
        for case .relationship(let r) in entity.properties where r.storage == .derived {
            let members = OrderedRelationship(schema: schema, owner: entity, relationship: r)?.order(of: id, in: self)
                ?? (membersByOwner(through: r, among: [id], sorted: true)[id] ?? []).map(\.identity)
            current[r.name] = .array(members.map(JSONValue.string))
        }
        var values = ObjectValues(entityName: entity.name, current: current)
        try assign(&values)
        try _apply(values, to: id, entity: entity, inserting: false)
    }

    /// Stores the values given, then makes inverses and orders follow.
    private mutating func _apply(_ values: ObjectValues, to id: ObjectID, entity: Entity, inserting: Bool) throws {
        var problems: [GraphProblem] = []
        func problem(_ kind: GraphProblem.Kind, _ message: String, _ property: String) {
            problems.append(GraphProblem(kind, message, entity: entity.name, identity: id.identity, property: property))
        }
        var stored: [(slot: Int, relationship: Relationship?, value: JSONValue)] = []
        var memberLists: [(Relationship, [String])] = []
        for name in values.names {
            let value = values.given[name] ?? .null
            guard let property = entity.property(named: name) else {
                problem(.unknownProperty, "\(entity.name) has no property \"\(name)\"", name)
                continue
            }
            if let why = value.storageProblem {
                problem(.wrongType, why, name)
                continue
            }
            if name == entity.identityAttribute {
                let same = value.stringValue.map { (try? entity.canonicalIdentity($0).get()) ?? $0 } ?? value.numberValue?.text
                if !(same.map { utf8Equal($0, id.identity) } ?? false) { problem(.wrongType, "the identity is the object's: it cannot be set", name) }
                continue
            }
            let relationship = property.relationship
            let written = relationship == nil ? value : GraphCoder.referenceStrings(value)
            switch StoredValueRule(property, schema: schema).check(written) {
            case .stored(let v):
                if let slot = entity.storedSlot[name] { stored.append((slot, relationship, v)) }
            case .derived:
                guard let r = relationship, let destination = schema.entity(named: r.destination),
                    let list = written.arrayValue, list.allSatisfy({ $0.stringValue != nil })
                else {
                    problem(.wrongType, "a to-many relationship is an array of identities", name)
                    continue
                }
                var members: [String] = [], seen = Set<ExactString>()
                for case .string(let s) in list {
                    let canonical = (try? destination.canonicalIdentity(s).get()) ?? s
                    guard seen.insert(ExactString(canonical)).inserted else { problem(.wrongType, "member \"\(canonical)\" is listed twice", name); continue }
                    members.append(canonical)
                }
                memberLists.append((r, members))
            case .invalid(let kind, let message):
                problem(kind, message, name)
            }
        }
        guard problems.isEmpty else { throw GraphError(problems: problems) }

        guard let before = objects[id] else { return }
        // What the steps below read of the graph as it was, read now: a
        // copy of the graph kept for it would copy every object.
        var prior = PriorReads()
        for (slot, relationship, value) in stored {
            guard let r = relationship, r.storage == .toOne, let destination = schema.entity(named: r.destination),
                let inverse = destination.inverse(of: r), inverse.storage == .derived,
                let ordering = OrderedRelationship(schema: schema, owner: destination, relationship: inverse)
            else { continue }
            for owner in [before.value(at: slot).stringValue, value.stringValue].compactMap({ $0 }) {
                prior.read(ordering, ObjectID(entity: ordering.ownerRoot, identity: owner), in: self)
            }
        }
        for (r, members) in memberLists {
            guard let destination = schema.entity(named: r.destination), let inverse = destination.inverse(of: r) else { continue }
            let ordering = OrderedRelationship(schema: schema, owner: entity, relationship: r)
            prior.previousMembers[r.name] = ordering?.order(of: id, in: self)
                ?? membersByOwner(through: r, among: [id], sorted: false)[id]?.map(\.identity) ?? []
            for m in members {
                let member = ObjectID(entity: destination.root, identity: m)
                guard let other = value(of: member, inverse.name)?.stringValue else { continue }
                prior.owners[member] = other
                if let ordering, !utf8Equal(other, id.identity) { prior.read(ordering, ObjectID(entity: ordering.ownerRoot, identity: other), in: self) }
            }
        }
        for (slot, _, value) in stored { objects[id]?.setValue(value, at: slot) }
        let explicit = Set(values.names)
        for (slot, relationship, value) in stored {
            guard let r = relationship else { continue }
            try _follow(r, of: id, from: before.value(at: slot), to: value, explicit: explicit, prior: prior)
        }
        for (r, members) in memberLists { try _setMembers(members, of: id, through: r, owner: entity, prior: prior) }
        // A new object's required values: given, defaulted, or set by an
        // order it joined (an index position).
        guard inserting, let object = objects[id] else { return }
        for (slot, p) in entity.storedProperties.enumerated() where object.value(at: slot).isNull {
            switch p {
            case .attribute(let a) where !a.isOptional && !a.isTransient:
                problem(.missingRequired, "required attribute \"\(a.name)\" is not given", a.name)
            case .relationship(let r) where r.storage == .toOne && !r.isOptional:
                problem(.missingRequired, "required relationship \"\(r.name)\" is not given", r.name)
            default: break
            }
        }
        guard problems.isEmpty else { throw GraphError(problems: problems) }
    }

    /// Makes the inverse of `r` follow a change of `r` on `id`.
    private mutating func _follow(_ r: Relationship, of id: ObjectID, from old: JSONValue, to new: JSONValue, explicit: Set<String>, prior: PriorReads) throws {
        guard let destination = schema.entity(named: r.destination), let inverse = destination.inverse(of: r) else { return }
        let targetRoot = destination.root
        switch r.storage {
        case .toOne:
            let was = old.stringValue, now = new.stringValue
            guard was != now else { return }
            switch inverse.storage {
            case .derived:
                guard let ordering = OrderedRelationship(schema: schema, owner: destination, relationship: inverse) else { return }
                let owner = { (identity: String) in ObjectID(entity: ordering.ownerRoot, identity: identity) }
                if let was {
                    let rest = prior.order(ordering, owner(was)).filter { !utf8Equal($0, id.identity) }
                    if case .chain = ordering.ordering { ordering.write(rest, of: owner(was), into: &self) }
                }
                guard let now else {
                    _clearLinks(of: id, ordering)
                    return
                }
                let order = prior.order(ordering, owner(now)).filter { !utf8Equal($0, id.identity) }
                switch ordering.ordering {
                case .chain(let links):
                    if !explicit.contains(links.prev) && !explicit.contains(links.next) {
                        _clearLinks(of: id, ordering)
                        ordering.write(order + [id.identity], of: owner(now), into: &self)
                    }
                case .index(let attribute):
                    if !explicit.contains(attribute) {
                        let last = order.last.flatMap { value(of: ObjectID(entity: ordering.memberRoot, identity: $0), attribute)?.numberValue?.doubleValue }
                        let next = last.map { $0.isFinite && abs($0) < 9e15 ? Int($0.rounded(.down)) + 1 : 0 } ?? 0
                        setValue(.number(JSONNumber(next)), of: id, attribute)
                    }
                case .array: break
                }
            case .toOne:
                if let was, let t = objects[ObjectID(entity: targetRoot, identity: was)], entityIfValid(of: t)?.storedSlot[inverse.name] != nil,
                    value(of: ObjectID(entity: targetRoot, identity: was), inverse.name)?.stringValue.map({ utf8Equal($0, id.identity) }) ?? false {
                    setValue(.null, of: ObjectID(entity: targetRoot, identity: was), inverse.name)
                }
                if let now {
                    let target = ObjectID(entity: targetRoot, identity: now)
                    if let other = value(of: target, inverse.name)?.stringValue, !utf8Equal(other, id.identity) {
                        setValue(.null, of: ObjectID(entity: id.entity, identity: other), r.name)
                    }
                    setValue(.string(id.identity), of: target, inverse.name)
                }
            case .orderedArray:
                if let was { _removeMember(id.identity, fromArray: inverse.name, of: ObjectID(entity: targetRoot, identity: was)) }
                if let now {
                    let target = ObjectID(entity: targetRoot, identity: now)
                    if let list = value(of: target, inverse.name)?.arrayValue, !list.contains(where: { $0.stringValue.map { utf8Equal($0, id.identity) } ?? false }) {
                        setValue(.array(list + [.string(id.identity)]), of: target, inverse.name)
                    }
                }
            case .manyToMany: break
            }
        case .manyToMany, .orderedArray:
            let was = Set((old.arrayValue?.compactMap(\.stringValue) ?? []).map { ExactString($0) })
            let now = Set((new.arrayValue?.compactMap(\.stringValue) ?? []).map { ExactString($0) })
            let sourceRoot = id.entity
            for gone in was.subtracting(now).map(\.string) {
                let target = ObjectID(entity: targetRoot, identity: gone)
                switch inverse.storage {
                case .toOne:
                    if value(of: target, inverse.name)?.stringValue == id.identity { setValue(.null, of: target, inverse.name) }
                case .manyToMany, .orderedArray: _removeMember(id.identity, fromArray: inverse.name, of: target)
                case .derived: break
                }
            }
            for added in now.subtracting(was).map(\.string) {
                let target = ObjectID(entity: targetRoot, identity: added)
                switch inverse.storage {
                case .toOne:
                    if let other = value(of: target, inverse.name)?.stringValue, !utf8Equal(other, id.identity) {
                        _removeMember(added, fromArray: r.name, of: ObjectID(entity: sourceRoot, identity: other))
                    }
                    setValue(.string(id.identity), of: target, inverse.name)
                case .manyToMany:
                    if let list = value(of: target, inverse.name)?.arrayValue, !list.contains(where: { $0.stringValue.map { utf8Equal($0, id.identity) } ?? false }) {
                        let ids = (list.compactMap(\.stringValue) + [id.identity]).sorted(by: utf8Less)
                        setValue(.array(ids.map(JSONValue.string)), of: target, inverse.name)
                    }
                case .orderedArray:
                    // Joins the end of the target's order.
                    if let list = value(of: target, inverse.name)?.arrayValue, !list.contains(where: { $0.stringValue.map { utf8Equal($0, id.identity) } ?? false }) {
                        setValue(.array(list + [.string(id.identity)]), of: target, inverse.name)
                    }
                case .derived: break
                }
            }
        case .derived: break
        }
    }

    /// Makes `members` the members of `owner` through the derived to-many
    /// `r`, in that order: their owner links name it, those left out leave
    /// it, and a chain or an index holds the order.
    private mutating func _setMembers(_ members: [String], of id: ObjectID, through r: Relationship, owner: Entity, prior: PriorReads) throws {
        guard let destination = schema.entity(named: r.destination), let inverse = destination.inverse(of: r) else { return }
        var problems: [GraphProblem] = []
        let memberIDs = members.map { ObjectID(entity: destination.root, identity: $0) }
        for m in memberIDs {
            guard let o = objects[m], let e = entityIfValid(of: o), schema.isKind(e.index, of: destination.index) else {
                problems.append(GraphProblem(.danglingReference, "lists \"\(m.identity)\", which is no \(destination.name)",
                                             entity: owner.name, identity: id.identity, property: r.name))
                continue
            }
        }
        guard problems.isEmpty else { throw GraphError(problems: problems) }
        let ordering = OrderedRelationship(schema: schema, owner: owner, relationship: r)
        let previous = prior.previousMembers[r.name] ?? []
        let listed = Set(members.map { ExactString($0) })
        for gone in previous where !listed.contains(ExactString(gone)) {
            let m = ObjectID(entity: destination.root, identity: gone)
            setValue(.null, of: m, inverse.name)
            if let ordering { _clearLinks(of: m, ordering) }
        }
        // Members that come from another owner leave its chain.
        if let ordering, case .chain = ordering.ordering {
            var left: [ObjectID: Set<ExactString>] = [:]
            for m in memberIDs {
                if let other = prior.owners[m], !utf8Equal(other, id.identity) {
                    left[ObjectID(entity: ordering.ownerRoot, identity: other), default: []].insert(ExactString(m.identity))
                }
            }
            for (other, moved) in left {
                ordering.write(prior.order(ordering, other).filter { !moved.contains(ExactString($0)) }, of: other, into: &self)
            }
        }
        for m in memberIDs { setValue(.string(id.identity), of: m, inverse.name) }
        guard let ordering else { return }
        switch ordering.ordering {
        case .chain: ordering.write(members, of: id, into: &self)
        case .index: ordering.writePositions(members, members.indices.map { .number(JSONNumber($0)) }, into: &self)
        case .array: break
        }
    }

    /// Clears the chain links of a member that leaves its owner.
    private mutating func _clearLinks(of id: ObjectID, _ ordering: OrderedRelationship) {
        guard case .chain(let links) = ordering.ordering else { return }
        setValue(.null, of: id, links.prev)
        setValue(.null, of: id, links.next)
    }

    private mutating func _removeMember(_ identity: String, fromArray name: String, of owner: ObjectID) {
        guard let list = value(of: owner, name)?.arrayValue else { return }
        setValue(.array(list.filter { !($0.stringValue.map { utf8Equal($0, identity) } ?? false) }), of: owner, name)
    }

    // MARK: Deleting

    mutating func _delete(_ id: ObjectID) throws -> [ObjectID] {
        guard objects[id] != nil else { throw failure(.unknownEntity, "there is no such object", id) }
        // Who refers to whom: per target, the (source, property) pairs.
        var referrers: [ObjectID: [(source: ObjectID, property: Relationship)]] = [:]
        for (source, object) in objects {
            guard let entity = entityIfValid(of: object) else { continue }
            for (slot, p) in entity.storedProperties.enumerated() {
                guard let r = p.relationship, let destination = schema.entity(named: r.destination) else { continue }
                StoredValue.forEachReference(in: object.value(at: slot)) { identity in
                    referrers[ObjectID(entity: destination.root, identity: identity), default: []].append((source, r))
                }
            }
        }
        // What `x`'s relationship `r` reaches.
        func targets(of x: ObjectID, _ entity: Entity, _ r: Relationship) -> [ObjectID] {
            guard let destination = schema.entity(named: r.destination) else { return [] }
            if r.storage == .derived {
                return (referrers[x] ?? []).filter {
                    $0.property.name == r.inverse && schema.entity(named: $0.property.destination)?.root == entity.root
                }.map(\.source)
            }
            return StoredValue.references(in: value(of: x, r.name) ?? .null).map { ObjectID(entity: destination.root, identity: $0) }
        }
        var doomed: [ObjectID] = [], inDoomed: Set<ObjectID> = [id], work = [id]
        var denied: [GraphProblem] = []
        while let x = work.popLast() {
            doomed.append(x)
            guard let object = objects[x], let entity = entityIfValid(of: object) else { continue }
            for case .relationship(let r) in entity.properties {
                switch r.deleteRule {
                case .cascade:
                    for t in targets(of: x, entity, r) where objects[t] != nil && inDoomed.insert(t).inserted { work.append(t) }
                case .deny:
                    if let t = targets(of: x, entity, r).first(where: { objects[$0] != nil }) {
                        denied.append(GraphProblem(.danglingReference, "cannot be deleted while \(r.name) holds \"\(t.identity)\" (delete rule deny)",
                                                   entity: entity.name, identity: x.identity, property: r.name))
                    }
                case .nullify, .noAction: break
                }
            }
        }
        guard denied.isEmpty else { throw GraphError(problems: denied) }

        // Orders the deleted objects were in close over them.
        let prior = self
        let orderings = OrderedRelationship.all(in: schema)
        for x in doomed { objects.removeValue(forKey: x) }
        var problems: [GraphProblem] = []
        for x in doomed {
            for (source, r) in referrers[x] ?? [] where !inDoomed.contains(source) {
                guard let v = value(of: source, r.name) else { continue }
                if v.arrayValue != nil {
                    _removeMember(x.identity, fromArray: r.name, of: source)
                } else if v.stringValue == x.identity {
                    setValue(.null, of: source, r.name)
                    if !r.isOptional {
                        problems.append(GraphProblem(.missingRequired, "required relationship \"\(r.name)\" would name the deleted \"\(x.identity)\"",
                                                     entity: source.entity, identity: source.identity, property: r.name))
                    }
                }
            }
        }
        for ordering in orderings {
            guard case .chain = ordering.ordering else { continue }
            var owners = Set<ObjectID>()
            for x in doomed {
                if let o = prior.objects[x], let owner = ordering.owner(of: o) { owners.insert(owner) }
            }
            for owner in owners where !inDoomed.contains(owner) {
                ordering.write(ordering.order(of: owner, in: prior).filter { !inDoomed.contains(ObjectID(entity: ordering.memberRoot, identity: $0)) },
                               of: owner, into: &self)
            }
            // The members a deleted owner leaves behind (its delete rule
            // nullifies) leave its chain too.
            for x in doomed {
                guard let o = prior.objects[x], ordering.isOwner(o) else { continue }
                for member in ordering.order(of: x, in: prior) {
                    let m = ObjectID(entity: ordering.memberRoot, identity: member)
                    if !inDoomed.contains(m) { _clearLinks(of: m, ordering) }
                }
            }
        }
        guard problems.isEmpty else { throw GraphError(problems: problems) }
        return doomed
    }
}

/// What an edit's steps read of the graph before the edit changes it: the
/// orders of the owners it touches, an owner's members, members' owners.
struct PriorReads {
    private struct Key: Hashable { var entity: String; var relationship: String; var owner: ObjectID }
    private var orders: [Key: [String]] = [:]
    /// Per to-many set on the object: its members before.
    var previousMembers: [String: [String]] = [:]
    /// Per member listed: the owner it named before.
    var owners: [ObjectID: String] = [:]

    private static func key(_ ordering: OrderedRelationship, _ owner: ObjectID) -> Key {
        Key(entity: ordering.ownerEntityName, relationship: ordering.relationship.name, owner: owner)
    }

    /// Reads `owner`'s order in `graph` (once).
    ///
    /// - Complexity: O(*n*) for a chain or an index (a pass over the objects).
    mutating func read(_ ordering: OrderedRelationship, _ owner: ObjectID, in graph: Graph) {
        let key = Self.key(ordering, owner)
        if orders[key] == nil { orders[key] = ordering.order(of: owner, in: graph) }
    }

    /// `owner`'s order as read (empty when it was not).
    func order(_ ordering: OrderedRelationship, _ owner: ObjectID) -> [String] { orders[Self.key(ordering, owner)] ?? [] }
}
