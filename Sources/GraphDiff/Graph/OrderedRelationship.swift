import GraphDiffJSON

/// One ordered to-many relationship of a schema, with where the order of
/// each owner's members lives in the values of owners and members, gathered
/// once per schema.
///
/// It is graphdiff's one model of order. Whatever the storage, an owner's
/// order is a sequence of member identities; the consistency check, diff,
/// patch, merge and migration read it and write it back through this type,
/// so each rule about order has one home:
///
///     storage  where the order lives                   one owner's members
///     chain    each member: owner, prev, next           "t1" ⇄ "t2" ⇄ "t3"
///     array    the owner: an array of identities        "songs": ["s3", "s1", "s2"]
///     index    each member: owner, a number             "c1": 0, "c2": 1, "c3": 2
///
/// Reading an order is ``order(of:in:)`` (one owner) or ``orders(of:in:)``
/// (many, in one pass over the objects); writing one is
/// ``write(_:of:into:)`` for a chain or an array, and
/// ``writePositions(_:_:into:)`` for an index (whose values come from
/// ``PositionAssignment``).
final class OrderedRelationship: Sendable {
    let relationship: Relationship
    /// How the order is kept.
    let ordering: Ordering
    /// The entity that declares the relationship, and its position.
    let ownerEntityName: String
    let ownerEntityIndex: Int
    /// The root of the members' entity, and of the owners' entity: owners
    /// are `ObjectID(entity: ownerRoot, identity: …)`.
    let memberRoot: String, ownerRoot: String
    /// Per entity (by position): the slot of the members' owner link (the
    /// to-one inverse) when the entity can be a member and the inverse is a
    /// to-one, else `nil`.
    let ownerSlots: [Int?]
    /// Per entity: the slots of a chain's prev and next links.
    let prevSlots: [Int?], nextSlots: [Int?]
    /// Per entity: the slot of an array ordering's array, when the entity
    /// can be an owner.
    let arraySlots: [Int?]
    /// Per entity: the slot of an index ordering's attribute, when the
    /// entity can be a member.
    let indexSlots: [Int?]
    /// The type of the index attribute.
    let indexType: AttributeType?
    /// Per entity: whether its objects can be owners.
    let ownerKinds: [Bool]

    init?(schema: Schema, owner: Entity, relationship: Relationship) {
        guard let ordering = relationship.ordered, let destination = schema.entity(named: relationship.destination) else { return nil }
        self.relationship = relationship
        self.ordering = ordering
        ownerEntityName = owner.name
        ownerEntityIndex = owner.index
        memberRoot = destination.root
        let inverse = destination.inverse(of: relationship)
        ownerRoot = inverse.flatMap { schema.entity(named: $0.destination)?.root } ?? owner.root
        func memberSlots(_ name: String?) -> [Int?] {
            schema.entities.map { e in schema.isKind(e.index, of: destination.index) ? name.flatMap { e.storedSlot[$0] } : nil }
        }
        ownerSlots = inverse?.storage == .toOne ? memberSlots(relationship.inverse) : schema.entities.map { _ in nil }
        let links = relationship.chainLinks
        prevSlots = memberSlots(links?.prev)
        nextSlots = memberSlots(links?.next)
        indexSlots = memberSlots(relationship.indexAttribute)
        indexType = relationship.indexAttribute.flatMap { destination.property(named: $0)?.attribute?.type }
        ownerKinds = schema.entities.map { schema.isKind($0.index, of: owner.index) }
        arraySlots = schema.entities.map { e in
            ordering == .array && schema.isKind(e.index, of: owner.index) ? e.storedSlot[relationship.name] : nil
        }
    }

    /// One per ordered relationship of `schema`, in the order of its
    /// entities and their declared relationships (each once, however many
    /// sub-entities inherit it).
    static func all(in schema: Schema) -> [OrderedRelationship] {
        schema.entities.flatMap { e in e.relationships.compactMap { OrderedRelationship(schema: schema, owner: e, relationship: $0) } }
    }

