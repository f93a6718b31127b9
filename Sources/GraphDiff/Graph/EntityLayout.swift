import GraphDiffJSON

/// What decoding the objects of one entity needs, gathered once per load.
///
/// The members of an object in a canonical file come in name order, the
/// order of ``names``: the loader guesses that the next member is the next
/// property and confirms it with one byte compare, falling back to a hash
/// lookup by exact bytes for other orders (the flat form, hand-written
/// files). The copy also keeps the per-member work off ``Entity``, a class
/// whose properties the runtime guards on every access.
struct EntityLayout {
    let name: String
    let root: String
    /// The member that repeats the identity in the canonical form, if any.
    let identityAttribute: String?
    /// The member that carries the identity in the flat form.
    let flatIdentityKey: String
    /// The identity type when identities have canonical spellings (integers, UUIDs).
    let identityType: AttributeType?
    /// Every property, by name in byte order.
    let names: [String]
    /// The UTF-8 bytes of ``names``, and of ``identityAttribute``.
    let nameBytes: [[UInt8]]
    let identityAttributeBytes: [UInt8]?
    let properties: [Property]
    /// `rules[i]`: what a value of `properties[i]` may be.
    let rules: [StoredValueRule]
    /// ``rules``, unretained: what ``check(_:at:)`` calls through (they
    /// live as long as ``rules`` does).
    private let unretainedRules: [Unmanaged<StoredValueRule>]
    /// `slots[i]`: the stored slot of `properties[i]`, or -1 for a derived to-many.
    let slots: [Int]
    let storedProperties: [Property]
    let hasDerivedRelationships: Bool
    /// Position in ``names`` by exact bytes.
    let positions: [ExactString: Int]

    init(_ entity: Entity, schema: Schema) {
        name = entity.name
        root = entity.root
        identityAttribute = entity.identityAttribute
        flatIdentityKey = entity.identityAttribute ?? "id"
        identityType = entity.canonicalIdentityType
        let sorted = entity.properties.sorted { utf8Less($0.name, $1.name) }
        names = sorted.map(\.name)
        nameBytes = names.map { Array($0.utf8) }
        identityAttributeBytes = entity.identityAttribute.map { Array($0.utf8) }
        properties = sorted
        rules = sorted.map { StoredValueRule($0, schema: schema) }
        unretainedRules = rules.map { Unmanaged.passUnretained($0) }
        slots = sorted.map { entity.storedSlot[$0.name] ?? -1 }
        storedProperties = entity.storedProperties
        hasDerivedRelationships = entity.hasDerivedRelationships
        var positions: [ExactString: Int] = [:]
        for (i, n) in names.enumerated() { positions[ExactString(n)] = i }
        self.positions = positions
    }

    /// `value` checked against the rule of the property at `position`
    /// (``StoredValueRule/check(_:)``), without retaining the rule: the
    /// loader calls this for every value of a file, on both cores, and a
    /// retain and release of a rule both threads use would pass its
    /// reference count's cache line between them every time.
    ///
    /// - Complexity: that of the check.
    @inline(__always) func check(_ value: JSONValue, at position: Int) -> StoredValueRule.Verdict {
        unretainedRules[position]._withUnsafeGuaranteedRef { $0.check(value) }
    }

    /// The canonical spelling of the identity `text` of an object.
    @inline(__always) func canonicalIdentity(_ text: String) -> Result<String, InvalidIdentity> {
        identityType?.canonicalIdentity(text) ?? .success(text)
    }

    /// The position of the property named `key`, trying `guess` first.
    ///
    /// - Complexity: O(1) expected; one byte compare when the guess is right.
    @inline(__always) func position(of key: String, guess: Int) -> Int? {
        if guess < names.count && utf8Equal(names[guess], key) { return guess }
        return positions[ExactString(key)]
    }

    /// The position of the member name `key` as `reader` read it, trying
    /// `guess` first: no `String` is made when the guess is right.
    ///
    /// In a canonical file the members come in the order of ``names``, some
    /// absent: the names after `guess` are tried in turn (a length compare
    /// each, mostly), then the hash lookup.
    @inline(__always) func position(of key: JSONReader.MemberName, in reader: JSONReader, guess: Int) -> Int? {
        var k = guess
        while k < nameBytes.count {
            if reader.name(key, is: nameBytes[k]) { return k }
            k += 1
        }
        return positions[ExactString(reader.string(key))]
    }
}
