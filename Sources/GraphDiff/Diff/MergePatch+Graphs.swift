import GraphDiffJSON

extension MergePatch {
    /// The merge patch (RFC 7386) that turns the canonical form of `a`
    /// (``Graph/encoded()``) into that of `b`.
    ///
    /// RFC 7386 reads `null` as "remove the member", so a plain merge patch
    /// cannot set anything to `null`. In a graph, an optional property with
    /// no default that is absent from an object reads as `null` (the loader
    /// fills it in, and the canonical writer writes it back as `null`), so a
    /// property that becomes `null` is written as the member's removal, and
    /// a new object leaves out its `null` properties. A chain edit (a `prev`
    /// or `next` link becoming `null`) can then be said. Applying the patch
    /// to the canonical form of `a`, with ``Graph/applying(mergePatch:ignoreFingerprint:)``
    /// or with any RFC 7386 implementation followed by loading the result as
    /// a graph, gives `b`. Numbers are compared by text, so the result has
    /// `b`'s spelling.
    ///
    ///     let patch = try MergePatch.diff(from: base, to: theirs)
    ///     try base.applying(mergePatch: patch) == theirs   // true
    ///
    /// - Parameters:
    ///   - a: the old graph.
    ///   - b: the new graph, of the same schema.
    /// - Returns: the merge patch, its members sorted.
    /// - Throws: ``DiffError/unrepresentableInGraphMergePatch(entity:identity:property:reason:)``
    ///   for what still cannot be said: a property that becomes `null` where
    ///   absence means something else (a default value, a required
    ///   property), a metadata member that becomes `null`, or a new `json`
    ///   value that holds `null` inside an object.
    /// - Complexity: O(*n* + *m*) in the sizes of the two documents.
    public static func diff(from a: Graph, to b: Graph) throws(DiffError) -> JSONValue {
        let old = a.encoded().objectValue ?? JSONObject(), new = b.encoded().objectValue ?? JSONObject()
        var patch = removals(old, new)
        let oldIndex = old.index()
        for m in new.members {
            let before = oldIndex[ExactString(m.key)].map { old.members[$0].value }
            if let before, before.isIdentical(to: m.value) { continue }
            switch m.key {
            case "objects":
                let objects = try _objects(before?.objectValue ?? JSONObject(), m.value.objectValue ?? JSONObject(), schema: b.schema)
                if !objects.members.isEmpty { patch.append(JSONObject.Member(key: m.key, value: .object(objects))) }
            case "metadata":
                patch.append(JSONObject.Member(key: m.key, value: try _metadata(before ?? .null, m.value)))
            default:
                patch.append(JSONObject.Member(key: m.key, value: m.value))
            }
        }
        return .object(JSONObject(JSONObject(patch).sortedMembers))
    }

    /// `null` for every member of `old` that `new` lacks.
    static func removals(_ old: JSONObject, _ new: JSONObject) -> [JSONObject.Member] {
        let newIndex = new.index()
        return old.members.filter { newIndex[ExactString($0.key)] == nil }.map { JSONObject.Member(key: $0.key, value: .null) }
    }

    /// The patch of the `objects` member: entity groups, then objects by
    /// identity, then properties.
    static func _objects(_ old: JSONObject, _ new: JSONObject, schema: Schema) throws(DiffError) -> JSONObject {
        var patch = removals(old, new)
        let oldIndex = old.index()
        for group in new.members {
            let entity = schema.entity(named: group.key)
            let before = oldIndex[ExactString(group.key)].flatMap { old.members[$0].value.objectValue } ?? JSONObject()
            let objects = group.value.objectValue ?? JSONObject()
            var members = removals(before, objects)
            let beforeIndex = before.index()
            for object in objects.members {
                let fields = object.value.objectValue ?? JSONObject()
                if let i = beforeIndex[ExactString(object.key)] {
                    if before.members[i].value.isIdentical(to: object.value) { continue }
                    let old = before.members[i].value.objectValue ?? JSONObject()
                    members.append(JSONObject.Member(key: object.key, value: .object(
                        try _changed(old, fields, entity: entity, entityName: group.key, identity: object.key))))
                } else {
                    members.append(JSONObject.Member(key: object.key, value: .object(
                        try _inserted(fields, entity: entity, entityName: group.key, identity: object.key))))
                }
            }
            if !members.isEmpty || oldIndex[ExactString(group.key)] == nil {
                patch.append(JSONObject.Member(key: group.key, value: .object(JSONObject(JSONObject(members).sortedMembers))))
            }
        }
        return JSONObject(JSONObject(patch).sortedMembers)
    }