    /// One per ordered relationship of `schema` kept as a prev/next chain.
    static func chains(in schema: Schema) -> [OrderedRelationship] {
        all(in: schema).filter { $0.relationship.chainLinks != nil }
    }

    /// Whether the order is kept on the members (a chain or an index), each
    /// naming its owner; otherwise it is an array on the owner.
    var isKeptOnMembers: Bool { ordering != .array }

    /// Whether `object` can be an owner of this relationship.
    @inline(__always) func isOwner(_ object: GraphObject) -> Bool { ownerKinds[object.entityIndex] }

    // MARK: Members

    /// Whether `object` can be a member that names its owner (its entity
    /// has the owner link of a chain or an index).
    @inline(__always) func isMember(_ object: GraphObject) -> Bool { ownerSlots[object.entityIndex] != nil }

    /// ``isMember(_:)`` of the live object at `row` of `store`, read in place.
    @inline(__always) func isMember(atRow row: Int, in store: ObjectStore) -> Bool {
        linkSlot(of: store.entityIndex(atRow: row), ownerSlots) != nil
    }

    /// The identity in the link `slots` of `object`, when it is set.
    @inline(__always) func link(_ object: GraphObject, _ slots: [Int?]) -> String? {
        linkSlot(of: object.entityIndex, slots).flatMap { object.reference(at: $0) }
    }

    /// ``link(_:_:)`` of the live object at `row` of `store`, read in
    /// place: no copy of the object (and so no retain of its values).
    @inline(__always) func link(atRow row: Int, in store: ObjectStore, _ slots: [Int?]) -> String? {
        linkSlot(of: store.entityIndex(atRow: row), slots).flatMap { store.reference(atRow: row, slot: $0) }
    }

    /// The slot among `slots` of an object of the entity at `entityIndex`.
    /// (An object of no entity of the schema, built by hand, has no links:
    /// ``Graph/shapeProblems()`` reports it.)
    @inline(__always) func linkSlot(of entityIndex: Int, _ slots: [Int?]) -> Int? {
        entityIndex >= 0 && entityIndex < slots.count ? slots[entityIndex] : nil
    }

    /// The owner of `object`, when it is a member that names one.
    @inline(__always) func owner(of object: GraphObject) -> ObjectID? {
        link(object, ownerSlots).map { ObjectID(entity: ownerRoot, identity: $0) }
    }

    /// The index value of `object` (`null` when it has none).
    @inline(__always) func position(of object: GraphObject) -> JSONValue {
        guard let slot = indexSlots[object.entityIndex] else { return .null }
        return object.value(at: slot)
    }

    /// Whether two versions of one object hold the same place: the same
    /// entity and owner, and for a chain the same prev and next, for an
    /// index the same value (exact text); for an array, the same array when
    /// the object is an owner.
    @inline(__always) func sameLinks(_ a: GraphObject, _ b: GraphObject) -> Bool {
        guard a.entityIndex == b.entityIndex else { return false }
        if a.sharesValues(with: b) { return true }
        let e = a.entityIndex
        switch ordering {
        case .chain: return Self.same(ownerSlots[e], a, b) && Self.same(prevSlots[e], a, b) && Self.same(nextSlots[e], a, b)
        case .index: return Self.same(ownerSlots[e], a, b) && Self.same(indexSlots[e], a, b)
        case .array: return Self.same(arraySlots[e], a, b)
        }
    }

    /// Whether `a` and `b` hold the same text at `slot` (when there is one).
    /// (A function of its own, not a closure over the two: a closure's
    /// capture copied both objects, retaining their values, on every call.)
    @inline(__always) private static func same(_ slot: Int?, _ a: GraphObject, _ b: GraphObject) -> Bool {
        guard let slot else { return true }
        return a.hasIdenticalValue(at: slot, as: b)
    }

