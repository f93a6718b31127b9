extension ChangeSet {
    /// The change set that undoes this one: inserts become deletes (and the
    /// reverse), every old value swaps with its new one, sequence inserts
    /// and removals swap, moves go back, index values swap, re-keys go
    /// back (and to the other end: see ``rekeysFirst``).
    ///
    /// `apply(changes.inverted(), to: apply(changes, to: a)) == a`.
    ///
    ///     let undo = try changes.inverted().apply(to: b).graph   // a again, when changes = diff(a, b)
    ///
    /// - Complexity: O(*c*) in the number of changes.
    public func inverted() -> ChangeSet {
        var result = self
        result.objects = objects.map { c in
            var x = c
            switch c.kind {
            case .inserted: x.kind = .deleted
            case .deleted: x.kind = .inserted
            case .updated:
                x.changes = c.changes.map { p in
                    switch p.kind {
                    case .attribute(let old, let new): return PropertyChange(property: p.property, kind: .attribute(old: new, new: old))
                    case .reference(let old, let new): return PropertyChange(property: p.property, kind: .reference(old: new, new: old))
                    case .members(let added, let removed): return PropertyChange(property: p.property, kind: .members(added: removed, removed: added))
                    }
                }
            }
            swap(&x.oldOffset, &x.newOffset)
            return x
        }
        result.objects.sort(by: ChangeSet.objectOrder)
        result.sequences = sequences.map { s in
            var x = s
            x.inserted = s.removed.map { .init(member: $0.member, after: $0.after) }
            x.removed = s.inserted.map { .init(member: $0.member, after: $0.after) }
            x.moved = s.moved.map { .init(member: $0.member, from: $0.to, to: $0.from) }
            x.positions = s.positions.map { .init(member: $0.member, old: $0.new, new: $0.old) }
            return x
        }
        result.metadata = metadata.map { MetadataChange(key: $0.key, old: $0.new, new: $0.old) }
        // Undone in reverse order: the re-keys that came first come last,
        // and the other changes keep naming objects as they did.
        result.rekeys = rekeys.map { r in
            ObjectRekey(id: r.newID, entity: r.entity, newIdentity: r.id.identity, oldOffset: r.newOffset, newOffset: r.oldOffset)
        }.sorted { $0.id < $1.id }
        // (With no re-key, or nothing else, where they come makes no
        // difference: first, as a diff and a decoded patch have them.)
        result.rekeysFirst = rekeys.isEmpty || objects.isEmpty && sequences.isEmpty && metadata.isEmpty ? true : !rekeysFirst
        return result
    }
}

extension Array where Element == JSONEdit {
    /// The edits that undo these: in reverse order, adds and removes swapped,
    /// old and new swapped, moves back.
    ///
    ///     let back = try JSONEdits.apply(edits.inverted(), to: b).document   // a, when edits = JSONDiff.diff(from: a, to: b)
    public func inverted() -> [JSONEdit] {
        reversed().map { edit in
            switch edit {
            case .add(let path, let value): return .remove(path: path, old: value)
            case .remove(let path, let old): return .add(path: path, value: old)
            case .replace(let path, let old, let new): return .replace(path: path, old: new, new: old)
            case .move(let from, let path): return .move(from: path, path: from)
            }
        }
    }
}

