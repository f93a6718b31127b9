
extension PatchDocument {
    /// A decoded patch document: a graph change set, or structural edits.
    public enum Decoded: Sendable, Equatable {
        case graph(ChangeSet)
        case json([JSONEdit])
    }

    /// Reads a `graphdiff-patch/1` document (the inverse of `encode`).
    ///
    /// - Throws: ``PatchError/malformed(_:)`` naming the change and member at fault.
    /// - Complexity: O(*n*) in the size of the document.
    public static func decode(_ document: JSONValue) throws -> Decoded {
        guard let top = document.objectValue else { throw PatchError.malformed("a patch document is an object, found \(document.kindName)") }
        guard top["format"]?.stringValue == formatTag else {
            throw PatchError.malformed("not a graphdiff patch: \"format\" must be \"\(formatTag)\"")
        }
        guard let list = top["changes"]?.arrayValue else { throw PatchError.malformed("missing \"changes\" (an array)") }
        if let schema = top["schema"] {
            guard let name = schema["name"]?.stringValue, let fingerprint = schema["fingerprint"]?.stringValue else {
                throw PatchError.malformed("\"schema\" needs \"name\" and \"fingerprint\"")
            }
            var changes = ChangeSet(schemaName: name, schemaFingerprint: fingerprint)
            for (i, item) in list.enumerated() { try decodeGraphChange(item, index: i, into: &changes) }
            return .graph(changes)
        }
        return .json(try list.enumerated().map { i, item in try decodeEdit(item, index: i) })
    }

    static func decodeGraphChange(_ item: JSONValue, index i: Int, into changes: inout ChangeSet) throws {
        func fail(_ why: String) -> PatchError { .malformed("change \(i): \(why)") }
        guard let o = item.objectValue, let op = o["op"]?.stringValue else { throw fail("expected an object with \"op\"") }
        func string(_ key: String) throws -> String {
            guard let s = o[key]?.stringValue else { throw fail("\(op) needs \"\(key)\" (a string)") }
            return s
        }
        func optionalString(_ value: JSONValue?, _ what: String) throws -> String? {
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
                chains = try byRelationship.members.map { m in
                    guard let list = m.value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                        throw fail("chain \"\(m.key)\": an array of identity strings")
                    }
                    return ChainMembers(relationship: m.key, members: list.compactMap(\.stringValue))
                }
            }
            changes.objects.append(ObjectChange(
                id: ObjectID(entity: "", identity: id), entity: entity, kind: op == "insert" ? .inserted : .deleted,
                values: values.members.map { PropertyValue(name: $0.key, value: $0.value) }, chains: chains))
        case "update":
            let entity = try string("entity"), id = try string("id")
            guard let properties = o["properties"]?.objectValue else { throw fail("update needs \"properties\" (an object)") }
            let list = try properties.members.map { m -> PropertyChange in
                guard let spec = m.value.objectValue else { throw fail("property \"\(m.key)\" must be an object") }
                if let added = spec["added"], let removed = spec["removed"] {
                    guard let a = added.arrayValue?.compactMap(\.stringValue), let r = removed.arrayValue?.compactMap(\.stringValue) else {
                        throw fail("property \"\(m.key)\": added and removed are arrays of identities")
                    }
                    return PropertyChange(property: m.key, kind: .members(added: a, removed: r))
                }
                guard let old = spec["old"], let new = spec["new"] else { throw fail("property \"\(m.key)\" needs \"old\" and \"new\"") }
                return PropertyChange(property: m.key, kind: .attribute(old: old, new: new))
            }
            changes.objects.append(ObjectChange(id: ObjectID(entity: "", identity: id), entity: entity, kind: .updated, changes: list))
        case "order":
            let entity = try string("entity"), id = try string("id"), relationship = try string("relationship")
            func entries(_ key: String) throws -> [JSONObject] {
                guard let list = o[key]?.arrayValue ?? (o[key] == nil ? [] : nil) else { throw fail("\"\(key)\" must be an array") }
                return try list.map { e in
                    guard let x = e.objectValue, x["id"]?.stringValue != nil else { throw fail("each \"\(key)\" entry needs an \"id\"") }
                    return x
                }
            }
            var s = SequenceChange(owner: ObjectID(entity: "", identity: id), ownerEntity: entity, relationship: relationship, memberRoot: "")
            s.inserted = try entries("insert").map { .init(member: $0["id"]?.stringValue ?? "", after: try optionalString($0["after"], "after")) }
            s.removed = try entries("remove").map { .init(member: $0["id"]?.stringValue ?? "", after: try optionalString($0["after"], "after")) }
            s.moved = try entries("move").map {
                .init(member: $0["id"]?.stringValue ?? "", from: try optionalString($0["from"], "from"), to: try optionalString($0["to"], "to"))
            }
            changes.sequences.append(s)
        case "metadata":
            changes.metadata.append(MetadataChange(key: try string("key"), old: o["old"], new: o["new"]))
        default:
            throw fail("unknown op \"\(op)\"")
        }
    }

    static func decodeEdit(_ item: JSONValue, index i: Int) throws -> JSONEdit {
        func fail(_ why: String) -> PatchError { .malformed("change \(i): \(why)") }
        guard let o = item.objectValue, let op = o["op"]?.stringValue else { throw fail("expected an object with \"op\"") }
        func pointer(_ key: String) throws -> JSONPointer {
            guard let text = o[key]?.stringValue else { throw fail("\(op) needs \"\(key)\"") }
            do { return try JSONPointer(parsing: text) } catch { throw fail("\(error)") }
        }
        func value(_ key: String) throws -> JSONValue {
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
