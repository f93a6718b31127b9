import GraphDiffJSON

extension Schema {
    /// Reads a schema document (format `graphdiff-schema/1`).
    ///
    ///     let schema = try Schema.load(Array(text.utf8))
    ///
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the checked schema.
    /// - Throws: ``JSONError`` when the text is not JSON; ``SchemaError`` with
    ///   every problem found, each with its line and column, otherwise.
    /// - Complexity: O(*n*) in the size of the document.
    public static func load(_ bytes: [UInt8]) throws -> Schema {
        let value = try JSONReader.parse(bytes)
        return try load(value, source: JSONSourceText(bytes))
    }

    /// Reads a schema from an already parsed document; `source` gives
    /// positions to the problems.
    ///
    ///     let schema = try Schema.load(try JSONReader.parse(bytes), source: JSONSourceText(bytes))
    public static func load(_ document: JSONValue, source: JSONSourceText?) throws -> Schema {
        try withDeepStack { try _load(document, source: source) }
    }

    private static func _load(_ document: JSONValue, source: JSONSourceText?) throws -> Schema {
        var decoder = SchemaDecoder(source: source)
        let declared = decoder.decode(document)
        guard let declared else { throw SchemaError(problems: decoder.problems.map(\.namingItsOrdering)) }
        do {
            let schema = try Schema(
                name: declared.name, version: declared.version, entities: declared.entities,
                diffScope: declared.diffScope)
            if !decoder.problems.isEmpty { throw SchemaError(problems: decoder.problems) }
            return schema
        } catch var error as SchemaError {
            // Problems found while decoding come first; then those of the
            // model as far as it could be decoded.
            if error.problems != decoder.problems {
                // A property the decoder could not read is reported where
                // it is declared, not again where it is named.
                // (Declared on the entity or one it inherits from.)
                let undecoded = decoder.undecodedProperties
                var parents: [String: String] = [:]
                for e in declared.entities { parents[e.name] = e.parent }
                func isUndecoded(_ absent: String) -> Bool {
                    guard let dot = absent.firstIndex(of: ".") else { return false }
                    let name = absent[absent.index(after: dot)...]
                    var entity: String? = String(absent[..<dot]), seen = Set<String>()
                    while let e = entity, seen.insert(e).inserted {
                        if undecoded.contains("\(e).\(name)") { return true }
                        entity = parents[e]
                    }
                    return false
                }
                error.problems = decoder.problems + error.problems.filter { !($0.absentProperty.map(isUndecoded) ?? false) }
            }
            for i in error.problems.indices where error.problems[i].location == nil {
                error.problems[i].location = decoder.location(of: error.problems[i].path)
            }
            error.problems = error.problems.map(\.namingItsOrdering)
            throw error
        }
    }
}

/// Turns a schema document into declarations, collecting problems with the
/// offsets of the members they concern.
struct SchemaDecoder {
    let source: JSONSourceText?
    var problems: [SchemaProblem] = []
    /// Properties declared but not decoded (after a problem), as `Entity.name`.
    var undecodedProperties = Set<String>()
    /// Path (joined by U+0001) → byte offset of the member name.
    var offsets: [String: Int] = [:]

    init(source: JSONSourceText?) { self.source = source }

    func location(of path: [String]) -> SourceLocation? {
        guard let source else { return nil }
        var path = path
        while !path.isEmpty {
            if let offset = offsets[path.joined(separator: "\u{1}")] { return source.location(ofOffset: offset) }
            path.removeLast()
        }
        return source.location(ofOffset: 0)
    }

    mutating func problem(_ message: String, _ path: [String]) {
        problems.append(SchemaProblem(message, path: path, location: location(of: path)))
    }

    /// The members of `value` as an object, recording their offsets, and
    /// reporting members not in `allowed`.
    mutating func members(_ value: JSONValue, at path: [String], allowed: Set<String>) -> JSONObject? {
        guard let object = value.objectValue else {
            problem("expected an object, found \(value.kindName)", path)
            return nil
        }
        for m in object.members {
            offsets[(path + [m.key]).joined(separator: "\u{1}")] = m.keyOffset
        }
        for m in object.members where !allowed.isEmpty && !allowed.contains(m.key) {
            problem("unknown member \"\(m.key)\"", path + [m.key])
        }
        return object
    }

