import GraphDiffJSON

extension _CoreDataConverter {
    /// Keeps the order of the entity's ordered to-many relationships (see
    /// graphdiff(5), "Core Data models"):
    ///
    /// - one with a to-one inverse becomes a chain (or an array on the owner
    ///   with ``CoreDataImport/Options/orderedAsArrays``): an existing
    ///   prev/next pair of to-one self-relationships on the member entity
    ///   that are each other's inverse is used; otherwise the links
    ///   `RELATIONSHIPPrev` and `RELATIONSHIPNext` are added to the member
    ///   entity (`entityRelationshipPrev` when two ordered relationships of
    ///   one name share a member entity; a number after `Prev`/`Next` when
    ///   the name is taken);
    /// - one with a to-many inverse or none (an ordered many-to-many, an
    ///   `NSOrderedSet` that points one way) becomes an array on the owner;
    /// - any to-many, ordered in the model or not, that `--ordered-by` (or
    ///   its `userInfo` entry `orderedBy`) orders by a member attribute
    ///   becomes an index ordering.
    ///
    /// - Throws: ``SchemaError`` (at `--ordered-by`) when `--ordered-by`
    ///   names a relationship that cannot be ordered by that attribute.
    mutating func orderings(of e: CoreDataModel.EntityElement, entities: [String: CoreDataModel.EntityElement]) throws {
        for r in e.relationships.sorted(by: { $0.name < $1.name }) where !r.isTransient {
            let subject = "\(e.name).\(r.name)"
            guard var spec = relationships[e.name]?[r.name] else { continue }
            let given = options.orderedBy[subject].map { (attribute: $0, source: "--ordered-by") }
                ?? r.userInfo.first { $0.key == "orderedBy" }.map { (attribute: $0.value, source: "userInfo \"orderedBy\"") }
            if let given {
                let key = r.destination.map { "\(declaring(given.attribute, from: $0, entities)).\(given.attribute)" }
                let used = key.flatMap { k in indexUsers[k].flatMap { user in user == subject ? nil : (attribute: k, by: user) } }
                if let why = indexProblem(r, inverse: spec["inverse"]?.stringValue, attribute: given.attribute, entities: entities)
                    ?? used.map({ "\"\($0.attribute)\" already orders \"\($0.by)\"; an attribute orders one relationship" }) {
                    if given.source == "--ordered-by" {
                        throw SchemaError(problems: [SchemaProblem("\(subject)=\(given.attribute): \(why)", path: ["--ordered-by"])])
                    }
                    notes.append(.init(subject, "\(given.source) \"\(given.attribute)\" is not used: \(why)"))
                } else {
                    spec["ordered"] = ["index": .string(given.attribute)]
                    relationships[e.name]?[r.name] = spec
                    if let key { indexUsers[key] = subject }
                    if r.isOrdered {
                        notes.append(.init(subject, "ordered in the model; kept by the members' \"\(given.attribute)\" as \(given.source) says"))
                    }
                    continue
                }
            }
            guard r.isOrdered else { continue }
            guard r.isToMany else {
                notes.append(.init(subject, "ordered to-one relationship: the order is not kept"))
                continue
            }
            guard let d = r.destination, let member = entities[d] else { continue }
            let inverseName = spec["inverse"]?.stringValue
            let inverse = inverseName.flatMap { n in member.relationships.first { $0.name == n } }
            guard let inverse, !inverse.isToMany, !options.orderedAsArrays else {
                // An ordered many-to-many or one-way to-many: the owner's array.
                spec["ordered"] = "array"
                relationships[e.name]?[r.name] = spec
                continue
            }
            let links = existingLinks(on: member, for: r.name) ?? addLinks(on: member, for: r, of: e)
            spec["ordered"] = .object(JSONObject([
                JSONObject.Member(key: "next", value: .string(links.next)),
                JSONObject.Member(key: "prev", value: .string(links.prev)),
            ]))
            relationships[e.name]?[r.name] = spec
            chainIndex.usedLinks.insert("\(d).\(links.prev)")
            chainIndex.usedLinks.insert("\(d).\(links.next)")
        }
    }

