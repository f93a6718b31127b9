import GraphDiffJSON

/// The rules for what a stored value means: when two values of a property
/// are the same, which references a value holds, and how a value that
/// holds references is made. Diff, patch, merge, migration and the
/// consistency check all read values through these rules (and
/// ``GraphObject``'s accessors), so that how a value is kept is known here
/// and in the writer only.
///
/// A stored value is one of (see ``StoredValueRule``, which checks them):
///
///     attribute            a value of its type, or null   "2026-01-01T00:00:00Z"
///     to-one reference     an identity string, or null    "p1"
///     many-to-many         identity strings, sorted       ["t1", "t2"]
///     ordered array        identity strings, in order     ["s3", "s1"]
///
/// Equality (``equal(_:_:as:)``): an attribute's values compare by its type
/// (``AttributeType/valuesEqual(_:_:)``: dates by instant, UUIDs in any
/// case, decimals by value); a to-one reference by exact bytes (`null`
/// equals only `null`); a many-to-many or an ordered array as the set of
/// identities it lists (an ordered array's order is the order merge's and
/// diff's concern, not a property's), `null` holding none.
///
///     StoredValue.equal("p1", "p1", as: owner)          // true
///     StoredValue.references(in: ["t2", "t1"])          // ["t2", "t1"]
enum StoredValue {
    // MARK: Equality

    /// Whether `a` and `b` are the same value of `property`: by the
    /// attribute's type, a to-one by exact bytes, a to-many as sets of
    /// identities.
    ///
    /// - Complexity: O(1) for attributes and to-one references (but the
    ///   length of the values); O(*k*) expected for *k* members.
    static func equal(_ a: JSONValue, _ b: JSONValue, as property: Property) -> Bool {
        switch property {
        case .attribute(let attribute):
            return attribute.type.valuesEqual(a, b)
        case .relationship(let r):
            switch r.storage {
            case .manyToMany, .orderedArray:
                if a.isIdentical(to: b) { return true }
                return identities(a) == identities(b)
            case .toOne, .derived:
                return a == b
            }
        }
    }

    /// Whether `a` and `b` are the same value of an attribute of `type`
    /// (an index attribute, say): ``AttributeType/valuesEqual(_:_:)``,
    /// under which `null` equals only `null`.
    ///
    /// - Complexity: O(1) but the length of the values.
    @inline(__always) static func equal(_ a: JSONValue, _ b: JSONValue, as type: AttributeType) -> Bool {
        type.valuesEqual(a, b)
    }

    // MARK: References held

    /// The identity a to-one reference's value names: `nil` for `null` (or
    /// any value that is no identity string).
    ///
    /// - Complexity: O(1).
    @inline(__always) static func identity(in value: JSONValue) -> String? {
        guard case .string(let identity) = value else { return nil }
        return identity
    }

    /// Calls `body` with each reference `value` holds, in order: the
    /// identity of a to-one, each identity string of a to-many's array;
    /// none for `null` or any other value. Allocates nothing.
    ///
    /// - Complexity: O(*k*) for *k* references.
    @inline(__always) static func forEachReference(in value: JSONValue, _ body: (String) throws -> Void) rethrows {
        switch value {
        case .string(let identity):
            try body(identity)
        case .array(let list):
            for case .string(let identity) in list { try body(identity) }
        default:
            break
        }
    }

    /// Whether some reference `value` holds satisfies `predicate` (which is
    /// asked in order, until it says yes).
    ///
    /// - Complexity: O(*k*) for *k* references.
    @inline(__always) static func containsReference(in value: JSONValue, where predicate: (String) throws -> Bool) rethrows -> Bool {
        switch value {
        case .string(let identity):
            return try predicate(identity)
        case .array(let list):
            for case .string(let identity) in list where try predicate(identity) { return true }
            return false
        default:
            return false
        }
    }

    /// The references `value` holds, in order (see
    /// ``forEachReference(in:_:)``, which needs no array).
    ///
    /// - Complexity: O(*k*) for *k* references.
    static func references(in value: JSONValue) -> [String] {
        switch value {
        case .string(let identity): return [identity]
        case .array(let list): return list.compactMap(\.stringValue)
        default: return []
        }
    }

    /// Whether `value` holds a reference to `identity` (exact bytes). A
    /// to-many's array is searched as sorted first (a many-to-many is
    /// kept sorted), then, when that finds nothing, read whole (an ordered
    /// array, or a list sorted by no one).
    ///
    /// - Complexity: O(log *k*) when `identity` is listed in a sorted array
    ///   of *k* identities; O(*k*) otherwise.
    static func holds(_ value: JSONValue, identity: String) -> Bool {
        switch value {
        case .string(let s): return utf8Equal(s, identity)
        case .array(let list): return sortedList(list, contains: identity)
        default: return false
        }
    }

    /// The identities `value` holds, as a set of exact byte strings.
    ///
    /// - Complexity: O(*k*) expected for *k* references.
    static func identities(_ value: JSONValue) -> Set<ExactString> {
        var result = Set<ExactString>()
        forEachReference(in: value) { result.insert(ExactString($0)) }
        return result
    }

