import GraphDiffJSON

/// Decisions files: the conflicts `graphdiff resolve --list --format json`
/// (or `merge --report`) lists, each with a `"choice"`, replayed by
/// `merge --decisions FILE`; remembered resolutions are stored the same way.
extension MergeDecisions {
    /// Records the choices of a decisions file: `{"conflicts": [...]}`,
    /// each conflict as ``ConflictReport`` writes it (`kind`, `entity`,
    /// `id`, `property`, `path`, `basePath`, `base`, `mine`, `theirs`,
    /// `present`), with `"choice"`: `"mine"`, `"theirs"`, `"base"` or
    /// `"union"`. Conflicts without a choice are left as they are; other
    /// members (`positions`, `resolvedBy`) are not read.
    ///
    /// - Returns: how many choices were recorded.
    /// - Throws: ``MergeError/badDecisions(_:)`` naming the conflict (by
    ///   its index in the list) and what is wrong with it.
    /// - Complexity: O(*n*) for a file of *n* bytes of values.
    @discardableResult
    public mutating func record(decisionsFile document: JSONValue) throws(MergeError) -> Int {
        guard let list = document.objectValue?["conflicts"]?.arrayValue else {
            throw MergeError.badDecisions("not a decisions file: it needs {\"conflicts\": [...]}, as resolve --list --format json prints")
        }
        var count = 0
        for (i, entry) in list.enumerated() {
            func bad(_ why: String) -> MergeError { .badDecisions("conflicts[\(i)]: \(why)") }
            guard let o = entry.objectValue else { throw bad("not an object") }
            guard let choice = o["choice"] else { continue }
            guard let name = choice.stringValue, let side = MergeSide(rawValue: name) else {
                throw bad("choice must be \"mine\", \"theirs\", \"base\" or \"union\", got \(JSONWriter.string(choice))")
            }
            guard let kindName = o["kind"]?.stringValue, let kind = MergeConflict.Kind(rawValue: kindName) else { throw bad("no known kind") }
            func text(_ member: String) throws(MergeError) -> String? {
                guard let v = o[member], !v.isNull else { return nil }
                guard let s = v.stringValue else { throw bad("\(member) must be a string") }
                return s
            }
            guard let path = try text("path") else { throw bad("no path") }
            let present = o["present"]?.objectValue
            func value(_ member: String) -> JSONValue? {
                if present?[member]?.boolValue == false { return nil }
                return o[member] ?? .null
            }
            let keyPath = try text("keyPath"), basePath = try text("basePath")
            let place = Self.place(kind: kind, keyPath: keyPath, basePath: basePath, path: path)
            recorded[Self.key(kind: kind, entity: try text("entity"), identity: try text("id"), property: try text("property"), place: place,
                              base: value("base"), mine: value("mine"), theirs: value("theirs"))] = side
            count += 1
        }
        return count
    }
}
