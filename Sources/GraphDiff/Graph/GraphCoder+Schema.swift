import GraphDiffJSON

extension GraphCoder {
    /// One value encoded: its declaration and its members.
    struct EncodedObject {
        var declaration: Int
        var members: [String: JSONValue]
    }

    /// The schema built for some values, and what of it the Swift types do
    /// not hold.
    struct Model {
        var schema: Schema
        /// Per entity name: the properties the coder added (owner links,
        /// chain links, positions), which no Swift type has.
        var synthesized: [String: Set<String>]
        /// Per entity name: the to-many relationships whose members the
        /// Swift values of the owners list (an array of member identities),
        /// while the graph keeps the order, or the owner, on the members.
        var ownerArrays: [String: Set<String>]
    }

    /// Encodes every value of every version, learning the property types
    /// of each declared entity.
    func encodeAll(_ versions: [[any Encodable]]) throws -> (objects: [[EncodedObject]], logs: [PropertyTypeLog]) {
        let logs = entities.map { _ in PropertyTypeLog() }
        var objects: [[EncodedObject]] = []
        for values in versions {
            var encoded: [EncodedObject] = []
            encoded.reserveCapacity(values.count)
            for value in values {
                guard let d = byType[ObjectIdentifier(type(of: value))] else {
                    throw GraphError(problems: [GraphProblem(
                        .unknownEntity, "the type \(type(of: value)) is not declared to the coder", entity: String(describing: type(of: value)))])
                }
                let json = try JSONValueEncoder()._encode(value, recording: logs[d])
                guard let object = json.objectValue else {
                    throw GraphError(problems: [GraphProblem(
                        .wrongType, "a value of \(entities[d].name) encodes \(json.kindName), not an object", entity: entities[d].name)])
                }
                var members: [String: JSONValue] = [:]
                for m in object.members { members[m.key] = m.value }
                encoded.append(EncodedObject(declaration: d, members: members))
            }
            objects.append(encoded)
        }
        return (objects, logs)
    }

    /// The schema of the declared entities, with the attributes `logs`
    /// learnt from their values.
    func model(_ logs: [PropertyTypeLog]) throws -> Model {
        var synthesized: [String: Set<String>] = [:]
        var extraRelationships: [String: [Relationship]] = [:]
        var extraAttributes: [String: [Attribute]] = [:]
        var declaredNames: [String: Set<String>] = [:]
        for (i, d) in entities.enumerated() {
            declaredNames[d.name] = Set(d.references.map(\.name) + d.attributes.map(\.name) + [d.identity] + logs[i].names)
        }
        func add(_ property: String, to entity: String, _ make: () -> Void) {
            guard !(declaredNames[entity]?.contains(property) ?? true), !(synthesized[entity]?.contains(property) ?? false) else { return }
            synthesized[entity, default: []].insert(property)
            make()
        }
        // What a reference needs on its destination: the inverse, chain
        // links, a position.
        for d in entities {
            for r in d.references {
                let to = r.destination
                if let inverse = r.inverse {
                    add(inverse, to: to) {
                        extraRelationships[to, default: []].append(r.toMany
                            ? Relationship(name: inverse, destination: d.name, inverse: r.name)
                            : Relationship(name: inverse, destination: d.name, toMany: true, inverse: r.name))
                    }
                }
                switch r.ordering {
                case .chain(let links)?:
                    add(links.prev, to: to) { extraRelationships[to, default: []].append(Relationship(name: links.prev, destination: to, inverse: links.next)) }
                    add(links.next, to: to) { extraRelationships[to, default: []].append(Relationship(name: links.next, destination: to, inverse: links.prev)) }
                case .index(let attribute)?:
                    add(attribute, to: to) { extraAttributes[to, default: []].append(Attribute(name: attribute, type: .int64, isOptional: true)) }
                default: break
                }
            }
        }

        var problems: [SchemaProblem] = []
        var declared: [Entity] = []
        for (i, d) in entities.enumerated() {
            let log = logs[i]
            let referenceNames = Set(d.references.map(\.name))
            let declaredAttributes = Set(d.attributes.map(\.name))
            var attributes = d.attributes
            if !declaredAttributes.contains(d.identity) {
                let type = log.entries[d.identity]?.type ?? .string
                if !type.canBeIdentity {
                    problems.append(SchemaProblem(
                        "the identity \"\(d.identity)\" is a \(type.rawValue); an identity is a String, a UUID or an integer",
                        path: ["entities", d.name, d.identity]))
                }
                attributes.append(Attribute(name: d.identity, type: type == .decimal ? .int64 : type))
            }
            for name in log.names where name != d.identity && !referenceNames.contains(name) && !declaredAttributes.contains(name) {
                guard let entry = log.entries[name] else { continue }
                attributes.append(Attribute(name: name, type: entry.type, isOptional: entry.isOptional))
            }
            attributes += extraAttributes[d.name] ?? []
            var relationships = d.references.map { r in
                Relationship(name: r.name, destination: r.destination, toMany: r.toMany, ordered: r.ordering,
                             inverse: r.inverse, deleteRule: r.deleteRule, isOptional: true)
            }
            relationships += extraRelationships[d.name] ?? []
            declared.append(Entity(name: d.name, identity: d.identity, attributes: attributes, relationships: relationships))
        }
        guard problems.isEmpty else { throw SchemaError(problems: problems) }
        let schema = try Schema(name: name, version: version, entities: declared)

        // What the values encode must fit the references declared: a
        // reference kept on the object is one of its properties, and a
        // to-one holds an identity of its destination's Swift type.
        for (i, d) in entities.enumerated() where !logs[i].names.isEmpty {
            guard let entity = schema.entity(named: d.name) else { continue }
            for r in d.references {
                guard let storage = entity.property(named: r.name)?.relationship?.storage, storage != .derived else { continue }
                guard let entry = logs[i].entries[r.name] else {
                    problems.append(SchemaProblem(
                        "reference \"\(r.name)\" is no property of \(d.type) (it encodes \(logs[i].names.map { "\"\($0)\"" }.joined(separator: ", ")))",
                        path: ["entities", d.name, r.name]))
                    continue
                }
                guard storage == .toOne, entry.type != .json, let identityType = schema.entity(named: r.destination)?.identityType else { continue }
                let fits = entry.type == identityType || ([.int16, .int32, .int64].contains(identityType) && entry.type == .int64)
                if !fits {
                    problems.append(SchemaProblem(
                        "reference \"\(r.name)\" holds \(entry.type.rawValue) values, but \(r.destination)'s identity is \(identityType.rawValue): "
                        + "give the property the identity's Swift type", path: ["entities", d.name, r.name]))
                }
            }
        }
        guard problems.isEmpty else { throw SchemaError(problems: problems) }

        var ownerArrays: [String: Set<String>] = [:]
        for (i, d) in entities.enumerated() {
            guard let entity = schema.entity(named: d.name) else { continue }
            for r in entity.relationships where logs[i].entries[r.name] != nil {
                // Kept on the members; or an array on the owner whose
                // members' owner link the coder added.
                let linked = r.storage == .orderedArray && r.inverse.map { synthesized[r.destination]?.contains($0) ?? false } ?? false
                if r.storage == .derived || linked { ownerArrays[d.name, default: []].insert(r.name) }
            }
        }
        return Model(schema: schema, synthesized: synthesized, ownerArrays: ownerArrays)
    }
}
