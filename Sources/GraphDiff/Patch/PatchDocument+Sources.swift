import Foundation
import GraphDiffJSON

extension PatchDocument {
    /// Reads a `graphdiff-patch/1` document from its text; errors carry
    /// the line and column of the change at fault. See
    /// ``decode(_:schema:source:)``.
    ///
    ///     guard case .graph(let changes) = try PatchDocument.decode(text, schema: graph.schema) else { … }
    ///
    /// - Throws: ``JSONError`` when the text is not JSON; ``PatchError``
    ///   (malformed) naming the change, its line and column.
    /// - Complexity: O(*n*) in the size of the text.
    public static func decode(_ text: String, schema: Schema? = nil) throws -> Decoded {
        try decode(bytes: Array(text.utf8), schema: schema)
    }

    /// Reads a `graphdiff-patch/1` document from `data` (UTF-8); see
    /// ``decode(_:schema:)-(String,_)``.
    public static func decode(_ data: Data, schema: Schema? = nil) throws -> Decoded {
        try decode(bytes: Array(data), schema: schema)
    }

    /// Reads the `graphdiff-patch/1` file at `url`; see
    /// ``decode(_:schema:)-(String,_)``.
    ///
    /// - Throws: ``FileError`` naming the file when it cannot be read,
    ///   ``JSONError`` or ``PatchError``.
    public static func decode(contentsOf url: URL, schema: Schema? = nil) throws -> Decoded {
        try decode(bytes: try JSONReader.fileBytes(url), schema: schema)
    }

    /// Reads the `graphdiff-patch/1` file at `path` (relative to the
    /// current directory, or absolute); see ``decode(contentsOf:schema:)``.
    ///
    ///     let decoded = try PatchDocument.decode(contentsOfFile: "changes.patch.json", schema: schema)
    public static func decode(contentsOfFile path: String, schema: Schema? = nil) throws -> Decoded {
        try decode(contentsOf: URL(fileURLWithPath: path), schema: schema)
    }

    static func decode(bytes: [UInt8], schema: Schema?) throws -> Decoded {
        try decode(try JSONReader.parse(bytes), schema: schema, source: JSONSourceText(bytes))
    }
}
