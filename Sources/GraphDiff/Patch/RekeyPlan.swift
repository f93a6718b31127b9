import GraphDiffJSON

/// The re-keys of a patch (``ChangeSet/rekeys``) checked against the
/// target, before the other changes are: each is pending (the target has
/// the object under its old identity, and nothing under the new one),
/// present (the reverse) or a mismatch.
struct RekeyPlan {
    /// Old identity → new identity, of the pending re-keys.
    var pending: [ObjectID: String] = [:]
    /// Old identity → new identity, of the re-keys the target has.
    var present: [ObjectID: String] = [:]
    var mismatches: [PatchMismatch] = []
    var presentCount: Int { present.count }

    /// New identity → old identity, of the re-keys the target has: what
    /// undoes them.
    var undoingPresent: [ObjectID: String] {
        var result: [ObjectID: String] = [:]
        for (old, identity) in present { result[ObjectID(entity: old.entity, identity: identity)] = old.identity }
        return result
    }

    /// Classifies the re-keys of `changes` against `target`. A re-key's
    /// position in the patch is before the other changes or after them
    /// (``ChangeSet/rekeysFirst``), as the document lists them.
    ///
    /// - Complexity: O(*k*) expected for *k* re-keys.
    init(_ changes: ChangeSet, target: Graph) {
        let first = changes.rekeysFirst ? 0 : changes.objects.count + changes.sequences.count + changes.metadata.count
        var olds: [ObjectID: Int] = [:], news: [ObjectID: Int] = [:]
        for r in changes.rekeys {
            olds[r.id, default: 0] += 1
            news[r.newID, default: 0] += 1
        }
        for (k, r) in changes.rekeys.enumerated() {
            let subject = "rekey \(r.entity) \(JSONWriter.string(.string(r.id.identity))) → \(JSONWriter.string(.string(r.newIdentity)))"
            func mismatch(_ reason: String, expected: JSONValue? = nil, found: JSONValue? = nil) {
                mismatches.append(PatchMismatch(change: first + k, subject: subject, expected: expected, found: found, reason: reason,
                                                entity: r.entity, identity: r.id.identity))
            }
            guard let concrete = target.schema.entity(named: r.entity) else {
                mismatch("no concrete entity \(JSONWriter.string(.string(r.entity))) in schema \(JSONWriter.string(.string(target.schema.name)))")
                continue
            }
            // The new identity must be one of the entity's type, as loading
            // checks a file's (an int64 identity, a UUID).
            if case .failure(let why) = concrete.canonicalIdentity(r.newIdentity) {
                mismatch("the new identity is no identity of \(concrete.name): it \(why.reason)")
                continue
            }
            guard r.id != r.newID else {
                mismatch("the old and the new identity are the same")
                continue
            }
            guard olds[r.id] == 1, news[r.newID] == 1 else {
                mismatch("the patch re-keys this object, or to this identity, more than once")
                continue
            }
            let old = target.objects[r.id], new = target.objects[r.newID]
            func entity(_ o: GraphObject?) -> String? { o.map { target.entity(of: $0).name } }
            switch (old, new) {
            case (let o?, nil) where entity(o) == r.entity:
                pending[r.id] = r.newIdentity
            case (nil, let n?) where entity(n) == r.entity:
                present[r.id] = r.newIdentity
            case (let o?, nil):
                mismatch("the object is of another entity", expected: .string(r.entity), found: entity(o).map(JSONValue.string))
            case (nil, let n?):
                mismatch("the object is of another entity", expected: .string(r.entity), found: entity(n).map(JSONValue.string))
            case (nil, nil):
                mismatch("the target has the object under neither identity")
            case (_?, _?):
                mismatch("the target has objects under both identities")
            }
        }
    }

    /// The re-keys of `newIdentities` that `graph` cannot take (the object
    /// is gone, or its new identity taken), as problems.
    func collisions(_ newIdentities: [ObjectID: String], in graph: Graph) -> [GraphProblem] {
        let usable = graph.applicableRekeys(newIdentities)
        return newIdentities.keys.sorted().compactMap { old in
            guard usable[old] == nil, let identity = newIdentities[old] else { return nil }
            return GraphProblem(.duplicateIdentity, "cannot be re-keyed to \(JSONWriter.string(.string(identity))): the object is gone or that identity is taken",
                                entity: old.entity, identity: old.identity)
        }
    }
}

extension PatchPlan {
    /// Moves the positions of the mismatches found by `count` (the re-keys
    /// listed before the other changes).
    mutating func shiftChangeIndices(by count: Int) {
        guard count > 0 else { return }
        for k in mismatches.indices where mismatches[k].change >= 0 { mismatches[k].change += count }
    }
}
