import Foundation

/// Points of a text whose line and column are known, by offset: what turns
/// a byte offset into a line and column (``JSONSourceText``) with a binary
/// search and a short scan.
///
///     text:    {⏎  "a": 1,⏎  "b": 2⏎}          (64 lines apart, and every
///     points:  offset 0     line 1   column 1    4 KiB inside a long line)
///              offset 7810  line 65  column 1
///
/// The points are the start of the text, line starts at most
/// ``lineInterval`` lines apart (more only across a span whose line breaks
/// were known without reading it: ``LineTableBuilder/skip(upTo:lineBreaks:lastLineStart:)``),
/// and inside a line longer than ``longLineStep`` bytes a point every that
/// many bytes with its column. Which points there are does not change a
/// lookup's answer, only its cost: every point's line and column are exact.
package struct LineTable: Sendable, Equatable {
    /// The offsets of the points, increasing.
    package private(set) var offsets: [Int] = []
    /// The line of each point, from 1.
    package private(set) var lines: [Int] = []
    /// The column of each point, from 1, in Unicode scalars.
    package private(set) var columns: [Int] = []

    /// Lines between two points at line starts.
    package static let lineInterval = 64
    /// Bytes between two points inside a long line.
    package static let longLineStep = 4096

    /// The number of points.
    package var count: Int { offsets.count }

    mutating func append(_ offset: Int, line: Int, column: Int) {
        offsets.append(offset)
        lines.append(line)
        columns.append(column)
    }

    /// The line and column of the byte at `to`, counted from the byte at
    /// `from`, whose line and column are `start`: every line break (`\n`)
    /// starts a line at column 1, every other byte that is not a UTF-8
    /// continuation byte moves one column on. The one count of positions
    /// (a lookup from a point, a count from the start, the check of a table).
    ///
    /// - Complexity: O(`to - from`).
    @inline(__always) package static func position(from start: (line: Int, column: Int), at from: Int, to: Int,
                                                   in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var (line, column) = start
        var i = from
        while i < to {
            if bytes[i] == ASCII.newline {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    /// Whether every point's line and column are those of its offset in
    /// `bytes`, the points are in increasing order and the first is the
    /// start: what a table made while reading must be (checked in debug
    /// builds and by the tests against a count of the whole text).
    ///
    /// - Complexity: O(*n*) in the size of the text.
    package func pointsAreExact(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offsets.first == 0, lines.first == 1, columns.first == 1 else { return false }
        var position = (line: 1, column: 1), i = 0
        for k in 0..<offsets.count {
            let target = offsets[k]
            guard target >= i, target <= bytes.count else { return false }
            position = LineTable.position(from: position, at: i, to: target, in: bytes)
            i = target
            guard lines[k] == position.line, columns[k] == position.column else { return false }
        }
        return true
    }

    /// The last point at or before `offset` (the first point when none
    /// is): its index.
    ///
    /// - Complexity: O(log *p*) for *p* points.
    package func point(atOrBefore offset: Int) -> Int {
        var lo = 0, hi = offsets.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// Counts the lines of a text as a reader walks it, part by part, into a
/// ``LineTable``, by the rule of ``LineTable/position(from:at:to:in:)``
/// (a line break is `\n`; a column counts Unicode scalars, every byte
/// that is not a UTF-8 continuation byte).
///
/// A reader that walks the whole text calls ``count(upTo:in:)`` for the
/// bytes it passes, or ``skip(upTo:lineBreaks:lastLineStart:)`` for a span
/// whose line breaks it already knows (an object in the canonical layout:
/// one per member and one before its closing brace), while those bytes are
/// still in memory. Two readers of two halves of a text each count their
/// own (the second from ``init(partFrom:in:)``, its lines numbered from the
/// line its part starts on), and ``joined(with:)`` puts them together.
///
///     var lines = LineTableBuilder()
///     lines.count(upTo: bytes.count, in: bytes)
///     lines.table          // the points of the whole text
package struct LineTableBuilder: Sendable {
    /// The points found so far.
    package private(set) var table = LineTable()
    /// The bytes before this offset are counted.
    package private(set) var offset: Int
    /// The line of the byte at ``offset``: from 1 for a builder from the
    /// start of the text, from 0 for a part (the line it starts on).
    private(set) var line: Int
    /// A byte of the current line whose column is known, and its column;
    /// `nil` while a part has not reached its first line break and did not
    /// find the line's start.
    private var known: (offset: Int, column: Int)?
    /// The line of the last point at a line start (or where counting began).
    private var lastPointLine: Int
    /// Whether any line break was counted.
    private var sawLineBreak = false
    /// Where counting began.
    private let partStart: Int

    /// A builder from the start of a text: line 1, column 1.
    package init() {
        partStart = 0
        offset = 0
        line = 1
        known = (0, 1)
        lastPointLine = 1
        table.append(0, line: 1, column: 1)
    }

    /// A builder of the part of `bytes` from `start`, its lines numbered
    /// from 0 (the line `start` is on) until ``joined(with:)`` numbers them.
    /// The column at `start` is known when the line's start is found within
    /// ``LineTable/longLineStep`` bytes before it.
    ///
    /// - Complexity: O(``LineTable/longLineStep``) at most.
    package init(partFrom start: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let start = max(0, min(start, bytes.count))
        partStart = start
        offset = start
        line = 0
        lastPointLine = 0
        var i = start
        while i > 0 && start - i < LineTable.longLineStep && bytes[i - 1] != ASCII.newline { i -= 1 }
        if i == 0 || bytes[i - 1] == ASCII.newline {
            known = (start, LineTable.position(from: (0, 1), at: i, to: start, in: bytes).column)
        }
    }

    /// Counts the bytes from ``offset`` to `end` (nothing when `end` is not
    /// past it): their line breaks, a point at a line start every
    /// ``LineTable/lineInterval`` lines, and points inside long lines.
    ///
    /// - Complexity: O(*k*) in the bytes counted: a byte-by-byte loop over
    ///   short spans, `memchr` from line break to line break over long ones.
    package mutating func count(upTo end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(end, bytes.count)
        guard end > offset, let base = bytes.baseAddress else { return }
        var i = offset
        while i < end {
            var lineEnd = end
            if end - i < 64 {
                var k = i
                while k < end && base[k] != ASCII.newline { k += 1 }
                lineEnd = k
            } else if let found = memchr(base + i, Int32(ASCII.newline), end - i) {
                lineEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            markLongLine(upTo: lineEnd, in: bytes)
            guard lineEnd < end else { break }
            lineBreak(startingLineAt: lineEnd + 1)
            i = lineEnd + 1
        }
        offset = end
    }

    /// Moves past a span up to `end` whose line breaks are known without
    /// reading it: `lineBreaks` of them, the last one just before
    /// `lastLineStart` (ignored when there are none).
    ///
    /// - Complexity: O(1).
    package mutating func skip(upTo end: Int, lineBreaks: Int, lastLineStart: Int) {
        guard end > offset else { return }
        if lineBreaks > 0 {
            line += lineBreaks - 1
            lineBreak(startingLineAt: lastLineStart)
        }
        offset = end
    }

    /// A line break just before `start`: the next line starts there, a
    /// point when ``LineTable/lineInterval`` lines have passed.
    @inline(__always) private mutating func lineBreak(startingLineAt start: Int) {
        line += 1
        sawLineBreak = true
        known = (start, 1)
        if line - lastPointLine >= LineTable.lineInterval {
            table.append(start, line: line, column: 1)
            lastPointLine = line
        }
    }

    /// Points every ``LineTable/longLineStep`` bytes of the current line up
    /// to `end` (no line break before it), from the byte whose column is known.
    @inline(__always) private mutating func markLongLine(upTo end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        guard var (at, column) = known, end - at > LineTable.longLineStep else { return }
        while end - at > LineTable.longLineStep {
            column = LineTable.position(from: (line, column), at: at, to: at + LineTable.longLineStep, in: bytes).column
            at += LineTable.longLineStep
            table.append(at, line: line, column: column)
        }
        known = (at, column)
    }

    /// This builder's part followed by `next`'s, which must start where
    /// this one stopped (``offset``): `next`'s lines numbered on from the
    /// line this one stopped on; `nil` when the parts do not meet.
    ///
    /// - Complexity: O(*p*) for *p* points of `next`.
    package func joined(with next: LineTableBuilder) -> LineTableBuilder? {
        guard next.partStart == offset else { return nil }
        var joined = self
        let shift = line
        for k in 0..<next.table.count {
            joined.table.append(next.table.offsets[k], line: next.table.lines[k] + shift, column: next.table.columns[k])
        }
        joined.offset = next.offset
        joined.line = next.line + shift
        if next.sawLineBreak {
            joined.known = next.known
            joined.sawLineBreak = true
        } else {
            joined.known = next.known ?? known
        }
        if next.lastPointLine > 0 { joined.lastPointLine = next.lastPointLine + shift }
        return joined
    }
}
