import GraphDiffJSON

/// The three versions of a sequence, with every member numbered once
/// (0..<count) and its position in each version (-1: absent).
///
///     names:      a  b  c  x
///     base:       0  1  2          posBase:   0  1  2 -1
///     mine:       1  2  0  3       posMine:   2  0  1  3
///
/// Working on member numbers keeps the merge to array lookups; names are
/// compared by their bytes (``ExactString``) only while numbering.
struct SequenceVersions {
    /// Member numbers by name (exact bytes): the identity table's rows.
    var table = IdentityTable()
    var names: [String] { table.keys }
    var base: [Int] = [], mine: [Int] = [], theirs: [Int] = []
    var posBase: [Int] = [], posMine: [Int] = [], posTheirs: [Int] = []
    var present: [Bool] = []

    var count: Int { table.count }

    /// The three versions numbered; the result keeps the members `present`
    /// says.
    ///
    /// - Complexity: O(*n*) expected for *n* members listed.
    init(base b: [String], mine m: [String], theirs t: [String], present p: SequenceMerge.Presence) {
        table = IdentityTable(capacity: max(b.count, m.count, t.count))
        // The base's names are hashed (on two cores when long) and
        // numbered in order; a side's name is compared first with the base
        // member after the last one it matched (most members of a long
        // sequence keep their neighbour), and only hashed when it differs.
        let baseHashes: [UInt64] = b.count >= TwoCores.minimumLookups
            ? { let middle = b.count / 2; let (x, y) = inParallel({ b[..<middle].map(IdentityTable.hash) }, { b[middle...].map(IdentityTable.hash) }); return x + y }()
            : b.map(IdentityTable.hash)
        base.reserveCapacity(b.count)
        for (name, h) in zip(b, baseHashes) { base.append(table.insert(name, hash: h).row) }
        var baseAt = [Int](repeating: -1, count: table.count)
        for (i, x) in base.enumerated() where baseAt[x] < 0 { baseAt[x] = i }
        func numbered(_ order: [String]) -> [Int] {
            var result: [Int] = []
            result.reserveCapacity(order.count)
            var next = 0
            for name in order {
                if next < b.count && utf8Equal(b[next], name) {
                    result.append(base[next])
                    next += 1
                    continue
                }
                let x = table.insert(name).row
                result.append(x)
                if x < baseAt.count && baseAt[x] >= 0 { next = baseAt[x] + 1 }
            }
            return result
        }
        mine = numbered(m)
        theirs = numbered(t)
        func positions(_ order: [Int]) -> [Int] {
            var pos = [Int](repeating: -1, count: count)
            // A member listed twice keeps its first place; the second is dropped.
            for (i, x) in order.enumerated() where pos[x] < 0 { pos[x] = i }
            return pos
        }
        posBase = positions(base)
        posMine = positions(mine)
        posTheirs = positions(theirs)
        func once(_ order: [Int], _ pos: [Int]) -> [Int] {
            order.indices.allSatisfy { pos[order[$0]] == $0 } ? order : order.enumerated().filter { pos[$0.element] == $0.offset }.map(\.element)
        }
        if base.count + mine.count + theirs.count > 0 {
            let (ob, om, ot) = (once(base, posBase), once(mine, posMine), once(theirs, posTheirs))
            if ob.count != base.count || om.count != mine.count || ot.count != theirs.count {
                (base, mine, theirs) = (ob, om, ot)
                posBase = positions(base)
                posMine = positions(mine)
                posTheirs = positions(theirs)
            }
        }
        switch p {
        case .members(let members): present = table.keys.map { members.contains(ExactString($0)) }
        case .allBut(let absent):
            present = [Bool](repeating: true, count: count)
            for name in absent { if let x = table.row(of: name.string) { present[x] = false } }
        case .listed(let members):
            present = [Bool](repeating: false, count: count)
            for name in members { if let x = table.row(of: name) { present[x] = true } }
        }
    }

    /// The number of member `name`, if a version lists it.
    func number(of name: String) -> Int? { table.row(of: name) }

    func name(_ x: Int) -> String? { x >= 0 ? names[x] : nil }

    /// A sort key for a conflict: where its first member is (base first, then mine, then theirs).
    func firstPosition(_ members: [String]) -> Int {
        guard let first = members.first, let x = number(of: first) else { return Int.max }
        if posBase[x] >= 0 { return posBase[x] }
        if posMine[x] >= 0 { return count + posMine[x] }
        return 2 * count + posTheirs[x]
    }

    /// For each member of `order`: the nearest earlier member of `order`
    /// that the result keeps and both sides hold (-1: none).
    func anchorsAmongShared(_ order: [Int]) -> [Int] {
        var anchor = [Int](repeating: -1, count: count)
        var last = -1
        for x in order {
            anchor[x] = last
            if present[x] && posMine[x] >= 0 && posTheirs[x] >= 0 { last = x }
        }
        return anchor
    }

    /// For each member both sides hold: whether mine and theirs put the
    /// same members of `counted` (members both sides hold) before it.
    /// Counted, not compared pair by pair: the counted members before it in
    /// both orders (a Fenwick tree over theirs' positions, filled in mine's
    /// order) must be all those before it in each.
    ///
    /// - Complexity: O(*n* log *n*).
    func orderedAlike(against counted: [Bool]) -> [Bool] {
        // Counted members before each member, in theirs.
        var before = [Int](repeating: 0, count: count), rank = [Int](repeating: -1, count: count)
        var k = 0
        for x in theirs {
            before[x] = k
            if counted[x] && posMine[x] >= 0 { rank[x] = k; k += 1 }
        }
        var tree = [Int](repeating: 0, count: k + 1)
        var alike = [Bool](repeating: false, count: count)
        var beforeInMine = 0
        for x in mine where posTheirs[x] >= 0 {
            // Counted members before x in mine that are before it in theirs too.
            var both = 0, i = before[x]
            while i > 0 { both += tree[i]; i -= i & -i }
            alike[x] = both == beforeInMine && both == before[x]
            if rank[x] >= 0 {
                i = rank[x] + 1
                while i <= k { tree[i] += 1; i += i & -i }
                beforeInMine += 1
            }
        }
        return alike
    }

    /// The nearest member before `x` in `order` that the result keeps (-1: none).
    func presentPredecessor(of x: Int, in order: [Int], _ pos: [Int]) -> Int {
        var i = pos[x] - 1
        while i >= 0 {
            if present[order[i]] { return order[i] }
            i -= 1
        }
        return -1
    }
}
