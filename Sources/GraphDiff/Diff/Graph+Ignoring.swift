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
        let all = schema.ignoredProperties.adding(ignored)
        let slots = schema.entities.indices.map(all.slots(of:))
        let metadataKeys = all.metadata
        if slots.allSatisfy(\.isEmpty) && metadataKeys.isEmpty { return self }
        var result = self
        var cursor = 0
        for row in 0..<objects.rowCount {
            guard var object = objects.object(atRow: row), !slots[object.entityIndex].isEmpty else { continue }
            let id = objects.id(atRow: row)
            guard let before = old.objects.object(id, cursor: &cursor), before.entityIndex == object.entityIndex else { continue }
            if object.takeValues(in: slots[object.entityIndex], from: before) { _ = result.objects.updateValue(object, forKey: id) }
        }
        for key in metadataKeys {
            result.metadata[key.string] = old.metadata[key.string]
        }
        return result
    }
}
