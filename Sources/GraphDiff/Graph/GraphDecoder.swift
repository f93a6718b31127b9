import GraphDiffJSON

/// Turns a graph document into a ``Graph``, collecting problems with positions.
struct GraphDecoder {
    let schema: Schema
    let source: JSONSourceText?
    var problems: [GraphProblem] = []
    /// The member table of each object as read, to locate its properties;
    /// built only when there are problems to locate.
    var objectMembers: [ObjectID: JSONObject] = [:]
    /// Per entity (by position): what decoding its objects needs.
    let layouts: [EntityLayout]
    /// Per stored slot of the object being decoded: whether the file gives it.
    var given: [Bool]
    /// The spelling of each identity written otherwise than its canonical
    /// form (`007` for `7`), to name both spellings of a duplicate.
    var spellings: [ObjectID: String] = [:]
    /// The identities of the objects left out because their entity is
    /// unknown or abstract, as written.
    var leftOut = Set<String>()

    init(schema: Schema, source: JSONSourceText?) {
        self.schema = schema
        self.source = source
        layouts = schema.entities.map { EntityLayout($0, schema: schema) }
        given = Array(repeating: false, count: layouts.map(\.storedProperties.count).max() ?? 0)
    }

    func location(_ offset: Int) -> SourceLocation? {
        guard offset >= 0 else { return nil }
        return source?.location(ofOffset: offset)
    }

    /// Adds the position of the object (or of its property) to `problem`.
    func located(_ problem: GraphProblem, in graph: Graph) -> GraphProblem {
        var p = problem
        guard p.location == nil, let entityName = p.entity, let identity = p.identity else { return p }
        let id = ObjectID(entity: schema.entity(named: entityName)?.root ?? entityName, identity: identity)
        if let property = p.property, let member = objectMembers[id]?.member(property), member.keyOffset >= 0 {
            p.location = location(member.keyOffset)
        } else if let offset = graph.objects[id]?.sourceOffset {
            p.location = location(offset)
        }
        return p
    }

    /// Fills ``objectMembers`` from the document.
    ///
    /// - Complexity: O(*n*).
    mutating func indexMembers(of document: JSONValue) {
        guard let objects = document["objects"] else { return }
        switch objects {
        case .object(let byEntity):
            for group in byEntity.members {
                guard let entity = schema.entity(named: group.key), let byIdentity = group.value.objectValue else { continue }
                let layout = layouts[entity.index]
                for member in byIdentity.members {
                    let identity = (try? layout.canonicalIdentity(member.key).get()) ?? member.key
                    if let fields = member.value.objectValue { objectMembers[ObjectID(entity: entity.root, identity: identity)] = fields }
                }
            }
        case .array(let list):
            for case .object(let fields) in list {
                guard let entity = fields["entity"]?.stringValue.flatMap(schema.entity(named:)),
                    let identity = fields[entity.identityAttribute ?? "id"].flatMap({ try? flatIdentity($0, layouts[entity.index]).get() })
                else { continue }
                objectMembers[ObjectID(entity: entity.root, identity: identity)] = fields
            }
        default:
            break
        }
    }

    mutating func report(_ problem: GraphProblem, at offset: Int = -1) {
        var p = problem
        if p.location == nil { p.location = location(offset) }
        problems.append(p)
    }