    /// Whether `value` lists exactly the identities `names` (each once), in
    /// any order. `value` is taken to list none twice, as a stored list
    /// does (only its length and each listing's presence in `names` are
    /// checked).
    ///
    /// - Complexity: O(*k*) expected.
    static func sameMembers(_ value: JSONValue, _ names: [String]) -> Bool {
        guard case .array(let list) = value, list.count == names.count else { return false }
        var table = IdentityTable(capacity: names.count)
        for name in names where !table.insert(name).inserted { return false }
        for case .string(let s) in list where table.row(of: s) == nil { return false }
        return true
    }

    /// Whether the sorted list of identity strings `list` holds `identity`:
    /// a binary search by UTF-8 bytes, then, when it finds nothing, a scan
    /// (so a list stored unsorted by hand is still read right).
    ///
    /// - Complexity: O(log *k*) when the identity is listed in a sorted list.
    static func sortedList(_ list: [JSONValue], contains identity: String) -> Bool {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            guard case .string(let s) = list[mid] else { break }
            let c = utf8Compare(s, identity)
            if c == 0 { return true }
            if c < 0 { low = mid + 1 } else { high = mid }
        }
        return list.contains { $0.stringValue.map { utf8Equal($0, identity) } ?? false }
    }

    // MARK: Values that hold references

    /// The value of a to-one reference to `identity` (`null` for none).
    @inline(__always) static func reference(_ identity: String?) -> JSONValue {
        identity.map(JSONValue.string) ?? .null
    }

    /// The value of a to-many relationship that lists `identities`, in the
    /// order given (a many-to-many is given sorted: ``sortedMembers(_:)``).
    ///
    /// - Complexity: O(*k*).
    static func list<S: Sequence>(_ identities: S) -> JSONValue where S.Element == String {
        .array(identities.map(JSONValue.string))
    }

    /// The value of a many-to-many relationship that lists `identities`:
    /// sorted by UTF-8 bytes, as a many-to-many is kept.
    ///
    /// - Complexity: O(*k* log *k*).
    static func sortedMembers<S: Sequence>(_ identities: S) -> JSONValue where S.Element == String {
        list(identities.sorted(by: utf8Less))
    }

    /// The value of a relationship stored as `storage` that holds no
    /// reference: an empty array for a to-many kept as one, else `null`.
    @inline(__always) static func empty(_ storage: Relationship.Storage) -> JSONValue {
        storage == .manyToMany || storage == .orderedArray ? .array([]) : .null
    }

    /// `value` without the references for which `drop` is true: a to-one
    /// that names one becomes `null`, an array loses those members (keeping
    /// the others in order, and any element that is no identity); `nil`
    /// when nothing is dropped.
    ///
    /// - Complexity: O(*k*) for *k* references.
    static func droppingReferences(in value: JSONValue, where drop: (String) throws -> Bool) rethrows -> JSONValue? {
        switch value {
        case .string(let identity):
            return try drop(identity) ? .null : nil
        case .array(let list):
            let kept = try list.filter { try $0.stringValue.map { try !drop($0) } ?? true }
            return kept.count == list.count ? nil : .array(kept)
        default:
            return nil
        }
    }

    /// `value` with each reference it holds replaced by `transform`'s
    /// (another spelling of it, say); anything else in it is kept as it is.
    ///
    /// - Complexity: O(*k*) for *k* references.
    static func mappingReferences(in value: JSONValue, _ transform: (String) throws -> String) rethrows -> JSONValue {
        switch value {
        case .string(let identity):
            return .string(try transform(identity))
        case .array(let list):
            return .array(try list.map { element in try element.stringValue.map { .string(try transform($0)) } ?? element })
        default:
            return value
        }
    }

    /// `value` with each reference to an object of `root` that
    /// `newIdentities` re-keys naming its new identity (a many-to-many,
    /// `isSorted`, sorted again): how a re-key rewrites references
    /// (``Graph/rekeying(_:)``, and the diff's check of a re-key).
    ///
    /// - Complexity: O(*k*) expected for *k* references (O(*k* log *k*)
    ///   when sorted again).
    static func rekeyingReferences(in value: JSONValue, root: String, isSorted: Bool, _ newIdentities: [ObjectID: String]) -> JSONValue {
        let mapped = mappingReferences(in: value) { newIdentities[ObjectID(entity: root, identity: $0)] ?? $0 }
        guard isSorted, let list = mapped.arrayValue else { return mapped }
        return sortedMembers(list.compactMap(\.stringValue))
    }

    /// `value` with a reference to `identity` added: a `null` to-one names
    /// it, an array that does not list it lists it too, the whole kept
    /// sorted by UTF-8 bytes; `nil` when `value` holds it already or
    /// cannot take it (a to-one naming another).
    ///
    /// - Complexity: O(*k* log *k*) for *k* members.
    static func addingReference(to identity: String, in value: JSONValue) -> JSONValue? {
        switch value {
        case .null:
            return .string(identity)
        case .array(let list):
            if list.contains(where: { $0.stringValue.map { utf8Equal($0, identity) } ?? false }) { return nil }
            return sortedMembers(list.compactMap(\.stringValue) + [identity])
        default:
            return nil
        }
    }
}
