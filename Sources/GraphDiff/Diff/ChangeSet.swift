import GraphDiffJSON

/// What changed between two versions of a graph, object by object.
///
/// Objects are matched by identity (``ObjectID``), never by position. Each
/// change names its object and carries old and new values, so a change set
/// can be checked against a target before it is applied, and inverted.
/// Ordered to-many relationships are reported as sequence edits on their
/// owner (``SequenceChange``): inserted after a member, removed, moved. What
/// stores the order never appears as a property change: not a chain's
/// prev/next links, not an owner's array, not the index values of members
/// (which travel with the order change, ``SequenceChange/positions``).
///
/// A change set is plain data in a stable order: objects by entity then
/// identity, sequences by owner, metadata by key.
public struct ChangeSet: Sendable, Equatable {
    /// The name of the schema of both graphs.
    public var schemaName: String
    /// The fingerprint of that schema: a patch applies only to graphs of it.
    public var schemaFingerprint: String
    /// Objects inserted, deleted or updated, by entity and identity.
    public var objects: [ObjectChange]
    /// Changes of order of chains (ordered to-many relationships), by owner.
    public var sequences: [SequenceChange]
    /// Metadata keys changed.
    public var metadata: [MetadataChange]
    /// Objects whose identity changed (re-keyed), by entity and old
    /// identity: the object and every reference to it now use the new
    /// identity (``Graph/rekeying(_:)``).
    public var rekeys: [ObjectRekey]
    /// Whether the re-keys come before the other changes (as ``diff(from:to:options:)``
    /// makes them: the other changes name re-keyed objects by their new
    /// identities) or after them (as in an inverted change set, whose other
    /// changes name them by the identities they had before).
    public var rekeysFirst: Bool

    /// A change set of graphs of the schema `schemaName` with `schemaFingerprint`.
    public init(schemaName: String, schemaFingerprint: String, objects: [ObjectChange] = [],
                sequences: [SequenceChange] = [], metadata: [MetadataChange] = [],
                rekeys: [ObjectRekey] = [], rekeysFirst: Bool = true) {
        self.schemaName = schemaName
        self.schemaFingerprint = schemaFingerprint
        self.objects = objects
        self.sequences = sequences
        self.metadata = metadata
        self.rekeys = rekeys
        self.rekeysFirst = rekeysFirst
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { objects.isEmpty && sequences.isEmpty && metadata.isEmpty && rekeys.isEmpty }
}

/// An object whose identity changed (a re-key): the same object, with the
/// same values, stored under a new identity, every reference to it
/// rewritten.
///
///     // Task "a1" → "a9"
///     ObjectRekey(id: ObjectID(entity: "Task", identity: "a1"), entity: "Task", newIdentity: "a9")
public struct ObjectRekey: Sendable, Equatable {
    /// The object's identity before (the root of its entity, and its identity string).
    public var id: ObjectID
    /// The concrete entity.
    public var entity: String
    /// Its identity after.
    public var newIdentity: String
    /// Where the object is in the old file (byte offset, -1 when unknown).
    public var oldOffset: Int
    /// Where the object is in the new file (byte offset, -1 when unknown).
    public var newOffset: Int

    /// The object `id` (of the concrete entity `entity`) re-keyed to `newIdentity`.
    public init(id: ObjectID, entity: String, newIdentity: String, oldOffset: Int = -1, newOffset: Int = -1) {
        self.id = id
        self.entity = entity
        self.newIdentity = newIdentity
        self.oldOffset = oldOffset
        self.newOffset = newOffset
    }

    /// The object's identity after.
    public var newID: ObjectID { ObjectID(entity: id.entity, identity: newIdentity) }
}

/// An object inserted, deleted or updated.
public struct ObjectChange: Sendable, Equatable {
    /// Whether the object was inserted, deleted or updated.
    public enum Kind: String, Sendable, Equatable {
        case inserted, deleted, updated
    }

    /// The object's identity (the root of its entity, and its identity string).
    public var id: ObjectID
    /// The concrete entity (the old one for a deleted object).
    public var entity: String
    /// Whether the object was inserted, deleted or updated.
    public var kind: Kind
    /// For inserted and deleted objects: every stored property but chain
    /// links, by name in schema order (the new values, or the old ones).
    public var values: [PropertyValue]
    /// For updated objects: the properties that changed.
    public var changes: [PropertyChange]
    /// For a deleted object that owned ordered members kept as a chain or an
    /// array (and for the insert that undoes that delete): the members of
    /// each such relationship in order, by relationship name. The members'
    /// own changes carry no prev/next links, and the owner's values no
    /// array of an ordered relationship, so this is what restores their
    /// order. (An index ordering needs none: the members' values are
    /// their order.)
    public var chains: [ChainMembers]
    /// Where the object is in the old and the new file (byte offsets, -1 when unknown).
    public var oldOffset: Int
    /// Where the object is in the new file (byte offset, -1 when unknown).
    public var newOffset: Int

    /// A change of the object `id` of the concrete entity `entity`.
    public init(id: ObjectID, entity: String, kind: Kind, values: [PropertyValue] = [], changes: [PropertyChange] = [],
                chains: [ChainMembers] = [], oldOffset: Int = -1, newOffset: Int = -1) {
        self.id = id
        self.entity = entity
        self.kind = kind
        self.values = values
        self.changes = changes
        self.chains = chains
        self.oldOffset = oldOffset
        self.newOffset = newOffset
    }
}

/// The members of one ordered relationship of one owner, in chain order.
public struct ChainMembers: Sendable, Equatable {
    /// The ordered to-many relationship of the owner.
    public var relationship: String
    /// The members' identities, from the head.
    public var members: [String]

