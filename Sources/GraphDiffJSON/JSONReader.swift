/// The byte-level JSON reader (RFC 8259), written for exactness and speed.
///
/// It reads UTF-8 bytes into a ``JSONValue`` and keeps everything a user wrote:
/// number text, string content byte for byte after unescaping, member order.
/// It accepts exactly RFC 8259 JSON plus one leading UTF-8 byte order mark, and
/// rejects, with the line and column of the first problem: trailing content,
/// duplicate member names (naming both positions), invalid UTF-8, unescaped
/// control characters, lone surrogates in `\u` escapes, leading zeros, `NaN`,
/// `Infinity`, comments and nesting deeper than the `maximumDepth` given
/// to ``parse(_:maximumDepth:)-([UInt8],_)``.
///
///     let value = try JSONReader.parse(#"{"id": 12345678901234567890}"#)
///     value["id"]   // .number("12345678901234567890"), text kept exactly
///
/// Memory layout of the work: one pass over an `UnsafeBufferPointer<UInt8>`
/// with a single cursor. Strings without escapes become `String`s straight
/// from the input slice; a string with escapes is decoded into a scratch
/// buffer that is reused for every string of the document.
///
///     input bytes   { " n a m e " : " J \ n o " }
///                     ^cursor
///     scratch       [ J  \n  o ]   (only for strings with escapes)
///
/// Nesting is handled by recursion bounded by `maximumDepth` (default
/// 10,000): deeper input is an error, never a stack overflow. Callers that parse
/// on a thread of their own give it a stack of at least 16 MiB.
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted by default.
    public static let defaultMaximumDepth = 10_000

    /// What to do with a member name repeated in one object.
    public enum DuplicateMembers: Sendable {
        /// Reject the document, naming both positions (graphdiff's rule).
        case reject
        /// Keep the last value. Only for reading third-party files known to
        /// repeat names (some test fixtures do); no graphdiff command uses it.
        case keepLast
    }

    /// Parses `bytes` with a choice of what to do with repeated member names.
    public static func parse(_ bytes: [UInt8], duplicateMembers: DuplicateMembers) throws -> JSONValue {
        try withDeepStack {
            try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer: buffer, maximumDepth: defaultMaximumDepth)
                reader.duplicateMembers = duplicateMembers
                return try reader.parseDocument()
            }
        }
    }

    /// Parses `bytes` as one JSON value.
    ///
    ///     let value = try JSONReader.parse(Array(#"{"a": [1, 2.50]}"#.utf8))   // numbers keep their text: 2.50
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; a leading byte order mark is skipped.
    ///   - maximumDepth: the deepest nesting of arrays and objects accepted.
    /// - Returns: the value.
    /// - Throws: ``JSONError`` at the first problem, with its line and column.
    /// - Complexity: O(*n*) in the length of the input.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws
        -> JSONValue
    {
        try bytes.withUnsafeBufferPointer { try parse($0, maximumDepth: maximumDepth) }
    }

    /// Parses the UTF-8 of `text` as one JSON value; see ``parse(_:maximumDepth:)-([UInt8],_)``.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws
        -> JSONValue
    {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses the bytes in `buffer` as one JSON value.
    public static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws -> JSONValue {
        try withDeepStack {
            var reader = JSONReader(buffer: buffer, maximumDepth: maximumDepth)
            return try reader.parseDocument()
        }
    }

    /// Parses the one value that starts at `offset` in `bytes` (after any
    /// whitespace), ignoring what follows it; member offsets are offsets in
    /// `bytes`. Used to look inside an object of a document already read.
    ///
    /// - Complexity: O(*k*) in the size of that value.
    public static func parseValue(in bytes: [UInt8], at offset: Int) throws -> JSONValue {
        try withDeepStack { try bytes.withUnsafeBufferPointer { buffer in try parseValue(in: buffer, at: offset) } }
    }

    /// Parses one JSON value of `buffer` starting at `offset`; see ``parseValue(in:at:)-([UInt8],_)``.
    package static func parseValue(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) throws -> JSONValue {
        var reader = JSONReader(buffer: buffer, maximumDepth: defaultMaximumDepth)
        reader.index = min(max(0, offset), buffer.count)
        reader.skipWhitespace()
        return try reader.parseValue()
    }

    // MARK: State

    @usableFromInline package let buffer: UnsafeBufferPointer<UInt8>
    @usableFromInline package var index: Int = 0
    @usableFromInline package var depth: Int = 0
    let maximumDepth: Int
    var duplicateMembers = DuplicateMembers.reject
    /// Reused for strings that contain escapes.
    var scratch: [UInt8] = []

    init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.buffer = buffer
        self.maximumDepth = maximumDepth
    }

    // MARK: Cursor

    @inlinable @inline(__always) var isAtEnd: Bool { index >= buffer.count }

    /// The byte at the cursor, or `nil` at the end.
    @inlinable @inline(__always) func peek() -> UInt8? {
        index < buffer.count ? buffer[index] : nil
    }

    @inlinable @inline(__always) mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn: index += 1
            default: return
            }
        }
    }

    // MARK: Errors

    func error(_ reason: JSONError.Reason, at offset: Int) -> JSONError {
        JSONError(reason: reason, location: JSONSourceText.location(ofOffset: offset, in: buffer))
    }

    /// Describes the byte at `offset` for a message: `'x'`, `byte 0xNN` or end of input.
    func describeByte(at offset: Int) -> String {
        guard offset < buffer.count else { return "end of input" }
        let b = buffer[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "byte 0x\(String(hex4(UInt16(b)).suffix(2)))" }
        return "byte 0x\(String(hex4(UInt16(b)).suffix(2)))"
    }

    @usableFromInline func unexpected(expected: String) -> JSONError {
        if isAtEnd { return error(.unexpectedEnd(expected: expected), at: index) }
        return error(.unexpectedCharacter(found: describeByte(at: index), expected: expected), at: index)
    }

    // MARK: Values

    mutating func parseDocument() throws -> JSONValue {
        try pullDocumentStart()
        let value = try parseValue()
        try pullDocumentEnd()
        return value
    }

    @usableFromInline mutating func parseValue() throws -> JSONValue {
        guard let byte = peek() else { throw unexpected(expected: "a value") }
        switch byte {
        case ASCII.quote: return .string(try parseString())
        case ASCII.openBrace: return .object(try parseObject())
        case ASCII.openBracket: return .array(try parseArray())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try parseNumber())
        case ASCII.t: try expectLiteral("true"); return .bool(true)
        case ASCII.f: try expectLiteral("false"); return .bool(false)
        case ASCII.n: try expectLiteral("null"); return .null
        default: throw unexpected(expected: "a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws {
        let start = index
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for b in bytes {
            guard index < buffer.count, buffer[index] == b else {
                if index >= buffer.count { throw error(.unexpectedEnd(expected: "'\(literal)'"), at: index) }
                throw error(.unexpectedCharacter(found: describeByte(at: start), expected: "a value"), at: start)
            }
            index += 1
        }
    }

    @usableFromInline mutating func enterContainer() throws {
        depth += 1
        if depth > maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth), at: index) }
    }

    mutating func parseArray() throws -> [JSONValue] {
        var elements: [JSONValue] = []
        guard try pullArrayStart() else { return elements }
        repeat {
            skipWhitespace()
            elements.append(try parseValue())
        } while try pullNextElement()
        return elements
    }

    mutating func parseObject() throws -> JSONObject {
        var members: [JSONObject.Member] = []
        guard try pullObjectStart() else { return JSONObject(members) }
        repeat {
            let (key, keyOffset) = try pullMemberName()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value, keyOffset: keyOffset))
        } while try pullNextMember()
        if duplicateMembers == .keepLast {
            members = keepingLast(members)
        } else {
            try checkUniqueNames(members)
        }
        return JSONObject(members)
    }

    /// Throws for the first member whose name repeats an earlier one.
    ///
    /// - Complexity: O(*n*²) for up to 12 members (faster than hashing there),
    ///   O(*n*) expected above.
    func checkUniqueNames(_ members: [JSONObject.Member]) throws {
        if members.count <= 12 {
            for i in 1..<max(1, members.count) {
                let key = members[i].key, length = key.utf8.count  // O(1) for native strings
                for j in 0..<i where members[j].key.utf8.count == length && utf8Equal(key, members[j].key) {
                    throw duplicate(members[i], first: members[j])
                }
            }
            return
        }
        var seen = [ExactString: Int](minimumCapacity: members.count)
        for (i, m) in members.enumerated() {
            if let j = seen.updateValue(i, forKey: ExactString(m.key)) {
                throw duplicate(m, first: members[j])
            }
        }
    }

    /// `members` with only the last of each repeated name, in first-seen order.
    func keepingLast(_ members: [JSONObject.Member]) -> [JSONObject.Member] {
        var position: [ExactString: Int] = [:]
        var result: [JSONObject.Member] = []
        for m in members {
            if let i = position[ExactString(m.key)] {
                result[i].value = m.value
            } else {
                position[ExactString(m.key)] = result.count
                result.append(m)
            }
        }
        return result
    }

    func duplicate(_ member: JSONObject.Member, first: JSONObject.Member) -> JSONError {
        var e = error(.duplicateMember(name: member.key), at: member.keyOffset)
        e.previous = JSONSourceText.location(ofOffset: first.keyOffset, in: buffer)
        return e
    }
}

