import GraphDiffJSON

extension Graph {
    /// Merges two edits of one base at property granularity.
    ///
    /// Changed on one side only: taken. Changed on both sides to equal
    /// values: taken once. Changed differently: a conflict. Relationship
    /// pairs are merged on one side (the stored to-one side, or a fixed side
    /// of a one-to-one or many-to-many pair) and the inverse is derived, so an
    /// inverse edit is one change. Many-to-many memberships merge as sets.
    /// A relationship that is its own inverse (`friends` ↔ `friends`) is
    /// merged on every object, and a many-to-many one is then made
    /// symmetric: a membership either object holds stands on both.
    /// Atomic objects changed by both sides conflict whole. An object deleted
    /// on one side and changed on the other is a delete/modify conflict; a
    /// reference added on one side to an object the other deleted is a
    /// conflict too, and the object is kept (never a dangling reference).
    /// Ordered relationships merge as sequences of identities (diff3 over
    /// the three chains).
    ///
    /// Unresolved conflicts keep the base version (mine's when there is no
    /// base); `prefer` resolves each in favour of one side (per property, or
    /// per object for atomic entities).
    ///
    /// The attributes (and metadata members) that the schema's `diff.ignore`
    /// and `ignored` name take mine's value and never conflict: a difference
    /// there does not count, so an object one side deleted while the other
    /// changed only ignored attributes is deleted. Objects only theirs has
    /// keep theirs' values.
    ///
    ///     let result = try Graph.merge(base: b, mine: m, theirs: t)
    ///     result.conflicts.isEmpty   // merged cleanly
    ///
    /// - Throws: ``MergeError`` when the schemas differ.
    /// - Complexity: O(*n* + *s* log *s*) expected, *n* objects and *s* the
    ///   longest chain.
    public static func merge(base: Graph, mine: Graph, theirs: Graph, prefer: MergeSide? = nil,
                             ignored: IgnoredProperties = IgnoredProperties()) throws -> MergeResult {
        try merge(base: base, mine: mine, theirs: theirs, decisions: MergeDecisions(prefer: prefer), ignored: ignored)
    }

    /// ``merge(base:mine:theirs:prefer:ignored:)`` with each conflict
    /// settled by `decisions` (a side per selected or recorded conflict).
    /// Conflicts that follow another (a reference to an object a
    /// delete/modify conflict keeps, the restores of what it refers to) are
    /// settled as that one is; the order conflicts of one owner's ordered
    /// relationship are settled together (``MergeDecisions``).
    ///
    /// - Throws: ``MergeError`` when the schemas differ, or when the choices
    ///   made give an inconsistent graph (``MergeError/inconsistent(_:)``,
    ///   naming each problem).
    public static func merge(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions,
                             ignored: IgnoredProperties = IgnoredProperties()) throws -> MergeResult {
        let fingerprint = base.schema.fingerprint
        guard mine.schema.fingerprint == fingerprint, theirs.schema.fingerprint == fingerprint else {
            throw MergeError.schemaMismatch("the three graphs are not of one schema")
        }
        for g in [base, mine, theirs] {
            let shape = g.shapeProblems()
            if !shape.isEmpty { throw GraphError(problems: shape) }
        }
        var merger = GraphMerger(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored)
        return try merger.run()
    }
}

