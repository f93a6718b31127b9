import GraphDiffJSON

extension GraphCoder {
    /// The graph of `groups` of values (each value of a declared type, in
    /// any order).
    ///
    ///     let graph = try coder.graph(lists, tasks)
    ///
    /// - Throws: `EncodingError` from a value's encoding; ``SchemaError``
    ///   when the declarations make no schema; ``GraphError`` naming each
    ///   object and property that does not fit (an undeclared type, a
    ///   repeated identity, a reference to no object, a member two owners
    ///   list, inverses that disagree).
    /// - Complexity: O(*n* + *s*), where *n* is the number of values and
    ///   *s* the size of their encodings.
    public func graph(_ groups: [any Encodable]...) throws -> Graph {
        try graphs([groups.flatMap { $0 }])[0]
    }

    /// One graph per version, all of one schema: the one to diff or merge
    /// versions with (the schema learns each entity's properties from every
    /// version, so an entity with no objects in one version still has them).
    ///
    ///     let (old, new) = try coder.graphs([oldLists + oldTasks, newLists + newTasks]).pair
    ///
    /// - Throws: as ``graph(_:)``.
    public func graphs(_ versions: [[any Encodable]]) throws -> [Graph] {
        let (objects, logs) = try encodeAll(versions)
        let model = try model(logs)
        return try objects.map { try build($0, model) }
    }

    /// The graph of one version's encoded values.
    func build(_ encoded: [EncodedObject], _ model: Model) throws -> Graph {
        let schema = model.schema
        var graph = Graph(schema: schema)
        graph.objects.reserveCapacity(encoded.count)
        var problems: [GraphProblem] = []
        // Orders the owners' Swift values hold for relationships the graph
        // keeps on the members: (owner, relationship, member identities).
        var ownerOrders: [(owner: ObjectID, entity: Entity, relationship: Relationship, members: [JSONValue])] = []

        for object in encoded {
            let declaration = entities[object.declaration]
            guard let entity = schema.entity(named: declaration.name) else { continue }
            let synthesized = model.synthesized[entity.name] ?? []
            guard let identity = identity(object.members[declaration.identity], of: entity, &problems) else { continue }
            let id = ObjectID(entity: entity.root, identity: identity)
            var values: [JSONValue] = []
            values.reserveCapacity(entity.storedProperties.count)
            for property in entity.storedProperties {
                guard !synthesized.contains(property.name) else { values.append(.null); continue }
                var value = object.members[property.name] ?? .null
                if let r = property.relationship {
                    value = Self.referenceStrings(value)
                    // An optional to-many left out (nil) has no members.
                    if value.isNull && (r.storage == .manyToMany || r.storage == .orderedArray) { value = .array([]) }
                }
                switch StoredValueRule(property, schema: schema).check(value) {
                case .stored(let v): values.append(v)
                case .derived: values.append(.null)
                case .invalid(let kind, let message):
                    problems.append(GraphProblem(kind, message, entity: entity.name, identity: identity, property: property.name))
                    values.append(.null)
                }
            }
            for name in model.ownerArrays[entity.name] ?? [] {
                guard let r = entity.property(named: name)?.relationship, let list = object.members[name] else { continue }
                guard let members = Self.referenceStrings(list).arrayValue else {
                    problems.append(GraphProblem(.wrongType, "a to-many relationship is an array of identities", entity: entity.name, identity: identity, property: name))
                    continue
                }
                ownerOrders.append((id, entity, r, members))
            }
            if graph.objects.updateValue(GraphObject(entity: entity, values: values), forKey: id) != nil {
                problems.append(GraphProblem(.duplicateIdentity, "two values have this identity", entity: entity.name, identity: identity))
            }
        }
        guard problems.isEmpty else { throw GraphError(problems: problems) }

        // The owners' arrays, written where the graph keeps them: each
        // member's owner link, and a chain's links or an index's positions.
        var listedBy: [ObjectID: ObjectID] = [:]
        var orderings: [String: OrderedRelationship?] = [:]
        for (owner, ownerEntity, relationship, list) in ownerOrders {
            guard let inverse = relationship.inverse, let destination = schema.entity(named: relationship.destination) else { continue }
            var members: [String] = [], listed = Set<ObjectID>()
            for case .string(let spelling) in list {
                let memberID = graph.id(entity: destination.name, identity: spelling)
                guard listed.insert(memberID).inserted else {
                    problems.append(GraphProblem(
                        .wrongType, "lists \"\(memberID.identity)\" twice", entity: owner.entity, identity: owner.identity, property: relationship.name))
                    continue
                }
                guard let member = graph.objects[memberID], let slot = graph.entity(of: member).storedSlot[inverse] else {
                    problems.append(GraphProblem(
                        .danglingReference, "lists \"\(spelling)\", which is no \(destination.name)",
                        entity: owner.entity, identity: owner.identity, property: relationship.name))
                    continue
                }
                if let other = listedBy.updateValue(owner, forKey: memberID), other != owner {
                    problems.append(GraphProblem(
                        .inverseDisagreement, "is listed by \"\(other.identity)\" and \"\(owner.identity)\"",
                        entity: memberID.entity, identity: memberID.identity, property: inverse))
                    continue
                }
                let link = member.value(at: slot)
                if !link.isNull, link.stringValue != owner.identity {
                    problems.append(GraphProblem(
                        .inverseDisagreement, "names \(JSONWriter.string(link)) but \"\(owner.identity)\" lists it",
                        entity: memberID.entity, identity: memberID.identity, property: inverse))
                    continue
                }
                graph.objects[memberID]?.setValue(.string(owner.identity), at: slot)
                members.append(memberID.identity)
            }
            let key = ownerEntity.name + "\u{0}" + relationship.name
            if orderings[key] == nil { orderings[key] = OrderedRelationship(schema: schema, owner: ownerEntity, relationship: relationship) }
            guard let ordering = orderings[key] ?? nil else { continue }
            if ordering.relationship.ordered?.isIndex ?? false {
                ordering.writePositions(members, members.indices.map { .number(JSONNumber($0)) }, into: &graph)
            } else {
                ordering.write(members, of: owner, into: &graph)
            }
        }
        problems += graph.consistencyProblems()
        guard problems.isEmpty else { throw GraphError(problems: problems) }
        return graph
    }

    /// The canonical identity an encoded identity value spells.
    private func identity(_ value: JSONValue?, of entity: Entity, _ problems: inout [GraphProblem]) -> String? {
        let spelling: String
        switch value {
        case .string(let s)?: spelling = s
        case .number(let n)?: spelling = n.text
        default:
            problems.append(GraphProblem(
                .missingRequired, "has no identity (\"\(entity.identity ?? "")\" is \(value.map { $0.kindName } ?? "missing"))", entity: entity.name))
            return nil
        }
        switch entity.canonicalIdentity(spelling) {
        case .success(let canonical): return canonical
        case .failure(let invalid):
            problems.append(GraphProblem(.wrongType, "identity \(invalid)", entity: entity.name, identity: spelling))
            return nil
        }
    }

    /// References as identity strings: integer identities encode as numbers.
    static func referenceStrings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let n): return .string(n.text)
        case .array(let list): return .array(list.map { if case .number(let n) = $0 { return .string(n.text) } else { return $0 } })
        default: return value
        }
    }
}
