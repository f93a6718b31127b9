/// The positions of a longest strictly increasing subsequence of `values`,
/// by patience sorting with binary search.
///
///     longestIncreasingSubsequence([3, 1, 2, 5, 4])   // [1, 2, 4]: values 1, 2, 4
///
/// Members of a sequence whose old positions, read in new order, lie on such
/// a subsequence kept their relative order; every other member moved. So the
/// complement is a smallest set of moves (Hunt and Szymanski 1977; the same
/// idea drives patience diff).
///
/// - Complexity: O(*n* log *n*).
package func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var tails: [Int] = []          // tails[k]: index of the smallest tail of an increasing run of length k+1
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        let lo = patienceSlot(v, tailCount: tails.count) { values[tails[$0]] }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var result: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
        result.append(k)
        k = previous[k]
    }
    return result.reversed()
}

/// For each position of `values`: whether it lies on *every* longest
/// strictly increasing subsequence: no smallest set of moves moves it.
/// A position on some longest subsequence is on every one exactly when no
/// other such position can take its place in the run (has the same length
/// of run ending there).
///
///     membersOfEveryLongestIncreasingSubsequence([1, 0, 2])   // [false, false, true]
///
/// `some`, when given, is ``membersOfSomeLongestIncreasingSubsequence(_:)``
/// of `values`, computed already.
///
/// - Complexity: O(*n* log *n*).
package func membersOfEveryLongestIncreasingSubsequence(_ values: [Int], some known: [Bool]? = nil) -> [Bool] {
    let some = known ?? membersOfSomeLongestIncreasingSubsequence(values)
    // The length of the longest increasing run ending at each position.
    var tails: [Int] = [], ending = [Int](repeating: 0, count: values.count)
    for (i, v) in values.enumerated() {
        let lo = patienceSlot(v, tailCount: tails.count) { tails[$0] }
        if lo == tails.count { tails.append(v) } else { tails[lo] = v }
        ending[i] = lo + 1
    }
    var holders = [Int](repeating: 0, count: tails.count + 1)
    for i in values.indices where some[i] { holders[ending[i]] += 1 }
    return values.indices.map { some[$0] && holders[ending[$0]] == 1 }
}

/// For each position of `values`: whether it lies on *some* longest strictly
/// increasing subsequence. A member of a reordered sequence off every such
/// subsequence moved in every smallest set of moves; one on some but not all
/// of them is a matter of choice (an adjacent swap moves either member).
///
///     membersOfSomeLongestIncreasingSubsequence([1, 0, 2])   // [true, true, true]
///     membersOfSomeLongestIncreasingSubsequence([1, 2, 0])   // [true, true, false]
///
/// - Complexity: O(*n* log *n*).
package func membersOfSomeLongestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    /// The length of the longest increasing run ending at each position.
    func endingAt(_ values: [Int]) -> [Int] {
        var tails: [Int] = []      // tails[k]: smallest tail value of an increasing run of length k+1
        var length = [Int](repeating: 0, count: values.count)
        for (i, v) in values.enumerated() {
            let lo = patienceSlot(v, tailCount: tails.count) { tails[$0] }
            if lo == tails.count { tails.append(v) } else { tails[lo] = v }
            length[i] = lo + 1
        }
        return length
    }
    let ending = endingAt(values)
    // Runs starting at i are runs ending at i of the reversed, negated sequence.
    let starting = Array(endingAt(values.reversed().map { -$0 }).reversed())
    let longest = ending.max() ?? 0
    return values.indices.map { ending[$0] + starting[$0] - 1 == longest }
}

/// What the longest strictly increasing subsequences of one sequence say
/// of its positions, from two patience passes (one forward, one backward)
/// instead of one pass per question: which positions lie on *some*
/// longest subsequence, which on *every* one, and one such subsequence.
///
///     let a = IncreasingRuns([1, 0, 2])
///     a.onSome    // [true, true, true]
///     a.onEvery   // [false, false, true]
///     a.one       // [1, 2]: values 0, 2
///
/// - Complexity: O(*n* log *n*).
package struct IncreasingRuns {
    /// Per position: whether it lies on some longest increasing subsequence.
    package let onSome: [Bool]
    /// Per position: whether it lies on every longest increasing subsequence.
    package let onEvery: [Bool]
    /// The positions of one longest increasing subsequence (the one
    /// ``longestIncreasingSubsequence(_:)`` gives).
    package let one: [Int]

    package init(_ values: [Int]) {
        let n = values.count
        var tails: [Int] = [], previous = [Int](repeating: -1, count: n), ending = [Int](repeating: 0, count: n)
        for (i, v) in values.enumerated() {
            let lo = patienceSlot(v, tailCount: tails.count) { values[tails[$0]] }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
            ending[i] = lo + 1
        }
        var path: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 {
            path.append(k)
            k = previous[k]
        }
        one = path.reversed()
        // Runs starting at i: runs ending at i of the reversed, negated sequence.
        var backTails: [Int] = [], starting = [Int](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let v = -values[i]
            let lo = patienceSlot(v, tailCount: backTails.count) { backTails[$0] }
            if lo == backTails.count { backTails.append(v) } else { backTails[lo] = v }
            starting[i] = lo + 1
        }
        let longest = tails.count
        var some = [Bool](repeating: false, count: n)
        var holders = [Int](repeating: 0, count: longest + 1)
        for i in 0..<n where ending[i] + starting[i] - 1 == longest {
            some[i] = true
            holders[ending[i]] += 1
        }
        onSome = some
        onEvery = (0..<n).map { some[$0] && holders[ending[$0]] == 1 }
    }
}

/// Where patience sorting puts `v`: the first of `tailCount` piles whose
/// tail (`tailValue`, increasing with the pile) is not below `v`, or
/// `tailCount` for a new pile. Most members of a long sequence extend the
/// longest run, so the last pile is tried before the binary search.
///
/// - Complexity: O(log *k*) for *k* piles; O(1) when `v` extends the last.
@inline(__always)
func patienceSlot(_ v: Int, tailCount: Int, tailValue: (Int) -> Int) -> Int {
    if tailCount > 0 && tailValue(tailCount - 1) < v { return tailCount }
    var lo = 0, hi = tailCount
    while lo < hi {
        let mid = (lo + hi) / 2
        if tailValue(mid) < v { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
