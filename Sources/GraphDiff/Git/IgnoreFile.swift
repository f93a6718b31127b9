import GraphDiffJSON

/// A repository's `.graphdiff` file: the JSON paths the git drivers leave
/// out of plain JSON files, by file path.
///
///     {"ignore": {"package-lock.json": ["/packages/*/resolved"],
///                 "data/**/*.json": ["/metadata/lastSync", "/**/updatedAt"]}}
///
/// Each member of `ignore` is a glob over the file's path from the
/// repository root: `*` matches any run of characters but `/`, `?` one
/// character but `/`, `[abc]`, `[a-z]` one character of the class (`[!…]`
/// or `[^…]` one not in it; a `]` first in the class is a member), `\c`
/// the character c itself, and a segment `**` any number of directories; a
/// glob without `/` matches the file's name in any directory (as in
/// `.gitattributes`). An unclosed `[`, a trailing `\` or a `[:name:]`
/// class is a ``Problem``. Its value is an array of ``IgnoredPaths`` patterns.
/// Every glob that matches a path adds its patterns. Graphs ignore what
/// their schema's `diff.ignore` names instead; these patterns apply
/// whenever the drivers treat a file as plain JSON.
public struct IgnoreFile: Sendable {
    /// The file's name at the repository root.
    public static let name = ".graphdiff"

    /// One glob and its patterns.
    struct Rule: Sendable {
        /// Segments; `nil` for `**`.
        var glob: [[GlobToken]?]
        var patterns: [String]
    }

    /// One element of a glob segment.
    enum GlobToken: Sendable, Equatable {
        case literal(Unicode.Scalar)
        /// `?`
        case one
        /// `*`
        case star
        /// `[…]`: inclusive ranges, and whether the class is negated.
        case set([ClosedRange<UInt32>], negated: Bool)

        func matches(_ c: Unicode.Scalar) -> Bool {
            switch self {
            case .literal(let l): return l == c
            case .one: return true
            case .star: return false
            case .set(let ranges, let negated): return ranges.contains { $0.contains(c.value) } != negated
            }
        }
    }

    /// The tokens of one glob segment, or why it is malformed.
    static func tokens(of segment: String) -> Result<[GlobToken], GlobError> {
        let s = Array(segment.unicodeScalars)
        var result: [GlobToken] = []
        var i = 0
        while i < s.count {
            switch s[i] {
            case "*": result.append(.star); i += 1
            case "?": result.append(.one); i += 1
            case "\\":
                guard i + 1 < s.count else { return .failure(GlobError(message: "a trailing '\\' escapes nothing")) }
                result.append(.literal(s[i + 1])); i += 2
            case "[":
                var j = i + 1
                var negated = false
                if j < s.count, s[j] == "!" || s[j] == "^" { negated = true; j += 1 }
                var ranges: [ClosedRange<UInt32>] = []
                var first = true
                var closed = false
                while j < s.count {
                    if s[j] == "]" && !first { closed = true; break }
                    if s[j] == "[" && j + 1 < s.count && s[j + 1] == ":" {
                        return .failure(GlobError(message: "character class names such as [:alpha:] are not supported; list the characters"))
                    }
                    first = false
                    var lo = s[j]
                    if lo == "\\" {
                        guard j + 1 < s.count else { break }
                        j += 1
                        lo = s[j]
                    }
                    j += 1
                    var hi = lo
                    if j + 1 < s.count, s[j] == "-", s[j + 1] != "]" {
                        hi = s[j + 1]
                        j += 2
                        if hi == "\\" {
                            guard j < s.count else { break }
                            hi = s[j]
                            j += 1
                        }
                    }
                    guard lo.value <= hi.value else { return .failure(GlobError(message: "the range \(lo)-\(hi) is reversed")) }
                    ranges.append(lo.value...hi.value)
                }
                guard closed else { return .failure(GlobError(message: "a '[' without its closing ']'")) }
                result.append(.set(ranges, negated: negated))
                i = j + 1
            default:
                result.append(.literal(s[i])); i += 1
            }
        }
        return .success(result)
    }

    /// Why a glob segment cannot be read.
    struct GlobError: Error {
        var message: String
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
                    var glob: [[GlobToken]?] = []
                    for segment in entry.key.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
                        if segment == "**" { glob.append(nil); continue }
                        switch IgnoreFile.tokens(of: segment) {
                        case .success(let tokens): glob.append(tokens)
                        case .failure(let error): throw problem(entry.keyOffset, "file glob \"\(entry.key)\": \(error.message)")
                        }
                    }
                    if !entry.key.contains("/") { glob.insert(nil, at: 0) }
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
    static func matches(_ glob: [[GlobToken]?], _ path: [String]) -> Bool {
        // reach[j]: the first i glob segments can match the first j path segments.
        var reach = [Bool](repeating: false, count: path.count + 1)
        reach[0] = true
        for segment in glob {
            var next = [Bool](repeating: false, count: path.count + 1)
            guard let segment else {
                var any = false
                for j in 0...path.count {
                    any = any || reach[j]
                    next[j] = any
                }
                reach = next
                continue
            }
            for j in 0..<path.count where reach[j] && matches(segment: segment, Array(path[j].unicodeScalars)) {
                next[j + 1] = true
            }
            reach = next
        }
        return reach[path.count]
    }

    /// Whether one glob segment (`*`, `?`, classes, literal characters)
    /// matches one name: the usual greedy walk that backs up to the last `*`.
    static func matches(segment glob: [GlobToken], _ name: [Unicode.Scalar]) -> Bool {
        var g = 0, n = 0
        var star = -1, resume = 0
        while n < name.count {
            if g < glob.count && glob[g].matches(name[n]) {
                g += 1
                n += 1
            } else if g < glob.count && glob[g] == .star {
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
        while g < glob.count && glob[g] == .star { g += 1 }
        return g == glob.count
    }
}
