import GraphDiffJSON

/// How each conflict of a merge is settled: one preference for all
/// (`--prefer`), a side for the conflicts a selector names (`resolve
/// --path`, `--object`), and decisions recorded for conflicts by their
/// content (a decisions file, remembered resolutions). The first that
/// applies wins: a recorded decision, then the last selection that names
/// the conflict, then the preference.
///
/// A recorded decision is found by the conflict's kind, place and three
/// values, so it never applies to a conflict that differs in any of them.
/// `union` applies only to conflicts between arrays (and absent values):
/// elsewhere it leaves the conflict open.
///
///     var decisions = MergeDecisions(prefer: nil)
///     decisions.select(.init(entity: "Task", identity: "t1"), .theirs)
///     let result = try Graph.merge(base: b, mine: m, theirs: t, decisions: decisions)
///     // conflicts of Task "t1" took theirs; the others are open
public struct MergeDecisions: Sendable {
    /// What names conflicts: a JSON Pointer (the conflict's path is it, or
    /// is under it), or an object (and property).
    public struct Selector: Sendable, Hashable, CustomStringConvertible {
        /// The pointer, for `--path`.
        public var path: JSONPointer?
        /// The entity, for `--object`.
        public var entity: String?
        /// The identity, for `--object`.
        public var identity: String?
        /// The property, for `--object` (`nil`: every property and the object).
        public var property: String?

        /// Conflicts at `path` or under it.
        public init(path: JSONPointer) { self.path = path }

        /// Conflicts of one object (of one of its properties, when given).
        public init(entity: String, identity: String, property: String? = nil) {
            self.entity = entity
            self.identity = identity
            self.property = property
        }

        /// `ENTITY:ID` or `ENTITY:ID.PROPERTY` (the identity ends at the
        /// last `.`; an identity that holds a `.` is named with a property,
        /// or with `--path`).
        ///
        /// - Throws: a message when `text` is not of that form.
        public init(object text: String) throws(MergeError) {
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw MergeError.badSelector("--object takes ENTITY:ID or ENTITY:ID.PROPERTY, got '\(text)'")
            }
            let entity = String(text[..<colon])
            var rest = String(text[text.index(after: colon)...])
            var property: String?
            if let dot = rest.lastIndex(of: "."), dot != rest.startIndex, rest.index(after: dot) != rest.endIndex {
                property = String(rest[rest.index(after: dot)...])
                rest = String(rest[..<dot])
            }
            guard !rest.isEmpty else { throw MergeError.badSelector("--object takes ENTITY:ID or ENTITY:ID.PROPERTY, got '\(text)'") }
            self.init(entity: entity, identity: rest, property: property)
        }

        /// Whether the selector names `c`. An object selector without a
        /// property names the object's conflicts and those of its properties;
        /// when the identity holds a `.`, `E:a.b` names object `a.b` too.
        public func matches(_ c: MergeConflict) -> Bool {
            if let path { return c.path.tokens.starts(with: path.tokens) }
            guard let entity, let identity, let ce = c.entity, let ci = c.identity, utf8Equal(ce, entity) else { return false }
            if let property {
                if utf8Equal(ci, identity + "." + property) { return true }
                return utf8Equal(ci, identity) && (c.property.map { utf8Equal($0, property) } ?? false)
            }
            return utf8Equal(ci, identity)
        }

