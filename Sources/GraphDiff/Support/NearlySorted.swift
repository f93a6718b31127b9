/// Sorts `rows` by `less`, fast when most are in order already: a
/// graph's rows after a patch or a merge are in identity order but for the
/// objects added at the end (and any that moved).
///
/// The rows that keep ascending from the first stay where they are; the
/// others are sorted on their own and merged back in. When more than an
/// eighth are out of place the whole array is sorted instead. Keys must be
/// distinct (identities are): the order of equal keys is not kept.
///
/// - Complexity: O(*n*) when `rows` is in order (no allocation); O(*n* +
///   *d* log *d*) for *d* rows out of place; O(*n* log *n*) at worst.
func sortNearlyInOrder(_ rows: inout [Int], by less: (Int, Int) -> Bool) {
    var firstDescent = 1
    while firstDescent < rows.count && less(rows[firstDescent - 1], rows[firstDescent]) { firstDescent += 1 }
    guard firstDescent < rows.count else { return }
    var kept = Array(rows[..<firstDescent]), displaced: [Int] = []
    kept.reserveCapacity(rows.count)
    let limit = rows.count / 8
    for row in rows[firstDescent...] {
        if let last = kept.last, !less(last, row) {
            displaced.append(row)
            if displaced.count > limit {
                rows.sort(by: less)
                return
            }
        } else {
            kept.append(row)
        }
    }
    displaced.sort(by: less)
    var i = 0, j = 0, k = 0
    while i < kept.count || j < displaced.count {
        if j == displaced.count || (i < kept.count && !less(displaced[j], kept[i])) {
            rows[k] = kept[i]
            i += 1
        } else {
            rows[k] = displaced[j]
            j += 1
        }
        k += 1
    }
}
