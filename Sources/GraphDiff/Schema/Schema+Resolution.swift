import GraphDiffJSON

extension Schema {
    /// Builds a schema from declared entities and checks it whole.
    ///
    /// Resolves inheritance (ancestors, root, inherited properties and
    /// identity), checks that every relationship's destination exists and that
    /// its inverse exists and points back, that chains are pairs of to-one
    /// self references inverse to each other, that identities and defaults
    /// suit their types, and that the diff scope names real properties.
    ///
    /// - Throws: ``SchemaError`` listing every problem found, not just the first.
    /// - Complexity: O(*e* · *d* + *p*), where *e* is the number of entities,
    ///   *d* the depth of inheritance and *p* the number of properties.
    public init(
        name: String, version: JSONValue? = nil, entities declared: [Entity],
        diffScope: DiffScope = DiffScope()
    ) throws {
        var problems: [SchemaProblem] = []
        let entities = declared.sorted { utf8Less($0.name, $1.name) }.map { $0.declaredCopy() }
        var index: [String: Int] = [:]
        for (i, e) in entities.enumerated() {
            if index[e.name] != nil {
                problems.append(SchemaProblem("entity \"\(e.name)\" is declared twice", path: ["entities", e.name]))
            }
            index[e.name] = i
        }

        // Inheritance: ancestors and root, refusing unknown parents and cycles.
        for i in entities.indices {
            var ancestors: [String] = []
            var current = entities[i]
            var cyclic = false
            while let parent = current.parent {
                guard let p = index[parent] else {
                    problems.append(SchemaProblem(
                        "unknown parent entity \"\(parent)\"", path: ["entities", current.name, "parent"]))
                    break
                }
                if parent == entities[i].name || ancestors.contains(parent) {
                    cyclic = true
                    break
                }
                ancestors.append(parent)
                current = entities[p]
            }
            if cyclic {
                problems.append(SchemaProblem(
                    "inheritance cycle through \"\(entities[i].name)\"", path: ["entities", entities[i].name, "parent"]))
                ancestors = []
            }
            entities[i].ancestors = ancestors
            entities[i].root = ancestors.last ?? entities[i].name
        }

        for (i, e) in entities.enumerated() {
            e.index = i
            e.kindIndices = Set([i] + e.ancestors.compactMap { index[$0] })
        }

        // Properties, inherited first, and the identity from the root.
        for i in entities.indices {
            let entity = entities[i]
            let lineage = (entity.ancestors.reversed().compactMap { index[$0] }.map { entities[$0] }) + [entity]
            var byName: [String: Property] = [:]
            for level in lineage {
                let declaredHere = level.attributes.map(Property.attribute) + level.relationships.map(Property.relationship)
                for property in declaredHere {
                    if byName[property.name] != nil {
                        if level.name == entity.name {
                            let what = level.ancestors.isEmpty ? "declared twice" : "already declared by a parent entity"
                            problems.append(SchemaProblem(
                                "property \"\(property.name)\" is \(what)", path: ["entities", level.name, property.name]))
                        }
                        continue
                    }
                    byName[property.name] = property
                }
            }
            entities[i].propertyByName = byName
            let root = index[entity.root].map { entities[$0] } ?? entity
            entities[i].identityAttribute = root.identity
            if let own = entity.identity, own != root.identity, entity.name != root.name {
                problems.append(SchemaProblem(
                    "identity \"\(own)\" differs from \"\(root.identity ?? "(implicit)")\" of the root entity \"\(root.name)\"",
                    path: ["entities", entity.name, "identity"]))
            }
        }

        // Relationships: destinations, inverses both ways, chains, storage.
        // Index attribute (`ENTITY.ATTRIBUTE`) → the relationship it orders.
        var indexUsers: [String: String] = [:]
        for i in entities.indices {
            let entity = entities[i]
            for r in entity.relationships {
                let path = ["entities", entity.name, "relationships", r.name]
                guard let d = index[r.destination] else {
                    problems.append(SchemaProblem("unknown destination entity \"\(r.destination)\"", path: path + ["destination"]))
                    continue
                }
                let destination = entities[d]
                guard let inverseName = r.inverse else {
                    // A one-way reference: nothing points back. Only an
                    // array on the owner keeps an order without an owner
                    // on each member.
                    if let ordering = r.ordered {
                        if !r.isToMany {
                            problems.append(SchemaProblem("only a to-many relationship can be ordered", path: path + ["ordered"]))
                        } else if ordering != .array {
                            problems.append(SchemaProblem(Schema.needsToOneInverse(ordering, "\(entity.name).\(r.name)"), path: path + ["ordered"]))
                        }
                    }
                    continue
                }
                guard let inverse = destination.propertyByName[inverseName]?.relationship else {
                    if destination.propertyByName[inverseName] == nil {
                        problems.append(SchemaProblem("inverse \"\(inverseName)\" on \"\(r.destination)\" does not exist", path: path + ["inverse"],
                                                      absent: inverseName, of: r.destination))
                    } else {
                        problems.append(SchemaProblem("inverse \"\(inverseName)\" on \"\(r.destination)\" is not a relationship", path: path + ["inverse"]))
                    }
                    continue
                }
                if let back = inverse.inverse {
                    if back != r.name || !(inverse.destination == entity.name || entity.ancestors.contains(inverse.destination)) {
                        problems.append(SchemaProblem(
                            "inverse mismatch: \"\(r.destination).\(inverseName)\" has inverse \"\(inverse.destination).\(back)\", not \"\(entity.name).\(r.name)\"",
                            path: path + ["inverse"]))
                    }
                } else {
                    problems.append(SchemaProblem(
                        "inverse mismatch: \"\(r.destination).\(inverseName)\" has no inverse (a one-way reference), not \"\(entity.name).\(r.name)\"",
                        path: path + ["inverse"]))
                }
                if let ordering = r.ordered {
                    if !r.isToMany {
                        problems.append(SchemaProblem("only a to-many relationship can be ordered", path: path + ["ordered"]))
                    }
                    if inverse.isToMany && ordering != .array {
                        problems.append(SchemaProblem(Schema.needsToOneInverse(ordering, "\(entity.name).\(r.name)"), path: path + ["ordered"]))
                    }
                    if case .index(let attributeName) = ordering {
                        problems += Schema.indexProblems(attributeName, of: destination, path: path + ["ordered", "index"])
                        // Keyed by the entity that declares the attribute: an
                        // inherited one is the same attribute.
                        let declaring = ([destination.name] + destination.ancestors).first { name in
                            index[name].map { entities[$0].attributes.contains { $0.name == attributeName } } ?? false
                        } ?? destination.name
                        let key = "\(declaring).\(attributeName)"
                        if let other = indexUsers[key] {
                            problems.append(SchemaProblem(
                                "index attribute \"\(key)\" already orders \"\(other)\"; an attribute orders one relationship",
                                path: path + ["ordered", "index"]))
                        } else {
                            indexUsers[key] = "\(entity.name).\(r.name)"
                        }
                    }
                    guard let chain = r.chainLinks else { continue }
                    for (role, linkName, otherName) in [("prev", chain.prev, chain.next), ("next", chain.next, chain.prev)] {
                        guard let link = destination.propertyByName[linkName]?.relationship else {
                            problems.append(SchemaProblem(
                                "chain relationship \"\(linkName)\" (\(role)) is not a relationship of \"\(r.destination)\"",
                                path: path + ["ordered", role], absent: linkName, of: r.destination))
                            continue
                        }
                        let selfReference = link.destination == r.destination
                            || destination.ancestors.contains(link.destination)
                        if link.isToMany || !selfReference {
                            problems.append(SchemaProblem(
                                "chain relationship \"\(r.destination).\(linkName)\" must be a to-one reference to \"\(r.destination)\"",
                                path: path + ["ordered", role]))
                        } else if link.inverse != otherName {
                            problems.append(SchemaProblem(
                                "chain relationships \"\(linkName)\" and \"\(otherName)\" must be inverses of each other",
                                path: path + ["ordered", role]))
                        }
                    }
                }
            }
        }
        // Storage needs every inverse's cardinality; set it on the declared
        // relationships and on every copy in the inherited tables.
        func storage(of r: Relationship, on entityName: String) -> Relationship.Storage {
            guard r.isToMany else { return .toOne }
            // An array keeps its order on the owner, whatever the inverse.
            if r.ordered == .array { return .orderedArray }
            // A one-way to-many is stored on its source, as one side of a many-to-many.
            guard let inverseName = r.inverse else { return .manyToMany }
            guard let d = index[r.destination], let inverse = entities[d].propertyByName[inverseName]?.relationship
            else { return .derived }
            return inverse.isToMany ? .manyToMany : .derived
        }
        for i in entities.indices {
            for (j, r) in entities[i].relationships.enumerated() {
                entities[i].relationships[j].storage = storage(of: r, on: entities[i].name)
            }
        }
        for i in entities.indices {
            var byName = entities[i].propertyByName
            for (name, property) in byName {
                if case .relationship(var r) = property {
                    r.storage = storage(of: r, on: entities[i].name)
                    byName[name] = .relationship(r)
                }
            }
            let properties = byName.values.sorted { utf8Less($0.name, $1.name) }
            let stored = properties.filter { property in
                switch property {
                case .attribute(let a): return a.name != entities[i].identityAttribute
                case .relationship(let r): return r.storage != .derived
                }
            }
            entities[i].propertyByName = byName
            entities[i].hasDerivedRelationships = properties.contains { $0.relationship?.storage == .derived }
            entities[i].properties = properties
            entities[i].storedProperties = stored
            entities[i].storedSlot = Dictionary(uniqueKeysWithValues: stored.enumerated().map { ($1.name, $0) })
        }

        // Renames: one old name for at most one entity, and, within an
        // entity and its ancestors, for at most one property; never empty.
        var entityRenamedFrom: [String: String] = [:]
        for entity in entities {
            guard let from = entity.renamedFrom else { continue }
            let path = ["entities", entity.name, "renamedFrom"]
            if from.isEmpty {
                problems.append(SchemaProblem("renamedFrom of entity \"\(entity.name)\" is empty", path: path))
            } else if let other = entityRenamedFrom[from] {
                problems.append(SchemaProblem(
                    "entities \"\(other)\" and \"\(entity.name)\" are both renamed from \"\(from)\"", path: path))
            } else {
                entityRenamedFrom[from] = entity.name
            }
        }
        for entity in entities {
            let lineage = entity.ancestors.reversed().compactMap { index[$0] }.map { entities[$0] } + [entity]
            var byOldName: [String: String] = [:]
            for level in lineage {
                let declaredHere: [(name: String, renamedFrom: String?, section: String)] =
                    level.attributes.map { ($0.name, $0.renamedFrom, "attributes") }
                    + level.relationships.map { ($0.name, $0.renamedFrom, "relationships") }
                for property in declaredHere {
                    guard let from = property.renamedFrom else { continue }
                    let path = ["entities", level.name, property.section, property.name, "renamedFrom"]
                    if from.isEmpty {
                        if level === entity {
                            problems.append(SchemaProblem(
                                "renamedFrom of property \"\(level.name).\(property.name)\" is empty", path: path))
                        }
                    } else if let other = byOldName[from] {
                        guard level === entity else { continue }
                        problems.append(SchemaProblem(
                            "properties \"\(other)\" and \"\(property.name)\" of \"\(entity.name)\" are both renamed from \"\(from)\"",
                            path: path))
                    } else {
                        byOldName[from] = property.name
                    }
                }
            }
        }

        // Identities and defaults.
        for entity in entities where entity.ancestors.isEmpty {
            guard let identity = entity.identity else { continue }
            let path = ["entities", entity.name, "identity"]
            guard let attribute = entity.propertyByName[identity]?.attribute else {
                problems.append(SchemaProblem("identity \"\(identity)\" is not an attribute of \"\(entity.name)\"", path: path,
                                              absent: identity, of: entity.name))
                continue
            }
            if !attribute.type.canBeIdentity {
                problems.append(SchemaProblem(
                    "identity \"\(identity)\" has type \(attribute.type.rawValue); use string, uuid or an integer type", path: path))
            }
            if attribute.isOptional {
                problems.append(SchemaProblem("identity \"\(identity)\" cannot be optional", path: path))
            }
            if attribute.isTransient {
                problems.append(SchemaProblem("identity \"\(identity)\" cannot be transient", path: path))
            }
        }
        for entity in entities {
            let root = index[entity.root].map { entities[$0] } ?? entity
            entity.identityType = root.identity.flatMap { root.propertyByName[$0]?.attribute?.type }
        }
        for entity in entities {
            for a in entity.attributes {
                if let value = a.defaultValue, let why = a.type.problem(with: value) {
                    problems.append(SchemaProblem(
                        "default value \(JSONWriter.string(value)) \(why)", path: ["entities", entity.name, "attributes", a.name, "default"]))
                }
            }
        }

        // Diff scope.
        for (section, table) in [("include", diffScope.include), ("exclude", diffScope.exclude)] {
            for (entityName, names) in table.sorted(by: { $0.key < $1.key }) {
                guard let e = index[entityName].map({ entities[$0] }) else {
                    problems.append(SchemaProblem("unknown entity \"\(entityName)\"", path: ["diff", section, entityName]))
                    continue
                }
                for name in names where e.propertyByName[name]?.relationship == nil {
                    problems.append(SchemaProblem(
                        "\"\(entityName).\(name)\" is not a relationship", path: ["diff", section, entityName]))
                }
            }
        }

        problems += IgnoredProperties.resolve(diffScope.ignore, entities: entities, index: index).problems

        if !problems.isEmpty { throw SchemaError(problems: problems) }
        self.name = name
        self.version = version
        self.entities = entities
        self.entityIndex = index
        self.diffScope = diffScope
        self.fingerprint = ""
        self.fingerprint = Schema.fingerprint(of: encodedModel())
    }