    mutating func string(_ object: JSONObject, _ key: String, at path: [String], required: Bool = false) -> String? {
        guard let value = object[key] else {
            if required { problem("missing \"\(key)\"", path) }
            return nil
        }
        guard let s = value.stringValue else {
            problem("\"\(key)\" must be a string, found \(value.kindName)", path + [key])
            return nil
        }
        return s
    }

    mutating func bool(_ object: JSONObject, _ key: String, at path: [String], default d: Bool) -> Bool {
        guard let value = object[key] else { return d }
        guard let b = value.boolValue else {
            problem("\"\(key)\" must be true or false, found \(value.kindName)", path + [key])
            return d
        }
        return b
    }

    /// A non-negative integer member (a relationship's `minCount` or `maxCount`).
    mutating func count(_ object: JSONObject, _ key: String, at path: [String]) -> Int? {
        guard let value = object[key] else { return nil }
        guard let text = value.numberValue?.text, let n = Int(text), n >= 0 else {
            problem("\"\(key)\" must be a non-negative integer, found \(JSONWriter.string(value))", path + [key])
            return nil
        }
        return n
    }

    /// A relationship's `ordered` member: `{"prev": P, "next": N}` (a
    /// chain), `"array"`, or `{"index": A}`; `nil` after reporting anything else.
    mutating func ordering(_ value: JSONValue, at path: [String]) -> Ordering? {
        let forms = "ordered is {\"prev\": P, \"next\": N}, \"array\" or {\"index\": A}"
        switch value {
        case .string(let name):
            guard name == "array" else {
                problem("unknown ordering \"\(name)\": \(forms)", path)
                return nil
            }
            return .array
        case .object(let object):
            guard let o = members(value, at: path, allowed: ["prev", "next", "index"]) else { return nil }
            if object["index"] != nil {
                guard object["prev"] == nil && object["next"] == nil else {
                    problem("an ordering is a chain or an index, not both: \(forms)", path)
                    return nil
                }
                return string(o, "index", at: path).map(Ordering.index)
            }
            guard let prev = string(o, "prev", at: path, required: true), let next = string(o, "next", at: path, required: true)
            else { return nil }
            return .chain(prev: prev, next: next)
        default:
            problem("\(forms), found \(value.kindName)", path)
            return nil
        }
    }

    struct Declared {
        var name: String
        var version: JSONValue?
        var entities: [Entity]
        var diffScope: DiffScope
    }

    mutating func decode(_ document: JSONValue) -> Declared? {
        guard let top = members(document, at: [], allowed: ["format", "name", "version", "entities", "diff", "$comment"]) else {
            return nil
        }
        let format = string(top, "format", at: [], required: true)
        if let format, format != Schema.formatTag {
            problem("unsupported format \"\(format)\"; expected \"\(Schema.formatTag)\"", ["format"])
        }
        let name = string(top, "name", at: []) ?? ""
        var entities: [Entity] = []
        if let entitiesValue = top["entities"], let table = members(entitiesValue, at: ["entities"], allowed: []) {
            for m in table.members {
                if let e = decodeEntity(m.key, m.value) { entities.append(e) }
            }
        } else if top["entities"] == nil {
            problem("missing \"entities\"", [])
        }
        var scope = DiffScope()
        if let diffValue = top["diff"], let diff = members(diffValue, at: ["diff"], allowed: ["include", "exclude", "ignore"]) {
            if let ignore = diff["ignore"] {
                if let names = ignore.arrayValue?.compactMap(\.stringValue), names.count == ignore.arrayValue?.count {
                    scope.ignore = names
                } else {
                    problem("expected an array of ENTITY.PROPERTY names", ["diff", "ignore"])
                }
            }
            for section in ["include", "exclude"] {
                guard let value = diff[section], let table = members(value, at: ["diff", section], allowed: []) else { continue }
                var result: [String: [String]] = [:]
                for m in table.members {
                    guard let names = m.value.arrayValue?.compactMap(\.stringValue), names.count == m.value.arrayValue?.count else {
                        problem("expected an array of property names", ["diff", section, m.key])
                        continue
                    }
                    result[m.key] = names
                }
                if section == "include" { scope.include = result } else { scope.exclude = result }
            }
        }
        return Declared(name: name, version: top["version"], entities: entities, diffScope: scope)
    }

