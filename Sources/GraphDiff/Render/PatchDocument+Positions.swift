import GraphDiffJSON

/// A graph change set written as graphdiff's patch document (``PatchDocument``),
/// with the positions a ``RenderContext`` knows: `diff --format json`.
extension PatchDocument {
    /// The document for a graph change set; `context` adds positions.
    ///
    ///     let text = JSONWriter.canonical(PatchDocument.encode(try ChangeSet.diff(from: v1, to: v2)))   // graphdiff diff -f json
    public static func encode(_ changes: ChangeSet, context: RenderContext? = nil) -> JSONValue {
        if !changes.isEmpty { context?.preparePositions() }
        var list: [JSONValue] = []
        for c in changes.objects {
            var o = JSONObject()
            o["op"] = .string(c.kind == .inserted ? "insert" : c.kind == .deleted ? "delete" : "update")
            o["entity"] = .string(c.entity)
            o["id"] = .string(c.id.identity)
            switch c.kind {
            case .inserted, .deleted:
                o["values"] = .object(JSONObject(c.values.map { JSONObject.Member(key: $0.name, value: $0.value) }))
                if !c.chains.isEmpty {
                    o["chains"] = .object(JSONObject(c.chains.map { JSONObject.Member(key: $0.relationship, value: .array($0.members.map(JSONValue.string))) }))
                }
            case .updated:
                o["properties"] = .object(JSONObject(c.changes.map { p in
                    var value = encode(p.kind)
                    // Where the property is in the new file.
                    if let source = context?.newSource, let offset = source.memberOffset(inObjectKeyedAt: c.newOffset, member: p.property),
                        let location = context?.locationValue(offset, in: source) {
                        value = .object((value.objectValue ?? JSONObject()).merging("location", location))
                    }
                    return JSONObject.Member(key: p.property, value: value)
                }))
            }
            if let context {
                let location = c.kind == .deleted ? context.locationValue(c.oldOffset, in: context.oldSource)
                    : context.locationValue(c.newOffset, in: context.newSource)
                if let location { o["location"] = location }
            }
            list.append(.object(o))
        }
        for s in changes.sequences {
            var o = JSONObject()
            o["op"] = "order"
            o["entity"] = .string(s.ownerEntity)
            o["id"] = .string(s.owner.identity)
            o["relationship"] = .string(s.relationship)
            func ref(_ x: String?) -> JSONValue { x.map(JSONValue.string) ?? .null }
            o["insert"] = .array(s.inserted.map { ["id": .string($0.member), "after": ref($0.after)] })
            o["remove"] = .array(s.removed.map { ["id": .string($0.member), "after": ref($0.after)] })
            o["move"] = .array(s.moved.map { ["id": .string($0.member), "from": ref($0.from), "to": ref($0.to)] })
            if !s.positions.isEmpty {
                o["positions"] = .array(s.positions.map { ["id": .string($0.member), "old": $0.old, "new": $0.new] })
            }
            list.append(.object(o))
        }
        for m in changes.metadata {
            var o = JSONObject()
            o["op"] = "metadata"
            o["key"] = .string(m.key)
            if let old = m.old { o["old"] = old }
            if let new = m.new { o["new"] = new }
            list.append(.object(o))
        }
        let rekeys: [JSONValue] = changes.rekeys.map { r in
            var o = JSONObject()
            o["op"] = "rekey"
            o["entity"] = .string(r.entity)
            o["id"] = .string(r.id.identity)
            o["new"] = .string(r.newIdentity)
            if let context, let location = context.locationValue(r.newOffset, in: context.newSource) { o["location"] = location }
            return .object(o)
        }
        list = changes.rekeysFirst ? rekeys + list : list + rekeys
        var document = JSONObject()
        document["format"] = .string(formatTag)
        document["schema"] = ["name": .string(changes.schemaName), "fingerprint": .string(changes.schemaFingerprint)]
        document["changes"] = .array(list)
        return .object(document)
    }
}
