
extension ChangeSet {
    /// Applies the change set to `target`, checking every old value first.
    ///
    /// Each change is *pending* (the target has its old value), *present*
    /// (the target has its new value already) or a *mismatch*. With any
    /// mismatch the patch is rejected whole and nothing is applied, unless
    /// `force` is set: then the pending changes are applied and the
    /// mismatches reported. When every change is present the target comes
    /// back unchanged (``PatchOutcome/wasAlreadyApplied``).
    ///
    /// Identities are matched by their type: the patch's integer and UUID
    /// identities are read in canonical spelling
    /// (``AttributeType/canonicalIdentity(_:)``). Deletes are judged before
    /// inserts, so an object whose concrete entity changes (a delete and an
    /// insert of one identity) applies, backwards too. An owner deleted with
    /// its chains restores their order when the delete is undone
    /// (``ObjectChange/chains``). A re-key (``ChangeSet/rekeys``) is pending
    /// when the target has the object under its old identity and nothing
    /// under the new one, present in the reverse case; it renames the
    /// object and every reference to it, before the other changes or
    /// after them (``ChangeSet/rekeysFirst``).
    ///
    /// Applying keeps the graph valid: objects are deleted and inserted,
    /// properties set, and the prev/next links of every chain touched are
    /// rewritten from its new order. Every value written must suit its
    /// property (type, required, known), as when loading, and the result must
    /// pass ``Graph/consistencyProblems()`` (no dangling reference, inverses
    /// agreeing, chains whole), else the patch is rejected. A target as
    /// loaded (``Graph/load(_:schema:options:)-([UInt8],_,_)``, checked
    /// whole) has its result checked where the patch changed it, with the
    /// same verdict and problems; any other is checked whole.
    ///
    ///     let b2 = try changes.apply(to: a).graph   // == b when changes = diff(a, b)
    ///
    /// - Throws: ``PatchError`` with reason
    ///   ``PatchError/Reason/schemaMismatch(patch:target:)`` (unless
    ///   `force`), ``PatchError/Reason/rejected(_:)`` (every mismatch, each
    ///   naming its change, entity, identity and property) or
    ///   ``PatchError/Reason/inconsistent(_:)`` (an invalid value or an
    ///   inconsistent result, each problem naming the entity, identity and
    ///   property).
    /// - Complexity: O(*c* + *n*) expected, where *c* is the number of changes
    ///   and *n* the number of objects (the final consistency check: for a
    ///   target as loaded, a comparison of rows, then O(*c*) and the chains
    ///   the changes are in).
    public func apply(to target: Graph, force: Bool = false) throws(PatchError) -> PatchOutcome {
        let changes = self
        return try withDeepStack { () throws(PatchError) -> PatchOutcome in try changes._apply(to: target, force: force) }
    }

    private func _apply(to target: Graph, force: Bool) throws(PatchError) -> PatchOutcome {
        if schemaFingerprint != target.schema.fingerprint && !force {
            throw PatchError(.schemaMismatch(patch: schemaFingerprint, target: target.schema.fingerprint))
        }
        let shape = target.shapeProblems()
        if !shape.isEmpty { throw PatchError(.inconsistent(shape)) }
        let changes = canonicalIdentities(in: target.schema)
        let rekeys = RekeyPlan(changes, target: target)
        // The other changes name re-keyed objects as they are between the
        // re-keys and the rest: first, the target re-keyed; last, the
        // target with the re-keys it already has undone.
        var plan = PatchPlan(target: changes.rekeysFirst ? target.rekeying(rekeys.pending) : target.rekeying(rekeys.undoingPresent))
        // A large target's rows are copied for the edits, with room for
        // the inserts, on the other core while the changes are judged.
        let rows = plan.target.objects
        if rows.rowCount >= TwoCores.minimumObjects {
            let inserts = changes.objects.reduce(0) { $0 + ($1.kind == .inserted ? 1 : 0) }
            plan.ownRows = inParallel({ plan.classify(changes) }, { () -> ObjectStore in
                var own = rows
                own.reserveOwnCapacity(rows.rowCount + inserts)
                return own
            }).1
        } else {
            plan.classify(changes)
        }
        if changes.rekeysFirst { plan.shiftChangeIndices(by: changes.rekeys.count) }
        let mismatches = (rekeys.mismatches + plan.mismatches).sorted { $0.change < $1.change }
        let applied = plan.pendingCount + rekeys.pending.count, present = plan.presentCount + rekeys.presentCount
        if !mismatches.isEmpty && !force { throw PatchError(.rejected(mismatches)) }
        if applied == 0 {
            return PatchOutcome(graph: target, applied: 0, alreadyPresent: present, skipped: mismatches)
        }
        var (graph, problems) = plan.pendingCount == 0 ? (plan.target, []) : try plan.execute()
        if !changes.rekeysFirst {
            let all = rekeys.pending.merging(rekeys.present) { a, _ in a }
            problems += rekeys.collisions(all, in: graph)
            graph = graph.rekeying(all)
        }
        // Checked where the patch changed the target, when the target is
        // known to be consistent (as loaded); else whole.
        problems += graph.consistencyProblems(editedFrom: plan.target)
        if !problems.isEmpty { throw PatchError(.inconsistent(problems.sorted(by: GraphProblem.subjectOrder))) }
        graph.schemaReference = target.schemaReference
        return PatchOutcome(graph: graph, applied: applied, alreadyPresent: present, skipped: mismatches)
    }
}
