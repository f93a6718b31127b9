import GraphDiffJSON

/// The data of the HTML report of a plain JSON diff (no schema): one card
/// per edit, named by its location (a key path for `--array-key` keyed
/// arrays), in the order of the report, with its steps for the tree view.
///
///     {"mode": "json", "old": "a.json", "new": "b.json",
///      "counts": {"added": 1, "removed": 0, "changed": 1, "moved": 1},
///      "entities": {"items": {"changed": 1, "moved": 1}, …},
///      "cards": [{"id": "card-e0", "entity": "items", "kind": "changed", "identity": "/items/[id=7]/name",
///                 "steps": ["items", "[id=7]", "name"], "rows": [{"name": "/items/[id=7]/name", "old": "\"a\"", "new": "\"b\""}]}, …]}
extension HTMLReport {
    /// The page data of the structural diff `entries`.
    ///
    /// - Complexity: O(*e* · *d* + *w*), where *e* is the number of
    ///   entries, *d* the depth of their locations and *w* the cost of the
    ///   word diffs.
    static func documentData(_ entries: [JSONDiff.Entry], context: RenderContext) -> JSONValue {
        var counts: [String: Int] = ["added": 0, "removed": 0, "changed": 0, "moved": 0]
        var groups: [String: [String: Int]] = [:]
        var cards: [JSONValue] = []
        for (number, entry) in entries.enumerated() {
            let steps: [String] = entry.location.segments.map { segment in
                switch segment {
                case .member(let name): return name
                case .index(let i): return String(i)
                case .key(let name, let value): return "[" + JSONLocation.keyName(name) + "=" + JSONWriter.string(value) + "]"
                }
            }
            let place = HumanRenderer.location(entry.location)
            var row: JSONObject = ["name": .string(place)]
            let kind: String
            switch entry.edit {
            case .add(_, let value):
                kind = "added"
                row["new"] = .string(HumanRenderer.text(value))
            case .remove(_, let old):
                kind = "removed"
                row["old"] = .string(HumanRenderer.text(old))
                if entry.location.hasIndex { row["note"] = "indices count in the old document" }
            case .replace(_, let old, let new):
                kind = "changed"
                row["old"] = .string(HumanRenderer.text(old))
                row["new"] = .string(HumanRenderer.text(new))
                if context.wordDiff, let words = TreeRenderer.words(old, new) { row["words"] = words }
                if HumanRenderer.isNormalizationOnly(old, new) { row["note"] = .string(HumanRenderer.normalizationNote) }
            case .move(let from, let path):
                kind = "moved"
                if let a = entry.movedFrom, let b = entry.movedTo {
                    row["old"] = .string("index \(a)")
                    row["new"] = .string("index \(b)")
                } else {
                    row["old"] = .string(HumanRenderer.pointer(from))
                    row["new"] = .string(HumanRenderer.pointer(path))
                }
            }
            counts[kind, default: 0] += 1
            let group = steps.first ?? "(root)"
            groups[group, default: [:]][kind, default: 0] += 1
            var card: JSONObject = ["id": .string("card-e\(number)"), "entity": .string(group), "identity": .string(place),
                                    "kind": .string(kind), "steps": .array(steps.map(JSONValue.string)), "rows": [.object(row)]]
            if entry.location.hasKey { card["keyPath"] = true }
            cards.append(.object(card))
        }
        return .object(["mode": "json", "old": .string(context.oldName), "new": .string(context.newName),
                        "counts": numbers(counts), "entities": .object(JSONObject(groups.keys.sorted(by: utf8Less).map {
                            JSONObject.Member(key: $0, value: numbers(groups[$0] ?? [:]))
                        })), "cards": .array(cards)])
    }

    /// The data of the HTML report of a merge's conflicts: one card per
    /// conflict with base, mine and theirs (`null` text: absent) and what
    /// each `--prefer` would keep (`union` only where it applies; elsewhere
    /// the conflict stays open).
    ///
    ///     {"mode": "merge", "names": ["base.json", "mine.json", "theirs.json"],
    ///      "counts": {"conflicts": 1, "resolved": 0},
    ///      "cards": [{"id": "card-c0", "entity": "Task", "identity": "Task \"t1\".title", "kind": "property",
    ///                 "summary": "changed differently", "sides": {"base": "\"a\"", "mine": "\"b\"", "theirs": "\"c\""},
    ///                 "prefer": {"mine": "\"b\"", "theirs": "\"c\"", "base": "\"a\"", "union": null}}]}
    ///
    /// - Complexity: O(*c* · *v*), where *c* is the number of conflicts and
    ///   *v* the size of their values.
    static func mergeData(_ conflicts: [MergeConflict], names: [String]) -> JSONValue {
        func show(_ v: JSONValue?) -> JSONValue { v.map { .string(HumanRenderer.text($0)) } ?? .null }
        var kinds: [String: [String: Int]] = [:]
        var resolved = 0
        let cards: [JSONValue] = conflicts.enumerated().map { number, c in
            let group = c.entity ?? "document"
            kinds[group, default: [:]][c.kind.rawValue, default: 0] += 1
            if c.resolvedBy != nil { resolved += 1 }
            let union: JSONValue = MergeDecisions.unionApplies(to: c) ? show(MergeDecisions.union(c.base, c.mine, c.theirs)) : .null
            var card: JSONObject = ["id": .string("card-c\(number)"), "entity": .string(group), "identity": .string(c.subject),
                                    "kind": .string(c.kind.rawValue), "summary": .string(c.summary),
                                    "sides": ["base": show(c.base), "mine": show(c.mine), "theirs": show(c.theirs)],
                                    "prefer": ["mine": show(c.mine), "theirs": show(c.theirs), "base": show(c.base), "union": union]]
            if let r = c.resolvedBy { card["resolvedBy"] = .string(r.rawValue) }
            return .object(card)
        }
        return .object(["mode": "merge", "names": .array(names.map(JSONValue.string)),
                        "counts": numbers(["conflicts": conflicts.count, "resolved": resolved]),
                        "entities": .object(JSONObject(kinds.keys.sorted(by: utf8Less).map { JSONObject.Member(key: $0, value: numbers(kinds[$0] ?? [:])) })),
                        "cards": .array(cards)])
    }

    static func numbers(_ counts: [String: Int]) -> JSONValue {
        .object(JSONObject(counts.keys.sorted().map { JSONObject.Member(key: $0, value: .number(JSONNumber(counts[$0] ?? 0))) }))
    }
}
