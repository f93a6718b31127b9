/// Writes ``JSONValue``s as UTF-8 text, compact or in graphdiff's canonical form.
///
/// The canonical form is the one every graphdiff output uses, so equal values
/// give equal bytes:
/// - two-space indentation, one member per line, `": "` after names;
/// - object members sorted by name in the byte order of their UTF-8;
/// - an array of scalars stays on one line when that line's content (`[`…`]`)
///   is at most ``inlineArrayLimit`` bytes, otherwise one element per line;
/// - `{}` and `[]` for empty containers; a newline at the end of the document;
/// - numbers exactly as read; strings escaped minimally: `\"`, `\\`, and control
///   characters as `\b \f \n \r \t` or `\u00XX`; everything else as raw UTF-8.
///
///     JSONWriter.canonical(["b": 1, "a": [true, nil]])
///     // {
///     //   "a": [true, null],
///     //   "b": 1
///     // }
public struct JSONWriter {
    /// Longest one-line rendering of an array of scalars in the canonical form.
    public static let inlineArrayLimit = 64

    /// How to lay the text out.
    public struct Style: Sendable {
        /// Indent and break lines (the canonical layout), or no whitespace at all.
        public var pretty: Bool
        /// Sort object members by name (canonical), or keep their order.
        public var sortKeys: Bool

        /// A style that indents (`pretty`) and sorts members by name (`sortKeys`).
        public init(pretty: Bool, sortKeys: Bool) {
            self.pretty = pretty
            self.sortKeys = sortKeys
        }

        /// One level of indentation in the pretty layout: two spaces in the
        /// canonical form; a plain JSON merge uses the indentation of mine's
        /// file (``detectIndentation(_:)``).
        public var indent: [UInt8] = [ASCII.space, ASCII.space]

        /// The canonical layout: pretty and sorted.
        public static let canonical = Style(pretty: true, sortKeys: true)
        /// No whitespace, members in their order.
        public static let compact = Style(pretty: false, sortKeys: false)
        /// No whitespace, members sorted: a canonical one-line form.
        public static let compactSorted = Style(pretty: false, sortKeys: true)
    }

    /// The canonical text of `value`, ending with a newline.
    ///
    ///     JSONWriter.canonical(["b": 1, "a": [true]])   // {\n  "a": [true],\n  "b": 1\n}\n
    ///
    /// - Complexity: O(*n* log *k*), where *n* is the size of the value and *k*
    ///   the largest member count of an object in it.
    public static func canonical(_ value: JSONValue) -> [UInt8] {
        var w = JSONWriter(style: .canonical)
        w.write(value)
        w.output.append(ASCII.newline)
        return w.output
    }

    /// The canonical text of `value` in two pieces, written at once, one on
    /// each core, when `value` is an object with a member that is an array
    /// of at least `minimumElements` elements written one per line (a
    /// report of many changes); otherwise in one piece. Written one after
    /// the other, the pieces are exactly ``canonical(_:)``: the first is the
    /// text up to the middle of that array, the second the rest.
    ///
    /// - Complexity: as ``canonical(_:)``, on two threads.
    package static func canonicalPieces(_ value: JSONValue, minimumElements: Int) -> [[UInt8]] {
        guard case .object(let object) = value else { return [canonical(value)] }
        let members = object.sortedMembers
        // The longest array member splits; none long enough: one piece.
        var split: Int?, longest = 0
        for (i, m) in members.enumerated() {
            if case .array(let elements) = m.value, elements.count > longest { (split, longest) = (i, elements.count) }
        }
        guard let split, longest >= max(2, minimumElements), case .array(let elements) = members[split].value,
              breaksLines(elements) else { return [canonical(value)] }
        let half = elements.count / 2
        let (first, second) = inParallel({ () -> [UInt8] in
            var w = JSONWriter(style: .canonical)
            w.output.append(ASCII.openBrace)
            w.level = 1
            for i in 0..<split { w.writeMember(members[i], first: i == 0) }
            if split > 0 { w.output.append(ASCII.comma) }
            w.newline()
            w.writeString(members[split].key)
            w.appendASCII(": [")
            w.level = 2
            for i in 0..<half { w.writeElement(elements[i], first: i == 0) }
            return w.output
        }, { () -> [UInt8] in
            var w = JSONWriter(style: .canonical)
            w.level = 2
            for i in half..<elements.count { w.writeElement(elements[i], first: i == 0) }
            w.level = 1
            w.newline()
            w.output.append(ASCII.closeBracket)
            for i in (split + 1)..<members.count { w.writeMember(members[i], first: false) }
            w.level = 0
            w.newline()
            w.output.append(ASCII.closeBrace)
            w.output.append(ASCII.newline)
            return w.output
        })
        return [first, second]
    }

