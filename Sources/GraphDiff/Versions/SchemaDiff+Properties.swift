import GraphDiffJSON

/// The comparison of one attribute or relationship with its counterpart,
/// and the classification of added properties.
extension _SchemaDiffer {
    // MARK: Attributes

    mutating func compareAttribute(_ a: Attribute, _ b: Attribute, in entity: String) {
        let name = b.name
        // The values of a transient attribute are not stored: nothing of
        // them is converted, so every change of one is inferred.
        let transient = a.isTransient || b.isTransient
        let notStored = a.isTransient && b.isTransient ? "transient: its values are not stored"
            : b.isTransient ? "values are no longer stored" : "transient before: no values are stored"
        if a.type != b.type {
            if transient {
                modified(entity, name, "type", .string(a.type.rawValue), .string(b.type.rawValue), .inferred, notStored)
            } else {
                modified(entity, name, "type", .string(a.type.rawValue), .string(b.type.rawValue), .mapping,
                         "values must be converted from \(a.type.rawValue) to \(b.type.rawValue)")
            }
        }
        if a.isOptional != b.isOptional {
            if b.isOptional {
                modified(entity, name, "optional", false, true, .inferred, "required becomes optional")
            } else if transient {
                modified(entity, name, "optional", true, false, .inferred, notStored)
            } else if b.defaultValue != nil {
                modified(entity, name, "optional", true, false, .inferred, "nulls get the default")
            } else {
                modified(entity, name, "optional", true, false, .mapping, "required without a default")
            }
        }
        if !Self.sameDefault(a, b) {
            modified(entity, name, "default", a.defaultValue ?? .null, b.defaultValue ?? .null, .inferred,
                     transient ? notStored : "applies to new objects only")
        }
        if a.isTransient != b.isTransient {
            if b.isTransient {
                modified(entity, name, "transient", false, true, .inferred, "values are no longer stored")
            } else {
                let (migration, reason) = Self.storedAttributeMigration(b)
                modified(entity, name, "transient", true, false, migration, "stored again: " + reason)
            }
        }
    }

    /// Whether two attributes have the same default: both none, or values
    /// equal as the new type compares them (JSON equality when the type changed).
    static func sameDefault(_ a: Attribute, _ b: Attribute) -> Bool {
        switch (a.defaultValue, b.defaultValue) {
        case (nil, nil): return true
        case (let x?, let y?): return a.type == b.type ? b.type.valuesEqual(x, y) : x == y
        default: return false
        }
    }

    /// How an attribute whose values start out absent migrates: an added
    /// attribute, or a transient one that becomes stored.
    static func storedAttributeMigration(_ a: Attribute) -> (SchemaChange.Migration, String) {
        if a.isTransient { return (.inferred, "transient, never stored") }
        if a.isOptional { return (.inferred, "optional") }
        if a.defaultValue != nil { return (.inferred, "required with a default") }
        return (.mapping, "required without a default")
    }

    // MARK: Relationships

    static func addedRelationshipMigration(_ r: Relationship) -> (SchemaChange.Migration, String) {
        if r.isToMany {
            let least = r.minCount ?? 0
            return least > 0 ? (.mapping, "a to-many with minCount \(least)") : (.inferred, "a to-many with no minimum")
        }
        return r.isOptional ? (.inferred, "an optional to-one") : (.mapping, "a required to-one")
    }

