import GraphDiffJSON

// How the elements of two arrays correspond: pairs by content or by key,
// moves, and the edits that turn one array into the other.
extension JSONDiff {
    /// How the elements of two arrays correspond.
    struct ArrayPlan {
        /// Old elements with no partner, ascending.
        var removed: [Int] = []
        /// New elements with no partner, ascending.
        var added: [Int] = []
        /// Partners (old index, new index), ascending by new index.
        var pairs: [(old: Int, new: Int)] = []
        /// Whether each pair (by position in `pairs`) moved.
        var moved: [Bool] = []
        /// Whether each pair is known to be equal (nothing to diff inside).
        var same: [Bool] = []
        /// The array key, when elements are named by it.
        var key: String?
        /// Each element's key value, old then new, when keyed.
        var oldKeys: [JSONValue] = [], newKeys: [JSONValue] = []
    }

    /// Pairs by content, then by position (see ``JSONDiff``).
    static func unkeyedPlan(_ x: [JSONValue], _ y: [JSONValue], _ options: Options) -> ArrayPlan {
        let hx = x.map(\.hashValue), hy = y.map(\.hashValue)
        let steps = SequenceAlignment.align(count: (x.count, y.count)) { i, j in
            hx[i] == hy[j] && x[i].isEqual(to: y[j], numbersByText: options.numbersByText)
        }
        var plan = ArrayPlan()
        var partnerOfNew = [Int](repeating: -1, count: y.count)
        var movedNew = [Bool](repeating: false, count: y.count)
        var sameNew = [Bool](repeating: false, count: y.count)
        // Runs of differences between kept elements.
        var runs: [(deleted: [Int], inserted: [Int])] = []
        var deleted: [Int] = [], inserted: [Int] = []
        for step in steps {
            switch step {
            case .keep(let i, let j):
                if !deleted.isEmpty || !inserted.isEmpty { runs.append((deleted, inserted)) }
                deleted = []
                inserted = []
                partnerOfNew[j] = i
                sameNew[j] = true
            case .delete(let i): deleted.append(i)
            case .insert(let j): inserted.append(j)
            }
        }
        if !deleted.isEmpty || !inserted.isEmpty { runs.append((deleted, inserted)) }
        // Equal elements in different runs (or out of order): moves, by a
        // hash join of the removed elements on their content.
        // Every equal pair is found, whatever the array's length: each hash
        // keeps its removed elements in order, with the first still free.
        var usedOld = [Bool](repeating: false, count: x.count)
        var byHash: [Int: (list: [Int], head: Int)] = [:]
        for run in runs { for i in run.deleted { byHash[hx[i], default: ([], 0)].list.append(i) } }
        var moves = 0
        if !byHash.isEmpty {
            for run in runs {
                for j in run.inserted {
                    guard var bucket = byHash[hy[j]] else { continue }
                    while bucket.head < bucket.list.count && usedOld[bucket.list[bucket.head]] { bucket.head += 1 }
                    var k = bucket.head
                    while k < bucket.list.count && (usedOld[bucket.list[k]] || !x[bucket.list[k]].isEqual(to: y[j], numbersByText: options.numbersByText)) {
                        k += 1
                    }
                    if k < bucket.list.count {
                        let i = bucket.list[k]
                        usedOld[i] = true
                        partnerOfNew[j] = i
                        movedNew[j] = true
                        sameNew[j] = true
                        moves += 1
                        if k == bucket.head { bucket.head += 1 }
                    }
                    byHash[hy[j]] = bucket
                }
            }
        }
        // Within each run, in order: first an old object sharing a member
        // (name and equal value) with the new one; then, between those
        // pairs, an old element of the same kind; each among the next
        // `pairWindow` old elements still free.
        for run in runs {
            let left = run.deleted.filter { !usedOld[$0] }
            let right = run.inserted.filter { partnerOfNew[$0] < 0 }
            var anchors: [(Int, Int)] = []  // positions in left and right
            var d = 0
            for (r, j) in right.enumerated() where kind(y[j]) == 0 {
                var probe = d
                while probe < left.count && probe < d + pairWindow && !sharesMember(x[left[probe]], y[j], options) { probe += 1 }
                if probe < left.count && probe < d + pairWindow {
                    anchors.append((probe, r))
                    d = probe + 1
                }
            }
            var lo = (0, 0)
            for (l, r) in anchors + [(left.count, right.count)] {
                var d = lo.0
                for j in right[lo.1..<r] {
                    var probe = d
                    while probe < l && probe < d + pairWindow && kind(x[left[probe]]) != kind(y[j]) { probe += 1 }
                    if probe < l && probe < d + pairWindow {
                        partnerOfNew[j] = left[probe]
                        usedOld[left[probe]] = true
                        d = probe + 1
                    }
                }
                if l < left.count {
                    partnerOfNew[right[r]] = left[l]
                    usedOld[left[l]] = true
                }
                lo = (l + 1, r + 1)
            }
        }
        var keptOld = [Bool](repeating: false, count: x.count)
        for j in y.indices {
            let i = partnerOfNew[j]
            if i < 0 {
                plan.added.append(j)
            } else {
                keptOld[i] = true
                plan.pairs.append((i, j))
                plan.moved.append(movedNew[j])
                plan.same.append(sameNew[j])
            }
        }
        plan.removed = x.indices.filter { !keptOld[$0] }
        // A move may have landed in order after all (its run's neighbours
        // moved or went): only what leaves the longest ordered run moves.
        if moves > 0 { markMoves(&plan) }
        return plan
    }

