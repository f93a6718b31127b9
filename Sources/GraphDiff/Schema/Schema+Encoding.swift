import GraphDiffJSON

extension Schema {
    /// The schema as a `graphdiff-schema/1` document, the inverse of
    /// ``load(_:)``: only what is declared, defaults left out.
    ///
    /// - Complexity: O(*p*), where *p* is the number of declared properties.
    public func encoded() -> JSONValue {
        var document = encodedModel().objectValue ?? JSONObject()
        var diff = JSONObject()
        for (section, table) in [("include", diffScope.include), ("exclude", diffScope.exclude)] where !table.isEmpty {
            diff[section] = .object(JSONObject(table.sorted { $0.key < $1.key }.map {
                JSONObject.Member(key: $0.key, value: .array($0.value.map(JSONValue.string)))
            }))
        }
        if !diffScope.ignore.isEmpty { diff["ignore"] = .array(diffScope.ignore.map(JSONValue.string)) }
        if !diff.isEmpty { document["diff"] = .object(diff) }
        return .object(document)
    }

    /// The part of ``encoded()`` that the fingerprint covers: everything but `diff`.
    func encodedModel() -> JSONValue {
        var document = JSONObject()
        document["format"] = .string(Schema.formatTag)
        document["name"] = .string(name)
        if let version { document["version"] = version }
        var entitiesObject = JSONObject()
        for entity in entities {
            entitiesObject[entity.name] = entity.encoded()
        }
        document["entities"] = .object(entitiesObject)
        return .object(document)
    }

    /// An ordering as a schema document writes it: `{"prev": P, "next": N}`,
    /// `"array"` or `{"index": A}`.
    public static func encoded(_ ordering: Ordering) -> JSONValue {
        switch ordering {
        case .chain(let chain): return ["prev": .string(chain.prev), "next": .string(chain.next)]
        case .array: return "array"
        case .index(let attribute): return ["index": .string(attribute)]
        }
    }

    /// The `format` member of every schema document.
    public static let formatTag = "graphdiff-schema/1"

    /// Whether `document` says it is a schema document: its `format` is
    /// ``formatTag``. (`validate` checks such a file as a schema; a
    /// directory diff compares it as plain JSON.)
    public static func isSchemaDocument(_ document: JSONValue) -> Bool {
        document["format"]?.stringValue == formatTag
    }

    /// Whether `document`, the file a `$schema` names, is read as a schema:
    /// it says so (``isSchemaDocument(_:)``) or has `entities` (a schema
    /// written without its `format`, which loading then reports). Any other
    /// JSON is a JSON Schema, as editors use, and the document naming it is
    /// plain JSON.
    public static func mayBeSchema(_ document: JSONValue) -> Bool {
        isSchemaDocument(document) || document["entities"] != nil
    }
}

extension Entity {
    func encoded() -> JSONValue {
        var o = JSONObject()
        if let parent { o["parent"] = .string(parent) }
        if isAbstract { o["abstract"] = true }
        if let identity { o["identity"] = .string(identity) }
        if isAtomic { o["atomic"] = true }
        if let renamedFrom { o["renamedFrom"] = .string(renamedFrom) }
        if !attributes.isEmpty {
            o["attributes"] = .object(JSONObject(attributes.map { a in
                var spec = JSONObject()
                spec["type"] = .string(a.type.rawValue)
                if a.isOptional { spec["optional"] = true }
                if let d = a.defaultValue { spec["default"] = d }
                if a.isTransient { spec["transient"] = true }
                if let from = a.renamedFrom { spec["renamedFrom"] = .string(from) }
                return JSONObject.Member(key: a.name, value: .object(spec))
            }))
        }
        if !relationships.isEmpty {
            o["relationships"] = .object(JSONObject(relationships.map { r in
                var spec = JSONObject()
                spec["destination"] = .string(r.destination)
                if r.isToMany { spec["toMany"] = true }
                if let ordering = r.ordered { spec["ordered"] = Schema.encoded(ordering) }
                if let inverse = r.inverse { spec["inverse"] = .string(inverse) }
                if r.deleteRule != .nullify { spec["deleteRule"] = .string(r.deleteRule.rawValue) }
                if !r.isOptional { spec["optional"] = false }
                if let n = r.minCount { spec["minCount"] = .number(JSONNumber(n)) }
                if let n = r.maxCount { spec["maxCount"] = .number(JSONNumber(n)) }
                if let from = r.renamedFrom { spec["renamedFrom"] = .string(from) }
                return JSONObject.Member(key: r.name, value: .object(spec))
            }))
        }
        return .object(o)
    }
}
