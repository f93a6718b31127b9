extension JSONObject {
    /// For each member of `other`, the position of the member of `self` with
    /// the same name (exact bytes), or -1.
    ///
    /// Two versions of one object mostly list their members in the same
    /// order, so both lists are walked side by side: equal names pair at
    /// once, and at a difference a short lookahead on each side finds where
    /// they meet again (members inserted or removed there). Only the members
    /// the walk leaves unpaired are hashed, to pair those that moved. When
    /// the lookahead fails (the orders differ), every name is hashed.
    ///
    ///     let old: JSONObject = ["a": 1, "b": 2, "c": 3]
    ///     let new: JSONObject = ["a": 1, "c": 4, "d": 5]
    ///     old.pairing(with: new)   // [0, 2, -1]
    ///
    /// - Complexity: O(*n* + *m*) byte comparisons when the orders agree but
    ///   for a few members; O(*n* + *m*) expected hashing otherwise.
    public func pairing(with other: JSONObject) -> [Int] {
        let a = members, b = other.members
        var result = [Int](repeating: -1, count: b.count)
        var unpairedA: [Int] = [], unpairedB: [Int] = []
        var i = 0, j = 0
        let window = 8
        walk: while i < a.count && j < b.count {
            if utf8Equal(a[i].key, b[j].key) {
                result[j] = i
                i += 1
                j += 1
                continue
            }
            for d in 1...window {
                if i + d < a.count && utf8Equal(a[i + d].key, b[j].key) {
                    unpairedA += i..<(i + d)
                    i += d
                    continue walk
                }
                if j + d < b.count && utf8Equal(a[i].key, b[j + d].key) {
                    unpairedB += j..<(j + d)
                    j += d
                    continue walk
                }
            }
            return hashedPairing(with: other)
        }
        unpairedA += i..<a.count
        unpairedB += j..<b.count
        // A member that moved is unpaired on both sides: pair it by name.
        if !unpairedA.isEmpty && !unpairedB.isEmpty {
            var names = [ExactString: Int](minimumCapacity: unpairedA.count)
            for p in unpairedA { names[ExactString(a[p].key)] = p }
            for q in unpairedB { if let p = names[ExactString(b[q].key)] { result[q] = p } }
        }
        return result
    }

    /// ``pairing(with:)`` through a hash index of every name.
    func hashedPairing(with other: JSONObject) -> [Int] {
        let names = index()
        return other.members.map { names[ExactString($0.key)] ?? -1 }
    }
}
