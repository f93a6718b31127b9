import GraphDiffJSON

// Arrays in conflict markers: elements aligned on the ones both sides
// kept, and objects aligned member by member.
extension ConflictMarkerWriter.Emitter {
    /// The elements of an opened array, mine's `m`, theirs' `t` and the
    /// base's `b`, aligned as diff3 aligns lines: the base's elements
    /// that both sides kept (equal values) are fixed points; between
    /// them, a stretch where mine and theirs have as many elements as
    /// the base (or the base none) is written element by element
    /// (opening each), and any other stretch is one block. Commas follow
    /// each side's own array, and the base's lines the base-kept text.
    ///
    /// - Complexity: O(*n* + *d*²) expected per side for *n* elements
    ///   and *d* differences (the alignment), plus writing them.
    mutating func elements(_ m: [JSONValue], _ t: [JSONValue], _ b: [JSONValue], level: Int) {
        enum Item {
            /// Mine's element `j`, theirs' `k`, and the base's `i` if any.
            case pair(j: Int, k: Int, i: Int?)
            /// A stretch written as one block.
            case run(mine: Range<Int>, base: Range<Int>, theirs: Range<Int>)
        }
        var items: [Item] = []
        var (bi, mi, ti) = (0, 0, 0)
        /// Mine's `ms`, theirs' `ts` and the base's `bs` between two
        /// fixed points (or the ends).
        /// Whether the elements at these offsets of the three runs are
        /// one element's versions: both sides' objects share a member
        /// with the base's (one edited in place, not a reorder).
        func versions(_ b: JSONValue, _ m: JSONValue, _ t: JSONValue) -> Bool {
            guard let bo = b.objectValue, let mo = m.objectValue, let to = t.objectValue else { return false }
            func shares(_ o: JSONObject) -> Bool { o.members.contains { member in bo[member.key].map { $0 == member.value } ?? false } }
            return shares(mo) && shares(to)
        }
        func stretch(_ bs: Range<Int>, _ ms: Range<Int>, _ ts: Range<Int>) {
            if ms.count == ts.count && bs.isEmpty {
                for k in 0..<ms.count { items.append(.pair(j: ms.lowerBound + k, k: ts.lowerBound + k, i: nil)) }
                return
            }
            if ms.count == ts.count && bs.count == ms.count
                && (0..<ms.count).allSatisfy({ versions(b[bs.lowerBound + $0], m[ms.lowerBound + $0], t[ts.lowerBound + $0]) }) {
                for k in 0..<ms.count { items.append(.pair(j: ms.lowerBound + k, k: ts.lowerBound + k, i: bs.lowerBound + k)) }
                return
            }
            // Elements alike on both sides are written once; what is
            // left, if it is one stretch, gets the base's elements.
            let alike = SequenceAlignment.kept(Array(m[ms]), Array(t[ts]))
            var pairs: [(Int, Int)] = [], gaps: [(Range<Int>, Range<Int>)] = []
            var (j, k) = (ms.lowerBound, ts.lowerBound)
            for a in 0..<ms.count {
                guard let c = alike[a] else { continue }
                let (jj, kk) = (ms.lowerBound + a, ts.lowerBound + c)
                if j < jj || k < kk { gaps.append((j..<jj, k..<kk)) }
                pairs.append((jj, kk))
                (j, k) = (jj + 1, kk + 1)
            }
            if j < ms.upperBound || k < ts.upperBound { gaps.append((j..<ms.upperBound, k..<ts.upperBound)) }
            // One gap, and the base's elements all its own (none is an
            // element written once here, which the base would then hold
            // in another order).
            let written = Set(pairs.map { m[$0.0] })
            guard gaps.count <= 1, !bs.contains(where: { written.contains(b[$0]) }) else {
                items.append(.run(mine: ms, base: bs, theirs: ts))
                return
            }
            // In order: the pairs before the gap, the gap, the pairs after.
            let gap = gaps.first
            for (jj, kk) in pairs where gap.map({ jj < $0.0.lowerBound && kk < $0.1.lowerBound }) ?? true { items.append(.pair(j: jj, k: kk, i: nil)) }
            if let (gm, gt) = gap {
                if gm.count == gt.count && bs.count == gm.count
                    && (0..<gm.count).allSatisfy({ versions(b[bs.lowerBound + $0], m[gm.lowerBound + $0], t[gt.lowerBound + $0]) }) {
                    for n in 0..<gm.count { items.append(.pair(j: gm.lowerBound + n, k: gt.lowerBound + n, i: bs.lowerBound + n)) }
                } else {
                    items.append(.run(mine: gm, base: bs, theirs: gt))
                }
                for (jj, kk) in pairs where jj >= gm.upperBound { items.append(.pair(j: jj, k: kk, i: nil)) }
            }
        }
        let (km, kt) = (SequenceAlignment.kept(b, m), SequenceAlignment.kept(b, t))
        for i in b.indices {
            guard let j = km[i], let k = kt[i], j >= mi, k >= ti else { continue }
            stretch(bi..<i, mi..<j, ti..<k)
            items.append(.pair(j: j, k: k, i: i))
            (bi, mi, ti) = (i + 1, j + 1, k + 1)
        }
        stretch(bi..<b.count, mi..<m.count, ti..<t.count)
        // Whether something follows each item in the base-kept text.
        var commaBase = [Bool](repeating: false, count: items.count)
        var followsBase = false
        for (n, item) in items.enumerated().reversed() {
            commaBase[n] = followsBase
            switch item {
            case .pair(let j, let k, let i):
                if inBaseText(m[j], t[k], i.map { b[$0] }, commaMine: j < m.count - 1, commaTheirs: k < t.count - 1, commaBase: followsBase) {
                    followsBase = true
                }
            case .run(_, let base, _):
                if !base.isEmpty { followsBase = true }
            }
        }
        for (n, item) in items.enumerated() {
            switch item {
            case .pair(let j, let k, let i):
                entry(key: nil, m[j], t[k], i.map { b[$0] }, commaMine: j < m.count - 1, commaTheirs: k < t.count - 1, commaBase: commaBase[n],
                      level: level)
            case .run(let mine, let base, let theirs):
                func run(_ list: [JSONValue], _ range: Range<Int>, last: Bool) -> [UInt8] {
                    range.reduce(into: [UInt8]()) { $0 += lines(nil, list[$1], level: level, comma: $1 < range.upperBound - 1 || last) }
                }
                block(mine: run(m, mine, last: mine.upperBound < m.count), base: run(b, base, last: commaBase[n]),
                      theirs: run(t, theirs, last: theirs.upperBound < t.count))
            }
        }
    }

