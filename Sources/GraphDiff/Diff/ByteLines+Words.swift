extension ByteLines {
    /// Splits UTF-8 text into words rather than lines, for the word diff of
    /// long strings (see ``WordDiff``); each word is one "line" of the
    /// result, so ``LineAlignment`` aligns words as it aligns lines.
    ///
    ///     let words = ByteLines(words: Array("Hello, wörld  2x".utf8))
    ///     // "Hello" "," " " "wörld" "  " "2x"
    ///
    /// The words are those of git's usual word regex: a run of word
    /// characters (letters, digits, `_`, and any Unicode letter or number),
    /// a run of whitespace (`"\r\n"` is one run), or any other single
    /// character. A combining mark, a variation selector, an emoji modifier,
    /// a zero-width joiner and the character after a joiner stay with the
    /// word before them, so no word splits a character as the user sees it.
    /// Bytes are compared as they are: `"é"` (NFC) and `"e\u{301}"` (NFD)
    /// are different words.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package init(words bytes: [UInt8]) {
        self.bytes = bytes
        var bounds = [0]
        var kind = _WordKind.other
        var afterJoiner = false
        var i = 0
        while i < bytes.count {
            let (scalar, length) = Self._scalar(bytes, at: i)
            let k = _WordKind(scalar)
            let joins = i > 0 && (afterJoiner || k == .joining)
            if i > 0 && !joins && (k != kind || k == .other) { bounds.append(i) }
            if !joins { kind = k }
            afterJoiner = scalar == 0x200D
            i += length
        }
        if bytes.count > 0 { bounds.append(bytes.count) }
        self.bounds = bounds
    }

    /// Whether word `i` is a run of whitespace.
    package func isWhitespaceWord(_ i: Int) -> Bool { _kind(ofWord: i) == .space }

    /// Whether word `i` is a run of word characters (not whitespace, not
    /// punctuation or another single character).
    package func isLetterWord(_ i: Int) -> Bool { _kind(ofWord: i) == .word }

    /// The kind of the first character of word `i`.
    func _kind(ofWord i: Int) -> _WordKind {
        let start = bounds[i]
        guard start < bounds[i + 1] else { return .other }
        return _WordKind(Self._scalar(bytes, at: start).scalar)
    }

    /// The scalar value that starts at `i` and its length in bytes; a byte
    /// that does not start a well-formed sequence stands for itself.
    static func _scalar(_ bytes: [UInt8], at i: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= bytes.count else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for j in 1..<length {
            let b = bytes[i + j]
            guard b & 0xC0 == 0x80 else { return (UInt32(lead), 1) }
            value = value << 6 | UInt32(b & 0x3F)
        }
        return (value, length)
    }
}

/// What a character is to the word splitter of ``ByteLines/init(words:)``.
enum _WordKind {
    case word, space, other
    /// Stays with the character before it.
    case joining

    @inline(__always)
    init(_ value: UInt32) {
        if value >= 0x80 {
            self = Self._nonASCII(value)
        } else if (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39) || value == 0x5F {
            self = .word
        } else if value == 0x20 || (value >= 0x09 && value <= 0x0D) {
            self = .space
        } else {
            self = .other
        }
    }

    static func _nonASCII(_ value: UInt32) -> _WordKind {
        guard let scalar = Unicode.Scalar(value) else { return .other }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .joining
        default: break
        }
        if value == 0x200D || properties.isVariationSelector || properties.isEmojiModifier { return .joining }
        if properties.isWhitespace { return .space }
        if properties.isAlphabetic || properties.numericType != nil { return .word }
        return .other
    }
}
