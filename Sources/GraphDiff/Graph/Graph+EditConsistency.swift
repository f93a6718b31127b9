import GraphDiffJSON

extension Graph {
    /// ``consistencyProblems()`` of a graph made by editing `base`, checked
    /// where the edit touched it when `base` is known to have none
    /// (``isKnownConsistent``: a graph as loaded): a patch's result, or a
    /// file read sharing the values of the graph it edits (the newer side of
    /// a diff, mine and theirs of a merge: ``LoadOptions/sharingValuesWith``).
    ///
    /// An object whose values are the very values of the base's object of
    /// the same identity (``GraphObject/sharesValues(with:)``), or
    /// identical to them (``GraphObject/hasIdenticalValues(as:)``: written
    /// again alike), is unchanged, and the base's check found nothing
    /// wrong with it; what an
    /// edit can break is found from the objects it touched (changed, added
    /// or gone):
    ///
    /// - the touched objects themselves: their shape and references;
    /// - the objects that referred to a touched object in the base through
    ///   a relationship whose inverse the touched object stored (those
    ///   the base's version of it names), checked again;
    /// - references to an object now gone (or of another entity) through
    ///   a relationship whose inverse is not stored there: looked for among
    ///   the objects that can hold one;
    /// - each chain a touched member was or is in, walked whole in both
    ///   graphs: as many members as the base's chain, less those that left,
    ///   plus those that joined, from one head, each linked back, all of one
    ///   owner.
    ///
    /// When that finds anything, or the shortcut does not apply (a schema
    /// with orders kept as arrays on both sides, which are tallied over the
    /// whole graph; an edit of more than an eighth of the objects; a chain
    /// that cannot be reached from what changed), the whole graph is
    /// checked: the problems returned are always the whole check's.
    ///
    /// - Complexity: O(*n*) expected to find the touched objects (each
    ///   identity looked for first at the row after the last one found, a
    ///   comparison of value buffers per object, of values where the
    ///   buffers differ), plus O(*t* + *r* + *c*)
    ///   expected for *t* touched objects, the *r* references of the objects
    ///   they reach, and the *c* members of the chains they are in; plus a
    ///   pass over the references through relationships without a stored
    ///   inverse when an object is gone.
    func consistencyProblems(editedFrom base: Graph) -> [GraphProblem] {
        guard let touched = rowsTouched(since: base), isLocallyConsistent(touched: touched, base: base) else {
            return consistencyProblems()
        }
        return []
    }

    /// The objects an edit touched, by row: of this graph (added, or not
    /// the base's object of the same identity: another value buffer or
    /// entity), and of the base (changed, or gone).
    struct TouchedRows: Equatable {
        /// Rows of this graph.
        var rows: [Int] = []
        /// Rows of the base.
        var baseRows: [Int] = []
        /// How many rows were touched, on both sides.
        var count: Int { rows.count + baseRows.count }
        /// Whether more than `limit` rows were touched on one side.
        func exceeds(_ limit: Int) -> Bool { rows.count > limit || baseRows.count > limit }
    }

