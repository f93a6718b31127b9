/// Counts at places `0..<count`, with prefix sums: a Fenwick (binary
/// indexed) tree.
///
///     var taken = FenwickCounts(count: 4)
///     taken.add(1, at: 0); taken.add(1, at: 2)
///     taken.count(before: 3)   // 2
///
/// - Complexity: O(log *n*) per ``add(_:at:)`` and ``count(before:)``.
struct FenwickCounts {
    private var tree: [Int]

    /// Zero at every place.
    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    /// Adds `delta` at `place` (`0 ≤ place < count`).
    mutating func add(_ delta: Int, at place: Int) {
        var i = place + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum at the places before `place`.
    func count(before place: Int) -> Int {
        var i = place, sum = 0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}
