/// A JSON Pointer (RFC 6901): a path of member names and array indices.
///
///     let p = JSONPointer(["objects", "Person", "a/b"])
///     p.description                 // "/objects/Person/a~1b"
///     try JSONPointer(parsing: "/a~0b/0").tokens   // ["a~b", "0"]
///
/// Tokens are kept as strings, as the RFC defines them: whether `"0"` names a
/// member or an index depends on the value it is applied to.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The reference tokens, unescaped.
    public var tokens: [String]

    /// The pointer made of `tokens` (none: the whole document).
    public init(_ tokens: [String] = []) { self.tokens = tokens }

    /// Parses the RFC 6901 string form (`""` is the whole document).
    ///
    /// - Throws: ``JSONError`` (``JSONError/Reason/invalidPointer(text:why:)``,
    ///   at the character at fault in `text`) when the text does not start
    ///   with `/` or has a `~` not followed by `0` or `1`.
    public init(parsing text: String) throws(JSONError) {
        if text.isEmpty { tokens = []; return }
        guard text.hasPrefix("/") else { throw JSONPointer.error(text, "must be empty or start with '/'", at: 0) }
        var result: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var chars = raw.makeIterator()
            while let c = chars.next() {
                if c == "~" {
                    switch chars.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: throw JSONPointer.error(text, "'~' must be followed by '0' or '1'", at: JSONPointer.firstBadEscape(in: text))
                    }
                } else {
                    token.append(c)
                }
            }
            result.append(token)
        }
        tokens = result
    }

    /// The error for `text`, which is no pointer for `why`, at the
    /// character `scalar` (counted in Unicode scalars from 0).
    static func error(_ text: String, _ why: String, at scalar: Int) -> JSONError {
        let offset = text.unicodeScalars.prefix(scalar).reduce(0) { $0 + String($1).utf8.count }
        return JSONError(reason: .invalidPointer(text: text, why: why), location: SourceLocation(line: 1, column: scalar + 1, offset: offset))
    }

    /// The position (in Unicode scalars) of the first `~` of `text` not
    /// followed by `0` or `1`.
    static func firstBadEscape(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        for i in scalars.indices where scalars[i] == "~" && (i + 1 == scalars.count || !"01".unicodeScalars.contains(scalars[i + 1])) {
            return i
        }
        return 0
    }

    /// The pointer one level down.
    public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens + [token]) }

    /// The pointer one level down, into an array element.
    public func appending(index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }

    /// The pointer one level up, or `nil` for the root.
    public var parent: JSONPointer? { tokens.isEmpty ? nil : JSONPointer(Array(tokens.dropLast())) }

    /// The RFC 6901 string form.
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Whether `self` is `other` or lies inside it.
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        tokens.count >= other.tokens.count && zip(tokens, other.tokens).allSatisfy { utf8Equal($0, $1) }
    }

    /// Pointers are equal when their tokens have the same UTF-8 bytes: no
    /// Unicode normalisation, so `/café` spelt with U+00E9 and with `e`
    /// followed by U+0301 are two pointers, as they name two members.
    ///
    /// - Complexity: O(*k*), where *k* is the length of the shorter pointer's text.
    public static func == (a: JSONPointer, b: JSONPointer) -> Bool {
        a.tokens.count == b.tokens.count && zip(a.tokens, b.tokens).allSatisfy { utf8Equal($0, $1) }
    }

    /// Hashes the tokens' UTF-8 bytes, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens.count)
        for token in tokens { hashUTF8(token, into: &hasher) }
    }

    public static func < (a: JSONPointer, b: JSONPointer) -> Bool {
        for (x, y) in zip(a.tokens, b.tokens) where !utf8Equal(x, y) { return utf8Less(x, y) }
        return a.tokens.count < b.tokens.count
    }

    /// The array index a token names: `0` or digits without a leading zero.
    public static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            token == "0" || !token.hasPrefix("0")
        else { return nil }
        return Int(token)
    }
}
