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
    /// An object re-keyed from `old` (``ObjectRekey/detect(from:to:ignored:)``)
    /// takes the values its old identity has there, as the diff that
    /// reports it as a re-key does (unless `followingRekeys` is `false`:
    /// `--no-rekeys`).
    ///
    /// - Parameter ignored: besides the schema's `diff.ignore`.
    /// - Complexity: O(*n*) expected, for *n* objects.
    public func withIgnoredValues(of old: Graph, ignored: IgnoredProperties = IgnoredProperties(), followingRekeys: Bool = true) -> Graph {
        let all = schema.ignoredProperties.adding(ignored)
        let slots = schema.entities.indices.map(all.slots(of:))
        let metadataKeys = all.metadata
        if slots.allSatisfy(\.isEmpty) && metadataKeys.isEmpty { return self }
        var oldIdentity: [ObjectID: ObjectID] = [:]
        if followingRekeys {
            for r in ObjectRekey.detect(from: old, to: self, ignored: ignored) { oldIdentity[r.newID] = r.id }
        }
        var result = self
        var cursor = 0
        for row in 0..<objects.rowCount {
            guard var object = objects.object(atRow: row), !slots[object.entityIndex].isEmpty else { continue }
            let id = objects.id(atRow: row)
            let earlier = oldIdentity[id].flatMap { old.objects[$0] } ?? old.objects.object(id, cursor: &cursor)
            guard let before = earlier, before.entityIndex == object.entityIndex else { continue }
            if object.takeValues(in: slots[object.entityIndex], from: before) { _ = result.objects.updateValue(object, forKey: id) }
        }
        for key in metadataKeys {
            result.metadata[key.string] = old.metadata[key.string]
        }
        return result
    }
}
