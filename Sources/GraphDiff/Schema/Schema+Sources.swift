import Foundation
import GraphDiffJSON

extension Schema {
    /// Reads a schema document from its text.
    ///
    ///     let schema = try Schema.load(#"{"format": "graphdiff-schema/1", "name": "Notes", "entities": {}}"#)
    ///
    /// - Throws: ``JSONError`` when the text is not JSON; ``SchemaError``
    ///   with every problem found, each with its line and column.
    /// - Complexity: O(*n*) in the size of the document.
    public static func load(_ text: String) throws -> Schema {
        try load(Array(text.utf8))
    }

    /// Reads a schema document from `data` (UTF-8); see ``load(_:)-([UInt8])``.
    public static func load(_ data: Data) throws -> Schema {
        try load(Array(data))
    }

    /// Reads the schema file at `url`.
    ///
    ///     let schema = try Schema.load(contentsOf: URL(fileURLWithPath: "Samples/tasks/tasks.schema.json"))
    ///
    /// - Throws: ``FileError`` naming the file when it cannot be read,
    ///   ``JSONError`` or ``SchemaError`` (every problem, each with its line and column).
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(contentsOf url: URL) throws -> Schema {
        try load(try JSONReader.fileBytes(url))
    }

    /// Reads the schema file at `path` (relative to the current directory,
    /// or absolute); see ``load(contentsOf:)``.
    ///
    ///     let schema = try Schema.load(contentsOfFile: "Samples/tasks/tasks.schema.json")
    public static func load(contentsOfFile path: String) throws -> Schema {
        try load(contentsOf: URL(fileURLWithPath: path))
    }
}
