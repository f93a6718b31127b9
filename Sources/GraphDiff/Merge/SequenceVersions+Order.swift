import GraphDiffJSON

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
        pairwiseOrder(PairwiseRanks(self, sides: sideOrders(core)), masked: masked, mineWins: mineWins)
    }

    /// Mine's and theirs' orders of the members of `core` (given in base
    /// order), as positions in `core`, with what their longest runs kept
    /// in base order say (``IncreasingRuns``); on two cores when long.
    struct SideOrders {
        let core: [Int]
        let mineSeq: [Int], theirsSeq: [Int]
        let mine: IncreasingRuns, theirs: IncreasingRuns
    }

    /// The ``SideOrders`` of `core` (given in base order).
    ///
    /// - Complexity: O(*n* log *n*).
    func sideOrders(_ core: [Int]) -> SideOrders {
        let (mineSeq, theirsSeq) = localOrders(core)
        let (mine, theirs) = core.count >= TwoCores.minimumLookups
            ? inParallel({ IncreasingRuns(mineSeq) }, { IncreasingRuns(theirsSeq) }) : (IncreasingRuns(mineSeq), IncreasingRuns(theirsSeq))
        return SideOrders(core: core, mineSeq: mineSeq, theirsSeq: theirsSeq, mine: mine, theirs: theirs)
    }

    /// What ``pairwiseOrder(_:masked:mineWins:)`` reads of `core` whatever
    /// the mask, computed once for the rounds of one merge: each side's
    /// order of it, the skeleton (members on one longest run of each side
    /// kept in base order; a masked member is never one, as only movers
    /// are masked) and the cut of the skeleton each mover sits at in each
    /// version.
    struct PairwiseRanks {
        let core: [Int]
        let rankMine: [Int], rankTheirs: [Int]
        /// The skeleton, as positions in `core`, in order.
        let skeleton: [Int]
        /// The movers (positions in `core`, in base order) and, for each,
        /// how many skeleton members precede it in base, mine and theirs.
        let movers: [Int]
        let cutBase: [Int], cutMine: [Int], cutTheirs: [Int]

        init(_ v: SequenceVersions, sides: SideOrders) {
            core = sides.core
            let n = core.count
            var rankMine = [Int](repeating: 0, count: n), rankTheirs = [Int](repeating: 0, count: n)
            for (i, k) in sides.mineSeq.enumerated() { rankMine[k] = i }
            for (i, k) in sides.theirsSeq.enumerated() { rankTheirs[k] = i }
            (self.rankMine, self.rankTheirs) = (rankMine, rankTheirs)
            var stays = [UInt8](repeating: 0, count: n)
            for p in sides.mine.one { stays[sides.mineSeq[p]] += 1 }
            for p in sides.theirs.one { stays[sides.theirsSeq[p]] += 1 }
            var skeleton: [Int] = [], movers: [Int] = []
            for k in 0..<n {
                if stays[k] == 2 { skeleton.append(k) } else { movers.append(k) }
            }
            self.skeleton = skeleton
            self.movers = movers
            /// For each mover (in `movers` order): how many skeleton members precede it in `order`.
            func cuts(_ order: [Int]) -> [Int] {
                var cut = [Int](repeating: 0, count: n)
                var seen = 0
                for k in order {
                    if stays[k] == 2 { seen += 1 } else { cut[k] = seen }
                }
                return movers.map { cut[$0] }
            }
            var seen = 0, base: [Int] = []
            base.reserveCapacity(movers.count)
            for k in 0..<n {
                if stays[k] == 2 { seen += 1 } else { base.append(seen) }
            }
            (cutBase, cutMine, cutTheirs) = (base, cuts(sides.mineSeq), cuts(sides.theirsSeq))
        }
    }

    /// ``pairwiseOrder(_:masked:mineWins:)`` over ranks computed ahead.
    ///
    /// - Complexity: O(*n* + *k* log *k* + *k*²) for *n* members and *k* movers.
    func pairwiseOrder(_ ranks: PairwiseRanks, masked: [Bool], mineWins: Bool) -> (order: [Int], violations: [Int]) {
        let core = ranks.core
        let n = core.count
        guard n > 1 else { return (core, []) }
        let (rankMine, rankTheirs, skeleton) = (ranks.rankMine, ranks.rankTheirs, ranks.skeleton)
        @inline(__always) func isMasked(_ k: Int) -> Bool { masked[core[k]] }
        var violations: [Int] = []
        // Each mover at one cut, or a violation.
        var placed: [(cut: Int, mover: Int)] = []
        placed.reserveCapacity(ranks.movers.count)
        for (i, k) in ranks.movers.enumerated() {
            let (b, m, t) = (ranks.cutBase[i], ranks.cutMine[i], ranks.cutTheirs[i])
            let cut: Int
            if isMasked(k) {
                // It follows the winning side against everything.
                cut = mineWins ? m : t
            } else if m == b { cut = t } else if t == b || m == t { cut = m } else if m < b && t < b { cut = min(m, t) } else if m > b && t > b {
                cut = max(m, t)
            } else {
                violations.append(core[k])
                continue
            }
            placed.append((cut, k))
        }
        // By cut, in base order within one (the sort below starts from it).
        placed.sort { $0.cut != $1.cut ? $0.cut < $1.cut : $0.mover < $1.mover }
        /// Whether `x` goes before `y`: two of the three votes, or the
        /// winning side's order where either is masked.
        func before(_ x: Int, _ y: Int) -> Bool {
            if isMasked(x) || isMasked(y) { return mineWins ? rankMine[x] < rankMine[y] : rankTheirs[x] < rankTheirs[y] }
            var votes = x > y ? 1 : 0
            if rankMine[x] < rankMine[y] { votes += 1 }
            if rankTheirs[x] < rankTheirs[y] { votes += 1 }
            return votes >= 2
        }
        var order: [Int] = [], movers: [Int] = []
        order.reserveCapacity(n)
        movers.reserveCapacity(placed.count)
        var next = 0
        for p in 0...skeleton.count {
            var group: [Int] = []
            while next < placed.count && placed[next].cut == p {
                group.append(placed[next].mover)
                next += 1
            }
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
        for k in movers.sorted() where outOfOrder[k] { violations.append(core[k]) }
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
        moves(sideOrders(core))
    }

    /// ``moves(_:)`` from the side orders computed ahead.
    func moves(_ sides: SideOrders) -> (mine: [Bool], theirs: [Bool], settled: [Bool]) {
        var movedMine = [Bool](repeating: false, count: count), movedTheirs = [Bool](repeating: false, count: count)
        var settled = [Bool](repeating: false, count: count)
        let core = sides.core
        var stays = [UInt8](repeating: 0, count: core.count)
        for (p, k) in sides.mineSeq.enumerated() {
            if !sides.mine.onSome[p] { movedMine[core[k]] = true }
            if sides.mine.onEvery[p] { stays[k] += 1 }
        }
        for (p, k) in sides.theirsSeq.enumerated() {
            if !sides.theirs.onSome[p] { movedTheirs[core[k]] = true }
            if sides.theirs.onEvery[p] { stays[k] += 1 }
        }
        for (k, x) in core.enumerated() where stays[k] == 2 { settled[x] = true }
        return (movedMine, movedTheirs, settled)
    }

    /// Mine's and theirs' orders of `core`, as positions in `core`.
    func localOrders(_ core: [Int]) -> (mine: [Int], theirs: [Int]) {
        var local = [Int](repeating: -1, count: count)
        for (k, x) in core.enumerated() { local[x] = k }
        return (mine.compactMap { local[$0] >= 0 ? local[$0] : nil }, theirs.compactMap { local[$0] >= 0 ? local[$0] : nil })
    }
}
