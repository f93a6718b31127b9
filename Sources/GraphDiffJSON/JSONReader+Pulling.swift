import Foundation
// Pulling: a document read piece by piece by a caller that knows its shape.
// The calls the graph scanner makes for every member are @inlinable (with
// the cursor primitives they use): the scanner is in another target, and
// without their bodies it would call each one, about 6% more instructions
// for a load.

/// The incremental side of ``JSONReader``: a caller that knows the shape of
/// a document (a graph file: `objects` → entity → identity → members) walks
/// its structure with these calls and reads only the values it keeps as
/// ``JSONValue``s, so that no tree of the whole document is ever built.
///
/// Every call is made of the reader's own primitives (`skipWhitespace`,
/// `parseString`, `parseValue`, `enterContainer`), so a document pulled
/// whole gets the same verdicts as ``JSONReader/parse(_:maximumDepth:)-([UInt8],_)``:
/// invalid UTF-8, escapes, numbers' exact text and the depth limit are
/// checked by the same code. Two things are the caller's to do: rejecting
/// repeated member names in the objects it walks itself (values read with
/// ``pullValue()`` are checked inside), and pulling the whole document
/// (``pullDocumentEnd()``). The error thrown for a bad document may differ
/// from the one `parse` throws first (duplicates in an object are found
/// when `parse` has read it whole); a caller that needs `parse`'s message
/// parses again.
///
///     var reader = JSONReader(pulling: buffer)
///     try reader.pullDocumentStart()
///     if try reader.pullObjectStart() {
///         repeat {
///             let (name, _) = try reader.pullMemberName()
///             let value = try reader.pullValue()
///         } while try reader.pullNextMember()
///     }
///     try reader.pullDocumentEnd()
extension JSONReader {
    /// A reader over `buffer` with the default depth limit, at offset 0.
    package init(pulling buffer: UnsafeBufferPointer<UInt8>) {
        self.init(buffer: buffer, maximumDepth: JSONReader.defaultMaximumDepth)
    }

    /// The offset of the cursor in the buffer.
    @inlinable package var offset: Int { index }

