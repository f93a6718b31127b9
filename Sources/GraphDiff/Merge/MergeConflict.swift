import GraphDiffJSON

/// Which version settles a conflict (`--prefer`, `resolve`, a decision).
public enum MergeSide: String, Sendable, Hashable, CaseIterable {
    /// Mine's version.
    case mine
    /// Theirs' version.
    case theirs
    /// What the merge keeps while the conflict is open (`--conflicts
    /// report`): the base's version, mine's where the base has none, and
    /// whatever a valid result needs with it.
    case base
    /// For conflicts between arrays (and absent values): both sides'
    /// additions, and no removal either side did not make
    /// (``MergeDecisions/union(_:_:_:)``). Other conflicts stay open.
    case union
}

/// A real conflict: both sides changed the same thing differently. Conflicts
/// are data in a ``MergeResult``, never errors.
public struct MergeConflict: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of conflict.
    public enum Kind: String, Sendable, Equatable {
        /// Both sides changed a property (or metadata key, or JSON member) differently.
        case property
        /// Both sides changed an atomic object differently: the whole object conflicts.
        case atomicObject
        /// One side deleted an object the other changed.
        case deleteModify
        /// Both sides inserted an object with the same identity, differently.
        case insertInsert
        /// One side deleted an object the other now refers to.
        case deletedReference
        /// Both sides moved a chain member (or keyed array element) to different places.
        case moveMove
        /// Both sides changed the relative order of some members in
        /// contradiction (mine put *a* before *b*, theirs *b* before *c*, the
        /// base *c* before *a*): no order honours both.
        case order
        /// Both sides changed the same stretch of a JSON array differently.
        case arrayChunk
        /// An object re-keyed by both sides to different identities, or by
        /// each side another object to one identity (base, mine and theirs
        /// are the object's identities).
        case rekeyRekey
        /// An object one side re-keyed to an identity the other side gives
        /// an object it inserted: it keeps its base identity (settled for
        /// the side that holds the identity).
        case rekeyTaken
    }

    /// What kind of conflict this is.
    public var kind: Kind
    /// For graphs: the object's entity, identity and property (when the
    /// conflict is about one property).
    public var entity: String?
    /// The object's identity, for graphs.
    public var identity: String?
    /// The property, when the conflict is about one.
    public var property: String?
    /// Where the conflict is in the canonical merged document (a JSON
    /// Pointer into the result; for a keyed element the result no longer
    /// has, the array that held it).
    public var path: JSONPointer
    /// For plain JSON: where the conflict is, named as diff names places
    /// (keyed elements by their key, `/packages/[name="six"]/version`);
    /// its indices count in the merged result. `nil` for graphs.
    public var location: JSONLocation?
    /// For plain JSON (and inside a graph's `json` attribute): where the
    /// conflict is in the base's terms, array elements by their index in
    /// the base, so that it names the conflict whatever other conflicts
    /// chose (result indices move with them); what a recorded decision
    /// knows the conflict by. `nil`: ``path`` says it.
    public var basePath: JSONPointer?
    /// The three versions (`nil`: absent on that side).
    public var base: JSONValue?
    /// Mine's version (`nil`: absent on that side).
    public var mine: JSONValue?
    /// Theirs' version (`nil`: absent on that side).
    public var theirs: JSONValue?
    /// Which version the result holds, if the conflict was settled (by
    /// `--prefer`, a selection or a decision); `nil` while open.
    public var resolvedBy: MergeSide?
    /// Whether a recorded decision settled it (a decisions file, or a
    /// remembered resolution).
    public var remembered = false

    /// A conflict of `kind` at `path`, with the three versions.
    public init(kind: Kind, entity: String? = nil, identity: String? = nil, property: String? = nil, path: JSONPointer,
                base: JSONValue?, mine: JSONValue?, theirs: JSONValue?, resolvedBy: MergeSide? = nil, location: JSONLocation? = nil) {
        self.kind = kind
        self.location = location
        self.entity = entity
        self.identity = identity
        self.property = property
        self.path = path
        self.base = base
        self.mine = mine
        self.theirs = theirs
        self.resolvedBy = resolvedBy
    }

    /// A graph's `json` attribute of one object, whose value merges as a
    /// JSON document: its conflicts are the graph's.
    struct AttributePlace: Sendable {
        var entity: String
        var identity: String
        var property: String
        /// The attribute's path in the merged graph.
        var path: JSONPointer
    }

    /// This conflict of an attribute's value, as the graph's conflict: on
    /// the object's property, at the place inside the value (a conflict
    /// over an array's stretch keeps its kind; any other is a property's).
    func inAttribute(_ place: AttributePlace) -> MergeConflict {
        var c = MergeConflict(kind: kind == .arrayChunk ? .arrayChunk : .property, entity: place.entity, identity: place.identity,
                              property: place.property, path: JSONPointer(place.path.tokens + path.tokens), base: base, mine: mine, theirs: theirs,
                              resolvedBy: resolvedBy)
        c.basePath = JSONPointer(place.path.tokens + (basePath ?? path).tokens)
        c.remembered = remembered
        return c
    }

    /// Where the conflict is, as its line names it: `Task "t1".title`,
    /// `/items/[id=7]/name`, `/a/0 (result)`, `(root)`.
    public var subject: String {
        var subject = path.tokens.isEmpty ? "(root)" : path.description
        if let location {
            // Indices count in the merged result, and the line says so.
            subject = location.segments.isEmpty ? "(root)" : location.description + (location.hasIndex ? " (result)" : "")
        }
        if let entity, let identity {
            subject = "\(entity) \"\(identity)\"" + (property.map { ".\($0)" } ?? "")
            // Inside a json attribute: the place in its value too.
            if property != nil && path.tokens.count > 4 { subject += JSONPointer(Array(path.tokens.dropFirst(4))).description }
        }
        return subject
    }

    /// What happened, in words: `changed differently`, `deleted by mine, changed by theirs`.
    public var summary: String {
        switch kind {
        case .property: return "changed differently"
        case .atomicObject: return "atomic object changed differently"
        case .deleteModify: return mine == nil ? "deleted by mine, changed by theirs" : "changed by mine, deleted by theirs"
        case .insertInsert: return "inserted differently by both"
        case .deletedReference: return "refers to an object the other side deleted"
        case .moveMove: return "moved to different places"
        case .order: return "reordered in contradiction"
        case .arrayChunk: return "array changed differently"
        case .rekeyRekey: return "re-keyed differently"
        case .rekeyTaken:
            return mine != base ? "re-keyed by mine to an identity theirs gives another object" : "re-keyed by theirs to an identity mine gives another object"
        }
    }

    /// One line: what, where, and the three values.
    public var description: String {
        func show(_ v: JSONValue?) -> String { v.map { JSONWriter.string($0) } ?? "(absent)" }
        let resolution = resolvedBy.map { " (took \($0.rawValue))" } ?? ""
        return "\(subject): \(summary): base \(show(base)), mine \(show(mine)), theirs \(show(theirs))\(resolution)"
    }
}

