import GraphDiffJSON

/// The readable, git-style report of `graphdiff diff` (`--format human`).
///
/// One entry per changed object, grouped by entity then identity: `+` for
/// inserted (with every value), `-` for deleted (with every old value), `~`
/// for updated (each changed property, `old → new`), `=` for re-keyed
/// (`= Task "a1" → "a9"`: the same object under a new identity, every
/// reference to it rewritten). Changes in the order of
/// an ordered relationship are shown under the owner: `+ "t5" after "t2"`,
/// `- "t9"`, `> "t4" moved after "t1" (was after "t3")`. Metadata changes
/// come last, then a summary: one line per entity with its counts.
///
///     ~ Person "p1"  b.json:21:7
///         age: 23 → 24
///     + Address "a4"  b.json:14:7
///         city: "Nantes"
///
///     Address: 1 inserted
///     Person: 1 updated
public enum HumanRenderer {
    /// The full report of a graph change set (empty when nothing changed).
    ///
    ///     print(HumanRenderer.render(try ChangeSet.diff(from: base, to: theirs), context: RenderContext(oldName: "base", newName: "theirs")))
    ///     // ~ Task "t3"
    ///     //     title: "Eggs" → "Free-range eggs"
    ///     // …
    public static func render(_ changes: ChangeSet, context: RenderContext) -> String {
        guard !changes.isEmpty else { return "" }
        context.preparePositions()
        var out = ""
        // Sequence changes belong to their owner's entry.
        var sequencesByOwner: [ObjectID: [SequenceChange]] = [:]
        for s in changes.sequences { sequencesByOwner[s.owner, default: []].append(s) }
        var entries: [(entity: String, id: ObjectID, change: ObjectChange?, rekey: ObjectRekey?)] = changes.objects.map { ($0.entity, $0.id, $0, nil) }
        // A re-key is listed under the identity the other changes use.
        for r in changes.rekeys { entries.append((r.entity, changes.rekeysFirst ? r.newID : r.id, nil, r)) }
        let updated = Set(changes.objects.filter { $0.kind != .deleted }.map(\.id))
        var ownerOffsets: [ObjectID: Int] = [:]
        for s in changes.sequences where !updated.contains(s.owner) && ownerOffsets[s.owner] == nil {
            ownerOffsets[s.owner] = s.ownerOffset
            entries.append((s.ownerEntity, s.owner, nil, nil))
        }
        func rank(_ e: (entity: String, id: ObjectID, change: ObjectChange?, rekey: ObjectRekey?)) -> Int {
            e.rekey != nil ? -1 : e.change.map { $0.kind == .deleted ? 0 : 1 } ?? 2
        }
        entries.sort { a, b in
            let e = utf8Compare(a.entity, b.entity)
            if e != 0 { return e < 0 }
            let i = utf8Compare(a.id.identity, b.id.identity)
            if i != 0 { return i < 0 }
            return rank(a) < rank(b)
        }
        for entry in entries {
            let name = "\(entry.entity) \(quoted(entry.id.identity))"
            if let r = entry.rekey {
                let hint = normalizationHint(.string(r.id.identity), .string(r.newIdentity))
                out += header("=", "\(r.entity) \(quoted(r.id.identity)) → \(quoted(r.newIdentity))", context.location(new: r.newOffset), context, .cyan)
                if !hint.isEmpty { out += "  " + hint + "\n" }
                continue
            }
            guard let change = entry.change else {
                out += header("~", name, context.location(new: ownerOffsets[entry.id] ?? -1), context, .yellow)
                for s in sequencesByOwner[entry.id] ?? [] { out += sequenceLines(s, context) }
                continue
            }
            switch change.kind {
            case .inserted:
                out += header("+", name, context.location(new: change.newOffset), context, .green)
                for v in change.values { out += "    \(v.name): \(text(v.value))\n" }
                for s in sequencesByOwner[entry.id] ?? [] { out += sequenceLines(s, context) }
            case .deleted:
                out += header("-", name, context.location(old: change.oldOffset), context, .red)
                for v in change.values { out += "    \(v.name): \(text(v.value))\n" }
            case .updated:
                out += header("~", name, context.location(new: change.newOffset), context, .yellow)
                for p in change.changes { out += propertyLines(p, context) }
                for s in sequencesByOwner[entry.id] ?? [] { out += sequenceLines(s, context) }
            }
        }
        if !changes.metadata.isEmpty {
            out += header("~", "metadata", nil, context, .yellow)
            for m in changes.metadata {
                switch (m.old, m.new) {
                case (nil, let n?): out += "    " + context.paint("+ \(m.key): \(text(n))", .green) + "\n"
                case (let o?, nil): out += "    " + context.paint("- \(m.key): \(text(o))", .red) + "\n"
                case (let o?, let n?): out += valueChangeLines(m.key, o, n, indent: "    ", context)
                case (nil, nil): break
                }
            }
        }
        return out + "\n" + summary(changes)
    }

