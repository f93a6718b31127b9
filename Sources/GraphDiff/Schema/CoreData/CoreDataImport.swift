import Foundation
import GraphDiffJSON

/// One thing of a Core Data model that has no counterpart in a schema, or
/// that the importer changed to fit one: printed on standard error, never
/// silently dropped.
public struct CoreDataImportNote: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What the note is about: `ENTITY`, `ENTITY.PROPERTY` or `model`.
    public var subject: String
    /// The note in words.
    public var message: String

    /// A note about `subject`.
    public init(_ subject: String, _ message: String) {
        self.subject = subject
        self.message = message
    }

    /// `SUBJECT: message`.
    public var description: String { "\(subject): \(message)" }

    public static func < (a: CoreDataImportNote, b: CoreDataImportNote) -> Bool {
        (a.subject, a.message) < (b.subject, b.message)
    }
}

/// A Core Data model converted to a `graphdiff-schema/1` document.
///
/// ``load(_:name:options:)`` reads a `contents` file and returns the
/// checked schema; ``convert(_:name:options:)`` stops at the document.
/// What maps to what (types, defaults, delete rules, chains, identity) is
/// specified in graphdiff(5), "Core Data models".
///
///     let imported = try CoreDataImport.load(bytes, name: "Tasks")
///     imported.schema.entities.map(\.name)   // ["Task", "TaskList"]
///     imported.notes.map(\.description)      // ["model: the <elements> layout block is not kept"]
public struct CoreDataImport: Sendable {
    /// The schema document, its members in canonical (sorted) order.
    public var document: JSONValue
    /// What was not kept or was changed, sorted by subject.
    public var notes: [CoreDataImportNote]
    /// `ENTITY` or `ENTITY` U+0001 `PROPERTY` → where its element starts.
    var locations: [String: SourceLocation] = [:]

    /// The model name for a schema (`Tasks` of `Tasks.xcdatamodeld`).
    public var name: String { document["name"]?.stringValue ?? "" }

    /// What the import cannot read from the model: the choices of
    /// `graphdiff schema import` (and of the commands that read models).
    public struct Options: Sendable, Hashable {
        /// Entity name → its identity attribute (`--identity`), chosen over
        /// what the model suggests.
        public var identities: [String: String]
        /// Whether an ordered to-many with a to-one inverse is kept as an
        /// array on the owner (`--ordered array`) rather than as a chain (the
        /// default, `--ordered chain`). One with a to-many inverse or none is
        /// an array either way.
        public var orderedAsArrays: Bool
        /// `ENTITY.RELATIONSHIP` → the member attribute whose values give each
        /// member's position (`--ordered-by`): the relationship is kept as an
        /// index ordering, ordered or not in the model. A relationship's
        /// `userInfo` entry `orderedBy` says the same.
        public var orderedBy: [String: String]

        /// Options with the choices given.
        public init(identities: [String: String] = [:], orderedAsArrays: Bool = false, orderedBy: [String: String] = [:]) {
            self.identities = identities
            self.orderedAsArrays = orderedAsArrays
            self.orderedBy = orderedBy
        }
    }

    /// Reads a `contents` file, converts it and checks the result.
    ///
    /// - Parameters:
    ///   - bytes: the `contents` file.
    ///   - name: the schema's name (the model's, `Tasks` for `Tasks.xcdatamodeld`).
    ///   - options: identities and orderings chosen over what the model says.
    /// - Returns: the document, the checked schema and the notes.
    /// - Throws: ``SchemaError``: XML problems, and problems of the
    ///   resulting schema, each at the line and column of its element.
    /// - Complexity: O(*n* + *p* log *p*), where *n* is the size of the file
    ///   and *p* the number of properties.
    public static func load(_ bytes: [UInt8], name: String, options: Options = Options())
        throws -> (document: JSONValue, schema: Schema, notes: [CoreDataImportNote])
    {
        let converted = try convert(try CoreDataModel.parse(bytes), name: name, options: options)
        return (converted.document, try converted.checkedSchema(), converted.notes)
    }

    /// ``load(_:name:options:)`` with identities chosen (`--identity`).
    public static func load(_ bytes: [UInt8], name: String, identities: [String: String])
        throws -> (document: JSONValue, schema: Schema, notes: [CoreDataImportNote])
    {
        try load(bytes, name: name, options: Options(identities: identities))
    }

    /// The schema the document describes, checked.
    ///
    /// - Throws: ``SchemaError`` whose problems carry the line and column of
    ///   the entity or property element they concern.
    public func checkedSchema() throws -> Schema {
        do {
            return try Schema.load(document, source: nil)
        } catch var error as SchemaError {
            for i in error.problems.indices where error.problems[i].location == nil {
                let path = error.problems[i].path
                if path.count >= 4, path[0] == "entities", let l = locations[path[1] + "\u{1}" + path[3]] {
                    error.problems[i].location = l
                } else if path.count >= 2, path[0] == "entities", let l = locations[path[1]] {
                    error.problems[i].location = l
                }
            }
            throw error
        }
    }
}
