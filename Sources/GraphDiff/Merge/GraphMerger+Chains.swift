import GraphDiffJSON

extension GraphMerger {
    // MARK: Orders and metadata

    /// The orders of the owners whose order some side changed, per ordered
    /// relationship (by position in ``orders``) and owner, with an index's
    /// values alongside.
    typealias OrdersRead = [[ObjectID: (ids: [String], values: [JSONValue])]]

    /// The orders of `owners` (per ordered relationship) in `g`: a chain's
    /// from `seeds` where it has them (``seeds(in:)``), else by a pass over
    /// every object.
    ///
    /// - Complexity: O(*s* + *m*) for a chain with *s* seeds and *m*
    ///   members read; O(*n* + *m* log *m*) otherwise, for *n* objects.
    static func readOrders(_ orders: [OrderedRelationship], of owners: [Set<ObjectID>], in g: Graph, seeds: [[ObjectID]?]) -> OrdersRead {
        orders.indices.map { c in
            let order = orders[c]
            guard !owners[c].isEmpty else { return [:] }
            if order.ordering.isIndex { return order.positionedOrders(of: owners[c], in: g) }
            if c < seeds.count, let seeds = seeds[c], let found = order.orders(of: owners[c], seededBy: seeds, in: g) {
                assert(Self.sameOrders(found, order.orders(of: owners[c], in: g)), "the orders found from the seeds are not those of a pass")
                return found.mapValues { ($0, []) }
            }
            return order.orders(of: owners[c], in: g).mapValues { ($0, []) }
        }
    }

    /// Per ordered relationship: the members from which `g`'s orders of
    /// the owners to merge are found (``chainSeeds``), or `nil` to read
    /// them by a pass: when `g`'s chains are not known sound (it was not
    /// checked as it is) or an owner was marked from no version.
    func seeds(in g: Graph) -> [[ObjectID]?] {
        orders.indices.map { c in g.isKnownConsistent && !unseededOwners[c] ? chainSeeds[c] : nil }
    }

    /// Whether two reads of orders list the same owners with the same
    /// members, byte for byte (debug checks).
    static func sameOrders(_ a: [ObjectID: [String]], _ b: [ObjectID: [String]]) -> Bool {
        a.count == b.count && a.allSatisfy { owner, members in
            b[owner].map { other in other.count == members.count && zip(other, members).allSatisfy { utf8Equal($0, $1) } } ?? false
        }
    }

    /// The owners to merge (those the result holds whose order some side
    /// changed, per ordered relationship), and their orders in the base, in
    /// mine and in theirs: the base's read on this core while mine's and
    /// theirs' are read on the other (large graphs), after `first` has run
    /// on this core (work that changes no order and no owner, as deriving
    /// inverses).
    mutating func readOrders(after first: (inout GraphMerger) -> Void) -> OrdersOfVersions {
        let owners = ownersToMerge()
        let (b0, m0, t0, layouts) = (base, mine, theirs, orders)
        let (bs, ms, ts) = (seeds(in: b0), seeds(in: m0), seeds(in: t0))
        let large = max(b0.count, m0.count, t0.count) >= TwoCores.minimumObjects
        guard large else {
            first(&self)
            return (owners, Self.readOrders(layouts, of: owners, in: b0, seeds: bs), Self.readOrders(layouts, of: owners, in: m0, seeds: ms),
                    Self.readOrders(layouts, of: owners, in: t0, seeds: ts))
        }
        let (baseOrders, (mineOrders, theirsOrders)) = inParallel({ () -> OrdersRead in
            first(&self)
            return Self.readOrders(layouts, of: owners, in: b0, seeds: bs)
        }, { (Self.readOrders(layouts, of: owners, in: m0, seeds: ms), Self.readOrders(layouts, of: owners, in: t0, seeds: ts)) })
        return (owners, baseOrders, mineOrders, theirsOrders)
    }

    /// The owners to merge: those the result holds whose order some side
    /// changed, per ordered relationship.
    func ownersToMerge() -> [Set<ObjectID>] {
        orders.indices.map { c in dirtyOwners[c].isEmpty ? [] : dirtyOwners[c].filter { result.objects[$0] != nil } }
    }