    /// One line per entity with its counts, then metadata; the `--stat` output.
    ///
    ///     print(HumanRenderer.summary(changes))   // "Task: 1 inserted, 1 updated, 1 moved\n…"
    public static func summary(_ changes: ChangeSet) -> String {
        var counts: [String: [String: Int]] = [:]
        for c in changes.objects { counts[c.entity, default: [:]][c.kind.rawValue, default: 0] += 1 }
        for r in changes.rekeys { counts[r.entity, default: [:]]["re-keyed", default: 0] += 1 }
        for s in changes.sequences where !s.moved.isEmpty { counts[s.memberRoot, default: [:]]["moved", default: 0] += s.moved.count }
        for s in changes.sequences where !s.changesOrder && !s.positions.isEmpty {
            counts[s.memberRoot, default: [:]]["renumbered", default: 0] += s.positions.count
        }
        var lines = ""
        for entity in counts.keys.sorted(by: utf8Less) {
            let c = counts[entity] ?? [:]
            let parts = ["inserted", "deleted", "re-keyed", "updated", "moved", "renumbered"].compactMap { k in c[k].map { "\($0) \(k)" } }
            lines += "\(entity): \(parts.joined(separator: ", "))\n"
        }
        if !changes.metadata.isEmpty { lines += "metadata: \(changes.metadata.count) changed\n" }
        return lines
    }

    /// The report of a structural diff (no schema): one line per edit at its
    /// JSON Pointer, then a summary line. Pointers are read as member names
    /// (``JSONDiff/Entry/init(_:)``); rendering ``JSONDiff/entries(from:to:options:)``
    /// names places as they are in the two documents.
    ///
    ///     print(HumanRenderer.render(JSONDiff.diff(from: a, to: b), context: RenderContext()))
    public static func render(_ edits: [JSONEdit], context: RenderContext) -> String {
        render(edits.map { JSONDiff.Entry($0) }, context: context)
    }

    /// The report of a structural diff (no schema): one line per edit at its
    /// location, then a summary line.
    ///
    ///     + LOCATION: new value              added (indices in NEW)
    ///     - LOCATION (old): old value        removed (indices in OLD)
    ///     ~ LOCATION: old value → new value  changed (indices in NEW)
    ///     > LOCATION: index 3 → 0            moved (the element's index in OLD, then in NEW)
    ///
    /// A removal's location marks `(old)` when it holds an array index: that
    /// index counts in the old document, every other line's in the new one.
    /// Keyed elements are named by key (`/[name="six"]/version`, see
    /// ``JSONLocation``).
    ///
    ///     print(HumanRenderer.render(JSONDiff.entries(from: a, to: b, options: .init(arrayKey: "name")), context: RenderContext()))
    public static func render(_ entries: [JSONDiff.Entry], context: RenderContext) -> String {
        guard !entries.isEmpty else { return "" }
        var out = ""
        for entry in entries {
            let at = location(entry.location)
            switch entry.edit {
            case .add(_, let value): out += context.paint("+ \(at): \(text(value))", .green) + "\n"
            case .remove(_, let old):
                let mark = entry.location.hasIndex ? " (old)" : ""
                out += context.paint("- \(at)\(mark): \(text(old))", .red) + "\n"
            case .replace(_, let old, let new):
                out += context.paint("~ \(at):", .yellow) + " "
                    + (wordDiffLiteral(old, new, context) ?? context.paint(text(old), .red) + " → " + context.paint(text(new), .green))
                    + normalizationHint(old, new) + "\n"
            case .move(let from, let path):
                if let a = entry.movedFrom, let b = entry.movedTo, a != b {
                    out += context.paint("> \(at): index \(a) → \(b)", .cyan) + "\n"
                } else if let a = entry.movedFrom {
                    // Off every longest ordered run, yet at the same index: the others moved around it.
                    out += context.paint("> \(at): moved, at index \(a) in both", .cyan) + "\n"
                } else {
                    out += context.paint("> \(pointer(from)) → \(pointer(path))", .cyan) + "\n"
                }
            }
        }
        return out + "\n" + summary(entries.map(\.edit))
    }

    /// `N added, N removed, N changed, N moved` for a structural diff.
    ///
    ///     print(HumanRenderer.summary(JSONDiff.diff(from: a, to: b)))
    public static func summary(_ edits: [JSONEdit]) -> String {
        var added = 0, removed = 0, changed = 0, moved = 0
        for e in edits {
            switch e {
            case .add: added += 1
            case .remove: removed += 1
            case .replace: changed += 1
            case .move: moved += 1
            }
        }
        return "\(added) added, \(removed) removed, \(changed) changed, \(moved) moved\n"
    }

