import Foundation
import GraphDiffJSON

/// The values an index ordering's members take when an order is written
/// (a merge, or a patch whose values do not give its order): strictly
/// increasing along the order, never tied, keeping as many of the members'
/// own values as can stay.
///
/// 1. **Dense stays dense.** When the inputs number their members 0…n−1
///    (or 1…n) in every version, the result is numbered so again.
/// 2. **Fewest renumbered.** Otherwise the members that keep their values
///    are a largest set whose values increase along the order with room
///    between them for the members in between: for an integer type,
///    members *i* < *j* both keep theirs only when *vⱼ* − *vᵢ* ≥ *j* − *i*.
///    Each member has a ``Weight``: members no side touched (same place,
///    same value) count more than all others together, then members whose
///    place no side changed, then the rest; so they keep their values
///    whenever any valid numbering lets them. The set is found as a weighted longest
///    non-decreasing subsequence of *vᵢ* − *i* (integers) or increasing
///    subsequence of *vᵢ* (decimal, float, double), with a Fenwick tree of
///    prefix maxima.
/// 3. **Between the neighbours.** Every other member takes a value between
///    the kept values around it, spread evenly: integers between integers;
///    for decimal types the shortest decimals that fit (1.5 between 1 and
///    2). Before the first kept value, values start no lower than `floor`;
///    after the last, they count on from it.
///
///     PositionAssignment.values(for: [10, nil, 20, 5], weights: [.unmoved, .other, .unmoved, .other],
///                               type: .int32, floor: 0, dense: nil)   // [10, 15, 20, 21]
///
/// - Complexity: O(*n* log *n*) for *n* members.
enum PositionAssignment {
    /// How much keeping a member's value counts: compared by members no
    /// side touched, then members no side moved, then members (a sum of
    /// weights counts the members of each kind, so one member of a higher
    /// kind outweighs any number of lower ones).
    struct Weight: Comparable {
        var untouched = 0, unmoved = 0, members = 0

        static let untouchedMember = Weight(untouched: 1, unmoved: 1, members: 1)
        static let unmoved = Weight(untouched: 0, unmoved: 1, members: 1)
        static let other = Weight(untouched: 0, unmoved: 0, members: 1)

        static func + (a: Weight, b: Weight) -> Weight {
            Weight(untouched: a.untouched + b.untouched, unmoved: a.unmoved + b.unmoved, members: a.members + b.members)
        }
        static func < (a: Weight, b: Weight) -> Bool {
            (a.untouched, a.unmoved, a.members) < (b.untouched, b.unmoved, b.members)
        }
    }

    /// Values for the members of an order.
    ///
    /// - Parameters:
    ///   - current: each member's own value, in the order (`nil`: none).
    ///   - weights: how much keeping each member's value counts.
    ///   - type: the index attribute's type.
    ///   - floor: the least value to give a member that has to be numbered
    ///     before the first kept value (callers pass the least of 0 and
    ///     every value in the inputs).
    ///   - dense: a start (0 or 1) to number every member densely from.
    /// - Returns: one value per member, strictly increasing.
    static func values(for current: [JSONNumber?], weights preferred: [Weight], ties: [Bool] = [], type: AttributeType, floor: JSONNumber,
                       dense: Int?) -> [JSONNumber] {
        let n = current.count
        if let start = dense { return (0..<n).map { JSONNumber(start + $0) } }
        let units = self.units(current, ties: ties)
        switch type {
        case .int16: return integers(current, preferred, units, floor: floor, bounds: (Int(Int16.min), Int(Int16.max)))
        case .int32: return integers(current, preferred, units, floor: floor, bounds: (Int(Int32.min), Int(Int32.max)))
        case .int64: return integers(current, preferred, units, floor: floor, bounds: (Int.min, Int.max))
        default: return decimals(current, preferred, units, floor: floor)
        }
    }

    /// The members as units that keep their values together or not at all:
    /// a member, or a run of members each tied to the one before it
    /// (`ties[i]`, with the same value).
    static func units(_ current: [JSONNumber?], ties: [Bool]) -> [Range<Int>] {
        var units: [Range<Int>] = []
        var start = 0
        for i in current.indices.dropFirst() {
            let tied = i < ties.count && ties[i] && current[i] != nil && current[i - 1] != nil
                && PositionKey.compare(PositionKey(.number(current[i] ?? JSONNumber(0))), PositionKey(.number(current[i - 1] ?? JSONNumber(0)))) == 0
            if !tied {
                units.append(start..<i)
                start = i
            }
        }
        if !current.isEmpty { units.append(start..<current.count) }
        return units
    }

