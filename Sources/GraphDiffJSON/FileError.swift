import Foundation

/// A file the library's loaders could not read, and which one.
///
/// The loaders that take a file (`load(contentsOf:)`,
/// `load(contentsOfFile:)`, ``JSONReader/parse(contentsOf:maximumDepth:)``,
/// `PatchDocument.decode(contentsOf:schema:)`) throw it instead of
/// Foundation's error. For the schema file a graph's `$schema` names,
/// ``referencedBy`` is the graph file and ``path`` the schema path it
/// resolved to.
///
///     do { _ = try Graph.load(contentsOfFile: "/data/missing.graph.json") }
///     catch let error as FileError { print(error) }   // /data/missing.graph.json: no such file
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the file could not be read.
    public enum Reason: Hashable, Sendable {
        /// Nothing is at the path.
        case notFound
        /// The path is a directory.
        case isDirectory
        /// The file exists but could not be read; the system's reason.
        case unreadable(String)
    }

    /// The file's absolute path (for a `$schema`, the path it resolved to).
    public var path: String
    /// Why it could not be read.
    public var reason: Reason
    /// The graph file whose `$schema` named ``path``; `nil` for a file
    /// given directly.
    public var referencedBy: String?

    /// An error for the file at `path`.
    public init(path: String, reason: Reason, referencedBy: String? = nil) {
        self.path = path
        self.reason = reason
        self.referencedBy = referencedBy
    }

    /// The reason in words, without the path.
    public var message: String {
        switch reason {
        case .notFound: return "no such file"
        case .isDirectory: return "is a directory"
        case .unreadable(let why): return "cannot read: \(why)"
        }
    }

    /// `PATH: message`, or for a `$schema`:
    /// `GRAPH: "$schema" names PATH: message`.
    public var description: String {
        if let referencedBy { return "\(referencedBy): \"$schema\" names \(path): \(message)" }
        return "\(path): \(message)"
    }
}
