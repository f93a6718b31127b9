import GraphDiffJSON

/// The one hash table of identities: an open-addressing table from the
/// seeded hash of an identity's UTF-8 bytes to a dense row, whose keys live
/// in the caller's own storage (swift-collections' `_HashTable` is the
/// model: "values in the hash table are offsets into separate element
/// storage"). ``ObjectStore`` indexes its rows with it; ``IdentityTable``
/// numbers identity strings with it (the sequence merge and diff, the chain
/// checks, the value checks).
///
///     words:  power-of-two array, at most half full, linear probing
///             0: empty; else (hash >> 40) << 40 | (row + 1)
///
/// A probe compares keys only where the word's 24-bit tag matches the
/// hash's: a lookup is one hash, usually one word read and one key compare.
/// The hash (``hash(_:)``) is a seeded multiply-fold over the bytes (the
/// mixing step of wyhash), far cheaper than SipHash for short identities;
/// its seed is drawn once per process from `Hasher`, so a file cannot be
/// made to collide on purpose. It reads bytes, never `String` equality,
/// so NFC and NFD spellings of one text are different identities.
///
/// - Complexity: O(1) expected per lookup and insert.
@usableFromInline struct IdentityHashTable: Sendable {
    /// The table's words (see the drawing above).
    @usableFromInline var words: [UInt64]

    /// A table with room for `capacity` rows before it must grow (none
    /// for 0: every lookup then misses without reading a word).
    @usableFromInline init(capacity: Int) {
        guard capacity > 0 else {
            words = []
            return
        }
        words = [UInt64](repeating: 0, count: Self.size(forCapacity: capacity))
    }

    /// How many rows fit before the table is more than half full.
    @inlinable var capacity: Int { words.count / 2 }

    // MARK: Hashing

