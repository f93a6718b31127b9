/// The search of ``LineAlignment``: Myers' algorithm (Algorithmica 1986) in
/// its linear-space form, with xdiff's order of diagonals and its limits,
/// over the lines left after preparation (`a` and `b` hold their classes).
///
/// Boxes wait on an explicit stack rather than in recursion, so no input can
/// drive the stack deep; the order in which boxes are done does not change
/// the result (each search starts afresh).
struct _LineSearch {
    let a: [Int32]
    let b: [Int32]
    /// The furthest x reached on each diagonal k = x − y, forward and
    /// backward, at index k + `origin`.
    var forward: [Int]
    var backward: [Int]
    let origin: Int
    /// The cost at which a search stops at its furthest-reaching point.
    let maxCost: Int
    /// Which of `a` and `b` are changed.
    var changedA: [Bool]
    var changedB: [Bool]

    static let snakeLength = 20
    static let heuristicMinCost = 256
    static let heuristicFactor = 4

    init(_ a: [Int32], _ b: [Int32], costBound: Int? = nil) {
        self.a = a
        self.b = b
        let diagonals = a.count + b.count + 3
        forward = [Int](repeating: 0, count: diagonals)
        backward = [Int](repeating: 0, count: diagonals)
        origin = b.count + 1
        maxCost = costBound ?? max(256, LineAlignment._roughSquareRoot(diagonals))
        changedA = [Bool](repeating: false, count: a.count)
        changedB = [Bool](repeating: false, count: b.count)
    }

    /// A box of the edit graph: `a[lo1..<hi1]` against `b[lo2..<hi2]`.
    struct Box {
        var lo1: Int, hi1: Int, lo2: Int, hi2: Int
        /// Whether the search in this box must be minimal (no heuristic).
        var minimal: Bool
    }

    /// Marks the changed lines of `a` and `b`.
    mutating func run() {
        var boxes = [Box(lo1: 0, hi1: a.count, lo2: 0, hi2: b.count, minimal: false)]
        while var box = boxes.popLast() {
            while box.lo1 < box.hi1 && box.lo2 < box.hi2 && a[box.lo1] == b[box.lo2] {
                box.lo1 += 1
                box.lo2 += 1
            }
            while box.lo1 < box.hi1 && box.lo2 < box.hi2 && a[box.hi1 - 1] == b[box.hi2 - 1] {
                box.hi1 -= 1
                box.hi2 -= 1
            }
            if box.lo1 == box.hi1 {
                for j in box.lo2..<box.hi2 { changedB[j] = true }
            } else if box.lo2 == box.hi2 {
                for i in box.lo1..<box.hi1 { changedA[i] = true }
            } else {
                let split = self.split(box)
                let progress = (split.x, split.y) != (box.lo1, box.lo2) && (split.x, split.y) != (box.hi1, box.hi2)
                guard progress, split.x >= box.lo1, split.x <= box.hi1, split.y >= box.lo2, split.y <= box.hi2 else {
                    // Not reached (a split always lies strictly inside the
                    // box); replacing the box whole keeps the loop finite.
                    for i in box.lo1..<box.hi1 { changedA[i] = true }
                    for j in box.lo2..<box.hi2 { changedB[j] = true }
                    continue
                }
                boxes.append(Box(lo1: split.x, hi1: box.hi1, lo2: split.y, hi2: box.hi2, minimal: split.minimalHigh))
                boxes.append(Box(lo1: box.lo1, hi1: split.x, lo2: box.lo2, hi2: split.y, minimal: split.minimalLow))
            }
        }
    }

    /// Where to split a box, and whether each half must be searched minimally.
    struct Split {
        var x: Int, y: Int
        var minimalLow: Bool, minimalHigh: Bool
    }

