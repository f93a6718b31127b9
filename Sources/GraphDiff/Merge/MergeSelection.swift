import GraphDiffJSON

/// A merge limited to a selection (`merge --only`), the complement of
/// ignoring: theirs' changes count only where the selection reaches, and
/// everywhere else the result is mine's (as it is for ignored
/// properties). The merge runs on the three inputs with theirs replaced
/// by theirs limited to the selection, so conflicts arise only there.
public enum MergeSelection {
    /// The base with theirs' changes that `selected` names
    /// (``ChangeSet/selecting(_:schema:)``): the theirs a graph merge
    /// limited to `selected` runs with.
    ///
    /// - Throws: ``MergeError/selectionIncomplete(_:)`` when those changes
    ///   need changes outside the selection (a reference to an object
    ///   theirs inserted, of an entity not selected), naming each problem;
    ///   ``DiffError`` when the graphs are of different schemas.
    /// - Complexity: that of a diff and a patch of the two graphs.
    public static func theirs(_ theirs: Graph, selecting selected: SelectedProperties, over base: Graph) throws -> Graph {
        let changes = try ChangeSet.diff(from: base, to: theirs).selecting(selected, schema: base.schema)
        do {
            var limited = try changes.apply(to: base).graph
            limited.schemaReference = theirs.schemaReference
            return limited
        } catch {
            let problems: [String]
            if case .inconsistent(let found) = error.reason { problems = found.map(\.description) } else { problems = [error.message] }
            throw MergeError.selectionIncomplete("--only \(selected.names.joined(separator: " ")): theirs' changes there need changes "
                                                 + "outside it; select those too:\n" + problems.joined(separator: "\n"))
        }
    }

    /// `mine` with theirs' value at every place `selected` names (taken
    /// whole where a pattern ends; absent where theirs has none), and
    /// mine's everywhere else: the theirs a plain JSON merge limited to
    /// `selected` runs with. Where theirs has an object or array that mine
    /// lacks on the way to a selected place, its selected parts are taken
    /// (``IgnoredPaths/keeping(in:)``).
    ///
    /// - Throws: ``MergeError/selectionIncomplete(_:)`` when a pattern goes
    ///   into the elements of an array that the base, mine and theirs do
    ///   not all hold with one length: elements have no identity across
    ///   versions, so they cannot be paired.
    /// - Complexity: O(*n* · *p*) over the parts some pattern reaches.
    public static func theirs(_ theirs: JSONValue, selecting selected: IgnoredPaths, onto mine: JSONValue, base: JSONValue) throws -> JSONValue {
        if selected.isEmpty { return theirs }
        return try graft(base, theirs, mine, selected.root, selected, at: JSONPointer()) ?? .null
    }

    /// `target` (mine's) with `source`'s (theirs') value where a pattern
    /// ends; `base` is the base's value here, for pairing array elements.
    static func graft(_ base: JSONValue?, _ source: JSONValue?, _ target: JSONValue?, _ state: IgnoredPaths.State, _ selected: IgnoredPaths,
                      at path: JSONPointer) throws -> JSONValue? {
        if state.matched { return source }
        if state.isDead { return target }
        switch (source, target) {
        case (_, .object(let t)?):
            let s: JSONObject
            if case .object(let o)? = source { s = o } else { s = JSONObject() }
            var result = JSONObject()
            // Members found by name through one index per object, never by scanning.
            let b = base?.objectValue
            let (bi, si, ti) = (b?.index(), s.index(), t.index())
            func baseMember(_ name: ExactString) -> JSONValue? {
                guard let b, let i = bi?[name] else { return nil }
                return b.members[i].value
            }
            for member in t.members {
                let name = ExactString(member.key)
                if let v = try graft(baseMember(name), si[name].map { s.members[$0].value }, member.value, selected.step(state, member: member.key), selected, at: path.appending(member.key)) {
                    result.members.append(JSONObject.Member(key: member.key, value: v))
                }
            }
            for member in s.members where ti[ExactString(member.key)] == nil {
                if let v = try graft(baseMember(ExactString(member.key)), member.value, nil, selected.step(state, member: member.key), selected, at: path.appending(member.key)) {
                    result.members.append(JSONObject.Member(key: member.key, value: v))
                }
            }
            return .object(result)
        case (_, .array(let t)?):
            let s: [JSONValue]?
            if case .array(let a)? = source { s = a } else { s = nil }
            // No pattern goes into the elements: mine's array.
            if selected.stepIntoElement(state).isDead && !selected.elementsDiffer(state) { return target }
            let b = base?.arrayValue
            if s?.count != t.count || b?.count != t.count {
                throw MergeError.selectionIncomplete("--only \(selected.patterns.joined(separator: " ")): the array at "
                                                     + "\(path.tokens.isEmpty ? "(root)" : path.description) has not one length in the base, mine "
                                                     + "and theirs, so its elements cannot be paired; select the array itself")
            }
            var result: [JSONValue] = []
            for (i, element) in t.enumerated() {
                let next = selected.step(state, nil, element: (i, element), ends: false).0
                if let v = try graft(b?[i], s?[i], element, next, selected, at: path.appending(String(i))) { result.append(v) }
            }
            return .array(result)
        case (let s?, _) where s.objectValue != nil || s.arrayValue != nil:
            // Mine has no container here: theirs' selected parts.
            let kept = selected.keeping(in: s, state)
            return kept ?? target
        default:
            return target
        }
    }
}