    /// The objects touched since `base` (``TouchedRows``), or `nil` when
    /// they are not found so: `base` not known consistent, another schema,
    /// orders kept as arrays on both sides, or more than an eighth of the
    /// objects touched.
    ///
    /// - Complexity: O(*n*) expected, on two cores from
    ///   ``TwoCores/minimumObjects`` rows: rows kept in the same order as
    ///   the base's (an edit in place, a file of the same form) are found
    ///   with one comparison of identities each, others by hashing; an
    ///   object is touched when its values are not the base's very run and
    ///   differ from them (compared value by value, up to the first that differs).
    func rowsTouched(since base: Graph) -> TouchedRows? {
        let mine = objects, theirs = base.objects
        guard base.isKnownConsistent, schema.fingerprint == base.schema.fingerprint, ArrayPairTally.pairs(in: schema).isEmpty
        else { return nil }
        let limit = Swift.max(16, Swift.max(mine.rowCount, theirs.rowCount) / 8)
        /// The touched objects among `rows` (of this graph's), and which
        /// rows of the base they met; or `nil`.
        func touched(in rows: Range<Int>) -> (touched: TouchedRows, met: [Bool])? {
            var touched = TouchedRows()
            var met = [Bool](repeating: false, count: theirs.rowCount)
            // Where the base lists the next identity when both list them
            // in one order: the row after the last one met.
            var cursor = rows.lowerBound
            for row in rows where mine.live[row] {
                guard let was = theirs.row(of: mine.ids[row], near: cursor) else {
                    touched.rows.append(row)
                    if touched.exceeds(limit) { return nil }
                    continue
                }
                met[was] = true
                cursor = was + 1
                // Untouched: the same run of values, or values identical to
                // the last bit (written again alike: a merge's links and
                // inverses set anew as the merge it is checked against set them).
                // (Read in place: a copy of each object would retain its values.)
                if !(mine.rows[row].entityIndex == theirs.rows[was].entityIndex
                    && mine.rows[row].hasIdenticalValues(as: theirs.rows[was])) {
                    touched.rows.append(row)
                    touched.baseRows.append(was)
                    if touched.exceeds(limit) { return nil }
                }
            }
            return (touched, met)
        }
        let rows = mine.rowCount
        var found: TouchedRows
        var met: [Bool]
        if rows >= TwoCores.minimumObjects {
            let (first, second) = inParallel({ touched(in: 0..<(rows / 2)) }, { touched(in: (rows / 2)..<rows) })
            guard let first, let second else { return nil }
            found = TouchedRows(rows: first.touched.rows + second.touched.rows, baseRows: first.touched.baseRows + second.touched.baseRows)
            met = first.met
            for row in met.indices where second.met[row] { met[row] = true }
        } else {
            guard let all = touched(in: 0..<rows) else { return nil }
            (found, met) = all
        }
        // The base's objects no row met: gone.
        for row in 0..<theirs.rowCount where theirs.live[row] && !met[row] {
            found.baseRows.append(row)
        }
        return found.exceeds(limit) ? nil : found
    }

    /// Whether the checks of ``consistencyProblems(editedFrom:)`` find
    /// nothing wrong around the `touched` objects.
    func isLocallyConsistent(touched: TouchedRows, base: Graph) -> Bool {
        // The references on this core, the chains on the other when the
        // edit is large.
        func chainsAreWhole() -> Bool {
            OrderedRelationship.chains(in: schema).allSatisfy { self.chainsAreWhole($0, touched: touched, base: base) }
        }
        guard touched.count >= TwoCores.minimumLookups / 16 else {
            return referencesAreSound(touched: touched, base: base) && chainsAreWhole()
        }
        let (references, chains) = inParallel({ referencesAreSound(touched: touched, base: base) }, chainsAreWhole)
        return references && chains
    }

    /// Whether the references of the touched objects, of those that
    /// referred to them through a stored inverse, and to the objects now
    /// gone are sound (``isLocallyConsistent(touched:base:)``).
    func referencesAreSound(touched: TouchedRows, base: Graph) -> Bool {
        let mine = objects, theirs = base.objects
        let plans = ReferencePlan.plans(for: schema, chainLinks: false)
        let slotCounts = storedSlotCounts
        // The live rows whose references are checked: the touched objects
        // and those that referred to a touched one through its stored inverse.
        var rechecked = Set<Int>()
        // The base's objects that are gone (or now of another entity).
        var gone: [ObjectID: Int] = [:]
        for row in touched.rows where mine.live[row] { rechecked.insert(row) }
        for row in touched.baseRows {
            guard row < theirs.rowCount, theirs.live[row] else { continue }
            let before = theirs.rows[row]
            let id = theirs.ids[row]
            if let now = mine.row(of: id), mine.rows[now].entityIndex == before.entityIndex {
                // Changed (or removed and added again): the row it is on
                // now is touched too.
            } else {
                gone[id] = before.entityIndex
            }
            guard before.entityIndex >= 0 && before.entityIndex < schema.entities.count else { return false }
            for (slot, property) in schema.entities[before.entityIndex].storedProperties.enumerated() {
                guard case .relationship(let r) = property, let destination = schema.entity(named: r.destination) else { continue }
                before.forEachReference(at: slot) { ref in
                    if let referrer = mine.row(of: ObjectID(entity: destination.root, identity: ref)) { rechecked.insert(referrer) }
                }
            }
        }
        var problems: [GraphProblem] = []
        var ignored: [ArrayPairTally] = []
        for row in rechecked.sorted() {
            let object = mine.rows[row]
            if shapeProblem(of: object, atRow: row, slotCounts: slotCounts) != nil { return false }
            let id = mine.ids[row]
            var near = row
            for plan in plans[object.entityIndex] {
                checkReferences(from: id, object, at: row, plan, near: &near, into: &problems, tallies: &ignored)
                if !problems.isEmpty { return false }
            }
        }
        return gone.isEmpty || referencesMissGone(gone, plans: plans)
    }

