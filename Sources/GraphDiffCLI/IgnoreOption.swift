import GraphDiff

/// `--ignore`: JSON Pointer patterns for plain JSON, `ENTITY.PROPERTY`
/// names for graphs; a value that names nothing is a usage error.
enum IgnoreOption {
    /// The patterns of plain JSON documents.
    static func paths(_ values: [String]) throws -> IgnoredPaths {
        for v in values where !v.hasPrefix("/") {
            throw CommandFailure.usage("--ignore takes a JSON Pointer such as /metadata/lastSync for plain JSON, got '\(v)'")
        }
        do {
            return try IgnoredPaths(values)
        } catch {
            throw CommandFailure.usage("--ignore: \(error.message)")
        }
    }

    /// The properties of graphs of `schema`.
    static func properties(_ values: [String], schema: Schema) throws -> IgnoredProperties {
        do {
            return try IgnoredProperties(values, schema: schema)
        } catch {
            throw CommandFailure.usage("--ignore: " + error.problems.map(\.message).joined(separator: "; ") + " (schema \"\(schema.name)\")")
        }
    }
}
