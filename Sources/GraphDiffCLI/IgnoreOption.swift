import GraphDiff

/// `--ignore` and `--only`: JSON Pointer patterns for plain JSON,
/// `ENTITY.PROPERTY` names for graphs; a value that names nothing is a
/// usage error.
enum IgnoreOption {
    /// The patterns of plain JSON documents given with `option`.
    /// Without `keys` (merge), a key segment is a usage error.
    static func paths(_ values: [String], keys: Bool = true, option: String = "--ignore") throws -> IgnoredPaths {
        for v in values where !v.hasPrefix("/") {
            throw CommandFailure.usage("\(option) takes a JSON Pointer such as /metadata/lastSync for plain JSON, got '\(v)'")
        }
        if option == "--only", values.contains("/**") { throw CommandFailure.usage("--only /** selects everything; leave out --only") }
        do {
            let paths = try IgnoredPaths(values)
            if !keys, let keyed = paths.keyedPatterns.first {
                throw CommandFailure.usage("\(option): merge takes no key segment such as [name=\"six\"] (got '\(keyed)'); use * or a member path")
            }
            return paths
        } catch let error as JSONError {
            throw CommandFailure.usage("\(option): \(error.message)")
        }
    }

    /// Warns on standard error of each pattern of `option` that matches
    /// nothing in either document (the exit status is unchanged), so a
    /// typo shows.
    static func warnUnmatched(_ patterns: IgnoredPaths, in documents: [JSONValue], option: String = "--ignore", io: CommandIO) {
        for pattern in patterns.unmatched(in: documents, elements: option == "--only") {
            io.err("graphdiff: warning: \(option) \(pattern) matches nothing in either document\n")
        }
    }

    /// `--only` for graphs of `schema`; `nil` when not given.
    static func selected(_ values: [String], schema: Schema) throws -> SelectedProperties? {
        guard !values.isEmpty else { return nil }
        do {
            return try SelectedProperties(values, schema: schema)
        } catch {
            throw CommandFailure.usage("--only: " + error.problems.map(\.message).joined(separator: "; ") + " (schema \"\(schema.name)\")")
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