    /// Whether no live object refers to one of `gone` through a
    /// relationship whose inverse the gone object's entity does not store
    /// (the references through one it stores were found from its values).
    ///
    /// - Complexity: O(*r*) expected in the references through such
    ///   relationships.
    func referencesMissGone(_ gone: [ObjectID: Int], plans: [[ReferencePlan]]) -> Bool {
        let goneEntities = Set(gone.values)
        let scanned = plans.map { entityPlans in
            entityPlans.filter { plan in
                goneEntities.contains { e in
                    e < plan.inverseSlots.count && plan.inverseSlots[e] == nil && schema.isKind(e, of: plan.destinationIndex)
                }
            }
        }
        guard scanned.contains(where: { !$0.isEmpty }) else { return true }
        for row in 0..<objects.rowCount where objects.live[row] {
            let object = objects.rows[row]
            guard object.entityIndex >= 0 && object.entityIndex < scanned.count else { return false }
            for plan in scanned[object.entityIndex] {
                var found = false
                object.forEachReference(at: plan.slot) { ref in
                    if gone[ObjectID(entity: plan.destinationRoot, identity: ref)] != nil { found = true }
                }
                if found { return false }
            }
        }
        return true
    }

    /// Whether every chain of `chain` that a touched row was or is a member
    /// of is whole here: walked from its one head, each next names its
    /// member back and has the same owner, and the walk meets as many
    /// members as the base's chain had, less the touched members that left
    /// it, plus those that are in it now. `false` also when the base's
    /// chain cannot be reached from the touched rows (the first members
    /// added to an owner).
    ///
    /// - Complexity: O(*t* + *c*) for *t* touched rows and *c* members of
    ///   the chains walked.
    func chainsAreWhole(_ chain: OrderedRelationship, touched: TouchedRows, base: Graph) -> Bool {
        let mine = objects, theirs = base.objects
        /// The owner of the member at `row` of `store`, if it is a live member.
        func owner(_ store: ObjectStore, _ row: Int) -> String? {
            guard row < store.rowCount, store.live[row] else { return nil }
            return chain.link(atRow: row, in: store, chain.ownerSlots)
        }
        func isMember(_ store: ObjectStore, _ row: Int) -> Bool {
            row < store.rowCount && store.live[row] && chain.linkSlot(of: store.entityIndex(atRow: row), chain.ownerSlots) != nil
        }
        // Per owner touched (by the bytes of its identity: two identities
        // that are one string to Swift, NFC and NFD, are two owners): the
        // count of members that left, a row to start the base's walk from,
        // and the members that joined.
        var owners: [ExactString: (left: Int, baseStart: Int?, joined: [Int])] = [:]
        for row in touched.rows where isMember(mine, row) {
            if let o = owner(mine, row).map({ ExactString($0) }) {
                owners[o, default: (0, nil, [])].joined.append(row)
            } else if chain.link(atRow: row, in: mine, chain.prevSlots) != nil || chain.link(atRow: row, in: mine, chain.nextSlots) != nil {
                return false
            }
        }
        for row in touched.baseRows where isMember(theirs, row) {
            if let o = owner(theirs, row).map({ ExactString($0) }) {
                owners[o, default: (0, nil, [])].left += 1
                owners[o]?.baseStart = row
            }
        }
        let touchedBase = Set(touched.baseRows)
        for (exact, counts) in owners {
            let o = exact.string
            // The base's chain of `o`, from a member it had, or else from a
            // neighbour of one that joined (its walk ends: the base is whole).
            guard let start = counts.baseStart ?? baseStart(throughNeighboursOf: counts.joined, owner: o, chain, touched: touchedBase, base: base),
                let baseMembers = walk(theirs, chain, from: start, owner: o, limit: theirs.rowCount)
            else { return false }
            let expected = baseMembers.count - counts.left + counts.joined.count
            guard expected >= 0 else { return false }
            if expected == 0 { continue }
            // A member of `o` here: one that joined, or one the edit left
            // alone (on the row of its identity here).
            let untouched = baseMembers.first(where: { !touchedBase.contains($0) }).flatMap { mine.row(of: theirs.ids[$0], near: $0) }
            guard let start = counts.joined.first ?? untouched,
                let members = walk(mine, chain, from: start, owner: o, limit: expected), members.count == expected
            else { return false }
        }
        return true
    }

