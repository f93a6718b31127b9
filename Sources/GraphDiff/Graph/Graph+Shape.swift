
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
        let slotCounts = storedSlotCounts
        for row in 0..<objects.rowCount {
            guard let object = objects.object(atRow: row) else { continue }
            if let problem = shapeProblem(of: object, atRow: row, slotCounts: slotCounts) { problems.append(problem) }
        }
        return problems.sorted(by: GraphProblem.subjectOrder)
    }

    /// Per entity (by position), the number of its stored properties: the
    /// number of values each of its objects holds.
    var storedSlotCounts: [Int] { schema.entities.map(\.storedProperties.count) }

    /// What is wrong with the shape of `object` at `row`, if anything (the
    /// one home of the rule ``shapeProblems()`` and the consistency
    /// check's pass apply); `slotCounts` is ``storedSlotCounts``.
    ///
    /// - Complexity: O(1).
    @inline(__always) func shapeProblem(of object: GraphObject, atRow row: Int, slotCounts: [Int]) -> GraphProblem? {
        let index = object.entityIndex
        guard index >= 0 && index < slotCounts.count else {
            let id = objects.id(atRow: row)
            return GraphProblem(.unknownEntity, "has entity position \(index); the schema has \(schema.entities.count) entities",
                                entity: id.entity, identity: id.identity)
        }
        guard object.slotCount != slotCounts[index] else { return nil }
        let entity = schema.entities[index]
        return GraphProblem(.wrongType, "has \(object.slotCount) values; \(entity.name) stores \(slotCounts[index]) properties",
                            entity: entity.name, identity: objects.id(atRow: row).identity)
    }
}