    /// The members of the kept units, ascending.
    static func members(of kept: [Int], _ units: [Range<Int>]) -> [Int] { kept.flatMap { Array(units[$0]) } }

    static func total(_ unit: Range<Int>, _ weights: [Weight]) -> Weight {
        unit.reduce(Weight()) { $0 + (weights.indices.contains($1) ? weights[$1] : .other) }
    }

    /// Whether `values` (by ``PositionKey``) strictly increase.
    static func increases(_ values: [JSONValue]) -> Bool {
        let keys = values.map(PositionKey.init)
        return zip(keys, keys.dropFirst()).allSatisfy { $0.number != nil && $1.number != nil && PositionKey.compare($0, $1) < 0 }
    }

    // MARK: Integers

    static func integers(_ current: [JSONNumber?], _ preferred: [Weight], _ units: [Range<Int>], floor: JSONNumber, bounds: (Int, Int)) -> [JSONNumber] {
        let n = current.count
        let lo = max(bounds.0, floor.intValue ?? bounds.0), hi = bounds.1
        // A unit of members s…e can keep value v when v - s ≥ lo (room
        // before it) and v + (n - 1 - e) ≤ hi (room after it); a kept unit
        // after another needs room for the members between them: its
        // v - s at least the other's v - e.
        var first = [Int?](repeating: nil, count: units.count), last = [Int?](repeating: nil, count: units.count)
        for (k, unit) in units.enumerated() {
            let (s, e) = (unit.lowerBound, unit.upperBound - 1)
            guard let v = current[s]?.intValue, v >= lo, v <= hi else { continue }
            let (key, overflow) = v.subtractingReportingOverflow(s)
            let (endKey, overflow2) = v.subtractingReportingOverflow(e)
            let (top, overflow3) = v.addingReportingOverflow(n - 1 - e)
            guard !overflow, !overflow2, !overflow3, key >= lo, top <= hi else { continue }
            (first[k], last[k]) = (key, endKey)
        }
        let kept = members(of: keptChain(first, last, units.map { total($0, preferred) }), units)
        var result = [Int](repeating: 0, count: n)
        var previous: (index: Int, value: Int)? = nil
        for i in kept + [n] {
            let anchor = i < n ? current[i]?.intValue : nil
            let gapStart = (previous?.index ?? -1) + 1
            let count = i - gapStart
            if count > 0 {
                switch (previous, anchor) {
                case (let p?, let b?):
                    spread(count, after: p.value, before: b, into: &result, at: gapStart)
                case (nil, let b?):
                    // Values from lo up to b - 1: spread as if lo - 1 came before.
                    spread(count, after: lo, before: b, into: &result, at: gapStart, includingLow: true)
                case (let p?, nil):
                    for k in 0..<count { result[gapStart + k] = p.value + 1 + k }
                case (nil, nil):
                    for k in 0..<count { result[gapStart + k] = lo + k }
                }
            }
            if i < n, let v = anchor {
                result[i] = v
                previous = (i, v)
            }
        }
        return result.map { JSONNumber($0) }
    }

    /// Sets `count` values strictly between `low` and `high` (from `low`
    /// itself when `includingLow`), evenly spread, at `result[start...]`.
    static func spread(_ count: Int, after low: Int, before high: Int, into result: inout [Int], at start: Int, includingLow: Bool = false) {
        // The gap in UInt64: high - low may not fit an Int.
        let gap = UInt64(bitPattern: Int64(high)) &- UInt64(bitPattern: Int64(low)) &+ (includingLow ? 1 : 0)
        for j in 1...count {
            let product = gap.multipliedFullWidth(by: UInt64(j))
            let (q, _) = UInt64(count + 1).dividingFullWidth(product)
            let offset = includingLow ? q &- 1 : q
            result[start + j - 1] = Int(Int64(bitPattern: UInt64(bitPattern: Int64(low)) &+ offset))
        }
    }

    // MARK: Decimals

