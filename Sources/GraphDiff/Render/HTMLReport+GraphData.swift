import GraphDiffJSON

/// The data of the HTML report of a graph diff: the summary and one card
/// per changed object (and per owner whose order alone changed), as the
/// page's script reads them.
///
///     {"mode": "graph", "old": "a.json", "new": "b.json", "schema": "Tasks",
///      "counts": {"inserted": 1, "deleted": 0, "updated": 2, "moved": 1, "renumbered": 0, "metadata": 0},
///      "entities": {"Task": {"inserted": 1, "updated": 1, "moved": 1}, …},
///      "cards": [{"id": "card-Task.t3", "entity": "Task", "identity": "t3", "kind": "updated",
///                 "rows": [{"name": "title", "old": "\"Eggs\"", "new": "\"Free-range eggs\"", "words": […]}],
///                 "orders": [{"relationship": "items", "before": [{"id": "t1", "mark": "moved", "ref": "card-Task.t1"}, …],
///                             "after": […]}]}, …]}
extension HTMLReport {
    /// Order lists longer than this (members before plus after) show only
    /// the members the change names; so do the order changes after the
    /// first ``fullOrderLimit`` sequences (their lists are read in one
    /// pass over each graph per relationship: ``fullOrders(_:old:new:)``).
    static let fullListLimit = 2_000
    static let fullOrderLimit = 200

