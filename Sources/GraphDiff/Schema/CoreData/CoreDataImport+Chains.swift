
extension _CoreDataConverter {
    /// Turns the entity's ordered to-many relationships into chains (see
    /// graphdiff(5), "Core Data models"): an existing prev/next pair of
    /// to-one self-relationships on the member entity that are each other's
    /// inverse is used; otherwise the links `RELATIONSHIPPrev` and
    /// `RELATIONSHIPNext` are added to the member entity (`entityRelationshipPrev`
    /// when two ordered relationships of one name share a member entity; a
    /// number after `Prev`/`Next` when the name is taken). An ordered to-many
    /// without a to-one inverse cannot be a chain: it is imported unordered.
    mutating func chains(of e: CoreDataModel.EntityElement, entities: [String: CoreDataModel.EntityElement]) {
        for r in e.relationships.sorted(by: { $0.name < $1.name }) where r.isOrdered && !r.isTransient {
            let subject = "\(e.name).\(r.name)"
            guard r.isToMany else {
                notes.append(.init(subject, "ordered to-one relationship: the order is not kept"))
                continue
            }
            guard let d = r.destination, let member = entities[d], var spec = relationships[e.name]?[r.name] else { continue }
            let inverseName = spec["inverse"]?.stringValue
            let inverse = inverseName.flatMap { n in member.relationships.first { $0.name == n } }
            guard let inverse, !inverse.isToMany else {
                let why = inverseName == nil ? "it has no inverse" : "its inverse \"\(d).\(inverseName ?? "")\" is to-many"
                notes.append(.init(subject, "ordered, but \(why) and a chain needs a to-one inverse: imported unordered"))
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
