import Foundation

/// A position in a source text: 1-based line and column, and the byte offset.
///
/// Columns count Unicode scalar values (characters as most editors count them),
/// not bytes, starting at 1.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// Byte offset from the start of the text (0-based).
    public var offset: Int

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
/// The first lookup builds a table of line starts in O(*n*); every lookup after
/// that is a binary search, O(log *n*) plus the length of the line.
public final class JSONSourceText: @unchecked Sendable {
    /// The bytes as read.
    public let bytes: [UInt8]
    private var lineStarts: [Int]?
    private let lock = NSLock()

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The line and column of the byte at `offset` (clamped to the text).
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        let starts = lock.withLock { () -> [Int] in
            if let lineStarts { return lineStarts }
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
            lineStarts = starts
            return starts
        }
        // Last line start <= offset.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = starts[lo]
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourceLocation(line: lo + 1, column: column, offset: offset)
    }

    /// The offset of the name of member `name` of the object whose own
    /// member name (its key in the enclosing object) starts at `keyOffset`,
    /// or `nil`.
    ///
    /// - Complexity: O(*k*) in the size of that object.
    public func memberOffset(inObjectKeyedAt keyOffset: Int, member name: String) -> Int? {
        guard keyOffset >= 0, keyOffset < bytes.count, bytes[keyOffset] == 0x22 else { return nil }
        // Skip the key string and the colon, then read the object.
        var i = keyOffset + 1
        while i < bytes.count && bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
        i += 1
        while i < bytes.count && bytes[i] != 0x3A { i += 1 }
        guard let object = (try? JSONReader.parseValue(in: bytes, at: i + 1))?.objectValue else { return nil }
        return object.member(name).map(\.keyOffset)
    }

    /// Computes a location in `bytes` without keeping a table: O(*offset*).
    public static func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> SourceLocation
    {
        let offset = max(0, min(offset, bytes.count))
        var line = 1, column = 1
        var i = 0
        while i < offset {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(line: line, column: column, offset: offset)
    }
}

