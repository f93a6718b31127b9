import GraphDiffJSON

/// Three-way merge of any three JSON documents (no schema).
///
/// Objects merge member by member, recursively. Arrays merge like diff3
/// (as formalised by Khanna, Kunal and Pierce, "A Formal Investigation of
/// Diff3", 2007): the elements both sides kept from the base split the arrays
/// into stable stretches and changed chunks; a chunk changed on one side only
/// is taken, changed alike on both is taken once, changed differently is a
/// conflict, unless the three chunks have the same length, in which case
/// their elements merge one by one. With ``Options/arrayKey`` arrays of
/// objects merge by that member, like chain members (inserts, deletes and
/// moves from both sides). Scalars conflict when both sides changed them
/// differently. Unresolved conflicts keep the base value (mine's where there
/// is no base). Objects keep mine's member order, with theirs' new members
/// where theirs has them.
///
/// Members that ``Options/ignored`` names take mine's value (or stay absent
/// when mine has none) and never conflict; everywhere else values are
/// compared without their ignored members, so a change only there is no
/// change. Where the merge takes a whole array stretch or a whole value
/// from theirs (theirs changed it, mine did not), the ignored members
/// inside it are theirs'; objects paired by name, elements paired by
/// ``Options/arrayKey`` and stretches of equal length merge member by
/// member, so mine's ignored values win there.
///
///     JSONMerge.merge(base: ["a": 1, "b": 1], mine: ["a": 2, "b": 1], theirs: ["a": 1, "b": 3])
///     // value {"a": 2, "b": 3}, no conflict
public enum JSONMerge {
    /// How plain JSON documents merge.
    public struct Options: Sendable {
        /// Merge arrays of objects element by element, matched by this member (`nil`: arrays merge like diff3).
        public var arrayKey: String?
        /// How conflicts are settled.
        public var decisions: MergeDecisions
        /// The side that settles every conflict nothing else settles (`nil`: open).
        public var prefer: MergeSide? {
            get { decisions.prefer }
            set { decisions.prefer = newValue }
        }
        /// Members whose differences do not count: mine's value is kept.
        public var ignored: IgnoredPaths
        /// For the value of a graph's `json` attribute: the attribute, whose
        /// conflicts are settled as the graph's (``MergeConflict/inAttribute(_:)``).
        var attribute: MergeConflict.AttributePlace?
        /// Options with `arrayKey`, `prefer` and `ignored`.
        public init(arrayKey: String? = nil, prefer: MergeSide? = nil, ignored: IgnoredPaths = IgnoredPaths()) {
            self.init(arrayKey: arrayKey, decisions: MergeDecisions(prefer: prefer), ignored: ignored)
        }
        /// Options with `arrayKey`, `decisions` and `ignored`.
        public init(arrayKey: String? = nil, decisions: MergeDecisions, ignored: IgnoredPaths = IgnoredPaths()) {
            self.arrayKey = arrayKey
            self.decisions = decisions
            self.ignored = ignored
        }

        /// Settles `c` (a conflict of this document), as a conflict of the
        /// graph attribute when this is one's value.
        func settle(_ c: inout MergeConflict) -> MergeSide? {
            guard let attribute else { return decisions.settle(&c) }
            var settled = c.inAttribute(attribute)
            let side = decisions.settle(&settled)
            c.resolvedBy = settled.resolvedBy
            c.remembered = settled.remembered
            return side
        }
    }

    ///     let merged = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: .init(arrayKey: "id"))
    ///     merged.conflicts.isEmpty   // true when the sides touched different members
    ///
    /// - Complexity: O(*n* · *d*) for arrays with *d* differences (Myers 1986, as ``JSONDiff`` aligns them); O(*n*) otherwise.
    public static func merge(base: JSONValue, mine: JSONValue, theirs: JSONValue, options: Options = Options())
        -> (value: JSONValue, conflicts: [MergeConflict])
    {
        var conflicts: [MergeConflict] = []
        let value = merge(base, mine, theirs, at: JSONPointer(), JSONLocation(), JSONPointer(), options.ignored.root, options, &conflicts) ?? .null
        return (value, conflicts)
    }