    // MARK: Pieces

    static func header(_ sign: String, _ name: String, _ location: String?, _ context: RenderContext, _ color: RenderContext.Color) -> String {
        context.paint(sign, color) + " " + context.paint(name, .bold) + (location.map { "  \($0)" } ?? "") + "\n"
    }

    static func propertyLines(_ p: PropertyChange, _ context: RenderContext) -> String {
        switch p.kind {
        case .attribute(let old, let new):
            return valueChangeLines(p.property, old, new, indent: "    ", context)
        case .reference(let old, let new):
            return "    \(p.property): " + context.paint(old.map(quoted) ?? "null", .red) + " → " + context.paint(new.map(quoted) ?? "null", .green) + "\n"
        case .members(let added, let removed):
            let parts = added.map { context.paint("+" + quoted($0), .green) } + removed.map { context.paint("-" + quoted($0), .red) }
            return "    \(p.property): \(parts.joined(separator: " "))\n"
        }
    }

    /// `name: old → new`, or, for two objects or two arrays, the nested
    /// edits, or, for two long strings, their word diff.
    static func valueChangeLines(_ name: String, _ old: JSONValue, _ new: JSONValue, indent: String, _ context: RenderContext) -> String {
        switch (old, new) {
        case (.object, .object), (.array, .array):
            var out = "\(indent)\(name):\n"
            for line in render(JSONDiff.entries(from: old, to: new), context: context).split(separator: "\n", omittingEmptySubsequences: false).dropLast(3) {
                out += "\(indent)  \(line)\n"
            }
            return out
        default:
            if let words = wordDiffLiteral(old, new, context) { return "\(indent)\(name): \(words)\(normalizationHint(old, new))\n" }
            return "\(indent)\(name): " + context.paint(text(old), .red) + " → " + context.paint(text(new), .green) + normalizationHint(old, new) + "\n"
        }
    }

    /// The note for two strings that spell the same text in different
    /// Unicode normalization forms (NFC and NFD, say): canonically
    /// equivalent, so they look the same, though graphdiff compares strings
    /// by their bytes and reports them as changed.
    package static let normalizationNote = "same text in another Unicode normalisation form"

    /// Two spaces and ``normalizationNote`` in parentheses after a changed
    /// value whose old and new strings differ in their bytes only by
    /// normalisation, else `""`.
    /// Swift's `String` `==` (canonical equivalence) is used to tell this
    /// case only, never to decide whether values are equal.
    static func normalizationHint(_ old: JSONValue, _ new: JSONValue) -> String {
        isNormalizationOnly(old, new) ? "  (\(normalizationNote))" : ""
    }

    /// Whether `old` and `new` are strings of different bytes that are
    /// canonically equivalent.
    static func isNormalizationOnly(_ old: JSONValue, _ new: JSONValue) -> Bool {
        guard case .string(let o) = old, case .string(let n) = new else { return false }
        return o == n && !o.utf8.elementsEqual(n.utf8)
    }

    static func sequenceLines(_ s: SequenceChange, _ context: RenderContext) -> String {
        var out = "    \(s.relationship) (order):\n"
        // Index values that change with no change of order: the members
        // were renumbered (an index's values are its order, not attributes).
        if !s.changesOrder && !s.positions.isEmpty {
            let count = s.positions.count
            return out + "      " + context.paint("renumbered, same order (\(count) member\(count == 1 ? "" : "s"))", .cyan) + "\n"
        }
        func position(_ after: String?) -> String { after.map { "after \(quoted($0))" } ?? "at the head" }
        for i in s.inserted { out += "      " + context.paint("+ \(quoted(i.member)) \(position(i.after))", .green) + "\n" }
        for r in s.removed { out += "      " + context.paint("- \(quoted(r.member))", .red) + "\n" }
        for m in s.moved {
            let to = m.to.map { "after \(quoted($0))" } ?? "to the head"
            let from = m.from.map { "after \(quoted($0))" } ?? "at the head"
            out += "      " + context.paint("> \(quoted(m.member)) moved \(to) (was \(from))", .cyan) + "\n"
        }
        return out
    }

    static func text(_ value: JSONValue) -> String { JSONWriter.string(value) }
    static func quoted(_ s: String) -> String { JSONWriter.string(.string(s)) }
    static func pointer(_ p: JSONPointer) -> String { p.tokens.isEmpty ? "(root)" : p.description }
    static func location(_ l: JSONLocation) -> String { l.segments.isEmpty ? "(root)" : l.description }
}
