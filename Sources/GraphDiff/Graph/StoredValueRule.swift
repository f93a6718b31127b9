import GraphDiffJSON

/// What one stored property of an object may hold: the rule the loader
/// checks every value of a file against, and patch application every value
/// a patch writes, so that a patched graph is valid exactly when loading
/// its canonical text would be.
///
/// An attribute holds a value of its type (``AttributeType/problem(with:)``)
/// or `null` when it is optional. A to-one reference holds the identity
/// string of its target or `null` when optional; a many-to-many relationship
/// an array of identity strings without repeats, kept sorted; an ordered
/// relationship kept as an array, identity strings without repeats, kept in
/// their order. References
/// to an entity whose identities have canonical spellings (integers, UUIDs)
/// are kept in that spelling (``AttributeType/canonicalIdentity(_:)``).
///
///     let rule = StoredValueRule(.attribute(Attribute(name: "age", type: .int16)), schema: schema)
///     rule.check("old")   // .invalid(.wrongType, "value \"old\" has the wrong type: …")
///
/// A class: the loader checks every value of a file against a rule read
/// from its entity's layout, and a reference is copied for free where the
/// struct's names would be retained one by one.
final class StoredValueRule: Sendable {
    /// What the check concludes about one value.
    enum Verdict: Equatable {
        /// The value to store (references in canonical spelling, many-to-many sorted).
        case stored(JSONValue)
        /// The property is a to-many derived from its members: nothing is stored.
        case derived
        /// The value cannot be stored: what kind of problem, and the message.
        case invalid(GraphProblem.Kind, String)
    }

    let property: Property
    /// For a relationship to an entity whose identities have canonical
    /// spellings: that identity type.
    let destinationIdentity: AttributeType?
    /// What the check needs of the property, without its names: read once
    /// per value, so nothing is copied or retained but for a message.
    let shape: Shape

    enum Shape {
        case attribute(AttributeType, optional: Bool)
        case toOne(optional: Bool)
        case manyToMany
        case orderedArray
        case derived
    }

    init(_ property: Property, schema: Schema) {
        self.property = property
        destinationIdentity = property.relationship.flatMap { schema.entity(named: $0.destination)?.canonicalIdentityType }
        switch property {
        case .attribute(let a): shape = .attribute(a.type, optional: a.isOptional || a.isTransient)
        case .relationship(let r):
            switch r.storage {
            case .toOne: shape = .toOne(optional: r.isOptional)
            case .manyToMany: shape = .manyToMany
            case .orderedArray: shape = .orderedArray
            case .derived: shape = .derived
            }
        }
    }

    /// What a loader keeps of a value ``check(_:)`` found invalid, so that
    /// the checks after it do not report what follows from the one
    /// mistake: an owner's array that lists a member twice keeps each
    /// member's first listing (its members' inverses do name it). `nil`
    /// for any other value (it stays null).
    ///
    /// - Complexity: O(*m*) expected for *m* members.
    func salvaged(_ value: JSONValue) -> JSONValue? {
        guard case .orderedArray = shape, let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else { return nil }
        var ids: [JSONValue] = []
        var seen = IdentityTable(capacity: list.count)
        for case .string(let ref) in list {
            guard case .success(let canonical) = reference(ref) else { return nil }
            if seen.insert(canonical).inserted { ids.append(.string(canonical)) }
        }
        return .array(ids)
    }

    /// Checks `value` for the property.
    ///
    /// - Complexity: O(1) for attributes and to-one references (but the
    ///   length of the value), O(*m* log *m*) for *m* members of a many-to-many.
    func check(_ value: JSONValue) -> Verdict {
        switch shape {
        case .attribute(let type, let optional):
            if value.isNull {
                return optional ? .stored(.null) : .invalid(.missingRequired, "required attribute \"\(property.name)\" is null")
            }
            if let why = type.problem(with: value) { return .invalid(.wrongType, "value \(JSONWriter.string(value)) \(why)") }
            return .stored(value)
        case .toOne(let optional):
            if value.isNull {
                return optional ? .stored(.null) : .invalid(.missingRequired, "required relationship \"\(property.name)\" is null")
            }
            guard let ref = value.stringValue else {
                return .invalid(.wrongType, "a to-one reference is an identity string or null, found \(value.kindName)")
            }
            switch reference(ref) {
            case .success(let canonical): return .stored(.string(canonical))
            case .failure(let invalid): return .invalid(.wrongType, invalidReference(invalid))
            }
        case .orderedArray:
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                return .invalid(.wrongType, "an ordered relationship kept as an array is an array of identity strings")
            }
            var ids: [JSONValue] = []
            ids.reserveCapacity(list.count)
            var seen = IdentityTable(capacity: list.count)
            for case .string(let ref) in list {
                switch reference(ref) {
                case .success(let canonical):
                    guard seen.insert(canonical).inserted else { return .invalid(.wrongType, "member \"\(canonical)\" is listed twice") }
                    ids.append(.string(canonical))
                case .failure(let invalid): return .invalid(.wrongType, invalidReference(invalid))
                }
            }
            return .stored(.array(ids))
        case .manyToMany:
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                return .invalid(.wrongType, "a many-to-many relationship is an array of identity strings")
            }
            var ids: [String] = []
            ids.reserveCapacity(list.count)
            for case .string(let ref) in list {
                switch reference(ref) {
                case .success(let canonical): ids.append(canonical)
                case .failure(let invalid): return .invalid(.wrongType, invalidReference(invalid))
                }
            }
            let sorted = ids.sorted(by: utf8Less)
            for i in sorted.indices.dropFirst() where utf8Equal(sorted[i], sorted[i - 1]) {
                return .invalid(.wrongType, "identity \"\(sorted[i])\" is listed twice")
            }
            return .stored(.array(sorted.map(JSONValue.string)))
        case .derived:
            return .derived
        }
    }

    /// `reference "abc" to Person is not an integer (int64)`.
    func invalidReference(_ invalid: InvalidIdentity) -> String {
        "reference \"\(invalid.spelling)\" to \(property.relationship?.destination ?? "") \(invalid.reason)"
    }

    /// The canonical spelling of a reference to the destination.
    @inline(__always) func reference(_ ref: String) -> Result<String, InvalidIdentity> {
        destinationIdentity?.canonicalIdentity(ref) ?? .success(ref)
    }
}
