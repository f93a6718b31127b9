/// A JSON object: members in the order they were read, names unique.
///
/// Lookup by name is a linear scan, which is the fastest choice for the small
/// objects that make up most documents; code that looks up many names in one
/// large object builds its own index (see ``index()``). Each member remembers
/// the byte offset of its name in the source text, so a caller can report a
/// position long after parsing (``JSONSourceText/location(ofOffset:)``).
///
///     var object = JSONObject()
///     object["name"] = "Joe"
///     object["name"]      // .string("Joe")
public struct JSONObject: Sendable {
    /// One member: a name, its value and where its name starts in the source.
    public struct Member: Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// Byte offset of the opening quote of the name in the source text,
        /// or -1 when the member was not read from text.
        public var keyOffset: Int

        /// A member `key` with `value`; `keyOffset` is the byte offset of its name in the text it was read from (-1: none).
        @inlinable public init(key: String, value: JSONValue, keyOffset: Int = -1) {
            self.key = key
            self.value = value
            self.keyOffset = keyOffset
        }
    }

    /// The members, in order.
    public var members: [Member]

    /// An empty object.
    @inlinable public init() { members = [] }

    /// An object with `members`; the caller guarantees the names are unique.
    @inlinable public init(_ members: [Member]) { self.members = members }

    /// The number of members.
    @inlinable public var count: Int { members.count }

    /// Whether the object has no members.
    @inlinable public var isEmpty: Bool { members.isEmpty }

    /// The member names, in order.
    public var keys: [String] { members.map(\.key) }

    /// The position of the member named `key` (exact bytes), if any.
    ///
    /// - Complexity: O(*n*), where *n* is the number of members.
    @inlinable public func index(forKey key: String) -> Int? {
        members.firstIndex { utf8Equal($0.key, key) }
    }

    /// The member named `key`, if any.
    ///
    /// - Complexity: O(*n*), where *n* is the number of members.
    @inlinable public func member(_ key: String) -> Member? {
        index(forKey: key).map { members[$0] }
    }

    /// The value of the member named `key`; setting `nil` removes the member,
    /// setting a new name appends it.
    ///
    /// - Complexity: O(*n*), where *n* is the number of members.
    @inlinable public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            if let i = index(forKey: key) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// A dictionary from exact member name to position in ``members``.
    ///
    /// - Complexity: O(*n*).
    package func index() -> [ExactString: Int] {
        var result = [ExactString: Int](minimumCapacity: members.count)
        for (i, m) in members.enumerated() { result[ExactString(m.key)] = i }
        return result
    }

    /// The members sorted by name in byte order of UTF-8 (the canonical order).
    ///
    /// - Complexity: O(*n* log *n*); O(*n*) when they are in order already,
    ///   as in every object read from a canonical file.
    public var sortedMembers: [Member] {
        var inOrder = true
        for i in members.indices.dropFirst() where !utf8Less(members[i - 1].key, members[i].key) {
            inOrder = false
            break
        }
        return inOrder ? members : members.sorted { utf8Less($0.key, $1.key) }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written; names must be unique.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}

extension JSONObject {
    /// A copy with member `key` set to `value`.
    public func merging(_ key: String, _ value: JSONValue) -> JSONObject {
        var copy = self
        copy[key] = value
        return copy
    }
}