    /// For an owner `o` whose touched members all `joined` it: a row of the
    /// base's chain of `o` found through their links here (a neighbour the
    /// edit did not touch, in `o` in the base; `touched`: rows of the
    /// base), if any. Without one, how
    /// many members `o` had is not known here (its first members added,
    /// say): the whole graph is checked.
    ///
    /// - Complexity: O(*j*) expected for *j* members that joined.
    func baseStart(throughNeighboursOf joined: [Int], owner o: String, _ chain: OrderedRelationship, touched: Set<Int>, base: Graph) -> Int? {
        let mine = objects, theirs = base.objects
        for row in joined {
            for slots in [chain.prevSlots, chain.nextSlots] {
                guard let neighbour = chain.link(atRow: row, in: mine, slots),
                    let r = theirs.row(of: ObjectID(entity: chain.memberRoot, identity: neighbour)), !touched.contains(r),
                    chain.link(atRow: r, in: theirs, chain.ownerSlots).map({ utf8Equal($0, o) }) ?? false
                else { continue }
                return r
            }
        }
        return nil
    }

    /// The rows of the chain through `start` in `store`: back along prev to
    /// the head, then along next; `nil` when a link is missing, names an
    /// object that is no member of `owner` or does not name its neighbour
    /// back, a member has a prev at the head, or the walk passes `limit`
    /// members (a cycle, or more members than expected).
    ///
    /// - Complexity: O(*c*) for the *c* members of the chain.
    func walk(_ store: ObjectStore, _ chain: OrderedRelationship, from start: Int, owner: String, limit: Int) -> [Int]? {
        func step(_ row: Int, _ slots: [Int?]) -> Int?? {
            guard let next = chain.link(atRow: row, in: store, slots) else { return .some(nil) }
            guard let r = store.row(of: ObjectID(entity: chain.memberRoot, identity: next), near: row + 1),
                chain.linkSlot(of: store.entityIndex(atRow: r), chain.ownerSlots) != nil,
                chain.link(atRow: r, in: store, chain.ownerSlots).map({ utf8Equal($0, owner) }) ?? false
            else { return nil }
            return .some(r)
        }
        var head = start, steps = 0
        while true {
            guard let prev = step(head, chain.prevSlots) else { return nil }
            guard let p = prev else { break }
            head = p
            steps += 1
            if steps > limit { return nil }
        }
        var members = [head]
        var current = head
        while true {
            guard let next = step(current, chain.nextSlots) else { return nil }
            guard let n = next else { break }
            // The next names this member back.
            guard let back = chain.link(atRow: n, in: store, chain.prevSlots), utf8Equal(back, store.ids[current].identity) else { return nil }
            members.append(n)
            if members.count > limit { return nil }
            current = n
        }
        return members
    }
}