    /// Marks as moved every pair off one longest run of pairs whose old
    /// indices increase with their new ones (Hunt and Szymanski 1977): the
    /// fewest moves. Of all such runs, the one that keeps the most elements
    /// at their own index stays, then the one whose members' indices change
    /// least, so the elements that travelled are the ones reported:
    /// `[a b x] → [y b a]` moves `a` (index 0 to 2), not `b` (index 1 to 1),
    /// and `[x y z] → [z y x]` moves `z` and `x`, never `y`. Only an element
    /// that is off every longest run moves while keeping its index. Between
    /// runs alike in all three, the later stays.
    ///
    /// - Complexity: O(*n* log *m*) for *n* pairs and *m* old elements (a
    ///   longest-run search over a Fenwick tree of old indices).
    static func markMoves(_ plan: inout ArrayPlan) {
        /// A run's length, then its members at their own index, then minus
        /// how far its members' indices change: larger is better.
        struct Score: Comparable {
            var length = 0, fixed = 0, closeness = 0
            static func < (a: Score, b: Score) -> Bool {
                (a.length, a.fixed, a.closeness) < (b.length, b.fixed, b.closeness)
            }
        }
        let n = plan.pairs.count
        let size = (plan.pairs.map(\.old).max() ?? -1) + 1
        // tree[i]: the best run ending at an old index in the Fenwick range of i, and its last pair.
        var tree = [(score: Score, last: Int)](repeating: (Score(), -1), count: size + 1)
        var previous = [Int](repeating: -1, count: n)
        var best = (score: Score(), last: -1)
        for (k, pair) in plan.pairs.enumerated() {
            var before = (score: Score(), last: -1)
            var i = pair.old
            while i > 0 {
                if before.score < tree[i].score { before = tree[i] }
                i -= i & -i
            }
            let score = Score(length: before.score.length + 1, fixed: before.score.fixed + (pair.old == pair.new ? 1 : 0),
                              closeness: before.score.closeness - abs(pair.old - pair.new))
            previous[k] = before.last
            var u = pair.old + 1
            while u <= size {
                if tree[u].score <= score { tree[u] = (score, k) }
                u += u & -u
            }
            if best.score <= score { best = (score, k) }
        }
        plan.moved = [Bool](repeating: true, count: n)
        var k = best.last
        while k >= 0 {
            plan.moved[k] = false
            k = previous[k]
        }
    }

    /// Whether two values are objects with a member of the same name and an
    /// equal value (two empty objects count as sharing).
    static func sharesMember(_ a: JSONValue, _ b: JSONValue, _ options: Options) -> Bool {
        guard case .object(let x) = a, case .object(let y) = b else { return false }
        if x.isEmpty && y.isEmpty { return true }
        let (small, large) = x.count <= y.count ? (x, y) : (y, x)
        let index = large.count > 16 ? large.index() : nil
        for m in small.members {
            let other = index.map { $0[ExactString(m.key)].map { large.members[$0].value } } ?? large[m.key]
            if let other, other.isEqual(to: m.value, numbersByText: options.numbersByText) { return true }
        }
        return false
    }

    /// 0 for objects, 1 for arrays, 2 for scalars: what can pair in a run.
    static func kind(_ v: JSONValue) -> Int {
        switch v {
        case .object: return 0
        case .array: return 1
        default: return 2
        }
    }

    /// Pairs by key (a hash join), or `nil` unless every element of both
    /// arrays is an object with a unique `key` member.
    static func keyedPlan(_ x: [JSONValue], _ y: [JSONValue], key: String) -> ArrayPlan? {
        func keys(_ list: [JSONValue]) -> [JSONValue]? {
            var result: [JSONValue] = []
            result.reserveCapacity(list.count)
            var seen = Set<JSONValue>(minimumCapacity: list.count)
            for element in list {
                guard let k = element.objectValue?[key], seen.insert(k).inserted else { return nil }
                result.append(k)
            }
            return result
        }
        guard !x.isEmpty || !y.isEmpty, let kx = keys(x), let ky = keys(y) else { return nil }
        var oldIndex: [JSONValue: Int] = Dictionary(minimumCapacity: kx.count)
        for (i, k) in kx.enumerated() { oldIndex[k] = i }
        var plan = ArrayPlan()
        plan.key = key
        plan.oldKeys = kx
        plan.newKeys = ky
        var keptOld = [Bool](repeating: false, count: x.count)
        for (j, k) in ky.enumerated() {
            if let i = oldIndex[k] {
                keptOld[i] = true
                plan.pairs.append((i, j))
                plan.same.append(false)
            } else {
                plan.added.append(j)
            }
        }
        plan.removed = x.indices.filter { !keptOld[$0] }
        markMoves(&plan)
        return plan
    }

