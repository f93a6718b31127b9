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
            guard let entity = schema.entity(named: object.entity) else {
                violations.append("\(id): unknown entity \(object.entity)")
                continue
            }
            if entity.root != id.entity { violations.append("\(id): entity \(object.entity) has root \(entity.root)") }
            if object.values.count != entity.storedProperties.count {
                violations.append("\(id): \(object.values.count) values for \(entity.storedProperties.count) stored properties")
            }
        }
        return violations + consistencyProblems().map(\.description)
        #else
        return []
        #endif
    }
}