    /// The split point of `box` (whose first and last lines differ): the end
    /// of the middle snake of a shortest edit path, found by searching from
    /// both corners one edit at a time until the searches meet. Unless the
    /// box is minimal, a search that costs more than ``heuristicMinCost``
    /// may stop at a diagonal that reached a long snake far along, and one
    /// that costs ``maxCost`` stops at the furthest-reaching point.
    mutating func split(_ box: Box) -> Split {
        let (lo1, hi1, lo2, hi2) = (box.lo1, box.hi1, box.lo2, box.hi2)
        let o = origin
        let dmin = lo1 - hi2, dmax = hi1 - lo2
        let fmid = lo1 - lo2, bmid = hi1 - hi2
        let odd = (fmid - bmid) & 1 != 0
        var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
        forward[o + fmid] = lo1
        backward[o + bmid] = hi1
        var cost = 1
        while true {
            var gotSnake = false
            // Forward: one more edit on every diagonal in reach.
            if fmin > dmin {
                fmin -= 1
                forward[o + fmin - 1] = -1
            } else {
                fmin += 1
            }
            if fmax < dmax {
                fmax += 1
                forward[o + fmax + 1] = -1
            } else {
                fmax -= 1
            }
            for d in stride(from: fmax, through: fmin, by: -2) {
                var x = forward[o + d - 1] >= forward[o + d + 1] ? forward[o + d - 1] + 1 : forward[o + d + 1]
                let x0 = x
                var y = x - d
                while x < hi1 && y < hi2 && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                if x - x0 > Self.snakeLength { gotSnake = true }
                forward[o + d] = x
                if odd && bmin <= d && d <= bmax && backward[o + d] <= x {
                    return Split(x: x, y: y, minimalLow: true, minimalHigh: true)
                }
            }
            // Backward, from the far corner.
            if bmin > dmin {
                bmin -= 1
                backward[o + bmin - 1] = Int.max
            } else {
                bmin += 1
            }
            if bmax < dmax {
                bmax += 1
                backward[o + bmax + 1] = Int.max
            } else {
                bmax -= 1
            }
            for d in stride(from: bmax, through: bmin, by: -2) {
                var x = backward[o + d - 1] < backward[o + d + 1] ? backward[o + d - 1] : backward[o + d + 1] - 1
                let x0 = x
                var y = x - d
                while x > lo1 && y > lo2 && a[x - 1] == b[y - 1] {
                    x -= 1
                    y -= 1
                }
                if x0 - x > Self.snakeLength { gotSnake = true }
                backward[o + d] = x
                if !odd && fmin <= d && d <= fmax && x <= forward[o + d] {
                    return Split(x: x, y: y, minimalLow: true, minimalHigh: true)
                }
            }
            if box.minimal {
                cost += 1
                continue
            }
            if gotSnake && cost > Self.heuristicMinCost, let split = snakeSplit(box, cost: cost, fmin: fmin, fmax: fmax, bmin: bmin, bmax: bmax) {
                return split
            }
            if cost >= maxCost {
                return furthestSplit(box, fmin: fmin, fmax: fmax, bmin: bmin, bmax: bmax)
            }
            cost += 1
        }
    }

    /// A diagonal that has gone far (its reach, less its distance from the
    /// middle diagonal, above ``heuristicFactor`` times the cost) and ends
    /// in a snake of ``snakeLength`` equal lines, forward first, then
    /// backward; `nil` when none has.
    func snakeSplit(_ box: Box, cost: Int, fmin: Int, fmax: Int, bmin: Int, bmax: Int) -> Split? {
        let (lo1, hi1, lo2, hi2) = (box.lo1, box.hi1, box.lo2, box.hi2)
        let o = origin, snake = Self.snakeLength
        let fmid = lo1 - lo2, bmid = hi1 - hi2
        var best = 0
        var found: Split?
        for d in stride(from: fmax, through: fmin, by: -2) {
            let off = d > fmid ? d - fmid : fmid - d
            let x = forward[o + d], y = x - d
            let v = (x - lo1) + (y - lo2) - off
            guard v > Self.heuristicFactor * cost, v > best, lo1 + snake <= x, x < hi1, lo2 + snake <= y, y < hi2 else { continue }
            var k = 1
            while a[x - k] == b[y - k] {
                if k == snake {
                    best = v
                    found = Split(x: x, y: y, minimalLow: true, minimalHigh: false)
                    break
                }
                k += 1
            }
        }
        if let found { return found }
        best = 0
        for d in stride(from: bmax, through: bmin, by: -2) {
            let off = d > bmid ? d - bmid : bmid - d
            let x = backward[o + d], y = x - d
            let v = (hi1 - x) + (hi2 - y) - off
            guard v > Self.heuristicFactor * cost, v > best, lo1 < x, x <= hi1 - snake, lo2 < y, y <= hi2 - snake else { continue }
            var k = 0
            while a[x + k] == b[y + k] {
                if k == snake - 1 {
                    best = v
                    found = Split(x: x, y: y, minimalLow: false, minimalHigh: true)
                    break
                }
                k += 1
            }
        }
        return found
    }

    /// The point furthest along (greatest x + y forward, least backward) of
    /// the two searches, whichever went further.
    func furthestSplit(_ box: Box, fmin: Int, fmax: Int, bmin: Int, bmax: Int) -> Split {
        let (lo1, hi1, lo2, hi2) = (box.lo1, box.hi1, box.lo2, box.hi2)
        let o = origin
        var fbest = -1, fbestX = -1
        for d in stride(from: fmax, through: fmin, by: -2) {
            var x = min(forward[o + d], hi1), y = x - d
            if hi2 < y {
                x = hi2 + d
                y = hi2
            }
            if fbest < x + y {
                fbest = x + y
                fbestX = x
            }
        }
        var bbest = Int.max, bbestX = Int.max
        for d in stride(from: bmax, through: bmin, by: -2) {
            var x = max(lo1, backward[o + d]), y = x - d
            if y < lo2 {
                x = lo2 + d
                y = lo2
            }
            if x + y < bbest {
                bbest = x + y
                bbestX = x
            }
        }
        if (hi1 + hi2) - bbest < fbest - (lo1 + lo2) {
            return Split(x: fbestX, y: fbest - fbestX, minimalLow: true, minimalHigh: false)
        }
        return Split(x: bbestX, y: bbest - bbestX, minimalLow: false, minimalHigh: true)
    }
}
