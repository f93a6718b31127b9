/// One change between two texts, in lines: `oldCount` lines of the old text
/// from line `oldStart` become `newCount` lines of the new text from line
/// `newStart` (lines counted from 0; a count of 0 is a pure insertion or
/// deletion).
package struct LineChange: Hashable, Sendable {
    package var oldStart: Int
    package var oldCount: Int
    package var newStart: Int
    package var newCount: Int

    package init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int) {
        self.oldStart = oldStart
        self.oldCount = oldCount
        self.newStart = newStart
        self.newCount = newCount
    }

    /// The first old line after the change.
    package var oldEnd: Int { oldStart + oldCount }
    /// The first new line after the change.
    package var newEnd: Int { newStart + newCount }
}

/// The line alignment that git's diff machinery (xdiff, in its default
/// Myers mode) computes, so that the line diff and the line merge built on
/// it agree with `git diff`, `git merge-file` and, but for rare ties,
/// `diff -u`.
///
///     let changes = LineAlignment.changes(from: ByteLines(old), to: ByteLines(new))
///     // [LineChange(oldStart: 4, oldCount: 1, newStart: 4, newCount: 1), …]
///
/// Lines are compared by their bytes (see ``ByteLines``). The steps:
/// 1. Lines equal at both ends are set aside.
/// 2. A line of one text that the other text does not have is a change
///    without search; a line the other text has many times (at least about
///    √*n*) is left out of the search when it sits among such lines.
/// 3. The remaining lines are aligned by Myers' algorithm (E. W. Myers, "An
///    O(ND) Difference Algorithm and Its Variations", Algorithmica 1986) in
///    its linear-space form, bisecting at a middle snake.
/// 4. Each run of changed lines is slid as far down as the lines around it
///    allow, merging with the runs it meets, then back up to end where a
///    run of the other text ends, if it passed one (as GNU diff does).
///
/// - Note: Past a cost of max(256, about √(*n* + *m*)) edits in one
///   sub-problem, the search stops at the furthest-reaching point (and,
///   earlier, at a diagonal that reached a run of 20 equal lines), as
///   xdiff does: the result is then not minimal, and time stays
///   O((*n* + *m*) · √(*n* + *m*)) per sub-problem instead of
///   O((*n* + *m*) · *d*).
package enum LineAlignment {
    /// The changes that turn `old` into `new`, in order, none adjacent to
    /// the next; empty when the texts have the same lines.
    ///
    /// - Complexity: O((*n* + *m*) · min(*d*, √(*n* + *m*)) + *n* + *m*)
    ///   time and O(*n* + *m*) memory, where *n* and *m* are the line
    ///   counts and *d* the number of lines added and removed.
    ///
    /// `costBound` replaces the cost past which a sub-problem's search stops
    /// at its furthest-reaching point (max(256, about √(*n* + *m*)) when
    /// `nil`, as in xdiff); the word diff uses a fixed 256, so that texts
    /// of few distinct words stay near linear time.
    package static func changes(from old: ByteLines, to new: ByteLines, costBound: Int? = nil) -> [LineChange] {
        var (a, b) = _prepare(old, new)
        var search = _LineSearch(a.keptClasses, b.keptClasses, costBound: costBound)
        search.run()
        for (r, changed) in search.changedA.enumerated() where changed { a.setChanged(a.kept[r], true) }
        for (r, changed) in search.changedB.enumerated() where changed { b.setChanged(b.kept[r], true) }
        _LineFile.compact(&a, other: &b)
        _LineFile.compact(&b, other: &a)
        return _LineFile.script(a, b)
    }

    /// The lines of both texts as dense classes (equal bytes, equal class),
    /// with the lines that need no search already marked.
    static func _prepare(_ old: ByteLines, _ new: ByteLines) -> (_LineFile, _LineFile) {
        var classOf: [ArraySlice<UInt8>: Int32] = [:]
        var countsA: [Int] = [], countsB: [Int] = []
        func classify(_ lines: ByteLines, inA: Bool) -> [Int32] {
            var result: [Int32] = []
            result.reserveCapacity(lines.count)
            for i in 0..<lines.count {
                let line = lines[i]
                let c: Int32
                if let known = classOf[line] {
                    c = known
                } else {
                    c = Int32(countsA.count)
                    classOf[line] = c
                    countsA.append(0)
                    countsB.append(0)
                }
                if inA { countsA[Int(c)] += 1 } else { countsB[Int(c)] += 1 }
                result.append(c)
            }
            return result
        }
        var a = _LineFile(classes: classify(old, inA: true))
        var b = _LineFile(classes: classify(new, inA: false))

        // Lines equal at both ends take no part in the search.
        let n1 = a.count, n2 = b.count, shorter = min(n1, n2)
        var start = 0
        while start < shorter && a.classes[start] == b.classes[start] { start += 1 }
        var suffix = 0
        while suffix < shorter - start && a.classes[n1 - 1 - suffix] == b.classes[n2 - 1 - suffix] { suffix += 1 }

        a.keep(from: start, to: n1 - suffix, otherCounts: countsB)
        b.keep(from: start, to: n2 - suffix, otherCounts: countsA)
        return (a, b)
    }

    /// xdiff's integer "square root": 2^⌈log₄(n + 1)⌉.
    static func _roughSquareRoot(_ n: Int) -> Int {
        var root = 1, rest = n
        while rest > 0 {
            root <<= 1
            rest >>= 2
        }
        return root
    }
}

