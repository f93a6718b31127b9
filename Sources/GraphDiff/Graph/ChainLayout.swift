
/// Where the chains of one ordered relationship live in the values of its
/// members, gathered once per schema: what the consistency check, the diff
/// and the merge read for every member.
struct ChainLayout {
    let relationship: Relationship
    /// The entity that declares the relationship.
    let ownerEntityName: String
    /// The root of the members' entity, and of the owners' entity: owners
    /// are `ObjectID(entity: ownerRoot, identity: <owner link>)`.
    let memberRoot: String, ownerRoot: String
    /// Per entity (by position): the slot of the owner link, prev and next
    /// when the entity can be a member, else `nil`.
    let ownerSlots: [Int?], prevSlots: [Int?], nextSlots: [Int?]

    init?(schema: Schema, owner: Entity, relationship: Relationship) {
        guard let links = relationship.ordered, let destination = schema.entity(named: relationship.destination) else { return nil }
        self.relationship = relationship
        ownerEntityName = owner.name
        memberRoot = destination.root
        ownerRoot = destination.inverse(of: relationship)
            .flatMap { schema.entity(named: $0.destination)?.root } ?? owner.root
        func slots(_ name: String?) -> [Int?] {
            schema.entities.map { e in schema.isKind(e.index, of: destination.index) ? name.flatMap { e.storedSlot[$0] } : nil }
        }
        ownerSlots = slots(relationship.inverse)
        prevSlots = slots(links.prev)
        nextSlots = slots(links.next)
    }

    /// One layout per ordered relationship of `schema`.
    static func all(in schema: Schema) -> [ChainLayout] {
        schema.entities.flatMap { e in e.relationships.compactMap { ChainLayout(schema: schema, owner: e, relationship: $0) } }
    }

    /// Whether `object` can be a member (its entity has the owner link).
    @inline(__always) func isMember(_ object: GraphObject) -> Bool { ownerSlots[object.entityIndex] != nil }

    /// The identity in the link `slots` of `object`, when it is set.
    @inline(__always) func link(_ object: GraphObject, _ slots: [Int?]) -> String? {
        guard let slot = slots[object.entityIndex] else { return nil }
        return object.values[slot].stringValue
    }

    /// The owner of `object`, when it is a member with an owner.
    @inline(__always) func owner(of object: GraphObject) -> ObjectID? {
        link(object, ownerSlots).map { ObjectID(entity: ownerRoot, identity: $0) }
    }

    /// Whether two versions of one object have the same entity, owner, prev
    /// and next.
    func sameLinks(_ a: GraphObject, _ b: GraphObject) -> Bool {
        guard a.entityIndex == b.entityIndex else { return false }
        func same(_ slots: [Int?]) -> Bool { slots[a.entityIndex].map { a.values[$0].isIdentical(to: b.values[$0]) } ?? true }
        return same(ownerSlots) && same(prevSlots) && same(nextSlots)
    }
}
