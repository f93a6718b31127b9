import Foundation
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

        /// The version as blame reads it (its skeleton); `nil` when it is none.
        var blame: GraphBlame.Version?
    }

    let objects: GitFileHistory
    let schemaOverride: Schema?
    var recent: [(blob: String, skeleton: Bool, version: Version)] = []
    var schemas: [[UInt8]: Schema] = [:]

    init(objects: GitFileHistory, schemaOverride: Schema?) {
        self.objects = objects
        self.schemaOverride = schemaOverride
    }

    /// The version `blob` of the file at `path` in `commit`: its graph
    /// (or its document, when it has no schema or is no graph of it), or
    /// with `skeleton` only what blame reads of it.
    func version(blob: String, commit: String, path: String, skeleton: Bool = false) throws -> Version {
        if let kept = recent.first(where: { $0.blob == blob && $0.skeleton == skeleton }) { return kept.version }
        let version = Self.decode(try read(blob: blob, commit: commit, path: path, skeleton: skeleton), skeleton: skeleton)
        remember(blob, skeleton: skeleton, version)
        return version
    }

    /// A version's bytes and the schema it is read with, as git has them.
    struct Read {
        var bytes: [UInt8]
        var schema: Result<Schema?, Error>
    }

    /// Reads the blob, and the schema it names (not for a skeleton).
    func read(blob: String, commit: String, path: String, skeleton: Bool) throws -> Read {
        guard let bytes = try objects.object(blob) else { throw CommandFailure.trouble("git cat-file: \(blob) missing") }
        if skeleton { return Read(bytes: bytes, schema: .success(nil)) }
        let reference = Graph.schemaReference(of: bytes)
        return Read(bytes: bytes, schema: Result { try schemaOverride ?? self.schema(named: reference, commit: commit, path: path) })
    }

    /// The version `read` holds; no state is touched, so versions decode on
    /// both cores.
    static func decode(_ read: Read, skeleton: Bool) -> Version {
        var version = Version(bytes: read.bytes)
        if skeleton {
            do { version.blame = try GraphBlame.Version(bytes: read.bytes, graph: nil) } catch { version.problem = "\(error)" }
            return version
        }
        do {
            // The document is parsed only when there is no graph to diff.
            if let schema = try read.schema.get() {
                version.graph = try Graph.load(read.bytes, schema: schema)
            } else {
                version.document = try JSONReader.parse(read.bytes)
            }
        } catch {
            version.problem = "\(error)"
            if version.document == nil { version.document = try? JSONReader.parse(read.bytes) }
        }
        return version
    }

    /// Keeps the last few versions read.
    func remember(_ blob: String, skeleton: Bool, _ version: Version) {
        recent.append((blob, skeleton, version))
        if recent.count > 3 { recent.removeFirst() }
    }

    /// One version to read, in the order they are wanted.
    struct Request {
        var blob: String
        var commit: String
        var path: String
    }

    /// Reads `requests` in order on another thread, at most two ahead of
    /// ``next()``, so that reading a version and working on the one before
    /// it overlap; with `skeleton`, only what blame reads of each.
    func prefetch(_ requests: [Request], skeleton: Bool) {
        ahead = Handoff()
        let queue = ahead
        let thread = Thread { [self] in
            // Two at a time: read one after the other (one git process),
            // decoded side by side.
            var start = 0
            while start < requests.count {
                let chunk = Array(requests[start..<min(start + 2, requests.count)])
                start += chunk.count
                let reads: [Result<Read, Error>?] = chunk.map { request in
                    recent.contains { $0.blob == request.blob && $0.skeleton == skeleton } ? nil
                        : Result { try self.read(blob: request.blob, commit: request.commit, path: request.path, skeleton: skeleton) }
                }
                // Both on threads with large stacks: a version may nest as deep as the reader allows.
                func decoded(_ i: Int) -> Version? {
                    guard i < reads.count, case .success(let read)? = reads[i] else { return nil }
                    return Self.decode(read, skeleton: skeleton)
                }
                let pair = chunk.count == 2 ? inParallel({ decoded(0) }, { decoded(1) }) : (decoded(0), nil)
                let versions = [pair.0, pair.1]
                for (i, request) in chunk.enumerated() {
                    guard queue.waitForRoom() else { return }
                    let result: Result<Version, Error>
                    switch reads[i] {
                    case .failure(let error)?: result = .failure(error)
                    case .success?: result = versions[i].map { .success($0) } ?? .failure(CommandFailure.trouble("cannot read \(request.blob)"))
                    case nil:
                        result = Result { try self.version(blob: request.blob, commit: request.commit, path: request.path, skeleton: skeleton) }
                    }
                    if case .success(let v) = result { remember(request.blob, skeleton: skeleton, v) }
                    queue.put(result)
                }
            }
        }
        thread.stackSize = defaultLargeStackSize
        thread.start()
    }

    /// The next prefetched version.
    func next() throws -> Version { try ahead.take().get() }

    /// Stops prefetching.
    func stop() { ahead.close() }

    var ahead = Handoff()

    /// A queue of at most two versions between the reading thread and the
    /// working one.
    final class Handoff: @unchecked Sendable {
        let condition = NSCondition()
        var items: [Result<Version, Error>] = []
        var closed = false

        func waitForRoom() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while items.count >= 2 && !closed { condition.wait() }
            return !closed
        }

        func put(_ item: Result<Version, Error>) {
            condition.lock()
            items.append(item)
            condition.broadcast()
            condition.unlock()
        }

        func take() -> Result<Version, Error> {
            condition.lock()
            defer { condition.unlock() }
            while items.isEmpty { condition.wait() }
            let item = items.removeFirst()
            condition.broadcast()
            return item
        }

        func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The schema `reference` names, read at `commit` relative to `path`;
    /// `nil` when there is none.
    func schema(named reference: String?, commit: String, path: String) throws -> Schema? {
        guard let reference, !reference.contains("://") else { return nil }
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