    /// The members listed by the owner `object` (an array ordering), or
    /// `nil` when it is no owner of this relationship.
    @inline(__always) func listedMembers(of object: GraphObject) -> [String]? {
        guard let slot = arraySlots[object.entityIndex] else { return nil }
        return object.references(at: slot)
    }

    // MARK: Reading orders

    /// The order of `owner`'s members in `graph` (empty when it has none or
    /// is absent): a chain walked from its head, an array as listed, an
    /// index sorted by value.
    ///
    /// - Complexity: O(*k*) for an array of *k* members; O(*n* + *k* log *k*)
    ///   otherwise (a pass over the *n* objects).
    func order(of owner: ObjectID, in graph: Graph) -> [String] {
        orders(of: [owner], in: graph)[owner] ?? []
    }

    /// The orders of `owners` in `graph`, each member once (owners with no
    /// members are absent from the result).
    ///
    /// A chain is walked from its head (found in one pass over the objects;
    /// a broken chain yields what can be walked); an array is read from its
    /// owner; an index's members are gathered in one pass and sorted by
    /// value (``PositionKey``).
    ///
    /// - Complexity: O(*n* + *m* log *m*), where *n* is the number of
    ///   objects and *m* the members of `owners`; O(*m*) for an array.
    func orders(of owners: Set<ObjectID>, in graph: Graph) -> [ObjectID: [String]] {
        guard !owners.isEmpty else { return [:] }
        var result: [ObjectID: [String]] = [:]
        switch ordering {
        case .array:
            for owner in owners {
                guard let o = graph.objects[owner], let listed = listedMembers(of: o), !listed.isEmpty else { continue }
                result[owner] = listed
            }
        case .chain:
            var heads: [ObjectID: ObjectID] = [:]
            for (id, o) in graph.objects where isMember(o) && link(o, prevSlots) == nil {
                if let owner = owner(of: o), owners.contains(owner) { heads[owner] = id }
            }
            for (owner, head) in heads { result[owner] = graph.chainOrder(from: head, nextSlots: nextSlots) }
        case .index:
            for (owner, entries) in positionedOrders(of: owners, in: graph) { result[owner] = entries.ids }
        }
        return result
    }

    /// For a chain: ``orders(of:in:)`` found from `seeds` instead of a pass
    /// over every object. Each seed that is a member of one of `owners` in
    /// `graph` leads back to its chain's head (``Graph/chainHead(of:prevSlots:)``),
    /// and the chain is walked from there, once per owner. So every
    /// owner's order is found when each owner with members in `graph` has
    /// one among `seeds`, and `graph`'s chains are sound (one head per
    /// owner, reaching every member: a graph known consistent); the caller
    /// vouches for both. `nil` when a walk back meets no head: the pass
    /// over every object reads them then.
    ///
    /// - Complexity: O(*s* + *m*) expected, for *s* seeds and *m* members of
    ///   the owners found.
    func orders(of owners: Set<ObjectID>, seededBy seeds: [ObjectID], in graph: Graph) -> [ObjectID: [String]]? {
        guard case .chain = ordering else { return nil }
        var result: [ObjectID: [String]] = [:]
        let store = graph.objects
        for seed in seeds {
            guard let row = store.row(of: seed), isMember(atRow: row, in: store),
                let identity = link(atRow: row, in: store, ownerSlots) else { continue }
            let owner = ObjectID(entity: ownerRoot, identity: identity)
            guard result[owner] == nil, owners.contains(owner) else { continue }
            guard let head = graph.chainHead(of: seed, prevSlots: prevSlots) else { return nil }
            result[owner] = graph.chainOrder(from: head, nextSlots: nextSlots)
        }
        return result
    }

