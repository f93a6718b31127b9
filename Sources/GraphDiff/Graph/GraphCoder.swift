import GraphDiffJSON

/// Turns an app's `Codable` values into a ``Graph`` and back: entities
/// declared in code, a schema built from them, objects matched by identity.
///
/// Declare each type once: its entity name, the property that holds its
/// identity and the properties that refer to other objects by identity.
/// Every other property is an attribute, typed by its Swift type (see
/// ``JSONValueEncoder``: `String` is a `string`, `Int` an `int64`, `Date` a
/// `date`, `UUID` a `uuid`, an optional is optional, any other `Codable`
/// type a `json` value).
///
///     struct TaskList: Codable { var id: String; var title: String; var items: [String] }
///     struct Task: Codable { var id: String; var title: String; var done: Bool }
///
///     let coder = try GraphCoder(name: "Tasks", entities: [
///         .init(TaskList.self, identity: "id", references: [
///             .ordered("items", to: "Task", storage: .chain(prev: "prev", next: "next"), inverse: "list"),
///         ]),
///         .init(Task.self, identity: "id"),
///     ])
///     let graph = try coder.graph(lists, tasks)          // [TaskList], [Task]
///     let again = try coder.values(Task.self, in: graph)  // the tasks, in identity order
///
/// An ordered to-many is an array of member identities on the owner, in
/// order, whatever its storage in the graph: `.array` keeps it on the
/// owner; `.chain` and `.index` keep it on the members (an owner link, and
/// prev/next links or a position), which the coder writes from the array
/// and reads back into it. When the owner's type has no such property, the
/// members' own values (owner link and position or links) say the order.
///
/// The schema is built from the types of the properties the values encode,
/// so versions of one model must be encoded together (``graphs(_:)``) when
/// an entity may have no objects in some of them, or its attributes declared
/// (`attributes:`).
///
/// - Complexity: O(*n* + *s*) to build or read a graph of *n* objects whose
///   values have *s* JSON values in all.
public struct GraphCoder: Sendable {
    /// One Swift type as an entity.
    public struct EntityDeclaration: Sendable {
        let type: Any.Type
        let key: ObjectIdentifier
        /// The entity's name: the type's name unless given.
        public let name: String
        /// The property that holds each object's identity: a `String`, a
        /// `UUID` or an integer.
        public let identity: String
        /// The properties that refer to other objects by identity.
        public let references: [Reference]
        /// Attributes declared rather than learnt from the values.
        public let attributes: [Attribute]

        /// Declares `type` as entity `name`, its identity held by the
        /// property `identity`.
        ///
        /// - Parameters:
        ///   - references: the properties that hold identities of other objects.
        ///   - attributes: attributes to declare whatever the values encode
        ///     (for an entity that may have no objects, or to choose a type:
        ///     a `String` property as a `date`).
        public init<T: Codable>(
            _ type: T.Type, name: String? = nil, identity: String, references: [Reference] = [], attributes: [Attribute] = []
        ) {
            self.type = type
            self.key = ObjectIdentifier(type)
            self.name = name ?? String(describing: type)
            self.identity = identity
            self.references = references
            self.attributes = attributes
        }
    }

    /// A property that refers to other objects by their identities.
    public struct Reference: Sendable {
        /// The property's name (its coding key).
        public let name: String
        /// The entity it refers to.
        public let destination: String
        let toMany: Bool
        let ordering: Ordering?
        /// The property of the destination that refers back, if any.
        public let inverse: String?
        let deleteRule: DeleteRule

        /// One identity or `nil`.
        public static func toOne(_ name: String, to destination: String, inverse: String? = nil, deleteRule: DeleteRule = .nullify) -> Reference {
            Reference(name: name, destination: destination, toMany: false, ordering: nil, inverse: inverse, deleteRule: deleteRule)
        }

        /// Identities in no order (an array, kept sorted, or a set).
        public static func toMany(_ name: String, to destination: String, inverse: String? = nil, deleteRule: DeleteRule = .nullify) -> Reference {
            Reference(name: name, destination: destination, toMany: true, ordering: nil, inverse: inverse, deleteRule: deleteRule)
        }

        /// Identities in order (an array), kept in the graph as `storage`
        /// says: `.array` on the owner, `.chain(prev:next:)` or
        /// `.index(_:)` on the members, which then need the to-one
        /// `inverse` (declared on the members' type, or added by the coder).
        public static func ordered(
            _ name: String, to destination: String, storage: Ordering = .array, inverse: String? = nil, deleteRule: DeleteRule = .nullify
        ) -> Reference {
            Reference(name: name, destination: destination, toMany: true, ordering: storage, inverse: inverse, deleteRule: deleteRule)
        }
    }

    /// The name of the schemas built.
    public let name: String
    /// The version of the schemas built.
    public let version: JSONValue?
    /// The declared entities.
    public let entities: [EntityDeclaration]
    let byType: [ObjectIdentifier: Int]

    /// A coder of the types `entities` declare.
    ///
    /// - Throws: ``SchemaError`` when two declarations share a type or a
    ///   name, or a reference names an undeclared entity.
    public init(name: String = "Model", version: JSONValue? = nil, entities: [EntityDeclaration]) throws {
        var byType: [ObjectIdentifier: Int] = [:], names: Set<String> = []
        var problems: [SchemaProblem] = []
        for (i, e) in entities.enumerated() {
            if byType.updateValue(i, forKey: e.key) != nil {
                problems.append(SchemaProblem("the type \(e.type) is declared twice", path: ["entities", e.name]))
            }
            if !names.insert(e.name).inserted {
                problems.append(SchemaProblem("entity \"\(e.name)\" is declared twice", path: ["entities", e.name]))
            }
        }
        for e in entities {
            for r in e.references where !names.contains(r.destination) {
                problems.append(SchemaProblem(
                    "reference \"\(r.name)\" names the undeclared entity \"\(r.destination)\"", path: ["entities", e.name, r.name]))
            }
        }
        guard problems.isEmpty else { throw SchemaError(problems: problems) }
        self.name = name
        self.version = version
        self.entities = entities
        self.byType = byType
    }
}
