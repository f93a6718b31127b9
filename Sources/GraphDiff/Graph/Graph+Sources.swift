import Foundation
import GraphDiffJSON

extension Graph {
    /// Reads a graph of `schema` from its text; see
    /// ``load(_:schema:options:)-([UInt8],_,_)``.
    ///
    ///     let graph = try Graph.load(#"{"objects": {}}"#, schema: schema)
    ///
    /// - Throws: ``JSONError`` when the text is not JSON; ``GraphError``
    ///   listing every problem, each with its object, property, line and
    ///   column.
    /// - Complexity: O(*n*) expected in the size of the text.
    public static func load(_ text: String, schema: Schema, options: LoadOptions = LoadOptions()) throws -> Graph {
        try load(Array(text.utf8), schema: schema, options: options)
    }

    /// Reads a graph of `schema` from `data` (UTF-8); see
    /// ``load(_:schema:options:)-([UInt8],_,_)``.
    public static func load(_ data: Data, schema: Schema, options: LoadOptions = LoadOptions()) throws -> Graph {
        try load(Array(data), schema: schema, options: options)
    }

    /// Reads the graph file at `url`, with its schema: `schema` when given,
    /// else the file its `$schema` names, relative to the graph file's
    /// directory (``SchemaReference/resolve(_:inDirectoryOf:)``, the rule
    /// `graphdiff` follows).
    ///
    ///     let base = try Graph.load(contentsOf: URL(fileURLWithPath: "Samples/tasks/base.graph.json"))
    ///     base.schema.name   // "Tasks", from Samples/tasks/tasks.schema.json
    ///
    /// - Parameters:
    ///   - schema: the schema to read the graph with; `nil` reads the one
    ///     `$schema` names.
    ///   - options: see ``LoadOptions``.
    /// - Throws: ``FileError`` naming a file that cannot be read (for the
    ///   schema file `$schema` names: the graph file, in
    ///   ``FileError/referencedBy``, and the path it resolved to);
    ///   ``JSONError``;
    ///   ``SchemaError`` for the schema file; ``GraphError`` listing every
    ///   problem of the graph, or saying that no `$schema` names a schema
    ///   file (``GraphProblem/Kind/notAGraph``).
    /// - Complexity: O(*n* + *s*) expected in the sizes of the graph and the
    ///   schema files.
    public static func load(contentsOf url: URL, schema: Schema? = nil, options: LoadOptions = LoadOptions()) throws -> Graph {
        let bytes = try JSONReader.fileBytes(url)
        if let schema { return try load(bytes, schema: schema, options: options) }
        guard let location = schemaLocation(of: bytes, at: url) else {
            _ = try JSONReader.parse(bytes)  // not JSON: that is the error
            throw GraphError(problems: [GraphProblem(.notAGraph, "no \"$schema\" names a schema file, and no schema was given")])
        }
        let schemaBytes: [UInt8]
        do {
            schemaBytes = try JSONReader.fileBytes(location)
        } catch {
            throw FileError(path: error.path, reason: error.reason, referencedBy: url.path)
        }
        return try load(bytes, schema: try Schema.load(schemaBytes), options: options)
    }

    /// Reads the graph file at `path` (relative to the current directory,
    /// or absolute); see ``load(contentsOf:schema:options:)``.
    ///
    ///     let base = try Graph.load(contentsOfFile: "Samples/tasks/base.graph.json")
    public static func load(contentsOfFile path: String, schema: Schema? = nil, options: LoadOptions = LoadOptions()) throws -> Graph {
        try load(contentsOf: URL(fileURLWithPath: path), schema: schema, options: options)
    }

    /// The schema file that the `$schema` of the graph document `bytes`,
    /// read from `url`, names: resolved against the directory of `url`.
    /// `nil` when there is no `$schema` or it is a URI (a JSON Schema's).
    ///
    ///     Graph.schemaLocation(of: bytes, at: URL(fileURLWithPath: "/data/v1.graph.json"))
    ///     // file:///data/people.schema.json when $schema is "people.schema.json"
    ///
    /// - Complexity: O(*p*) in the bytes before `$schema` (the whole
    ///   document when it is not first).
    public static func schemaLocation(of bytes: [UInt8], at url: URL) -> URL? {
        schemaLocation(given: nil, reference: schemaReference(of: bytes), home: url.path).map { URL(fileURLWithPath: $0) }
    }
}