    /// Skips a leading byte order mark and whitespace, as ``parse(_:maximumDepth:)-([UInt8],_)`` does.
    ///
    /// - Throws: ``JSONError`` for an empty document.
    package mutating func pullDocumentStart() throws {
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            index = 3
        }
        skipWhitespace()
        if isAtEnd { throw error(.emptyInput, at: index) }
    }

    /// Checks that nothing but whitespace follows the document.
    package mutating func pullDocumentEnd() throws {
        skipWhitespace()
        if !isAtEnd { throw error(.trailingContent, at: index) }
    }

    /// The first byte of the next value (after whitespace), or `nil` at the end.
    @inlinable package mutating func pullPeek() -> UInt8? {
        skipWhitespace()
        return peek()
    }

    /// Opens the object at the cursor, one level deeper.
    ///
    /// - Returns: `false` for an empty object, which is then closed already.
    /// - Throws: ``JSONError`` when no object starts here or nesting is too deep.
    @inlinable package mutating func pullObjectStart() throws -> Bool {
        try pullContainerStart(open: ASCII.openBrace, close: ASCII.closeBrace, expected: "'{'")
    }

    /// Opens the array at the cursor, one level deeper.
    ///
    /// - Returns: `false` for an empty array, which is then closed already.
    @inlinable package mutating func pullArrayStart() throws -> Bool {
        try pullContainerStart(open: ASCII.openBracket, close: ASCII.closeBracket, expected: "'['")
    }

    @inlinable mutating func pullContainerStart(open: UInt8, close: UInt8, expected: String) throws -> Bool {
        skipWhitespace()
        guard peek() == open else { throw unexpected(expected: expected) }
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == close {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads the name of the next member and the colon after it.
    ///
    /// - Returns: the name, and the offset of its opening quote.
    /// - Complexity: O(*k*) in the length of the name.
    @inlinable @inline(__always)
    package mutating func pullMemberName() throws -> (name: String, offset: Int) {
        skipWhitespace()
        guard peek() == ASCII.quote else { throw unexpected(expected: "a member name in quotes") }
        let keyOffset = index
        let key = try parseString()
        skipWhitespace()
        guard peek() == ASCII.colon else { throw unexpected(expected: "':'") }
        index += 1
        return (key, keyOffset)
    }

    /// A member name as ``pullMemberName()`` reads it: the range of its
    /// bytes in the buffer when it has no escape (no `String` is made), or
    /// the decoded name.
    @usableFromInline package enum MemberName {
        case bytes(Range<Int>)
        case decoded(String)
    }

    /// Like ``pullMemberName()``, but a name without escapes stays bytes.
    ///
    /// - Complexity: O(*k*) in the length of the name.
    @inlinable @inline(__always)
    package mutating func pullRawMemberName() throws -> (name: MemberName, offset: Int) {
        skipWhitespace()
        guard peek() == ASCII.quote else { throw unexpected(expected: "a member name in quotes") }
        let keyOffset = index
        let name: MemberName
        if let range = try parseUnescapedString() { name = .bytes(range) } else { name = .decoded(try parseString()) }
        skipWhitespace()
        guard peek() == ASCII.colon else { throw unexpected(expected: "':'") }
        index += 1
        return (name, keyOffset)
    }

    /// The text of a member name, byte for byte: a name read as bytes was
    /// checked as UTF-8 by ``parseUnescapedString()``, so decoding
    /// replaces nothing.
    package func string(_ name: MemberName) -> String {
        switch name {
        case .bytes(let range): return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        case .decoded(let text): return text
        }
    }

    /// Whether a member name is `expected` (its UTF-8 bytes), byte for byte.
    @inlinable @inline(__always)
    package func name(_ name: MemberName, is expected: [UInt8]) -> Bool {
        switch name {
        case .bytes(let range):
            guard range.count == expected.count else { return false }
            return expected.withUnsafeBufferPointer { e in
                guard let a = buffer.baseAddress, let b = e.baseAddress else { return range.isEmpty }
                return memcmp(a + range.lowerBound, b, range.count) == 0
            }
        case .decoded(let text): return text.utf8.elementsEqual(expected)
        }
    }

    /// Reads one whole value, checked as ``parse(_:maximumDepth:)-([UInt8],_)`` checks it,
    /// at the depth of the containers opened so far.
    ///
    /// - Complexity: O(*k*) in the size of the value.
    @inlinable package mutating func pullValue() throws -> JSONValue {
        skipWhitespace()
        return try parseValue()
    }

    /// After a member: `true` when a comma follows, `false` when the
    /// closing brace does (the object is then closed).
    @inlinable package mutating func pullNextMember() throws -> Bool {
        try pullNext(close: ASCII.closeBrace, expected: "',' or '}'")
    }

    /// After an element: `true` when a comma follows, `false` when the
    /// closing bracket does (the array is then closed).
    @inlinable package mutating func pullNextElement() throws -> Bool {
        try pullNext(close: ASCII.closeBracket, expected: "',' or ']'")
    }

    @inlinable mutating func pullNext(close: UInt8, expected: String) throws -> Bool {
        skipWhitespace()
        guard let b = peek() else { throw unexpected(expected: expected) }
        if b == ASCII.comma {
            index += 1
            return true
        }
        guard b == close else { throw unexpected(expected: expected) }
        index += 1
        depth -= 1
        return false
    }

    /// The value of the member `name` of the top-level object of `bytes`,
    /// found without reading the rest of the document: members before it
    /// are skipped by bracket and quote counting, not checked.
    ///
    /// The answer is only as good as the document: `nil` when the document
    /// is no object, has no such member or is malformed before it; for a
    /// malformed document it may name a value `parse` would never return.
    /// Callers use it to choose how to read the document, which then decides.
    ///
    ///     JSONReader.topLevelMember("$schema", in: Array(#"{"$schema": "a.json", "objects": {}}"#.utf8))
    ///     // .string("a.json")
    ///
    /// - Complexity: O(*p*) in the bytes before the member; O(1) when it comes first.
    package static func topLevelMember(_ name: String, in bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { topLevelMember(name, in: $0) }
    }

    /// ``topLevelMember(_:in:)`` over bytes held elsewhere.
    package static func topLevelMember(_ name: String, in buffer: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = JSONReader(pulling: buffer)
        do {
            try reader.pullDocumentStart()
            guard try reader.pullObjectStart() else { return nil }
            repeat {
                let member = try reader.pullMemberName()
                if utf8Equal(member.name, name) { return try reader.pullValue() }
                guard reader.skipValueUnchecked() else { return nil }
            } while try reader.pullNextMember()
        } catch {
            return nil
        }
        return nil
    }

    /// Moves past the value at the cursor without reading it (brackets
    /// counted outside strings, nothing checked).
    ///
    /// - Returns: the range of the value's bytes.
    /// - Throws: ``JSONError`` when the input ends first.
    /// - Complexity: O(*k*) in the size of the value.
    package mutating func pullSkippedValue() throws -> Range<Int> {
        skipWhitespace()
        let start = index
        guard skipValueUnchecked() else { throw error(.unexpectedEnd(expected: "the end of a value"), at: index) }
        return start..<index
    }

    /// Moves past the value at the cursor by counting brackets outside
    /// strings, without checking it; `false` when the input ends first.
    ///
    /// - Complexity: O(*k*) in the size of the value.
    mutating func skipValueUnchecked() -> Bool {
        skipWhitespace()
        var open = 0
        let count = buffer.count
        var i = index
        while i < count {
            let b = buffer[i]
            switch b {
            case ASCII.quote:
                i += 1
                while i < count && buffer[i] != ASCII.quote {
                    i += buffer[i] == ASCII.backslash ? 2 : 1
                }
                guard i < count else { return false }
                i += 1
            case ASCII.openBrace, ASCII.openBracket:
                open += 1
                i += 1
            case ASCII.closeBrace, ASCII.closeBracket:
                if open == 0 {
                    index = i
                    return true
                }
                open -= 1
                i += 1
            case ASCII.comma:
                if open == 0 {
                    index = i
                    return true
                }
                i += 1
            default:
                i += 1
            }
            if open == 0 && (b == ASCII.quote || b == ASCII.closeBrace || b == ASCII.closeBracket) {
                index = i
                return true
            }
        }
        index = i
        return open == 0
    }
}