    /// `path` and `location` name the place in the result; `place` in the
    /// base's terms (elements by their index in the base), which moves
    /// with no choice (``MergeConflict/basePath``).
    static func merge(_ b: JSONValue?, _ m: JSONValue?, _ t: JSONValue?, at path: JSONPointer, _ location: JSONLocation, _ place: JSONPointer,
                      _ state: IgnoredPaths.State,
                      _ options: Options, _ conflicts: inout [MergeConflict]) -> JSONValue? {
        /// Equal, leaving out ignored members below here.
        func same(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return options.ignored.isEqual(x, y, state)
        }
        if same(m, t) { return m }
        if same(b, m) {
            // Theirs' values, in mine's member order (and mine's ignored members).
            if case .object(let y)? = m, case .object(let z)? = t, case .object(let x)? = b {
                return .object(mergeObjects(x, y, z, at: path, location, place, state, options, &conflicts))
            }
            guard !state.isDead, case .array? = m, case .array? = t, case .array? = b else { return t }
        } else if same(b, t) {
            return m
        }
        switch (b, m, t) {
        case (.object(let x)?, .object(let y)?, .object(let z)?):
            return .object(mergeObjects(x, y, z, at: path, location, place, state, options, &conflicts))
        case (nil, .object(let y)?, .object(let z)?):
            return .object(mergeObjects(JSONObject(), y, z, at: path, location, place, state, options, &conflicts, baseAbsent: true))
        case (.array(let x)?, .array(let y)?, .array(let z)?):
            if let key = options.arrayKey, let merged = keyedMerge(x, y, z, key: key, at: path, location, place, state, options, &conflicts) { return .array(merged) }
            return .array(mergeArrays(x, y, z, at: path, location, place, state, options, &conflicts))
        default:
            var c = MergeConflict(kind: .property, path: path, base: b, mine: m, theirs: t, location: location)
            c.basePath = place
            let side = options.settle(&c)
            conflicts.append(c)
            switch side {
            case .mine?: return m
            case .theirs?: return t
            case .union?: return MergeDecisions.union(b, m, t) ?? b ?? m
            case .base?, nil: return b ?? m
            }
        }
    }

    /// Member by member. The result keeps mine's member order; members only
    /// theirs has go after the member they follow there (or first), and one
    /// only the base has (kept by a conflict) after the one it follows there.
    ///
    /// - Complexity: O(*n*) expected, for *n* members, plus the merges of their values.
    static func mergeObjects(_ x: JSONObject, _ y: JSONObject, _ z: JSONObject, at path: JSONPointer, _ location: JSONLocation, _ place: JSONPointer,
                             _ state: IgnoredPaths.State, _ options: Options,
                             _ conflicts: inout [MergeConflict], baseAbsent: Bool = false) -> JSONObject {
        let base = baseAbsent ? JSONObject() : x
        // Pair members by name: mine's and theirs' with the base's (a walk,
        // hashing only what it cannot pair), then mine's with theirs'.
        let mineToBase = base.pairing(with: y), theirsToBase = base.pairing(with: z)
        var baseToTheirs = [Int](repeating: -1, count: base.count)
        for (k, i) in theirsToBase.enumerated() where i >= 0 { baseToTheirs[i] = k }
        var mineToTheirs = mineToBase.map { $0 >= 0 ? baseToTheirs[$0] : -1 }
        // Members both sides added: paired by name among the new ones.
        let newInMine = mineToBase.indices.filter { mineToBase[$0] < 0 }, newInTheirs = theirsToBase.indices.filter { theirsToBase[$0] < 0 }
        if !newInMine.isEmpty && !newInTheirs.isEmpty {
            var names = [ExactString: Int](minimumCapacity: newInTheirs.count)
            for k in newInTheirs { names[ExactString(z.members[k].key)] = k }
            for j in newInMine { if let k = names[ExactString(y.members[j].key)] { mineToTheirs[j] = k } }
        }
        var theirsToMine = [Int](repeating: -1, count: z.count)
        for (j, k) in mineToTheirs.enumerated() where k >= 0 { theirsToMine[k] = j }
        // Mine's order; a member only theirs has goes after the one it follows there.
        let n = y.count
        var order = LinkedOrder(capacity: n + z.count)
        for j in 0..<n { order.append(j) }
        var last = -1
        for k in 0..<z.count {
            if theirsToMine[k] >= 0 {
                last = theirsToMine[k]
            } else {
                order.insert(n + k, after: last)
                last = n + k
            }
        }
        var result = JSONObject()
        result.members.reserveCapacity(max(n, z.count))
        for e in order.elements {
            let key: String, b: JSONValue?, m: JSONValue?, t: JSONValue?
            if e < n {
                key = y.members[e].key
                m = y.members[e].value
                // (JSONValue is nil-literal expressible: absent must be spelled `.none`.)
                t = mineToTheirs[e] >= 0 ? z.members[mineToTheirs[e]].value : .none
                b = mineToBase[e] >= 0 ? base.members[mineToBase[e]].value : .none
            } else {
                key = z.members[e - n].key
                m = nil
                t = z.members[e - n].value
                b = theirsToBase[e - n] >= 0 ? base.members[theirsToBase[e - n]].value : .none
            }
            let inner = options.ignored.step(state, member: key)
            if inner.matched {
                // Ignored: mine's value, or none.
                if let m { result.members.append(JSONObject.Member(key: key, value: m)) }
            } else if let v = merge(b, m, t, at: path.appending(key), JSONLocation(location.segments + [.member(key)]), place.appending(key), inner, options,
                                    &conflicts) {
                result.members.append(JSONObject.Member(key: key, value: v))
            }
        }
        return result
    }