    mutating func decode(_ document: JSONValue, options: Graph.LoadOptions) -> Graph {
        var graph = Graph(schema: schema)
        guard let top = document.objectValue else {
            report(GraphProblem(.notAGraph, "a graph file is an object with \"objects\", found \(document.kindName)"), at: 0)
            return graph
        }
        for m in top.members where !["$schema", "metadata", "objects"].contains(m.key) {
            report(GraphProblem(.notAGraph, "unknown top-level member \"\(m.key)\""), at: m.keyOffset)
        }
        if let metadata = top.member("metadata") {
            if let object = metadata.value.objectValue {
                graph.metadata = object
                checkFingerprint(object, options: options)
            } else {
                report(GraphProblem(.notAGraph, "\"metadata\" must be an object, found \(metadata.value.kindName)"), at: metadata.keyOffset)
            }
        }
        guard let objects = top.member("objects") else {
            report(GraphProblem(.notAGraph, "missing \"objects\""), at: 0)
            return graph
        }
        switch objects.value {
        case .object(let byEntity):
            let total = byEntity.members.reduce(0) { $0 + ($1.value.objectValue?.count ?? 0) }
            graph.objects.reserveCapacity(total)
            for group in byEntity.members {
                guard let entity = concreteEntity(group.key, at: group.keyOffset) else {
                    for member in group.value.objectValue?.members ?? [] { leftOut.insert(member.key) }
                    continue
                }
                guard let byIdentity = group.value.objectValue else {
                    report(GraphProblem(.notAGraph, "objects of \"\(group.key)\" must be an object keyed by identity, found \(group.value.kindName)", entity: group.key), at: group.keyOffset)
                    continue
                }
                for member in byIdentity.members {
                    guard let fields = member.value.objectValue else {
                        report(GraphProblem(.notAGraph, "an object must be a JSON object, found \(member.value.kindName)", entity: entity.name, identity: member.key), at: member.keyOffset)
                        continue
                    }
                    let identity: String
                    switch layouts[entity.index].canonicalIdentity(member.key) {
                    case .success(let canonical): identity = canonical
                    case .failure(let invalid):
                        report(GraphProblem(.wrongType, "identity \(invalid.reason)", entity: entity.name, identity: member.key,
                                            property: entity.identityAttribute), at: member.keyOffset)
                        identity = member.key
                    }
                    decodeObject(entity, identity: identity, spelling: member.key, fields: fields, offset: member.keyOffset, flat: false, into: &graph)
                }
            }
        case .array(let list):
            for element in list { decodeFlatElement(element, objectsOffset: objects.keyOffset, into: &graph) }
        default:
            report(GraphProblem(.notAGraph, "\"objects\" must be an object (canonical form) or an array (flat form), found \(objects.value.kindName)"), at: objects.keyOffset)
        }
        return graph
    }

    /// Decodes one element of a flat `objects` array (its position is
    /// `objectsOffset` when it has no members) into `graph`.
    mutating func decodeFlatElement(_ element: JSONValue, objectsOffset: Int, into graph: inout Graph) {
        guard let fields = element.objectValue else {
            report(GraphProblem(.notAGraph, "each element of a flat \"objects\" array must be an object, found \(element.kindName)"), at: objectsOffset)
            return
        }
        let offset = fields.members.first?.keyOffset ?? objectsOffset
        guard let entityName = fields["entity"]?.stringValue else {
            report(GraphProblem(.notAGraph, "an object of the flat form needs \"entity\" naming its entity"), at: offset)
            return
        }
        guard let entity = concreteEntity(entityName, at: fields.member("entity")?.keyOffset ?? offset) else {
            // The identity attribute is the entity's to name; "id" is the usual one.
            if let id = fields["id"], let spelling = id.stringValue ?? id.numberValue?.text { leftOut.insert(spelling) }
            return
        }
        let identityKey = entity.identityAttribute ?? "id"
        guard let given = fields.member(identityKey), given.value.stringValue != nil || given.value.numberValue != nil else {
            report(GraphProblem(.missingRequired, "an object of the flat form needs its identity \"\(identityKey)\"", entity: entity.name), at: offset)
            return
        }
        let spelling = given.value.stringValue ?? given.value.numberValue?.text ?? ""
        let identity: String
        switch flatIdentity(given.value, layouts[entity.index]) {
        case .success(let canonical): identity = canonical
        case .failure(let invalid):
            report(GraphProblem(.wrongType, "identity \(invalid.reason)", entity: entity.name, identity: spelling, property: identityKey), at: given.keyOffset)
            identity = spelling
        }
        decodeObject(entity, identity: identity, spelling: spelling, fields: fields, offset: offset, flat: true, into: &graph)
    }

    /// The canonical identity of an object of the flat form, given as a
    /// string or a number.
    func flatIdentity(_ value: JSONValue, _ layout: EntityLayout, strict: Bool = true) -> Result<String, InvalidIdentity> {
        switch value {
        case .string(let s):
            // In the flat form the member is the identity attribute's value:
            // an integer type's values are JSON numbers. (The canonical form
            // repeating its key inside the object is compared by value.)
            if strict, let type = layout.identityType, [.int16, .int32, .int64].contains(type) {
                return .failure(InvalidIdentity(spelling: JSONWriter.string(value),
                                                reason: "\(JSONWriter.string(value)) is a string; an \(type.rawValue) identity in the flat form is a JSON number, such as 7"))
            }
            return layout.canonicalIdentity(s)
        case .number(let n): return layout.identityType?.canonicalIdentity(n) ?? .success(n.text)
        default: return .failure(InvalidIdentity(spelling: JSONWriter.string(value), reason: "is not an identity"))
        }
    }

