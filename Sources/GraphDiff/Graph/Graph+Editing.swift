import GraphDiffJSON

extension Graph {
    /// Sets a stored property of an object to `value`, as given.
    ///
    /// It checks neither the value nor the graph: a value of the wrong type
    /// (`.bool(true)` for a string attribute), `null` for a required
    /// property or a reference in the wrong spelling is stored and `true`
    /// returned, and ``consistencyProblems()`` does not look at values'
    /// types either. Check a value first with
    /// ``valueProblem(_:of:_:)`` (the rule the loader applies to every
    /// value of a file); callers that edit several objects check
    /// references, inverses and chains afterwards with
    /// ``consistencyProblems()``.
    ///
    ///     var graph = try Graph.load(contentsOfFile: "Samples/tasks/base.graph.json")
    ///     let milk = graph.id(entity: "Task", identity: "t1")
    ///     if graph.valueProblem("Oat milk", of: milk, "title") == nil {
    ///         graph.setValue("Oat milk", of: milk, "title")   // true
    ///     }
    ///
    /// - Returns: `false` when the object or the stored property does not
    ///   exist (nothing is changed); `true` when the value was stored.
    @discardableResult
    public mutating func setValue(_ value: JSONValue, of id: ObjectID, _ property: String) -> Bool {
        guard let object = objects[id], let slot = schema.entities[object.entityIndex].storedSlot[property] else { return false }
        objects[id]?.setValue(value, at: slot)
        return true
    }

    /// Why `value` cannot be stored in `property` of the object `id`, or
    /// `nil` when it can: the loader's rule for every value of a file. An
    /// attribute holds a value of its type (``AttributeType/problem(with:)``)
    /// or `null` when optional; a to-one reference an identity string (in
    /// its canonical spelling for integer and UUID identities) or `null`
    /// when optional; a many-to-many relationship an array of identity
    /// strings without repeats. Whether a reference's target exists is
    /// ``consistencyProblems()``'s to say.
    ///
    ///     graph.valueProblem(.bool(true), of: milk, "title")?.message
    ///     // "value true has the wrong type: expected a string, found boolean"
    ///
    /// - Returns: a problem of kind `wrongType` or `missingRequired` for the
    ///   value, `unknownProperty` when the object has no such stored
    ///   property (a derived to-many is set through its members), or
    ///   `unknownEntity` when there is no object `id`.
    /// - Complexity: O(1) for attributes and to-one references (but the
    ///   length of the value), O(*m* log *m*) for *m* members of a many-to-many.
    public func valueProblem(_ value: JSONValue, of id: ObjectID, _ property: String) -> GraphProblem? {
        guard let object = objects[id] else {
            return GraphProblem(.unknownEntity, "there is no such object", entity: id.entity, identity: id.identity, property: property)
        }
        let entity = entity(of: object)
        guard let p = entity.property(named: property), entity.storedSlot[property] != nil else {
            return GraphProblem(.unknownProperty, "\(entity.name) has no stored property \"\(property)\"",
                                entity: entity.name, identity: id.identity, property: property)
        }
        switch StoredValueRule(p, schema: schema).check(value) {
        case .stored: return nil
        case .derived:
            return GraphProblem(.unknownProperty, "\(entity.name) has no stored property \"\(property)\"",
                                entity: entity.name, identity: id.identity, property: property)
        case .invalid(let kind, let message):
            return GraphProblem(kind, message, entity: entity.name, identity: id.identity, property: property)
        }
    }

    /// Removes an object (only that object: no cascade, no nullify).
    @discardableResult
    public mutating func removeObject(_ id: ObjectID) -> GraphObject? {
        objects.removeValue(forKey: id)
    }
}
