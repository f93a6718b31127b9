import GraphDiffJSON

/// The differences between two versions of a model, each classified the way
/// Core Data's lightweight migration classifies it.
///
/// Entities and properties of OLD and NEW are paired by
/// ``SchemaCorrespondence`` (renaming identifier first, then name), and
/// everything that refers to an entity or a property (a parent, a
/// destination, an inverse, an identity, chain links) is compared *through*
/// that pairing: a relationship whose destination entity was renamed is not
/// modified. What the schema does not model never counts: the order of
/// entities and properties, tool versions, a `renamedFrom` that changes
/// while the pairing stays the same.
///
///     let changes = SchemaDiff.changes(from: v1, to: v2)
///     // [renamed Task from Todo (inferred),
///     //  added Task.due (inferred: optional),
///     //  modified Task.title type string → int32 (mapping: values must be converted)]
///     changes.contains { $0.migration == .mapping }   // a mapping model is needed
///
/// Each change is reported once: a whole entity added or removed is one
/// change (its properties are not listed), a property is reported in the
/// entity that declares it (not in the entities that inherit it), and a
/// renamed element that is also modified is one `renamed` change followed by
/// one `modified` change for each aspect.
///
/// The classification (``SchemaChange/Migration``):
///
/// | element | change | migration |
/// | --- | --- | --- |
/// | entity | added, removed, renamed | inferred |
/// | entity | parent changed to an entity NEW adds, or to none | inferred |
/// | entity | parent changed to an entity OLD has | mapping |
/// | entity | abstract false → true / true → false | mapping / inferred |
/// | entity | identity changed | mapping |
/// | entity | atomic changed | inferred (merge behaviour only) |
/// | attribute | added | inferred when optional, with a default or transient, else mapping |
/// | attribute | removed, renamed | inferred |
/// | attribute | any change of a transient one (type, optional, default, removed) | inferred |
/// | attribute | type changed | mapping |
/// | attribute | required → optional | inferred |
/// | attribute | optional → required | inferred with a default, else mapping |
/// | attribute | default changed | inferred (new objects only) |
/// | attribute | stored → transient / transient → stored | inferred (values are no longer stored) / as added |
/// | relationship | added | inferred when an optional to-one or a to-many without minCount > 0, else mapping |
/// | relationship | removed, renamed, deleteRule, ordered | inferred |
/// | relationship | destination, inverse, to-one ↔ to-many | mapping (Core Data infers to-one ↔ to-many; the stored form changes here) |
/// | relationship | optional → required / required → optional | mapping / inferred |
/// | relationship | minCount or maxCount changed | inferred (a bound checked when saving) |
/// | property | attribute ↔ relationship | mapping |
public enum SchemaDiff {
    /// The changes from `old` to `new`, in a deterministic order: by entity
    /// name (byte order; the name in NEW, or in OLD for a removed entity);
    /// within an entity, the change of the entity itself first, then its
    /// properties by name; the aspects of one element in the order
    /// ``aspectOrder`` lists them.
    ///
    ///     SchemaDiff.changes(from: m, to: m)   // []
    ///
    /// - Parameters:
    ///   - old: the earlier version of the model.
    ///   - new: the later version.
    /// - Returns: every difference, each with its migration and a short reason;
    ///   empty when the versions are the same model.
    /// - Complexity: O(*n* log *n*), where *n* is the number of entities and
    ///   declared properties of both versions.
    public static func changes(from old: Schema, to new: Schema) -> [SchemaChange] {
        var diff = _SchemaDiffer(old: old, new: new)
        diff.run()
        return diff.sorted()
    }

    /// The aspects a modification can name, in the order the changes of one
    /// element are listed.
    public static let aspectOrder: [String] = [
        "kind", "parent", "abstract", "identity", "atomic",
        "type", "optional", "default", "transient",
        "destination", "inverse", "toMany", "ordered", "minCount", "maxCount", "deleteRule",
    ]
}

/// Collects the changes of one comparison; ``SchemaDiff/changes(from:to:)``
/// sorts them.
struct _SchemaDiffer {
    let old: Schema
    let new: Schema
    let correspondence: SchemaCorrespondence
    /// Changes in the order found, each with its sort key.
    private(set) var found: [(key: SortKey, change: SchemaChange)] = []

    struct SortKey {
        var entity: String
        var property: String?
        var sequence: Int
    }

    init(old: Schema, new: Schema) {
        self.old = old
        self.new = new
        self.correspondence = SchemaCorrespondence(old: old, new: new)
    }

