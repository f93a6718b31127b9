import Foundation
import GraphDiffJSON

extension CoreDataImport {
    /// Converts a parsed model to a `graphdiff-schema/1` document and notes.
    ///
    ///     let imported = try CoreDataImport.convert(try CoreDataModel.parse(bytes), name: "Tasks")
    ///
    /// The document is not checked (``checkedSchema()`` does that), so a
    /// model whose relationships name entities it lacks still converts.
    ///
    /// - Parameters:
    ///   - model: the parsed model.
    ///   - name: the schema's name.
    ///   - options: identities and orderings chosen (`--identity`,
    ///     `--ordered`, `--ordered-by`).
    /// - Returns: the document and the notes.
    /// - Throws: ``SchemaError`` for what no schema can say: an unknown
    ///   `attributeType` or `deletionRule`, a property declared twice, a
    ///   relationship without a destination, an `identities` entry naming
    ///   an unknown entity, or an attribute that is missing or cannot be an
    ///   identity (a sub-entity's, optional, transient, or of another type
    ///   than string, uuid or integer); an `orderedBy` entry naming an
    ///   unknown relationship, or one that cannot be ordered by that
    ///   attribute (not a to-many, no to-one inverse, no such numeric
    ///   attribute on the members).
    /// - Complexity: O(*p* log *p*), where *p* is the number of properties.
    public static func convert(_ model: CoreDataModel, name: String, options: Options = Options()) throws -> CoreDataImport {
        var converter = _CoreDataConverter(model: model, options: options)
        let entities = try converter.run()
        var top = JSONObject()
        top["entities"] = .object(entities)
        top["format"] = .string(Schema.formatTag)
        top["name"] = .string(name)
        if let version = _CoreDataConverter.version(model.versionIdentifier) { top["version"] = version }
        var result = CoreDataImport(document: .object(top), notes: converter.notes.sorted())
        result.locations = converter.locations
        return result
    }

    /// ``convert(_:name:options:)`` with identities chosen (`--identity`).
    public static func convert(_ model: CoreDataModel, name: String, identities: [String: String]) throws -> CoreDataImport {
        try convert(model, name: name, options: Options(identities: identities))
    }
}

/// The conversion of one model: entities, then chains, then identities.
struct _CoreDataConverter {
    let model: CoreDataModel
    let options: CoreDataImport.Options
    var identities: [String: String] { options.identities }
    var notes: [CoreDataImportNote] = []
    var locations: [String: SourceLocation] = [:]
    /// Entity name → property name → its specification (members sorted at the end).
    var attributes: [String: [String: JSONObject]] = [:]
    var relationships: [String: [String: JSONObject]] = [:]
    /// What chain naming looks up, built once by ``prepareChains()`` so
    /// that naming every chain stays linear in the model's size.
    var chainIndex = _ChainIndex()
    /// The index attributes in use, as `Member.attribute`, with the
    /// relationship each orders: an attribute orders one relationship.
    var indexUsers: [String: String] = [:]

    init(model: CoreDataModel, options: CoreDataImport.Options) {
        self.model = model
        self.options = options
    }

    static let types: [String: AttributeType] = [
        "Integer 16": .int16, "Integer 32": .int32, "Integer 64": .int64, "Decimal": .decimal,
        "Double": .double, "Float": .float, "String": .string, "Boolean": .bool, "Date": .date,
        "Binary": .binary, "UUID": .uuid, "URI": .uri, "Transformable": .json, "Undefined": .json,
        "Composite": .json, "ObjectID": .json,
    ]

    static let deleteRules: [String: DeleteRule] = [
        "Nullify": .nullify, "Cascade": .cascade, "Deny": .deny, "No Action": .noAction,
    ]

    /// `userInfo` keys that name the identity attribute, in order of preference.
    static let identityKeys = ["id", "identity", "identityAttribute", "relatedByAttribute"]

    /// The model's `userDefinedModelVersionIdentifier` as the schema's
    /// `version`: an integer stays a number, anything else a string.
    static func version(_ identifier: String) -> JSONValue? {
        let trimmed = identifier.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let n = Int(trimmed), String(n) == trimmed { return .number(JSONNumber(n)) }
        return .string(trimmed)
    }

    private func problem(_ message: String, at location: SourceLocation) -> SchemaError {
        SchemaError(problems: [SchemaProblem(message, path: [], location: location)])
    }

