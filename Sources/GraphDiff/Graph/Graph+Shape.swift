
extension Graph {
    /// The objects whose shape does not fit the schema: an entity position
    /// outside ``Schema/entities``, or a number of values other than the
    /// entity's stored properties (an object built by hand with
    /// ``GraphObject/init(entity:values:sourceOffset:)``). Every other
    /// check and every operation relies on the shape, so
    /// ``consistencyProblems()`` reports these alone, and diff, merge,
    /// patch and migration refuse a graph that has any.
    ///
    ///     var g = Graph(schema: schema)
    ///     g[id] = GraphObject(entity: person, values: [])   // too few
    ///     g.shapeProblems().first?.message   // "has 0 values; Person stores 3 properties"
    ///
    /// - Complexity: O(*n*).
    public func shapeProblems() -> [GraphProblem] {
        var problems: [GraphProblem] = []
        for row in 0..<objects.rowCount {
            guard let object = objects.object(atRow: row) else { continue }
            let id = objects.id(atRow: row)
            guard schema.entities.indices.contains(object.entityIndex) else {
                problems.append(GraphProblem(.unknownEntity, "has entity position \(object.entityIndex); the schema has \(schema.entities.count) entities",
                                             entity: id.entity, identity: id.identity))
                continue
            }
            let entity = schema.entities[object.entityIndex]
            if object.values.count != entity.storedProperties.count {
                problems.append(GraphProblem(.wrongType, "has \(object.values.count) values; \(entity.name) stores \(entity.storedProperties.count) properties",
                                             entity: entity.name, identity: id.identity))
            }
        }
        return problems.sorted(by: GraphProblem.subjectOrder)
    }
}