    /// The entity among `entity` and its ancestors that declares `attribute`
    /// (`entity` when none does).
    func declaring(_ attribute: String, from entity: String, _ entities: [String: CoreDataModel.EntityElement]) -> String {
        var seen: [String] = []
        var current: String? = entity
        while let name = current, !seen.contains(name) {
            if attributes[name]?[attribute] != nil { return name }
            seen.append(name)
            current = entities[name]?.parent
        }
        return entity
    }

    /// Why `r` cannot be kept as an index ordering by the member attribute
    /// `attribute`, or `nil` when it can: a to-many whose inverse is a
    /// to-one, and a stored numeric attribute of the member entity (or one
    /// it inherits).
    func indexProblem(_ r: CoreDataModel.RelationshipElement, inverse inverseName: String?, attribute: String,
                      entities: [String: CoreDataModel.EntityElement]) -> String? {
        guard r.isToMany else { return "only a to-many relationship can be ordered" }
        guard let d = r.destination, let member = entities[d] else { return "it has no destination" }
        var lineage: [String] = []
        var current: String? = member.name
        while let name = current, !lineage.contains(name) {
            lineage.append(name)
            current = entities[name]?.parent
        }
        guard let inverseName,
            let back = lineage.lazy.compactMap({ entities[$0]?.relationships.first { $0.name == inverseName } }).first, !back.isToMany
        else { return "an index ordering needs a to-one inverse (each member's owner)" }
        guard let spec = lineage.lazy.compactMap({ self.attributes[$0]?[attribute] }).first else {
            return "\"\(attribute)\" is not an attribute of \"\(d)\""
        }
        guard let type = spec["type"]?.stringValue.flatMap(AttributeType.init), type.canBePosition else {
            return "\"\(d).\(attribute)\" is not of an integer, decimal, float or double type"
        }
        if spec["transient"] != nil { return "\"\(d).\(attribute)\" is transient" }
        return nil
    }

    /// Where two relationships of one entity name the same inverse (Core
    /// Data loads such a model), the one that inverse names back stays
    /// two-way and the others become one-way references, each with a note
    /// naming both.
    mutating func resolveCompetingInverses(entities: [String: CoreDataModel.EntityElement]) {
        var claims: [String: [(entity: String, relationship: String)]] = [:]
        for e in model.entities {
            for r in e.relationships {
                guard let spec = relationships[e.name]?[r.name], let inverse = spec["inverse"]?.stringValue,
                    let d = spec["destination"]?.stringValue
                else { continue }
                claims[d + "\u{1}" + inverse, default: []].append((e.name, r.name))
            }
        }
        for (key, claimants) in claims.sorted(by: { $0.key < $1.key }) where claimants.count > 1 {
            let parts = key.split(separator: "\u{1}", maxSplits: 1).map(String.init)
            guard parts.count == 2, let back = relationships[parts[0]]?[parts[1]]?["inverse"]?.stringValue,
                let kept = claimants.first(where: { $0.relationship == back })
            else { continue }
            for other in claimants where other.relationship != kept.relationship || other.entity != kept.entity {
                relationships[other.entity]?[other.relationship]?["inverse"] = nil
                notes.append(.init("\(other.entity).\(other.relationship)",
                    "its inverse \"\(parts[0]).\(parts[1])\" names \"\(kept.entity).\(kept.relationship)\" back, which claims it too: imported as a one-way reference"))
            }
        }
    }

    /// Builds ``chainIndex``: the entity tree, and how many ordered
    /// to-many relationships share each member entity and name.
    mutating func prepareChains(entities: [String: CoreDataModel.EntityElement]) {
        var index = _ChainIndex()
        index.entities = entities
        for e in model.entities {
            if let p = e.parent {
                index.parents[e.name] = p
                index.children[p, default: []].append(e.name)
            }
            for r in e.relationships where r.isOrdered && r.isToMany {
                if let d = r.destination { index.orderedSharing[d + "\u{1}" + r.name, default: 0] += 1 }
            }
        }
        chainIndex = index
    }

