
extension Graph {
    /// Sets a stored property of an object, without checking consistency
    /// (inverses, chains): callers that edit several objects check the result
    /// with ``consistencyProblems()``.
    ///
    /// - Returns: `false` when the object or the stored property does not exist.
    @discardableResult
    public mutating func setValue(_ value: JSONValue, of id: ObjectID, _ property: String) -> Bool {
        guard let object = objects[id], let slot = schema.entities[object.entityIndex].storedSlot[property] else { return false }
        objects[id]?.values[slot] = value
        return true
    }

    /// Removes an object (only that object: no cascade, no nullify).
    @discardableResult
    public mutating func removeObject(_ id: ObjectID) -> GraphObject? {
        objects.removeValue(forKey: id)
    }
}
