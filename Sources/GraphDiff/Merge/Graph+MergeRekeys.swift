import GraphDiffJSON

/// The three versions of a merge with the re-keys of both sides aligned
/// (``Graph/aligningRekeys(base:mine:theirs:decisions:ignored:)``).
struct AlignedRekeys {
    var base: Graph, mine: Graph, theirs: Graph
    /// The re-keys both sides disagree on, or that collide.
    var conflicts: [MergeConflict] = []
    /// The base's objects re-keyed: base identity → identity in the merge.
    var baseRekeys: [ObjectID: String] = [:]
}

/// The re-keys each side of a merge made (``Graph/rekeys(from:to:other:ignored:)``):
/// what ``Graph/aligningRekeys(base:mine:theirs:decisions:ignored:detected:)``
/// starts from. They do not depend on how conflicts are settled, so the
/// merges of one set of inputs (the report and the two that give the sides
/// of conflict markers) find them once.
struct DetectedRekeys: Sendable {
    /// The re-keys of mine, and of theirs.
    let sides: (mine: [ObjectRekey], theirs: [ObjectRekey])

    /// Finds both sides' re-keys, one side on each core.
    ///
    /// - Complexity: O(*n*) expected for *n* objects in all.
    init(base: Graph, mine: Graph, theirs: Graph, ignored: IgnoredProperties) {
        sides = inParallel({ Graph.rekeys(from: base, to: mine, other: theirs, ignored: ignored) },
                           { Graph.rekeys(from: base, to: theirs, other: mine, ignored: ignored) })
    }
}

extension Graph {
    /// The three graphs of a merge with their re-keys aligned: each object
    /// re-keyed by one side (``ObjectRekey/detect(from:to:ignored:)``, from
    /// the base or from the other side), or
    /// by both to one identity, has that identity in all three, so that the
    /// merge joins the other side's edits of it to the re-keyed object. An
    /// object both sides re-keyed differently, or re-keyed to an identity
    /// another object of a version holds, is a conflict
    /// (``MergeConflict/Kind/rekeyRekey``) settled by `decisions`: the
    /// side's identity, or the base's while it is open (as every open
    /// conflict keeps the base version); so is each side re-keying another
    /// object to one identity. A re-key to an identity the other side gives
    /// an object it inserted cannot be made: the object keeps its base
    /// identity (``MergeConflict/Kind/rekeyTaken``, settled for that side).
    ///
    /// - Complexity: O(*n*) expected for *n* objects in all (two passes to
    ///   find the re-keys, one per graph that re-keys).
    static func aligningRekeys(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions,
                               ignored: IgnoredProperties, detected: DetectedRekeys? = nil) -> AlignedRekeys {
        let (mineRekeys, theirsRekeys) = (detected ?? DetectedRekeys(base: base, mine: mine, theirs: theirs, ignored: ignored)).sides
        guard !mineRekeys.isEmpty || !theirsRekeys.isEmpty else { return AlignedRekeys(base: base, mine: mine, theirs: theirs) }
        var mineNew: [ObjectID: String] = [:], theirsNew: [ObjectID: String] = [:], entityOf: [ObjectID: String] = [:]
        for r in mineRekeys { mineNew[r.id] = r.newIdentity; entityOf[r.id] = r.entity }
        for r in theirsRekeys { theirsNew[r.id] = r.newIdentity; entityOf[r.id] = r.entity }
        let ids = Set(mineNew.keys).union(theirsNew.keys).sorted()
        var conflicts: [MergeConflict] = []
        var inConflict = Set<ObjectID>()
        /// Reports the conflict over `id`, and gives the identity it settles on.
        func settle(_ id: ObjectID) -> String {
            let entity = entityOf[id] ?? id.entity
            var c = MergeConflict(kind: .rekeyRekey, entity: entity, identity: id.identity, path: JSONPointer(["objects", entity, id.identity]),
                                  base: .string(id.identity), mine: .string(mineNew[id] ?? id.identity),
                                  theirs: .string(theirsNew[id] ?? id.identity))
            let side = decisions.settle(&c)
            conflicts.append(c)
            inConflict.insert(id)
            switch side {
            case .mine?: return mineNew[id] ?? id.identity
            case .theirs?: return theirsNew[id] ?? id.identity
            default: return id.identity
            }
        }
        var final: [ObjectID: String] = [:]
        for id in ids {
            switch (mineNew[id], theirsNew[id]) {
            case (let m?, let t?) where !utf8Equal(m, t): final[id] = settle(id)
            case (let m?, _): final[id] = m
            case (nil, let t?): final[id] = t
            case (nil, nil): break
            }
        }
        /// The renames that give each version the final identities.
        func renames() -> (base: [ObjectID: String], mine: [ObjectID: String], theirs: [ObjectID: String]) {
            var b: [ObjectID: String] = [:], m: [ObjectID: String] = [:], t: [ObjectID: String] = [:]
            for id in ids {
                guard let identity = final[id] else { continue }
                if !utf8Equal(identity, id.identity) { b[id] = identity }
                let inMine = ObjectID(entity: id.entity, identity: mineNew[id] ?? id.identity)
                if !utf8Equal(inMine.identity, identity) && mine.objects[inMine] != nil { m[inMine] = identity }
                let inTheirs = ObjectID(entity: id.entity, identity: theirsNew[id] ?? id.identity)
                if !utf8Equal(inTheirs.identity, identity) && theirs.objects[inTheirs] != nil { t[inTheirs] = identity }
            }
            return (b, m, t)
        }
        // One identity given to two objects (each side re-keyed another
        // object to it): a conflict for each, settled as decided; where both
        // are still given it, both keep their base identities.
        func claims() -> [ObjectID: [ObjectID]] {
            var result: [ObjectID: [ObjectID]] = [:]
            for id in ids {
                guard let identity = final[id] else { continue }
                result[ObjectID(entity: id.entity, identity: identity), default: []].append(id)
            }
            return result
        }
        for (_, claimants) in claims() where claimants.count > 1 {
            for id in claimants where !inConflict.contains(id) { final[id] = settle(id) }
        }
        for (_, claimants) in claims() where claimants.count > 1 {
            for id in claimants { final[id] = id.identity }
        }
        // An identity a version gives another object (the other side
        // inserted one with it): the re-key cannot be made, and the object
        // keeps its base identity; reported, and settled for the side that
        // holds the identity.
        var r = renames()
        let usableMine = mine.applicableRekeys(r.mine), usableTheirs = theirs.applicableRekeys(r.theirs)
        for id in ids {
            guard let identity = final[id], !utf8Equal(identity, id.identity) else { continue }
            let inMine = ObjectID(entity: id.entity, identity: mineNew[id] ?? id.identity)
            let inTheirs = ObjectID(entity: id.entity, identity: theirsNew[id] ?? id.identity)
            let blockedInMine = r.mine[inMine] != nil && usableMine[inMine] == nil
            let blockedInTheirs = r.theirs[inTheirs] != nil && usableTheirs[inTheirs] == nil
            guard blockedInMine || blockedInTheirs else { continue }
            let entity = entityOf[id] ?? id.entity
            var c = MergeConflict(kind: .rekeyTaken, entity: entity, identity: id.identity, path: JSONPointer(["objects", entity, id.identity]),
                                  base: .string(id.identity), mine: .string(mineNew[id] ?? id.identity),
                                  theirs: .string(theirsNew[id] ?? id.identity), resolvedBy: blockedInMine ? .mine : .theirs)
            if let i = conflicts.firstIndex(where: { $0.identity == id.identity && $0.entity == entity }) { conflicts.remove(at: i) }
            c.remembered = false
            conflicts.append(c)
            inConflict.insert(id)
            final[id] = id.identity
        }
        r = renames()
        return AlignedRekeys(base: base.rekeying(r.base), mine: mine.rekeying(r.mine), theirs: theirs.rekeying(r.theirs),
                             conflicts: conflicts, baseRekeys: base.applicableRekeys(r.base))
    }

