
extension GraphObject {
    /// Sets the values in `slots` to those `other`, an object of the same
    /// entity, has: how ignored attributes are made to agree between two
    /// versions of an object, so that their differences neither show in a
    /// diff nor change or conflict in a merge.
    ///
    /// - Returns: whether a value changed (numbers compared by text).
    /// - Complexity: O(*k*) for *k* slots, plus the size of the values.
    @discardableResult
    mutating func takeValues(in slots: Set<Int>, from other: GraphObject) -> Bool {
        var changed = false
        for slot in slots where slot < slotCount && slot < other.slotCount && !row[slot].isIdentical(to: other.row[slot]) {
            store(other.row[slot], at: slot)
            changed = true
        }
        return changed
    }
}
