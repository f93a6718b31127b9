import GraphDiffJSON

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
        // The target is shared (the caller holds it): its rows are copied
        // once, with room for the inserts (as the changes were judged, for
        // a large target).
        if let ownRows {
            graph.objects = ownRows
            self.ownRows = nil
        } else {
            graph.objects.reserveOwnCapacity(graph.objects.rowCount + inserts.count)
        }
        var problems: [GraphProblem] = []
        // Orders are computed from the target before anything moves (as
        // they were read when the changes were judged).
        var newOrders: [(owner: ObjectID, layout: OrderedRelationship, order: [String], change: SequenceChange)] = []
        for (owner, layout, change, before) in orders {
            guard let after = change.apply(to: before) else {
                throw PatchError(.rejected([PatchMismatch(
                    change: -1, subject: "order \(change.ownerEntity) \"\(owner.identity)\".\(layout.relationship.name)",
                    expected: nil, found: .array(before.map(JSONValue.string)), reason: "the order edits do not fit",
                    entity: change.ownerEntity, identity: owner.identity, property: layout.relationship.name)]))
            }
            newOrders.append((owner, layout, after, change))
        }
        for (key, value) in metadata { graph.metadata[key] = value }
        for id in deletes { graph.removeObject(id) }
        for (id, entity, values) in inserts {
            graph[id] = insertedObject(id, entity, values, problems: &problems)
        }
        for (id, property, value) in updates {
            guard let object = graph[id], let p = graph.entity(of: object).property(named: property) else { continue }
            store(value, of: id, p, object, in: &graph, problems: &problems)
        }
        // Members that left a chain lose their links; then every new order
        // is written (an index's as the patch's values).
        for (_, layout, _, change) in newOrders {
            for r in change.removed { layout.clearLinks(of: ObjectID(entity: layout.memberRoot, identity: r.member), in: &graph) }
        }
        for (owner, layout, order, change) in newOrders {
            guard let attribute = layout.relationship.indexAttribute else {
                layout.write(order, of: owner, into: &graph)
                continue
            }
            for p in change.positions {
                let id = ObjectID(entity: layout.memberRoot, identity: p.member)
                guard let object = graph[id], let property = graph.entity(of: object).property(named: attribute) else { continue }
                store(p.new, of: id, property, object, in: &graph, problems: &problems)
            }
        }
        // An index's values must give its new order; on a target that
        // differs from the patch's old graph they may not, and then the
        // fewest members are renumbered.
        for (owner, layout, order, _) in newOrders where layout.ordering.isIndex {
            renumberIfNeeded(order, of: owner, layout, in: &graph)
        }
        return (graph, problems)
    }

    /// Stores `value` in `property` of the object `id` (now `object`) when
    /// it suits the property (``StoredValueRule``), else adds the problem.
    func store(_ value: JSONValue, of id: ObjectID, _ property: Property, _ object: GraphObject, in graph: inout Graph,
               problems: inout [GraphProblem]) {
        switch StoredValueRule(property, schema: schema).check(value) {
        case .stored(let stored): graph.setValue(stored, of: id, property.name)
        case .derived: break
        case .invalid(let kind, let message):
            problems.append(GraphProblem(kind, message, entity: graph.entity(of: object).name, identity: id.identity, property: property.name))
        }
    }

    /// Gives the members of `order` (the new order of `owner`) values that
    /// sort them so, when theirs do not (as an index reads them: ties by
    /// identity, members without a value last): the fewest are renumbered
    /// (``PositionAssignment``).
    ///
    /// - Complexity: O(*m* log *m*) for *m* members.
    func renumberIfNeeded(_ order: [String], of owner: ObjectID, _ layout: OrderedRelationship, in graph: inout Graph) {
        let ids = order.map { ObjectID(entity: layout.memberRoot, identity: $0) }
        let values = ids.map { id in graph.objects[id].map(layout.position(of:)) ?? .null }
        // Values that give the order as they are (ties by identity, no
        // value last) stay, exactly as the patch wrote them.
        let sorted = PositionKey.sorted(zip(order, values).map { (id: $0, value: $1) })
        if sorted.elementsEqual(order, by: utf8Equal) { return }
        let current = values.map(PositionKey.number)
        let least = current.compactMap { $0 }.min() ?? JSONNumber(0)
        let floor = least < JSONNumber(0) ? least : JSONNumber(0)
        let assigned = PositionAssignment.values(for: current, weights: Array(repeating: .other, count: order.count),
                                                 type: layout.indexType ?? .double, floor: floor, dense: nil)
        layout.writePositions(order, assigned.map(JSONValue.number), into: &graph)
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
                if r.storage == .toOne && !r.isOptional { problem(.missingRequired, "missing required relationship \"\(r.name)\"", r.name) }
                return StoredValue.empty(r.storage)
            }
            return .null
        }
        return GraphObject(entity: entity, values: filled)
    }
}