    /// Why an ordered relationship kept as `ordering` (a chain or an index)
    /// cannot have a to-many inverse or none.
    static func needsToOneInverse(_ ordering: Ordering, _ name: String) -> String {
        switch ordering {
        case .chain: return "ordered relationship \"\(name)\" needs a to-one inverse (the owner of each chain)"
        default: return "ordered relationship \"\(name)\" kept as an \(ordering.storageName) needs a to-one inverse (the owner of each member)"
        }
    }

    /// The problems of `name` as the index attribute of an ordering whose
    /// members are of `destination`: it must be a stored numeric attribute
    /// other than the identity.
    static func indexProblems(_ name: String, of destination: Entity, path: [String]) -> [SchemaProblem] {
        guard let attribute = destination.propertyByName[name]?.attribute else {
            return [SchemaProblem("index attribute \"\(name)\" is not an attribute of \"\(destination.name)\"", path: path,
                                  absent: name, of: destination.name)]
        }
        if !attribute.type.canBePosition {
            return [SchemaProblem(
                "index attribute \"\(destination.name).\(name)\" has type \(attribute.type.rawValue); use an integer, decimal, float or double type",
                path: path)]
        }
        if attribute.isTransient {
            return [SchemaProblem("index attribute \"\(destination.name).\(name)\" is transient: its values are not stored", path: path)]
        }
        if destination.identityAttribute == name {
            return [SchemaProblem("index attribute \"\(destination.name).\(name)\" is the identity", path: path)]
        }
        return []
    }

    /// `self` and `other`, named as a person tells two schemas apart: by
    /// name (`"People" and "Tasks"`), or for two versions of one name by
    /// the start of each fingerprint (`"People" sha256:0b72754fc03a and
    /// sha256:600eb5d0814a`), for messages about graphs of different schemas.
    public func namedAgainst(_ other: Schema) -> String {
        func short(_ f: String) -> String { String(f.prefix("sha256:".count + 12)) }
        if name != other.name { return "\"\(name)\" and \"\(other.name)\"" }
        return "\"\(name)\" \(short(fingerprint)) and \(short(other.fingerprint))"
    }

    /// `sha256:` and the hex digest of the compact sorted form of `model`.
    static func fingerprint(of model: JSONValue) -> String {
        "sha256:" + SHA256.hexDigest(JSONWriter.write(model, style: .compactSorted))
    }
}