    /// For an index ordering: the orders of `owners` in `graph` with each
    /// member's value alongside (in order).
    ///
    /// - Complexity: O(*n* + *m* log *m*).
    func positionedOrders(of owners: Set<ObjectID>, in graph: Graph) -> [ObjectID: (ids: [String], values: [JSONValue])] {
        // Members of one owner usually come together: the last owner's
        // bucket is reused without a lookup.
        var members: [[(id: String, value: JSONValue)]] = [], bucketOf: [ObjectID: Int] = [:]
        var last: (identity: String, bucket: Int)? = nil
        for (id, o) in graph.objects where isMember(o) {
            guard let ownerIdentity = link(o, ownerSlots) else { continue }
            if let l = last, utf8Equal(l.identity, ownerIdentity) {
                members[l.bucket].append((id.identity, position(of: o)))
                continue
            }
            let owner = ObjectID(entity: ownerRoot, identity: ownerIdentity)
            guard owners.contains(owner) else { last = nil; continue }
            let bucket = bucketOf[owner] ?? { bucketOf[owner] = members.count; members.append([]); return members.count - 1 }()
            members[bucket].append((id.identity, position(of: o)))
            last = (ownerIdentity, bucket)
        }
        var result: [ObjectID: (ids: [String], values: [JSONValue])] = [:]
        for (owner, bucket) in bucketOf {
            let list = members[bucket]
            let order = PositionKey.sortedIndices(list)
            result[owner] = (order.map { list[$0].id }, order.map { list[$0].value })
        }
        return result
    }

    // MARK: Writing orders

    /// Writes `order` as `owner`'s order: for a chain, the prev and next
    /// links of its members (their owner links are theirs already), of
    /// those at `places` only when given (the others' links are right
    /// already); for an array, the owner's array. An index ordering writes
    /// values instead (``writePositions(_:_:at:into:)``).
    ///
    /// - Complexity: O(*k*) for *k* members (or places).
    func write(_ order: [String], of owner: ObjectID, at places: [Int]? = nil, into graph: inout Graph) {
        switch ordering {
        case .chain:
            // The members' rows are found first (on two cores for a long
            // order), then both links of each written, where they changed.
            let written = places ?? Array(order.indices)
            let rows = graph.objects.rows(of: written.map { ObjectID(entity: memberRoot, identity: order[$0]) })
            for (i, row) in zip(written, rows) {
                guard let row, i >= 0, i < order.count else { continue }
                let prev: JSONValue = i > 0 ? .string(order[i - 1]) : .null
                let next: JSONValue = i + 1 < order.count ? .string(order[i + 1]) : .null
                graph.objects.update(atRow: row) { o in
                    guard let p = prevSlots[o.entityIndex], let n = nextSlots[o.entityIndex] else { return }
                    if !o.value(at: p).isIdentical(to: prev) { o.setValue(prev, at: p) }
                    if !o.value(at: n).isIdentical(to: next) { o.setValue(next, at: n) }
                }
            }
        case .array:
            graph.setValue(.array(order.map(JSONValue.string)), of: owner, relationship.name)
        case .index:
            break
        }
    }

    /// Sets the index value of each member of `order` (of those at
    /// `places` only, when given) to the value at the same position of
    /// `values`.
    ///
    /// - Complexity: O(*k*) for *k* members (or places).
    func writePositions(_ order: [String], _ values: [JSONValue], at places: [Int]? = nil, into graph: inout Graph) {
        let written = (places ?? Array(order.indices)).filter { $0 >= 0 && $0 < order.count && $0 < values.count }
        let rows = graph.objects.rows(of: written.map { ObjectID(entity: memberRoot, identity: order[$0]) })
        for (i, row) in zip(written, rows) {
            guard let row else { continue }
            let value = values[i]
            graph.objects.update(atRow: row) { o in
                guard let slot = indexSlots[o.entityIndex], !o.value(at: slot).isIdentical(to: value) else { return }
                o.setValue(value, at: slot)
            }
        }
    }

    /// Clears the chain links of `member`, which is in no chain of this
    /// relationship any more (nothing to do for an array or an index).
    func clearLinks(of member: ObjectID, in graph: inout Graph) {
        guard let links = relationship.chainLinks else { return }
        graph.setValue(.null, of: member, links.prev)
        graph.setValue(.null, of: member, links.next)
    }
}