    mutating func run() throws -> JSONObject {
        var byName: [String: CoreDataModel.EntityElement] = [:]
        for e in model.entities {
            if byName[e.name] != nil { throw problem("entity \"\(e.name)\" is declared twice", at: e.location) }
            byName[e.name] = e
            locations[e.name] = e.location
        }
        for (name, _) in identities where byName[name] == nil {
            throw SchemaError(problems: [SchemaProblem("no entity \"\(name)\" in the model", path: ["--identity"])])
        }
        for (key, _) in options.orderedBy.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let e = byName[parts[0]], e.relationships.contains(where: { $0.name == parts[1] }) else {
                throw SchemaError(problems: [SchemaProblem("no relationship \"\(key)\" in the model", path: ["--ordered-by"])])
            }
        }
        for e in model.entities { try convertProperties(of: e) }
        resolveCompetingInverses(entities: byName)
        prepareChains(entities: byName)
        // `--ordered-by` claims its attributes before any userInfo entry does.
        for (subject, attribute) in options.orderedBy.sorted(by: { $0.key < $1.key }) {
            let parts = subject.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let d = byName[parts[0]]?.relationships.first(where: { $0.name == parts[1] })?.destination else { continue }
            let key = "\(declaring(attribute, from: d, byName)).\(attribute)"
            if indexUsers[key] == nil { indexUsers[key] = subject }
        }
        for e in model.entities.sorted(by: { $0.name < $1.name }) { try orderings(of: e, entities: byName) }
        var out: [JSONObject.Member] = []
        for e in model.entities.sorted(by: { $0.name < $1.name }) {
            var spec = JSONObject()
            if let parent = e.parent, !parent.isEmpty { spec["parent"] = .string(parent) }
            if e.isAbstract { spec["abstract"] = true }
            if let id = try identity(of: e) { spec["identity"] = .string(id) }
            if let from = e.elementID, !from.isEmpty { spec["renamedFrom"] = .string(from) }
            if let a = attributes[e.name], !a.isEmpty { spec["attributes"] = Self.sortedObject(a) }
            if let r = relationships[e.name], !r.isEmpty { spec["relationships"] = Self.sortedObject(r) }
            otherNotes(of: e)
            out.append(JSONObject.Member(key: e.name, value: Self.sorted(spec)))
        }
        modelNotes()
        return JSONObject(out)
    }

    static func sorted(_ o: JSONObject) -> JSONValue {
        .object(JSONObject(o.members.sorted { $0.key < $1.key }))
    }

    static func sortedObject(_ table: [String: JSONObject]) -> JSONValue {
        .object(JSONObject(table.keys.sorted().compactMap { k in table[k].map { JSONObject.Member(key: k, value: sorted($0)) } }))
    }

    // MARK: Properties

    mutating func convertProperties(of e: CoreDataModel.EntityElement) throws {
        var seen: Set<String> = []
        var attrs: [String: JSONObject] = [:]
        for a in e.attributes {
            guard seen.insert(a.name).inserted else { throw problem("property \"\(e.name).\(a.name)\" is declared twice", at: a.location) }
            locations[e.name + "\u{1}" + a.name] = a.location
            let subject = "\(e.name).\(a.name)"
            // Xcode lets a transient attribute leave its type Undefined,
            // and then writes no attributeType: its values live in memory
            // only, whatever they are.
            let untyped = a.type.isEmpty
            guard let type = untyped ? .json : Self.types[a.type] else {
                throw problem("unknown attributeType \"\(a.type)\" of \"\(subject)\"", at: a.location)
            }
            var spec = JSONObject()
            spec["type"] = .string(type.rawValue)
            if a.isOptional { spec["optional"] = true }
            if let d = defaultValue(of: a, type: type, subject: subject) { spec["default"] = d }
            if a.isTransient || untyped { spec["transient"] = true }
            if untyped {
                notes.append(.init(subject, "no attributeType (Undefined): imported as a transient json attribute"
                                   + (a.isTransient ? "" : ", as Core Data keeps an Undefined attribute in memory only")))
            }
            if let from = a.elementID, !from.isEmpty { spec["renamedFrom"] = .string(from) }
            if a.type == "Composite" {
                notes.append(.init(subject, "composite \"\(a.composite ?? "")\" is imported as json; its fields are not checked"))
            }
            if let expression = a.derivationExpression {
                notes.append(.init(subject, "derived attribute: its expression \"\(expression)\" is not kept; imported as a stored attribute"))
            }
            attrs[a.name] = spec
        }
        var rels: [String: JSONObject] = [:]
        let dropped = Set(e.relationships.filter(\.isTransient).map(\.name))
        for r in e.relationships {
            guard seen.insert(r.name).inserted else { throw problem("property \"\(e.name).\(r.name)\" is declared twice", at: r.location) }
            locations[e.name + "\u{1}" + r.name] = r.location
            let subject = "\(e.name).\(r.name)"
            if r.isTransient {
                notes.append(.init(subject, "transient relationship: not imported"))
                continue
            }
            guard let destination = r.destination, !destination.isEmpty else {
                throw problem("relationship \"\(subject)\" has no destinationEntity", at: r.location)
            }
            let rule = try r.deletionRule.map { text in
                guard let rule = Self.deleteRules[text] else {
                    throw problem("unknown deletionRule \"\(text)\" of \"\(subject)\"", at: r.location)
                }
                return rule
            } ?? .nullify
            var spec = JSONObject()
            spec["destination"] = .string(destination)
            if r.isToMany { spec["toMany"] = true }
            if let inverse = r.inverseName, !inverse.isEmpty {
                let inverseIsTransient = model.entities.first { $0.name == destination }?
                    .relationships.contains { $0.name == inverse && $0.isTransient } ?? false
                if inverseIsTransient || (destination == e.name && dropped.contains(inverse)) {
                    notes.append(.init(subject, "its inverse \"\(destination).\(inverse)\" is transient: imported without an inverse"))
                } else {
                    spec["inverse"] = .string(inverse)
                }
            }
            if rule != .nullify { spec["deleteRule"] = .string(rule.rawValue) }
            let minCount = r.minCount.flatMap { Int($0) } ?? 0
            let maxCount = r.maxCount.flatMap { Int($0) } ?? 0
            if r.isToMany {
                // A to-many that is not optional must hold at least one object.
                let least = r.isOptional ? minCount : max(minCount, 1)
                if least > 0 { spec["minCount"] = .number(JSONNumber(least)) }
                if maxCount > 0 { spec["maxCount"] = .number(JSONNumber(maxCount)) }
            } else if !r.isOptional {
                spec["optional"] = false
            }
            if let from = r.elementID, !from.isEmpty { spec["renamedFrom"] = .string(from) }
            rels[r.name] = spec
        }
        attributes[e.name] = attrs
        relationships[e.name] = rels
    }

    // MARK: Defaults

    /// The attribute's default as a value of `type`, or `nil` with a note
    /// when the model's default has no counterpart.
    mutating func defaultValue(of a: CoreDataModel.AttributeElement, type: AttributeType, subject: String) -> JSONValue? {
        func unusable(_ text: String, _ why: String) -> JSONValue? {
            notes.append(.init(subject, "default \"\(text)\" \(why): not imported"))
            return nil
        }
        if type == .date {
            if let interval = a.defaultDateTimeInterval {
                guard let date = Self.isoDate(sinceReferenceDate: interval) else {
                    return unusable(interval, "is not a number of seconds since 2001-01-01")
                }
                return .string(date)
            }
            if let text = a.defaultValueString { return unusable(text, "is not a defaultDateTimeInterval") }
            return nil
        }
        guard let text = a.defaultValueString else { return nil }
        let value: JSONValue
        switch type {
        case .bool:
            switch text {
            case "YES": value = true
            case "NO": value = false
            default: return unusable(text, "is not YES or NO")
            }
        case .int16, .int32, .int64:
            guard let n = Int(text) else { return unusable(text, "is not an integer") }
            value = .number(JSONNumber(n))
        case .float, .double, .decimal:
            guard let n = JSONNumber(validating: text) else { return unusable(text, "is not a number") }
            value = .number(n)
        case .string, .uri, .uuid:
            value = .string(text)
        case .binary, .json, .date:
            return unusable(text, "of a \(a.type) attribute has no counterpart")
        }
        if let why = type.problem(with: value) { return unusable(text, why) }
        return value
    }

    /// `seconds` since 2001-01-01T00:00:00Z as ISO 8601 (`2001-01-01T00:00:00Z`),
    /// with milliseconds when it has a fraction.
    static func isoDate(sinceReferenceDate seconds: String) -> String? {
        guard let interval = Double(seconds), interval.isFinite, abs(interval) < 1e12 else { return nil }
        let millis = Int((interval * 1000).rounded())
        let total = 978_307_200 * 1000 + millis
        let whole = total >= 0 ? total / 1000 : (total - 999) / 1000
        let fraction = total - whole * 1000
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = ISO8601Instant.civil(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fraction != 0 {
            var digits = pad(fraction, 3)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }
}
