import GraphDiffJSON

// The editing API: every public edit checks what it is given against the
// schema, keeps relationships in step the way Core Data does (an inverse
// follows its reference, a member joins the end of its owner's order,
// deleting applies the delete rules) and checks the graph's consistency
// before it returns. An edit that throws leaves the graph as it was.

extension Graph {
    /// Inserts an object of `entity` with identity `identity`, its values set
    /// by `assign`.
    ///
    ///     try graph.insert(entity: "Task", identity: "t6") {
    ///         $0.title = "Tea"
    ///         $0.list = "groceries"   // joins the end of the list's items
    ///     }
    ///
    /// A property not given takes its default, else `null` (an empty array
    /// for a to-many). A reference's inverse follows: the target of a
    /// one-to-one points back, a many-to-many's targets list the object, and
    /// the object joins the end of an ordered to-many it becomes a member
    /// of, unless its links or position are given.
    ///
    /// - Returns: the new object's ``ObjectID``.
    /// - Throws: ``GraphError`` for an unknown or abstract entity, an
    ///   identity that is no identity of the entity's type or is taken, an
    ///   unknown property, a value of the wrong type, a required value
    ///   missing, a reference to no object, or an edit that leaves the graph
    ///   inconsistent (each problem names the object and property); what
    ///   `assign` throws. The graph is then unchanged.
    /// - Complexity: O(*n*), where *n* is the number of objects (the
    ///   consistency check). Insert many objects with ``edit(_:)``, which
    ///   checks once.
    @discardableResult
    public mutating func insert(entity name: String, identity: String, _ assign: (inout ObjectValues) throws -> Void = { _ in }) throws -> ObjectID {
        var id = ObjectID(entity: name, identity: identity)
        try edit { graph in id = try graph._insert(entity: name, identity: identity, assign) }
        return id
    }

    /// Changes the values of the object `id` that `assign` sets; reading a
    /// property in `assign` gives its current value.
    ///
    ///     try graph.update(milk) { $0.title = "Oat milk" }
    ///
    /// Inverses and orders follow as ``insert(entity:identity:_:)`` says; a
    /// to-many with a to-one inverse (a list's items) may be set on the
    /// owner: the members listed join it in that order, and those left out
    /// leave it.
    ///
    /// - Throws: as ``insert(entity:identity:_:)``, and for an object that
    ///   does not exist.
    /// - Complexity: O(*n*).
    public mutating func update(_ id: ObjectID, _ assign: (inout ObjectValues) throws -> Void) throws {
        try edit { graph in try graph._update(id, assign) }
    }