    mutating func decodeEntity(_ name: String, _ value: JSONValue) -> Entity? {
        let path = ["entities", name]
        guard let spec = members(value, at: path, allowed: ["parent", "abstract", "identity", "atomic", "attributes", "relationships", "renamedFrom"]) else {
            return nil
        }
        let entity = Entity(
            name: name, parent: string(spec, "parent", at: path),
            isAbstract: bool(spec, "abstract", at: path, default: false),
            identity: string(spec, "identity", at: path),
            isAtomic: bool(spec, "atomic", at: path, default: false),
            renamedFrom: string(spec, "renamedFrom", at: path))
        if let attributes = spec["attributes"], let table = members(attributes, at: path + ["attributes"], allowed: []) {
            for m in table.members {
                let p = path + ["attributes", m.key]
                guard let a = members(m.value, at: p, allowed: ["type", "optional", "default", "transient", "renamedFrom"]),
                      let typeName = string(a, "type", at: p, required: true)
                else {
                    undecodedProperties.insert("\(name).\(m.key)")
                    continue
                }
                guard let type = AttributeType(rawValue: typeName) else {
                    let known = AttributeType.allCases.map(\.rawValue).joined(separator: ", ")
                    problem("unknown attribute type \"\(typeName)\"; known types: \(known)", p + ["type"])
                    undecodedProperties.insert("\(name).\(m.key)")
                    continue
                }
                entity.attributes.append(Attribute(
                    name: m.key, type: type, isOptional: bool(a, "optional", at: p, default: false), defaultValue: a["default"],
                    isTransient: bool(a, "transient", at: p, default: false), renamedFrom: string(a, "renamedFrom", at: p)))
            }
        }
        if let relationships = spec["relationships"], let table = members(relationships, at: path + ["relationships"], allowed: []) {
            for m in table.members {
                let p = path + ["relationships", m.key]
                guard let r = members(m.value, at: p, allowed: [
                    "destination", "toMany", "ordered", "inverse", "deleteRule", "optional", "minCount", "maxCount", "renamedFrom",
                ]) else {
                    undecodedProperties.insert("\(name).\(m.key)")
                    continue
                }
                let destination = string(r, "destination", at: p, required: true)
                let inverse = string(r, "inverse", at: p)
                var rule = DeleteRule.nullify
                if let ruleName = string(r, "deleteRule", at: p) {
                    if let known = DeleteRule(rawValue: ruleName) {
                        rule = known
                    } else {
                        problem("unknown delete rule \"\(ruleName)\"; known rules: cascade, nullify, deny, noAction", p + ["deleteRule"])
                    }
                }
                var ordering: Ordering?
                if let ordered = r["ordered"] { ordering = self.ordering(ordered, at: p + ["ordered"]) }
                let minCount = count(r, "minCount", at: p)
                let maxCount = count(r, "maxCount", at: p)
                guard let destination else {
                    undecodedProperties.insert("\(name).\(m.key)")
                    continue
                }
                entity.relationships.append(Relationship(
                    name: m.key, destination: destination, toMany: bool(r, "toMany", at: p, default: false),
                    ordered: ordering, inverse: inverse, deleteRule: rule, isOptional: bool(r, "optional", at: p, default: true),
                    minCount: minCount, maxCount: maxCount, renamedFrom: string(r, "renamedFrom", at: p)))
            }
        }
        return entity
    }
}
