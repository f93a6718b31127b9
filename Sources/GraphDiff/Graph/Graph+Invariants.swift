extension Graph {
    /// Checks the invariants every graph value keeps: each object's values
    /// match its entity's stored properties, and ``consistencyProblems()`` is
    /// empty. Compiled in debug builds; tests call it after every mutation.
    ///
    /// - Returns: a description of each broken invariant (empty when sound).
    public func _invariantViolations() -> [String] {
        #if DEBUG
        var violations: [String] = []
        for (id, object) in objects {
            guard schema.entities.indices.contains(object.entityIndex) else {
                violations.append("\(id): no entity at index \(object.entityIndex)")
                continue
            }
            let entity = schema.entities[object.entityIndex]
            if entity.root != id.entity { violations.append("\(id): entity \(entity.name) has root \(entity.root)") }
            if entity.isAbstract { violations.append("\(id): entity \(entity.name) is abstract") }
            if object.slotCount != entity.storedProperties.count {
                violations.append("\(id): \(object.slotCount) values for \(entity.storedProperties.count) stored properties")
            }
        }
        return violations + consistencyProblems().map(\.description)
        #else
        return []
        #endif
    }
}