    static func decimals(_ current: [JSONNumber?], _ preferred: [Weight], _ units: [Range<Int>], floor: JSONNumber) -> [JSONNumber] {
        let n = current.count
        let floorKey = PositionKey(.number(floor))
        let keys = units.map { current[$0.lowerBound].map { PositionKey(.number($0)) } }
        // A unit can keep its value at or above the floor, above it when
        // members come before it.
        var usable = [Double?](repeating: nil, count: units.count)
        for k in units.indices {
            guard let key = keys[k] else { continue }
            let c = PositionKey.compare(key, floorKey)
            if c > 0 || (c == 0 && units[k].lowerBound == 0) { usable[k] = key.approximate }
        }
        let kept = members(of: keptMembers(usable, exact: { a, b in
            guard let x = keys[a], let y = keys[b] else { return 0 }
            return PositionKey.compare(x, y)
        }, strict: true, preferred: units.map { total($0, preferred) }), units)
        var result = [Decimal](repeating: 0, count: n)
        let floorValue = decimal(floor)
        var previous: (index: Int, value: Decimal)? = nil
        for i in kept + [n] {
            let anchor = i < n ? current[i].map(decimal) : nil
            let gapStart = (previous?.index ?? -1) + 1
            let count = i - gapStart
            if count > 0 {
                let values: [Decimal]
                switch (previous, anchor) {
                case (let p?, let b?): values = between(p.value, b, count: count)
                case (nil, let b?): values = between(floorValue, b, count: count, includingLow: true)
                case (let p?, nil):
                    let start = rounded(p.value, scale: 0, .down)
                    values = (1...count).map { start + Decimal($0) }
                case (nil, nil):
                    let start = rounded(floorValue, scale: 0, .up)
                    values = (0..<count).map { start + Decimal($0) }
                }
                for (k, v) in values.enumerated() { result[gapStart + k] = v }
            }
            if i < n, let v = anchor {
                result[i] = v
                previous = (i, v)
            }
        }
        // Kept members keep their exact text.
        var numbers = result.map { JSONNumber(text($0)) }
        for i in kept { if let own = current[i] { numbers[i] = own } }
        return numbers
    }