extension MergeConflict.Kind {
    /// The kind of conflict a sequence conflict is, in a graph or a JSON document.
    init(_ kind: SequenceMerge.Conflict.Kind) {
        switch kind {
        case .order: self = .order
        case .moved: self = .moveMove
        case .inserted: self = .insertInsert
        }
    }
}

extension SequenceMerge {
    /// The three values a sequence conflict reports: for a member moved or
    /// inserted at two places, `{"member": m, "after": neighbour}` in each
    /// version; for an order conflict, the members no order could place
    /// with their neighbours in every version (what each side put before
    /// and after them), in each version's order.
    ///
    /// - Complexity: O(*k* log *k*) for *k* members concerned.
    static func conflictValues(_ c: Conflict, _ v: SequenceVersions) -> (JSONValue?, JSONValue?, JSONValue?) {
        switch c.kind {
        case .order:
            var shown = Set<Int>()
            let versions = [(v.base, v.posBase), (v.mine, v.posMine), (v.theirs, v.posTheirs)]
            for name in c.members {
                guard let x = v.number(of: name) else { continue }
                for (order, pos) in versions where pos[x] >= 0 {
                    let i = pos[x]
                    shown.insert(x)
                    if i > 0 { shown.insert(order[i - 1]) }
                    if i + 1 < order.count { shown.insert(order[i + 1]) }
                }
            }
            let names = v.names
            func inOrder(_ pos: [Int]) -> JSONValue {
                .array(shown.filter { pos[$0] >= 0 }.sorted { pos[$0] < pos[$1] }.map { JSONValue.string(names[$0]) })
            }
            return (inOrder(v.posBase), inOrder(v.posMine), inOrder(v.posTheirs))
        case .moved, .inserted:
            func at(_ after: String?) -> JSONValue { ["member": .string(c.member), "after": after.map(JSONValue.string) ?? .null] }
            let base: JSONValue? = c.kind == .moved ? at(c.baseAfter) : .none
            return (base, at(c.mineAfter), at(c.theirsAfter))
        }
    }
}

/// The outcome of a three-way merge.
public struct MergeResult: Sendable {
    /// The merged graph. Where a conflict was not resolved by `--prefer`, it
    /// holds the base version (or mine's, when there is no base version).
    public var graph: Graph
    /// Every conflict, resolved by a preference or open, in document order.
    public var conflicts: [MergeConflict]
}

/// Why three graphs cannot be merged.
public enum MergeError: Error, Sendable, CustomStringConvertible {
    case schemaMismatch(String)
    /// The merge produced an inconsistent graph (a defect of graphdiff's; reported, never written).
    case inconsistent([GraphProblem])
    /// A merge limited to a selection (`--only`) cannot take theirs' changes
    /// there without changes outside it: why.
    case selectionIncomplete(String)
    /// A selector of conflicts (`--object`) that does not parse.
    case badSelector(String)
    /// A decisions file that is not one, or a conflict in it that cannot be read.
    case badDecisions(String)

    public var description: String {
        switch self {
        case .schemaMismatch(let why): return why
        case .inconsistent(let problems): return "the merge result is inconsistent:\n" + problems.map(\.description).joined(separator: "\n")
        case .selectionIncomplete(let why): return why
        case .badSelector(let why), .badDecisions(let why): return why
        }
    }
}