/// The work of one merge.
struct GraphMerger {
    let base: Graph, mine: Graph, theirs: Graph
    /// How each conflict is settled.
    let decisions: MergeDecisions
    /// Per entity: the attribute slots that take mine's value; and the
    /// metadata members that do.
    let ignoredSlots: [Set<Int>]
    let ignoredMetadata: Set<ExactString>
    var schema: Schema { base.schema }
    var result: Graph
    var conflicts: [MergeConflict] = []
    /// Per entity: the slots merged property by property (attributes and
    /// primary relationship sides), and the slots derived afterwards.
    let mergedSlots: [[Int]]
    /// Per entity: the slots that store an order and are written by the
    /// order merge (chain links, index attributes), never merged as
    /// properties.
    let orderSlots: [Set<Int>]
    /// Every ordered relationship, with where its order lives.
    let orders: [OrderedRelationship]
    /// Per ordered relationship (by position in `orders`): owners whose
    /// order some side changed, and so must be merged and written again.
    /// Other owners' orders are the same in all three versions and stay.
    var dirtyOwners: [Set<ObjectID>]
    /// Per ordered relationship: the owner last added to `dirtyOwners`.
    var lastDirtyOwner: [ObjectID?]
    /// Members of a chain or an index whose place changed on some side: a
    /// chain member that left every chain loses its links, an index member
    /// that has no owner in the result has its value merged as an attribute.
    var touchedMembers: [Set<ObjectID>]
    /// The objects of any input that the result lacks. Every reference in
    /// the result comes from an input, where its target exists, so a
    /// reference dangles exactly when its target is in this set.
    var missing = Set<ObjectID>()
    /// The objects some side changed, inserted or deleted: the only ones
    /// whose merged references can name a missing object (a side that
    /// deletes an object drops its references to it, so each referrer
    /// differs from the base on that side or on the other).
    var changedIDs: [ObjectID] = []
    /// Whether resolving a missing reference removed the referring object.
    var removedReferrer = false
    /// Objects of the base that a side deleted and the result keeps.
    var keptDeleted: [ObjectID] = []
    /// Objects with a delete/modify conflict, in the order they were merged.
    var deleteModified: [ObjectID] = []
    /// Objects one side deleted that came back because the other side refers
    /// to them, with how that conflict was settled (`nil`: open): every
    /// other reference to one of them is a conflict too, settled alike.
    var restoredForReference: [ObjectID: MergeSide?] = [:]
    /// Objects of the base the result holds because of a conflict: kept
    /// through a delete/modify conflict not settled for the deleting side, or
    /// brought back for a reference. Whether they are here depends on the
    /// preference, or on how they came back; so their references to missing
    /// objects bring those back without a conflict of their own, and a
    /// reference to one of them is a conflict (a preference never changes
    /// which conflicts there are).
    var keptByConflict = Set<ObjectID>()
    /// A stored slot of one object.
    struct SlotOf: Hashable {
        let id: ObjectID
        let slot: Int
    }
    /// References whose merged value a property conflict chose (by the
    /// preference, or the base's while open): a target it names that went
    /// missing comes back as part of that conflict, not as one of its own.
    var conflictedReferences = Set<SlotOf>()
    /// Objects whose values an object conflict chose as a whole (an atomic
    /// object, or one both sides inserted differently): a target their
    /// references name that went missing comes back as part of that conflict.
    var chosenByConflict = Set<ObjectID>()
    /// References with a conflict of kind `deletedReference`, and where
    /// it is in ``conflicts``.
    var referenceConflicts: [SlotOf: Int] = [:]
    /// How each object conflict (delete/modify, atomic, insert/insert) was
    /// settled (`nil`: open): what follows from one is settled alike.
    var objectSides: [ObjectID: MergeSide?] = [:]
    /// How each property conflict over a reference was settled.
    var referenceSides: [SlotOf: MergeSide?] = [:]
    /// The side each `deletedReference` conflict acts for, once settled
    /// (a list's references to several deleted objects are one conflict).
    var deletedReferenceSides: [SlotOf: (side: MergeSide?, label: MergeSide?)] = [:]
    /// How the conflict that brought each object back was decided.
    var restoreLabels: [ObjectID: MergeSide?] = [:]
    /// Whether the base's objects are merged in two halves, one per core
    /// (large graphs; tests set it to check both ways agree). Whatever
    /// merging one object writes must be added up in ``absorb(_:)``.
    var splitsBaseRows: Bool

    init(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties = IgnoredProperties()) {
        self.base = base
        self.mine = mine
        self.theirs = theirs
        self.decisions = decisions
        let all = [base.schema.ignoredProperties, ignored]
        self.ignoredSlots = base.schema.entities.indices.map { e in all.reduce(Set<Int>()) { $0.union($1.slots(of: e)) } }
        self.ignoredMetadata = all.reduce(Set<ExactString>()) { $0.union($1.metadata) }
        var r = Graph(schema: base.schema, schemaReference: mine.schemaReference ?? base.schemaReference)
        r.metadata = JSONObject()
        self.result = r
        let orders = OrderedRelationship.all(in: base.schema)
        let chain = base.schema.chainLinkSlots()
        let orderSlots = base.schema.entities.map { e in chain[e.index].union(orders.compactMap { $0.indexSlots[e.index] }) }
        self.orderSlots = orderSlots
        self.orders = orders
        self.dirtyOwners = Array(repeating: [], count: orders.count)
        self.splitsBaseRows = base.count >= Graph.parallelCheckThreshold
        self.lastDirtyOwner = Array(repeating: nil, count: orders.count)
        self.touchedMembers = Array(repeating: [], count: orders.count)
        self.mergedSlots = base.schema.entities.map { entity in
            entity.storedProperties.enumerated().compactMap { slot, property in
                if orderSlots[entity.index].contains(slot) { return nil }
                if case .relationship(let r) = property, !GraphMerger.isPrimary(r, schema: base.schema) { return nil }
                return slot
            }
        }
    }

