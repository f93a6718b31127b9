/// The walk of a document through the compiled patterns: one state per
/// path, stepped down member by member and element by element.
extension IgnoredPaths {
    /// Where a walk of a document stands in every pattern: the set of
    /// (pattern, segment) positions still alive, and whether a pattern
    /// ended exactly here.
    package struct State: Sendable {
        /// Live positions, as `pattern << 32 | segment`, sorted and unique.
        var positions: [Int]
        /// A pattern ends at this path: the member here is ignored.
        package var matched: Bool

        /// No pattern can match here or below.
        package var isDead: Bool { positions.isEmpty }
    }

    /// The state at the root of a document.
    package var root: State {
        var positions: [Int] = []
        for p in compiled.indices { close(p, 0, into: &positions) }
        return normalized(positions)
    }

    /// Adds the position (`pattern`, `segment`) and, across `**` (which may
    /// match no segment), the positions after it.
    func close(_ pattern: Int, _ segment: Int, into positions: inout [Int]) {
        var s = segment
        while true {
            positions.append(pattern << 32 | s)
            guard s < compiled[pattern].count, compiled[pattern][s] == .anyDepth else { return }
            s += 1
        }
    }

    func normalized(_ raw: [Int]) -> State {
        var positions = raw
        positions.sort()
        var unique: [Int] = []
        unique.reserveCapacity(positions.count)
        var matched = false
        for p in positions where unique.last != p {
            unique.append(p)
            if p & 0xFFFF_FFFF == compiled[p >> 32].count { matched = true }
        }
        // Positions at a pattern's end go no further, but they say `matched`.
        return State(positions: unique.filter { $0 & 0xFFFF_FFFF < compiled[$0 >> 32].count }, matched: matched)
    }

    /// The state one level down, at the member `name` of an object.
    package func step(_ state: State, member name: String) -> State { step(state, name, element: nil, ends: false).0 }

    /// The state one level down, at any element of an array, for `*` and
    /// `**` only (never `matched`: elements are not ignored).
    package func stepIntoElement(_ state: State) -> State {
        var next = step(state, nil, element: nil, ends: false).0
        next.matched = false
        return next
    }

    /// The state one level down, at the element `element` at `index` of an
    /// array: `*`, `**`, the index and keys match (never `matched`).
    package func stepIntoElement(_ state: State, index: Int, element: JSONValue) -> State {
        var next = step(state, nil, element: (index, element), ends: false).0
        next.matched = false
        return next
    }

    /// Whether the elements of an array below `state` can step differently
    /// (an index or key segment is alive).
    package func elementsDiffer(_ state: State) -> Bool {
        state.positions.contains { compiled[$0 >> 32][$0 & 0xFFFF_FFFF].tellsElementsApart }
    }

    /// One step down; with `ends`, also the patterns that end there.
    package func step(_ state: State, _ name: String?, element: (Int, JSONValue)?, ends: Bool) -> (State, [Int]) {
        if state.isDead { return (state, []) }
        var next: [Int] = []
        for position in state.positions {
            let p = position >> 32, s = position & 0xFFFF_FFFF
            switch compiled[p][s] {
            case .anyDepth:
                close(p, s, into: &next)
            case .any:
                close(p, s + 1, into: &next)
            case .name(let n):
                if let name {
                    if utf8Equal(n, name) { close(p, s + 1, into: &next) }
                } else if let (index, _) = element, String(index) == n {
                    close(p, s + 1, into: &next)
                }
            case .key(let k, let v):
                if let (_, e) = element, case .object(let object) = e, let member = object[k], member == v { close(p, s + 1, into: &next) }
            }
        }
        let ended = ends ? next.filter { $0 & 0xFFFF_FFFF == compiled[$0 >> 32].count }.map { $0 >> 32 } : []
        return (normalized(next), ended)
    }
}
