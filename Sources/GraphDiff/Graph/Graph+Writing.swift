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
        var some: [ObjectID: GraphObject] = [:]
        for id in ids { some[id] = objects[id] }
        return encoded(some)
    }

    func encoded(_ objects: [ObjectID: GraphObject]) -> JSONValue {
        var byEntity: [String: [JSONObject.Member]] = [:]
        for (id, object) in objects {
            let entity = schema.entities[object.entityIndex]
            var fields: [JSONObject.Member] = []
            fields.reserveCapacity(entity.storedProperties.count)
            for (slot, property) in entity.storedProperties.enumerated() {
                fields.append(JSONObject.Member(key: property.name, value: object.values[slot]))
            }
            byEntity[entity.name, default: []].append(JSONObject.Member(key: id.identity, value: .object(JSONObject(fields))))
        }
        var document = JSONObject()
        if let schemaReference { document["$schema"] = .string(schemaReference) }
        if !metadata.isEmpty { document["metadata"] = .object(metadata) }
        document["objects"] = .object(JSONObject(byEntity.map { JSONObject.Member(key: $0.key, value: .object(JSONObject($0.value))) }))
        return .object(document)
    }

    /// The canonical text of the graph, ending with a newline.
    public func canonicalText() -> [UInt8] {
        JSONWriter.canonical(encoded())
    }
}
