import GraphDiffJSON

/// What `graphdiff log --object` and `--property` keep of a commit's
/// change set: the changes of the named objects (an entity, concrete or
/// its root, and an identity) and of the named properties (attributes,
/// references, ordered relationships). A commit whose change set keeps
/// nothing is not shown.
///
/// - Inserted and deleted objects are kept whole (they set or clear every
///   property), with properties named only when they hold one of them
///   (not null); updated ones keep the changes of the named properties.
/// - An order change is kept when its owner is named, or with only the
///   moves, inserts and removals of named members; with properties, when
///   its relationship is named.
/// - Metadata changes are kept only when neither objects nor properties
///   are named.
///
///     let filter = HistoryFilter(objects: [ObjectName(entity: "Task", identity: "t3")])
///     let kept = filter.apply(to: changes)
///
/// - Complexity: O(*c*) in the size of the change set.
public struct HistoryFilter: Sendable, Equatable {
    /// The objects named; empty: every object.
    public var objects: Set<ObjectName>
    /// The properties named; empty: every property.
    public var properties: Set<String>

    /// A filter keeping `objects` and `properties` (empty: all).
    public init(objects: Set<ObjectName> = [], properties: Set<String> = []) {
        self.objects = objects
        self.properties = properties
    }

    /// Whether the filter keeps everything.
    public var keepsEverything: Bool { objects.isEmpty && properties.isEmpty }

    /// What the filter keeps of `changes`.
    public func apply(to changes: ChangeSet) -> ChangeSet {
        guard !keepsEverything else { return changes }
        var kept = changes
        kept.metadata = []
        kept.objects = changes.objects.compactMap { change in
            guard _names(change.entity, change.id) else { return nil }
            guard !properties.isEmpty else { return change }
            guard change.kind == .updated else {
                // Inserted or deleted: it set (or cleared) the named properties it has a value for.
                return change.values.contains { properties.contains($0.name) && !$0.value.isNull } ? change : nil
            }
            var c = change
            c.changes = change.changes.filter { properties.contains($0.property) }
            return c.changes.isEmpty ? nil : c
        }
        // A re-key is kept when either identity is named (no property: it
        // changes none), so the log of an object shows where its name changed.
        kept.rekeys = properties.isEmpty ? changes.rekeys.filter { _names($0.entity, $0.id) || _names($0.entity, $0.newID) } : []
        kept.sequences = changes.sequences.compactMap { s in
            if !properties.isEmpty && !properties.contains(s.relationship) { return nil }
            if objects.isEmpty || _names(s.ownerEntity, s.owner) { return s }
            func named(_ member: String) -> Bool { objects.contains(ObjectName(entity: s.memberRoot, identity: member)) }
            var t = s
            t.inserted = s.inserted.filter { named($0.member) }
            t.removed = s.removed.filter { named($0.member) }
            t.moved = s.moved.filter { named($0.member) }
            t.positions = s.positions.filter { named($0.member) }
            return t.changesOrder || !t.positions.isEmpty ? t : nil
        }
        return kept
    }

    /// Whether the object `id` of the concrete `entity` is named (or no
    /// object is): by its entity or its entity's root, and its identity.
    public func names(entity: String, _ id: ObjectID) -> Bool { _names(entity, id) }

    /// Whether the object `id` of the concrete `entity` is named (or no object is).
    func _names(_ entity: String, _ id: ObjectID) -> Bool {
        objects.isEmpty || objects.contains(ObjectName(entity: entity, identity: id.identity))
            || objects.contains(ObjectName(entity: id.entity, identity: id.identity))
    }
}