    struct Entry {
        let key: String
        let mine: JSONValue?, theirs: JSONValue?, base: JSONValue?
    }

    /// The members of both objects in the order the text lists them:
    /// by name (graphs); or mine's order with theirs' own members after
    /// the member they follow there (`nil` when the two orders of the
    /// shared members disagree: the whole object is then one block).
    func aligned(_ m: JSONObject, _ t: JSONObject, _ b: JSONObject?) -> [Entry]? {
        if sortKeys {
            // Three sorted member lists, joined in one pass.
            let ms = m.sortedMembers, ts = t.sortedMembers, bs = b?.sortedMembers ?? []
            var k = 0
            /// The base's value of `key`; keys are asked in increasing order.
            func baseValue(_ key: String) -> JSONValue? {
                while k < bs.count && utf8Less(bs[k].key, key) { k += 1 }
                return k < bs.count && utf8Equal(bs[k].key, key) ? bs[k].value : .none
            }
            var entries: [Entry] = []
            entries.reserveCapacity(max(ms.count, ts.count))
            var i = 0, j = 0
            /// With the result as the base, its members neither side has, before `key` (`nil`: all left).
            func baseOnly(before key: String?) {
                guard baseIsResult else { return }
                while k < bs.count && (key.map { utf8Less(bs[k].key, $0) } ?? true) {
                    // (The last entry's own key, which the base may hold too, is no base-only one.)
                    if !(entries.last.map { utf8Equal($0.key, bs[k].key) } ?? false) {
                        entries.append(Entry(key: bs[k].key, mine: nil, theirs: nil, base: bs[k].value))
                    }
                    k += 1
                }
            }
            while i < ms.count || j < ts.count {
                let next = j == ts.count || (i < ms.count && utf8Less(ms[i].key, ts[j].key)) ? ms[i].key : ts[j].key
                baseOnly(before: next)
                if j == ts.count || (i < ms.count && utf8Less(ms[i].key, ts[j].key)) {
                    entries.append(Entry(key: ms[i].key, mine: ms[i].value, theirs: nil, base: baseValue(ms[i].key)))
                    i += 1
                } else if i == ms.count || utf8Less(ts[j].key, ms[i].key) {
                    entries.append(Entry(key: ts[j].key, mine: nil, theirs: ts[j].value, base: baseValue(ts[j].key)))
                    j += 1
                } else {
                    entries.append(Entry(key: ms[i].key, mine: ms[i].value, theirs: ts[j].value, base: baseValue(ms[i].key)))
                    i += 1
                    j += 1
                }
            }
            baseOnly(before: nil)
            return entries
        }
        let baseIndex = b?.index()
        func baseValue(_ key: String) -> JSONValue? {
            guard let b, let i = baseIndex?[ExactString(key)] else { return nil }
            return b.members[i].value
        }
        let mi = m.index(), ti = t.index()
        // With the result as the base, a member only it has: one block.
        if baseIsResult, let b, b.members.contains(where: { mi[ExactString($0.key)] == nil && ti[ExactString($0.key)] == nil }) { return nil }
        // The shared members must come in one order on both sides.
        let sharedMine = m.members.filter { ti[ExactString($0.key)] != nil }.map { ExactString($0.key) }
        let sharedTheirs = t.members.filter { mi[ExactString($0.key)] != nil }.map { ExactString($0.key) }
        guard sharedMine == sharedTheirs else { return nil }
        var entries: [Entry] = []
        var j = 0
        func theirsOnlyUpTo(_ stop: ExactString?) -> [Entry] {
            var run: [Entry] = []
            while j < t.members.count {
                let member = t.members[j]
                let k = ExactString(member.key)
                if k == stop { j += 1; break }
                if mi[k] == nil { run.append(Entry(key: member.key, mine: nil, theirs: member.value, base: baseValue(member.key))) }
                j += 1
            }
            return run
        }
        for member in m.members {
            let k = ExactString(member.key)
            if let tj = ti[k] {
                entries += theirsOnlyUpTo(k)
                entries.append(Entry(key: member.key, mine: member.value, theirs: t.members[tj].value, base: baseValue(member.key)))
            } else {
                entries.append(Entry(key: member.key, mine: member.value, theirs: nil, base: baseValue(member.key)))
            }
        }
        entries += theirsOnlyUpTo(nil)
        return entries
    }
}