    static func mergeArrays(_ b: [JSONValue], _ m: [JSONValue], _ t: [JSONValue], at path: JSONPointer, _ location: JSONLocation, _ place: JSONPointer,
                            _ state: IgnoredPaths.State,
                            _ options: Options, _ conflicts: inout [MergeConflict]) -> [JSONValue] {
        // Elements compare without their ignored members.
        let element = options.ignored.stepIntoElement(state)
        func compared(_ list: [JSONValue]) -> [JSONValue] {
            element.isDead ? list : list.map { options.ignored.removing(from: $0, element) }
        }
        let (sb, sm, st) = (compared(b), compared(m), compared(t))
        let km = SequenceAlignment.kept(sb, sm), kt = SequenceAlignment.kept(sb, st)
        var result: [JSONValue] = []
        var (bi, mi, ti) = (0, 0, 0)
        func chunk(until stable: (Int, Int, Int)?) {
            let (be, me, te) = stable ?? (b.count, m.count, t.count)
            let bc = Array(b[bi..<be]), mc = Array(m[mi..<me]), tc = Array(t[ti..<te])
            let (sbc, smc, stc) = (sb[bi..<be], sm[mi..<me], st[ti..<te])
            if smc.elementsEqual(stc) || sbc.elementsEqual(stc) {
                result += mc
            } else if sbc.elementsEqual(smc) && (element.isDead || bc.count != tc.count) {
                result += tc
            } else if bc.count == mc.count && mc.count == tc.count {
                for k in bc.indices {
                    if let v = merge(bc[k], mc[k], tc[k], at: path.appending(index: result.count), JSONLocation(location.segments + [.index(result.count)]),
                                     place.appending(index: bi + k), element, options, &conflicts) { result.append(v) }
                }
            } else {
                var c = MergeConflict(kind: .arrayChunk, path: path, base: .array(bc), mine: .array(mc), theirs: .array(tc), location: location)
                // A stretch is named by where it starts in the base's array.
                c.basePath = place.appending(index: bi)
                let side = options.settle(&c)
                conflicts.append(c)
                switch side {
                case .mine?: result += mc
                case .theirs?: result += tc
                case .union?: result += MergeDecisions.union(.array(bc), .array(mc), .array(tc))?.arrayValue ?? bc
                case .base?, nil: result += bc
                }
            }
        }
        for i in b.indices {
            guard let j = km[i], let k = kt[i] else { continue }
            chunk(until: (i, j, k))
            // Kept by both sides: alike but for ignored members, which are mine's.
            result.append(element.isDead ? b[i] : m[j])
            (bi, mi, ti) = (i + 1, j + 1, k + 1)
        }
        chunk(until: nil)
        return result
    }