    /// The per-process seed of ``hash(_:)``.
    @usableFromInline static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x67_72_61_70_68 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize())) | 1
    }()

    /// Multiplies and folds the 128-bit product.
    @inlinable @inline(__always) static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let p = a.multipliedFullWidth(by: b)
        return p.high ^ p.low
    }

    /// The seeded hash of the UTF-8 bytes of `identity`.
    @inlinable @inline(__always) static func hash(_ identity: String) -> UInt64 {
        if let fast = identity.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) { return fast }
        return Array(identity.utf8).withUnsafeBytes { hash(bytes: $0) }
    }

    /// The seeded hash of `bytes`.
    @inlinable @inline(__always) static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
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

    /// The tag of `hash`, in place in a word.
    @inlinable @inline(__always) static func tag(_ hash: UInt64) -> UInt64 { hash & 0xFFFF_FF00_0000_0000 }

    /// The row a non-empty word holds.
    @inlinable @inline(__always) static func row(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFF_FFFF_FFFF) - 1 }

    // MARK: Lookup and insertion

    /// The row whose key has hash `hash` and for which `isKey` holds, if any.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) func row(hash: UInt64, where isKey: (Int) -> Bool) -> Int? {
        guard !words.isEmpty else { return nil }
        let mask = words.count - 1, tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = words[slot]
            if word == 0 { return nil }
            if word & 0xFFFF_FF00_0000_0000 == tag, isKey(Self.row(word)) { return Self.row(word) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `row` with `hash` unless a row for which `isKey` holds is there
    /// already: returns that row then. The table must have room
    /// (``capacity``).
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) mutating func insert(row: Int, hash: UInt64, where isKey: (Int) -> Bool) -> Int? {
        let mask = words.count - 1
        let outcome = words.withUnsafeMutableBufferPointer { buffer -> Probe in
            guard let base = buffer.baseAddress else { return .reachedEnd }
            return Self.probe(base, mask: mask, stoppingAt: -1, row: row, hash: hash, where: isKey)
        }
        if case .found(let other) = outcome { return other }
        return nil
    }

    /// What a probe for a row's key met (``probe(_:mask:stoppingAt:row:hash:where:)``).
    @usableFromInline enum Probe {
        /// An empty slot, where the row now is.
        case stored
        /// This row, whose key is the row's.
        case found(Int)
        /// The end given, before either.
        case reachedEnd
    }

    /// Walks the probe path of `hash` in `words` (a table of `mask + 1`
    /// slots, wrapping round), from its home slot: stores `row` in the first
    /// empty slot, unless a row for which `isKey` holds comes first, or the
    /// walk comes to slot `end` (`-1`: none) before either. The one probe
    /// of insertion, on one core and on each half of the words.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always) static func probe(_ words: UnsafeMutablePointer<UInt64>, mask: Int, stoppingAt end: Int, row: Int, hash: UInt64,
                                                   where isKey: (Int) -> Bool) -> Probe {
        let tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = words[slot]
            if word == 0 {
                words[slot] = tag | UInt64(row + 1)
                return .stored
            }
            if word & 0xFFFF_FF00_0000_0000 == tag, isKey(Self.row(word)) { return .found(Self.row(word)) }
            slot += 1
            if slot == end { return .reachedEnd }
            slot &= mask
        }
    }

    /// The rows whose home slot is in `buckets` (groups of `1 << shift`
    /// slots; `starts[b]`: how many rows have a home slot before bucket
    /// `b`), in the order of their home slots: a counting sort, so that a
    /// table fills front to back.
    ///
    /// - Complexity: O(*n* + *b*) for *n* hashes and *b* buckets.
    static func rowsInHomeOrder(_ hashes: [UInt64], starts: [Int], buckets: Range<Int>, mask: Int, shift: Int) -> [Int] {
        var next = Array(starts[buckets])
        let origin = starts[buckets.lowerBound]
        var order = [Int](repeating: 0, count: starts[buckets.upperBound] - origin)
        for (row, hash) in hashes.enumerated() {
            let b = (Int(truncatingIfNeeded: hash) & mask) >> shift
            guard buckets.contains(b) else { continue }
            order[next[b - buckets.lowerBound] - origin] = row
            next[b - buckets.lowerBound] += 1
        }
        return order
    }

    /// A table of the rows `0..<hashes.count`, whose keys have `hashes`,
    /// with room for `capacity` rows; `sameKey(r, s)` says whether rows
    /// `r` and `s` hold the same key.
    ///
    /// Rows are inserted in the order of their home slot (a counting sort
    /// on the slot's top bits), which fills the table front to back
    /// instead of at random: on a million rows, several times faster. From
    /// ``TwoCores/minimumObjects`` rows, the two halves of the table are
    /// filled on two cores (``fillInHalves(_:hashes:starts:bucketBits:shift:sameKey:)``).
    ///
    /// - Returns: the table, or the first row whose key an earlier row
    ///   holds (in the order of insertion on one core, however it was
    ///   built).
    /// - Complexity: O(*n*) expected for *n* rows.
    static func build(hashes: [UInt64], capacity: Int = 0, sameKey: @escaping (Int, Int) -> Bool) -> Result<IdentityHashTable, DuplicateRow> {
        let size = Self.size(forCapacity: Swift.max(1, capacity, hashes.count))
        let mask = size - 1
        let bucketBits = Swift.min(12, size.trailingZeroBitCount)
        let shift = size.trailingZeroBitCount - bucketBits
        var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
        for hash in hashes { starts[((Int(truncatingIfNeeded: hash) & mask) >> shift) + 1] += 1 }
        for b in 1..<starts.count { starts[b] += starts[b - 1] }
        if hashes.count >= TwoCores.minimumObjects && bucketBits >= 1,
            let table = fillInHalves(size: size, hashes: hashes, starts: starts, bucketBits: bucketBits, shift: shift, sameKey: sameKey)
        {
            return .success(table)
        }
        var table = IdentityHashTable(words: [UInt64](repeating: 0, count: size))
        let order = rowsInHomeOrder(hashes, starts: starts, buckets: 0..<(1 << bucketBits), mask: mask, shift: shift)
        for row in order where table.insert(row: row, hash: hashes[row], where: { sameKey($0, row) }) != nil {
            return .failure(DuplicateRow(row: row))
        }
        return .success(table)
    }

    /// The number of words of a table with room for `capacity` rows.
    static func size(forCapacity capacity: Int) -> Int {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        return size
    }

    private init(words: [UInt64]) { self.words = words }

    /// The table of ``build(hashes:capacity:sameKey:)`` filled on two
    /// cores: each zeroes and fills one half of the words, with the rows
    /// whose home slot is there, in the order of their home slots. A row
    /// whose probe would cross out of its half is set aside, and the rows
    /// set aside are inserted afterwards on one core (a probe in a table
    /// that only grows finds its key whichever order the rows went in).
    /// Two rows with one key have one hash, so one probe path: the later
    /// meets the earlier in its half or both are set aside.
    ///
    /// - Returns: the table, or `nil` when a row's key an earlier row holds
    ///   (the caller then builds on one core, which says which row).
    /// - Complexity: O(*n*) expected, on two cores.
    private static func fillInHalves(size: Int, hashes: [UInt64], starts: [Int], bucketBits: Int, shift: Int,
                                     sameKey: @escaping (Int, Int) -> Bool) -> IdentityHashTable? {
        let mask = size - 1, half = size / 2, middleBucket = 1 << (bucketBits - 1)
        var words = [UInt64](unsafeUninitializedCapacity: size) { _, count in count = size }
        let filled: (Bool, [Int], Bool, [Int]) = words.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (false, [], false, []) }
            nonisolated(unsafe) let words = base
            /// Fills slots `lower..<upper` with the rows of buckets
            /// `firstBucket..<endBucket`: whether no key was found twice,
            /// and the rows set aside.
            func fill(lower: Int, upper: Int, firstBucket: Int, endBucket: Int) -> (Bool, [Int]) {
                (words + lower).initialize(repeating: 0, count: upper - lower)
                var aside: [Int] = []
                for row in rowsInHomeOrder(hashes, starts: starts, buckets: firstBucket..<endBucket, mask: mask, shift: shift) {
                    switch probe(words, mask: mask, stoppingAt: upper, row: row, hash: hashes[row], where: { sameKey($0, row) }) {
                    case .stored: continue
                    case .found: return (false, [])
                    case .reachedEnd: aside.append(row)
                    }
                }
                return (true, aside)
            }
            let (first, second) = inParallel({ fill(lower: 0, upper: half, firstBucket: 0, endBucket: middleBucket) },
                                             { fill(lower: half, upper: size, firstBucket: middleBucket, endBucket: 1 << bucketBits) })
            return (first.0, first.1, second.0, second.1)
        }
        guard filled.0 && filled.2 else { return nil }
        var table = IdentityHashTable(words: words)
        for row in filled.1 + filled.3 where table.insert(row: row, hash: hashes[row], where: { sameKey($0, row) }) != nil {
            return nil
        }
        return table
    }

    /// A row whose key an earlier row holds (``build(hashes:capacity:sameKey:)``).
    struct DuplicateRow: Error {
        /// The later of the two rows.
        let row: Int
    }

    /// The rows the table holds, each once, in no particular order (for
    /// the invariant checks).
    ///
    /// - Complexity: O(*s*) in the table's size.
    var rows: [Int] { words.compactMap { $0 == 0 ? nil : Self.row($0) } }

    /// Whether the word for `row` lies on the probe path of `hash`: from
    /// its home slot, through occupied words only (what a lookup walks).
    ///
    /// - Complexity: O(1) expected.
    func reaches(row: Int, hash: UInt64) -> Bool {
        guard !words.isEmpty else { return false }
        let mask = words.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<words.count {
            let word = words[slot]
            if word == 0 { return false }
            if Self.row(word) == row { return word & 0xFFFF_FF00_0000_0000 == Self.tag(hash) }
            slot = (slot + 1) & mask
        }
        return false
    }
}