    /// Whether `r` is the side of its pair that is merged (the other is derived).
    /// A relationship that is its own inverse (`friends` with inverse
    /// `friends`) has no other side to derive: it is merged, and
    /// ``deriveInverses()`` makes its memberships symmetric.
    static func isPrimary(_ r: Relationship, schema: Schema) -> Bool {
        guard let inverse = schema.entity(named: r.destination)?.inverse(of: r) else { return true }
        if isSelfInverse(r, inverse) { return true }
        switch (r.storage, inverse.storage) {
        case (.derived, _): return false
        case (.toOne, .derived): return true
        // An array on the owner follows the members' side: its members are
        // derived from theirs, then ordered by the order merge.
        case (.toOne, .orderedArray), (.manyToMany, .orderedArray): return true
        case (.orderedArray, .toOne), (.orderedArray, .manyToMany): return false
        case (.toOne, .toOne), (.manyToMany, .manyToMany), (.orderedArray, .orderedArray):
            if (r.deleteRule == .cascade) != (inverse.deleteRule == .cascade) { return r.deleteRule != .cascade }
            return utf8Less("\(inverse.destination).\(r.name)", "\(r.destination).\(inverse.name)")
        default: return true
        }
    }

    /// Whether `r` is its own inverse: `inverse` (found on `r`'s
    /// destination) has `r`'s name and points back at that same entity.
    static func isSelfInverse(_ r: Relationship, _ inverse: Relationship) -> Bool {
        inverse.name == r.name && inverse.destination == r.destination
    }

    // MARK: Run

    mutating func run() throws -> MergeResult {
        mergeObjects()
        reportRestoresOfDeleteModified()
        resolveDanglingReferences()
        restoreLinksOfKeptObjects()
        resolveOneToOneClaims()
        settleSelfInverseOneToOnes()
        deriveInverses()
        mergeChains()
        mergeMetadata()
        let problems = result.consistencyProblems()
        if !problems.isEmpty { throw MergeError.inconsistent(problems) }
        conflicts.sort { a, b in a.path != b.path ? a.path < b.path : a.kind.rawValue < b.kind.rawValue }
        return MergeResult(graph: result, conflicts: conflicts)
    }

    func entityName(_ o: GraphObject) -> String { schema.entities[o.entityIndex].name }

    /// The merged properties of an object, as JSON, for conflicts.
    func document(_ o: GraphObject?) -> JSONValue? {
        guard let o else { return nil }
        let entity = schema.entities[o.entityIndex]
        return .object(JSONObject(mergedSlots[o.entityIndex].map { JSONObject.Member(key: entity.storedProperties[$0].name, value: o.values[$0]) }))
    }