    mutating func run() {
        for n in new.entities {
            guard let oldName = correspondence.oldEntity(forNew: n.name), let o = old.entity(named: oldName) else {
                add(SchemaChange(kind: .added, entity: n.name, migration: .inferred, reason: "new entity, no existing objects"))
                continue
            }
            if o.name != n.name {
                add(SchemaChange(kind: .renamed, entity: n.name, from: o.name, migration: .inferred,
                                 reason: "paired by its renaming identifier"))
            }
            compareEntity(o, n)
            compareProperties(o, n)
        }
        for o in old.entities where correspondence.newEntity(forOld: o.name) == nil {
            add(SchemaChange(kind: .removed, entity: o.name, migration: .inferred,
                             reason: "its objects are dropped, with references to them"))
        }
    }

    mutating func add(_ change: SchemaChange) {
        found.append((SortKey(entity: change.entity, property: change.property, sequence: found.count), change))
    }

    /// A modification of `aspect` of the entity `entity` (and `property`).
    mutating func modified(
        _ entity: String, _ property: String?, _ aspect: String, _ oldValue: JSONValue, _ newValue: JSONValue,
        _ migration: SchemaChange.Migration, _ reason: String
    ) {
        add(SchemaChange(kind: .modified, entity: entity, property: property, aspect: aspect,
                         oldValue: oldValue, newValue: newValue, migration: migration, reason: reason))
    }

