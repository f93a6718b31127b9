import GraphJSON

/// Three-way merge of an ordered sequence of identities (a chain's members).
///
/// Start from the base order, without the members that are gone from the
/// result or that either side moved. Then place mine's inserted and moved
/// members, in mine's order, each after the neighbour it follows in mine;
/// then theirs', the same way. Where both sides inserted after the same
/// member, mine's run comes first and theirs' follows it: both stay
/// contiguous, never interleaved. A neighbour that is gone (deleted by the
/// other side) is replaced by the nearest earlier member of that side's
/// order that is still there (or the head). A member moved by both sides to
/// different places is a conflict: it stays at its base place, or goes where
/// the preferred side put it.
///
///     SequenceMerge.merge(base: ["a", "b"], mine: ["a", "x", "b"], theirs: ["a", "y", "b"],
///                         present: ["a", "b", "x", "y"], prefer: nil).order   // a x y b
///
/// - Complexity: O(*n* log *n*) in the length of the sequences.
public enum SequenceMerge {
    public struct Conflict: Sendable, Equatable {
        public var member: String
        public var baseAfter: String?
        public var mineAfter: String?
        public var theirsAfter: String?
    }

    public static func merge(base: [String], mine: [String], theirs: [String], present: Set<ExactString>, prefer: MergeSide?)
        -> (order: [String], conflicts: [Conflict])
    {
        let m = SequenceChange.edits(from: base, to: mine), t = SequenceChange.edits(from: base, to: theirs)
        var movedMine: [ExactString: String?] = [:], movedTheirs: [ExactString: String?] = [:]
        for x in m.moved { movedMine[ExactString(x.member)] = .some(x.to) }
        for x in t.moved { movedTheirs[ExactString(x.member)] = .some(x.to) }
        func predecessor(in order: [String]) -> [ExactString: String?] {
            var p: [ExactString: String?] = [:]
            for (i, x) in order.enumerated() { p[ExactString(x)] = i > 0 ? .some(order[i - 1]) : .some(nil) }
            return p
        }
        let basePredecessor = predecessor(in: base)
        var conflicts: [Conflict] = []
        var skipMine = Set<ExactString>(), skipTheirs = Set<ExactString>()
        var keepAtBase = Set<ExactString>()
        for (member, mineTo) in movedMine {
            guard let theirsTo = movedTheirs[member] else { continue }
            if mineTo == theirsTo { skipTheirs.insert(member); continue }
            conflicts.append(Conflict(member: member.string, baseAfter: basePredecessor[member] ?? nil, mineAfter: mineTo, theirsAfter: theirsTo))
            switch prefer {
            case .mine?: skipTheirs.insert(member)
            case .theirs?: skipMine.insert(member)
            case nil:
                skipMine.insert(member)
                skipTheirs.insert(member)
                keepAtBase.insert(member)
            }
        }
        // The skeleton: base members still here and not moving.
        var list = LinkedOrder()
        for x in base {
            let k = ExactString(x)
            guard present.contains(k) else { continue }
            if keepAtBase.contains(k) || (movedMine[k] == nil && movedTheirs[k] == nil) { list.append(k) }
        }
        // Members to place from each side, in that side's order.
        let insertedMine = Set(m.inserted.map { ExactString($0.member) }), insertedTheirs = Set(t.inserted.map { ExactString($0.member) })
        /// The nearest member before position `i` of `order` already in the list.
        func anchor(in order: [String], before i: Int) -> ExactString? {
            var j = i - 1
            while j >= 0 {
                let candidate = ExactString(order[j])
                if list.contains(candidate) { return candidate }
                j -= 1
            }
            return nil
        }
        // Mine first. A run of mine's members hangs on a member that was
        // there before (or the head); remember where each run ends.
        var runRoot: [ExactString: Anchor] = [:]
        var runEnd: [Anchor: ExactString] = [:]
        for (i, x) in mine.enumerated() {
            let k = ExactString(x)
            guard (insertedMine.contains(k) || movedMine[k] != nil) && !skipMine.contains(k), present.contains(k), !list.contains(k) else { continue }
            let a = anchor(in: mine, before: i)
            list.insert(k, after: a)
            let root = a.flatMap { runRoot[$0] } ?? Anchor(a)
            runRoot[k] = root
            if runEnd[root] == nil || runEnd[root] == a { runEnd[root] = k }
        }
        // Then theirs: after mine's run where both hang on the same member.
        var placedTheirs = Set<ExactString>()
        for (i, x) in theirs.enumerated() {
            let k = ExactString(x)
            guard (insertedTheirs.contains(k) || movedTheirs[k] != nil) && !skipTheirs.contains(k), present.contains(k), !list.contains(k) else { continue }
            let a = anchor(in: theirs, before: i)
            var at = a
            if a.map({ !placedTheirs.contains($0) }) ?? true, let end = runEnd[Anchor(a)] { at = end }
            list.insert(k, after: at)
            placedTheirs.insert(k)
        }
        // Members moved by the non-preferred side only, or present but placed
        // by neither side (an owner changed on one side): by base, then
        // mine, then theirs order, at the end if nothing else.
        for order in [base, mine, theirs] {
            for (i, x) in order.enumerated() where present.contains(ExactString(x)) && !list.contains(ExactString(x)) {
                var anchor: ExactString? = nil
                var j = i - 1
                while j >= 0 { if list.contains(ExactString(order[j])) { anchor = ExactString(order[j]); break }; j -= 1 }
                list.insert(ExactString(x), after: anchor)
            }
        }
        for k in present.sorted() where !list.contains(k) { list.append(k) }
        return (list.elements.map(\.string), conflicts)
    }
}

/// Where a run of inserted members hangs: the head, or after a member.
enum Anchor: Hashable {
    case head
    case after(ExactString)

    init(_ member: ExactString?) { self = member.map(Anchor.after) ?? .head }
}

/// A doubly linked order of identities with O(1) insert after a member.
struct LinkedOrder {
    private var next: [ExactString: ExactString] = [:]
    private var head: ExactString?
    private var tail: ExactString?
    private var members = Set<ExactString>()

    func contains(_ k: ExactString) -> Bool { members.contains(k) }

    mutating func append(_ k: ExactString) { insert(k, after: tail) }

    /// Inserts `k` after `anchor` (`nil`: at the head).
    mutating func insert(_ k: ExactString, after anchor: ExactString?) {
        guard members.insert(k).inserted else { return }
        if let anchor, members.contains(anchor) {
            if let following = next[anchor] { next[k] = following } else { tail = k }
            next[anchor] = k
        } else {
            if let head { next[k] = head } else { tail = k }
            head = k
        }
    }

    var elements: [ExactString] {
        var result: [ExactString] = []
        var cursor = head
        while let c = cursor, result.count < members.count {
            result.append(c)
            cursor = next[c]
        }
        return result
    }
}
