import GraphDiffJSON

extension PatchDocument {
    /// A decoded patch document: a graph change set, or structural edits.
    public enum Decoded: Sendable, Equatable {
        case graph(ChangeSet)
        case json([JSONEdit])
    }

    /// Whether `document` is a patch of a graph (a `graphdiff-patch/1`
    /// document that names its schema), which ``decode(_:schema:source:)``
    /// reads only with the target's schema.
    public static func isGraphPatch(_ document: JSONValue) -> Bool {
        document["format"]?.stringValue == formatTag && document["schema"] != nil
    }

    /// Reads a `graphdiff-patch/1` document (the inverse of `encode`).
    ///
    /// A patch of a graph is read against `schema`, the schema of the graph
    /// it is for: each object's ``ObjectID`` names the root of its entity,
    /// as ``ChangeSet/diff(from:to:)`` made it, so `decode(encode(c), schema:
    /// s) == c` but for the changes' positions in the files. An entity or
    /// relationship the schema does not have is kept as named; applying the
    /// patch reports it.
    ///
    ///     let document = PatchDocument.encode(try ChangeSet.diff(from: v1, to: v2))
    ///     guard case .graph(let changes) = try PatchDocument.decode(document, schema: v1.schema) else { return }
    ///
    /// - Parameters:
    ///   - schema: the schema of the target; needed for a patch of a graph
    ///     (``isGraphPatch(_:)``), unused for structural edits.
    ///   - source: the document's text, when it was read from one: an error
    ///     then carries the line and column of the change at fault.
    /// - Throws: ``PatchError`` (``PatchError/Reason/malformed(_:)``) naming
    ///   the change and member at fault.
    /// - Complexity: O(*n*) in the size of the document.
    public static func decode(_ document: JSONValue, schema: Schema? = nil, source: JSONSourceText? = nil) throws(PatchError) -> Decoded {
        let start = source.map { _ in SourceLocation(line: 1, column: 1, offset: 0) }
        guard let top = document.objectValue else {
            throw PatchError(.malformed("a patch document is an object, found \(document.kindName)"), location: start)
        }
        guard top["format"]?.stringValue == formatTag else {
            throw PatchError(.malformed("not a graphdiff patch: \"format\" must be \"\(formatTag)\""), location: PatchError.location(of: document, in: source))
        }
        guard let list = top["changes"]?.arrayValue else {
            throw PatchError(.malformed("missing \"changes\" (an array)"), location: PatchError.location(of: document, in: source))
        }
        if let named = top["schema"] {
            guard let name = named["name"]?.stringValue, let fingerprint = named["fingerprint"]?.stringValue else {
                throw PatchError(.malformed("\"schema\" needs \"name\" and \"fingerprint\""), location: PatchError.location(of: named, in: source))
            }
            guard let schema else {
                throw PatchError(.malformed("a patch of a \(name) graph is read with the schema of its target"), location: start)
            }
            var changes = ChangeSet(schemaName: name, schemaFingerprint: fingerprint)
            // Re-keys come all before the other changes (0: none of those
            // seen yet) or all after them (2: re-keys after others).
            var phase = 0
            for (i, item) in list.enumerated() {
                let rekeysBefore = changes.rekeys.count
                try decodeGraphChange(item, index: i, schema: schema, source: source, into: &changes)
                let isRekey = changes.rekeys.count > rekeysBefore
                let misplaced: Bool
                switch (phase, isRekey) {
                case (0, false): phase = 1; misplaced = false
                case (1, true): phase = 2; misplaced = rekeysBefore > 0
                case (2, false): misplaced = true
                default: misplaced = false
                }
                if misplaced {
                    throw PatchError(.malformed("change \(i): rekey changes come all before the other changes or all after them"),
                                     change: i, location: PatchError.location(of: item, in: source))
                }
            }
            changes.rekeysFirst = phase != 2
            return .graph(changes)
        }
        var edits: [JSONEdit] = []
        edits.reserveCapacity(list.count)
        for (i, item) in list.enumerated() { edits.append(try decodeEdit(item, index: i, source: source)) }
        return .json(edits)
    }

    /// The root of the entity named `entity` in `schema` (the name itself
    /// when the schema has no such entity: applying reports it).
    static func root(of entity: String, in schema: Schema) -> String {
        schema.entity(named: entity)?.root ?? entity
    }