    /// ``readOrders(after:)`` with the orders `shared` holds, read by
    /// another merge of the same inputs (which marks the same owners
    /// dirty, and may hold others than this one): only the owners to
    /// merge that it did not read are read.
    ///
    /// - Complexity: O(*n* + *m* log *m*) per relationship with owners to
    ///   read, as ``readOrders(_:of:in:)``; O(*k*) for *k* owners otherwise.
    func readOrders(sharing shared: OrdersOfVersions) -> OrdersOfVersions {
        let owners = ownersToMerge()
        let unread = orders.indices.map { c in owners[c].subtracting(shared.owners[c]) }
        guard unread.contains(where: { !$0.isEmpty }) else { return (owners, shared.base, shared.mine, shared.theirs) }
        func adding(_ read: OrdersRead, from g: Graph) -> OrdersRead {
            let more = Self.readOrders(orders, of: unread, in: g, seeds: seeds(in: g))
            return read.indices.map { c in read[c].merging(more[c]) { had, _ in had } }
        }
        return (owners, adding(shared.base, from: base), adding(shared.mine, from: mine), adding(shared.theirs, from: theirs))
    }

    /// Merges the order of every owner some side changed (see
    /// ``markChains(_:_:_:_:)``), whatever its storage, through
    /// ``SequenceMerge``, and writes it back (``OrderedRelationship``): a
    /// chain's links, an owner's array, an index's values
    /// (``PositionAssignment``). Chain members that left every chain lose
    /// their links; an index member left without an owner has its value
    /// merged as an attribute. `read`: the three versions' orders of the
    /// owners to merge (``readOrders(after:)``).
    ///
    /// `shared`: owners another merge of the same inputs merged without a
    /// conflict (``SharedOrders/clean``): an owner whose members this merge
    /// keeps alike takes that merge's order instead of merging it again
    /// (the decisions only settle conflicts). Returns the owners this one
    /// merged without a conflict, when ``recordsCleanOrders``.
    @discardableResult
    mutating func mergeChains(read: OrdersOfVersions, sharing shared: [[ObjectID: CleanOrder]]? = nil) -> [[ObjectID: CleanOrder]] {
        var clean = [[ObjectID: CleanOrder]](repeating: [:], count: recordsCleanOrders ? orders.count : 0)
        for (c, order) in orders.enumerated() where !dirtyOwners[c].isEmpty {
            if order.isKeptOnMembers {
                for id in touchedMembers[c] {
                    guard let o = result.objects[id], order.isMember(o), order.owner(of: o) == nil else { continue }
                    if order.ordering.isIndex {
                        mergeUnownedPosition(id, order)
                    } else {
                        order.clearLinks(of: id, in: &result)
                    }
                }
            }
            let (owners, baseOrders, mineOrders, theirsOrders) = (read.owners[c], read.base[c], read.mine[c], read.theirs[c])
            let absent = order.isKeptOnMembers ? absentMembers(of: owners, order, c) : [:]
            let empty: (ids: [String], values: [JSONValue]) = ([], [])
            let sorted = owners.sorted()
            // Each owner's merge read only (on two cores for many owners),
            // then written in owner order, as one pass would.
            let plans: [OrderPlan] = {
                let reader = self
                func plan(_ owner: ObjectID) -> OrderPlan {
                    let (b, m, t) = (baseOrders[owner] ?? empty, mineOrders[owner] ?? empty, theirsOrders[owner] ?? empty)
                    return reader.planOrder(of: owner, order, (b, m, t), absent: absent[owner] ?? [], earlier: shared?[c][owner])
                }
                guard sorted.count >= TwoCores.minimumOrders else { return sorted.map(plan) }
                let middle = sorted.count / 2
                let (first, second) = inParallel({ sorted[..<middle].map(plan) }, { sorted[middle...].map(plan) })
                return first + second
            }()
            for (owner, plan) in zip(sorted, plans) {
                let (b, m, t) = (baseOrders[owner] ?? empty, mineOrders[owner] ?? empty, theirsOrders[owner] ?? empty)
                let merged = plan.merged
                if let found = plan.found {
                    conflicts += found
                    if recordsCleanOrders && found.isEmpty { clean[c][owner] = CleanOrder(presence: plan.presence, merged: merged) }
                }
                let names = merged.versions.names
                let mergedOrder = merged.order.map { names[$0] } + merged.unlisted
                if order.ordering.isIndex {
                    let values = mergedPositions(merged.order, merged.versions, values: (b.values, m.values, t.values), order)
                    let places = Self.placesWithNewValues(merged.order, values, merged.versions, (b.values, m.values, t.values))
                        + Array(merged.order.count..<mergedOrder.count)
                    order.writePositions(mergedOrder, values, at: places, into: &result)
                } else {
                    order.write(mergedOrder, of: owner, at: Self.placesWithNewNeighbours(merged.order, merged.versions, total: mergedOrder.count),
                                into: &result)
                }
            }
        }
        return clean
    }

