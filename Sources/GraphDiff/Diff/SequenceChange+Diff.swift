import GraphDiffJSON

extension SequenceChange {
    /// The edits that turn the member order `old` into `new`: members only
    /// in `new` inserted, members only in `old` removed, and the fewest moves
    /// among the rest (those off a longest increasing subsequence).
    ///
    /// Old positions are rows of an ``IdentityTable``; a member of `new` is
    /// compared first with the member after the last one found in `old`
    /// (so a long sequence with few edits needs few lookups).
    ///
    /// - Complexity: O(*n* log *n*) in the length of the sequences (O(*n*)
    ///   expected besides the longest increasing subsequence).
    static func edits(from old: [String], to new: [String]) -> (inserted: [Insert], removed: [Remove], moved: [Move]) {
        edits(from: old, to: new, positionInOld: positionsInOld(of: new, in: old))
    }

    /// For each member of `new`, its position in `old` (`-1`: not there;
    /// a member `old` lists twice: its last position). The member after
    /// the last one found is compared first (most members of a long
    /// sequence keep their neighbour), then one hash lookup.
    ///
    /// - Complexity: O(*n*) expected in the length of the sequences.
    static func positionsInOld(of new: [String], in old: [String]) -> [Int] {
        // Rows of an identity table stand for the members of `old`.
        var table = IdentityTable(capacity: old.count)
        var oldPosition: [Int] = []
        oldPosition.reserveCapacity(old.count)
        for (i, id) in old.enumerated() {
            let (row, inserted) = table.insert(id)
            if inserted { oldPosition.append(i) } else { oldPosition[row] = i }
        }
        let distinct = table.count == old.count
        var positionInOld = [Int](repeating: -1, count: new.count)
        var following = 0
        for (j, id) in new.enumerated() {
            let found = distinct && following < old.count && utf8Equal(old[following], id)
                ? following : table.row(of: id).map { oldPosition[$0] }
            if let i = found {
                following = i + 1
                positionInOld[j] = i
            }
        }
        return positionInOld
    }

    /// ``edits(from:to:)`` given each new member's old position
    /// (``positionsInOld(of:in:)``).
    ///
    /// - Complexity: O(*n* log *n*) in the length of the sequences.
    static func edits(from old: [String], to new: [String], positionInOld: [Int]) -> (inserted: [Insert], removed: [Remove], moved: [Move]) {
        var newPositionOfOld = [Int](repeating: -1, count: old.count)
        var commonNewIndex: [Int] = []
        var commonOldPosition: [Int] = []
        for (j, i) in positionInOld.enumerated() where i >= 0 {
            newPositionOfOld[i] = j
            commonNewIndex.append(j)
            commonOldPosition.append(i)
        }
        var stable = [Bool](repeating: false, count: new.count)
        for k in longestIncreasingSubsequence(commonOldPosition) { stable[commonNewIndex[k]] = true }
        var inserted: [Insert] = [], moved: [Move] = []
        for (j, id) in new.enumerated() where !stable[j] {
            let after = j > 0 ? new[j - 1] : nil
            let i = positionInOld[j]
            if i >= 0 {
                moved.append(Move(member: id, from: i > 0 ? old[i - 1] : nil, to: after))
            } else {
                inserted.append(Insert(member: id, after: after))
            }
        }
        var removed: [Remove] = []
        for (i, id) in old.enumerated() where newPositionOfOld[i] < 0 {
            removed.append(Remove(member: id, after: i > 0 ? old[i - 1] : nil))
        }
        return (inserted, removed, moved)
    }

    /// Applies the edits to the member order `old`: removes the removed and
    /// moved members, then places each inserted or moved member after its
    /// new predecessor, in new order.
    ///
    /// - Returns: the new order, or `nil` when an edit does not fit `old`
    ///   (a removed member missing, an inserted one present, an anchor absent).
    /// - Complexity: O(*n*) expected.
    public func apply(to old: [String]) -> [String]? {
        // A short order (most of an app's lists) is edited as an array:
        // a search along it costs less than hashing every member.
        old.count <= 32 ? applyToShortOrder(old) : applyToLongOrder(old)
    }

