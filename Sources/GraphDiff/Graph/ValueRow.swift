import GraphDiffJSON

/// The values of one object (``GraphObject``): a run of slots in a buffer
/// that many objects can share (``ValueSlab``).
///
/// An object built from an array holds a buffer of its own, as an array
/// would. The scanner gives the objects it reads runs of one large buffer
/// per thousands of objects, so that reading a file allocates once per
/// buffer instead of once per object (an allocation a thread must take a
/// lock of the C allocator for, while the other half of the file is read
/// on the other core):
///
///     slab:  [ t1.done  t1.title | t2.done  t2.title | t3.done … ]
///     rows:    start 0, count 2    start 2, count 2    start 4, …
///
/// A buffer lives as long as one of its rows does: a graph that keeps a
/// few objects of a large file (a merge's result, say) keeps the buffers
/// they are in, about 256 KiB each.
///
/// Rows are values: writing a slot of a row whose buffer another row
/// also holds first copies the row's values into a buffer of its own
/// (copy on write, as an array does). A buffer's filled slots are never
/// written again while another row holds them, which is why rows may
/// cross threads (`@unchecked`: the buffer is a `ManagedBuffer`, which
/// the compiler cannot see is only read once shared).
@usableFromInline
struct ValueRow: @unchecked Sendable {
    /// The buffer the values are in.
    @usableFromInline var slab: ValueSlab
    /// The row's first slot in `slab`.
    @usableFromInline var start: Int32
    /// The number of values.
    @usableFromInline var count: Int32

    /// A row of `count` slots from `start` in `slab` (which holds them
    /// initialized).
    init(slab: ValueSlab, start: Int, count: Int) {
        self.slab = slab
        self.start = Int32(truncatingIfNeeded: start)
        self.count = Int32(truncatingIfNeeded: count)
    }

    /// A row holding `values`, in a buffer of its own.
    ///
    /// - Complexity: O(*p*) for *p* values.
    init(_ values: [JSONValue]) {
        let slab = ValueSlab.make(capacity: values.count)
        let start = slab.claim(values)
        self.init(slab: slab, start: start, count: values.count)
    }

    /// The value at `slot`, which must be below ``count``.
    ///
    /// - Complexity: O(1).
    @inlinable subscript(slot: Int) -> JSONValue {
        slab.withUnsafeMutablePointerToElements { $0[Int(start) &+ slot] }
    }

    /// Stores `value` at `slot` (below ``count``), first copying the row
    /// into a buffer of its own unless no other row holds its buffer.
    ///
    /// - Complexity: O(1); O(*p*) for *p* values when the row is copied.
    mutating func set(_ value: JSONValue, at slot: Int) {
        if !isKnownUniquelyReferenced(&slab) { self = ValueRow(array) }
        slab.withUnsafeMutablePointerToElements { $0[Int(start) + slot] = value }
    }

    /// The values, in an array.
    ///
    /// - Complexity: O(*p*) for *p* values.
    var array: [JSONValue] {
        slab.withUnsafeMutablePointerToElements { Array(UnsafeBufferPointer(start: $0 + Int(start), count: Int(count))) }
    }

    /// Whether `other` is this very run of the same buffer (an object and
    /// its copy): then every value is identical, with nothing compared.
    ///
    /// - Complexity: O(1).
    @inline(__always) func isSameRun(as other: ValueRow) -> Bool {
        slab === other.slab && start == other.start && count == other.count
    }
}

/// What a ``ValueSlab`` knows of itself: its room and how much of it is
/// filled (initialized).
@usableFromInline
struct ValueSlabHeader {
    /// The slots allocated.
    let capacity: Int
    /// The slots initialized, from the first; the rest are unused.
    var used: Int
}

/// One allocation holding the values of one or many objects (see
/// ``ValueRow``): slots are handed out from the front, filled, and not
/// written again while several rows hold the buffer.
@usableFromInline
final class ValueSlab: ManagedBuffer<ValueSlabHeader, JSONValue> {
    /// The slots a scanner's buffer holds: about 256 KiB of values.
    static let scannerCapacity = 1 << 14

    /// An empty buffer with room for `capacity` values.
    static func make(capacity: Int) -> ValueSlab {
        let capacity = Swift.max(0, capacity)
        let buffer = ValueSlab.create(minimumCapacity: capacity) { _ in ValueSlabHeader(capacity: capacity, used: 0) }
        return unsafeDowncast(buffer, to: ValueSlab.self)
    }

    /// The slots still free.
    var room: Int { header.capacity - header.used }

    /// Hands out `count` slots (at most ``room``), set to `null`; returns
    /// the first.
    ///
    /// - Complexity: O(*count*).
    func claim(nulls count: Int) -> Int {
        withUnsafeMutablePointers { header, elements in
            let start = header.pointee.used
            (elements + start).initialize(repeating: .null, count: count)
            header.pointee.used = start + count
            return start
        }
    }

    /// Hands out slots holding `values` (at most ``room`` of them); returns
    /// the first.
    ///
    /// - Complexity: O(*p*) for *p* values.
    func claim(_ values: [JSONValue]) -> Int {
        withUnsafeMutablePointers { header, elements in
            let start = header.pointee.used
            _ = UnsafeMutableBufferPointer(start: elements + start, count: values.count).initialize(from: values)
            header.pointee.used = start + values.count
            return start
        }
    }

    /// The slots from `start` on, to be filled (by the one that claimed them).
    func slots(from start: Int, count: Int) -> UnsafeMutableBufferPointer<JSONValue> {
        withUnsafeMutablePointerToElements { UnsafeMutableBufferPointer(start: $0 + start, count: count) }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.used) }
    }
}