    /// An owner's order merged, not yet written: the members kept, the
    /// merge, and its conflicts (`nil`: taken as another merge of the same
    /// inputs merged it, without a conflict).
    struct OrderPlan {
        let presence: SequenceMerge.Presence
        let merged: SequenceMerge.Merged
        let found: [MergeConflict]?
    }

    /// The merge of `owner`'s order from its three versions `versions`,
    /// keeping the members the result gives it (those an array lists, or
    /// every member but `absent`), settled by ``decisions``; `earlier`'s
    /// merge when it kept the same members. Reads the result, writes nothing.
    func planOrder(of owner: ObjectID, _ order: OrderedRelationship,
                   _ versions: (base: (ids: [String], values: [JSONValue]), mine: (ids: [String], values: [JSONValue]),
                                theirs: (ids: [String], values: [JSONValue])),
                   absent: Set<ExactString>, earlier: CleanOrder?) -> OrderPlan {
        // An array's members are those its merged array lists.
        let listed = order.isKeptOnMembers ? nil : result.objects[owner].flatMap(order.listedMembers(of:))
        let presence: SequenceMerge.Presence = listed.map { .listed($0) } ?? .allBut(absent)
        if let earlier, earlier.presence == presence { return OrderPlan(presence: presence, merged: earlier.merged, found: nil) }
        let ownerName = result.objects[owner].map(entityName) ?? owner.entity
        let relationship = order.relationship
        let (merged, found) = decisions.settleOrder({ side in
            SequenceMerge.merge(base: versions.base.ids, mine: versions.mine.ids, theirs: versions.theirs.ids, presence: presence, prefer: side)
        }, { merged in
            merged.conflicts.map { c in
                let (bv, mv, tv) = SequenceMerge.conflictValues(c, merged.versions)
                return MergeConflict(kind: MergeConflict.Kind(c.kind), entity: ownerName, identity: owner.identity, property: relationship.name,
                                     path: path(ownerName, owner, relationship.name), base: bv, mine: mv, theirs: tv)
            }
        })
        return OrderPlan(presence: presence, merged: merged, found: found)
    }

    /// For each of `owners` (of a chain or an index), the members some
    /// version's order lists that the result does not give it: touched
    /// members (whose owner is not the same in every version) whose merged
    /// owner link names another owner or none, or that the result lacks.
    /// (A member no side moved to another owner keeps its owner.)
    ///
    /// - Complexity: O(*t*) expected for *t* touched members (each
    ///   identity hashed once, each owner link read in place).
    func absentMembers(of owners: Set<ObjectID>, _ order: OrderedRelationship, _ c: Int) -> [ObjectID: Set<ExactString>] {
        var absent: [ObjectID: Set<ExactString>] = [:]
        let kept = result.objects, versions = [base.objects, mine.objects, theirs.objects]
        func ownerLink(of id: ObjectID, hash: UInt64, in store: ObjectStore) -> String? {
            guard let row = store.findRow(id, hash: hash), store.isLive(atRow: row) else { return nil }
            return order.link(atRow: row, in: store, order.ownerSlots)
        }
        for id in touchedMembers[c] {
            let hash = ObjectStore.hash(id)
            let keptOwner = ownerLink(of: id, hash: hash, in: kept)
            for store in versions {
                guard let link = ownerLink(of: id, hash: hash, in: store), !(keptOwner.map { utf8Equal($0, link) } ?? false) else { continue }
                let owner = ObjectID(entity: order.ownerRoot, identity: link)
                if owners.contains(owner) { absent[owner, default: []].insert(ExactString(id.identity)) }
            }
        }
        return absent
    }