    /// Whether two objects are the same, on their merged properties.
    func same(_ a: GraphObject?, _ b: GraphObject?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            guard x.entityIndex == y.entityIndex else { return false }
            if x.values.elementsEqual(y.values, by: { $0.isIdentical(to: $1) }) { return true }
            let entity = schema.entities[x.entityIndex]
            return mergedSlots[x.entityIndex].allSatisfy {
                x.values[$0].isIdentical(to: y.values[$0]) || equal(x.values[$0], y.values[$0], entity.storedProperties[$0])
            }
        default: return false
        }
    }

    func equal(_ a: JSONValue, _ b: JSONValue, _ property: Property) -> Bool {
        switch property {
        case .attribute(let attribute): return attribute.type.valuesEqual(a, b)
        // An ordered array is compared as members here: its order is the
        // order merge's.
        case .relationship(let r) where r.storage == .manyToMany || r.storage == .orderedArray:
            return Graph.memberIdentities(a.arrayValue ?? []) == Graph.memberIdentities(b.arrayValue ?? [])
        default: return a == b
        }
    }

    func path(_ entity: String, _ id: ObjectID, _ property: String? = nil) -> JSONPointer {
        JSONPointer(["objects", entity, id.identity] + (property.map { [$0] } ?? []))
    }

    // MARK: Objects

    /// The base and theirs versions of an object with its ignored
    /// attributes set to mine's values (the base's when mine deleted it), so
    /// that differences there neither change the result nor conflict.
    func withoutIgnoredDifferences(_ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) -> (GraphObject?, GraphObject?) {
        guard let reference = m ?? b else { return (b, t) }
        let slots = reference.entityIndex < ignoredSlots.count ? ignoredSlots[reference.entityIndex] : []
        if slots.isEmpty { return (b, t) }
        func aligned(_ o: GraphObject?) -> GraphObject? {
            guard var o, o.entityIndex == reference.entityIndex else { return o }
            for slot in slots where slot < o.values.count && slot < reference.values.count { o.values[slot] = reference.values[slot] }
            return o
        }
        return (m == nil ? b : aligned(b), aligned(t))
    }

    mutating func mergeObjects() {
        // Every identity once: those of the base, then those only mine has,
        // then those only theirs has. The inputs list their objects in
        // mostly the same order (files are sorted by identity), so each
        // lookup follows a cursor and seldom needs the hash index; the rows
        // of mine and theirs that the base's objects meet are marked, so
        // the objects only they have are found without a lookup.
        let (bs, ms, ts) = (base.objects, mine.objects, theirs.objects)
        let capacity = max(base.count, mine.count, theirs.count)
        var (matchedMine, matchedTheirs) = splitsBaseRows
            ? mergeBaseRowsInParallel(capacity: capacity)
            : { result.objects.reserveCapacity(capacity); return mergeBaseRows(0..<bs.rowCount) }()
        var inTheirs = 0
        for row in 0..<ms.rowCount where !matchedMine[row] {
            guard let m = ms.object(atRow: row) else { continue }
            let id = ms.id(atRow: row)
            let theirsRow = ts.row(of: id, near: inTheirs)
            if let theirsRow {
                matchedTheirs[theirsRow] = true
                inTheirs = theirsRow + 1
            }
            mergeOne(ms, row, nil, m, theirsRow.flatMap { ts.object(atRow: $0) })
        }
        for row in 0..<ts.rowCount where !matchedTheirs[row] {
            guard let t = ts.object(atRow: row) else { continue }
            mergeOne(ts, row, nil, nil, t)
        }
        // Each identity was added once: no duplicate to find.
        _ = result.objects.buildIndex()
    }

    /// ``mergeBaseRows(_:)`` over the base's rows, the first half on this
    /// core and the second on the other by a copy of this merger, whose
    /// findings are then added to this one's after the first half's: the
    /// same result, objects and conflicts in the same order, as one pass.
    ///
    /// - Complexity: O(*n*) expected for *n* objects, in two parts.
    mutating func mergeBaseRowsInParallel(capacity: Int) -> (mine: [Bool], theirs: [Bool]) {
        let rows = base.objects.rowCount, middle = rows / 2
        // Nothing is merged yet: the copy starts as empty as this merger,
        // and each reserves its own room (a shared buffer would be copied).
        let secondHalf = self
        let (first, (second, secondMatched)) = inParallel({ () -> (mine: [Bool], theirs: [Bool]) in
            self.result.objects.reserveCapacity(capacity)
            return self.mergeBaseRows(0..<middle)
        }, {
            var merger = secondHalf
            merger.result.objects.reserveCapacity(rows - middle)
            let matched = merger.mergeBaseRows(middle..<rows)
            return (merger, matched)
        })
        absorb(second)
        return (zip(first.mine, secondMatched.mine).map { $0 || $1 }, zip(first.theirs, secondMatched.theirs).map { $0 || $1 })
    }

    /// Adds to this merger what `later` found merging objects that come
    /// after all of this one's: every accumulator that merging one object
    /// writes (``mergeOne(_:_:_:_:_:)`` and what it calls).
    mutating func absorb(_ later: GraphMerger) {
        result.objects.appendUnindexed(rowsOf: later.result.objects)
        conflicts += later.conflicts
        changedIDs += later.changedIDs
        keptDeleted += later.keptDeleted
        deleteModified += later.deleteModified
        missing.formUnion(later.missing)
        keptByConflict.formUnion(later.keptByConflict)
        chosenByConflict.formUnion(later.chosenByConflict)
        conflictedReferences.formUnion(later.conflictedReferences)
        objectSides.merge(later.objectSides) { a, _ in a }
        referenceSides.merge(later.referenceSides) { a, _ in a }
        for c in orders.indices {
            dirtyOwners[c].formUnion(later.dirtyOwners[c])
            touchedMembers[c].formUnion(later.touchedMembers[c])
            lastDirtyOwner[c] = later.lastDirtyOwner[c] ?? lastDirtyOwner[c]
        }
    }

    /// Merges the objects at `rows` of the base with their versions in mine
    /// and theirs, and returns which rows of mine and of theirs they met.
    mutating func mergeBaseRows(_ rows: Range<Int>) -> (mine: [Bool], theirs: [Bool]) {
        let (bs, ms, ts) = (base.objects, mine.objects, theirs.objects)
        var matchedMine = [Bool](repeating: false, count: ms.rowCount), matchedTheirs = [Bool](repeating: false, count: ts.rowCount)
        var inMine = 0, inTheirs = 0
        for row in rows {
            guard let b = bs.object(atRow: row) else { continue }
            let id = bs.id(atRow: row)
            let mineRow = ms.row(of: id, near: inMine), theirsRow = ts.row(of: id, near: inTheirs)
            if let mineRow { matchedMine[mineRow] = true; inMine = mineRow + 1 }
            if let theirsRow { matchedTheirs[theirsRow] = true; inTheirs = theirsRow + 1 }
            mergeOne(bs, row, b, mineRow.flatMap { ms.object(atRow: $0) }, theirsRow.flatMap { ts.object(atRow: $0) })
        }
        return (matchedMine, matchedTheirs)
    }

    /// Merges the object found at `row` of `source` (whose hash of its
    /// identity the result reuses; the result is indexed once at the end).
    mutating func mergeOne(_ source: ObjectStore, _ row: Int, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) {
        let id = source.id(atRow: row)
        markChains(id, b, m, t)
        let (b, t) = withoutIgnoredDifferences(b, m, t)
        if var merged = mergeObject(id, b, m, t) {
            merged.sourceOffset = -1
            result.objects.appendUnindexed(merged, id: id, hash: source.hash(atRow: row))
            if b != nil && (m == nil || t == nil) { keptDeleted.append(id) }
        } else {
            missing.insert(id)
        }
    }

    /// Marks dirty the owners whose order `id`'s versions may change: a
    /// chain or index member's owners when its owner, prev and next (or
    /// value) differ among the versions given; an owner whose array
    /// differs. An absent object counts as different.
    mutating func markChains(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) {
        for c in orders.indices {
            let order = orders[c]
            let kept = order.isKeptOnMembers
            @inline(__always) func isMember(_ o: GraphObject) -> Bool { kept ? order.isMember(o) : order.arraySlots[o.entityIndex] != nil }
            @inline(__always) func holds(_ o: GraphObject?) -> Bool { o.map(isMember) ?? false }
            guard holds(b) || holds(m) || holds(t) else { continue }
            /// Whether `x` has another place than the base version `b`.
            func differs(_ x: GraphObject?) -> Bool {
                switch (x, b) {
                case (nil, nil): return false
                case (let x?, let b?): return (isMember(x) || isMember(b)) && !order.sameLinks(x, b)
                default: return true
                }
            }
            guard differs(m) || differs(t) else { continue }
            if kept {
                let (ob, om, ot) = (b.flatMap(order.owner(of:)), m.flatMap(order.owner(of:)), t.flatMap(order.owner(of:)))
                // Members of one owner mostly come together: the owner
                // marked last is not hashed again.
                for owner in [ob, om, ot] {
                    guard let owner, owner != lastDirtyOwner[c] else { continue }
                    dirtyOwners[c].insert(owner)
                    lastDirtyOwner[c] = owner
                }
                // A member whose owner is not one and the same in every
                // version (absent and unowned count) may leave an owner.
                if ob == nil || ob != om || ob != ot { touchedMembers[c].insert(id) }
            } else {
                dirtyOwners[c].insert(id)
            }
        }
    }

    /// The merged object, or `nil` when it is deleted.
    mutating func mergeObject(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject?, _ t: GraphObject?) -> GraphObject? {
        let mChanged = !same(b, m), tChanged = !same(b, t)
        if mChanged || tChanged { changedIDs.append(id) }
        if !mChanged { return t }
        if !tChanged { return m }
        if same(m, t) { return m }
        // Both changed, differently.
        switch (b, m, t) {
        case (_?, nil, let changed?), (_?, let changed?, nil):
            // One side deleted the object, the other changed it (`changed`).
            let mineDeleted = m == nil
            let kept = changed
            let side = recordObjectConflict(.deleteModify, id, reference: kept, b, m, t)
            deleteModified.append(id)
            if !((side == .mine && mineDeleted) || (side == .theirs && !mineDeleted)) { keptByConflict.insert(id) }
            switch side {
            case .mine?: return m
            case .theirs?: return mineDeleted ? kept : nil
            case .base?, .union?, nil: return b
            }
        case (let b?, let m?, let t?) where m.entityIndex == b.entityIndex && t.entityIndex == b.entityIndex && !schema.entities[b.entityIndex].isAtomic:
            return mergeProperties(id, b, m, t)
        case (nil, let m?, let t?) where m.entityIndex == t.entityIndex && !schema.entities[m.entityIndex].isAtomic:
            return mergeProperties(id, nil, m, t)
        default:
            let kind: MergeConflict.Kind = b == nil ? .insertInsert : .atomicObject
            let side = recordObjectConflict(kind, id, reference: m ?? t ?? b, b, m, t)
            chosenByConflict.insert(id)
            switch side {
            case .mine?: return m
            case .theirs?: return t
            case .base?, .union?, nil: return b ?? m
            }
        }
    }

    /// Records a conflict over a whole object, settled; returns the side
    /// the merge acts for (`nil`: the base's version).
    mutating func recordObjectConflict(_ kind: MergeConflict.Kind, _ id: ObjectID, reference: GraphObject?, _ b: GraphObject?, _ m: GraphObject?,
                                       _ t: GraphObject?) -> MergeSide? {
        let name = (reference ?? b ?? m ?? t).map(entityName) ?? id.entity
        var c = MergeConflict(kind: kind, entity: name, identity: id.identity, path: path(name, id), base: document(b), mine: document(m), theirs: document(t))
        let side = decisions.settle(&c)
        conflicts.append(c)
        objectSides[id] = .some(c.resolvedBy)
        return side
    }

    /// Property by property; `b` is `nil` for an object both sides inserted.
    mutating func mergeProperties(_ id: ObjectID, _ b: GraphObject?, _ m: GraphObject, _ t: GraphObject) -> GraphObject {
        var merged = m
        let entity = schema.entities[m.entityIndex]
        for slot in mergedSlots[m.entityIndex] {
            let property = entity.storedProperties[slot]
            let bv = b?.values[slot], mv = m.values[slot], tv = t.values[slot]
            if case .relationship(let r) = property, r.storage == .manyToMany || r.storage == .orderedArray {
                // An ordered array that no side changed keeps its order;
                // one that changed is ordered by the order merge.
                if r.storage == .orderedArray, let bv, bv.isIdentical(to: mv), mv.isIdentical(to: tv) { continue }
                // Sets: base plus what either added, less what either removed.
                let bs = Graph.memberIdentities(bv?.arrayValue ?? [])
                let ms = Graph.memberIdentities(mv.arrayValue ?? []), ts = Graph.memberIdentities(tv.arrayValue ?? [])
                let set = bs.union(ms.subtracting(bs)).union(ts.subtracting(bs)).subtracting(bs.subtracting(ms)).subtracting(bs.subtracting(ts))
                merged.values[slot] = .array(set.sorted().map { JSONValue.string($0.string) })
                continue
            }
            if equal(mv, tv, property) { continue }
            if let bv, equal(bv, mv, property) { merged.values[slot] = tv; continue }
            if let bv, equal(bv, tv, property) { continue }
            if case .attribute(let a) = property, a.type == .json, let bv {
                // A JSON attribute merges structurally: edits in different
                // places of it are both kept.
                var options = JSONMerge.Options(decisions: decisions)
                let place = MergeConflict.AttributePlace(entity: entity.name, identity: id.identity, property: property.name,
                                                         path: path(entity.name, id, property.name))
                options.attribute = place
                let nested = JSONMerge.merge(base: bv, mine: mv, theirs: tv, options: options)
                merged.values[slot] = nested.value
                for c in nested.conflicts { conflicts.append(c.inAttribute(place)) }
                continue
            }
            var c = MergeConflict(kind: b == nil ? .insertInsert : .property, entity: entity.name, identity: id.identity,
                                  property: property.name, path: path(entity.name, id, property.name), base: bv, mine: mv, theirs: tv)
            let side = decisions.settle(&c)
            conflicts.append(c)
            if property.relationship != nil {
                conflictedReferences.insert(SlotOf(id: id, slot: slot))
                referenceSides[SlotOf(id: id, slot: slot)] = .some(c.resolvedBy)
            }
            switch side {
            case .mine?: break
            case .theirs?: merged.values[slot] = tv
            case .union?: merged.values[slot] = MergeDecisions.union(bv, mv, tv) ?? bv ?? mv
            case .base?, nil: merged.values[slot] = bv ?? mv
            }
        }
        return merged
    }
}
