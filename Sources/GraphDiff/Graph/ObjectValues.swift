import GraphDiffJSON

/// The property values given for one object, by name: what
/// ``Graph/insert(entity:identity:_:)`` and ``Graph/update(_:_:)`` hand to
/// their closure.
///
/// Set a property by name as a member (`$0.title = "Tea"`) or with the
/// subscript (`$0["title"] = "Tea"`); reading gives the value set, or the
/// object's current value when updating (`null` when there is none). Names
/// and values are checked against the schema when the closure returns.
///
///     try graph.insert(entity: "Task", identity: "t6") {
///         $0.title = "Tea"
///         $0.done = false
///         $0.list = "groceries"   // a reference: the target's identity
///     }
///
/// References are identities: a string, or a number for an integer
/// identity; a to-many is an array of them.
@dynamicMemberLookup
public struct ObjectValues: Sendable {
    /// The entity's name.
    let entityName: String
    /// The object's values before the edit (empty when inserting).
    let current: [String: JSONValue]
    /// The names given, in the order first given, and their values.
    var names: [String] = []
    var given: [String: JSONValue] = [:]

    init(entityName: String, current: [String: JSONValue] = [:]) {
        self.entityName = entityName
        self.current = current
    }

    /// The value of the property `name`: the one given, else the current one.
    public subscript(dynamicMember name: String) -> JSONValue {
        get { self[name] }
        set { self[name] = newValue }
    }

    /// The value of the property `name`: the one given, else the current one.
    public subscript(_ name: String) -> JSONValue {
        get { given[name] ?? current[name] ?? .null }
        set {
            if given.updateValue(newValue, forKey: name) == nil { names.append(name) }
        }
    }
}