    /// Compares the relationship `r` of the OLD entity `o` with `s` of the NEW
    /// entity `n`; destinations, inverses and chain links through the
    /// correspondence. When the destination changed, the inverse and chain
    /// links (properties of another entity) are not compared.
    mutating func compareRelationship(_ r: Relationship, _ s: Relationship, from o: Entity, in n: Entity) {
        let entity = n.name
        let name = s.name
        let sameDestination = sameEntity(r.destination, s.destination)
        if !sameDestination {
            modified(entity, name, "destination", .string(r.destination), .string(s.destination), .mapping,
                     "references point to another entity")
        } else {
            if !sameProperty(Self.inverseName(r), Self.inverseName(s), inNewEntity: s.destination) {
                modified(entity, name, "inverse", Self.inverseName(r).map(JSONValue.string) ?? .null,
                         Self.inverseName(s).map(JSONValue.string) ?? .null, .mapping, "references pair with another relationship")
            }
        }
        if r.isToMany != s.isToMany {
            if s.isToMany && r.storage == .toOne && (s.storage == .manyToMany || s.storage == .orderedArray) {
                modified(entity, name, "toMany", .bool(r.isToMany), .bool(s.isToMany), .inferred,
                         "a to-one becomes a to-many: each reference becomes a list of one")
            } else {
                modified(entity, name, "toMany", .bool(r.isToMany), .bool(s.isToMany), .mapping,
                         s.isToMany ? "a to-one becomes a to-many derived from its inverse" : "a to-many becomes a to-one")
            }
        }
        compareOrdered(r, s, sameDestination: sameDestination, in: entity)
        if r.isOptional != s.isOptional {
            if s.isOptional {
                modified(entity, name, "optional", false, true, .inferred, "required becomes optional")
            } else {
                modified(entity, name, "optional", true, false, .mapping, "existing objects may have no reference")
            }
        }
        // graphdiff does not enforce the bounds, and Core Data checks them
        // only when an object is saved: existing objects stay as they are.
        let bound = "a bound Core Data checks when saving; existing objects are not changed"
        if (r.minCount ?? 0) != (s.minCount ?? 0) {
            modified(entity, name, "minCount", Self.count(r.minCount), Self.count(s.minCount), .inferred, bound)
        }
        if r.maxCount != s.maxCount {
            modified(entity, name, "maxCount", Self.count(r.maxCount), Self.count(s.maxCount), .inferred, bound)
        }
        if r.deleteRule != s.deleteRule {
            modified(entity, name, "deleteRule", .string(r.deleteRule.rawValue), .string(s.deleteRule.rawValue), .inferred,
                     "affects later deletions only")
        }
    }

    mutating func compareOrdered(_ r: Relationship, _ s: Relationship, sameDestination: Bool, in entity: String) {
        let kept = "each owner's order is kept"
        switch (r.ordered, s.ordered) {
        case (nil, nil):
            return
        case (nil, let b?):
            let reason: String
            switch b {
            case .chain: reason = "chains are built in identity order"
            case .array: reason = "arrays are built in identity order"
            case .index(let attribute):
                reason = Migration._indexAlreadyStored(s, old: old, correspondence)
                    ? "the members' \"\(attribute)\" values give the order, kept as they are"
                    : "positions are numbered 0, 1, 2, … in identity order"
            }
            modified(entity, s.name, "ordered", false, Self.ordering(b), .inferred, reason)
        case (let a?, nil):
            let reason: String
            switch a {
            case .chain: reason = "chain links are dropped"
            case .array: reason = "the order is dropped; the members stay"
            case .index(let attribute):
                // (The positions stay only where NEW keeps the attribute.)
                let kept = correspondence.newEntity(forOld: r.destination).flatMap { d in
                    new.entity(named: d)?.attributes.first { correspondence.oldProperty(forNew: $0.name, inNewEntity: d) == attribute }
                } != nil
                reason = kept ? "the order is dropped; the positions stay as values" : "the order is dropped"
            }
            modified(entity, s.name, "ordered", Self.ordering(a), false, .inferred, reason)
        case (let a?, let b?):
            guard sameDestination, !Migration._sameStorage(a, b, inNewEntity: s.destination, correspondence) else { return }
            let reason: String
            switch (a, b) {
            case (.chain, .chain): reason = "\(kept), linked through the new links"
            case (_, .index): reason = "\(kept), numbered 0, 1, 2, …"
            default: reason = "\(kept)"
            }
            modified(entity, s.name, "ordered", Self.ordering(a), Self.ordering(b), .inferred,
                     a.storageName == b.storageName ? reason : "\(reason): \(a.storageName) → \(b.storageName)")
        }
    }

    /// The relationship's inverse, if it has one.
    static func inverseName(_ r: Relationship) -> String? { r.inverse }

    /// An ordering as the schema file writes it.
    static func ordering(_ o: Ordering) -> JSONValue { Schema.encoded(o) }

    static func count(_ n: Int?) -> JSONValue { n.map { .number(JSONNumber($0)) } ?? .null }
}
