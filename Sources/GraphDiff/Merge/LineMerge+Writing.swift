extension LineMerge {
    /// Writes the merge: mine's lines between chunks, each chunk's chosen
    /// lines, and conflicts in diff3 style, as `git merge-file` does.
    struct _Writer {
        let base: ByteLines
        let mine: ByteLines
        let theirs: ByteLines
        let markers: ConflictMarkers
        var out: [UInt8] = []
        /// The first line of mine not written yet.
        var next = 0

        init(base: ByteLines, mine: ByteLines, theirs: ByteLines, markers: ConflictMarkers) {
            self.base = base
            self.mine = mine
            self.theirs = theirs
            self.markers = markers
            out.reserveCapacity(mine.bytes.count + theirs.bytes.count / 4)
        }

        mutating func write(_ chunk: _Chunk) {
            copy(mine, next..<chunk.mineStart)
            switch chunk.kind {
            case .mine:
                copy(mine, chunk.mineStart..<chunk.mineStart + chunk.mineCount)
            case .theirs:
                copy(theirs, chunk.theirsStart..<chunk.theirsStart + chunk.theirsCount)
            case .conflict:
                let crlf = needsCRLF(chunk)
                marker(UInt8(ascii: "<"), label: markers.mine, crlf: crlf)
                copy(mine, chunk.mineStart..<chunk.mineStart + chunk.mineCount, endLine: crlf)
                marker(UInt8(ascii: "|"), label: markers.base, crlf: crlf)
                copy(base, chunk.baseStart..<chunk.baseStart + chunk.baseCount, endLine: crlf)
                marker(UInt8(ascii: "="), label: nil, crlf: crlf)
                copy(theirs, chunk.theirsStart..<chunk.theirsStart + chunk.theirsCount, endLine: crlf)
                marker(UInt8(ascii: ">"), label: markers.theirs, crlf: crlf)
            }
            next = chunk.mineStart + chunk.mineCount
        }

        /// Mine's lines after the last chunk.
        mutating func finish() {
            copy(mine, next..<mine.count)
        }

        /// Appends `lines[range]`; with `endLine`, a last line without a
        /// newline gets one (`\r\n` when `endLine` is `true`, `\n` when `false`).
        mutating func copy(_ lines: ByteLines, _ range: Range<Int>, endLine crlf: Bool? = nil) {
            guard range.lowerBound < range.upperBound, range.lowerBound >= 0, range.upperBound <= lines.count else { return }
            out += lines[range]
            if let crlf, !lines.endsWithNewline(range.upperBound - 1) {
                if crlf { out.append(ByteLines.carriageReturn) }
                out.append(ByteLines.newline)
            }
        }

        /// A marker line: `size` marks, a space and the label, and the line end.
        mutating func marker(_ mark: UInt8, label: String?, crlf: Bool) {
            out += repeatElement(mark, count: markers.size)
            if let label {
                out.append(UInt8(ascii: " "))
                out += label.utf8
            }
            if crlf { out.append(ByteLines.carriageReturn) }
            out.append(ByteLines.newline)
        }

        /// Whether a conflict's markers end in `\r\n`: when the lines before
        /// it in mine and in theirs (or their first lines) do not end in a
        /// bare `\n` (a side whose ending cannot be told, an empty file or a
        /// single line without newline, does not object) and the base's
        /// first line ends in `\r\n`. As git decides it.
        func needsCRLF(_ chunk: _Chunk) -> Bool {
            Self.endsWithCRLF(mine, max(chunk.mineStart - 1, 0)) != false
                && Self.endsWithCRLF(theirs, max(chunk.theirsStart - 1, 0)) != false
                && Self.endsWithCRLF(base, 0) == true
        }

        /// Whether line `i` ends in `\r\n` (for a last line without newline,
        /// the line before it); `nil` when that cannot be told.
        static func endsWithCRLF(_ lines: ByteLines, _ i: Int) -> Bool? {
            if lines.count == 0 { return nil }
            if i < lines.count - 1 { return lines.endsWithCRLF(i) }
            if lines.endsWithNewline(i) { return lines.endsWithCRLF(i) }
            if i == 0 { return nil }
            return lines.endsWithCRLF(i - 1)
        }
    }
}
