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
    /// An object one side re-keyed (``ObjectRekey/detect(from:to:ignored:)``)
    /// takes the other side's edits under its new identity; both sides
    /// re-keying it differently is a conflict (``MergeConflict/Kind/rekeyRekey``).
    /// `detectsRekeys: false` (`--no-rekeys`) merges identities as they are.
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
                             ignored: IgnoredProperties = IgnoredProperties(), detectsRekeys: Bool = true) throws -> MergeResult {
        try merge(base: base, mine: mine, theirs: theirs, decisions: MergeDecisions(prefer: prefer), ignored: ignored, detectsRekeys: detectsRekeys)
    }

    /// ``merge(base:mine:theirs:prefer:ignored:detectsRekeys:)`` with each conflict
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
                             ignored: IgnoredProperties = IgnoredProperties(), detectsRekeys: Bool = true) throws -> MergeResult {
        var detected: DetectedRekeys?
        return try merge(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored, detectsRekeys: detectsRekeys,
                         detected: &detected)
    }

    /// ``merge(base:mine:theirs:decisions:ignored:detectsRekeys:)`` that
    /// finds the sides' re-keys only when `detected` has none yet, and
    /// leaves them there: several merges of the same inputs and `ignored`
    /// (the report and the two sides of conflict markers) find them once.
    /// `alike`: a merge of the same inputs already made (the report's, for
    /// the two sides of conflict markers), whose result this one's differs
    /// from only around the conflicts: the result is checked where it
    /// differs from that one's (``Graph/consistencyProblems(editedFrom:)``).
    static func merge(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties,
                      detectsRekeys: Bool, detected: inout DetectedRekeys?, alike: Graph? = nil) throws -> MergeResult {
        var found = detected
        defer { detected = found }
        return try withDeepStack {
            try _merge(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored, detectsRekeys: detectsRekeys,
                       detected: &found, alike: alike)
        }
    }

    private static func _merge(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties,
                               detectsRekeys: Bool, detected: inout DetectedRekeys?, alike: Graph?) throws -> MergeResult {
        var (merger, rekeyConflicts) = try preparedMerger(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored,
                                                          detectsRekeys: detectsRekeys, detected: &detected)
        merger.alike = alike
        var result = try merger.run()
        result.conflicts = rekeyConflicts + result.conflicts
        return result
    }

    /// The merger of three graphs of one schema, their shapes checked and
    /// the sides' re-keys aligned (found when `detected` has none yet), and
    /// the conflicts of that alignment (``MergeConflict/Kind/rekeyRekey``),
    /// which come first in the result.
    static func preparedMerger(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties,
                               detectsRekeys: Bool, detected: inout DetectedRekeys?) throws -> (GraphMerger, rekeyConflicts: [MergeConflict]) {
        let fingerprint = base.schema.fingerprint
        guard mine.schema.fingerprint == fingerprint, theirs.schema.fingerprint == fingerprint else {
            throw MergeError.schemaMismatch("the three graphs are not of one schema")
        }
        for g in [base, mine, theirs] {
            let shape = g.shapeProblems()
            if !shape.isEmpty { throw GraphError(problems: shape) }
        }
        guard detectsRekeys else {
            return (GraphMerger(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored), [])
        }
        let rekeys = detected ?? DetectedRekeys(base: base, mine: mine, theirs: theirs, ignored: ignored)
        detected = rekeys
        let aligned = aligningRekeys(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored, detected: rekeys)
        return (GraphMerger(base: aligned.base, mine: aligned.mine, theirs: aligned.theirs, decisions: decisions, ignored: ignored),
                aligned.conflicts)
    }
}

/// The work of one merge.
struct GraphMerger {
    let base: Graph, mine: Graph, theirs: Graph
    /// How each conflict is settled.
    var decisions: MergeDecisions
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
    /// Per ordered relationship kept on members: every member whose links
    /// differ among the three versions (as ``markChains(_:_:_:_:versions:)``
    /// met it), from which each dirty owner's chain in each version can be
    /// found without a pass over every object: in a graph whose chains are
    /// sound, an owner whose order some side changed has one of them in
    /// every version where it has members (were all its members there
    /// alike in all three, its chain would be one and the same in all
    /// three, so would hold every member that made it dirty).
    var chainSeeds: [[ObjectID]]
    /// Per ordered relationship: whether an owner was marked dirty from an
    /// object that is not one of the three versions' (a member the merge
    /// removed or brought back), so that ``chainSeeds`` may not find its
    /// order: the orders are then read by a pass over every object.
    var unseededOwners: [Bool]
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
    /// The result of a merge of the same inputs already made, which this
    /// one's differs from only around the conflicts: the result is checked
    /// where it differs from that one (when that one is known consistent).
    var alike: Graph?
    /// The objects whose merge met a conflict, in the order they were
    /// merged, each with the places of its conflicts in ``conflicts``:
    /// the only objects whose merged version depends on ``decisions``
    /// (``resolvingOpenConflicts(as:)``).
    var conflictedObjects: [ConflictedObject] = []
    /// Whether ``mergeChains(read:sharing:)`` records the owners it merges
    /// without a conflict, for other merges of the same inputs.
    var recordsCleanOrders = false
    /// An object whose merge met a conflict, and where its conflicts are.
    struct ConflictedObject {
        let id: ObjectID
        var conflicts: Range<Int>
    }

