import GraphDiffJSON

/// The git drivers' one fallback chain, as pure functions over the
/// versions' bytes. The versions of a file are graphs when `$schema` (or
/// `--schema`) names a schema and every version loads as a graph of it;
/// else plain JSON when every version parses; else bytes. Each step down
/// has a reason, which the drivers print on one line of standard error
/// (`merging as plain JSON: theirs is not a valid Tasks graph: …`). Plain
/// JSON without `$schema` is no step down: it has no reason.
///
/// Reading the schema file is the caller's: ``schemaPath(of:order:workTreePath:)``
/// names it, and ``classify(_:schema:)`` takes what was read.
///
///     let versions = [GitInputs.Version(label: "old", bytes: old), GitInputs.Version(label: "new", bytes: new)]
///     let path = GitInputs.schemaPath(of: versions, order: [1, 0], workTreePath: "data/app.graph.json")
///     let (kind, reason) = GitInputs.classify(versions, schema: path.map { GitInputs.SchemaFile(path: $0, bytes: read($0)) })
public enum GitInputs {
    /// One version of the file: its label (`ours`, `old`, …) and its bytes
    /// (`nil`: the file does not exist in that version).
    public struct Version: Sendable {
        /// The version's label in messages (`ours`, `theirs`, `base`, `old`, `new`).
        public var label: String
        /// Its bytes; `nil` when the file does not exist in this version.
        public var bytes: [UInt8]?

        /// The version `label` with `bytes`.
        public init(label: String, bytes: [UInt8]?) {
            self.label = label
            self.bytes = bytes
        }
    }

    /// The schema file the versions are read with, as read.
    public struct SchemaFile: Sendable {
        /// Its path, as shown in reasons.
        public var path: String
        /// Its bytes; `nil` when there is no such file.
        public var bytes: [UInt8]?
        /// Why the file could not be read, when it exists but could not be.
        public var readError: String?
        /// Whether it was given (`--schema`) rather than named by `$schema`:
        /// a named file that is no graphdiff schema (a JSON Schema, as
        /// editors use) makes the versions plain JSON with no step down.
        public var isGiven: Bool

        /// The schema file at `path` as read.
        public init(path: String, bytes: [UInt8]?, readError: String? = nil, isGiven: Bool = false) {
            self.path = path
            self.bytes = bytes
            self.readError = readError
            self.isGiven = isGiven
        }
    }

    /// What the versions are.
    public enum Kind: Sendable {
        /// Graphs of one schema (absent versions are empty graphs).
        case graphs([Graph])
        /// JSON documents (`nil`: absent).
        case json([JSONValue?])
        /// Not all JSON.
        case bytes
    }

    /// The schema file the versions name: the first `$schema` found in the
    /// versions at `order` (their indexes, first match first), resolved
    /// against the directory of `workTreePath` (git hands the versions as
    /// temporary files elsewhere, and runs drivers at the top of the work
    /// tree; ``SchemaReference/resolve(_:inDirectoryOf:)``).
    ///
    /// - Complexity: O(*p*) in the bytes before each `$schema` (whole
    ///   versions when it is not their first member).
    public static func schemaPath(of versions: [Version], order: [Int], workTreePath: String) -> String? {
        for i in order where versions.indices.contains(i) {
            guard let bytes = versions[i].bytes else { continue }
            if let location = Graph.schemaLocation(given: nil, reference: Graph.schemaReference(of: bytes), home: workTreePath) {
                return location
            }
        }
        return nil
    }

    /// Classifies `versions`, read with `schema` (`nil`: none applies).
    ///
    /// - Returns: what the versions are, and why a step down was taken.
    /// - Complexity: O(*n*) in the size of the versions.
    public static func classify(_ versions: [Version], schema file: SchemaFile?) -> (kind: Kind, reason: String?) {
        if let file, let graphs = graphsFromBytes(versions, schema: file) { return (.graphs(graphs), nil) }
        var documents: [JSONValue?] = []
        for v in versions {
            guard let bytes = v.bytes else { documents.append(nil); continue }
            do {
                documents.append(try JSONReader.parse(bytes))
            } catch {
                return (.bytes, "\(v.label) is not JSON: \(firstLine(error))")
            }
        }
        guard let file else { return (.json(documents), nil) }
        if let readError = file.readError { return (.json(documents), "schema \(file.path) is not valid: \(readError)") }
        guard let bytes = file.bytes else { return (.json(documents), "schema \(file.path) not found") }
        if isJSONSchema(bytes, file) { return (.json(documents), nil) }
        let schema: Schema
        do {
            schema = try Schema.load(bytes)
        } catch {
            return (.json(documents), "schema \(file.path) is not valid: \(firstLine(error))")
        }
        var graphs: [Graph] = []
        for (v, document) in zip(versions, documents) {
            guard let document else { graphs.append(Graph(schema: schema)); continue }
            do {
                graphs.append(try Graph.load(document, schema: schema, source: v.bytes.map(JSONSourceText.init),
                                             options: Graph.LoadOptions(ignoreFingerprint: true)))
            } catch {
                // Git hands over the work tree's schema, which a commit may
                // have changed since this version was written.
                let recorded = document["metadata"]?["schemaFingerprint"]?.stringValue
                if let recorded, recorded != schema.fingerprint {
                    return (.json(documents), "\(v.label) was written for another version of schema \(schema.name) "
                                + "(\(recorded.prefix(19)), the work tree's \(file.path) is \(schema.fingerprint.prefix(19)))")
                }
                let since = v.label == "old" || v.label == "base" ? " (read with the work tree's \(file.path), which may have changed since)" : ""
                return (.json(documents), "\(v.label) is not a valid \(schema.name) graph\(since): \(firstLine(error))")
            }
        }
        return (.graphs(graphs), nil)
    }

    /// The versions as graphs read straight from their bytes, with no JSON
    /// tree (``Graph/load(_:schema:options:)-([UInt8],_,_)``), when every
    /// version is a valid graph of the schema: the common case, and the
    /// answer ``classify(_:schema:)`` gives then. `nil` at the first step
    /// down of any kind, which `classify` then takes from the top to name
    /// its reason.
    ///
    /// - Complexity: O(*n*) in the size of the versions.
    static func graphsFromBytes(_ versions: [Version], schema file: SchemaFile) -> [Graph]? {
        guard let bytes = file.bytes, file.readError == nil, !isJSONSchema(bytes, file), let schema = try? Schema.load(bytes) else { return nil }
        var graphs: [Graph] = []
        for v in versions {
            guard let bytes = v.bytes else { graphs.append(Graph(schema: schema)); continue }
            guard let graph = try? Graph.load(bytes, schema: schema, options: Graph.LoadOptions(ignoreFingerprint: true)) else { return nil }
            graphs.append(graph)
        }
        return graphs
    }

    /// Whether a schema file named by `$schema` is JSON but no graphdiff
    /// schema: a JSON Schema, as editors use.
    static func isJSONSchema(_ bytes: [UInt8], _ file: SchemaFile) -> Bool {
        guard !file.isGiven, let json = try? JSONReader.parse(bytes) else { return false }
        return !Schema.mayBeSchema(json)
    }

    /// Whether git would take `bytes` for binary: a NUL in the first 8,000
    /// bytes (the rule directory diff shares).
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        ByteText.looksBinary(bytes)
    }

    /// The first line of an error's description.
    static func firstLine(_ error: Error) -> String {
        String(describing: error).split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "\(error)"
    }
}
