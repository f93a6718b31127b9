import GraphDiffJSON

/// An entity: a kind of object with an identity, attributes and relationships.
///
/// The declared members (`name` through `relationships`) are what a schema file
/// says. The resolved members (from `root` on) are filled in when the
/// ``Schema`` is built: they include what the entity inherits.
///
/// An entity is an immutable value: every member is read-only outside the
/// library, so a schema and its copies share their entities and no copy can
/// change another (`let s2 = s1` copies nothing, and nothing done with `s2`
/// shows in `s1`). To change an entity, build a new one and a new
/// ``Schema`` from it.
///
/// It is a class so that looking one up in a large graph costs one
/// reference count, not a copy of every table. ``Schema`` copies the entities
/// it is given and resolves its copies; after that nothing changes them.
public final class Entity: @unchecked Sendable {
    /// The entity's name.
    public internal(set) var name: String
    /// The entity this one inherits from.
    public internal(set) var parent: String?
    /// An abstract entity has no objects of its own, only of its sub-entities.
    public internal(set) var isAbstract: Bool
    /// The attribute that holds each object's identity; `nil` means the
    /// identity is implicit (only the key of the object in the file).
    /// Sub-entities inherit the identity of their root.
    public internal(set) var identity: String?
    /// Whether objects merge as one unit: a change to any attribute changes the
    /// meaning of the whole, as with an address.
    public internal(set) var isAtomic: Bool
    /// Declared attributes (not inherited ones).
    public internal(set) var attributes: [Attribute]
    /// Declared relationships (not inherited ones).
    public internal(set) var relationships: [Relationship]
    /// The entity's renaming identifier: its name in an earlier version of
    /// the model (Core Data's `renamingIdentifier`, `elementID` in a model
    /// file). See ``SchemaCorrespondence``.
    public internal(set) var renamedFrom: String?

    /// An entity with its declared members; ``Schema`` resolves what it inherits.
    public init(
        name: String, parent: String? = nil, isAbstract: Bool = false, identity: String? = nil,
        isAtomic: Bool = false, attributes: [Attribute] = [], relationships: [Relationship] = [],
        renamedFrom: String? = nil
    ) {
        self.renamedFrom = renamedFrom
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.identity = identity
        self.isAtomic = isAtomic
        self.attributes = attributes
        self.relationships = relationships
    }

    /// A new entity with the same declared members and nothing resolved.
    func declaredCopy() -> Entity {
        Entity(name: name, parent: parent, isAbstract: isAbstract, identity: identity, isAtomic: isAtomic,
               attributes: attributes, relationships: relationships, renamedFrom: renamedFrom)
    }

    // MARK: Resolved

    /// The entity's position in ``Schema/entities``.
    public internal(set) var index: Int = 0
    /// The positions of the entity and its ancestors in ``Schema/entities``.
    public internal(set) var kindIndices: Set<Int> = []
    /// The top of the inheritance chain; identities are unique within it.
    public internal(set) var root: String = ""
    /// Parent, grandparent, …, root.
    public internal(set) var ancestors: [String] = []
    /// The identity attribute, inherited from the root.
    public internal(set) var identityAttribute: String?
    /// The type of the identity attribute (`nil` for an implicit identity).
    public internal(set) var identityType: AttributeType?
    /// Every property, inherited ones included, sorted by name (byte order).
    public internal(set) var properties: [Property] = []
    /// The properties stored in the graph file, in the order of ``properties``:
    /// attributes other than the identity, to-one relationships and
    /// many-to-many relationships. To-many relationships whose inverse is
    /// to-one are derived from the members instead.
    public internal(set) var storedProperties: [Property] = []
    /// Property name → position in ``storedProperties``.
    public internal(set) var storedSlot: [String: Int] = [:]
    /// Whether any relationship is derived (a to-many whose inverse is to-one).
    public internal(set) var hasDerivedRelationships = false
    /// Property name → the property (stored or derived).
    public internal(set) var propertyByName: [String: Property] = [:]

    /// The property named `name`, inherited ones included.
    public func property(named name: String) -> Property? { propertyByName[name] }

    /// The inverse of `relationship` when this entity is its destination:
    /// `nil` for a one-way reference (or a name this entity lacks).
    func inverse(of relationship: Relationship) -> Relationship? {
        relationship.inverse.flatMap { propertyByName[$0]?.relationship }
    }
}

/// An attribute or a relationship, as an entity sees it.
public enum Property: Sendable, Hashable {
    case attribute(Attribute)
    case relationship(Relationship)

    /// The property's name.
    public var name: String {
        switch self {
        case .attribute(let a): return a.name
        case .relationship(let r): return r.name
        }
    }

    /// The attribute, when the property is one.
    public var attribute: Attribute? {
        if case .attribute(let a) = self { return a }
        return nil
    }

    /// The relationship, when the property is one.
    public var relationship: Relationship? {
        if case .relationship(let r) = self { return r }
        return nil
    }
}

/// A typed value of an object.
public struct Attribute: Sendable, Hashable {
    /// The attribute's name.
    public var name: String
    /// The type of its values.
    public var type: AttributeType
    /// Whether the value may be `null` (or absent).
    public var isOptional: Bool
    /// The value an object has when the file does not give one.
    public var defaultValue: JSONValue?
    /// Whether the value lives only in memory (Core Data's `transient`):
    /// never part of a diff, a patch or a merge (it is one of the schema's
    /// ``Schema/ignoredProperties``), and a graph file may leave it out, or
    /// give `null`, even when it is not optional. A value given is
    /// type-checked and kept.
    public var isTransient: Bool
    /// The attribute's renaming identifier: its name in an earlier version
    /// of the model. See ``SchemaCorrespondence``.
    public var renamedFrom: String?

