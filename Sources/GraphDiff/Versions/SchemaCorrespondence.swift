/// Which entities and properties of two versions of a model are the same
/// thing, the way Core Data's migration pairs them.
///
/// Every entity and property has a *renaming identifier*: its `renamedFrom`
/// (Core Data's `renamingIdentifier`, `elementID` in a model file) when it
/// has one, else its name. Elements of OLD and NEW pair when their
/// identifiers are equal; what is left pairs by equal names. Each element
/// pairs at most once. Properties pair within a pair of entities, inherited
/// ones included.
///
///     let c = SchemaCorrespondence(old: v1, new: v2)
///     c.oldEntity(forNew: "Task")                       // "Todo", when Task has renamedFrom "Todo"
///     c.oldProperty(forNew: "name", inNewEntity: "Task") // "title", when name has renamedFrom "title"
///
/// - Complexity: O(*e* + *p*) to build, where *e* is the number of entities
///   and *p* the number of properties of both versions; lookups are O(1).
public struct SchemaCorrespondence: Sendable {
    /// NEW entity name → OLD entity name, for every entity present in both.
    public let oldEntityByNew: [String: String]
    /// OLD entity name → NEW entity name: the inverse of ``oldEntityByNew``.
    public let newEntityByOld: [String: String]
    /// NEW entity name → (NEW property name → OLD property name), for every
    /// property present in both versions of a paired entity.
    public let oldPropertyByNew: [String: [String: String]]

    /// Pairs the entities and properties of `old` and `new`.
    public init(old: Schema, new: Schema) {
        let entityPairs = SchemaCorrespondence.pair(
            old: old.entities.map { ($0.name, $0.renamedFrom) }, new: new.entities.map { ($0.name, $0.renamedFrom) })
        var properties: [String: [String: String]] = [:]
        for (newName, oldName) in entityPairs {
            guard let o = old.entity(named: oldName), let n = new.entity(named: newName) else { continue }
            properties[newName] = SchemaCorrespondence.pair(
                old: o.properties.map { ($0.name, $0.renamedFrom) }, new: n.properties.map { ($0.name, $0.renamedFrom) })
        }
        self.oldEntityByNew = entityPairs
        self.newEntityByOld = Dictionary(uniqueKeysWithValues: entityPairs.map { ($1, $0) })
        self.oldPropertyByNew = properties
    }

    /// The name in OLD of the entity named `name` in NEW, if it has one.
    public func oldEntity(forNew name: String) -> String? { oldEntityByNew[name] }

    /// The name in NEW of the entity named `name` in OLD, if it has one.
    public func newEntity(forOld name: String) -> String? { newEntityByOld[name] }

    /// The name in OLD of the property `property` of the NEW entity `entity`.
    public func oldProperty(forNew property: String, inNewEntity entity: String) -> String? {
        oldPropertyByNew[entity]?[property]
    }

    /// Pairs named elements: equal renaming identifiers first, then equal
    /// names among the rest. Returns NEW name → OLD name.
    static func pair(old: [(name: String, renamedFrom: String?)], new: [(name: String, renamedFrom: String?)]) -> [String: String] {
        var result: [String: String] = [:]
        var oldTaken: Set<String> = []
        var oldByIdentifier: [String: String] = [:]
        for o in old { oldByIdentifier[o.renamedFrom ?? o.name] = oldByIdentifier[o.renamedFrom ?? o.name] ?? o.name }
        for n in new {
            if let o = oldByIdentifier[n.renamedFrom ?? n.name], !oldTaken.contains(o) {
                result[n.name] = o
                oldTaken.insert(o)
            }
        }
        let oldNames = Set(old.map(\.name))
        for n in new where result[n.name] == nil && oldNames.contains(n.name) && !oldTaken.contains(n.name) {
            result[n.name] = n.name
            oldTaken.insert(n.name)
        }
        return result
    }
}

extension Property {
    /// The property's renaming identifier, when it declares one.
    public var renamedFrom: String? {
        switch self {
        case .attribute(let a): return a.renamedFrom
        case .relationship(let r): return r.renamedFrom
        }
    }
}