        public var description: String {
            if let path { return path.description }
            return "\(entity ?? ""):\(identity ?? "")" + (property.map { ".\($0)" } ?? "")
        }
    }

    /// The side for every conflict nothing else settles (`nil`: open).
    public var prefer: MergeSide?
    /// Sides for the conflicts selectors name, the last first.
    public private(set) var selections: [(selector: Selector, side: MergeSide)] = []
    /// Sides recorded for conflicts, by ``key(of:)``.
    public internal(set) var recorded: [String: MergeSide] = [:]
    /// The side the conflicts left open are written with: the two runs of a
    /// merge that writes markers (`--prefer mine` and `--prefer theirs`
    /// for what nothing settles). Not a decision: such conflicts stay open.
    var openSide: MergeSide?

    /// Decisions that settle every conflict for `prefer` (`nil`: all open).
    public init(prefer: MergeSide? = nil) { self.prefer = prefer }

    /// Whether some conflict may stay open: no preference, or `union`
    /// (which settles only conflicts between arrays).
    public var leavesOpen: Bool { prefer == nil || prefer == .union }

    /// Whether every conflict is settled alike (no selection, no record).
    public var isUniform: Bool { selections.isEmpty && recorded.isEmpty }

    /// Settles the conflicts `selector` names for `side` (overriding
    /// earlier selections and the preference, not recorded decisions).
    public mutating func select(_ selector: Selector, _ side: MergeSide) {
        selections.append((selector, side))
    }

    /// Records `side` for every conflict with `conflict`'s kind, place and values.
    public mutating func record(_ conflict: MergeConflict, _ side: MergeSide) {
        recorded[Self.key(of: conflict)] = side
    }

    /// These decisions, with open conflicts written for `side`.
    func writingOpen(as side: MergeSide?) -> MergeDecisions {
        var copy = self
        copy.openSide = side
        return copy
    }

    /// The recorded decision for `c`, if any.
    public func recordedSide(for c: MergeConflict) -> MergeSide? {
        recorded.isEmpty ? nil : recorded[Self.key(of: c)]
    }

    /// What a conflict is known by: its kind, entity, identity and
    /// property, its place (``place(of:)``: array elements by their index in
    /// the base, so two elements' conflicts are never one), and its three
    /// values (canonical text): the SHA-256 of those, in hexadecimal.
    public static func key(of c: MergeConflict) -> String {
        key(kind: c.kind, entity: c.entity, identity: c.identity, property: c.property, place: place(of: c), base: c.base, mine: c.mine, theirs: c.theirs)
    }

    /// A conflict's place as its key counts it: its key path when it names
    /// an element by its key (``MergeConflict/location``), else its path in
    /// the base's terms (``MergeConflict/basePath``), else its path.
    public static func place(of c: MergeConflict) -> String {
        place(kind: c.kind, keyPath: c.location.flatMap { $0.hasKey ? $0.description : nil }, basePath: c.basePath?.description,
              path: c.path.description)
    }

    /// The place from a conflict's texts, as a report gives them: the key
    /// path (and, for a stretch of an array, where it starts in the base),
    /// else the base path, else the path.
    static func place(kind: MergeConflict.Kind, keyPath: String?, basePath: String?, path: String) -> String {
        guard let keyPath else { return basePath ?? path }
        guard kind == .arrayChunk, let basePath, let slash = basePath.lastIndex(of: "/") else { return keyPath }
        return keyPath + " @" + basePath[basePath.index(after: slash)...]
    }

    static func key(kind: MergeConflict.Kind, entity: String?, identity: String?, property: String?, place: String,
                    base: JSONValue?, mine: JSONValue?, theirs: JSONValue?) -> String {
        var text: [UInt8] = Array(kind.rawValue.utf8)
        func add(_ s: String?) {
            text.append(0)
            if let s { text += Array(s.utf8) } else { text.append(0xFF) }
        }
        add(entity)
        add(identity)
        add(property)
        add(place)
        for v in [base, mine, theirs] {
            text.append(0)
            if let v { text += JSONWriter.canonical(v) } else { text.append(0xFF) }
        }
        return SHA256.hexDigest(text)
    }

    /// The side that settles `c` (recorded, selected, preferred), or the
    /// side open conflicts are written with; sets `c.resolvedBy` (left
    /// `nil` when open) and `c.remembered`. `union` is returned only when
    /// it applies (``union(_:_:_:)``).
    func settle(_ c: inout MergeConflict) -> MergeSide? {
        var side: MergeSide?
        if let r = recordedSide(for: c) {
            side = r
            c.remembered = true
        } else if let s = selections.last(where: { $0.selector.matches(c) }) {
            side = s.side
        } else {
            side = prefer
        }
        if side == .union && !Self.unionApplies(to: c) {
            side = nil
            c.remembered = false
        }
        c.resolvedBy = side
        return side ?? openSide
    }

    /// Settles the conflicts of one order merge (an ordered relationship
    /// of one owner, a keyed array), which can only be settled together:
    /// for the one side every one of them is settled for, else none (all
    /// open). `union` does not apply to orders. `run` merges the order for
    /// a side (`nil`: none) and `conflictsOf` lists a run's conflicts; a
    /// side never changes which conflicts there are, so at most two runs.
    func settleOrder<R>(_ run: (MergeSide?) -> R, _ conflictsOf: (R) -> [MergeConflict]) -> (result: R, conflicts: [MergeConflict]) {
        func acting(_ side: MergeSide?) -> MergeSide? { side == .mine || side == .theirs ? side : nil }
        if isUniform {
            let decided: MergeSide? = prefer == .union ? nil : prefer
            let r = run(acting(decided ?? openSide))
            var found = conflictsOf(r)
            for i in found.indices { found[i].resolvedBy = decided }
            return (r, found)
        }
        let first = run(nil)
        var found = conflictsOf(first)
        if found.isEmpty { return (first, found) }
        var sides = Set<MergeSide?>()
        var remembered: [Bool] = []
        for c in found {
            var side: MergeSide?
            if let r = recordedSide(for: c) {
                side = r
                remembered.append(true)
            } else {
                side = selections.last(where: { $0.selector.matches(c) })?.side ?? prefer
                remembered.append(false)
            }
            sides.insert(side == .union ? nil : side)
        }
        let decided: MergeSide? = sides.count == 1 ? sides.first ?? nil : nil
        for i in found.indices {
            found[i].resolvedBy = decided
            found[i].remembered = decided != nil && remembered[i]
        }
        guard let side = acting(decided ?? openSide) else { return (first, found) }
        let second = run(side)
        var again = conflictsOf(second)
        for i in again.indices where i < found.count {
            again[i].resolvedBy = found[i].resolvedBy
            again[i].remembered = found[i].remembered
        }
        return (second, again)
    }

    /// Whether `union` settles `c`: a conflict over a value (a property, a
    /// stretch of an array, a value both sides added) whose versions are
    /// arrays or absent; never an order, a move or an object's conflict.
    public static func unionApplies(to c: MergeConflict) -> Bool {
        guard c.kind == .property || c.kind == .arrayChunk || c.kind == .insertInsert else { return false }
        if c.mine?.objectValue?["member"] != nil && c.mine?.objectValue?["after"] != nil { return false }
        return union(c.base, c.mine, c.theirs) != nil
    }

    /// Both sides' additions and no removal either side did not make, for
    /// three arrays (an absent one counts as empty). Elements are compared
    /// as canonical JSON text and counted, as in a multiset: each element
    /// is held base's count, less the most either side removed, plus the
    /// most either side added (an element both added, or both removed, is
    /// one edit). The order is mine's, then theirs' additions in theirs'
    /// order. `nil` when a present value is not an array, or none is present.
    ///
    /// - Complexity: O(*n*) expected for *n* elements in all.
    public static func union(_ b: JSONValue?, _ m: JSONValue?, _ t: JSONValue?) -> JSONValue? {
        guard b != nil || m != nil || t != nil else { return nil }
        func elements(_ v: JSONValue?) -> [JSONValue]? {
            guard let v else { return [] }
            return v.arrayValue
        }
        guard let bs = elements(b), let ms = elements(m), let ts = elements(t) else { return nil }
        let keys = (bs.map(JSONWriter.canonical), ms.map(JSONWriter.canonical), ts.map(JSONWriter.canonical))
        func counts(_ list: [[UInt8]]) -> [[UInt8]: Int] {
            var c: [[UInt8]: Int] = [:]
            for k in list { c[k, default: 0] += 1 }
            return c
        }
        let cb = counts(keys.0), cm = counts(keys.1), ct = counts(keys.2)
        var left: [[UInt8]: Int] = [:]
        for k in Set(cb.keys).union(cm.keys).union(ct.keys) {
            let (nb, nm, nt) = (cb[k] ?? 0, cm[k] ?? 0, ct[k] ?? 0)
            left[k] = nb - max(0, nb - nm, nb - nt) + max(0, nm - nb, nt - nb)
        }
        var result: [JSONValue] = []
        for (list, listKeys) in [(ms, keys.1), (ts, keys.2)] {
            for (e, k) in zip(list, listKeys) {
                guard let n = left[k], n > 0 else { continue }
                left[k] = n - 1
                result.append(e)
            }
        }
        return .array(result)
    }
}
