
/// What a diff or merge is limited to (`--only`), named as
/// ``IgnoredProperties`` names what it leaves out: `ENTITY.*` (the objects
/// of an entity and its sub-entities whole: inserted, deleted, every
/// property, and the order of the ordered relationships they are members
/// of), `ENTITY.PROPERTY` (an attribute or relationship: its changes on
/// objects both versions have; an ordered relationship's order too),
/// `*.PROPERTY` (that property of every entity that has it),
/// `metadata.NAME` or `metadata.*` (members of the graph's metadata).
///
///     let only = try SelectedProperties(["Task.*"], schema: schema)
///     let changes = try ChangeSet.diff(from: old, to: new).selecting(only, schema: schema)
///
/// Inserted and deleted objects count as changes of the object, not of a
/// property: `ENTITY.*` selects them, `ENTITY.PROPERTY` does not.
public struct SelectedProperties: Sendable {
    /// The names as given.
    public let names: [String]
    /// Per entity (by position in the schema): selected whole.
    let wholeEntities: [Bool]
    /// Per entity: the property names selected.
    let properties: [Set<String>]
    /// The metadata members selected; `nil` for every one (`metadata.*`).
    let metadata: Set<String>?

    /// Resolves `names` against `schema`.
    ///
    /// - Throws: ``SchemaError`` with one problem per name that is not
    ///   `ENTITY.PROPERTY` or `ENTITY.*`, or names an unknown entity or
    ///   property (the path: `only`, its position).
    /// - Complexity: O(*k* · *e*) for *k* names and *e* entities.
    public init(_ names: [String], schema: Schema) throws(SchemaError) {
        let entities = schema.entities
        var whole = [Bool](repeating: false, count: entities.count)
        var properties = [Set<String>](repeating: [], count: entities.count)
        var metadata: Set<String>? = []
        var problems: [SchemaProblem] = []
        // Properties whose changes are reported elsewhere, with where: a
        // derived relationship on its inverse, an order's links and index
        // values on the ordered relationship.
        var reportedElsewhere: [String: String] = [:]
        for entity in entities {
            for r in entity.relationships {
                let order = "\(entity.name).\(r.name)"
                if let links = r.chainLinks { for name in [links.prev, links.next] { reportedElsewhere["\(r.destination).\(name)"] = order } }
                if let index = r.indexAttribute { reportedElsewhere["\(r.destination).\(index)"] = order }
                // (An ordered one selects its order.)
                if r.storage == .derived, r.ordered == nil, let inverse = schema.entity(named: r.destination)?.inverse(of: r) {
                    reportedElsewhere[order] = "\(r.destination).\(inverse.name)"
                }
            }
        }
        /// Where the changes of `property` of `entity` (or an ancestor's) are reported instead, if elsewhere.
        func elsewhere(_ entity: Entity, _ property: String) -> String? {
            ([entity.name] + entity.ancestors).lazy.compactMap { reportedElsewhere["\($0).\(property)"] }.first
        }
        for (position, name) in names.enumerated() {
            func problem(_ message: String) {
                problems.append(SchemaProblem("\"\(name)\": \(message)", path: ["only", String(position)]))
            }
            guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
                problem("expected ENTITY.PROPERTY, ENTITY.* or *.PROPERTY")
                continue
            }
            let entityName = String(name[..<dot]), property = String(name[name.index(after: dot)...])
            if entityName == "metadata" && schema.entityIndex["metadata"] == nil {
                if property == "*" { metadata = nil } else { metadata?.insert(property) }
                continue
            }
            if entityName == "*" {
                if property == "*" {
                    problem("selects everything; leave out --only")
                    continue
                }
                let targets = entities.indices.filter { entities[$0].property(named: property) != nil && elsewhere(entities[$0], property) == nil }
                if targets.isEmpty { problem("no entity has a property \"\(property)\" whose changes are reported as its own") }
                for t in targets { properties[t].insert(property) }
                continue
            }
            guard let e = schema.entityIndex[entityName] else {
                problem("no entity \"\(entityName)\" in the schema")
                continue
            }
            if property != "*" && entities[e].property(named: property) == nil {
                problem("entity \"\(entityName)\" has no property \"\(property)\"")
                continue
            }
            if property != "*", let other = elsewhere(entities[e], property) {
                problem("its changes are reported on \(other); select that")
                continue
            }
            // The entity and every entity inheriting from it.
            for t in entities.indices where t == e || entities[t].kindIndices.contains(e) {
                if property == "*" { whole[t] = true } else { properties[t].insert(property) }
            }
        }
        if !problems.isEmpty { throw SchemaError(problems: problems) }
        self.names = names
        self.wholeEntities = whole
        self.properties = properties
        self.metadata = metadata
    }

    /// Whether the objects of the entity named `entity` are selected whole.
    func isWhole(_ entity: Int?) -> Bool { entity.map { $0 < wholeEntities.count && wholeEntities[$0] } ?? false }

    /// Whether the property `name` of the entity at `entity` is selected.
    func selects(_ entity: Int?, _ name: String) -> Bool {
        guard let entity, entity < properties.count else { return false }
        return wholeEntities[entity] || properties[entity].contains(name)
    }

    /// Whether the metadata member `name` is selected.
    func selectsMetadata(_ name: String) -> Bool { metadata.map { $0.contains(name) } ?? true }
}
