
extension _CoreDataConverter {
    /// The entity's identity attribute: `--identity`, else a `userInfo`
    /// entry (`id`, `identity`, `identityAttribute`, `relatedByAttribute`),
    /// else a single-attribute uniqueness constraint; only when it suits a
    /// schema (a root entity's own string, uuid or integer attribute, not
    /// optional, not transient), otherwise `nil` (implicit) with a note.
    ///
    /// - Throws: ``SchemaError`` (at `--identity`) when `--identity` names
    ///   an attribute that is missing or cannot be an identity: an explicit
    ///   choice is never silently replaced.
    mutating func identity(of e: CoreDataModel.EntityElement) throws -> String? {
        var candidate: (attribute: String, source: String)?
        var usedConstraint: Int?
        if let named = identities[e.name] {
            candidate = (named, "--identity")
        } else if let entry = Self.identityKeys.lazy.compactMap({ key in e.userInfo.first { $0.key == key } }).first {
            candidate = (entry.value, "userInfo \"\(entry.key)\"")
            var first = true
            for other in e.userInfo where Self.identityKeys.contains(other.key) {
                if first && other == entry { first = false; continue }
                notes.append(.init(e.name, "userInfo \"\(other.key)\" (\"\(other.value)\") is not used: the identity is named by userInfo \"\(entry.key)\""))
            }
        } else if let i = e.uniquenessConstraints.firstIndex(where: { $0.count == 1 }) {
            candidate = (e.uniquenessConstraints[i][0], "uniqueness constraint")
            usedConstraint = i
        }
        for (i, constraint) in e.uniquenessConstraints.enumerated() where i != usedConstraint {
            notes.append(.init(e.name, "uniqueness constraint (\(constraint.joined(separator: ", "))) is not kept"))
        }
        guard let candidate else { return nil }
        func implicit(_ why: String) throws -> String? {
            if identities[e.name] != nil {
                throw SchemaError(problems: [SchemaProblem(
                    "\(e.name)=\(candidate.attribute): \"\(candidate.attribute)\" \(why)", path: ["--identity"])])
            }
            notes.append(.init(e.name, "identity \"\(candidate.attribute)\" (from \(candidate.source)) \(why): the identity stays implicit"))
            return nil
        }
        if let parent = e.parent, !parent.isEmpty { return try implicit("is not used, as a sub-entity has the identity of its root") }
        guard let spec = attributes[e.name]?[candidate.attribute], let type = spec["type"]?.stringValue.flatMap(AttributeType.init) else {
            return try implicit("is not an attribute of \"\(e.name)\"")
        }
        guard type.canBeIdentity else { return try implicit("has type \(type.rawValue), and an identity must be string, uuid or an integer") }
        if spec["optional"] != nil { return try implicit("is optional") }
        if spec["transient"] != nil { return try implicit("is transient") }
        return candidate.attribute
    }

    /// Notes for what the entity declares that a schema cannot hold.
    mutating func otherNotes(of e: CoreDataModel.EntityElement) {
        for name in e.fetchedProperties {
            notes.append(.init("\(e.name).\(name)", "fetched property: not imported"))
        }
        for name in e.fetchIndexes {
            notes.append(.init(e.name, "fetch index \"\(name)\" is not kept"))
        }
    }

    /// An attribute's validation rules, which Core Data checks on save and a
    /// schema cannot hold (the parser passes them on as unknown XML attributes).
    static let validationRules: Set<String> = ["minValueString", "maxValueString", "regularExpressionString"]

    /// Notes for the model-level elements a schema cannot hold, for an
    /// attribute's validation rules, and for unknown XML attributes.
    mutating func modelNotes() {
        for name in model.fetchRequests { notes.append(.init("model", "fetch request \"\(name)\" is not kept")) }
        for name in model.configurations { notes.append(.init("model", "configuration \"\(name)\" is not kept")) }
        if model.hasLayoutBlock { notes.append(.init("model", "the <elements> layout block is not kept")) }
        notes += model.skipped
        for u in model.unknownXMLAttributes {
            if u.element == "attribute" && Self.validationRules.contains(u.attribute) {
                notes.append(.init(u.owner, "validation rule \(u.attribute) is not kept: graphdiff does not check it"))
            } else {
                notes.append(.init(u.owner, "unknown XML attribute \"\(u.attribute)\" on <\(u.element)>: skipped"))
            }
        }
    }
}