    /// The page data of `changes` between `old` and `new`.
    ///
    /// - Complexity: O(*c* log *c* + *w* + min(*s*, 200) · *n*), where *c*
    ///   is the number of changes, *w* the cost of the word diffs, *s* the
    ///   number of order changes and *n* the object count (each of the
    ///   first 200 order changes walks both graphs for its full lists).
    static func graphData(_ changes: ChangeSet, old: Graph, new: Graph, context: RenderContext) -> JSONValue {
        // Cards: one per changed object, then one per owner whose order alone changed.
        var cardIDs = Set<String>()
        for c in changes.objects { cardIDs.insert(cardID(root: c.id.entity, identity: c.id.identity)) }
        for r in changes.rekeys { cardIDs.insert(cardID(root: r.id.entity, identity: changes.rekeysFirst ? r.newIdentity : r.id.identity)) }
        for s in changes.sequences { cardIDs.insert(cardID(root: s.owner.entity, identity: s.owner.identity)) }
        func ref(_ root: String?, _ identity: String?) -> JSONValue? {
            guard let root, let identity else { return nil }
            let id = cardID(root: root, identity: identity)
            return cardIDs.contains(id) ? .string(id) : nil
        }
        func destinationRoot(_ entity: String, _ property: String, in graph: Graph) -> String? {
            guard let r = graph.schema.entity(named: entity)?.property(named: property)?.relationship else { return nil }
            return graph.schema.entity(named: r.destination)?.root
        }

        var cards: [JSONObject] = []
        var indexByOwner: [ObjectID: Int] = [:]
        // An object deleted and inserted again (another entity of its root)
        // has two cards; the links go to the new one.
        let kept = Set(changes.objects.filter { $0.kind != .deleted }.map(\.id))
        for c in changes.objects {
            let id = cardID(root: c.id.entity, identity: c.id.identity) + (c.kind == .deleted && kept.contains(c.id) ? ".deleted" : "")
            var card: JSONObject = ["id": .string(id),
                                    "entity": .string(c.entity), "identity": .string(c.id.identity), "kind": .string(c.kind.rawValue)]
            var rows: [JSONValue] = []
            switch c.kind {
            case .inserted, .deleted:
                let graph = c.kind == .inserted ? new : old
                for v in c.values {
                    var row: JSONObject = ["name": .string(v.name), c.kind == .inserted ? "new" : "old": .string(HumanRenderer.text(v.value))]
                    if let root = destinationRoot(c.entity, v.name, in: graph) {
                        let targets = v.value.stringValue.map { [$0] } ?? v.value.arrayValue?.compactMap(\.stringValue) ?? []
                        let links = targets.compactMap { t in ref(root, t).map { ["text": .string(t), "ref": $0] as JSONValue } }
                        if !links.isEmpty { row["links"] = .array(links) }
                    }
                    rows.append(.object(row))
                }
            case .updated:
                for p in c.changes {
                    var row: JSONObject = ["name": .string(p.property)]
                    switch p.kind {
                    case .attribute(let o, let n):
                        row["old"] = .string(HumanRenderer.text(o))
                        row["new"] = .string(HumanRenderer.text(n))
                        if context.wordDiff, let words = TreeRenderer.words(o, n) { row["words"] = words }
                        if HumanRenderer.isNormalizationOnly(o, n) { row["note"] = .string(HumanRenderer.normalizationNote) }
                    case .reference(let o, let n):
                        let root = destinationRoot(c.entity, p.property, in: new) ?? destinationRoot(c.entity, p.property, in: old)
                        row["old"] = .string(o.map(HumanRenderer.quoted) ?? "null")
                        row["new"] = .string(n.map(HumanRenderer.quoted) ?? "null")
                        if let r = ref(root, o) { row["oldRef"] = r }
                        if let r = ref(root, n) { row["newRef"] = r }
                    case .members(let added, let removed):
                        let root = destinationRoot(c.entity, p.property, in: new) ?? destinationRoot(c.entity, p.property, in: old)
                        func list(_ ids: [String]) -> JSONValue {
                            .array(ids.map { id in
                                var o: JSONObject = ["text": .string(id)]
                                if let r = ref(root, id) { o["ref"] = r }
                                return .object(o)
                            })
                        }
                        row["added"] = list(added)
                        row["removed"] = list(removed)
                    }
                    rows.append(.object(row))
                }
            }
            card["rows"] = .array(rows)
            if c.kind != .deleted { indexByOwner[c.id] = cards.count }
            cards.append(card)
        }
        // A re-key: a row on the object's card (one of its own when nothing
        // else changed), under the identity the other changes use.
        for r in changes.rekeys {
            let id = changes.rekeysFirst ? r.newID : r.id
            let row: JSONValue = ["name": "(identity)", "old": .string(HumanRenderer.quoted(r.id.identity)),
                                  "new": .string(HumanRenderer.quoted(r.newIdentity))]
            if let i = indexByOwner[id] {
                cards[i]["rows"] = .array([row] + (cards[i]["rows"]?.arrayValue ?? []))
            } else {
                indexByOwner[id] = cards.count
                cards.append(["id": .string(cardID(root: id.entity, identity: id.identity)), "entity": .string(r.entity),
                              "identity": .string(id.identity), "kind": "re-keyed", "rows": [row]])
            }
        }
        let fullOrders = self.fullOrders(changes.sequences.prefix(fullOrderLimit), old: old, new: new)
        for (number, s) in changes.sequences.enumerated() {
            let order = orderData(s, full: number < fullOrders.count ? fullOrders[number] : nil, ref: { ref(s.memberRoot, $0) })
            if let i = indexByOwner[s.owner] {
                cards[i]["orders"] = .array((cards[i]["orders"]?.arrayValue ?? []) + [order])
            } else {
                indexByOwner[s.owner] = cards.count
                cards.append(["id": .string(cardID(root: s.owner.entity, identity: s.owner.identity)),
                              "entity": .string(s.ownerEntity), "identity": .string(s.owner.identity), "kind": "order",
                              "rows": [], "orders": [order]])
            }
        }
        if !changes.metadata.isEmpty {
            cards.append(["id": "card-metadata", "entity": "metadata", "identity": "", "kind": "metadata",
                          "rows": .array(changes.metadata.map { m in
                              var row: JSONObject = ["name": .string(m.key)]
                              if let o = m.old { row["old"] = .string(HumanRenderer.text(o)) }
                              if let n = m.new { row["new"] = .string(HumanRenderer.text(n)) }
                              if context.wordDiff, let o = m.old, let n = m.new, let words = TreeRenderer.words(o, n) { row["words"] = words }
                              return .object(row)
                          })])
        }
        return .object(["mode": "graph", "old": .string(context.oldName), "new": .string(context.newName),
                        "schema": .string(changes.schemaName), "counts": graphCounts(changes),
                        "entities": entityCounts(changes), "cards": .array(cards.map(JSONValue.object))])
    }

    /// Totals by kind of change: `inserted`, `deleted`, `updated` (and
    /// `re-keyed`, when any) objects,
    /// `moved` and `renumbered` members, changed `metadata` keys; the same
    /// numbers as the counts of ``HumanRenderer/summary(_:)``.
    static func graphCounts(_ changes: ChangeSet) -> JSONValue {
        var counts: [String: Int] = ["inserted": 0, "deleted": 0, "updated": 0, "moved": 0, "renumbered": 0, "orders": 0]
        for c in changes.objects { counts[c.kind.rawValue, default: 0] += 1 }
        if !changes.rekeys.isEmpty { counts["re-keyed"] = changes.rekeys.count }
        for s in changes.sequences {
            counts["moved", default: 0] += s.moved.count
            counts["orders", default: 0] += 1
            if !s.changesOrder { counts["renumbered", default: 0] += s.positions.count }
        }
        counts["metadata"] = changes.metadata.count
        return .object(JSONObject(counts.keys.sorted().map { JSONObject.Member(key: $0, value: .number(JSONNumber(counts[$0] ?? 0))) }))
    }

