import GraphJSON

extension Graph {
    /// The graph as a document in canonical form.
    ///
    /// `$schema` (when set), `metadata` (when not empty) and `objects`: one
    /// member per concrete entity, each an object keyed by identity; the
    /// identity is the key and is not repeated inside. Every stored property is
    /// written, `null` included; derived to-many relationships are not.
    /// ``JSONWriter/canonical(_:)`` then sorts entities, identities and
    /// properties by their UTF-8 bytes, so two equal graphs give equal text and
    /// a change to one object changes only that object's lines.
    ///
    /// - Complexity: O(*n*) to build, O(*n* log *n*) to write sorted.
    public func encoded() -> JSONValue {
        encoded(objects)
    }

    /// The canonical document with only the objects in `ids` (those that
    /// exist): what conflict markers quote from each input, without
    /// encoding the whole graph.
    ///
    /// - Complexity: O(*k*) in the number of `ids`.
    public func encoded(only ids: some Sequence<ObjectID>) -> JSONValue {
        var some = ObjectStore()
        for id in ids { some[id] = objects[id] }
        return encoded(some)
    }

    /// Members are built in canonical order (entities, identities and
    /// properties sorted by their UTF-8 bytes), so the writer finds them in
    /// order and sorts nothing again.
    func encoded(_ objects: ObjectStore) -> JSONValue {
        let slotOrder = canonicalSlotOrder
        var groups: [JSONObject.Member] = []
        for (index, rows) in Graph.rowsByEntity(objects, entityCount: schema.entities.count).enumerated() where !rows.isEmpty {
            var members: [JSONObject.Member] = []
            members.reserveCapacity(rows.count)
            for row in rows {
                guard let object = objects.object(atRow: row) else { continue }
                members.append(JSONObject.Member(key: objects.id(atRow: row).identity, value: encoded(object, slotOrder: slotOrder[index])))
            }
            groups.append(JSONObject.Member(key: schema.entities[index].name, value: .object(JSONObject(members))))
        }
        groups.sort { utf8Less($0.key, $1.key) }
        var document = JSONObject()
        if let schemaReference { document["$schema"] = .string(schemaReference) }
        if !metadata.isEmpty { document["metadata"] = .object(metadata) }
        document["objects"] = .object(JSONObject(groups))
        return .object(document)
    }

    /// Per entity (by position): its stored slots in property-name order,
    /// the order of an object's members in canonical form.
    var canonicalSlotOrder: [[Int]] {
        schema.entities.map { entity in
            entity.storedProperties.indices.sorted { utf8Less(entity.storedProperties[$0].name, entity.storedProperties[$1].name) }
        }
    }

    /// One object as its canonical member table (`slotOrder`: its entity's
    /// ``canonicalSlotOrder``).
    func encoded(_ object: GraphObject, slotOrder: [Int]) -> JSONValue {
        let entity = schema.entities[object.entityIndex]
        var fields: [JSONObject.Member] = []
        fields.reserveCapacity(slotOrder.count)
        for slot in slotOrder {
            fields.append(JSONObject.Member(key: entity.storedProperties[slot].name, value: object.values[slot]))
        }
        return .object(JSONObject(fields))
    }

    /// Per concrete entity (by position): the rows of `objects` of that
    /// entity, sorted by identity (UTF-8 byte order), as the canonical form
    /// lists them. Identities are sorted as strings alone, not as members
    /// that carry whole objects along.
    ///
    /// - Complexity: O(*n* log *n*); O(*n*) when the rows are in order already
    ///   (a graph read from a canonical file).
    static func rowsByEntity(_ objects: ObjectStore, entityCount: Int) -> [[Int]] {
        var rows = [[Int]](repeating: [], count: entityCount)
        for row in 0..<objects.rowCount {
            guard let object = objects.object(atRow: row) else { continue }
            rows[object.entityIndex].append(row)
        }
        for index in rows.indices where !rows[index].isEmpty {
            let inOrder = zip(rows[index], rows[index].dropFirst()).allSatisfy {
                utf8Less(objects.id(atRow: $0.0).identity, objects.id(atRow: $0.1).identity)
            }
            if !inOrder { rows[index].sort { utf8Less(objects.id(atRow: $0).identity, objects.id(atRow: $1).identity) } }
        }
        return rows
    }

    /// The canonical text of the graph, ending with a newline.
    public func canonicalText() -> [UInt8] {
        JSONWriter.canonical(encoded())
    }
}