    /// Arrays of objects with a unique `key` member in all three versions,
    /// merged element by element and ordered like a chain; `nil` when the
    /// arrays are not such.
    static func keyedMerge(_ b: [JSONValue], _ m: [JSONValue], _ t: [JSONValue], key: String, at path: JSONPointer, _ location: JSONLocation, _ place: JSONPointer,
                           _ state: IgnoredPaths.State,
                           _ options: Options,
                           _ conflicts: inout [MergeConflict]) -> [JSONValue]? {
        // Elements are named by their key: a string key as itself, any other
        // as its JSON text; if that names two keys alike ("1" and 1), every
        // key by its JSON text.
        var keyTexts: [ExactString: ExactString] = [:]
        var plainNames = true
        for e in b + m + t {
            guard let k = e.objectValue?[key] else { continue }
            let text = ExactString(JSONWriter.string(k, style: .compactSorted))
            let name = ExactString(k.stringValue ?? text.string)
            if let other = keyTexts[name], other != text { plainNames = false }
            keyTexts[name] = text
        }
        func table(_ list: [JSONValue]) -> (order: [String], byKey: [ExactString: JSONValue])? {
            var order: [String] = [], byKey: [ExactString: JSONValue] = [:]
            for e in list {
                guard let k = e.objectValue?[key] else { return nil }
                let text = plainNames ? (k.stringValue ?? JSONWriter.string(k, style: .compactSorted)) : JSONWriter.string(k, style: .compactSorted)
                guard byKey.updateValue(e, forKey: ExactString(text)) == nil else { return nil }
                order.append(text)
            }
            return (order, byKey)
        }
        guard let tb = table(b), let tm = table(m), let tt = table(t) else { return nil }
        let element = options.ignored.stepIntoElement(state)
        var merged: [ExactString: JSONValue] = [:]
        var all = Set(tb.byKey.keys)
        all.formUnion(tm.byKey.keys)
        all.formUnion(tt.byKey.keys)
        // Conflicts inside an element name it by its key; their pointers get
        // its index in the result once the order is known.
        var inside: [(key: ExactString, conflicts: Range<Int>)] = []
        for k in all.sorted() {
            let (bv, mv, tv) = (tb.byKey[k], tm.byKey[k], tt.byKey[k])
            let keyValue = (mv ?? tv ?? bv)?.objectValue?[key] ?? .string(k.string)
            let first = conflicts.count
            if let v = merge(bv, mv, tv, at: path.appending(k.string), JSONLocation(location.segments + [.key(name: key, value: keyValue)]),
                             place.appending(k.string), element, options,
                             &conflicts) { merged[k] = v }
            if conflicts.count > first { inside.append((k, first..<conflicts.count)) }
        }
        let present = Set(merged.keys)
        let (order, orderConflicts) = options.decisions.settleOrder({ side in
            SequenceMerge.merge(base: tb.order, mine: tm.order, theirs: tt.order, present: present, prefer: side)
        }, { order in
            guard !order.conflicts.isEmpty else { return [] }
            let versions = SequenceVersions(base: tb.order, mine: tm.order, theirs: tt.order, present: .allBut([]))
            return order.conflicts.map { c -> MergeConflict in
                let (bv, mv, tv) = SequenceMerge.conflictValues(c, versions)
                var conflict = MergeConflict(kind: MergeConflict.Kind(c.kind), path: path, base: bv, mine: mv, theirs: tv, location: location)
                conflict.basePath = place
                if let attribute = options.attribute { conflict = conflict.inAttribute(attribute) }
                return conflict
            }
        })
        let result = order.order.filter { merged[ExactString($0)] != nil }
        var indexOf: [ExactString: Int] = [:]
        for (i, k) in result.enumerated() { indexOf[ExactString(k)] = i }
        let depth = path.tokens.count
        for (k, range) in inside {
            for c in range where conflicts[c].path.tokens.count > depth {
                if let i = indexOf[k] {
                    conflicts[c].path.tokens[depth] = String(i)
                } else {
                    conflicts[c].path = path
                }
            }
        }
        for c in orderConflicts {
            // Back to this document's terms (the graph's are made again by the caller).
            var own = MergeConflict(kind: c.kind, path: path, base: c.base, mine: c.mine, theirs: c.theirs, location: location)
            own.basePath = place
            own.resolvedBy = c.resolvedBy
            own.remembered = c.remembered
            conflicts.append(own)
        }
        return result.compactMap { merged[ExactString($0)] }
    }
}