/// How the members of an index ordering are sorted: by value ascending
/// (exact decimal value), members without a number (`null`) after all
/// numbers, and members with equal values by identity (UTF-8 byte order).
///
/// A key holds the nearest `Double` of the value for a fast comparison and
/// the exact number for the rare pair whose doubles are equal: rounding to
/// a double never reverses an order, so distinct doubles decide.
struct PositionKey {
    let number: JSONNumber?
    let approximate: Double

    init(_ value: JSONValue) {
        number = PositionKey.number(value)
        if let plain = number?.plainInteger {
            approximate = Double(plain)
        } else {
            approximate = number.flatMap { Double($0.text) } ?? .infinity
        }
    }

    /// The number a position value holds: a number, or a decimal written
    /// as a string; `nil` for anything else (`null`).
    static func number(_ value: JSONValue) -> JSONNumber? {
        switch value {
        case .number(let n): return n
        case .string(let s): return JSONNumber(validating: s)
        default: return nil
        }
    }

    /// -1, 0 or 1 as `a` sorts before, with, or after `b` (identities aside).
    static func compare(_ a: PositionKey, _ b: PositionKey) -> Int {
        switch (a.number, b.number) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (let x?, let y?):
            if a.approximate != b.approximate { return a.approximate < b.approximate ? -1 : 1 }
            if x == y { return 0 }
            return x < y ? -1 : 1
        }
    }

    /// The identities of `members`, in index order.
    ///
    /// - Complexity: O(*m* log *m*).
    static func sorted(_ members: [(id: String, value: JSONValue)]) -> [String] {
        sortedIndices(members).map { members[$0].id }
    }

    /// The positions in `members` of the members in index order.
    ///
    /// The members are sorted as integers: each one's order-preserving
    /// 64-bit image of its nearest double (nulls last), with its position
    /// to tell equal images apart; then each run of equal images (a tie, or
    /// distinct decimals that round to one double) is put in exact order,
    /// by value and then identity.
    ///
    /// - Complexity: O(*m* log *m*).
    static func sortedIndices(_ members: [(id: String, value: JSONValue)]) -> [Int] {
        let keys = members.map { PositionKey($0.value) }
        return sortedIndices(bits: keys.map(\.orderBits)) { a, b in
            let c = compare(keys[a], keys[b])
            return c != 0 ? c < 0 : utf8Less(members[a].id, members[b].id)
        }
    }

    /// The indices of `bits` (order-preserving images of exact values)
    /// in order: sorted as integers, then each run of equal images put in
    /// exact order by `exactlyBefore` (distinct values that share an
    /// image, and ties).
    ///
    /// - Complexity: O(*m* log *m*).
    static func sortedIndices(bits: [UInt64], exactlyBefore: (Int, Int) -> Bool) -> [Int] {
        var order = bits.indices.map { SortEntry(bits: bits[$0], index: Int32(truncatingIfNeeded: $0)) }
        order.sort()
        var result = order.map { Int($0.index) }
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && order[end].bits == order[start].bits { end += 1 }
            if end - start > 1 { result[start..<end].sort(by: exactlyBefore) }
            start = end
        }
        return result
    }

    /// An order-preserving image of the key as an unsigned integer: the
    /// double's bits with the sign flipped (negative values all bits
    /// flipped), and the largest value for a member with no number.
    var orderBits: UInt64 {
        guard number != nil else { return .max }
        let bits = approximate.bitPattern
        return approximate.sign == .minus ? ~bits : bits | (1 << 63)
    }

    /// A member to sort: its key's image, then its position.
    struct SortEntry: Comparable {
        let bits: UInt64
        let index: Int32
        @inline(__always) static func < (a: SortEntry, b: SortEntry) -> Bool {
            a.bits != b.bits ? a.bits < b.bits : a.index < b.index
        }
    }
}
