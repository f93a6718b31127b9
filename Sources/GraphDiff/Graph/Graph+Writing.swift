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
        // Per entity (by position): its stored slots in property-name order.
        let slotOrder = schema.entities.map { entity in
            entity.storedProperties.indices.sorted { utf8Less(entity.storedProperties[$0].name, entity.storedProperties[$1].name) }
        }
        // Identities are sorted as strings alone (with their position),
        // not as members that carry whole objects along.
        var identities = [[String]](repeating: [], count: schema.entities.count)
        var found = [[GraphObject]](repeating: [], count: schema.entities.count)
        for (id, object) in objects {
            identities[object.entityIndex].append(id.identity)
            found[object.entityIndex].append(object)
        }
        var groups: [JSONObject.Member] = []
        for (index, names) in identities.enumerated() where !names.isEmpty {
            let entity = schema.entities[index]
            let order = names.indices.sorted { utf8Less(names[$0], names[$1]) }
            var members: [JSONObject.Member] = []
            members.reserveCapacity(names.count)
            for i in order {
                let object = found[index][i]
                var fields: [JSONObject.Member] = []
                fields.reserveCapacity(entity.storedProperties.count)
                for slot in slotOrder[index] {
                    fields.append(JSONObject.Member(key: entity.storedProperties[slot].name, value: object.values[slot]))
                }
                members.append(JSONObject.Member(key: names[i], value: .object(JSONObject(fields))))
            }
            groups.append(JSONObject.Member(key: entity.name, value: .object(JSONObject(members))))
        }
        groups.sort { utf8Less($0.key, $1.key) }
        var document = JSONObject()
        if let schemaReference { document["$schema"] = .string(schemaReference) }
        if !metadata.isEmpty { document["metadata"] = .object(metadata) }
        document["objects"] = .object(JSONObject(groups))
        return .object(document)
    }

    /// The canonical text of the graph, ending with a newline.
    public func canonicalText() -> [UInt8] {
        JSONWriter.canonical(encoded())
    }
}
