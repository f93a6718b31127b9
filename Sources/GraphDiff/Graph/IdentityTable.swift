import GraphDiffJSON

/// Dense rows for identity strings: an open-addressing table from the exact
/// UTF-8 bytes of a string to the row it was added at.
///
///     keys:   "t1"  "t2"  "t7"          row → key, in the order added
///     slots:  power-of-two table of words, at most half full:
///             0 empty, else (hash tag << 40) | (row + 1); linear probing
///
/// A lookup hashes the bytes once (a seeded multiply-fold hash, far cheaper
/// than SipHash for short identities), reads one slot word and, when its tag
/// matches, compares the bytes of one key. The sequence merge and the
/// sequence diff number members through it and then compare integers; the
/// chain check finds owners with a head, the value checks repeated
/// identities, the array tally its names. (The store's own index is
/// another table, with SipHash.) The seed is drawn once per process from
/// `Hasher`, so a file cannot be made to collide on purpose.
///
/// - Complexity: O(1) expected per ``insert(_:)`` and ``row(of:)``.
struct IdentityTable {
    /// The key of each row.
    private(set) var keys: [String] = []
    private var slots: [UInt64]
    private var mask: Int

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
    }

    /// The number of keys.
    var count: Int { keys.count }

    /// The per-process seed of ``hash(_:)``.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x67_72_61_70_68 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize())) | 1
    }()

    /// Multiplies and folds the 128-bit product (the mixing step of wyhash).
    @inline(__always) private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let p = a.multipliedFullWidth(by: b)
        return p.high ^ p.low
    }

    /// The seeded hash of the UTF-8 bytes of `key`.
    @inline(__always) static func hash(_ key: String) -> UInt64 {
        let fast = key.utf8.withContiguousStorageIfAvailable { hash(bytes: UnsafeRawBufferPointer($0)) }
        if let fast { return fast }
        return hash(bytes: Array(key.utf8))
    }

    @inline(__always) private static func hash(bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash(bytes: $0) }
    }

    @inline(__always) private static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = seed ^ UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            h = mix(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xA076_1D64_78BD_642F)
            i += 8
        }
        var tail: UInt64 = 0, shift: UInt64 = 0
        while i < n {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        return mix(h ^ tail ^ 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3)
    }

    /// The row of `key`, if it was added.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always) func row(of key: String) -> Int? {
        row(of: key, hash: IdentityTable.hash(key))
    }

    /// The row of `key`, whose ``hash(_:)`` is `h`, if it was added.
    @inline(__always) func row(of key: String, hash h: UInt64) -> Int? {
        let tag = h >> 40
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let word = slots[slot]
            if word == 0 { return nil }
            if word >> 40 == tag {
                let row = Int(truncatingIfNeeded: word & 0xFF_FFFF_FFFF) - 1
                if utf8Equal(keys[row], key) { return row }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `key` at the next row and returns that row, or returns the row
    /// `key` already has.
    ///
    /// - Complexity: O(1) amortized expected.
    @discardableResult
    mutating func insert(_ key: String) -> (row: Int, inserted: Bool) {
        insert(key, hash: IdentityTable.hash(key))
    }

    /// ``insert(_:)`` for a `key` whose ``hash(_:)`` is `h` (computed ahead,
    /// say on another core).
    @discardableResult
    mutating func insert(_ key: String, hash h: UInt64) -> (row: Int, inserted: Bool) {
        if 2 * (keys.count + 1) > slots.count { grow() }
        let tag = h >> 40
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let word = slots[slot]
            if word == 0 { break }
            if word >> 40 == tag {
                let row = Int(truncatingIfNeeded: word & 0xFF_FFFF_FFFF) - 1
                if utf8Equal(keys[row], key) { return (row, false) }
            }
            slot = (slot + 1) & mask
        }
        let row = keys.count
        keys.append(key)
        slots[slot] = tag << 40 | UInt64(row + 1)
        return (row, true)
    }

    /// Doubles the slots and places every key again.
    private mutating func grow() {
        let size = slots.count * 2
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for (row, key) in keys.enumerated() {
            let h = IdentityTable.hash(key)
            var slot = Int(truncatingIfNeeded: h) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (h >> 40) << 40 | UInt64(row + 1)
        }
    }
}