    /// The moves of a plan as applied one after another to the array left
    /// by the removals: each moved pair (in new order) leaves its place and
    /// goes right after the pair before it in the new array (or to the
    /// front), so the survivors end in new order. `from` and `to` are
    /// indices at the time of that move; a move that lands where it was is
    /// left out.
    ///
    /// Every place an element ever holds is known in advance: its place in
    /// the old order and, when it moves, the place right after its
    /// predecessor in the new array (a run of moved pairs follows the pair
    /// that stays before it, or the front). Laid out in one order, an
    /// index at any time is the number of places before it that are taken:
    /// a Fenwick tree counts them.
    ///
    /// - Complexity: O(*n* log *n*) for *n* pairs.
    static func moveSteps(_ plan: ArrayPlan) -> [(pair: Int, from: Int, to: Int)] {
        let n = plan.pairs.count
        guard plan.moved.contains(true) else { return [] }
        // Places: the front run of moved pairs, then, in old order, each
        // pair's own place followed (when it stays) by the run of moved
        // pairs after it in the new array.
        var oldPlace = [Int](repeating: 0, count: n), newPlace = [Int](repeating: 0, count: n)
        var next = 0
        func placeRun(after k: Int) {
            var j = k + 1
            while j < n && plan.moved[j] {
                newPlace[j] = next
                next += 1
                j += 1
            }
        }
        placeRun(after: -1)
        let byOld = plan.pairs.indices.sorted { plan.pairs[$0].old < plan.pairs[$1].old }
        for k in byOld {
            oldPlace[k] = next
            next += 1
            if !plan.moved[k] { placeRun(after: k) }
        }
        var taken = FenwickCounts(count: next)
        for k in 0..<n { taken.add(1, at: oldPlace[k]) }
        var steps: [(pair: Int, from: Int, to: Int)] = []
        for k in 0..<n where plan.moved[k] {
            taken.add(-1, at: oldPlace[k])
            let from = taken.count(before: oldPlace[k])
            let to = taken.count(before: newPlace[k])
            taken.add(1, at: newPlace[k])
            if from != to { steps.append((k, from, to)) }
        }
        return steps
    }

    /// The edits of a plan, in the four runs ``JSONDiff`` describes.
    static func emit(_ plan: ArrayPlan, _ x: [JSONValue], _ y: [JSONValue], at path: JSONPointer,
                     old: [JSONLocation.Segment], new: [JSONLocation.Segment], _ options: Options, into out: inout [Entry]) {
        func oldSegment(_ i: Int) -> JSONLocation.Segment {
            if let key = plan.key { return .key(name: key, value: plan.oldKeys[i]) }
            return .index(i)
        }
        func newSegment(_ j: Int) -> JSONLocation.Segment {
            if let key = plan.key { return .key(name: key, value: plan.newKeys[j]) }
            return .index(j)
        }
        // 1. Removals, from the end: each at its old index.
        for i in plan.removed.reversed() {
            out.append(Entry(.remove(path: path.appending(index: i), old: x[i]), at: JSONLocation(old + [oldSegment(i)], side: .old)))
        }
        // 2. Moves: each moved element goes right after the element that
        //    precedes it in the new array (or to the front); the elements
        //    that stay keep their order, so the survivors end in new order.
        for step in moveSteps(plan) {
            let pair = plan.pairs[step.pair]
            out.append(Entry(.move(from: path.appending(index: step.from), path: path.appending(index: step.to)),
                             at: JSONLocation(new + [newSegment(pair.new)]), movedFrom: pair.old, movedTo: pair.new))
        }
        // 3. Additions, from the front: each at its new index.
        for j in plan.added {
            out.append(Entry(.add(path: path.appending(index: j), value: y[j]), at: JSONLocation(new + [newSegment(j)])))
        }
        // 4. Changes inside paired elements, at their new index.
        for (k, pair) in plan.pairs.enumerated() where !plan.same[k] {
            let a = x[pair.old], b = y[pair.new]
            let at = path.appending(index: pair.new)
            switch (a, b) {
            case (.object, .object), (.array, .array):
                diff(a, b, at: at, old: old + [oldSegment(pair.old)], new: new + [newSegment(pair.new)], options, into: &out)
            default:
                if !a.isEqual(to: b, numbersByText: options.numbersByText) {
                    out.append(Entry(.replace(path: at, old: a, new: b), at: JSONLocation(new + [newSegment(pair.new)])))
                }
            }
        }
    }
}
