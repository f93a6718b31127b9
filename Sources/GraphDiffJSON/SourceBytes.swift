import Foundation

/// The bytes of one input, held once and never copied: an array, or memory
/// that its owner lent (the command line tool lends a file it mapped
/// read-only).
///
/// Readers reach the bytes through ``withUnsafeBufferPointer(_:)``. An
/// owner that can give pages back while keeping the bytes readable (a
/// private read-only file mapping, whose released pages the kernel reads
/// again from the page cache when touched) passes a `release` function;
/// the readers that walk the whole input once (the graph scanner,
/// ``JSONSourceText``'s line table, ``elementsEqual(_:)``) call
/// ``release(_:)`` behind them, so that such an input need not stay
/// resident as a whole. For an array, releasing does nothing.
///
///     let source = SourceBytes(Array(text.utf8))
///     let graph = try Graph.load(source, schema: schema)
///     let text = JSONSourceText(source)            // positions, same bytes
///
/// Memory of a lent buffer:
///
///     owner's memory  [0 ............................. count)
///                      ^ released behind a reader: still readable,
///                        read again on demand; never written
public final class SourceBytes: @unchecked Sendable {
    /// The bytes when they are an array (then `lent` is `nil`).
    private let array: [UInt8]
    /// The bytes when an owner lent them.
    private let lent: UnsafeBufferPointer<UInt8>?
    private let releasing: (@Sendable (Range<Int>) -> Void)?
    private let deallocating: (@Sendable () -> Void)?

    /// The number of bytes.
    public let count: Int
    /// A number that no other ``SourceBytes`` made by this process has
    /// (from 1, in order of making), or 0 once 2³² - 1 have been made: how
    /// a value read from these bytes names them without keeping them alive
    /// (0 names nothing, so nothing is copied from those made later).
    package let tag: UInt32 = SourceBytes.nextTag()

    private static let tagLock = NSLock()
    nonisolated(unsafe) private static var lastTag: UInt32 = 0

    private static func nextTag() -> UInt32 {
        tagLock.withLock {
            guard lastTag < .max else { return 0 }
            lastTag += 1
            return lastTag
        }
    }

    /// The table of line starts a reader of the whole text made as it went
    /// (``LineTableBuilder``), for the positions a report asks of the text
    /// later without reading it all again; `nil` until one is given.
    package var lineTable: LineTable? {
        get { lineTableLock.withLock { storedLineTable } }
        set { lineTableLock.withLock { storedLineTable = newValue } }
    }
    private var storedLineTable: LineTable?
    private let lineTableLock = NSLock()

    /// How many bytes a reader walks between two calls of ``release(_:)``.
    public static let releaseStep = 16 << 20

    /// The bytes of `bytes` (the array is kept, not copied).
    public init(_ bytes: [UInt8]) {
        array = bytes
        lent = nil
        releasing = nil
        deallocating = nil
        count = bytes.count
    }

    /// Bytes that the caller lends until this value is freed.
    ///
    ///     let source = SourceBytes(lending: UnsafeRawBufferPointer(start: address, count: size),
    ///                              release: { range in /* madvise(MADV_DONTNEED) */ },
    ///                              deallocate: { munmap(address, size) })
    ///
    /// - Parameters:
    ///   - buffer: the bytes; they must stay readable and unchanged until
    ///     `deallocate` is called.
    ///   - release: called with a range of offsets that a reader has walked
    ///     past; the bytes must stay readable (released memory is read again
    ///     on demand). `nil` when nothing can be given back.
    ///   - deallocate: called once, when this value is freed.
    public init(lending buffer: UnsafeRawBufferPointer, release: (@Sendable (Range<Int>) -> Void)? = nil,
                deallocate: (@Sendable () -> Void)? = nil) {
        array = []
        lent = buffer.baseAddress.map { UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: buffer.count) }
        releasing = release
        deallocating = deallocate
        count = buffer.count
    }

    deinit { deallocating?() }

    /// Calls `body` with the bytes; the pointer must not escape it.
    ///
    /// - Complexity: O(1).
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let lent { return try body(lent) }
        return try array.withUnsafeBufferPointer(body)
    }

    /// Says that a reader walked past the bytes in `range`: an owner that
    /// lent them may give their memory back (they stay readable).
    public func release(_ range: Range<Int>) {
        guard let releasing, !range.isEmpty else { return }
        releasing(range.clamped(to: 0..<count))
    }

    /// A copy of the bytes as an array (no copy when they are one).
    ///
    /// - Complexity: O(*n*) for lent bytes.
    public var bytes: [UInt8] {
        if lent == nil { return array }
        return withUnsafeBufferPointer { Array($0) }
    }

    /// Whether `other` holds exactly these bytes, compared
    /// ``releaseStep`` bytes at a time, releasing each part behind the
    /// comparison.
    ///
    /// - Complexity: O(*n*).
    public func elementsEqual(_ other: [UInt8]) -> Bool {
        guard other.count == count else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                var offset = 0
                while offset < count {
                    let n = min(SourceBytes.releaseStep, count - offset)
                    guard let a = mine.baseAddress, let b = theirs.baseAddress, memcmp(a + offset, b + offset, n) == 0 else { return false }
                    release(offset..<(offset + n))
                    offset += n
                }
                return true
            }
        }
    }
}