    mutating func checkFingerprint(_ metadata: JSONObject, options: Graph.LoadOptions) {
        guard !options.ignoreFingerprint, let member = metadata.member("schemaFingerprint"),
            let recorded = member.value.stringValue, recorded != schema.fingerprint
        else { return }
        report(GraphProblem(.schemaMismatch,
            "metadata.schemaFingerprint \(recorded) does not match the schema \"\(schema.name)\" (\(schema.fingerprint)); the graph was written for another schema (use --force to go on)"),
            at: member.keyOffset)
    }

    mutating func concreteEntity(_ name: String, at offset: Int) -> Entity? {
        guard let entity = schema.entity(named: name) else {
            report(GraphProblem(.unknownEntity, "unknown entity \"\(name)\"", entity: name), at: offset)
            return nil
        }
        if entity.isAbstract {
            report(GraphProblem(.abstractEntity, "entity \"\(name)\" is abstract and cannot have objects of its own", entity: name), at: offset)
            return nil
        }
        return entity
    }

    /// Decodes one object into `graph`, reporting what is wrong with it.
    /// `identity` is canonical; problems name the object by its `spelling`
    /// in the file.
    ///
    /// - Complexity: O(*k*) expected in its number of members: one hash
    ///   insertion for the object, byte compares for its member names.
    mutating func decodeObject(
        _ entity: Entity, identity: String, spelling: String, fields: JSONObject, offset: Int, flat: Bool, into graph: inout Graph
    ) {
        let layout = layouts[entity.index]
        let problemsBefore = problems.count
        var values = [JSONValue](repeating: .null, count: layout.storedProperties.count)
        let identityKey = flat ? layout.flatIdentityKey : layout.identityAttribute
        var guess = 0
        for m in fields.members {
            if flat && utf8Equal(m.key, "entity") { continue }
            if let identityKey, utf8Equal(m.key, identityKey) {
                // Flat: this member is the identity. Canonical: it repeats the key, by value.
                let same = flat || ((try? flatIdentity(m.value, layout, strict: false).get()).map { utf8Equal($0, identity) } ?? false)
                if !same {
                    report(GraphProblem(.wrongType, "identity attribute \(JSONWriter.string(m.value)) differs from the object's key", entity: layout.name, identity: spelling, property: m.key), at: m.keyOffset)
                }
                continue
            }
            guard let k = layout.position(of: m.key, guess: guess) else {
                report(GraphProblem(.unknownProperty, "unknown property \"\(m.key)\" of entity \"\(layout.name)\"", entity: layout.name, identity: spelling, property: m.key), at: m.keyOffset)
                continue
            }
            guess = k + 1
            let slot = layout.slots[k]
            // A derived to-many given in the file (slot -1) is checked against the members later.
            guard slot >= 0 else { continue }
            given[slot] = true  // a value reported as wrong stays null (or what can be salvaged of it)
            switch layout.check(m.value, at: k) {
            case .stored(let value): values[slot] = value
            case .derived: break
            case .invalid(let kind, let message):
                report(GraphProblem(kind, message, entity: layout.name, identity: spelling, property: m.key), at: m.keyOffset)
                if let kept = layout.rules[k].salvaged(m.value) { values[slot] = kept }
            }
        }
        fillAbsent(&values, layout: layout, spelling: spelling, offset: offset)
        let id = ObjectID(entity: layout.root, identity: identity)
        if let existing = graph.objects.updateValue(GraphObject(entityIndex: entity.index, values: values, sourceOffset: offset), forKey: id) {
            // The first object with this identity stays; the repeat is reported alone.
            graph.objects[id] = existing
            problems.removeSubrange(problemsBefore...)
            let first = location(existing.sourceOffset).map { " (first at \($0))" } ?? ""
            let firstSpelling = spellings[id] ?? identity
            let spelt = utf8Equal(firstSpelling, spelling) || layout.identityType == nil ? ""
                : ": \"\(firstSpelling)\" and \"\(spelling)\" are one \(layout.identityType?.rawValue ?? "") identity"
            report(GraphProblem(.duplicateIdentity, "duplicate identity in entity hierarchy \"\(layout.root)\"\(spelt)\(first)", entity: layout.name, identity: spelling), at: offset)
            return
        }
        if !utf8Equal(spelling, identity) { spellings[id] = spelling }
        if layout.hasDerivedRelationships { checkDerived(entity, identity: identity, fields: fields) }
    }