    static func decodeGraphChange(_ item: JSONValue, index i: Int, schema: Schema, source: JSONSourceText?,
                                  into changes: inout ChangeSet) throws(PatchError) {
        func fail(_ why: String) -> PatchError {
            PatchError(.malformed("change \(i): \(why)"), change: i, location: PatchError.location(of: item, in: source))
        }
        guard let o = item.objectValue, let op = o["op"]?.stringValue else { throw fail("expected an object with \"op\"") }
        func string(_ key: String) throws(PatchError) -> String {
            guard let s = o[key]?.stringValue else { throw fail("\(op) needs \"\(key)\" (a string)") }
            return s
        }
        func optionalString(_ value: JSONValue?, _ what: String) throws(PatchError) -> String? {
            switch value {
            case .string(let s)?: return s
            case .null?, nil: return nil
            default: throw fail("\(what) must be an identity string or null")
            }
        }
        switch op {
        case "insert", "delete":
            let entity = try string("entity"), id = try string("id")
            guard let values = o["values"]?.objectValue else { throw fail("\(op) needs \"values\" (an object)") }
            var chains: [ChainMembers] = []
            if let given = o["chains"] {
                guard let byRelationship = given.objectValue else { throw fail("\"chains\" must be an object from relationship to identities") }
                for m in byRelationship.members {
                    guard let list = m.value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                        throw fail("chain \"\(m.key)\": an array of identity strings")
                    }
                    chains.append(ChainMembers(relationship: m.key, members: list.compactMap(\.stringValue)))
                }
            }
            changes.objects.append(ObjectChange(
                id: ObjectID(entity: root(of: entity, in: schema), identity: id), entity: entity, kind: op == "insert" ? .inserted : .deleted,
                values: values.members.map { PropertyValue(name: $0.key, value: $0.value) }, chains: chains))
        case "update":
            let entity = try string("entity"), id = try string("id")
            guard let properties = o["properties"]?.objectValue else { throw fail("update needs \"properties\" (an object)") }
            var list: [PropertyChange] = []
            for m in properties.members {
                guard let spec = m.value.objectValue else { throw fail("property \"\(m.key)\" must be an object") }
                if let added = spec["added"], let removed = spec["removed"] {
                    guard let a = added.arrayValue?.compactMap(\.stringValue), let r = removed.arrayValue?.compactMap(\.stringValue) else {
                        throw fail("property \"\(m.key)\": added and removed are arrays of identities")
                    }
                    list.append(PropertyChange(property: m.key, kind: .members(added: a, removed: r)))
                    continue
                }
                guard let old = spec["old"], let new = spec["new"] else { throw fail("property \"\(m.key)\" needs \"old\" and \"new\"") }
                list.append(PropertyChange(property: m.key, kind: .attribute(old: old, new: new)))
            }
            changes.objects.append(ObjectChange(id: ObjectID(entity: root(of: entity, in: schema), identity: id), entity: entity, kind: .updated, changes: list))
        case "order":
            let entity = try string("entity"), id = try string("id"), relationship = try string("relationship")
            /// The entries of `key`, each with its member's identity.
            func entries(_ key: String) throws(PatchError) -> [(id: String, entry: JSONObject)] {
                guard let list = o[key]?.arrayValue ?? (o[key] == nil ? [] : nil) else { throw fail("\"\(key)\" must be an array") }
                var result: [(id: String, entry: JSONObject)] = []
                for e in list {
                    guard let x = e.objectValue, let member = x["id"]?.stringValue else { throw fail("each \"\(key)\" entry needs an \"id\"") }
                    result.append((member, x))
                }
                return result
            }
            // A relationship the schema does not have has no members' root;
            // applying the change reports the relationship.
            let destination = schema.entity(named: entity)?.property(named: relationship)?.relationship?.destination
            var s = SequenceChange(owner: ObjectID(entity: root(of: entity, in: schema), identity: id), ownerEntity: entity,
                                   relationship: relationship, memberRoot: destination.map { root(of: $0, in: schema) } ?? "")
            for (member, e) in try entries("insert") { s.inserted.append(.init(member: member, after: try optionalString(e["after"], "after"))) }
            for (member, e) in try entries("remove") { s.removed.append(.init(member: member, after: try optionalString(e["after"], "after"))) }
            for (member, e) in try entries("move") {
                s.moved.append(.init(member: member, from: try optionalString(e["from"], "from"), to: try optionalString(e["to"], "to")))
            }
            for (member, e) in try entries("positions") {
                guard let old = e["old"], let new = e["new"] else { throw fail("each \"positions\" entry needs \"old\" and \"new\"") }
                s.positions.append(.init(member: member, old: old, new: new))
            }
            changes.sequences.append(s)
        case "metadata":
            changes.metadata.append(MetadataChange(key: try string("key"), old: o["old"], new: o["new"]))
        case "rekey":
            let entity = try string("entity"), id = try string("id"), newIdentity = try string("new")
            changes.rekeys.append(ObjectRekey(id: ObjectID(entity: root(of: entity, in: schema), identity: id), entity: entity, newIdentity: newIdentity))
        default:
            throw fail("unknown op \"\(op)\"")
        }
    }

    static func decodeEdit(_ item: JSONValue, index i: Int, source: JSONSourceText?) throws(PatchError) -> JSONEdit {
        func fail(_ why: String) -> PatchError {
            PatchError(.malformed("change \(i): \(why)"), change: i, location: PatchError.location(of: item, in: source))
        }
        guard let o = item.objectValue, let op = o["op"]?.stringValue else { throw fail("expected an object with \"op\"") }
        func pointer(_ key: String) throws(PatchError) -> JSONPointer {
            guard let text = o[key]?.stringValue else { throw fail("\(op) needs \"\(key)\"") }
            do { return try JSONPointer(parsing: text) } catch { throw fail(error.message) }
        }
        func value(_ key: String) throws(PatchError) -> JSONValue {
            guard let v = o[key] else { throw fail("\(op) needs \"\(key)\"") }
            return v
        }
        switch op {
        case "add": return .add(path: try pointer("path"), value: try value("new"))
        case "remove": return .remove(path: try pointer("path"), old: try value("old"))
        case "replace": return .replace(path: try pointer("path"), old: try value("old"), new: try value("new"))
        case "move": return .move(from: try pointer("from"), path: try pointer("path"))
        default: throw fail("unknown op \"\(op)\"")
        }
    }
}
