/// The lines of a byte buffer, for the line diff and the line merge: split
/// after each `\n`, each line keeping its own terminator, compared by bytes.
///
///     let lines = ByteLines(Array("a\r\nb\nc".utf8))
///     lines.count                 // 3
///     Array(lines[0])             // "a\r\n": the carriage return stays
///     lines.endsWithNewline(2)    // false: the last line has no terminator
///
/// Nothing is decoded: text in any encoding (UTF-8 or not, NFC or NFD,
/// with NUL bytes) keeps its bytes, and two lines are equal exactly when
/// their bytes are, terminators included (so `"a\r\n"`, `"a\n"` and a last
/// `"a"` are three different lines). This is how `git merge-file` and
/// `diff -u` see a file.
package struct ByteLines: Sendable {
    /// The whole buffer.
    package let bytes: [UInt8]
    /// Line `i` is `bytes[bounds[i]..<bounds[i + 1]]`; `bounds.count == count + 1`.
    let bounds: [Int]

    /// Splits `bytes` after each `\n`; a last line without one is a line too.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var bounds = [0]
        for (i, byte) in bytes.enumerated() where byte == ByteLines.newline { bounds.append(i + 1) }
        if let last = bounds.last, last < bytes.count { bounds.append(bytes.count) }
        self.bounds = bounds
    }

    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// The number of lines.
    package var count: Int { bounds.count - 1 }

    /// The bytes of line `i`, terminator included.
    package subscript(i: Int) -> ArraySlice<UInt8> { bytes[bounds[i]..<bounds[i + 1]] }

    /// The bytes of lines `range`, terminators included.
    package subscript(range: Range<Int>) -> ArraySlice<UInt8> { bytes[bounds[range.lowerBound]..<bounds[range.upperBound]] }

    /// Whether line `i` ends with `\n` (only the last line may not).
    package func endsWithNewline(_ i: Int) -> Bool { bounds[i + 1] > bounds[i] && bytes[bounds[i + 1] - 1] == ByteLines.newline }

    /// Whether line `i` ends with `\r\n`.
    package func endsWithCRLF(_ i: Int) -> Bool {
        bounds[i + 1] - bounds[i] > 1 && endsWithNewline(i) && bytes[bounds[i + 1] - 2] == ByteLines.carriageReturn
    }
}
