import GraphDiffJSON

/// A graph change set written as graphdiff's patch document (``PatchDocument``),
/// with the positions a ``RenderContext`` knows: `diff --format json`.
extension PatchDocument {
    /// The document for a graph change set; `context` adds positions.
    ///
    ///     let text = JSONWriter.canonical(PatchDocument.encode(try ChangeSet.diff(from: v1, to: v2)))   // graphdiff diff -f json
    public static func encode(_ changes: ChangeSet, context: RenderContext? = nil) -> JSONValue {
        if !changes.isEmpty { context?.preparePositions() }
        var list = encode(changes.objects, context: context)
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

    /// The canonical text of the document for `changes`
    /// (``encode(_:context:)``), in pieces to be written one after another:
    /// a report of many changes is written in two halves, one on each core
    /// (``JSONWriter/canonical(_:)`` of the document, joined, is the same
    /// bytes).
    ///
    ///     let pieces = PatchDocument.canonicalTextPieces(changes, context: context)   // graphdiff diff -f json
    public static func canonicalTextPieces(_ changes: ChangeSet, context: RenderContext? = nil) -> [[UInt8]] {
        JSONWriter.canonicalPieces(encode(changes, context: context), minimumElements: TwoCores.minimumEntries)
    }

    /// The entries of `objects`, in their order: a large report's in two
    /// halves, one on each core (the lookups of their positions too).
    ///
    /// - Complexity: O(*n*) in the changes, plus a position lookup each
    ///   (``JSONSourceText/location(ofOffset:)``), on two threads from
    ///   ``TwoCores/minimumEntries`` changes.
    static func encode(_ objects: [ObjectChange], context: RenderContext?) -> [JSONValue] {
        guard objects.count >= TwoCores.minimumEntries else { return objects.map { encode($0, context: context) } }
        let half = objects.count / 2
        let (first, second) = inParallel({ objects[..<half].map { encode($0, context: context) } },
                                         { objects[half...].map { encode($0, context: context) } })
        return first + second
    }

    /// The entry of one object change: `insert`, `delete` or `update`, with
    /// its position when `context` has the texts.
    static func encode(_ c: ObjectChange, context: RenderContext?) -> JSONValue {
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
        return .object(o)
    }
}
