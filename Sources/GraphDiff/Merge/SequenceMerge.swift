import GraphDiffJSON

/// Three-way merge of an ordered sequence of identities: a chain's members,
/// or the elements of a JSON array matched by a key.
///
/// The merge is written from laws, not from lists of moves chosen per side
/// (an adjacent swap can be read as either member moving, so such lists
/// depend on a choice and can contradict each other):
///
/// 1. **Pairwise order.** For two members that base, mine, theirs and the
///    result all hold: if neither side changed their relative order, the
///    base order stands; if one side changed it, that side's order stands
///    (both sides changing it means both reversed it, so they agree). Put
///    another way, *x* comes before *y* when at least two of these three
///    say so: the base reversed, mine, theirs. When these constraints form
///    a cycle (the sides reordered in contradiction), that is a conflict of
///    kind ``Conflict/Kind/order`` naming the members involved; they are
///    placed as mine has them (as theirs has them under `prefer: .theirs`).
/// 2. **Inserted members follow their neighbour.** A member that one side
///    inserted (or kept while the other deleted it, and the result keeps
///    it) stays right after the member it follows on that side, wherever the
///    other side moved that neighbour. Consecutive inserts of one side stay
///    together; where both sides insert after the same member, mine's run
///    comes first and theirs' follows, unmixed. A neighbour that is gone is
///    replaced by the nearest earlier member of that side that survives.
/// 3. **Same member, two places.** A member that both sides moved, in every
///    smallest reading of each side's moves, to different places is a
///    ``Conflict/Kind/moved`` conflict: it stays at its base place, or goes
///    where the preferred side put it. A new member that both sides
///    inserted after different neighbours is a ``Conflict/Kind/inserted``
///    conflict: it goes where mine (or the preferred side) put it.
/// 4. **Delete beats move**: a member missing from `present` is not in the
///    result, whatever the other side did with it.
///
///     SequenceMerge.merge(base: ["a", "b", "c"], mine: ["b", "c", "a"], theirs: ["a", "c", "b"],
///                         present: ["a", "b", "c"], prefer: nil).order   // c b a
///
/// - Complexity: O(*n* log *n* + *k*²), where *n* is the length of the
///   sequences and *k* the number of members whose order not all three
///   versions agree on.
package enum SequenceMerge {
    /// A conflict in the order of a sequence.
    package struct Conflict: Sendable, Equatable {
        package enum Kind: String, Sendable, Equatable {
            /// The sides changed the relative order of these members in
            /// contradiction: no order honours both.
            case order
            /// Both sides moved this member to different places.
            case moved
            /// Both sides inserted this new member after different neighbours.
            case inserted
        }

        package var kind: Kind
        /// The members concerned: for ``Kind/order`` all of them, in base
        /// order; otherwise the one member.
        package var members: [String]
        /// For ``Kind/moved`` and ``Kind/inserted``: the member the one
        /// member follows in each version (`nil`: at the head, or absent).
        package var baseAfter: String?
        package var mineAfter: String?
        package var theirsAfter: String?

        package init(kind: Kind, members: [String], baseAfter: String? = nil, mineAfter: String? = nil, theirsAfter: String? = nil) {
            self.kind = kind
            self.members = members
            self.baseAfter = baseAfter
            self.mineAfter = mineAfter
            self.theirsAfter = theirsAfter
        }

        /// The one member, for ``Kind/moved`` and ``Kind/inserted``; the first for ``Kind/order``.
        package var member: String { members.first ?? "" }
    }

    /// A merged order as member numbers of its numbered versions, the
    /// members kept that no version lists, and the conflicts
    /// (``merge(base:mine:theirs:presence:prefer:)``).
    typealias Merged = (order: [Int], unlisted: [String], conflicts: [Conflict], versions: SequenceVersions)

    /// Which members the result keeps.
    package enum Presence: Equatable {
        /// The same members, compared as bytes (an identity's NFC and NFD
        /// spellings are two members).
        package static func == (a: Presence, b: Presence) -> Bool {
            switch (a, b) {
            case (.members(let x), .members(let y)), (.allBut(let x), .allBut(let y)): return x == y
            case (.listed(let x), .listed(let y)): return x.count == y.count && zip(x, y).allSatisfy { utf8Equal($0, $1) }
            default: return false
            }
        }

        /// Exactly these (a member no version lists goes at the end, sorted).
        case members(Set<ExactString>)
        /// Every member some version lists, but these.
        case allBut(Set<ExactString>)
        /// Exactly the members of this list (those no version lists go at
        /// the end, sorted).
        case listed([String])
    }

    /// Merges the order of `base`, `mine` and `theirs`, keeping exactly the
    /// members in `present` (which the caller decides from the members'
    /// own merge: deleted on either side and not kept by a conflict means
    /// absent).
    ///
    /// - Parameters:
    ///   - base, mine, theirs: the three orders; each lists a member once.
    ///   - present: the members of the result.
    ///   - prefer: the side whose order wins a conflict (`nil`: see the laws).
    /// - Returns: the merged order and the conflicts, in base order of their members.
    package static func merge(base: [String], mine: [String], theirs: [String], present: Set<ExactString>, prefer: MergeSide?)
        -> (order: [String], conflicts: [Conflict])
    {
        let r = merge(base: base, mine: mine, theirs: theirs, presence: .members(present), prefer: prefer)
        return (r.order.map { r.versions.names[$0] } + r.unlisted, r.conflicts)
    }

    /// ``merge(base:mine:theirs:present:prefer:)`` with the members the
    /// result keeps given either way, and the result as member numbers of
    /// the versions returned (which tell each member's place in each
    /// version without a lookup by name).
    ///
    /// - Returns: the merged order (numbers), the members `presence` keeps
    ///   that no version lists (sorted), the conflicts, and the numbered versions.
    static func merge(base: [String], mine: [String], theirs: [String], presence: Presence, prefer: MergeSide?) -> Merged {
        let v = SequenceVersions(base: base, mine: mine, theirs: theirs, present: presence)
        var conflicts: [Conflict] = []
        var placement = [Placement](repeating: .none, count: v.count)

        // Classify: members all three versions hold are ordered pairwise;
        // the others hang on a neighbour of the side that has them.
        var core: [Int] = []
        for x in v.base where v.present[x] {
            if v.posMine[x] >= 0 && v.posTheirs[x] >= 0 {
                placement[x] = .core
                core.append(x)
            } else if v.posMine[x] >= 0 {
                placement[x] = .mine
            } else if v.posTheirs[x] >= 0 {
                placement[x] = .theirs
            } else {
                placement[x] = .base
            }
        }
        let anchorMine = v.anchorsAmongShared(v.mine), anchorTheirs = v.anchorsAmongShared(v.theirs)
        for x in v.mine where v.present[x] && v.posBase[x] < 0 {
            guard v.posTheirs[x] >= 0 else { placement[x] = .mine; continue }
            // Both inserted it: one place (placed as mine has it), or a
            // conflict (placed as the preferred side has it).
            placement[x] = .mine
            if anchorMine[x] != anchorTheirs[x] {
                if prefer == .theirs { placement[x] = .theirs }
                conflicts.append(Conflict(kind: .inserted, members: [v.names[x]], baseAfter: nil,
                                          mineAfter: v.name(anchorMine[x]), theirsAfter: v.name(anchorTheirs[x])))
            }
        }
        for x in v.theirs where v.present[x] && v.posBase[x] < 0 && v.posMine[x] < 0 { placement[x] = .theirs }

        // Law 3: members both sides necessarily moved, to different places.
        // Two sides that moved a member put it in different places when
        // they put it on different sides of a settled member: one that all
        // three versions hold, the result keeps, and no smallest reading of
        // either side's moves moves (so members a side moved, inserted or
        // swapped around it do not change its place).
        let sides = v.sideOrders(core)
        let moves = v.moves(sides)
        let movedByBoth = core.filter { moves.mine[$0] && moves.theirs[$0] }
        var moved: [Int] = []
        if !movedByBoth.isEmpty {
            let alike = v.orderedAlike(against: moves.settled)
            moved = movedByBoth.filter { !alike[$0] }
        }
        if !moved.isEmpty {
            for x in moved {
                placement[x] = prefer == .mine ? .mine : prefer == .theirs ? .theirs : .base
                conflicts.append(Conflict(kind: .moved, members: [v.names[x]], baseAfter: v.name(v.presentPredecessor(of: x, in: v.base, v.posBase)),
                                          mineAfter: v.name(anchorMine[x]), theirsAfter: v.name(anchorTheirs[x])))
            }
            let movedSet = Set(moved)
            core.removeAll { movedSet.contains($0) }
        }

        // Law 1: pairwise order. Members in a cycle of its votes follow the
        // winning side's order against every other member (and so may
        // others, until no cycle is left). The members named are those
        // either side's winning would involve, so swapping sides names the
        // same ones.
        // (The runs computed for law 3 serve when it removed no member.)
        let ranks = SequenceVersions.PairwiseRanks(v, sides: moved.isEmpty ? sides : v.sideOrders(core))
        func ordered(mineWins: Bool) -> (order: [Int], involved: [Int]) {
            var masked = [Bool](repeating: false, count: v.count)
            var involved: [Int] = []
            var result = v.pairwiseOrder(ranks, masked: masked, mineWins: mineWins)
            while !result.violations.isEmpty {
                for x in result.violations where !masked[x] {
                    masked[x] = true
                    involved.append(x)
                }
                result = v.pairwiseOrder(ranks, masked: masked, mineWins: mineWins)
            }
            return (result.order, involved)
        }
        let chosen = ordered(mineWins: prefer != .theirs)
        if !chosen.involved.isEmpty {
            let other = ordered(mineWins: prefer == .theirs)
            var involved = Array(Set(chosen.involved + other.involved))
            involved.sort { v.posBase[$0] < v.posBase[$1] }
            conflicts.append(Conflict(kind: .order, members: involved.map { v.names[$0] }))
        }

        // Law 2: the others, each after its neighbour on its side.
        var list = LinkedOrder(capacity: v.count)
        for x in chosen.order { list.append(x) }
        var last = -1
        for x in v.base {
            if placement[x] == .base && !list.contains(x) { list.insert(x, after: last) }
            if list.contains(x) { last = x }
        }
        // Mine's runs: each hangs on a member placed before them (or the
        // head); remember where each run ends, for theirs.
        var runRoot = [Int](repeating: Int.min, count: v.count)
        var runEnd: [Int: Int] = [:]
        last = -1
        for x in v.mine {
            if placement[x] == .mine && !list.contains(x) {
                list.insert(x, after: last)
                let root = last >= 0 && runRoot[last] != Int.min ? runRoot[last] : last
                runRoot[x] = root
                if runEnd[root] == nil || runEnd[root] == last { runEnd[root] = x }
            }
            if list.contains(x) { last = x }
        }
        var placedTheirs = [Bool](repeating: false, count: v.count)
        last = -1
        for x in v.theirs {
            if placement[x] == .theirs && !list.contains(x) {
                var at = last
                if last < 0 || !placedTheirs[last] {
                    // After mine's run on the same member, and after theirs'
                    // members placed there before (they stay in theirs' order).
                    let root = last >= 0 && runRoot[last] != Int.min ? runRoot[last] : last
                    if let end = runEnd[root] {
                        at = end
                        runEnd[root] = x
                    }
                }
                list.insert(x, after: at)
                placedTheirs[x] = true
            }
            if list.contains(x) { last = x }
        }
        let order = list.elements
        // Members in `present` that no version orders: at the end, sorted.
        var unlisted: [String] = []
        switch presence {
        case .members(let members) where members.count > v.present.lazy.filter({ $0 }).count:
            unlisted = members.filter { v.number(of: $0.string) == nil }.sorted().map(\.string)
        case .listed(let members) where members.count > v.present.lazy.filter({ $0 }).count:
            unlisted = Array(Set(members.filter { v.number(of: $0) == nil }.map { ExactString($0) })).sorted().map(\.string)
        default:
            break
        }
        conflicts.sort { a, b in
            let (pa, pb) = (v.firstPosition(a.members), v.firstPosition(b.members))
            return pa != pb ? pa < pb : a.kind.rawValue < b.kind.rawValue
        }
        return (order, unlisted, conflicts, v)
    }

    /// For each member (by number in `v`): whether base, mine and theirs all
    /// hold it in an order neither side changed (on each side it is on some
    /// longest run kept in base order, so no smallest reading of that
    /// side's moves moves it): its place is unchanged.
    ///
    /// - Complexity: O(*n* log *n*).
    static func unmovedMembers(_ v: SequenceVersions) -> [Bool] {
        let core = v.base.filter { v.posMine[$0] >= 0 && v.posTheirs[$0] >= 0 }
        let moves = v.moves(core)
        var unmoved = [Bool](repeating: false, count: v.count)
        for x in core where !moves.mine[x] && !moves.theirs[x] { unmoved[x] = true }
        return unmoved
    }

    /// How a member of the result is placed.
    enum Placement {
        case none
        /// Ordered pairwise among the members all versions hold (law 1).
        case core
        /// After its nearest earlier member in that version's order (law 2).
        case base, mine, theirs
    }
}
