
extension Graph {
    /// The objects `root` owns, itself included: everything reachable from
    /// it through cascade relationships (the ownership direction) and the
    /// relationships `include` names, but never through those `exclude`
    /// names. Both tables map an entity name (or an ancestor's) to
    /// relationship names and add to the schema's `diff` section.
    ///
    /// Each object is visited once, whatever the cycles.
    ///
    /// - Complexity: O(*n* + *r*) expected, where *n* is the number of objects
    ///   reached and *r* the references followed; each derived relationship
    ///   followed costs one O(*N*) index over the graph.
    public func ownedObjects(from root: ObjectID, include: [String: [String]] = [:], exclude: [String: [String]] = [:]) -> Set<ObjectID> {
        func table(_ a: [String: [String]], _ b: [String: [String]]) -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for (k, v) in a { result[k, default: []].formUnion(v) }
            for (k, v) in b { result[k, default: []].formUnion(v) }
            return result
        }
        let included = table(schema.diffScope.include, include)
        let excluded = table(schema.diffScope.exclude, exclude)
        func listed(_ t: [String: Set<String>], _ entity: Entity, _ name: String) -> Bool {
            ([entity.name] + entity.ancestors).contains { t[$0]?.contains(name) ?? false }
        }
        var indexes: [Relationship: [ObjectID: [ObjectID]]] = [:]
        var seen: Set<ObjectID> = []
        guard objects[root] != nil else { return seen }
        var queue = [root]
        seen.insert(root)
        while let id = queue.popLast() {
            guard let object = objects[id] else { continue }
            let entity = entity(of: object)
            for case .relationship(let r) in entity.properties {
                guard (r.deleteRule == .cascade || listed(included, entity, r.name)) && !listed(excluded, entity, r.name) else { continue }
                var next: [ObjectID] = []
                switch r.storage {
                case .toOne:
                    if let t = target(of: id, r) { next = [t] }
                case .manyToMany, .orderedArray:
                    let root = schema.entity(named: r.destination)?.root ?? r.destination
                    next = StoredValue.references(in: value(of: id, r.name) ?? .null).map { ObjectID(entity: root, identity: $0) }
                case .derived:
                    if indexes[r] == nil { indexes[r] = membersByOwner(through: r) }
                    next = indexes[r]?[id] ?? []
                }
                for n in next where objects[n] != nil && seen.insert(n).inserted { queue.append(n) }
            }
        }
        return seen
    }
}