    /// Counts per entity, as in ``HumanRenderer/summary(_:)``.
    static func entityCounts(_ changes: ChangeSet) -> JSONValue {
        var counts: [String: [String: Int]] = [:]
        for c in changes.objects { counts[c.entity, default: [:]][c.kind.rawValue, default: 0] += 1 }
        for r in changes.rekeys { counts[r.entity, default: [:]]["re-keyed", default: 0] += 1 }
        for s in changes.sequences where !s.moved.isEmpty { counts[s.memberRoot, default: [:]]["moved", default: 0] += s.moved.count }
        for s in changes.sequences where !s.changesOrder && !s.positions.isEmpty {
            counts[s.memberRoot, default: [:]]["renumbered", default: 0] += s.positions.count
        }
        return .object(JSONObject(counts.keys.sorted(by: utf8Less).map { entity in
            let c = counts[entity] ?? [:]
            return JSONObject.Member(key: entity, value: .object(JSONObject(c.keys.sorted().map { JSONObject.Member(key: $0, value: .number(JSONNumber(c[$0] ?? 0))) })))
        }))
    }

    /// The orders before and after of each of `sequences` (`nil` where the
    /// relationship is not ordered in the graphs' schemas), each
    /// relationship's orders read once per graph for all its owners.
    ///
    /// - Complexity: O(*r* (*n* + *m* log *m*)) for *r* relationships, *n*
    ///   objects and *m* members named: one pass over the objects per
    ///   relationship and graph, however many owners changed order.
    static func fullOrders(_ sequences: ArraySlice<SequenceChange>, old: Graph, new: Graph) -> [(before: [String], after: [String])?] {
        func orders(in graph: Graph) -> [[ObjectID: [String]]?] {
            var byRelationship: [String: [Int]] = [:]
            for (k, s) in sequences.enumerated() { byRelationship[s.ownerEntity + "\u{0}" + s.relationship, default: []].append(k) }
            var result = [[ObjectID: [String]]?](repeating: nil, count: sequences.count)
            for (_, positions) in byRelationship {
                guard let first = positions.first else { continue }
                let s = sequences[sequences.startIndex + first]
                guard let owner = graph.schema.entity(named: s.ownerEntity),
                      let relationship = owner.property(named: s.relationship)?.relationship,
                      let ordered = OrderedRelationship(schema: graph.schema, owner: owner, relationship: relationship)
                else { continue }
                let owners = Set(positions.map { sequences[sequences.startIndex + $0].owner }.filter { graph.objects[$0] != nil })
                let found = ordered.orders(of: owners, in: graph)
                for k in positions { result[k] = found }
            }
            return result
        }
        let before = orders(in: old), after = orders(in: new)
        return sequences.enumerated().map { k, s in
            guard before[k] != nil || after[k] != nil else { return nil }
            return (before[k]?[s.owner] ?? [], after[k]?[s.owner] ?? [])
        }
    }

    /// One order change as two lists, before and after, each member marked
    /// (`inserted`, `removed`, `moved` or unmarked) and linked to its card:
    /// the full sequences `full` when given and not longer than
    /// ``fullListLimit`` together, else only the members named.
    static func orderData(_ s: SequenceChange, full: (before: [String], after: [String])?, ref: (String) -> JSONValue?) -> JSONValue {
        // Members are told apart by their bytes: two identities that are
        // one string to Swift (NFC and NFD) are two members.
        func members(_ ids: [String]) -> Set<ExactString> { Set(ids.map { ExactString($0) }) }
        let inserted = members(s.inserted.map(\.member)), removed = members(s.removed.map(\.member))
        let moved = members(s.moved.map(\.member))
        var before: [String] = [], after: [String] = [], complete = false
        if let full {
            (before, after) = full
            complete = before.count + after.count <= fullListLimit
        }
        if !complete {
            before = s.removed.map(\.member) + s.moved.map(\.member)
            after = s.inserted.map(\.member) + s.moved.map(\.member)
        }
        func list(_ ids: [String], _ added: Set<ExactString>, _ addedMark: String) -> JSONValue {
            .array(ids.map { id in
                var o: JSONObject = ["id": .string(id)]
                if added.contains(ExactString(id)) { o["mark"] = .string(addedMark) } else if moved.contains(ExactString(id)) { o["mark"] = "moved" }
                if let r = ref(id) { o["ref"] = r }
                return .object(o)
            })
        }
        var o: JSONObject = ["relationship": .string(s.relationship), "complete": .bool(complete),
                             "before": list(before, removed, "removed"), "after": list(after, inserted, "inserted"),
                             "moves": .number(JSONNumber(s.moved.count))]
        if !s.changesOrder && !s.positions.isEmpty { o["renumbered"] = .number(JSONNumber(s.positions.count)) }
        return .object(o)
    }
}
