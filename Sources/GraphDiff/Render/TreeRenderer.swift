import GraphDiffJSON

/// The nested, ownership-shaped report (`--format tree`): for each changed
/// object its entity and identity, `attributes` with `old`/`new`, and
/// `relationships` holding the reports of the objects it owns (through
/// cascade relationships) that changed, nested as deep as the ownership goes.
///
///     [{"entity": "Person", "id": "p1", "change": "updated",
///       "attributes": {"age": {"old": 23, "new": 24}},
///       "relationships": {"addresses": [{"entity": "Address", "id": "a4", "change": "inserted", …}]}}]
///
/// An owner that did not change itself but owns changed objects appears with
/// `"change": "unchanged"`, so every change hangs under its top-level owner.
/// A re-keyed object is listed under its new identity, with `"rekeyedFrom"`
/// naming the old one (and `"change": "re-keyed"` unless it also changed).
public enum TreeRenderer {
    /// A changed string longer than a line also gets `"words"`, its word
    /// diff (unless `wordDiff` is `false`): an array of the unchanged text
    /// shown (strings), `{"elided": N}` for N Unicode scalars of unchanged
    /// text left out, `{"removed": TEXT}` and `{"added": TEXT}`, in the
    /// order of the text (see ``HumanRenderer`` for the rules).
    ///
    ///     "attributes": {"notes": {"old": "…", "new": "…",
    ///       "words": [{"elided": 212}, "see the ", {"removed": "old"}, {"added": "new"}, " guide for", {"elided": 8034}]}}
    ///
    /// Two strings that spell the same text in another Unicode
    /// normalisation form also get `"note": "same text in another Unicode
    /// normalisation form"`.
    ///
    /// - Complexity: O(*c* · *h* + *s*), where *c* is the number of changes,
    ///   *h* the depth of ownership and *s* the cost of the word diffs.
    public static func render(_ changes: ChangeSet, old: Graph, new: Graph, wordDiff: Bool = true) -> JSONValue {
        var nodes: [ObjectID: JSONObject] = [:]
        var order: [ObjectID] = []
        func node(_ id: ObjectID, entity: String, change: String) {
            if nodes[id] == nil {
                nodes[id] = ["entity": .string(entity), "id": .string(id.identity), "change": .string(change)]
                order.append(id)
            }
        }
        for c in changes.objects {
            node(c.id, entity: c.entity, change: c.kind.rawValue)
            var attributes = JSONObject(), relationships = JSONObject()
            switch c.kind {
            case .inserted, .deleted:
                let graph = c.kind == .inserted ? new : old
                for v in c.values {
                    let isRelationship = graph.objects[c.id].map { graph.entity(of: $0).property(named: v.name)?.relationship != nil } ?? false
                    if isRelationship { relationships[v.name] = v.value } else { attributes[v.name] = v.value }
                }
            case .updated:
                for p in c.changes {
                    switch p.kind {
                    case .attribute(let o, let n):
                        var change: JSONObject = ["old": o, "new": n]
                        if wordDiff, let words = words(o, n) { change["words"] = words }
                        if HumanRenderer.isNormalizationOnly(o, n) { change["note"] = .string(HumanRenderer.normalizationNote) }
                        attributes[p.property] = .object(change)
                    default: relationships[p.property] = PatchDocument.encode(p.kind)
                    }
                }
            }
            if !attributes.isEmpty { nodes[c.id]?["attributes"] = .object(attributes) }
            if !relationships.isEmpty { nodes[c.id]?["relationships"] = .object(relationships) }
        }
        // A re-keyed object under its new identity (where it is in the new
        // graph), with the old one.
        for r in changes.rekeys {
            let id = changes.rekeysFirst ? r.newID : r.id
            node(id, entity: r.entity, change: "re-keyed")
            nodes[id]?["rekeyedFrom"] = .string(changes.rekeysFirst ? r.id.identity : r.newIdentity)
        }
        for s in changes.sequences {
            node(s.owner, entity: s.ownerEntity, change: "unchanged")
            func ref(_ x: String?) -> JSONValue { x.map(JSONValue.string) ?? .null }
            var relationships = nodes[s.owner]?["relationships"]?.objectValue ?? JSONObject()
            var orderChange: JSONObject = [
                "insert": .array(s.inserted.map { ["id": .string($0.member), "after": ref($0.after)] }),
                "remove": .array(s.removed.map { ["id": .string($0.member)] }),
                "move": .array(s.moved.map { ["id": .string($0.member), "from": ref($0.from), "to": ref($0.to)] }),
            ]
            // An index renumbered with no change of order: how many members.
            if !s.changesOrder && !s.positions.isEmpty { orderChange["renumbered"] = .number(JSONNumber(s.positions.count)) }
            relationships[s.relationship] = ["order": .object(orderChange)]
            nodes[s.owner]?["relationships"] = .object(relationships)
        }
        // Hang every node under its owner, adding unchanged owners as needed.
        var children: [ObjectID: [(String, ObjectID)]] = [:]
        var roots: [ObjectID] = []
        var index = 0
        while index < order.count {
            let id = order[index]
            index += 1
            let graph = new.objects[id] != nil ? new : old
            if let (relationship, owner) = owner(of: id, in: graph) {
                if nodes[owner] == nil, let o = graph.objects[owner] { node(owner, entity: graph.entity(of: o).name, change: "unchanged") }
                children[owner, default: []].append((relationship, id))
            } else {
                roots.append(id)
            }
        }
        var visiting = Set<ObjectID>()
        func build(_ id: ObjectID) -> JSONValue {
            guard var object = nodes[id], visiting.insert(id).inserted else { return .null }
            defer { visiting.remove(id) }
            let kids = (children[id] ?? []).sorted { $0.0 != $1.0 ? utf8Less($0.0, $1.0) : $0.1 < $1.1 }
            if !kids.isEmpty {
                var relationships = object["relationships"]?.objectValue ?? JSONObject()
                for (relationship, child) in kids {
                    var list = relationships[relationship + "Changes"]?.arrayValue ?? []
                    list.append(build(child))
                    relationships[relationship + "Changes"] = .array(list)
                }
                object["relationships"] = .object(relationships)
            }
            return .object(object)
        }
        let sortedRoots = roots.sorted { a, b in
            let ea = nodes[a]?["entity"]?.stringValue ?? "", eb = nodes[b]?["entity"]?.stringValue ?? ""
            return ea != eb ? utf8Less(ea, eb) : a < b
        }
        var result = sortedRoots.map(build)
        if !changes.metadata.isEmpty {
            result.append(["metadata": .object(JSONObject(changes.metadata.map { m in
                var change = JSONObject()
                if let o = m.old { change["old"] = o }
                if let n = m.new { change["new"] = n }
                if wordDiff, let o = m.old, let n = m.new, let words = words(o, n) { change["words"] = words }
                if let o = m.old, let n = m.new, HumanRenderer.isNormalizationOnly(o, n) { change["note"] = .string(HumanRenderer.normalizationNote) }
                return JSONObject.Member(key: m.key, value: .object(change))
            }))])
        }
        return .array(result)
    }

    /// The `"words"` member of a changed string longer than a line, or `nil`.
    static func words(_ old: JSONValue, _ new: JSONValue) -> JSONValue? {
        guard case .string(let o) = old, case .string(let n) = new, let diff = WordDiff.diff(from: o, to: n) else { return nil }
        return .array(diff.segments.map { segment in
            switch segment {
            case .unchanged(let text): return .string(text)
            case .elided(let count): return ["elided": .number(JSONNumber(count))]
            case .removed(let text): return ["removed": .string(text)]
            case .added(let text): return ["added": .string(text)]
            }
        })
    }

    /// The object that owns `id` (through a cascade relationship) and the
    /// name of that relationship, if any.
    static func owner(of id: ObjectID, in graph: Graph) -> (String, ObjectID)? {
        guard let object = graph.objects[id] else { return nil }
        let entity = graph.entity(of: object)
        for case .relationship(let r) in entity.storedProperties where r.storage == .toOne {
            guard let target = graph.target(of: id, r), let t = graph.objects[target],
                let inverse = graph.entity(of: t).inverse(of: r), inverse.deleteRule == .cascade
            else { continue }
            return (inverse.name, target)
        }
        return nil
    }
}
