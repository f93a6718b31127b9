import GraphDiffJSON

/// Every problem found in a schema, each with where it is.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order of the document.
    public var problems: [SchemaProblem]

    /// An error listing `problems`.
    public init(problems: [SchemaProblem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One problem in a schema: what is wrong, at which member, and (when read
/// from a file) the line and column of that member.
public struct SchemaProblem: Hashable, Sendable, CustomStringConvertible {
    /// The problem in words.
    public var message: String
    /// The member's path in the schema document, for example
    /// `["entities", "Person", "relationships", "dog", "inverse"]`.
    public var path: [String]
    /// Where the member is in the file, when the schema was read from text.
    public var location: SourceLocation?
    /// For a problem that a property is missing: the property, as
    /// `Entity.name`. A property declared but not decodable is reported
    /// where it is declared, and such a follow-on problem is dropped.
    var absentProperty: String?

    /// A problem at the member at `path`.
    public init(_ message: String, path: [String], location: SourceLocation? = nil) {
        self.message = message
        self.path = path
        self.location = location
    }

    /// A problem at `path` that `entity` has no property `name`.
    init(_ message: String, path: [String], absent name: String, of entity: String) {
        self.init(message, path: path)
        self.absentProperty = "\(entity).\(name)"
    }

    /// This problem, naming the relationship when it is in a relationship's
    /// `ordered` member and does not name it yet (`"List.items": …`).
    var namingItsOrdering: SchemaProblem {
        guard path.count >= 5, path[0] == "entities", path[2] == "relationships", path[4] == "ordered" else { return self }
        let name = "\"\(path[1]).\(path[3])\""
        guard !message.contains(name) else { return self }
        var named = self
        named.message = "\(name): \(message)"
        return named
    }

    /// `LINE:COL: message` when the position is known, else `PATH: message`.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return "\(path.joined(separator: ".")): \(message)"
    }
}
