import GraphDiffJSON

extension GraphCoder {
    /// The values of type `T` in `graph`: one per object of `T`'s entity, in
    /// the graph's identity order (``Graph/sortedIDs``).
    ///
    ///     let tasks = try coder.values(Task.self, in: merged.graph)
    ///
    /// An ordered to-many comes back as the owner's array in order, an
    /// unordered one sorted by identity; what the coder added to keep order
    /// on the members (owner links, chain links, positions) is not handed to
    /// `T`.
    ///
    /// - Throws: ``GraphError`` when `T` is not declared or `graph` has no
    ///   entity for it; `DecodingError` when an object's values do not fit `T`.
    /// - Complexity: O(*n* + *m* log *m*), where *n* is the number of objects
    ///   and *m* the members of `T`'s to-many relationships.
    public func values<T: Decodable>(_ type: T.Type, in graph: Graph) throws -> [T] {
        guard let d = byType[ObjectIdentifier(T.self)] else {
            throw GraphError(problems: [GraphProblem(.unknownEntity, "the type \(T.self) is not declared to the coder", entity: String(describing: T.self))])
        }
        let declaration = entities[d]
        let schema = graph.schema
        guard let entity = schema.entity(named: declaration.name) else {
            throw GraphError(problems: [GraphProblem(.unknownEntity, "the graph's schema has no entity \(declaration.name)", entity: declaration.name)])
        }
        let swiftNames = Set(declaration.references.map(\.name))
        // The to-many relationships kept on the members, read for every
        // owner in one pass each.
        var derived: [(name: String, destination: AttributeType?, members: [ObjectID: [String]])] = []
        for property in entity.properties {
            guard let r = property.relationship, r.storage == .derived, swiftNames.contains(r.name) else { continue }
            let type = schema.entity(named: r.destination)?.identityType
            if let ordering = OrderedRelationship(schema: schema, owner: entity, relationship: r) {
                let owners = Set(graph.objects.keys.filter { $0.entity == entity.root })
                derived.append((r.name, type, ordering.orders(of: owners, in: graph)))
            } else {
                derived.append((r.name, type, graph.membersByOwner(through: r).mapValues { $0.map(\.identity) }))
            }
        }
        let decoder = JSONValueDecoder()
        var result: [T] = []
        for id in graph.sortedIDs {
            guard let object = graph.objects[id], object.entityIndex == entity.index else { continue }
            var members: [JSONObject.Member] = []
            if let key = entity.identityAttribute {
                members.append(JSONObject.Member(key: key, value: Self.identityValue(id.identity, entity.identityType)))
            }
            for (slot, property) in entity.storedProperties.enumerated() {
                let value = object.value(at: slot)
                guard !value.isNull else { continue }
                switch property {
                case .attribute(let a): members.append(.init(key: a.name, value: value))
                case .relationship(let r):
                    guard swiftNames.contains(r.name) else { continue }
                    let type = schema.entity(named: r.destination)?.identityType
                    if let list = value.arrayValue {
                        members.append(.init(key: r.name, value: .array(list.map { Self.identityValue($0.stringValue ?? "", type) })))
                    } else if let ref = value.stringValue {
                        members.append(.init(key: r.name, value: Self.identityValue(ref, type)))
                    }
                }
            }
            for (name, type, owners) in derived {
                members.append(.init(key: name, value: .array((owners[id] ?? []).map { Self.identityValue($0, type) })))
            }
            do {
                result.append(try decoder.decode(T.self, from: .object(JSONObject(members))))
            } catch let error as DecodingError {
                throw GraphError(problems: [GraphProblem(
                    .wrongType, "cannot be read as \(T.self): \(Self.describe(error))", entity: entity.name, identity: id.identity)])
            }
        }
        return result
    }

    /// A decoding error in words: where, and what.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "" : " at " + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): return c.debugDescription + path(c)
        case .keyNotFound(let key, let c): return "no value for \"\(key.stringValue)\"" + path(c)
        @unknown default: return "\(error)"
        }
    }

    /// An identity as its Swift value encodes it: a number for an integer
    /// identity, else a string.
    static func identityValue(_ identity: String, _ type: AttributeType?) -> JSONValue {
        switch type {
        case .int16?, .int32?, .int64?: return .number(JSONNumber(identity))
        default: return .string(identity)
        }
    }
}