    /// Deletes the object `id`, applying the delete rules of its
    /// relationships: `cascade` deletes the objects it owns, `deny` refuses
    /// while any exist, `nullify` and `noAction` clear the references to it.
    /// Every reference to a deleted object is cleared and every order it was
    /// in closes over it.
    ///
    ///     try graph.delete(graph.id(entity: "TaskList", identity: "groceries"))   // and its tasks
    ///
    /// - Returns: the identities deleted (`id` first).
    /// - Throws: ``GraphError`` for an object that does not exist, a `deny`
    ///   rule that refuses, or a required reference left `null`; the graph is
    ///   then unchanged.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func delete(_ id: ObjectID) throws -> [ObjectID] {
        var deleted: [ObjectID] = []
        try edit { graph in deleted = try graph._delete(id) }
        return deleted
    }

    /// Runs several edits (``insert(entity:identity:_:)``,
    /// ``update(_:_:)``, ``delete(_:)``) and checks the graph once at the
    /// end: the way to build objects that refer to each other, or many
    /// objects at once.
    ///
    ///     try graph.edit { g in
    ///         try g.insert(entity: "TaskList", identity: "errands") { $0.title = "Errands" }
    ///         try g.insert(entity: "Task", identity: "t7") { $0.title = "Post"; $0.list = "errands" }
    ///     }
    ///
    /// - Throws: what `body` throws, or ``GraphError`` with every problem of
    ///   the graph after it; the graph is then unchanged.
    /// - Complexity: that of `body`, plus O(*n*) for the check.
    public mutating func edit(_ body: (inout Graph) throws -> Void) throws {
        // Inside a batch, an edit works on the batch's draft: the batch as
        // a whole is kept or refused (copying the graph for each edit would
        // copy every object).
        if editDepth > 0 {
            try body(&self)
            return
        }
        var draft = self
        draft.editDepth = 1
        try body(&draft)
        draft.editDepth = 0
        let problems = draft._storedValueProblems() + draft.consistencyProblems()
        guard problems.isEmpty else { throw GraphError(problems: problems) }
        self = draft
    }

    /// Changes the graph's metadata: `assign` edits a copy, which is kept
    /// when it can be written to a file that reads back as it.
    ///
    ///     try graph.updateMetadata { $0["device"] = "phone" }
    ///
    /// - Throws: ``GraphError`` for a repeated member name, a number whose
    ///   text is no JSON number or nesting deeper than a graph file allows;
    ///   what `assign` throws. The metadata is then unchanged.
    public mutating func updateMetadata(_ assign: (inout JSONObject) throws -> Void) throws {
        var metadata = self.metadata
        try assign(&metadata)
        if let why = JSONValue.object(metadata).storageProblem {
            throw GraphError(problems: [GraphProblem(.wrongType, why, entity: nil, identity: nil, property: nil)])
        }
        self.metadata = metadata
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
        guard let object = objects[id], let entity = entityIfValid(of: object) else {
            return GraphProblem(.unknownEntity, "there is no such object", entity: id.entity, identity: id.identity, property: property)
        }
        guard let p = entity.property(named: property), entity.storedSlot[property] != nil else {
            return GraphProblem(.unknownProperty, "\(entity.name) has no stored property \"\(property)\"",
                                entity: entity.name, identity: id.identity, property: property)
        }
        if let why = value.storageProblem {
            return GraphProblem(.wrongType, why, entity: entity.name, identity: id.identity, property: property)
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

    /// The values of every object that the loader would refuse (a required
    /// value left `null` when an edit cleared a reference, say), by the
    /// loader's rule (``StoredValueRule``).
    ///
    /// - Complexity: O(*n* · *p*) for *n* objects of *p* stored properties.
    func _storedValueProblems() -> [GraphProblem] {
        let rules = schema.entities.map { e in e.storedProperties.map { StoredValueRule($0, schema: schema) } }
        var problems: [GraphProblem] = []
        for (id, object) in objects {
            guard let entity = entityIfValid(of: object) else { continue }
            for (slot, rule) in rules[object.entityIndex].enumerated() {
                if case .invalid(let kind, let message) = rule.check(object.value(at: slot)) {
                    problems.append(GraphProblem(kind, message, entity: entity.name, identity: id.identity, property: entity.storedProperties[slot].name))
                }
            }
        }
        return problems.sorted(by: GraphProblem.subjectOrder)
    }

    /// The entity of `object`, when its position is one of the schema's.
    func entityIfValid(of object: GraphObject) -> Entity? {
        schema.entities.indices.contains(object.entityIndex) ? schema.entities[object.entityIndex] : nil
    }

    // MARK: Unchecked edits, for the library's own stages

    /// Sets a stored property of an object to `value`, as given: neither
    /// the value nor the graph is checked (the stages that call it check
    /// what they write, or mean to make a graph that is wrong).
    ///
    /// - Returns: `false` when the object or the stored property does not
    ///   exist (nothing is changed); `true` when the value was stored.
    @discardableResult
    package mutating func setValue(_ value: JSONValue, of id: ObjectID, _ property: String) -> Bool {
        guard let object = objects[id], let entity = entityIfValid(of: object), let slot = entity.storedSlot[property] else { return false }
        objects[id]?.setValue(value, at: slot)
        return true
    }

    /// Removes an object (only that object: no cascade, no nullify).
    @discardableResult
    package mutating func removeObject(_ id: ObjectID) -> GraphObject? {
        objects.removeValue(forKey: id)
    }
}

extension JSONValue {
    /// Why the value cannot be written to a file that reads back as it
    /// (a number whose text is no JSON number, a repeated member name in an
    /// object, nesting deeper than the reader accepts in a graph file), or
    /// `nil`. Walks the value without recursion, so any depth is safe.
    ///
    /// - Complexity: O(*s*) in the size of the value.
    var storageProblem: String? {
        // The graph file's own nesting (objects, entity, object) comes on top.
        let limit = JSONReader.defaultMaximumDepth - 4
        var work: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = work.popLast() {
            switch value {
            case .number(let n):
                if n.plainInteger == nil && !JSONNumber.isValid(n.text) { return "\(n.text) is no JSON number" }
            case .array(let list):
                if depth >= limit { return "the value nests deeper than \(limit) levels" }
                for v in list where !v.isScalar || v.numberValue != nil { work.append((v, depth + 1)) }
            case .object(let o):
                if depth >= limit { return "the value nests deeper than \(limit) levels" }
                var names = Set<ExactString>()
                for m in o.members {
                    // Names compare as bytes: NFC and NFD spellings are two names.
                    guard names.insert(ExactString(m.key)).inserted else {
                        return "member \(JSONWriter.string(.string(m.key))) is repeated"
                    }
                    if !m.value.isScalar || m.value.numberValue != nil { work.append((m.value, depth + 1)) }
                }
            default: break
            }
        }
        return nil
    }
}