    /// The members of `relationship`, in chain order.
    public init(relationship: String, members: [String]) {
        self.relationship = relationship
        self.members = members
    }
}

/// A property's value, by name.
public struct PropertyValue: Sendable, Equatable {
    /// The property's name.
    public var name: String
    /// Its value, as stored in the graph file.
    public var value: JSONValue

    /// The value of the property `name`.
    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
    }
}

/// How one property of an updated object changed.
public struct PropertyChange: Sendable, Equatable {
    /// What changed in the property.
    public enum Kind: Sendable, Equatable {
        /// An attribute's old and new value (compared by its type).
        case attribute(old: JSONValue, new: JSONValue)
        /// A to-one reference's old and new target identity.
        case reference(old: String?, new: String?)
        /// A many-to-many relationship's members added and removed.
        case members(added: [String], removed: [String])
    }

    /// The property's name.
    public var property: String
    /// What changed.
    public var kind: Kind

    /// A change of `property`.
    public init(property: String, kind: Kind) {
        self.property = property
        self.kind = kind
    }
}

/// How the order of one ordered to-many relationship of one owner changed.
///
/// Positions are given by neighbour: a member is inserted or moved *after*
/// another (`nil`: at the head). Applied in order of the new sequence, the
/// inserts and moves rebuild it exactly; see ``SequenceChange/apply(to:)``.
public struct SequenceChange: Sendable, Equatable {
    /// A member inserted into the chain.
    public struct Insert: Sendable, Equatable {
        /// The member's identity.
        public var member: String
        /// Its predecessor in the new order (`nil`: the head).
        public var after: String?
        /// `member` inserted after `after`.
        public init(member: String, after: String?) { self.member = member; self.after = after }
    }

    /// A member removed from the chain.
    public struct Remove: Sendable, Equatable {
        /// The member's identity.
        public var member: String
        /// Its predecessor in the old order.
        public var after: String?
        /// `member` removed from after `after`.
        public init(member: String, after: String?) { self.member = member; self.after = after }
    }

    /// A member moved within the chain.
    public struct Move: Sendable, Equatable {
        /// The member's identity.
        public var member: String
        /// Its predecessor in the old order and in the new.
        public var from: String?
        /// Its predecessor in the new order (`nil`: the head).
        public var to: String?
        /// `member` moved from after `from` to after `to`.
        public init(member: String, from: String?, to: String?) { self.member = member; self.from = from; self.to = to }
    }

    /// A member of an index ordering (``Ordering/index(_:)``) whose value
    /// changed: the index values are the order's encoding, so they travel
    /// with the order change rather than as attribute changes, and a patch
    /// sets them exactly.
    public struct Position: Sendable, Equatable {
        /// The member's identity.
        public var member: String
        /// Its value before (`null`: none).
        public var old: JSONValue
        /// Its value after.
        public var new: JSONValue
        /// `member`'s value changed from `old` to `new`.
        public init(member: String, old: JSONValue, new: JSONValue) { self.member = member; self.old = old; self.new = new }
    }

    /// The owner of the chain.
    public var owner: ObjectID
    /// The owner's concrete entity.
    public var ownerEntity: String
    /// The ordered to-many relationship whose order changed.
    public var relationship: String
    /// The entity root of the members.
    public var memberRoot: String
    /// In the order of the new sequence.
    public var inserted: [Insert]
    /// In the order of the old sequence.
    public var removed: [Remove]
    /// In the order of the new sequence.
    public var moved: [Move]
    /// For an index ordering: the members of the new order that were in the
    /// old graph and whose value changed, in the order of the new sequence.
    /// (An inserted member's value is among its inserted values.)
    public var positions: [Position]
    /// Where the owner is in the new file (byte offset, -1 when unknown).
    public var ownerOffset: Int

    /// The order changes of `owner`'s `relationship`.
    public init(owner: ObjectID, ownerEntity: String, relationship: String, memberRoot: String,
                inserted: [Insert] = [], removed: [Remove] = [], moved: [Move] = [], positions: [Position] = [],
                ownerOffset: Int = -1) {
        self.owner = owner
        self.ownerEntity = ownerEntity
        self.relationship = relationship
        self.memberRoot = memberRoot
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
        self.positions = positions
        self.ownerOffset = ownerOffset
    }

    /// Whether the order itself changed (members inserted, removed or
    /// moved), and not only the values that encode it.
    public var changesOrder: Bool { !inserted.isEmpty || !removed.isEmpty || !moved.isEmpty }
}

/// A metadata key added, removed or changed (`nil`: the key is absent).
public struct MetadataChange: Sendable, Equatable {
    /// The metadata key.
    public var key: String
    /// Its old value (`nil`: absent).
    public var old: JSONValue?
    /// Its new value (`nil`: absent).
    public var new: JSONValue?

    /// A change of the metadata `key` from `old` to `new`.
    public init(key: String, old: JSONValue?, new: JSONValue?) {
        self.key = key
        self.old = old
        self.new = new
    }
}
