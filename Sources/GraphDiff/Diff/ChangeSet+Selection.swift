/// The changes of a diff that a selection (`--only`) names.
extension ChangeSet {
    /// The changes `selected` names, and nothing else: objects inserted or
    /// deleted (or re-keyed) of an entity selected whole, the selected property changes
    /// of the others, the orders of selected relationships (or of whole
    /// entities' relationships, or with whole entities as members), the
    /// selected metadata members. An updated object with no selected change
    /// left is left out.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public func selecting(_ selected: SelectedProperties, schema: Schema) -> ChangeSet {
        var result = self
        result.objects = objects.compactMap { change in
            let entity = schema.entityIndex[change.entity]
            if selected.isWhole(entity) { return change }
            guard change.kind == .updated else { return nil }
            var kept = change
            kept.changes = change.changes.filter { selected.selects(entity, $0.property) }
            return kept.changes.isEmpty ? nil : kept
        }
        result.sequences = sequences.filter { s in
            let owner = schema.entityIndex[s.ownerEntity]
            if selected.selects(owner, s.relationship) { return true }
            // Members of an entity selected whole: their places count.
            guard let relationship = schema.entity(named: s.ownerEntity)?.property(named: s.relationship)?.relationship else { return false }
            return selected.isWhole(schema.entityIndex[relationship.destination])
        }
        result.metadata = metadata.filter { selected.selectsMetadata($0.key) }
        result.rekeys = rekeys.filter { selected.isWhole(schema.entityIndex[$0.entity]) }
        return result
    }
}
