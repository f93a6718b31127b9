import GraphDiffJSON

extension MergePatch {
    /// The merge patch that turns `a` into `b` except at the paths
    /// `ignored` names: which members the patch sets or removes is decided
    /// on the documents without their ignored members, and each value it
    /// sets is `b`'s, whole. RFC 7386 replaces arrays whole, so a changed
    /// array keeps the ignored members of its elements as `b` has them
    /// rather than losing them.
    ///
    ///     let patch = try MergePatch.diff(from: a, to: b, ignoring: try IgnoredPaths(["/metadata/lastSync"]))
    ///
    /// - Throws: ``DiffError/unrepresentableInMergePatch(_:)``, as
    ///   ``diff(from:to:)``.
    /// - Complexity: O(*n* + *m*) times the live pattern positions, as
    ///   ``IgnoredPaths/removing(from:)``.
    public static func diff(from a: JSONValue, to b: JSONValue, ignoring ignored: IgnoredPaths) throws(DiffError) -> JSONValue {
        if ignored.isEmpty { return try diff(from: a, to: b) }
        let patch = try diff(from: ignored.removing(from: a), to: ignored.removing(from: b))
        return try filled(patch, old: a, new: b, at: JSONPointer())
    }

    /// `patch` with every value it sets replaced by `new`'s value there.
    static func filled(_ patch: JSONValue, old: JSONValue, new: JSONValue, at path: JSONPointer) throws(DiffError) -> JSONValue {
        guard case .object(let p) = patch, case .object(let x) = old, case .object(let y) = new else {
            return path.tokens.isEmpty ? new : try value(new, at: path)
        }
        var result = p
        for i in result.members.indices where !result.members[i].value.isNull {
            let key = result.members[i].key
            guard let newValue = y[key] else { continue }
            result.members[i].value = try filled(result.members[i].value, old: x[key] ?? .null, new: newValue, at: path.appending(key))
        }
        return .object(result)
    }
}
