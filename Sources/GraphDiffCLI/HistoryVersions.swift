import GraphDiff

/// The versions of a file in git's history as `log` and `blame` read
/// them: the blob's JSON, and its graph when the schema it names (read at
/// the same commit, relative to the file's path there) or `--schema`
/// reads it. Each blob and each schema is read and parsed once; the last
/// few versions are kept.
final class HistoryVersions {
    struct Version {
        var bytes: [UInt8]
        var document: JSONValue?
        var graph: Graph?
        /// Why the version is no graph (or no JSON), when it is not.
        var problem: String?

        var blame: GraphBlame.Version? { document.map { GraphBlame.Version(document: $0, graph: graph) } }
    }

    let objects: GitFileHistory
    let schemaOverride: Schema?
    var recent: [(blob: String, version: Version)] = []
    var schemas: [[UInt8]: Schema] = [:]

    init(objects: GitFileHistory, schemaOverride: Schema?) {
        self.objects = objects
        self.schemaOverride = schemaOverride
    }

    /// The version `blob` of the file at `path` in `commit`.
    func version(blob: String, commit: String, path: String) throws -> Version {
        if let kept = recent.first(where: { $0.blob == blob }) { return kept.version }
        guard let bytes = try objects.object(blob) else { throw CommandFailure.trouble("git cat-file: \(blob) missing") }
        var version = Version(bytes: bytes)
        do {
            let document = try JSONReader.parse(bytes)
            version.document = document
            if let schema = try schemaOverride ?? schema(of: document, commit: commit, path: path) {
                version.graph = try Graph.load(bytes, schema: schema)
            }
        } catch {
            version.problem = "\(error)"
        }
        recent.append((blob, version))
        if recent.count > 3 { recent.removeFirst() }
        return version
    }

    /// The schema `document` names, read at `commit` relative to `path`;
    /// `nil` when it names none.
    func schema(of document: JSONValue, commit: String, path: String) throws -> Schema? {
        guard let reference = Graph.schemaReference(in: document), !reference.contains("://") else { return nil }
        let location = Self.normalized(SchemaReference.resolve(reference, inDirectoryOf: path))
        guard let bytes = try objects.object("\(commit):\(location)") else { return nil }
        if let known = schemas[bytes] { return known }
        let schema = try Schema.load(bytes)
        schemas[bytes] = schema
        return schema
    }

    /// `path` with `.` and `..` components resolved (git names blobs by
    /// plain paths from the top of the tree).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
