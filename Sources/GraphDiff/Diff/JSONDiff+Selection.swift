import GraphDiffJSON

extension JSONDiff {
    /// The entries of a structural diff of `old` and `new` that `selected`
    /// reaches (`diff --only`), named as the full diff names them, so that
    /// indices count in the files: an entry at or inside a place a pattern
    /// ends at is kept whole; one above such places (an object or element
    /// added, removed or replaced that holds them) is kept with its values
    /// cut down to what the patterns name (``IgnoredPaths/keeping(in:)``),
    /// and left out when nothing is left or the two sides are alike; a move
    /// is kept when the element itself is selected. Array steps match a
    /// pattern's `*`, index or key, as in the document the location names.
    ///
    /// The edits' pointers stay those of the full diff: the entries are for
    /// reading, not a patch (a patch of part of a document may not apply).
    ///
    /// - Complexity: O(*e* · *d* · *p*) for *e* entries at depth *d*, plus
    ///   the size of the values cut down; with an index or key pattern,
    ///   each step also looks its member or element up in the document.
    public static func entries(_ entries: [Entry], selectedBy selected: IgnoredPaths, old: JSONValue, new: JSONValue) -> [Entry] {
        if selected.isEmpty { return entries }
        let looksIntoElements = selected.tellsElementsApart
        return entries.compactMap { entry in
            let (matched, state) = reach(entry.location, in: entry.location.side == .old ? old : new, selected, walking: looksIntoElements)
            if matched { return entry }
            if state.isDead { return nil }
            var kept = entry
            switch entry.edit {
            case .add(let path, let value):
                guard let cut = selected.keeping(in: value, state) else { return nil }
                kept.edit = .add(path: path, value: cut)
            case .remove(let path, let value):
                guard let cut = selected.keeping(in: value, state) else { return nil }
                kept.edit = .remove(path: path, old: cut)
            case .replace(let path, let o, let n):
                switch (selected.keeping(in: o, state), selected.keeping(in: n, state)) {
                case (nil, nil): return nil
                case (let a?, let b?) where a == b: return nil
                case (nil, let b?): kept.edit = .add(path: path, value: b)
                case (let a?, nil): kept.edit = .remove(path: path, old: a)
                case (let a?, let b?): kept.edit = .replace(path: path, old: a, new: b)
                }
            case .move:
                return nil
            }
            return kept
        }
    }

    /// Where `location` (in `document`) stands in `selected`: whether a
    /// pattern ends at it or at a place above it, else the state there.
    /// Only an index or key pattern looks at an element's place or content,
    /// so the document is walked (a lookup a step) only `walking`, when a
    /// pattern has one.
    static func reach(_ location: JSONLocation, in document: JSONValue, _ selected: IgnoredPaths,
                      walking: Bool) -> (matched: Bool, state: IgnoredPaths.State) {
        var state = selected.root
        var value: JSONValue? = walking ? document : nil
        for segment in location.segments {
            switch segment {
            case .member(let name):
                state = selected.step(state, member: name)
                value = value?.objectValue?[name]
            case .index(let i):
                let elements = value?.arrayValue ?? []
                let element = elements.indices.contains(i) ? elements[i] : .null
                state = selected.step(state, nil, element: (i, element), ends: false).0
                value = element
            case .key(let name, let key):
                let elements = value?.arrayValue ?? []
                let i = elements.firstIndex { $0.objectValue?[name] == key }
                let element = i.map { elements[$0] } ?? .object(JSONObject([JSONObject.Member(key: name, value: key)]))
                state = selected.step(state, nil, element: (i ?? -1, element), ends: false).0
                value = element
            }
            if state.matched { return (true, state) }
            if state.isDead { return (false, state) }
        }
        return (false, state)
    }
}