    /// The patch of an object that is in both graphs: its changed properties.
    static func _changed(_ old: JSONObject, _ new: JSONObject, entity: Entity?, entityName: String,
                         identity: String) throws(DiffError) -> JSONObject {
        var patch = removals(old, new)
        let oldIndex = old.index()
        for field in new.members {
            let before = oldIndex[ExactString(field.key)].map { old.members[$0].value }
            if let before, before.isIdentical(to: field.value) { continue }
            func problem(_ reason: String) -> DiffError {
                .unrepresentableInGraphMergePatch(entity: entityName, identity: identity, property: field.key, reason: reason)
            }
            if field.value.isNull {
                if let why = _absenceDiffers(field.key, of: entity) { throw problem(why) }
                patch.append(JSONObject.Member(key: field.key, value: .null))
            } else if let before, case .object = before, case .object = field.value {
                do {
                    patch.append(JSONObject.Member(key: field.key, value: try diff(before, field.value, at: JSONPointer())))
                } catch {
                    throw problem(_nestedNull(error))
                }
            } else {
                do {
                    patch.append(JSONObject.Member(key: field.key, value: try value(field.value, at: JSONPointer())))
                } catch {
                    throw problem(_nestedNull(error))
                }
            }
        }
        return JSONObject(JSONObject(patch).sortedMembers)
    }

    /// A new object as a merge patch writes it: without the `null`
    /// properties that absence stands for.
    static func _inserted(_ fields: JSONObject, entity: Entity?, entityName: String, identity: String) throws(DiffError) -> JSONObject {
        var kept: [JSONObject.Member] = []
        for field in fields.members {
            func problem(_ reason: String) -> DiffError {
                .unrepresentableInGraphMergePatch(entity: entityName, identity: identity, property: field.key, reason: reason)
            }
            if field.value.isNull {
                if let why = _absenceDiffers(field.key, of: entity) { throw problem(why) }
                continue
            }
            do {
                kept.append(JSONObject.Member(key: field.key, value: try value(field.value, at: JSONPointer())))
            } catch {
                throw problem(_nestedNull(error))
            }
        }
        return JSONObject(kept)
    }

    /// The patch of `metadata`, whose members are free JSON: absent is not
    /// `null` there.
    static func _metadata(_ old: JSONValue, _ new: JSONValue) throws(DiffError) -> JSONValue {
        do {
            return try diff(old.objectValue.map(JSONValue.object) ?? .object(JSONObject()), new, at: JSONPointer())
        } catch {
            guard case .unrepresentableInMergePatch(let path) = error, let name = path.tokens.first else { throw error }
            let rest = JSONPointer(Array(path.tokens.dropFirst()))
            let reason = rest.tokens.isEmpty ? "to null (null means remove, and metadata keeps null members)"
                : "to a value with null at \(rest) (null means remove)"
            throw .unrepresentableInGraphMergePatch(entity: nil, identity: nil, property: name, reason: reason)
        }
    }

    /// Why a property that becomes `null` cannot be left out instead; nil
    /// when absence reads as `null` (an optional attribute without a
    /// default, an optional to-one).
    static func _absenceDiffers(_ name: String, of entity: Entity?) -> String? {
        switch entity?.property(named: name) {
        case .attribute(let a)?:
            if !a.isOptional && !a.isTransient { return "to null: the attribute is required" }
            if let d = a.defaultValue, !d.isNull {
                return "to null: a merge patch can only remove the member, and absent means its default, \(JSONWriter.string(d))"
            }
            return nil
        case .relationship(let r)?:
            return r.storage == .toOne && r.isOptional ? nil : "to null: the relationship is required"
        case nil:
            return "to null: not a property of the schema"
        }
    }

    /// The reason for a `null` found inside a new value.
    static func _nestedNull(_ error: DiffError) -> String {
        guard case .unrepresentableInMergePatch(let path) = error else { return error.description }
        return "to a value with null at \(path) (null means remove)"
    }
}