/// Named ASCII bytes used by the reader and the writer.
@usableFromInline enum ASCII {
    @usableFromInline static let tab: UInt8 = 0x09
    @usableFromInline static let newline: UInt8 = 0x0A
    @usableFromInline static let carriageReturn: UInt8 = 0x0D
    @usableFromInline static let space: UInt8 = 0x20
    @usableFromInline static let quote: UInt8 = 0x22
    @usableFromInline static let plus: UInt8 = 0x2B
    @usableFromInline static let comma: UInt8 = 0x2C
    @usableFromInline static let minus: UInt8 = 0x2D
    @usableFromInline static let period: UInt8 = 0x2E
    @usableFromInline static let slash: UInt8 = 0x2F
    @usableFromInline static let zero: UInt8 = 0x30
    @usableFromInline static let one: UInt8 = 0x31
    @usableFromInline static let nine: UInt8 = 0x39
    @usableFromInline static let colon: UInt8 = 0x3A
    @usableFromInline static let upperE: UInt8 = 0x45
    @usableFromInline static let openBracket: UInt8 = 0x5B
    @usableFromInline static let backslash: UInt8 = 0x5C
    @usableFromInline static let closeBracket: UInt8 = 0x5D
    @usableFromInline static let b: UInt8 = 0x62
    @usableFromInline static let e: UInt8 = 0x65
    @usableFromInline static let f: UInt8 = 0x66
    @usableFromInline static let n: UInt8 = 0x6E
    @usableFromInline static let r: UInt8 = 0x72
    @usableFromInline static let t: UInt8 = 0x74
    @usableFromInline static let u: UInt8 = 0x75
    @usableFromInline static let openBrace: UInt8 = 0x7B
    @usableFromInline static let closeBrace: UInt8 = 0x7D
}