    init(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions, ignored: IgnoredProperties = IgnoredProperties()) {
        self.base = base
        self.mine = mine
        self.theirs = theirs
        self.decisions = decisions
        let all = base.schema.ignoredProperties.adding(ignored)
        self.ignoredSlots = base.schema.entities.indices.map(all.slots(of:))
        self.ignoredMetadata = all.metadata
        var r = Graph(schema: base.schema, schemaReference: mine.schemaReference ?? base.schemaReference)
        r.metadata = JSONObject()
        // Of one schema (checked): objects taken unchanged from an input
        // are copied from its text when the result is written.
        r.sources = base.sources + mine.sources + theirs.sources
        self.result = r
        let orders = OrderedRelationship.all(in: base.schema)
        let chain = base.schema.chainLinkSlots()
        let orderSlots = base.schema.entities.map { e in chain[e.index].union(orders.compactMap { $0.indexSlots[e.index] }) }
        self.orderSlots = orderSlots
        self.orders = orders
        self.dirtyOwners = Array(repeating: [], count: orders.count)
        self.splitsBaseRows = base.count >= TwoCores.minimumObjects
        self.lastDirtyOwner = Array(repeating: nil, count: orders.count)
        self.touchedMembers = Array(repeating: [], count: orders.count)
        self.chainSeeds = Array(repeating: [], count: orders.count)
        self.unseededOwners = Array(repeating: false, count: orders.count)
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
        return try finish(sharing: nil).result
    }

    /// The orders of the owners to merge in the three versions (``readOrders(after:)``).
    typealias OrdersOfVersions = (owners: [Set<ObjectID>], base: OrdersRead, mine: OrdersRead, theirs: OrdersRead)

    /// An owner's order merged without a conflict: the members the merge
    /// kept, and the merge.
    struct CleanOrder {
        let presence: SequenceMerge.Presence
        let merged: SequenceMerge.Merged
    }

    /// What a merge's orders read and merged, for another merge of the
    /// same inputs to share (``finish(sharing:)``).
    struct SharedOrders {
        /// The three versions' orders of the owners merged.
        let read: OrdersOfVersions
        /// Per ordered relationship: the owners merged without a conflict
        /// (recorded when ``recordsCleanOrders``).
        let clean: [[ObjectID: CleanOrder]]
    }

    /// The merge after ``mergeObjects()``: references, inverses, orders,
    /// metadata, then the result's check. `shared`: the orders another
    /// merge of the same inputs read and merged cleanly
    /// (``readOrders(sharing:)``, ``mergeChains(read:sharing:)``), or `nil`
    /// to read and merge them all; returns this merge's, for such a merge.
    mutating func finish(sharing shared: SharedOrders?) throws -> (result: MergeResult, shared: SharedOrders) {
        reportRestoresOfDeleteModified()
        resolveDanglingReferences()
        restoreLinksOfKeptObjects()
        resolveOneToOneClaims()
        settleSelfInverseOneToOnes()
        // The orders are read from the three versions while the inverses
        // are derived (which changes no order and no owner).
        let read: OrdersOfVersions
        if let shared {
            deriveInverses()
            read = readOrders(sharing: shared.read)
        } else {
            read = readOrders(after: { $0.deriveInverses() })
        }
        let clean = mergeChains(read: read, sharing: shared?.clean)
        mergeMetadata()
        // Checked where it differs from a graph known consistent: a merge of
        // the same inputs made before, else mine as loaded (the result is
        // mine with theirs' edits; ``Graph/consistencyProblems(editedFrom:)``
        // checks the whole graph when that is not so, and its problems are
        // always the whole check's).
        let problems = result.consistencyProblems(editedFrom: alike ?? mine)
        if !problems.isEmpty { throw MergeError.inconsistent(problems) }
        // Checked, and not changed after: an edit of it is checked where it differs.
        result.isKnownConsistent = true
        conflicts.sort { a, b in a.path != b.path ? a.path < b.path : a.kind.rawValue < b.kind.rawValue }
        return (MergeResult(graph: result, conflicts: conflicts), SharedOrders(read: read, clean: clean))
    }

    func entityName(_ o: GraphObject) -> String { schema.entities[o.entityIndex].name }

    /// The merged properties of an object, as JSON, for conflicts.
    func document(_ o: GraphObject?) -> JSONValue? {
        guard let o else { return nil }
        let entity = schema.entities[o.entityIndex]
        return .object(JSONObject(mergedSlots[o.entityIndex].map { JSONObject.Member(key: entity.storedProperties[$0].name, value: o.value(at: $0)) }))
    }

    /// Whether two objects are the same, on their merged properties
    /// (``StoredValue/equal(_:_:as:)``: an ordered array as its members,
    /// its order being the order merge's).
    func same(_ a: GraphObject?, _ b: GraphObject?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            guard x.entityIndex == y.entityIndex else { return false }
            if x.hasIdenticalValues(as: y) { return true }
            let entity = schema.entities[x.entityIndex]
            return mergedSlots[x.entityIndex].allSatisfy {
                x.hasIdenticalValue(at: $0, as: y) || StoredValue.equal(x.value(at: $0), y.value(at: $0), as: entity.storedProperties[$0])
            }
        default: return false
        }
    }

    func path(_ entity: String, _ id: ObjectID, _ property: String? = nil) -> JSONPointer {
        JSONPointer(["objects", entity, id.identity] + (property.map { [$0] } ?? []))
    }
}
