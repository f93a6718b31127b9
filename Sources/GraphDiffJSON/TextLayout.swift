/// The layout of a hand-written JSON file that a rewrite of it keeps: its
/// indentation, its line ends, its final newline and its byte order mark.
///
///     let layout = TextLayout(of: mineBytes)       // e.g. tabs, CRLF, no final newline
///     layout.apply(to: JSONWriter.write(value, style: layout.style) + [0x0A])
public struct TextLayout: Sendable, Equatable {
    /// One level of indentation (two spaces when the file has no indented line).
    public var indent: [UInt8] = [0x20, 0x20]
    /// Lines end in `\r\n` (else `\n`).
    public var crlf = false
    /// The file ends with a line end.
    public var finalNewline = true
    /// The file starts with a UTF-8 byte order mark.
    public var byteOrderMark = false

    /// The default layout: two spaces, LF line ends, a final newline, no byte order mark.
    public init() {}

    /// The layout of `text`: indentation from its first indented line, line
    /// ends from its first line end.
    ///
    /// - Complexity: O(*n*) in the bytes up to the first indented line.
    public init(of text: [UInt8]) {
        self = text.withUnsafeBufferPointer { TextLayout(of: $0) }
    }

    /// The layout of `source` (``init(of:)-([UInt8])``), read in place.
    ///
    ///     let layout = TextLayout(of: SourceBytes(mineBytes))
    ///
    /// - Complexity: O(*n*) in the bytes up to the first indented line.
    public init(of source: SourceBytes) {
        self = source.withUnsafeBufferPointer { TextLayout(of: $0) }
    }

    init(of text: UnsafeBufferPointer<UInt8>) {
        indent = JSONWriter.detectIndentation(text) ?? [0x20, 0x20]
        byteOrderMark = text.starts(with: [0xEF, 0xBB, 0xBF])
        if let newline = text.firstIndex(of: 0x0A) { crlf = newline > 0 && text[newline - 1] == 0x0D }
        var end = text.count
        while end > 0 && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        finalNewline = end > 0 && text[end - 1] == 0x0A
    }

    /// The writer style of this layout: pretty, members in their order.
    public var style: JSONWriter.Style {
        var s = JSONWriter.Style(pretty: true, sortKeys: false)
        s.indent = indent
        return s
    }

    /// `text` (written with `\n` line ends and a final newline) in this layout.
    ///
    /// - Complexity: O(*n*).
    public func apply(to text: [UInt8]) -> [UInt8] {
        var lines = text
        if !finalNewline, lines.last == 0x0A { lines.removeLast() }
        var out: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        out.reserveCapacity(lines.count + lines.count / 16 + 3)
        if crlf {
            for b in lines {
                if b == 0x0A { out.append(0x0D) }
                out.append(b)
            }
        } else {
            out += lines
        }
        return out
    }
}
