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
public func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var tails: [Int] = []          // tails[k]: index of the smallest tail of an increasing run of length k+1
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
        }
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
