// Strings: unescaping, surrogate pairs and UTF-8 validation.

extension JSONReader {
    /// Reads the string whose opening quote is at the cursor.
    ///
    /// A string of plain bytes (no escape) becomes a `String` straight from the
    /// input; otherwise the decoded bytes collect in `scratch`. UTF-8 is checked
    /// here, byte by byte, so the error names the exact position.
    @usableFromInline mutating func parseString() throws -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes. Every byte is validated as UTF-8 before a
        // string is made of them, so decoding replaces nothing: the string
        // holds exactly the bytes of the file.
        var i = try plainRun(from: start)
        if buffer[i] == ASCII.quote {
            index = i + 1
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)
        }
        // Slow path: copy what was read, then decode escapes.
        let count = buffer.count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<i]))
        while i < count {
            let b = buffer[i]
            if b == ASCII.quote {
                index = i + 1
                // Valid UTF-8: sequences checked as copied, escapes encoded
                // from scalars (a lone surrogate is an error), so decoding
                // replaces nothing.
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == ASCII.backslash {
                i = try decodeEscape(at: i)
            } else if b < 0x20 {
                throw error(.controlCharacterInString(b), at: i)
            } else if b >= 0x80 {
                let end = try validateUTF8Sequence(at: i)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<end]))
                i = end
            } else {
                scratch.append(b)
                i += 1
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' closing the string"), at: i)
    }

    /// Reads a string that has no escape without making a `String` of it:
    /// the range of its bytes in the buffer, checked as ``parseString()``
    /// checks them (the same errors at the same offsets). At an escape it
    /// reads nothing and gives `nil`: ``parseString()`` then reads it.
    @usableFromInline mutating func parseUnescapedString() throws -> Range<Int>? {
        let start = index + 1
        let end = try plainRun(from: start)
        guard buffer[end] == ASCII.quote else { return nil }
        index = end + 1
        return start..<end
    }

    /// The offset of the first quote or backslash from `start` in a string,
    /// every byte before it checked (no control character, valid UTF-8).
    ///
    /// - Throws: ``JSONError`` at the first bad byte, or at the end when
    ///   neither comes.
    @inline(__always)
    mutating func plainRun(from start: Int) throws -> Int {
        var i = start
        let count = buffer.count
        while i < count {
            let b = buffer[i]
            if b == ASCII.quote || b == ASCII.backslash { return i }
            if b < 0x20 { throw error(.controlCharacterInString(b), at: i) }
            if b >= 0x80 {
                i = try validateUTF8Sequence(at: i)
            } else {
                i += 1
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' closing the string"), at: i)
    }

    /// Decodes the escape whose backslash is at `i` into `scratch`; returns the
    /// offset after it.
    mutating func decodeEscape(at i: Int) throws -> Int {
        guard i + 1 < buffer.count else {
            throw error(.unexpectedEnd(expected: "an escape character"), at: i + 1)
        }
        let c = buffer[i + 1]
        switch c {
        case ASCII.quote, ASCII.backslash, ASCII.slash: scratch.append(c)
        case ASCII.b: scratch.append(0x08)
        case ASCII.f: scratch.append(0x0C)
        case ASCII.n: scratch.append(0x0A)
        case ASCII.r: scratch.append(0x0D)
        case ASCII.t: scratch.append(0x09)
        case ASCII.u:
            let first = try readHex4(at: i + 2, escapeStart: i)
            var scalarValue = UInt32(first)
            var end = i + 6
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard end + 1 < buffer.count, buffer[end] == ASCII.backslash, buffer[end + 1] == ASCII.u,
                    let second = try? readHex4(at: end + 2, escapeStart: end),
                    (0xDC00...0xDFFF).contains(second)
                else { throw error(.loneSurrogate("\\u" + hex4(first)), at: i) }
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                end += 6
            } else if (0xDC00...0xDFFF).contains(first) {
                throw error(.loneSurrogate("\\u" + hex4(first)), at: i)
            }
            appendUTF8(scalarValue)
            return end
        default:
            let shown = c >= 0x21 && c < 0x7F ? "\\" + String(Character(Unicode.Scalar(c))) : "\\ followed by byte \(c)"
            throw error(.invalidEscape(shown), at: i)
        }
        return i + 2
    }

    /// The value of the four hex digits at `offset`.
    func readHex4(at offset: Int, escapeStart: Int) throws -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 {
            guard offset + k < buffer.count else {
                throw error(.unexpectedEnd(expected: "four hex digits after \\u"), at: offset + k)
            }
            let b = buffer[offset + k]
            let digit: UInt16
            switch b {
            case 0x30...0x39: digit = UInt16(b - 0x30)
            case 0x41...0x46: digit = UInt16(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt16(b - 0x61 + 10)
            default:
                // For the message only (a byte that is no UTF-8 shows as U+FFFD).
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[escapeStart..<min(buffer.count, offset + 4)]), as: UTF8.self)
                throw error(.invalidEscape(text), at: escapeStart)
            }
            value = value << 4 | digit
        }
        return value
    }

    mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (v >> 6)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (v >> 12)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (v >> 18)))
            scratch.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Checks the multi-byte UTF-8 sequence starting at `i` (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF); returns the
    /// offset after it.
    @inline(__always) func validateUTF8Sequence(at i: Int) throws -> Int {
        let b0 = buffer[i]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw error(.invalidUTF8, at: i)
        }
        guard i + length <= buffer.count else { throw error(.invalidUTF8, at: i) }
        let b1 = buffer[i + 1]
        guard b1 >= lower && b1 <= upper else { throw error(.invalidUTF8, at: i) }
        for k in 2..<max(2, length) where buffer[i + k] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, at: i)
        }
        return i + length
    }
}
