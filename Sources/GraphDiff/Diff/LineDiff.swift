/// A unified line diff, as `diff -u` and `git diff` print it, for files
/// that are not JSON: the git diff driver's last fallback.
///
///     let text = LineDiff.unified(old: Array("a\nb\n".utf8), new: Array("a\nc".utf8))
///     // @@ -1,2 +1,2 @@
///     //  a
///     // -b
///     // +c
///     // \ No newline at end of file
///
/// Works on bytes throughout: lines split after `\n` keep their own
/// terminators (a `\r\n` line is printed with its `\r`), are compared by
/// bytes (no Unicode normalisation, any encoding, NUL bytes included), and
/// a last line without a newline is followed by
/// `\ No newline at end of file`. Lines are aligned as git aligns them
/// (``LineAlignment``).
package enum LineDiff {
    /// The hunks between `old` and `new`: `@@ -a,b +c,d @@` headers (a
    /// count of 1 is left out, an empty range is `a,0` with `a` the line
    /// before it) and ` `/`-`/`+` lines, with `context` unchanged lines
    /// around each change; changes at most 2 × `context` lines apart share
    /// a hunk. Empty when the texts have the same lines. No `---`/`+++`
    /// header: the caller writes the names.
    ///
    /// - Parameters:
    ///   - old: the bytes of the old file (empty when there is none).
    ///   - new: the bytes of the new file.
    ///   - context: the unchanged lines shown around each change.
    /// - Returns: the hunks' bytes.
    /// - Complexity: as ``LineAlignment/changes(from:to:)``, plus
    ///   O(*n* + *m*) bytes written.
    package static func unified(old: [UInt8], new: [UInt8], context: Int = 3) -> [UInt8] {
        let a = ByteLines(old), b = ByteLines(new)
        let changes = LineAlignment.changes(from: a, to: b)
        let context = max(0, context)
        var out: [UInt8] = []
        var k = 0
        while k < changes.count {
            var last = k
            while last + 1 < changes.count && changes[last + 1].oldStart - changes[last].oldEnd <= 2 * context { last += 1 }
            let first = changes[k]
            let before = min(context, first.oldStart, first.newStart)
            let oldFrom = first.oldStart - before, newFrom = first.newStart - before
            let after = min(context, a.count - changes[last].oldEnd, b.count - changes[last].newEnd)
            let oldTo = changes[last].oldEnd + after, newTo = changes[last].newEnd + after
            out += Array("@@ -\(range(oldFrom, oldTo - oldFrom)) +\(range(newFrom, newTo - newFrom)) @@\n".utf8)
            var i = oldFrom
            for change in changes[k...last] {
                while i < change.oldStart {
                    append(UInt8(ascii: " "), a, i, to: &out)
                    i += 1
                }
                for x in change.oldStart..<change.oldEnd { append(UInt8(ascii: "-"), a, x, to: &out) }
                for y in change.newStart..<change.newEnd { append(UInt8(ascii: "+"), b, y, to: &out) }
                i = change.oldEnd
            }
            while i < oldTo {
                append(UInt8(ascii: " "), a, i, to: &out)
                i += 1
            }
            k = last + 1
        }
        return out
    }

    /// A hunk header's range: `start,count` counted from 1, `start` alone
    /// for one line, and the line before (counted from 1) with `,0` for none.
    static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(count)"
        }
    }

    /// One line of a hunk: its mark, its bytes, and the note when it has no
    /// newline.
    static func append(_ mark: UInt8, _ lines: ByteLines, _ i: Int, to out: inout [UInt8]) {
        out.append(mark)
        out += lines[i]
        if !lines.endsWithNewline(i) { out += noNewline }
    }

    static let noNewline = Array("\n\\ No newline at end of file\n".utf8)
}
