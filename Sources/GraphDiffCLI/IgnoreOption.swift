import GraphDiff

/// `--ignore`: JSON Pointer patterns for plain JSON, `ENTITY.PROPERTY`
/// names for graphs; a value that names nothing is a usage error.
enum IgnoreOption {
    /// The patterns of plain JSON documents.
    /// Without `keys` (merge), a key segment is a usage error.
    static func paths(_ values: [String], keys: Bool = true) throws -> IgnoredPaths {
        for v in values where !v.hasPrefix("/") {
            throw CommandFailure.usage("--ignore takes a JSON Pointer such as /metadata/lastSync for plain JSON, got '\(v)'")
        }
        do {
            let paths = try IgnoredPaths(values)
            if !keys, let keyed = paths.keyedPatterns.first {
                throw CommandFailure.usage("--ignore: merge takes no key segment such as [name=\"six\"] (got '\(keyed)'); use * or a member path")
            }
            return paths
        } catch let error as JSONError {
            throw CommandFailure.usage("--ignore: \(error.message)")
        }
    }

    /// Warns on standard error of each pattern that ignores nothing in
    /// either document (the exit status is unchanged), so a typo shows.
    static func warnUnmatched(_ ignored: IgnoredPaths, in documents: [JSONValue], io: CommandIO) {
        for pattern in ignored.unmatched(in: documents) {
            io.err("graphdiff: warning: --ignore \(pattern) matches nothing in either document\n")
        }
    }

    /// Warns on standard error of each `metadata.NAME` given with
    /// `--ignore` that neither graph's metadata has.
    static func warnUnmatched(_ ignored: IgnoredProperties, in graphs: [Graph], io: CommandIO) {
        for name in ignored.names where name.hasPrefix("metadata.") {
            let member = String(name.dropFirst("metadata.".count))
            guard ignored.metadataNames.contains(member), !graphs.contains(where: { $0.metadata[member] != nil }) else { continue }
            io.err("graphdiff: warning: --ignore \(name) matches nothing in either graph's metadata\n")
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
