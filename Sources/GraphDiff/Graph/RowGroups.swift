/// Rows grouped under other rows: for each key row (of a store with
/// `keyCount` rows), the value rows paired with it, in the order the pairs
/// were added. Built by a counting sort, so no row is hashed and no array
/// is made per key: how a merge gathers the referrers of each object.
struct RowGroups {
    /// Where each key's values start in ``values``; `starts[k + 1]` is
    /// where they end.
    private var starts: [Int32]
    /// The value rows, key by key.
    private var values: [Int32]

    /// Groups `pairs` (key row, value row) by key; a key outside
    /// `0..<keyCount`, or a value row over `Int32.max`, is left out (all
    /// of them when `keyCount` is over `Int32.max`).
    ///
    /// - Complexity: O(*p* + *k*) for *p* pairs and *k* keys.
    init(_ pairs: [(key: Int, value: Int)], keyCount: Int) {
        let keyCount = keyCount <= Int(Int32.max) ? Swift.max(0, keyCount) : 0
        var starts = [Int32](repeating: 0, count: keyCount + 1)
        var kept = 0
        for pair in pairs where RowGroups.fits(pair, keyCount) {
            starts[pair.key + 1] &+= 1
            kept += 1
        }
        for k in 0..<keyCount { starts[k + 1] &+= starts[k] }
        var next = starts
        var values = [Int32](repeating: 0, count: kept)
        for pair in pairs where RowGroups.fits(pair, keyCount) {
            values[Int(next[pair.key])] = Int32(pair.value)
            next[pair.key] &+= 1
        }
        self.starts = starts
        self.values = values
    }

    private static func fits(_ pair: (key: Int, value: Int), _ keyCount: Int) -> Bool {
        pair.key >= 0 && pair.key < keyCount && pair.value >= 0 && pair.value <= Int(Int32.max)
    }

    /// Whether `key` has no value rows.
    func isEmpty(_ key: Int) -> Bool {
        guard key >= 0 && key + 1 < starts.count else { return true }
        return starts[key] == starts[key + 1]
    }

    /// The value rows of `key`, in the order their pairs were added.
    ///
    /// - Complexity: O(*m*) for *m* values.
    func values(of key: Int) -> [Int] {
        guard key >= 0 && key + 1 < starts.count else { return [] }
        return values[Int(starts[key])..<Int(starts[key + 1])].map(Int.init)
    }
}