    func sorted() -> [SchemaChange] {
        found.sorted { a, b in
            if a.key.entity != b.key.entity { return utf8Less(a.key.entity, b.key.entity) }
            switch (a.key.property, b.key.property) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (.some(let x), .some(let y)) where x != y: return utf8Less(x, y)
            default: return a.key.sequence < b.key.sequence
            }
        }.map(\.change)
    }

    // MARK: Entities

    mutating func compareEntity(_ o: Entity, _ n: Entity) {
        if !sameEntity(o.parent, n.parent) {
            let (migration, reason) = parentMigration(n.parent)
            modified(n.name, nil, "parent", o.parent.map(JSONValue.string) ?? .null, n.parent.map(JSONValue.string) ?? .null,
                     migration, reason)
        }
        if o.isAbstract != n.isAbstract {
            if n.isAbstract {
                modified(n.name, nil, "abstract", false, true, .mapping, "its existing objects need another entity")
            } else {
                modified(n.name, nil, "abstract", true, false, .inferred, "an abstract entity has no objects of its own")
            }
        }
        // An entity that changed hierarchy compares the identity it has (its
        // root's), else the one it declares.
        let moved = !sameEntity(o.parent, n.parent)
        let (oldIdentity, newIdentity) = moved ? (o.identityAttribute, n.identityAttribute) : (o.identity, n.identity)
        if !sameProperty(oldIdentity, newIdentity, inNewEntity: n.name) {
            modified(n.name, nil, "identity", oldIdentity.map(JSONValue.string) ?? .null,
                     newIdentity.map(JSONValue.string) ?? .null, .mapping, "objects are identified by another attribute")
        }
        if o.isAtomic != n.isAtomic {
            modified(n.name, nil, "atomic", .bool(o.isAtomic), .bool(n.isAtomic), .inferred, "changes merge behaviour only")
        }
    }

    /// How a change of parent to `parent` (a NEW entity, or none) migrates,
    /// as Core Data's lightweight migration sees it: leaving a hierarchy and
    /// gaining a parent that NEW adds are inferred; a parent OLD already has
    /// merges two hierarchies and needs a mapping.
    func parentMigration(_ parent: String?) -> (SchemaChange.Migration, String) {
        guard let parent else { return (.inferred, "the entity leaves its hierarchy") }
        if correspondence.oldEntity(forNew: parent) == nil { return (.inferred, "a new parent entity") }
        return (.mapping, "objects move to another inheritance hierarchy")
    }

    /// Whether the OLD entity `old` and the NEW entity `new` are the same
    /// entity (both none, or paired by the correspondence).
    func sameEntity(_ old: String?, _ new: String?) -> Bool {
        switch (old, new) {
        case (nil, nil): return true
        case (let o?, let n?): return correspondence.newEntity(forOld: o) == n
        default: return false
        }
    }

    /// Whether the OLD property `old` and the NEW property `new` of the NEW
    /// entity `entity` (and its OLD counterpart) are the same property.
    func sameProperty(_ old: String?, _ new: String?, inNewEntity entity: String) -> Bool {
        switch (old, new) {
        case (nil, nil): return true
        case (let o?, let n?): return correspondence.oldProperty(forNew: n, inNewEntity: entity) == o
        default: return false
        }
    }

    // MARK: Properties

    mutating func compareProperties(_ o: Entity, _ n: Entity) {
        let pairs = correspondence.oldPropertyByNew[n.name] ?? [:]
        for p in declaredProperties(n) {
            guard let oldName = pairs[p.name], let q = o.property(named: oldName) else {
                // A chain link is part of the `ordered` aspect of the
                // relationship it orders, not a property of its own.
                if !Self.isChainLink(p.name, declaredBy: n, in: new) { addedProperty(p, in: n.name) }
                continue
            }
            if q.name != p.name {
                add(SchemaChange(kind: .renamed, entity: n.name, property: p.name, from: q.name, migration: .inferred,
                                 reason: "paired by its renaming identifier"))
            }
            switch (q, p) {
            case (.attribute(let a), .attribute(let b)): compareAttribute(a, b, in: n.name)
            case (.relationship(let r), .relationship(let s)): compareRelationship(r, s, from: o, in: n)
            case (.attribute, .relationship):
                modified(n.name, p.name, "kind", "attribute", "relationship", .mapping, "an attribute became a relationship")
            case (.relationship, .attribute):
                modified(n.name, p.name, "kind", "relationship", "attribute", .mapping, "a relationship became an attribute")
            }
        }
        let paired = Set(pairs.values)
        // An entity whose parent changed gains and loses the properties it
        // inherits: they are its own changes.
        if !sameEntity(o.parent, n.parent) {
            let declared = Set(declaredProperties(n).map(\.name))
            for p in n.properties where !declared.contains(p.name) && pairs[p.name] == nil { addedProperty(p, in: n.name) }
        }
        let oldDeclared = Set(declaredProperties(o).map(\.name))
        let lostInherited = sameEntity(o.parent, n.parent) ? [] : o.properties.filter { !oldDeclared.contains($0.name) }
        for q in declaredProperties(o) + lostInherited where !paired.contains(q.name) && !Self.isChainLink(q.name, declaredBy: o, in: old) {
            switch q {
            case .attribute(let a) where a.isTransient:
                add(SchemaChange(kind: .removed, entity: n.name, property: q.name, migration: .inferred,
                                 reason: "transient: its values are not stored"))
            case .attribute:
                add(SchemaChange(kind: .removed, entity: n.name, property: q.name, migration: .inferred,
                                 reason: "its values are dropped"))
            case .relationship:
                add(SchemaChange(kind: .removed, entity: n.name, property: q.name, migration: .inferred,
                                 reason: "its references are dropped"))
            }
        }
    }

    /// Whether `name`, declared by `entity`, is the prev or next link of a
    /// chain of `schema` whose members are `entity` or inherit from it.
    static func isChainLink(_ name: String, declaredBy entity: Entity, in schema: Schema) -> Bool {
        schema.entities.contains { owner in
            owner.relationships.contains { r in
                guard let links = r.chainLinks, links.prev == name || links.next == name else { return false }
                return schema.entity(r.destination, isKindOf: entity.name)
            }
        }
    }

    /// Whether `name`, declared by `entity`, is the index attribute of an
    /// ordering of `schema` whose members are `entity` or inherit from it.
    static func isIndexAttribute(_ name: String, declaredBy entity: Entity, in schema: Schema) -> Bool {
        schema.entities.contains { owner in
            owner.relationships.contains { r in r.indexAttribute == name && schema.entity(r.destination, isKindOf: entity.name) }
        }
    }

    func declaredProperties(_ e: Entity) -> [Property] {
        e.attributes.map(Property.attribute) + e.relationships.map(Property.relationship)
    }

    mutating func addedProperty(_ p: Property, in entity: String) {
        switch p {
        case .attribute(let a):
            var (migration, reason) = Self.storedAttributeMigration(a)
            // The values of a new index attribute are the positions of its
            // members, numbered in each owner's order.
            if let e = new.entity(named: entity), Self.isIndexAttribute(a.name, declaredBy: e, in: new) {
                (migration, reason) = (.inferred, "the positions of an index ordering: numbered 0, 1, 2, … in each owner's order")
            }
            add(SchemaChange(kind: .added, entity: entity, property: a.name, migration: migration, reason: reason))
        case .relationship(let r):
            let (migration, reason) = Self.addedRelationshipMigration(r)
            add(SchemaChange(kind: .added, entity: entity, property: r.name, migration: migration, reason: reason))
        }
    }
}