    /// The text of `value` in `style` (no newline at the end).
    public static func write(_ value: JSONValue, style: Style) -> [UInt8] {
        var w = JSONWriter(style: style)
        w.write(value)
        return w.output
    }

    /// The text of `value` in `style`, as a `String`: the writer's bytes
    /// are valid UTF-8 (they come from strings and ASCII), so nothing is
    /// replaced.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        String(decoding: write(value, style: style), as: UTF8.self)
    }

    // MARK: Incremental writing

    /// The bytes written so far.
    public var output: [UInt8] = []
    /// How this writer lays out what it writes.
    public let style: Style
    /// The current indentation level (pretty style).
    public package(set) var level = 0

    /// A writer in `style`.
    public init(style: Style) {
        self.style = style
        self.indentsByTwoSpaces = style.indent == [ASCII.space, ASCII.space]
    }

    /// Whether one level of indentation is two spaces (``newline()``'s fast path).
    @usableFromInline let indentsByTwoSpaces: Bool

    /// Appends `value` at the current indentation level.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let b): appendASCII(b ? "true" : "false")
        case .number(let n): output.append(contentsOf: n.text.utf8)
        case .string(let s): writeString(s)
        case .array(let elements): writeArray(elements)
        case .object(let object): writeObject(object)
        }
    }

    /// Whether the pretty layout writes `elements` one per line (a
    /// non-empty array that is not a short enough array of scalars): the
    /// canonical form's rule for arrays.
    ///
    /// - Complexity: O(*k*) for the first *k* elements, up to the limit.
    public static func breaksLines(_ elements: [JSONValue]) -> Bool {
        if elements.isEmpty { return false }
        guard elements.allSatisfy(\.isScalar) else { return true }
        // "[" and "]", the elements, ", " between them.
        var length = 2 + 2 * (elements.count - 1)
        for e in elements {
            var w = JSONWriter(style: .canonical)
            w.write(e)
            length += w.output.count
            if length > inlineArrayLimit { return true }
        }
        return false
    }

    mutating func writeArray(_ elements: [JSONValue]) {
        if elements.isEmpty { appendASCII("[]"); return }
        if !style.pretty {
            output.append(ASCII.openBracket)
            for (i, e) in elements.enumerated() {
                if i > 0 { output.append(ASCII.comma) }
                write(e)
            }
            output.append(ASCII.closeBracket)
            return
        }
        if elements.allSatisfy(\.isScalar) {
            let mark = output.count
            output.append(ASCII.openBracket)
            for (i, e) in elements.enumerated() {
                if i > 0 { appendASCII(", ") }
                write(e)
                if output.count - mark > JSONWriter.inlineArrayLimit { break }
            }
            output.append(ASCII.closeBracket)
            if output.count - mark <= JSONWriter.inlineArrayLimit { return }
            output.removeSubrange(mark...)
        }
        output.append(ASCII.openBracket)
        level += 1
        for (i, e) in elements.enumerated() { writeElement(e, first: i == 0) }
        level -= 1
        newline()
        output.append(ASCII.closeBracket)
    }

    /// One element of an array written one element per line: the comma
    /// after the one before, a new line, the element.
    mutating func writeElement(_ element: JSONValue, first: Bool) {
        if !first { output.append(ASCII.comma) }
        newline()
        write(element)
    }

    mutating func writeObject(_ object: JSONObject) {
        if object.isEmpty { appendASCII("{}"); return }
        let members = style.sortKeys ? object.sortedMembers : object.members
        output.append(ASCII.openBrace)
        level += 1
        for (i, m) in members.enumerated() { writeMember(m, first: i == 0) }
        level -= 1
        if style.pretty { newline() }
        output.append(ASCII.closeBrace)
    }

    /// One member of an object: the comma after the one before, a new
    /// line (pretty style), the name, the colon, the value.
    mutating func writeMember(_ member: JSONObject.Member, first: Bool) {
        if !first { output.append(ASCII.comma) }
        if style.pretty { newline() }
        writeString(member.key)
        output.append(ASCII.colon)
        if style.pretty { output.append(ASCII.space) }
        write(member.value)
    }

    /// Starts a new line at the current indentation (pretty style).
    ///
    /// Inlinable, and with no array but the output touched for the usual
    /// indentation of two spaces: the canonical writer calls it once per
    /// line.
    @inlinable public mutating func newline() {
        output.append(ASCII.newline)
        if indentsByTwoSpaces {
            output.append(contentsOf: repeatElement(ASCII.space, count: 2 * level))
        } else {
            for _ in 0..<level { output.append(contentsOf: style.indent) }
        }
    }

    /// The indentation of one level in a JSON text: the leading white space
    /// of its first indented line (a tab, or a run of spaces), or `nil` when
    /// no line is indented (a one-line document).
    ///
    ///     JSONWriter.detectIndentation(Array("{\n\t\"a\": 1\n}".utf8))   // [9]: a tab
    ///
    /// - Complexity: O(*n*) in the bytes before the first indented line.
    public static func detectIndentation(_ text: [UInt8]) -> [UInt8]? {
        text.withUnsafeBufferPointer { detectIndentation($0) }
    }

    /// ``detectIndentation(_:)`` over bytes held elsewhere.
    package static func detectIndentation(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var i = 0
        while i < text.count {
            guard text[i] == ASCII.newline else { i += 1; continue }
            var j = i + 1
            while j < text.count && (text[j] == ASCII.space || text[j] == 0x09) { j += 1 }
            if j > i + 1 && j < text.count && text[j] != ASCII.newline && text[j] != 0x0D {
                return text[i + 1] == 0x09 ? [0x09] : Array(text[(i + 1)..<j])
            }
            i = j
        }
        return nil
    }

    /// Appends `s` as a JSON string literal.
    public mutating func writeString(_ s: String) {
        output.append(ASCII.quote)
        // Most strings need no escape: copied whole.
        let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for b in bytes where b < 0x20 || b == ASCII.quote || b == ASCII.backslash { return false }
            output.append(contentsOf: bytes)
            return true
        } ?? false
        if copied {
            output.append(ASCII.quote)
            return
        }
        for b in s.utf8 {
            switch b {
            case ASCII.quote: output.append(ASCII.backslash); output.append(ASCII.quote)
            case ASCII.backslash: output.append(ASCII.backslash); output.append(ASCII.backslash)
            case 0x08: appendASCII("\\b")
            case 0x0C: appendASCII("\\f")
            case 0x0A: appendASCII("\\n")
            case 0x0D: appendASCII("\\r")
            case 0x09: appendASCII("\\t")
            case 0..<0x20: appendASCII("\\u"); appendASCII(hex4(UInt16(b)).lowercased())
            default: output.append(b)
            }
        }
        output.append(ASCII.quote)
    }

    /// Appends raw ASCII text.
    public mutating func appendASCII(_ s: String) {
        output.append(contentsOf: s.utf8)
    }
}
