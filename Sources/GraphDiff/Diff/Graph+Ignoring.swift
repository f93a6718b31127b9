import GraphDiffJSON

extension Graph {
    /// This graph with the ignored attributes of every object `old` also has
    /// (same entity) set to `old`'s values, and the ignored metadata members
    /// as `old` has them: the new side of a document diff (RFC 6902 or 7386)
    /// that leaves ignored differences out while inserted objects stay whole.
    ///
    ///     let new2 = new.withIgnoredValues(of: old, ignored: ignored)
    ///     JSONDiff.diff(from: old.encoded(), to: new2.encoded())   // no ignored change
    ///
    /// - Parameter ignored: besides the schema's `diff.ignore`.
    /// - Complexity: O(*n*) expected, for *n* objects.
    public func withIgnoredValues(of old: Graph, ignored: IgnoredProperties = IgnoredProperties()) -> Graph {
        let all = [schema.ignoredProperties, ignored]
        let slots = schema.entities.indices.map { e in all.reduce(Set<Int>()) { $0.union($1.slots(of: e)) } }
        let metadataKeys = all.reduce(Set<ExactString>()) { $0.union($1.metadata) }
        if slots.allSatisfy(\.isEmpty) && metadataKeys.isEmpty { return self }
        var result = self
        var cursor = 0
        for row in 0..<objects.rowCount {
            guard var object = objects.object(atRow: row), !slots[object.entityIndex].isEmpty else { continue }
            let id = objects.id(atRow: row)
            guard let before = old.objects.object(id, cursor: &cursor), before.entityIndex == object.entityIndex else { continue }
            var changed = false
            for slot in slots[object.entityIndex] where slot < object.values.count && !object.values[slot].isIdentical(to: before.values[slot]) {
                object.values[slot] = before.values[slot]
                changed = true
            }
            if changed { _ = result.objects.updateValue(object, forKey: id) }
        }
        for key in metadataKeys {
            result.metadata[key.string] = old.metadata[key.string]
        }
        return result
    }
}
