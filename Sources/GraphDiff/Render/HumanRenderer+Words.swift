import GraphDiffJSON

/// The word diff of a changed string in the human report: one JSON string
/// literal with the changes marked in it (see ``WordDiff`` for when a
/// string is split into words and how much context stays).
///
///     ~ /doc: "…the quick brown [-fox-]{+cat+} jumps over the lazy…"
///
/// Without colour, removed text is `[-…-]` and added text `{+…+}` (a
/// replacement is both, removed first), as `git diff --word-diff=plain`
/// writes them; with colour, removed text is red and added text green,
/// without brackets (`--word-diff=color`). A left-out stretch of unchanged
/// text is `…`. The text is escaped as in every other string of the report
/// (a JSON string literal, so a line break is `\n` and the line stays one
/// line), and further, so that nothing in the text reads as a marker: a
/// `…` of the text is written `\u2026`, and, without colour, a `[` before
/// a `-` or at the end of a stretch is `\u005b`, a `{` before a `+` or at
/// the end of a stretch is `\u007b`, a `]` after a `-` or at the start of
/// a stretch is `\u005d`, and a `}` after a `+` or at the start of a
/// stretch is `\u007d`. Every `[-`, `-]`, `{+` and `+}` of the line is then
/// a marker, and removing the markers and reading the rest as JSON gives
/// the text (with `…` where text was left out).
extension HumanRenderer {
    /// The marked literal of two strings, or `nil` when they are shown
    /// whole (not strings, word diff off, short, or too different).
    ///
    /// - Complexity: that of ``WordDiff/diff(from:to:)``.
    static func wordDiffLiteral(_ old: JSONValue, _ new: JSONValue, _ context: RenderContext) -> String? {
        guard context.wordDiff, case .string(let o) = old, case .string(let n) = new,
            let words = WordDiff.diff(from: o, to: n)
        else { return nil }
        let markers = !context.color
        var out = "\""
        for segment in words.segments {
            switch segment {
            case .unchanged(let t): out += _escaped(t, markers: markers)
            case .elided: out += "…"
            case .removed(let t): out += markers ? "[-" + _escaped(t, markers: true) + "-]" : context.paint(_escaped(t, markers: false), .red)
            case .added(let t): out += markers ? "{+" + _escaped(t, markers: true) + "+}" : context.paint(_escaped(t, markers: false), .green)
            }
        }
        return out + "\""
    }

    /// `text` as inside a JSON string literal, with `…` and (with
    /// `markers`) the brackets that could read as markers escaped.
    static func _escaped(_ text: String, markers: Bool) -> String {
        let literal = Array(JSONWriter.string(.string(text)).utf8.dropFirst().dropLast())
        var out: [UInt8] = []
        out.reserveCapacity(literal.count)
        func escape(_ hex: String) { out.append(contentsOf: "\\u".utf8); out.append(contentsOf: hex.utf8) }
        var i = 0
        while i < literal.count {
            let byte = literal[i]
            let before: UInt8? = i > 0 ? literal[i - 1] : nil
            let after: UInt8? = i + 1 < literal.count ? literal[i + 1] : nil
            if byte == 0xE2 && after == 0x80 && i + 2 < literal.count && literal[i + 2] == 0xA6 {
                escape("2026")
                i += 3
                continue
            }
            switch byte {
            case UInt8(ascii: "[") where markers && (after == nil || after == UInt8(ascii: "-")): escape("005b")
            case UInt8(ascii: "{") where markers && (after == nil || after == UInt8(ascii: "+")): escape("007b")
            case UInt8(ascii: "]") where markers && (before == nil || before == UInt8(ascii: "-")): escape("005d")
            case UInt8(ascii: "}") where markers && (before == nil || before == UInt8(ascii: "+")): escape("007d")
            default: out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