    /// A pair of to-one self-relationships of `member` that are each other's
    /// inverse, one named like "prev", the other like "next", not used by
    /// another chain. With several, the one whose names start with the
    /// ordered relationship's name; otherwise none.
    func existingLinks(on member: CoreDataModel.EntityElement, for relationship: String) -> ChainLinks? {
        let used = chainIndex.usedLinks
        let table = relationships[member.name] ?? [:]
        func link(_ name: String) -> (destination: String, inverse: String)? {
            guard let spec = table[name], spec["toMany"] == nil,
                  let d = spec["destination"]?.stringValue, let i = spec["inverse"]?.stringValue else { return nil }
            return (d, i)
        }
        var pairs: [ChainLinks] = []
        for prev in table.keys.sorted() where prev.lowercased().contains("prev") {
            guard let p = link(prev), p.destination == member.name, p.inverse.lowercased().contains("next"),
                  let n = link(p.inverse), n.destination == member.name, n.inverse == prev,
                  !used.contains("\(member.name).\(prev)"), !used.contains("\(member.name).\(p.inverse)") else { continue }
            pairs.append(ChainLinks(prev: prev, next: p.inverse))
        }
        if let named = pairs.first(where: { $0.prev.lowercased().hasPrefix(relationship.lowercased()) }) { return named }
        return pairs.count == 1 ? pairs.first : nil
    }

    /// Adds chain links to `member` for the ordered `r` of `owner`, and a note.
    mutating func addLinks(on member: CoreDataModel.EntityElement, for r: CoreDataModel.RelationshipElement,
                           of owner: CoreDataModel.EntityElement) -> ChainLinks {
        let shared = chainIndex.orderedSharing[member.name + "\u{1}" + r.name, default: 0] > 1
        let base = shared ? Self.lowerFirst(owner.name) + Self.upperFirst(r.name) : r.name
        let taken = familyPropertyNames(of: member.name)
        var prev = base + "Prev", next = base + "Next"
        var k = 2
        while taken.contains(prev) || taken.contains(next) {
            prev = base + "Prev\(k)"
            next = base + "Next\(k)"
            k += 1
        }
        relationships[member.name, default: [:]][prev] = [
            "destination": .string(member.name), "inverse": .string(next),
        ]
        relationships[member.name, default: [:]][next] = [
            "destination": .string(member.name), "inverse": .string(prev),
        ]
        locations[member.name + "\u{1}" + prev] = r.location
        locations[member.name + "\u{1}" + next] = r.location
        notes.append(.init("\(owner.name).\(r.name)",
                           "ordered: chain links \"\(member.name).\(prev)\" and \"\(member.name).\(next)\" added to the member entity"))
        return ChainLinks(prev: prev, next: next)
    }

    /// Every property name of `entity`, its ancestors and its descendants
    /// (a name taken anywhere in the family would clash by inheritance).
    ///
    /// - Complexity: O(size of the family and its properties).
    func familyPropertyNames(of entity: String) -> Set<String> {
        var family: Set<String> = [entity]
        var current = entity
        while let p = chainIndex.parents[current], family.insert(p).inserted { current = p }
        var pending = [entity]
        var below: Set<String> = [entity]
        while let name = pending.popLast() {
            for child in chainIndex.children[name] ?? [] where below.insert(child).inserted { pending.append(child) }
        }
        family.formUnion(below)
        var names: Set<String> = []
        for name in family {
            names.formUnion((attributes[name] ?? [:]).keys)
            names.formUnion((relationships[name] ?? [:]).keys)
            if let e = chainIndex.entities[name] { names.formUnion(e.relationships.map(\.name)) }
        }
        return names
    }

    static func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
    static func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
}

/// What chain naming looks up (see ``_CoreDataConverter/prepareChains(entities:)``).
struct _ChainIndex {
    /// Entity name → its element.
    var entities: [String: CoreDataModel.EntityElement] = [:]
    /// Entity name → its parent's name.
    var parents: [String: String] = [:]
    /// Entity name → the names of the entities whose parent it is.
    var children: [String: [String]] = [:]
    /// `MEMBER` U+0001 `NAME` → how many ordered to-many relationships of
    /// that name have that member entity.
    var orderedSharing: [String: Int] = [:]
    /// Chain links already used by an ordered relationship, as `ENTITY.NAME`.
    var usedLinks: Set<String> = []
}