    /// An attribute `name` of `type`.
    public init(
        name: String, type: AttributeType, isOptional: Bool = false, defaultValue: JSONValue? = nil,
        isTransient: Bool = false, renamedFrom: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.renamedFrom = renamedFrom
    }
}

/// What happens to the destination objects when the source object is deleted.
public enum DeleteRule: String, Sendable, Hashable, CaseIterable {
    /// Delete them too: the source owns them.
    case cascade
    /// Clear their inverse reference.
    case nullify
    /// Refuse to delete the source while any exist.
    case deny
    /// Leave them alone.
    case noAction
}

/// The two to-one relationships on the members that chain an ordered to-many.
public struct ChainLinks: Sendable, Hashable {
    /// The to-one relationship to the previous member.
    public var prev: String
    /// The to-one relationship to the next member.
    public var next: String

    /// Chain links through the relationships `prev` and `next`.
    public init(prev: String, next: String) {
        self.prev = prev
        self.next = next
    }
}

/// How an ordered to-many relationship keeps the order of each owner's
/// members in a graph file (graphdiff(5), "ordered").
///
///     Relationship(name: "items", destination: "Item", toMany: true,
///                  ordered: .chain(prev: "prev", next: "next"), inverse: "list")
///     Relationship(name: "songs", destination: "Song", toMany: true, ordered: .array, inverse: "playlists")
///     Relationship(name: "cards", destination: "Card", toMany: true, ordered: .index("position"), inverse: "board")
///
/// Whatever the storage, an owner's order is one sequence of member
/// identities: diff, patch, merge and migrate read it and write it back
/// through one model.
public enum Ordering: Sendable, Hashable {
    /// A prev/next chain on the members: two to-one references from the
    /// member entity to itself, inverses of each other. The relationship
    /// needs a to-one inverse (each member's owner).
    case chain(ChainLinks)
    /// The owner stores its members' identities as a JSON array, in order
    /// (Core Data's ordered relationships, an `NSOrderedSet`). A member is
    /// listed at most once per owner. The inverse may be a to-one, a
    /// to-many (a sorted many-to-many on the members' side) or absent.
    case array
    /// The members' numeric attribute (an integer, decimal, float or double
    /// type) gives each one's position within its owner: ascending, members
    /// with equal values (or `null`, after all numbers) by identity. The
    /// relationship needs a to-one inverse.
    case index(String)

    /// A chain through the members' to-one relationships `prev` and `next`.
    public static func chain(prev: String, next: String) -> Ordering { .chain(ChainLinks(prev: prev, next: next)) }

    /// Whether the order is kept as an index attribute on the members.
    public var isIndex: Bool {
        if case .index = self { return true }
        return false
    }

    /// The storage's name in messages and schema diffs: `chain`, `array` or `index`.
    public var storageName: String {
        switch self {
        case .chain: return "chain"
        case .array: return "array"
        case .index: return "index"
        }
    }
}

/// A reference from one entity to another.
public struct Relationship: Sendable, Hashable {
    /// The relationship's name.
    public var name: String
    /// The name of the entity it refers to.
    public var destination: String
    /// Whether it refers to many objects.
    public var isToMany: Bool
    /// For an ordered to-many: how the order is kept (a chain, an array on
    /// the owner, or an index attribute on the members); `nil` when unordered.
    public var ordered: Ordering?
    /// The relationship on the destination that points back; `nil` for a
    /// one-way reference (Core Data allows a relationship without an
    /// inverse). A one-way reference is stored on the source only: an
    /// identity or `null` for a to-one, a sorted array of identities for a
    /// to-many.
    public var inverse: String?
    /// What deleting the source does to the destination objects.
    public var deleteRule: DeleteRule
    /// Whether a to-one may be `null`.
    public var isOptional: Bool
    /// For a to-many: the fewest members it may have (`nil`: no bound).
    public var minCount: Int?
    /// For a to-many: the most members it may have (`nil`: no bound).
    public var maxCount: Int?
    /// The relationship's renaming identifier: its name in an earlier
    /// version of the model. See ``SchemaCorrespondence``.
    public var renamedFrom: String?

    /// A relationship `name` to `destination`, with its inverse (`nil`: a
    /// one-way reference).
    public init(
        name: String, destination: String, toMany: Bool = false, ordered: Ordering? = nil,
        inverse: String? = nil, deleteRule: DeleteRule = .nullify, isOptional: Bool = true,
        minCount: Int? = nil, maxCount: Int? = nil, renamedFrom: String? = nil
    ) {
        self.minCount = minCount
        self.maxCount = maxCount
        self.renamedFrom = renamedFrom
        self.name = name
        self.destination = destination
        self.isToMany = toMany
        self.ordered = ordered
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isOptional = isOptional
    }

    /// The chain links, when the order is kept as a prev/next chain.
    public var chainLinks: ChainLinks? {
        if case .chain(let links)? = ordered { return links }
        return nil
    }

    /// The members' attribute that gives their positions, when the order is
    /// kept as an index attribute.
    public var indexAttribute: String? {
        if case .index(let name)? = ordered { return name }
        return nil
    }

    /// How a relationship is kept in the graph file.
    public enum Storage: Sendable, Hashable {
        /// An identity string or `null` on the source object.
        case toOne
        /// A sorted array of identities on both sides; for a one-way to-many
        /// (no inverse), on the source only.
        case manyToMany
        /// An array of identities on the source, in the relationship's order
        /// (``Ordering/array``), each listed once.
        case orderedArray
        /// Not stored: the members that point here through the to-one inverse.
        case derived
    }

    /// Set when the schema is built (needs the inverse's cardinality).
    public internal(set) var storage: Storage = .toOne
}
