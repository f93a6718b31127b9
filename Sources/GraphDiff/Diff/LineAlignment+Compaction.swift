/// The last steps of ``LineAlignment``: sliding runs of changed lines to
/// one chosen place among equally short alignments, and reading the
/// changes off the flags.
extension _LineFile {
    /// A run of changed lines `start..<end`; an empty group lies just above
    /// the unchanged line `start`. Every gap between two unchanged lines (and
    /// before the first and after the last) holds one group, most of them
    /// empty, so the groups of two aligned texts pair up one to one.
    struct Group {
        var start = 0
        var end = 0
    }

    /// The group before the first unchanged line.
    func firstGroup() -> Group {
        var g = Group()
        while isChanged(g.end) { g.end += 1 }
        return g
    }

    /// Moves `g` to the next group; `false` at the end of the text.
    func next(_ g: inout Group) -> Bool {
        guard g.end < count else { return false }
        g.start = g.end + 1
        g.end = g.start
        while isChanged(g.end) { g.end += 1 }
        return true
    }

    /// Moves `g` to the previous group; `false` at the start of the text.
    func previous(_ g: inout Group) -> Bool {
        guard g.start > 0 else { return false }
        g.end = g.start - 1
        g.start = g.end
        while isChanged(g.start - 1) { g.start -= 1 }
        return true
    }

    /// Slides `g` one line down when its first line equals the line after
    /// it, taking in the group it then touches.
    mutating func slideDown(_ g: inout Group) -> Bool {
        guard g.end < count, classes[g.start] == classes[g.end] else { return false }
        setChanged(g.start, false)
        g.start += 1
        setChanged(g.end, true)
        g.end += 1
        while isChanged(g.end) { g.end += 1 }
        return true
    }

    /// Slides `g` one line up when its last line equals the line before it,
    /// taking in the group it then touches.
    mutating func slideUp(_ g: inout Group) -> Bool {
        guard g.start > 0, classes[g.start - 1] == classes[g.end - 1] else { return false }
        g.start -= 1
        setChanged(g.start, true)
        g.end -= 1
        setChanged(g.end, false)
        while isChanged(g.start - 1) { g.start -= 1 }
        return true
    }

    /// Slides each run of changed lines of `file` up as far as it goes, then
    /// down as far as it goes (merging with the runs it meets, until it
    /// stops growing), then back up to the last place where it lines up with
    /// changed lines of `other`, if there is one. As GNU diff's
    /// `shift_boundaries` and xdiff's `xdl_change_compact` do.
    ///
    /// - Complexity: O(*n* + *m*) amortised over the runs.
    static func compact(_ file: inout _LineFile, other: inout _LineFile) {
        var g = file.firstGroup(), go = other.firstGroup()
        while true {
            if g.end != g.start {
                var size = 0, earliestEnd = 0, endMatchingOther = -1
                repeat {
                    size = g.end - g.start
                    endMatchingOther = -1
                    while file.slideUp(&g) {
                        guard other.previous(&go) else { return }  // not reached: groups pair up
                    }
                    earliestEnd = g.end
                    if go.end > go.start { endMatchingOther = g.end }
                    while file.slideDown(&g) {
                        guard other.next(&go) else { return }
                        if go.end > go.start { endMatchingOther = g.end }
                    }
                } while size != g.end - g.start
                if g.end != earliestEnd && endMatchingOther != -1 {
                    while go.end == go.start {
                        guard file.slideUp(&g), other.previous(&go) else { break }
                    }
                }
            }
            guard file.next(&g), other.next(&go) else { return }
        }
    }

    /// The changes marked in `a` (old) and `b` (new), in order.
    static func script(_ a: _LineFile, _ b: _LineFile) -> [LineChange] {
        var changes: [LineChange] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if a.isChanged(i) || b.isChanged(j) {
                let (i0, j0) = (i, j)
                while a.isChanged(i) { i += 1 }
                while b.isChanged(j) { j += 1 }
                changes.append(LineChange(oldStart: i0, oldCount: i - i0, newStart: j0, newCount: j - j0))
            } else if i < a.count && j < b.count {
                i += 1
                j += 1
            } else {
                break  // not reached: unchanged lines pair up
            }
        }
        return changes
    }
}
