/// Why a text is not the JSON graphdiff accepts, and where.
///
/// The reader stops at the first problem. `location` is where it was found;
/// for a duplicate member name, `previous` is where the first one was.
///
///     do { _ = try JSONReader.parse("[1,]") }
///     catch let error as JSONError { print(error) }   // 1:4: expected a value, found ']'
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem the reader reports.
    public enum Reason: Hashable, Sendable {
        case unexpectedEnd(expected: String)
        case unexpectedCharacter(found: String, expected: String)
        case trailingContent
        case invalidNumber(String)
        case leadingZero
        case controlCharacterInString(UInt8)
        case invalidEscape(String)
        case loneSurrogate(String)
        case invalidUTF8
        case duplicateMember(name: String)
        case nestingTooDeep(limit: Int)
        case emptyInput
        /// A JSON Pointer (RFC 6901) that is not well formed: its text, and why.
        case invalidPointer(text: String, why: String)
    }

    /// What is wrong.
    public var reason: Reason
    /// Where the problem was found.
    public var location: SourceLocation
    /// For a duplicate member name: where the name first appeared.
    public var previous: SourceLocation?

    /// An error for `reason` at `location`.
    public init(reason: Reason, location: SourceLocation, previous: SourceLocation? = nil) {
        self.reason = reason
        self.location = location
        self.previous = previous
    }

    /// The reason in words, without the position.
    public var message: String {
        switch reason {
        case .unexpectedEnd(let expected): return "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let found, let expected): return "expected \(expected), found \(found)"
        case .trailingContent: return "unexpected content after the JSON value"
        case .invalidNumber(let why): return "invalid number: \(why)"
        case .leadingZero: return "invalid number: leading zero"
        case .controlCharacterInString(let byte):
            return "control character U+\(hex4(UInt16(byte))) must be escaped in a string"
        case .invalidEscape(let text): return "invalid escape \(text)"
        case .loneSurrogate(let text): return "lone surrogate \(text) in string escape"
        case .invalidUTF8: return "invalid UTF-8"
        case .duplicateMember(let name):
            let first = previous.map { " (first at \($0))" } ?? ""
            return "duplicate member name \"\(name)\"\(first)"
        case .nestingTooDeep(let limit): return "nesting deeper than \(limit) levels"
        case .emptyInput: return "empty input, expected a JSON value"
        case .invalidPointer(let text, let why): return "invalid JSON Pointer \"\(text)\": \(why)"
        }
    }

    /// `LINE:COLUMN: message`.
    public var description: String { "\(location): \(message)" }
}

@usableFromInline func hex4(_ value: UInt16) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 12) & 15], digits[Int(value >> 8) & 15],
                   digits[Int(value >> 4) & 15], digits[Int(value) & 15]])
}