    /// Gives each stored slot the file left out its default (`null`, a
    /// default value, `[]` for a many-to-many), reporting missing required
    /// properties at `offset`; clears ``given`` for the next object.
    ///
    /// - Complexity: O(*s*) in the entity's stored properties.
    mutating func fillAbsent<Values: MutableCollection<JSONValue>>(_ values: inout Values, layout: EntityLayout, spelling: String, offset: Int)
    where Values.Index == Int {
        for (slot, property) in layout.storedProperties.enumerated() {
            if given[slot] {
                given[slot] = false
                continue
            }
            switch property {
            case .attribute(let a):
                if let d = a.defaultValue {
                    values[slot] = d
                } else if !a.isOptional && !a.isTransient {
                    report(GraphProblem(.missingRequired, "missing required attribute \"\(a.name)\"", entity: layout.name, identity: spelling, property: a.name), at: offset)
                }
            case .relationship(let r):
                if r.storage == .toOne && !r.isOptional {
                    report(GraphProblem(.missingRequired, "missing required relationship \"\(r.name)\"", entity: layout.name, identity: spelling, property: r.name), at: offset)
                }
                if r.storage == .manyToMany || r.storage == .orderedArray { values[slot] = .array([]) }
            }
        }
    }

    /// Remembers a derived to-many given in the file, to check it against the members.
    var derivedClaims: [(id: ObjectID, entity: String, relationship: Relationship, members: [String], offset: Int)] = []

    /// Reports a derived to-many given in the file that disagrees with its members.
    mutating func checkDerivedClaims(against graph: Graph) {
        // One owner index per relationship, however many owners claim members.
        var indexes: [Relationship: [ObjectID: [ObjectID]]] = [:]
        for claim in derivedClaims {
            if indexes[claim.relationship] == nil {
                indexes[claim.relationship] = graph.membersByOwner(through: claim.relationship)
            }
            let members = indexes[claim.relationship]?[claim.id] ?? []
            let actual: [String]
            switch claim.relationship.ordered {
            case .chain(let links)?: actual = graph.walkChain(members: members, links: links).map(\.identity)
            case .index(let name)?:
                actual = PositionKey.sorted(members.map { ($0.identity, graph.value(of: $0, name) ?? .null) })
            default: actual = members.map(\.identity).sorted(by: utf8Less)
            }
            let given = claim.relationship.ordered != nil ? claim.members : claim.members.sorted(by: utf8Less)
            if !actual.elementsEqual(given, by: utf8Equal) {
                let shown = actual.map { "\"\($0)\"" }.joined(separator: ", ")
                report(GraphProblem(.inverseDisagreement,
                    "\"\(claim.relationship.name)\" lists \(claim.members.count) member(s) that disagree with the members' \"\(claim.relationship.inverse ?? "")\" (derived: [\(shown)])",
                    entity: claim.entity, identity: claim.id.identity, property: claim.relationship.name), at: claim.offset)
            }
        }
    }

    mutating func checkDerived(_ entity: Entity, identity: String, fields: JSONObject) {
        for m in fields.members {
            guard case .relationship(let r)? = entity.property(named: m.key), r.storage == .derived else { continue }
            guard let list = m.value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                report(GraphProblem(.wrongType, "a to-many relationship is an array of identity strings", entity: entity.name, identity: identity, property: r.name), at: m.keyOffset)
                continue
            }
            let destination = schema.entity(named: r.destination)
            let members = list.compactMap(\.stringValue).map { (try? destination?.canonicalIdentity($0).get()) ?? $0 }
            derivedClaims.append((ObjectID(entity: entity.root, identity: identity), entity.name, r, members, m.keyOffset))
        }
    }
}