    /// ``apply(to:)`` over a linked list of the members, by their bytes.
    ///
    /// - Complexity: O(*n* + *e*) expected.
    func applyToLongOrder(_ old: [String]) -> [String]? {
        var next: [ExactKey: ExactKey?] = [:]  // linked list over the members
        var head: ExactKey?
        var previous: ExactKey?
        for id in old {
            let key = ExactKey(id)
            guard next[key] == nil else { return nil }
            if let previous { next[previous] = .some(key) } else { head = key }
            next[key] = .some(nil)
            previous = key
        }
        // Unlink a member, finding its predecessor by walking (removals are
        // batched first so the walk happens once).
        var leaving = Set<ExactKey>()
        for r in removed {
            guard next[ExactKey(r.member)] != nil else { return nil }
            leaving.insert(ExactKey(r.member))
        }
        for m in moved {
            guard next[ExactKey(m.member)] != nil else { return nil }
            leaving.insert(ExactKey(m.member))
        }
        if !leaving.isEmpty {
            var kept: [ExactKey] = []
            var cursor = head
            var steps = 0
            while let c = cursor, steps <= old.count {
                if !leaving.contains(c) { kept.append(c) }
                cursor = next[c] ?? nil
                steps += 1
            }
            next = [:]
            head = kept.first
            for (i, k) in kept.enumerated() { next[k] = .some(i + 1 < kept.count ? kept[i + 1] : nil) }
        }
        // Place inserts and moves, each after its anchor.
        for p in mergeInNewOrder(inserted: inserted, moved: moved) {
            let key = ExactKey(p.member)
            guard next[key] == nil else { return nil }
            if let after = p.after {
                let anchor = ExactKey(after)
                guard let following = next[anchor] else { return nil }
                next[anchor] = .some(key)
                next[key] = .some(following)
            } else {
                next[key] = .some(head)
                head = key
            }
        }
        var result: [String] = []
        var cursor = head
        while let c = cursor, result.count <= next.count {
            result.append(c.string)
            cursor = next[c] ?? nil
        }
        return result
    }

    /// ``apply(to:)`` of a short order, as an array searched member by
    /// member (each member compared by its bytes): the same result, and
    /// `nil` in the same cases.
    ///
    /// - Complexity: O(*n* × (*n* + *e*)) for *n* members and *e* edits.
    func applyToShortOrder(_ old: [String]) -> [String]? {
        func index(of member: String, in order: [String]) -> Int? { order.firstIndex { utf8Equal($0, member) } }
        for (i, member) in old.enumerated() where index(of: member, in: old) != i { return nil }  // twice
        var order = old
        let leaving = removed.map(\.member) + moved.map(\.member)
        for member in leaving where index(of: member, in: old) == nil { return nil }
        if !leaving.isEmpty { order.removeAll { member in leaving.contains { utf8Equal($0, member) } } }
        for p in mergeInNewOrder(inserted: inserted, moved: moved) {
            guard index(of: p.member, in: order) == nil else { return nil }
            if let after = p.after {
                guard let anchor = index(of: after, in: order) else { return nil }
                order.insert(p.member, at: anchor + 1)
            } else {
                order.insert(p.member, at: 0)
            }
        }
        return order
    }

    /// Inserts and moves interleaved in the order of the new sequence. Each
    /// list is in new order already; an element must come after its anchor,
    /// so merge by following anchors: a placement whose anchor is itself
    /// placed later must wait for it.
    func mergeInNewOrder(inserted: [Insert], moved: [Move]) -> [(member: String, after: String?)] {
        let all: [(member: String, after: String?)] = inserted.map { ($0.member, $0.after) } + moved.map { ($0.member, $0.to) }
        let placed = Set(all.map { ExactKey($0.member) })
        var waiting: [ExactKey: [Int]] = [:]  // anchor → placements waiting for it
        var result: [(member: String, after: String?)] = []
        var done = Set<ExactKey>()
        func emit(_ i: Int) {
            var stack = [i]
            while let k = stack.popLast() {
                result.append(all[k])
                let key = ExactKey(all[k].member)
                done.insert(key)
                if let followers = waiting.removeValue(forKey: key) { stack.append(contentsOf: followers.reversed()) }
            }
        }
        for (i, p) in all.enumerated() {
            if let after = p.after, placed.contains(ExactKey(after)), !done.contains(ExactKey(after)) {
                waiting[ExactKey(after), default: []].append(i)
            } else {
                emit(i)
            }
        }
        // Anything still waiting has an anchor cycle: place it anyway so
        // apply can report the misfit instead of dropping it.
        for (_, rest) in waiting.sorted(by: { $0.key.string < $1.key.string }) { for i in rest { result.append(all[i]) } }
        return result
    }
}

/// A string hashed and compared by its exact bytes (see ``ExactString``).
typealias ExactKey = ExactString
