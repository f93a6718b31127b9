import GraphDiffJSON

/// RFC 7386 JSON Merge Patch: generation (here) and application
/// (``MergePatch/apply(_:to:)``).
public enum MergePatch {
    /// The merge patch that turns `a` into `b`: changed members recursively,
    /// removed members as `null`, anything that is not an object replaced.
    ///
    /// - Throws: ``DiffError/unrepresentableInMergePatch(_:)`` when `b` sets a member to `null` that
    ///   was not already `null` in `a`, or is itself `null` inside an
    ///   object: RFC 7386 reads `null` as "remove", so no merge patch says it.
    /// - Complexity: O(*n* + *m*).
    public static func diff(from a: JSONValue, to b: JSONValue) throws(DiffError) -> JSONValue {
        try diff(a, b, at: JSONPointer())
    }

    static func diff(_ a: JSONValue, _ b: JSONValue, at path: JSONPointer) throws(DiffError) -> JSONValue {
        guard case .object(let x) = a, case .object(let y) = b else {
            if b.isNull {
                if !path.tokens.isEmpty { throw DiffError.unrepresentableInMergePatch(path) }
                return b
            }
            // A new object replaces what was there: its null members would
            // be dropped on apply, as in any new value.
            return try value(b, at: path)
        }
        // Members are looked up through hash indexes and appended (names are
        // unique), then sorted once: linear in the members, not quadratic.
        var patch: [JSONObject.Member] = []
        let xIndex = x.index(), yIndex = y.index()
        for m in x.members where yIndex[ExactString(m.key)] == nil { patch.append(JSONObject.Member(key: m.key, value: .null)) }
        for m in y.members {
            let p = path.appending(m.key)
            if let i = xIndex[ExactString(m.key)] {
                let old = x.members[i].value
                if old == m.value { continue }
                if m.value.isNull { throw DiffError.unrepresentableInMergePatch(p) }
                if case .object = old, case .object = m.value {
                    patch.append(JSONObject.Member(key: m.key, value: try diff(old, m.value, at: p)))
                } else {
                    patch.append(JSONObject.Member(key: m.key, value: try value(m.value, at: p)))
                }
            } else {
                patch.append(JSONObject.Member(key: m.key, value: try value(m.value, at: p)))
            }
        }
        return .object(JSONObject(JSONObject(patch).sortedMembers))
    }

    /// A new value as it must appear in a merge patch: objects may not hold
    /// `null` members (they would be dropped on apply).
    static func value(_ v: JSONValue, at path: JSONPointer) throws(DiffError) -> JSONValue {
        if v.isNull { throw DiffError.unrepresentableInMergePatch(path) }
        if case .object(let o) = v {
            for m in o.members { _ = try value(m.value, at: path.appending(m.key)) }
        }
        return v
    }

    /// Applies `patch` to `target` (RFC 7386 §2).
    ///
    /// - Complexity: O(*p* + *k*) expected, in the size of the patch and the
    ///   members of the objects it touches.
    public static func apply(_ patch: JSONValue, to target: JSONValue) -> JSONValue {
        guard case .object(let p) = patch else { return patch }
        var result = target.objectValue ?? JSONObject()
        // One hash index of the target's members; removals are marked and
        // dropped at the end, so each patch member costs O(1).
        var index = result.index()
        var removed = [Bool](repeating: false, count: result.members.count)
        for m in p.members {
            let key = ExactString(m.key)
            if let i = index[key] {
                if m.value.isNull {
                    removed[i] = true
                    index[key] = nil
                } else {
                    result.members[i].value = apply(m.value, to: result.members[i].value)
                }
            } else if !m.value.isNull {
                index[key] = result.members.count
                result.members.append(JSONObject.Member(key: m.key, value: apply(m.value, to: .null)))
                removed.append(false)
            }
        }
        if removed.contains(true) {
            result.members = result.members.enumerated().filter { !removed[$0.offset] }.map(\.element)
        }
        return .object(result)
    }
}
