/// One step of an alignment of two sequences `a` and `b`.
package enum AlignmentStep: Hashable, Sendable {
    /// `a[i]` and `b[j]` are the same element.
    case keep(Int, Int)
    /// `a[i]` is not in `b`.
    case delete(Int)
    /// `b[j]` is not in `a`.
    case insert(Int)
}

/// The shortest edit script between two sequences, by Myers' algorithm
/// (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations",
/// Algorithmica 1986) in its linear-space form: the middle snake splits the
/// problem in two, so memory is O(*n* + *m*) and recursion is only O(log *d*)
/// deep, whatever the input.
///
///     SequenceAlignment.align(count: (3, 3)) { i, j in a[i] == b[j] }
///
/// Common prefixes and suffixes are stripped first, so a few edits in a long
/// sequence cost O(*n* + *m* + *d*²).
///
/// - Note: The result is minimal unless a sub-problem would need more than
///   ``workLimit`` steps of the search (two long sequences with little in
///   common); that sub-problem is then replaced whole (all deleted, all
///   inserted), which is correct but not minimal, and keeps the time
///   O((*n* + *m*) · limit) instead of O((*n* + *m*) · *d*).
package enum SequenceAlignment {
    /// Bounds the search: a middle-snake search gives up after
    /// max(1000, workLimit / (*n* + *m*)) steps.
    package static let workLimit = 40_000_000

    /// The elements of `a` that an alignment with `b` keeps, each with
    /// its index in `b` (equal values, compared by hash first): diff3's
    /// view of one side against the base.
    ///
    /// - Complexity: that of ``align(count:equal:)``, O((*n* + *m*) · *d*)
    ///   for *d* differences.
    package static func kept<Element: Hashable>(_ a: [Element], _ b: [Element]) -> [Int: Int] {
        let (ha, hb) = (a.map(\.hashValue), b.map(\.hashValue))
        var map: [Int: Int] = [:]
        for step in align(count: (a.count, b.count), equal: { ha[$0] == hb[$1] && a[$0] == b[$1] }) {
            if case .keep(let i, let j) = step { map[i] = j }
        }
        return map
    }

    /// The steps that turn `a` (of `count.a` elements) into `b`, in order.
    ///
    /// - Parameter equal: whether `a[i]` equals `b[j]`; called O((*n* + *m*) · *d*) times.
    /// - Complexity: O((*n* + *m*) · *d*) time, O(*n* + *m*) memory.
    package static func align(count: (a: Int, b: Int), equal: (Int, Int) -> Bool) -> [AlignmentStep] {
        var steps: [AlignmentStep] = []
        steps.reserveCapacity(max(count.a, count.b))
        withoutActuallyEscaping(equal) { equal in
            var aligner = Aligner(equal: equal)
            aligner.align(0, count.a, 0, count.b, into: &steps)
        }
        return steps
    }

    struct Aligner {
        let equal: (Int, Int) -> Bool
        var forward: [Int] = []
        var backward: [Int] = []

        mutating func align(_ aLo0: Int, _ aHi0: Int, _ bLo0: Int, _ bHi0: Int, into steps: inout [AlignmentStep]) {
            var aLo = aLo0, aHi = aHi0, bLo = bLo0, bHi = bHi0
            // Common prefix.
            while aLo < aHi && bLo < bHi && equal(aLo, bLo) {
                steps.append(.keep(aLo, bLo))
                aLo += 1
                bLo += 1
            }
            // Common suffix, emitted after the middle.
            var suffix = 0
            while aLo < aHi - suffix && bLo < bHi - suffix && equal(aHi - suffix - 1, bHi - suffix - 1) { suffix += 1 }
            aHi -= suffix
            bHi -= suffix
            if aLo == aHi {
                for j in bLo..<bHi { steps.append(.insert(j)) }
            } else if bLo == bHi {
                for i in aLo..<aHi { steps.append(.delete(i)) }
            } else if let snake = middleSnake(aLo, aHi, bLo, bHi) {
                align(aLo, snake.x, bLo, snake.y, into: &steps)
                var x = snake.x, y = snake.y
                while x < snake.u {
                    steps.append(.keep(x, y))
                    x += 1
                    y += 1
                }
                align(snake.u, aHi, snake.v, bHi, into: &steps)
            } else {
                // Too costly to search: replace the whole sub-problem.
                for i in aLo..<aHi { steps.append(.delete(i)) }
                for j in bLo..<bHi { steps.append(.insert(j)) }
            }
            for k in 0..<suffix { steps.append(.keep(aHi + k, bHi + k)) }
        }

        /// The middle snake of `a[aLo..<aHi]` and `b[bLo..<bHi]` (both
        /// non-empty, first and last elements differing): a run of equal
        /// elements from (x, y) to (u, v) that lies on a shortest edit path
        /// whose edits split evenly around it. `nil` when the search passes
        /// ``workLimit``.
        mutating func middleSnake(_ aLo: Int, _ aHi: Int, _ bLo: Int, _ bHi: Int) -> (x: Int, y: Int, u: Int, v: Int)? {
            let n = aHi - aLo, m = bHi - bLo
            let delta = n - m
            let odd = delta & 1 != 0
            let offset = m + 1  // diagonal k = x - y lies in -(m+1)...(n+1)
            let size = n + m + 3
            if forward.count < size { forward = [Int](repeating: 0, count: size) }
            if backward.count < size { backward = [Int](repeating: 0, count: size) }
            // Seeds: the d = 0 steps read these neighbours.
            forward[offset + 1] = 0
            backward[offset + delta + 1] = n + 1
            let maxD = (n + m + 1) / 2
            let costLimit = max(1000, SequenceAlignment.workLimit / (n + m))
            // Diagonals outside -m...n hold no point of the grid: never
            // computed, never read.
            for d in 0...maxD {
                if d > costLimit { return nil }
                // Forward paths from (0, 0).
                var k = max(-d, -m)
                if (k + d) & 1 != 0 { k += 1 }
                while k <= min(d, n) {
                    var x: Int
                    if k == -d || k - 1 < -m {
                        x = forward[offset + k + 1]
                    } else if k == d || k + 1 > n {
                        x = forward[offset + k - 1] + 1
                    } else {
                        x = max(forward[offset + k - 1] + 1, forward[offset + k + 1])
                    }
                    var y = x - k
                    let sx = x, sy = y
                    while x < n && y < m && equal(aLo + x, bLo + y) {
                        x += 1
                        y += 1
                    }
                    forward[offset + k] = x
                    if odd && k >= delta - (d - 1) && k <= delta + (d - 1) && x >= backward[offset + k] {
                        return (aLo + sx, bLo + sy, aLo + x, bLo + y)
                    }
                    k += 2
                }
                // Backward paths from (n, m).
                k = max(delta - d, -m)
                if (k - delta + d) & 1 != 0 { k += 1 }
                while k <= min(delta + d, n) {
                    var x: Int
                    if k == delta - d || k - 1 < -m {
                        x = backward[offset + k + 1] - 1
                    } else if k == delta + d || k + 1 > n {
                        x = backward[offset + k - 1]
                    } else {
                        x = min(backward[offset + k + 1] - 1, backward[offset + k - 1])
                    }
                    var y = x - k
                    let ex = x, ey = y
                    while x > 0 && y > 0 && equal(aLo + x - 1, bLo + y - 1) {
                        x -= 1
                        y -= 1
                    }
                    backward[offset + k] = x
                    if !odd && k >= -d && k <= d && x <= forward[offset + k] {
                        return (aLo + x, bLo + y, aLo + ex, bLo + ey)
                    }
                    k += 2
                }
            }
            return nil
        }
    }
}
