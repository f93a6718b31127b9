import Foundation

/// A position in a source text: 1-based line and column, and the byte offset.
///
/// Columns count Unicode scalar values (characters as most editors count them),
/// not bytes, starting at 1.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// Byte offset from the start of the text (0-based).
    public var offset: Int

    /// The position at `line`, `column` and byte `offset`.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// Source text kept after parsing, to turn byte offsets into lines and columns
/// only when a message needs one.
///
/// Lookups use a table of checkpoints: the start of every 64th
/// line, and inside a line longer than 4 KiB (a minified file is one line)
/// a point every 4 KiB with its column (a few hundred kilobytes for a file
/// of millions of lines, instead of a word per line). The table is the one
/// the graph scanner made as it read the text, while its bytes were in
/// memory (when the load asked for it: `Graph.LoadOptions.recordsLines`);
/// otherwise the first lookup builds it in O(*n*), releasing the bytes
/// behind it (``SourceBytes/release(_:)``). Every lookup is then a binary
/// search, O(log *n*), plus a scan of at most 64 lines (or one object of
/// the canonical layout) and 4 KiB of one line.
///
/// What lookups read is released a span at a time
/// (``releasedLookupSpan`` bytes, at most ``heldLookupSpans`` spans held):
/// a report looks up places in order, many to a page, from one or two
/// threads, and releasing each one's bytes at once would read the same
/// pages again at the next lookup and, with two threads, stop both cores
/// to flush their address caches on every release. So at most a few
/// MiB that lookups read stay resident until ``releaseLookups()``.
public final class JSONSourceText: @unchecked Sendable {
    /// The bytes as read, not copied.
    public let source: SourceBytes
    /// Points of the text whose line and column are known, by offset.
    private var checkpoints: LineTable?
    /// Spans that lookups read and that are not released yet, oldest first
    /// (guarded by `lock`).
    private var lookupSpans: [Range<Int>] = []
    private let lock = NSLock()
    /// The most bytes one span of lookups' reads covers before it is released.
    public static let releasedLookupSpan = 1 << 20
    /// The most spans held at once: one per thread looking up, and room.
    public static let heldLookupSpans = 4
    /// The text `bytes`, for positions in it.
    public convenience init(_ bytes: [UInt8]) { self.init(SourceBytes(bytes)) }

    /// The text `source`, for positions in it; its bytes are not copied.
    ///
    ///     let text = JSONSourceText(SourceBytes(Array("{\n  \"a\": 1\n}".utf8)))
    ///     text.location(ofOffset: 4)     // 2:3
    public init(_ source: SourceBytes) { self.source = source }

    /// The bytes as read (a copy when they were lent: ``SourceBytes/bytes``).
    public var bytes: [UInt8] { source.bytes }

    /// The line and column of the byte at `offset` (clamped to the text).
    public func location(ofOffset offset: Int) -> SourceLocation {
        source.withUnsafeBufferPointer { bytes in location(ofOffset: offset, bytes: bytes) }
    }

    private func location(ofOffset offset: Int, bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        let table = lock.withLock { () -> LineTable in
            if let checkpoints { return checkpoints }
            // The table a reader of the whole text made as it went, else
            // one pass now, releasing the bytes behind it.
            let table = source.lineTable ?? {
                var builder = LineTableBuilder()
                while builder.offset < bytes.count {
                    let released = builder.offset
                    builder.count(upTo: min(bytes.count, released + SourceBytes.releaseStep), in: bytes)
                    source.release(released..<builder.offset)
                }
                return builder.table
            }()
            checkpoints = table
            return table
        }
        guard table.count > 0 else { return JSONSourceText.location(ofOffset: offset, in: bytes) }
        let lo = table.point(atOrBefore: offset)
        let (line, column) = LineTable.position(from: (table.lines[lo], table.columns[lo]), at: table.offsets[lo], to: offset, in: bytes)
        noteLookupRead(table.offsets[lo]..<offset)
        return SourceLocation(line: line, column: column, offset: offset)
    }

    /// Joins `range`, just read by a lookup, to a held span that stays
    /// within ``releasedLookupSpan`` bytes with it; otherwise holds it as a
    /// span of its own, releasing the oldest span when
    /// ``heldLookupSpans`` are held.
    ///
    /// - Complexity: O(1).
    private func noteLookupRead(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let released = lock.withLock { () -> Range<Int>? in
            for (i, span) in lookupSpans.enumerated() {
                let joined = min(span.lowerBound, range.lowerBound)..<max(span.upperBound, range.upperBound)
                if joined.count <= JSONSourceText.releasedLookupSpan {
                    lookupSpans[i] = joined
                    return nil
                }
            }
            lookupSpans.append(range)
            return lookupSpans.count > JSONSourceText.heldLookupSpans ? lookupSpans.removeFirst() : nil
        }
        if let released { source.release(released) }
    }

    /// Releases every span that lookups read and that is still held: what
    /// a reader that is done with positions calls.
    ///
    /// - Complexity: O(1).
    public func releaseLookups() {
        let spans = lock.withLock { () -> [Range<Int>] in
            defer { lookupSpans = [] }
            return lookupSpans
        }
        for span in spans { source.release(span) }
    }

    /// Builds the table of line starts now rather than at the first lookup
    /// (nothing when it is built already).
    ///
    /// - Complexity: O(*n*) the first time, O(1) after.
    public func preparePositions() {
        _ = location(ofOffset: 0)
    }

    /// Builds the tables of `first` and `second` at once, one on each core:
    /// what a report that gives positions in both inputs of a diff does
    /// before its first lookup, so that the two passes over the inputs'
    /// line breaks take the time of one.
    ///
    /// - Complexity: O(*n*) in the larger text, on two threads.
    public static func preparePositions(_ first: JSONSourceText, _ second: JSONSourceText) {
        guard first !== second else { return first.preparePositions() }
        _ = inParallel({ first.preparePositions() }, { second.preparePositions() })
    }

    /// The offset of the name of member `name` of the object whose own
    /// member name (its key in the enclosing object) starts at `keyOffset`,
    /// or `nil`.
    ///
    /// - Complexity: O(*k*) in the size of that object.
    public func memberOffset(inObjectKeyedAt keyOffset: Int, member name: String) -> Int? {
        source.withUnsafeBufferPointer { bytes -> Int? in
            guard keyOffset >= 0, keyOffset < bytes.count, bytes[keyOffset] == 0x22 else { return nil }
            // Skip the key string and the colon, then read the object.
            var i = keyOffset + 1
            while i < bytes.count && bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
            i += 1
            while i < bytes.count && bytes[i] != 0x3A { i += 1 }
            var reader = JSONReader(buffer: bytes, maximumDepth: JSONReader.defaultMaximumDepth)
            reader.index = min(i + 1, bytes.count)
            reader.skipWhitespace()
            let object = (try? reader.parseValue())?.objectValue
            noteLookupRead(keyOffset..<max(keyOffset, reader.index))
            return object?.member(name).map(\.keyOffset)
        }
    }

    /// Computes a location in `bytes` without keeping a table: O(*offset*).
    public static func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> SourceLocation
    {
        let offset = max(0, min(offset, bytes.count))
        let (line, column) = LineTable.position(from: (1, 1), at: 0, to: offset, in: bytes)
        return SourceLocation(line: line, column: column, offset: offset)
    }
}