    /// The places of a merged order (`merged`, member numbers of `v`, then
    /// `total - merged.count` members no version lists) whose member has
    /// not the same neighbours in every version: only their links may
    /// need writing (the result holds one version's links of the others).
    ///
    /// - Complexity: O(*n*) for *n* members.
    static func placesWithNewNeighbours(_ merged: [Int], _ v: SequenceVersions, total: Int) -> [Int] {
        func alike(_ x: Int, _ prev: Int, _ next: Int, _ order: [Int], _ pos: [Int]) -> Bool {
            let p = pos[x]
            return p >= 0 && (p > 0 ? order[p - 1] : -1) == prev && (p + 1 < order.count ? order[p + 1] : -1) == next
        }
        var places: [Int] = []
        for (i, x) in merged.enumerated() {
            let prev = i > 0 ? merged[i - 1] : -1
            let next = i + 1 < merged.count ? merged[i + 1] : total > merged.count ? -2 : -1
            if !(alike(x, prev, next, v.base, v.posBase) && alike(x, prev, next, v.mine, v.posMine) && alike(x, prev, next, v.theirs, v.posTheirs)) {
                places.append(i)
            }
        }
        return places + Array(merged.count..<max(merged.count, total))
    }

    /// The places of a merged order (`merged`, member numbers of `v`) whose
    /// merged value (`values`) is not the member's value in every version
    /// (`versionValues`, each in its version's order).
    ///
    /// - Complexity: O(*n*) for *n* members.
    static func placesWithNewValues(_ merged: [Int], _ values: [JSONValue], _ v: SequenceVersions,
                                    _ versionValues: ([JSONValue], [JSONValue], [JSONValue])) -> [Int] {
        func alike(_ value: JSONValue, _ x: Int, _ list: [JSONValue], _ pos: [Int]) -> Bool {
            pos[x] >= 0 && pos[x] < list.count && list[pos[x]].isIdentical(to: value)
        }
        var places: [Int] = []
        for (i, x) in merged.enumerated() where i < values.count {
            let value = values[i]
            if !(alike(value, x, versionValues.0, v.posBase) && alike(value, x, versionValues.1, v.posMine)
                && alike(value, x, versionValues.2, v.posTheirs)) {
                places.append(i)
            }
        }
        return places
    }