/// One text's lines for ``LineAlignment``: classes, change flags, and the
/// lines the search sees.
struct _LineFile {
    /// The class of each line.
    let classes: [Int32]
    /// `changed[i + 1]` for line `i`; the first and last entries stay `false`
    /// so that walks need no bounds checks.
    var changed: [Bool]
    /// The lines the search sees, in order, and their classes.
    var kept: [Int] = []
    var keptClasses: [Int32] = []

    init(classes: [Int32]) {
        self.classes = classes
        changed = [Bool](repeating: false, count: classes.count + 2)
    }

    var count: Int { classes.count }

    /// Whether line `i` (from -1 to `count`) is changed.
    func isChanged(_ i: Int) -> Bool { changed[i + 1] }

    mutating func setChanged(_ i: Int, _ value: Bool) { changed[i + 1] = value }

    /// How a line of `start..<end` stands in the other text: 0 absent, 1 there
    /// a few times, 2 there many times.
    enum Presence: UInt8 { case absent = 0, some = 1, many = 2 }

    /// Chooses the lines of `start..<end` the search sees: a line the other
    /// text lacks is changed at once; a line the other text has many times
    /// is changed at once when it stands among lines the other text lacks.
    mutating func keep(from start: Int, to end: Int, otherCounts: [Int]) {
        guard start < end else { return }
        let limit = min(LineAlignment._roughSquareRoot(count), 1024)
        var presence = [Presence](repeating: .absent, count: count)
        for i in start..<end {
            let n = otherCounts[Int(classes[i])]
            presence[i] = n == 0 ? .absent : n >= limit ? .many : .some
        }
        let runs = _PresenceRuns(presence, start, end)
        for i in start..<end {
            if presence[i] == .some || (presence[i] == .many && !runs.dropsMany(i)) {
                kept.append(i)
                keptClasses.append(classes[i])
            } else {
                setChanged(i, true)
            }
        }
    }

    /// Whether the line `i`, which the other text has many times, is left
    /// out of the search: it stands in a run of lines that the other text
    /// lacks or has many times (looking at most 100 lines either way, inside
    /// `first...last`), with lines it lacks on both sides, and fewer than a
    /// quarter of the run are had many times. (``_PresenceRuns`` answers the
    /// same in constant time; this is its definition.)
    static func dropsMany(_ presence: [Presence], _ i: Int, _ first: Int, _ last: Int) -> Bool {
        let window = 100
        let low = i - first > window ? i - window : first
        let high = last - i > window ? i + window : last
        func run(_ indices: StrideThrough<Int>) -> (absent: Int, many: Int) {
            var absent = 0, many = 1
            for j in indices {
                switch presence[j] {
                case .absent: absent += 1
                case .many: many += 1
                case .some: return (absent, many)
                }
            }
            return (absent, many)
        }
        let before = run(stride(from: i - 1, through: low, by: -1))
        if before.absent == 0 { return false }
        let after = run(stride(from: i + 1, through: high, by: 1))
        if after.absent == 0 { return false }
        let absent = before.absent + after.absent, many = before.many + after.many
        return many * 4 < many + absent
    }
}

/// ``_LineFile/dropsMany(_:_:_:_:)`` for every line of `start..<end` in
/// constant time each: counts of absent and many lines before each line,
/// and the nearest line had a few times on either side, so that a run is
/// two subtractions instead of a walk of up to 100 lines each way (which
/// made texts of few distinct lines, such as the words of a long string,
/// cost 200 steps a line).
struct _PresenceRuns {
    let start: Int, end: Int
    /// For `k` in `start...end`, at `k - start`: how many lines of
    /// `start..<k` are absent, and had many times.
    var absentBefore: [Int32], manyBefore: [Int32]
    /// For line `i`, at `i - start`: the nearest line before it had a few
    /// times (`start - 1` if none), and after it (`end` if none).
    var someBefore: [Int], someAfter: [Int]

    init(_ presence: [_LineFile.Presence], _ start: Int, _ end: Int) {
        self.start = start
        self.end = end
        let n = end - start
        absentBefore = [Int32](repeating: 0, count: n + 1)
        manyBefore = [Int32](repeating: 0, count: n + 1)
        someBefore = [Int](repeating: start - 1, count: n)
        someAfter = [Int](repeating: end, count: n)
        var last = start - 1
        for k in 0..<n {
            let p = presence[start + k]
            absentBefore[k + 1] = absentBefore[k] + (p == .absent ? 1 : 0)
            manyBefore[k + 1] = manyBefore[k] + (p == .many ? 1 : 0)
            someBefore[k] = last
            if p == .some { last = start + k }
        }
        var next = end
        for k in stride(from: n - 1, through: 0, by: -1) {
            someAfter[k] = next
            if presence[start + k] == .some { next = start + k }
        }
    }

    /// The runs of lines `lo..<hi`: absent lines, and 1 + lines had many times.
    func counts(_ lo: Int, _ hi: Int) -> (absent: Int, many: Int) {
        guard lo < hi else { return (0, 1) }
        return (Int(absentBefore[hi - start] - absentBefore[lo - start]), 1 + Int(manyBefore[hi - start] - manyBefore[lo - start]))
    }

    /// ``_LineFile/dropsMany(_:_:_:_:)`` of line `i` in `start..<end`.
    func dropsMany(_ i: Int) -> Bool {
        let window = 100, first = start, last = end - 1
        let low = i - first > window ? i - window : first
        let high = last - i > window ? i + window : last
        let before = counts(max(low, someBefore[i - start] + 1), i)
        if before.absent == 0 { return false }
        let after = counts(i + 1, min(high, someAfter[i - start] - 1) + 1)
        if after.absent == 0 { return false }
        let absent = before.absent + after.absent, many = before.many + after.many
        return many * 4 < many + absent
    }

}
