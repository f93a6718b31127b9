
/// A repository's `.graphdiff` file: the JSON paths the git drivers leave
/// out of plain JSON files, by file path.
///
///     {"ignore": {"package-lock.json": ["/packages/*/resolved"],
///                 "data/**/*.json": ["/metadata/lastSync", "/**/updatedAt"]}}
///
/// Each member of `ignore` is a glob over the file's path from the
/// repository root: `*` matches any run of characters but `/`, `?` one
/// character but `/`, and a segment `**` any number of directories; a glob
/// without `/` matches the file's name in any directory (as in
/// `.gitattributes`). Its value is an array of ``IgnoredPaths`` patterns.
/// Every glob that matches a path adds its patterns. Graphs ignore what
/// their schema's `diff.ignore` names instead; these patterns apply
/// whenever the drivers treat a file as plain JSON.
public struct IgnoreFile: Sendable {
    /// The file's name at the repository root.
    public static let name = ".graphdiff"

    /// One glob and its patterns.
    struct Rule: Sendable {
        var glob: [String]
        var patterns: [String]
    }

    let rules: [Rule]

    /// Why a `.graphdiff` file cannot be read: where, and what.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// The position of the member at fault (or of the syntax error).
        public var location: SourceLocation
        /// The problem in words.
        public var message: String
        /// `LINE:COLUMN: message`.
        public var description: String { "\(location): \(message)" }
    }

    /// No rules: nothing is ignored.
    public init() { rules = [] }

    /// Reads a `.graphdiff` file.
    ///
    /// - Throws: ``Problem`` for text that is not JSON, a member other than
    ///   `ignore` (or `$comment`), an `ignore` that is not an object of
    ///   arrays of strings, an empty glob, or a pattern that is no JSON
    ///   Pointer; at the line and column of the member concerned.
    /// - Complexity: O(*n*) in the size of the file.
    public init(parsing bytes: [UInt8]) throws(Problem) {
        let source = JSONSourceText(bytes)
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch let error as JSONError {
            throw Problem(location: error.location, message: error.message)
        } catch {
            throw Problem(location: source.location(ofOffset: 0), message: "\(error)")
        }
        func problem(_ offset: Int, _ message: String) -> Problem { Problem(location: source.location(ofOffset: max(offset, 0)), message: message) }
        guard case .object(let top) = document else { throw problem(0, "expected an object with a member \"ignore\"") }
        var rules: [Rule] = []
        for member in top.members {
            switch member.key {
            case "$comment": continue
            case "ignore":
                guard case .object(let table) = member.value else {
                    throw problem(member.keyOffset, "\"ignore\" must be an object from file globs to arrays of JSON Pointer patterns")
                }
                for entry in table.members {
                    guard !entry.key.isEmpty else { throw problem(entry.keyOffset, "an empty file glob") }
                    guard let list = entry.value.arrayValue, let patterns = Optional(list.compactMap(\.stringValue)), patterns.count == list.count else {
                        throw problem(entry.keyOffset, "\"\(entry.key)\": expected an array of JSON Pointer patterns")
                    }
                    for pattern in patterns where !pattern.hasPrefix("/") {
                        throw problem(entry.keyOffset, "\"\(entry.key)\": \"\(pattern)\" is not a JSON Pointer (it must start with '/')")
                    }
                    do {
                        _ = try IgnoredPaths(patterns)
                    } catch {
                        throw problem(entry.keyOffset, "\"\(entry.key)\": \(error.message)")
                    }
                    var glob = entry.key.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
                    if !entry.key.contains("/") { glob.insert("**", at: 0) }
                    rules.append(Rule(glob: glob, patterns: patterns))
                }
            default:
                throw problem(member.keyOffset, "unknown member \"\(member.key)\"; expected \"ignore\"")
            }
        }
        self.rules = rules
    }

    /// The patterns of every glob that matches `path` (from the repository
    /// root, `/`-separated).
    ///
    /// - Complexity: O(*r* · *g* · *s*) for *r* rules of *g* segments and a
    ///   path of *s* segments, plus the characters compared.
    public func ignoredPaths(forPath path: String) -> IgnoredPaths {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let patterns = rules.filter { IgnoreFile.matches($0.glob, segments) }.flatMap(\.patterns)
        return (try? IgnoredPaths(patterns)) ?? IgnoredPaths()
    }

    /// Whether the glob's segments match the path's: `**` any number of
    /// segments, others one segment each (dynamic programming over both).
    static func matches(_ glob: [String], _ path: [String]) -> Bool {
        // reach[j]: the first i glob segments can match the first j path segments.
        var reach = [Bool](repeating: false, count: path.count + 1)
        reach[0] = true
        for segment in glob {
            var next = [Bool](repeating: false, count: path.count + 1)
            if segment == "**" {
                var any = false
                for j in 0...path.count {
                    any = any || reach[j]
                    next[j] = any
                }
            } else {
                for j in 0..<path.count where reach[j] && matches(segment: Array(segment.unicodeScalars), Array(path[j].unicodeScalars)) {
                    next[j + 1] = true
                }
            }
            reach = next
        }
        return reach[path.count]
    }

    /// Whether one glob segment (`*`, `?`, literal characters) matches one
    /// name: the usual greedy walk that backs up to the last `*`.
    static func matches(segment glob: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var g = 0, n = 0
        var star = -1, resume = 0
        while n < name.count {
            if g < glob.count && (glob[g] == "?" || glob[g] == name[n]) && glob[g] != "*" {
                g += 1
                n += 1
            } else if g < glob.count && glob[g] == "*" {
                star = g
                resume = n
                g += 1
            } else if star >= 0 {
                g = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while g < glob.count && glob[g] == "*" { g += 1 }
        return g == glob.count
    }
}
