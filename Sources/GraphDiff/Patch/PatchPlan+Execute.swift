
extension PatchPlan {
    /// Performs the pending changes.
    ///
    /// Every value written is checked by the rule the loader applies
    /// (``StoredValueRule``): an inserted object's values must name stored
    /// properties of its entity and suit them, its required properties must
    /// be given (or have a default), and an update's new value must suit its
    /// property.
    ///
    /// - Returns: the patched graph, and the problems of the values written
    ///   (empty when they all suit their properties).
    /// - Throws: ``PatchError`` (rejected) when order edits do not fit.
    mutating func execute() throws(PatchError) -> (Graph, [GraphProblem]) {
        var graph = target
        var problems: [GraphProblem] = []
        // Chain orders are computed from the target before anything moves.
        var newOrders: [(ObjectID, Relationship, [String])] = []
        for (owner, relationship, change) in orders {
            guard let links = relationship.ordered else { continue }
            let before = targetOrder(of: owner, through: relationship, links: links).map(\.identity)
            guard let after = change.apply(to: before) else {
                throw PatchError(.rejected([PatchMismatch(
                    change: -1, subject: "order \(change.ownerEntity) \"\(owner.identity)\".\(relationship.name)",
                    expected: nil, found: .array(before.map(JSONValue.string)), reason: "the order edits do not fit",
                    entity: change.ownerEntity, identity: owner.identity, property: relationship.name)]))
            }
            newOrders.append((owner, relationship, after))
        }
        for (key, value) in metadata { graph.metadata[key] = value }
        for id in deletes { graph.removeObject(id) }
        for (id, entity, values) in inserts {
            graph[id] = insertedObject(id, entity, values, problems: &problems)
        }
        for (id, property, value) in updates {
            guard let object = graph[id], let p = graph.entity(of: object).property(named: property) else { continue }
            switch StoredValueRule(p, schema: schema).check(value) {
            case .stored(let stored): graph.setValue(stored, of: id, property)
            case .derived: break
            case .invalid(let kind, let message):
                problems.append(GraphProblem(kind, message, entity: graph.entity(of: object).name, identity: id.identity, property: property))
            }
        }
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
        return (graph, problems)
    }

    /// The object an insert makes, as loading it would: each value checked
    /// for its property, absent attributes taking their default, absent
    /// many-to-many relationships empty. What does not suit is added to
    /// `problems` (the value is then kept as given: the result is refused).
    func insertedObject(_ id: ObjectID, _ entity: Entity, _ values: [PropertyValue], problems: inout [GraphProblem]) -> GraphObject {
        func problem(_ kind: GraphProblem.Kind, _ message: String, _ property: String) {
            problems.append(GraphProblem(kind, message, entity: entity.name, identity: id.identity, property: property))
        }
        var stored = [JSONValue?](repeating: nil, count: entity.storedProperties.count)
        for v in values {
            if let identity = entity.identityAttribute, utf8Equal(v.name, identity) {
                // The identity may be repeated, as in a file: it must be the object's.
                let given = v.value.stringValue.map { entity.canonicalIdentity($0) }
                    ?? v.value.numberValue.map { entity.canonicalIdentityType?.canonicalIdentity($0) ?? .success($0.text) }
                if !((try? given?.get()).map { utf8Equal($0, id.identity) } ?? false) {
                    problem(.wrongType, "identity attribute \(JSONWriter.string(v.value)) differs from the object's identity", v.name)
                }
                continue
            }
            guard let property = entity.property(named: v.name) else {
                problem(.unknownProperty, "unknown property \"\(v.name)\" of entity \"\(entity.name)\"", v.name)
                continue
            }
            guard let slot = entity.storedSlot[v.name] else {
                let inverse = property.relationship?.inverse ?? ""
                problem(.unknownProperty, "\"\(v.name)\" is not stored: it is derived from the members' \"\(inverse)\"", v.name)
                continue
            }
            switch StoredValueRule(property, schema: schema).check(v.value) {
            case .stored(let value): stored[slot] = value
            case .derived: break
            case .invalid(let kind, let message):
                problem(kind, message, v.name)
                stored[slot] = v.value
            }
        }
        let filled = entity.storedProperties.enumerated().map { slot, property -> JSONValue in
            if let value = stored[slot] { return value }
            switch property {
            case .attribute(let a):
                if let d = a.defaultValue { return d }
                if !a.isOptional && !a.isTransient { problem(.missingRequired, "missing required attribute \"\(a.name)\"", a.name) }
            case .relationship(let r):
                if r.storage == .manyToMany { return .array([]) }
                if r.storage == .toOne && !r.isOptional { problem(.missingRequired, "missing required relationship \"\(r.name)\"", r.name) }
            }
            return .null
        }
        return GraphObject(entity: entity, values: filled)
    }
}