    static func decimal(_ n: JSONNumber) -> Decimal {
        Decimal(string: n.text, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(n.doubleValue ?? 0)
    }

    static func text(_ d: Decimal) -> String {
        let s = NSDecimalNumber(decimal: d).description(withLocale: Locale(identifier: "en_US_POSIX"))
        return JSONNumber(validating: s) != nil ? s : "0"
    }

    static func rounded(_ value: Decimal, scale: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var input = value, output = Decimal()
        NSDecimalRound(&output, &input, scale, mode)
        return output
    }

    static func power(_ scale: Int) -> Decimal {
        var step: Decimal = 1
        for _ in 0..<scale { step /= 10 }
        return step
    }

    /// `count` values strictly between `low` and `high` (from `low` itself
    /// when `includingLow`): multiples of the largest power of ten that has
    /// enough of them in the gap, spread evenly.
    static func between(_ low: Decimal, _ high: Decimal, count: Int, includingLow: Bool = false) -> [Decimal] {
        for scale in 0...30 {
            let step = power(scale)
            var first = rounded(low, scale: scale, .down)
            if !(includingLow && first == low) { first += step }
            var last = rounded(high, scale: scale, .down)
            if last >= high { last -= step }
            guard last >= first else { continue }
            let available = (last - first) / step
            // Spread in decimals: the room may pass what an Int holds
            // (a gap of 5e18 between two positions).
            let room = rounded(available, scale: 0, .down) + 1
            guard room >= Decimal(count) else { continue }
            return (1...count).map { j in
                first + (rounded(Decimal(j) * (room + 1) / Decimal(count + 1), scale: 0, .down) - 1) * step
            }
        }
        // Out of precision: the gap is too small to split (not reached for
        // values written with fewer than 30 decimals).
        return (1...count).map { _ in low }
    }

    /// An order-preserving image of a double as an unsigned integer.
    @inline(__always) static func orderBits(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return value.sign == .minus ? ~bits : bits | (1 << 63)
    }

    // MARK: The kept members

    /// The units to keep: a chain of greatest total weight among the units
    /// with keys (`first[k]`, `last[k]`, `last[k] ≤ first[k]`), each
    /// unit's `first` at least the `last` of the one kept before it.
    ///
    /// - Returns: the kept units' positions, ascending.
    /// - Complexity: O(*u* log *u*) for *u* units.
    static func keptChain(_ first: [Int?], _ last: [Int?], _ weights: [Weight]) -> [Int] {
        // Rank every key (equal keys share a rank), sorted as integers:
        // entry k is unit k's first key, and a unit of several members
        // adds an entry for its last.
        var bits = [UInt64](repeating: .max, count: first.count)
        var lastEntry = [Int](repeating: -1, count: first.count)
        func image(_ key: Int) -> UInt64 { UInt64(bitPattern: Int64(key)) ^ (1 << 63) }
        for k in first.indices {
            guard let f = first[k], let l = last[k] else { continue }
            bits[k] = image(f)
            if l != f {
                lastEntry[k] = bits.count
                bits.append(image(l))
            }
        }
        let sorted = PositionKey.sortedIndices(bits: bits) { $0 < $1 }
        var ranks = [Int](repeating: 0, count: bits.count)
        var distinct = 0
        for (i, entry) in sorted.enumerated() {
            if i > 0 && bits[sorted[i - 1]] != bits[entry] { distinct += 1 }
            ranks[entry] = distinct
        }
        guard !first.isEmpty else { return [] }
        var treeWeight = [Weight](repeating: Weight(), count: distinct + 2), treeUnit = [Int](repeating: -1, count: distinct + 2)
        var best = [Weight](repeating: Weight(), count: first.count), previous = [Int](repeating: -1, count: first.count)
        var end = -1
        for k in first.indices {
            guard first[k] != nil, last[k] != nil else { continue }
            var i = ranks[k] + 1, found = (Weight(), -1)
            while i > 0 {
                if found.0 < treeWeight[i] { found = (treeWeight[i], treeUnit[i]) }
                i -= i & -i
            }
            best[k] = found.0 + (weights.indices.contains(k) ? weights[k] : .other)
            previous[k] = found.1
            i = ranks[lastEntry[k] >= 0 ? lastEntry[k] : k] + 1
            while i < treeWeight.count {
                if treeWeight[i] < best[k] { (treeWeight[i], treeUnit[i]) = (best[k], k) }
                i += i & -i
            }
            if end < 0 || best[end] < best[k] { end = k }
        }
        var kept: [Int] = []
        while end >= 0 {
            kept.append(end)
            end = previous[end]
        }
        return kept.reversed()
    }

    /// The members to keep: a largest-weight subsequence of the usable
    /// members (`usable[i]` not `nil`) whose keys increase (strictly, or
    /// not), of the greatest total ``Weight``.
    /// `usable[i]` is a fast key (a `Double` that never reverses the
    /// order); `exact` compares two members' keys when their fast keys tie.
    ///
    /// - Returns: the kept members' positions, ascending.
    /// - Complexity: O(*n* log *n*).
    static func keptMembers(_ usable: [Double?], exact: (Int, Int) -> Int, strict: Bool, preferred: [Weight]) -> [Int] {
        let members = usable.indices.filter { usable[$0] != nil }
        guard !members.isEmpty else { return [] }
        // Rank the keys (equal keys share a rank): sorted as integers (the
        // double's order-preserving image, then the position), each run of
        // equal doubles put in exact order.
        let sorted = PositionKey.sortedIndices(bits: members.map { PositionAssignment.orderBits(usable[$0] ?? 0) }) { i, j in
            let c = exact(members[i], members[j])
            return c != 0 ? c < 0 : members[i] < members[j]
        }.map { members[$0] }
        var rank = [Int](repeating: 0, count: usable.count)
        var r = 0
        for (k, m) in sorted.enumerated() {
            if k > 0 {
                let p = sorted[k - 1]
                if usable[p] != usable[m] || exact(p, m) != 0 { r += 1 }
            }
            rank[m] = r
        }
        // Fenwick tree of prefix maxima over ranks: (weight, member).
        var treeWeight = [Weight](repeating: Weight(), count: r + 2), treeMember = [Int](repeating: -1, count: r + 2)
        func query(_ upTo: Int) -> (Weight, Int) {
            var i = upTo + 1, best = (Weight(), -1)
            while i > 0 {
                if treeWeight[i] > best.0 { best = (treeWeight[i], treeMember[i]) }
                i -= i & -i
            }
            return best
        }
        func update(_ at: Int, _ weight: Weight, _ member: Int) {
            var i = at + 1
            while i < treeWeight.count {
                if weight > treeWeight[i] { treeWeight[i] = weight; treeMember[i] = member }
                i += i & -i
            }
        }
        var best = [Weight](repeating: Weight(), count: usable.count), previous = [Int](repeating: -1, count: usable.count)
        var end = -1
        for m in members {
            let (w, p) = query(strict ? rank[m] - 1 : rank[m])
            best[m] = w + (preferred.indices.contains(m) ? preferred[m] : .other)
            previous[m] = p
            update(rank[m], best[m], m)
            if end < 0 || best[m] > best[end] { end = m }
        }
        var kept: [Int] = []
        while end >= 0 {
            kept.append(end)
            end = previous[end]
        }
        return kept.reversed()
    }
}
