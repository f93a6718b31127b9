/// The text rules of a `.gitattributes` file for `git install` and
/// `uninstall`, on its bytes: a line is recognised whatever its line ending
/// and the runs of spaces and tabs between its fields; a line is added with
/// the file's own line ending; a line is removed with its own terminator,
/// every other byte kept.
///
///     GitAttributesFile.adding(["*.graph.json diff=graphdiff merge=graphdiff"],
///                              to: Array("*.txt text\r\n".utf8))
///     // "*.txt text\r\n*.graph.json diff=graphdiff merge=graphdiff\r\n"
enum GitAttributesFile {
    /// One line of the file: its bytes without the terminator, and the
    /// terminator (`\n`, `\r\n`, or nothing on a last line without one).
    struct Line {
        var content: ArraySlice<UInt8>
        var terminator: ArraySlice<UInt8>
    }

    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// The lines of `text`, whose contents and terminators together are
    /// `text`.
    static func lines(_ text: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        while start < text.count {
            guard let end = text[start...].firstIndex(of: newline) else {
                result.append(Line(content: text[start...], terminator: []))
                break
            }
            let contentEnd = end > start && text[end - 1] == carriageReturn ? end - 1 : end
            result.append(Line(content: text[start..<contentEnd], terminator: text[contentEnd...end]))
            start = end + 1
        }
        return result
    }

    /// The fields of a line: its runs of bytes between spaces and tabs.
    static func fields<Bytes: Collection>(_ bytes: Bytes) -> [[UInt8]] where Bytes.Element == UInt8 {
        bytes.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == carriageReturn }).map(Array.init)
    }

    /// Whether `line` says what `wanted` says, field for field.
    static func matches(_ line: Line, _ wanted: String) -> Bool {
        fields(line.content) == fields(Array(wanted.utf8))
    }

    /// Which of `wanted` no line of `text` says already.
    static func missing(_ wanted: [String], in text: [UInt8]) -> [String] {
        let present = lines(text)
        return wanted.filter { w in !present.contains { matches($0, w) } }
    }

    /// The line ending of `text`: `\r\n` when most of its lines end so,
    /// else `\n`.
    static func lineEnding(of text: [UInt8]) -> [UInt8] {
        var crlf = 0, lf = 0
        for line in lines(text) where !line.terminator.isEmpty {
            if line.terminator.count == 2 { crlf += 1 } else { lf += 1 }
        }
        return crlf > lf ? [carriageReturn, newline] : [newline]
    }

    /// `text` with `added` appended, each line ended with the file's line
    /// ending; a last line without one gets it first.
    static func adding(_ added: [String], to text: [UInt8]) -> [UInt8] {
        guard !added.isEmpty else { return text }
        let ending = lineEnding(of: text)
        var result = text
        if let last = text.last, last != newline { result += ending }
        for line in added { result += Array(line.utf8) + ending }
        return result
    }

    /// `text` without the lines that say one of `removed`, each taken out
    /// with its own terminator; every other byte is kept.
    static func removing(_ removed: [String], from text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for line in lines(text) where !removed.contains(where: { matches(line, $0) }) {
            result += line.content
            result += line.terminator
        }
        return result
    }
}
