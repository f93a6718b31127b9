import GraphDiffJSON

/// One difference between two versions of a model, classified the way Core
/// Data's lightweight migration classifies it. ``SchemaDiff`` finds them.
public struct SchemaChange: Sendable, Hashable {
    /// What happened to the element.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case added, removed, renamed, modified
    }

    /// Whether a migration can be inferred for the change.
    public enum Migration: String, Sendable, Hashable, CaseIterable {
        /// Lightweight migration infers the mapping; `graphdiff migrate` applies it.
        case inferred
        /// The change needs a mapping model (code that says how old data becomes new).
        case mapping
    }

    /// What happened.
    public var kind: Kind
    /// The entity's name in NEW, or in OLD when it was removed.
    public var entity: String
    /// The property's name (in NEW, or in OLD when removed); `nil` for a
    /// change of the entity itself.
    public var property: String?
    /// The old name, for a rename.
    public var from: String?
    /// For a modification: what changed (`type`, `optional`, `default`,
    /// `deleteRule`, `toMany`, `ordered`, `inverse`, `destination`, `parent`,
    /// `abstract`, `transient`, `identity`, …).
    public var aspect: String?
    /// For a modification: the old value of ``aspect``, as JSON (`null` when
    /// there was none).
    public var oldValue: JSONValue?
    /// For a modification: the new value of ``aspect``, as JSON (`null` when
    /// there is none).
    public var newValue: JSONValue?
    /// Whether a migration can be inferred.
    public var migration: Migration
    /// Why it is classified so, in a few words.
    public var reason: String

    /// A change; see the members for what each part means.
    public init(
        kind: Kind, entity: String, property: String? = nil, from: String? = nil, aspect: String? = nil,
        oldValue: JSONValue? = nil, newValue: JSONValue? = nil, migration: Migration, reason: String
    ) {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.from = from
        self.aspect = aspect
        self.oldValue = oldValue
        self.newValue = newValue
        self.migration = migration
        self.reason = reason
    }
}