    /// The index values of one owner's merged order `merged` (member
    /// numbers of `v`; `values` holds each version's values in its order):
    /// numbered densely where every version was dense; else the members'
    /// merged values (the side that changed one; where both did, the one
    /// that fits, theirs first; else the one that has it) where they give
    /// that order, ties only as some version had them; else those with the
    /// fewest renumbered, members no side touched first, then members no
    /// side moved (``PositionAssignment``). Members without a value at the
    /// end stay so.
    ///
    /// - Complexity: O(*n* log *n*) for *n* members.
    func mergedPositions(_ merged: [Int], _ v: SequenceVersions, values: ([JSONValue], [JSONValue], [JSONValue]),
                         _ order: OrderedRelationship) -> [JSONValue] {
        let type = order.indexType ?? .double
        // Dense in every version that has members: dense again.
        func denseStart(_ list: [JSONValue]) -> Int?? {
            guard let first = list.first else { return .some(nil) }
            guard let start = first.numberValue?.intValue, start == 0 || start == 1 else { return nil }
            for (i, x) in list.enumerated() {
                guard case .number(let n) = x, (n.plainInteger ?? n.intValue) == start + i else { return nil }
            }
            return .some(start)
        }
        var dense: Int? = nil
        var isDense = true
        for list in [values.0, values.1, values.2] {
            guard let start = denseStart(list) else { isDense = false; break }
            if let s = start {
                if dense != nil && dense != s { isDense = false; break }
                dense = s
            }
        }
        if isDense, let start = dense { return merged.indices.map { .number(JSONNumber(start + $0)) } }
        // (JSONValue is nil-literal expressible: absent is spelled `.none`.)
        func value(_ pos: [Int], _ list: [JSONValue], _ x: Int) -> JSONValue? {
            pos[x] >= 0 && pos[x] < list.count ? .some(list[pos[x]]) : .none
        }
        func same(_ x: JSONValue, _ y: JSONValue) -> Bool { x.isIdentical(to: y) || StoredValue.equal(x, y, as: type) }
        // Each member's value: the side that changed it. Where both changed
        // it differently (no conflict: values only encode the order), the
        // first of theirs' and mine's that fits between its neighbours'
        // values (theirs' when neither does), so that merging mine
        // with a merge of mine gives it back and a preference, which only
        // settles conflicts, picks the value of the place it chose.
        var bothChanged: [Int] = []
        var candidates: [JSONValue] = merged.enumerated().map { i, x in
            let (bv, mv, tv) = (value(v.posBase, values.0, x), value(v.posMine, values.1, x), value(v.posTheirs, values.2, x))
            if let mv, bv.map({ !same($0, mv) }) ?? true {
                guard let tv, let bv, !same(tv, bv), !same(tv, mv) else { return mv }
                bothChanged.append(i)
                return tv
            }
            return tv ?? mv ?? bv ?? .null
        }
        for i in bothChanged {
            let x = merged[i]
            let before = i > 0 ? PositionKey(candidates[i - 1]) : nil, after = i + 1 < merged.count ? PositionKey(candidates[i + 1]) : nil
            func fits(_ value: JSONValue) -> Bool {
                let k = PositionKey(value)
                guard k.number != nil else { return false }
                if let before, before.number == nil || PositionKey.compare(before, k) >= 0 { return false }
                if let after, after.number != nil, PositionKey.compare(k, after) >= 0 { return false }
                return true
            }
            let options = [value(v.posTheirs, values.2, x), value(v.posMine, values.1, x)].compactMap { $0 }
            if let fitting = options.first(where: fits) { candidates[i] = fitting }
        }
        let keys = candidates.map(PositionKey.init)
        let versions = [(v.posBase, values.0), (v.posMine, values.1), (v.posTheirs, values.2)]
        /// Whether members `i - 1` and `i` may stand tied as they are (equal
        /// values, or both without one): in identity order, with those very
        /// values in some version, which had that tie. A merge makes no new tie.
        func mayTie(_ i: Int) -> Bool {
            guard utf8Less(v.names[merged[i - 1]], v.names[merged[i]]) else { return false }
            return versions.contains { pos, list in
                guard let p = value(pos, list, merged[i - 1]), let q = value(pos, list, merged[i]) else { return false }
                return same(p, candidates[i - 1]) && same(q, candidates[i])
            }
        }
        /// Whether members `i - 1` and `i` are in order by their values
        /// (members without a value come last).
        func inOrder(_ i: Int) -> Bool {
            switch (keys[i - 1].number, keys[i].number) {
            case (_?, _?):
                let c = PositionKey.compare(keys[i - 1], keys[i])
                return c < 0 || (c == 0 && mayTie(i))
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return mayTie(i)
            }
        }
        if keys.indices.dropFirst().allSatisfy(inOrder) { return candidates }
        // Otherwise the fewest renumbered, members no side touched first,
        // then members no side moved. Members at the end without a value,
        // tied as they may be, stay so.
        var end = keys.count
        while end > 0, keys[end - 1].number == nil, end == keys.count || mayTie(end) { end -= 1 }
        let unmoved = SequenceMerge.unmovedMembers(v)
        let weights: [PositionAssignment.Weight] = (0..<end).map { i in
            guard unmoved[merged[i]] else { return .other }
            return versions.allSatisfy({ pos, list in value(pos, list, merged[i]).map { same($0, candidates[i]) } ?? false }) ? .untouchedMember : .unmoved
        }
        // The floor: the least of 0 and every input value (only negative
        // values are compared).
        var floor = JSONNumber(0)
        for list in [values.0, values.1, values.2] {
            for value in list {
                guard let n = PositionKey.number(value), n.text.utf8.first == UInt8(ascii: "-"), n < floor else { continue }
                floor = n
            }
        }
        // A run of members tied as they may be keeps its values together
        // (its tie) or not at all.
        let ties = (0..<end).map { i in
            i > 0 && keys[i - 1].approximate == keys[i].approximate && keys[i].number != nil && keys[i - 1].number != nil
                && PositionKey.compare(keys[i - 1], keys[i]) == 0 && mayTie(i)
        }
        let numbered = PositionAssignment.values(for: (0..<end).map { keys[$0].number }, weights: weights, ties: ties, type: type, floor: floor, dense: nil)
        return written(numbered) + candidates[end...]

        func isOwn(_ n: JSONNumber, _ i: Int) -> Bool { keys[i].number != nil && PositionKey.compare(PositionKey(.number(n)), keys[i]) == 0 }
        /// The values to write: a member that keeps its value keeps it as
        /// written (text and form); a new value is a number, or a string
        /// when the order's values are written as strings (a decimal kept
        /// as text).
        func written(_ assigned: [JSONNumber]) -> [JSONValue] {
            let asStrings = candidates.contains { if case .string = $0 { return true } else { return false } }
            return assigned.indices.map { i in
                isOwn(assigned[i], i) ? candidates[i] : asStrings ? .string(assigned[i].text) : .number(assigned[i])
            }
        }
    }

