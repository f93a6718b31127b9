/// The pairwise order of the members all three versions hold (law 1 of
/// ``SequenceMerge``), and the members both sides moved (law 3).
extension SequenceVersions {
    /// The members of `core` (given in base order) in the order law 1
    /// asks for, and the members that are part of a cycle of its
    /// constraints (`violations`; then the order is not final). Pairs with
    /// a `masked` member follow the winning side's order instead of the vote.
    ///
    /// A skeleton of members that keep their order in all three versions
    /// (one longest increasing subsequence of each side, intersected) is
    /// ordered as is. Each other member ("mover") sits at a cut of the
    /// skeleton in each version; *x* precedes a skeleton member when at least
    /// two of (base reversed, mine, theirs) say so, which puts it at one cut,
    /// or nowhere when the sides moved it in opposite directions. Movers at
    /// one cut are sorted by the same vote, and every pair of movers is
    /// checked against it: a pair out of order is part of a cycle.
    ///
    /// - Complexity: O(*n* log *n* + *k*²), *k* the movers.
    func pairwiseOrder(_ core: [Int], masked: [Bool], mineWins: Bool) -> (order: [Int], violations: [Int]) {
        let n = core.count
        guard n > 1 else { return (core, []) }
        let (mineSeq, theirsSeq) = localOrders(core)
        var rankMine = [Int](repeating: 0, count: n), rankTheirs = [Int](repeating: 0, count: n)
        for (i, k) in mineSeq.enumerated() { rankMine[k] = i }
        for (i, k) in theirsSeq.enumerated() { rankTheirs[k] = i }
        let isMasked = core.map { masked[$0] }
        var stays = [Int](repeating: 0, count: n)
        for p in longestIncreasingSubsequence(mineSeq) { stays[mineSeq[p]] += 1 }
        for p in longestIncreasingSubsequence(theirsSeq) { stays[theirsSeq[p]] += 1 }
        var skeleton: [Int] = []
        var skeletonRank = [Int](repeating: -1, count: n)
        for k in 0..<n where stays[k] == 2 && !isMasked[k] {
            skeletonRank[k] = skeleton.count
            skeleton.append(k)
        }
        /// For each mover: how many skeleton members precede it in `order`.
        func cuts(_ order: [Int]) -> [Int] {
            var cut = [Int](repeating: 0, count: n)
            var seen = 0
            for k in order {
                if skeletonRank[k] >= 0 { seen += 1 } else { cut[k] = seen }
            }
            return cut
        }
        let cutBase = cuts(Array(0..<n)), cutMine = cuts(mineSeq), cutTheirs = cuts(theirsSeq)
        var violations: [Int] = []
        var groups = [[Int]](repeating: [], count: skeleton.count + 1)
        for k in 0..<n where skeletonRank[k] < 0 {
            let (b, m, t) = (cutBase[k], cutMine[k], cutTheirs[k])
            let cut: Int
            if isMasked[k] {
                // It follows the winning side against everything.
                cut = mineWins ? m : t
            } else if m == b { cut = t } else if t == b || m == t { cut = m } else if m < b && t < b { cut = min(m, t) } else if m > b && t > b {
                cut = max(m, t)
            } else {
                violations.append(core[k])
                continue
            }
            groups[cut].append(k)
        }
        /// Whether `x` goes before `y`: two of the three votes, or the
        /// winning side's order where either is masked.
        func before(_ x: Int, _ y: Int) -> Bool {
            if isMasked[x] || isMasked[y] { return mineWins ? rankMine[x] < rankMine[y] : rankTheirs[x] < rankTheirs[y] }
            var votes = x > y ? 1 : 0
            if rankMine[x] < rankMine[y] { votes += 1 }
            if rankTheirs[x] < rankTheirs[y] { votes += 1 }
            return votes >= 2
        }
        var order: [Int] = [], movers: [Int] = []
        order.reserveCapacity(n)
        for p in 0...skeleton.count {
            var group = groups[p]
            // Insertion sort: it ends whatever the votes say, cycles included.
            for i in group.indices.dropFirst() {
                var j = i
                while j > 0 && before(group[j], group[j - 1]) {
                    group.swapAt(j, j - 1)
                    j -= 1
                }
            }
            order += group
            movers += group
            if p < skeleton.count { order.append(skeleton[p]) }
        }
        var outOfOrder = [Bool](repeating: false, count: n)
        for i in movers.indices {
            for j in movers.indices.dropFirst(i + 1) where !before(movers[i], movers[j]) {
                outOfOrder[movers[i]] = true
                outOfOrder[movers[j]] = true
            }
        }
        for k in 0..<n where outOfOrder[k] { violations.append(core[k]) }
        return (order.map { core[$0] }, violations)
    }

    /// For each member (by number): whether mine, and whether theirs,
    /// moved it in every smallest reading of its moves (it is off every
    /// longest run of `core`, given in base order, that the side keeps in
    /// base order); and whether it is settled: a member of `core` that no
    /// smallest reading of either side's moves moves (it is on every such
    /// run of both sides). Members outside `core` are neither.
    ///
    /// - Complexity: O(*n* log *n*).
    func moves(_ core: [Int]) -> (mine: [Bool], theirs: [Bool], settled: [Bool]) {
        var movedMine = [Bool](repeating: false, count: count), movedTheirs = [Bool](repeating: false, count: count)
        var settled = [Bool](repeating: false, count: count)
        let (mineSeq, theirsSeq) = localOrders(core)
        for (p, on) in membersOfSomeLongestIncreasingSubsequence(mineSeq).enumerated() where !on { movedMine[core[mineSeq[p]]] = true }
        for (p, on) in membersOfSomeLongestIncreasingSubsequence(theirsSeq).enumerated() where !on { movedTheirs[core[theirsSeq[p]]] = true }
        var stays = [Int](repeating: 0, count: count)
        for (p, on) in membersOfEveryLongestIncreasingSubsequence(mineSeq).enumerated() where on { stays[core[mineSeq[p]]] += 1 }
        for (p, on) in membersOfEveryLongestIncreasingSubsequence(theirsSeq).enumerated() where on { stays[core[theirsSeq[p]]] += 1 }
        for x in core where stays[x] == 2 { settled[x] = true }
        return (movedMine, movedTheirs, settled)
    }

    /// Mine's and theirs' orders of `core`, as positions in `core`.
    private func localOrders(_ core: [Int]) -> (mine: [Int], theirs: [Int]) {
        var local = [Int](repeating: -1, count: count)
        for (k, x) in core.enumerated() { local[x] = k }
        return (mine.compactMap { local[$0] >= 0 ? local[$0] : nil }, theirs.compactMap { local[$0] >= 0 ? local[$0] : nil })
    }
}