    /// The objects of `base` that `side` re-keyed: those whose values it
    /// keeps under a new identity, and those it keeps with the `other`
    /// side's edits (a side that merged the other's edits into an object it
    /// re-keyed: merging again must find the same object). A re-key from
    /// the base wins over one from the other side.
    ///
    /// - Complexity: O(*n*) expected: one pass that compares identities,
    ///   then work on the objects only one of `base` and `side` has.
    static func rekeys(from base: Graph, to side: Graph, other: Graph, ignored: IgnoredProperties) -> [ObjectRekey] {
        // The objects only the base has, and those only the side has.
        var deleted = Graph(schema: base.schema), inserted = Graph(schema: base.schema)
        let baseStore = base.objects, sideStore = side.objects
        var matched = [Bool](repeating: false, count: sideStore.rowCount)
        var cursor = 0
        // (An object is copied, and its values retained, only when deleted.)
        for row in 0..<baseStore.rowCount where baseStore.isLive(atRow: row) {
            let id = baseStore.id(atRow: row)
            if let sideRow = sideStore.row(of: id, near: cursor) {
                matched[sideRow] = true
                cursor = sideRow + 1
            } else if let object = baseStore.object(atRow: row) {
                deleted[id] = object
            }
        }
        guard !deleted.objects.isEmpty else { return [] }
        for row in matched.indices where !matched[row] {
            if let object = sideStore.object(atRow: row) { inserted[sideStore.id(atRow: row)] = object }
        }
        guard !inserted.objects.isEmpty else { return [] }
        var found = ObjectRekey.detect(from: deleted, to: inserted, ignored: ignored)
        // The rest, as the other side has them (with its edits).
        var taken = Set(found.map(\.id)), given = Set(found.map(\.newID))
        var otherVersions = Graph(schema: base.schema), rest = Graph(schema: base.schema)
        for (id, _) in deleted.objects where !taken.contains(id) {
            if let object = other.objects[id] { otherVersions[id] = object }
        }
        for (id, object) in inserted.objects where !given.contains(id) { rest[id] = object }
        for r in ObjectRekey.detect(from: otherVersions, to: rest, ignored: ignored) where !taken.contains(r.id) && !given.contains(r.newID) {
            found.append(r)
            taken.insert(r.id)
            given.insert(r.newID)
        }
        return found.sorted { $0.id < $1.id }
    }
}