    /// Merges the index value of `id`, a member the result leaves without
    /// an owner, as an attribute: taken from the side that changed it, a
    /// conflict when both changed it differently.
    mutating func mergeUnownedPosition(_ id: ObjectID, _ order: OrderedRelationship) {
        guard let attribute = order.relationship.indexAttribute, let object = result.objects[id],
            let slot = order.indexSlots[object.entityIndex]
        else { return }
        let type = order.indexType ?? .double
        func value(_ g: Graph) -> JSONValue? { g.objects[id].flatMap { o in order.indexSlots[o.entityIndex].map { o.value(at: $0) } } }
        func same(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
            switch (x, y) {
            case (nil, nil): return true
            case (let a?, let b?): return StoredValue.equal(a, b, as: type)
            default: return false
            }
        }
        let (b, m, t) = (value(base), value(mine), value(theirs))
        var merged: JSONValue?
        if same(m, t) || same(b, t) { merged = m ?? t } else if same(b, m) { merged = t } else {
            let entity = schema.entities[object.entityIndex].name
            var c = MergeConflict(kind: .property, entity: entity, identity: id.identity, property: attribute,
                                  path: path(entity, id, attribute), base: b, mine: m, theirs: t)
            let side = decisions.settle(&c)
            conflicts.append(c)
            switch side {
            case .mine?: merged = m
            case .theirs?: merged = t
            case .base?, .union?, nil: merged = b ?? m
            }
        }
        result.objects[id]?.setValue(merged ?? .null, at: slot)
    }

    mutating func mergeMetadata() {
        var keys = Set<ExactString>()
        for k in base.metadata.keys + mine.metadata.keys + theirs.metadata.keys { keys.insert(ExactString(k)) }
        for key in keys.sorted() {
            let b = base.metadata[key.string], m = mine.metadata[key.string], t = theirs.metadata[key.string]
            var value: JSONValue?
            if ignoredMetadata.contains(key) || m == t { value = m } else if b == m { value = t } else if b == t { value = m } else {
                var c = MergeConflict(kind: .property, path: JSONPointer(["metadata", key.string]), base: b, mine: m, theirs: t)
                let side = decisions.settle(&c)
                conflicts.append(c)
                switch side {
                case .mine?: value = m
                case .theirs?: value = t
                case .union?: value = MergeDecisions.union(b, m, t) ?? b ?? m
                case .base?, nil: value = b ?? m
                }
            }
            if let value { result.metadata[key.string] = value }
        }
    }
}
