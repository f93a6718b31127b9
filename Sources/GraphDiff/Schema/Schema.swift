import GraphDiffJSON

/// The model of a graph: entities, their attributes and relationships.
///
/// A schema is read from a companion file (``Schema/load(_:)``, format
/// `graphdiff-schema/1`, documented in `man/graphdiff.5`) or built in code and
/// checked with ``init(name:version:entities:diffScope:)``. Building resolves
/// inheritance, checks every inverse both ways and every chain, and computes
/// the tables the graph loader uses.
///
///     let schema = try Schema(name: "Tasks", entities: [
///         Entity(name: "List", identity: "id",
///                attributes: [Attribute(name: "id", type: .string)],
///                relationships: [Relationship(name: "items", destination: "Item", toMany: true,
///                                             ordered: .chain(prev: "prev", next: "next"),
///                                             inverse: "list", deleteRule: .cascade)]),
///         ...
///     ])
public struct Schema: Sendable {
    /// The model's name, for messages and patches.
    public let name: String
    /// The model's version as written (any JSON value, usually a number).
    public let version: JSONValue?
    /// The entities, sorted by name, with their resolved tables.
    public let entities: [Entity]
    /// The whitelist and blacklist of properties for ownership-scoped diffs.
    public let diffScope: DiffScope
    /// SHA-256 of the canonical form of the model (without `diff`), as
    /// `sha256:` and 64 hex digits.
    public internal(set) var fingerprint: String

    let entityIndex: [String: Int]

    /// The entity named `name`.
    public func entity(named name: String) -> Entity? {
        entityIndex[name].map { entities[$0] }
    }

    /// The properties the schema's `diff.ignore` names and its transient
    /// attributes (never part of a diff, a patch or a merge), resolved (the
    /// schema was checked when built, so this does not fail).
    public var ignoredProperties: IgnoredProperties {
        let transient = entities.flatMap { e in e.attributes.filter(\.isTransient).map { "\(e.name).\($0.name)" } }
        return (try? IgnoredProperties(diffScope.ignore + transient, schema: self)) ?? IgnoredProperties()
    }

    /// The position of the entity named `name` in ``entities``.
    public func index(ofEntity name: String) -> Int? { entityIndex[name] }

    /// Whether an object of the entity at `candidate` can stand where the
    /// entity at `expected` is expected (positions in ``entities``).
    @inlinable public func isKind(_ candidate: Int, of expected: Int) -> Bool {
        candidate == expected || entities[candidate].kindIndices.contains(expected)
    }

    /// Whether an object of entity `candidate` can stand where `entity` is
    /// expected: the same entity or one that inherits from it.
    public func entity(_ candidate: String, isKindOf entity: String) -> Bool {
        guard let e = self.entity(named: candidate) else { return false }
        return e.name == entity || e.ancestors.contains(entity)
    }
}

/// Which properties an ownership-scoped diff follows besides cascade
/// relationships (`include`), which it never follows (`exclude`), and
/// which properties' differences never count (`ignore`).
public struct DiffScope: Sendable, Hashable {
    /// Entity name → property names to follow as if they were owning.
    public var include: [String: [String]]
    /// Entity name → property names never to follow.
    public var exclude: [String: [String]]
    /// `ENTITY.PROPERTY` names whose differences diff, merge and the git
    /// drivers leave out (see ``IgnoredProperties``).
    public var ignore: [String]

    /// A scope that also follows `include` and never `exclude` (entity name → relationship names), and ignores `ignore`.
    public init(include: [String: [String]] = [:], exclude: [String: [String]] = [:], ignore: [String] = []) {
        self.include = include
        self.exclude = exclude
        self.ignore = ignore
    }
}

extension Schema {
    /// A schema with no entities: every graph of it is empty.
    public static func empty(name: String = "") -> Schema { Schema(emptyNamed: name) }

    init(emptyNamed name: String) {
        self.name = name
        self.version = nil
        self.entities = []
        self.diffScope = DiffScope()
        self.entityIndex = [:]
        self.fingerprint = ""
        self.fingerprint = Schema.fingerprint(of: encodedModel())
    }
}

extension Schema {
    /// For each entity (by position), the slots that store an order and are
    /// never compared as properties: the prev/next links of every chain its
    /// objects can be members of, and its arrays of ordered relationships
    /// (``Ordering/array``). (An index attribute is compared as a property
    /// on an object with no owner: see ``OrderedRelationship``.)
    func orderStorageSlots() -> [Set<Int>] {
        let links = chainLinkSlots()
        return entities.map { e in
            links[e.index].union(e.storedProperties.indices.filter { e.storedProperties[$0].relationship?.storage == .orderedArray })
        }
    }

    /// For each entity (by position), the slots of the prev/next links of
    /// every chain its objects can be members of.
    public func chainLinkSlots() -> [Set<Int>] {
        var links: [(destination: Int, names: [String])] = []
        for e in entities {
            for r in e.relationships {
                if let l = r.chainLinks, let d = index(ofEntity: r.destination) { links.append((d, [l.prev, l.next])) }
            }
        }
        return entities.map { e in
            Set(links.filter { isKind(e.index, of: $0.destination) }.flatMap(\.names).compactMap { e.storedSlot[$0] })
        }
    }

}
