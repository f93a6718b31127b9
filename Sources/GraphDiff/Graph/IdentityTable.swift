import GraphDiffJSON

/// Dense rows for identity strings: each string added gets the next row,
/// found again by its exact UTF-8 bytes through the one
/// ``IdentityHashTable``.
///
///     keys:   "t1"  "t2"  "t7"          row → key, in the order added
///
/// The sequence merge and the sequence diff number members through it and
/// then compare integers; the chain check finds owners with a head, the
/// value checks repeated identities, the array tally its names.
///
/// - Complexity: O(1) expected per ``insert(_:)`` and ``row(of:)``.
struct IdentityTable {
    /// The key of each row.
    private(set) var keys: [String] = []
    /// The hash of each row's key (kept, so that growing hashes nothing).
    private var hashes: [UInt64] = []
    private var table: IdentityHashTable

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        table = IdentityHashTable(capacity: Swift.max(8, capacity))
        keys.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// The number of keys.
    var count: Int { keys.count }

    /// The seeded hash of the UTF-8 bytes of `key` (``IdentityHashTable/hash(_:)``).
    @inline(__always) static func hash(_ key: String) -> UInt64 { IdentityHashTable.hash(key) }

    /// The row of `key`, if it was added.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always) func row(of key: String) -> Int? {
        row(of: key, hash: IdentityHashTable.hash(key))
    }

    /// The row of `key`, whose ``hash(_:)`` is `h`, if it was added.
    @inline(__always) func row(of key: String, hash h: UInt64) -> Int? {
        table.row(hash: h) { utf8Equal(keys[$0], key) }
    }

    /// Adds `key` at the next row and returns that row, or returns the row
    /// `key` already has.
    ///
    /// - Complexity: O(1) amortized expected.
    @discardableResult
    mutating func insert(_ key: String) -> (row: Int, inserted: Bool) {
        insert(key, hash: IdentityHashTable.hash(key))
    }

    /// ``insert(_:)`` for a `key` whose ``hash(_:)`` is `h` (computed ahead,
    /// say on another core).
    @discardableResult
    mutating func insert(_ key: String, hash h: UInt64) -> (row: Int, inserted: Bool) {
        if keys.count + 1 > table.capacity { grow() }
        let row = keys.count
        if let existing = table.insert(row: row, hash: h, where: { utf8Equal(keys[$0], key) }) { return (existing, false) }
        keys.append(key)
        hashes.append(h)
        return (row, true)
    }

    /// Doubles the table and places every key again.
    private mutating func grow() {
        // The keys are distinct: no duplicate to find.
        if case .success(let bigger) = IdentityHashTable.build(hashes: hashes, capacity: 2 * table.capacity, sameKey: { _, _ in false }) {
            table = bigger
        }
    }
}
