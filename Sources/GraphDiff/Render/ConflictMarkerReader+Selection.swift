import GraphDiffJSON

/// Which blocks of a marked text a selection of conflicts names, for
/// `resolve --path` and `--object` on a file outside a git merge.
extension ConflictMarkerReader {
    /// The indices of the blocks of `text` that decide a place one of
    /// `selectors` names: keeping theirs' lines in that block alone (mine's
    /// in every other) changes that place, as a diff of the two texts
    /// finds it (graphs of `schema`, else plain JSON). Blocks whose sides
    /// depend on another block's (a graph that does not load with one of
    /// them alone) are tried in pairs, and in a graph also as each whole
    /// group of blocks that touch one another's objects (with the blocks
    /// they touch whose mine's and theirs' lines are the same); one that
    /// needs part of a larger group stays unselected.
    /// A block that also decides a place of one of `others` (the conflicts
    /// not selected), or moves members of an order no selector names, is
    /// not selected either: choosing it would settle them. An order named
    /// is settled whole or not at all: when one block that changes it is
    /// refused so, no block that changes it is selected.
    ///
    /// - Throws: ``MarkerError`` for markers out of place; a load error
    ///   when mine's text itself does not load.
    /// - Complexity: O((*b* + *p*) · *n*): a load and a diff per block, for
    ///   *b* blocks in a text of *n* bytes, and per pair *p* of blocks that
    ///   do not load alone and may depend on one another (in a graph: one
    ///   touches an object the other touches or refers to), and per group
    ///   of such blocks; the variants of each kind are read on two cores.
    public static func blocks(of text: [UInt8], size: Int = 7, schema: Schema?, selectedBy selectors: [MergeDecisions.Selector],
                              sparing others: [MergeConflict] = []) throws -> [Int] {
        try selection(of: text, size: size, schema: schema, selectedBy: selectors, sparing: others).blocks
    }

    /// What a selection takes of a marked text, and whether it names
    /// anything there (``selection(of:size:schema:selectedBy:sparing:)``).
    public struct BlockSelection: Equatable, Sendable {
        /// The indices of the blocks taken, in order.
        public var blocks: [Int]
        /// Whether some block, or set of blocks tried together, changes a
        /// place a selector names, or the object (or a part of the document)
        /// that holds it, taken or not; also when some block could not be
        /// read in any set tried (what it changes is not known): `false`
        /// only when the selection names nothing the markers hold.
        public var namesAPlace: Bool
    }

    /// ``blocks(of:size:schema:selectedBy:sparing:)``, with whether the
    /// selectors name any place the blocks change: an empty selection is
    /// then told from one refused because its blocks decide other
    /// conflicts too.
    ///
    /// - Complexity: that of ``blocks(of:size:schema:selectedBy:sparing:)``.
    public static func selection(of text: [UInt8], size: Int = 7, schema: Schema?, selectedBy selectors: [MergeDecisions.Selector],
                                 sparing others: [MergeConflict] = []) throws -> BlockSelection {
        func named(_ found: [MergeConflict]) -> Bool { found.contains { c in selectors.contains { $0.matches(c) } } }
        // Mentioned: named, or the place is what holds a named one (an
        // object deleted whole holds the property a selector names).
        let held = selectors.map { s in
            s.path.map { MergeConflict(kind: .property, path: $0, base: nil, mine: nil, theirs: nil) }
                ?? MergeConflict(kind: .property, entity: s.entity, identity: s.identity, property: s.property,
                                 path: JSONPointer(["objects", s.entity ?? "", s.identity ?? ""] + (s.property.map { [$0] } ?? [])),
                                 base: nil, mine: nil, theirs: nil)
        }
        func mentioned(_ found: [MergeConflict]) -> Bool { named(found) || found.contains { c in held.contains { touches(c, $0) } } }
        return try selection(of: text, size: size, schema: schema, named: mentioned) { found in
            named(found) && !found.contains { c in others.contains { touches(c, $0) } }
                && reorders(found).allSatisfy { c in selectors.contains { $0.matches(c) } }
        }
    }

    /// The indices of the blocks of `text` that decide a place of one of
    /// `conflicts` (as ``blocks(of:size:schema:selectedBy:sparing:)``
    /// finds the places each block decides), and move members of no order
    /// but theirs.
    public static func blocks(of text: [UInt8], size: Int = 7, schema: Schema?, deciding conflicts: [MergeConflict]) throws -> [Int] {
        func named(_ found: [MergeConflict]) -> Bool { found.contains { c in conflicts.contains { touches(c, $0) } } }
        return try selection(of: text, size: size, schema: schema, named: named) { found in
            named(found) && reorders(found).allSatisfy { c in conflicts.contains { touches(c, $0) } }
        }.blocks
    }

    /// The places of `found` that are orders with members moved: a block
    /// that reorders a relationship decides a conflict of that order, named
    /// or not (one the report settled for a side reads as no conflict when
    /// the three sides are merged again).
    static func reorders(_ found: [MergeConflict]) -> [MergeConflict] {
        found.filter { $0.kind == .moveMove }
    }

    /// Whether a place is a conflict's: of its object (and property), or
    /// on the way to its path or under it.
    static func touches(_ place: MergeConflict, _ other: MergeConflict) -> Bool {
        if let e = other.entity, let i = other.identity {
            guard let pe = place.entity, let pi = place.identity, utf8Equal(pe, e), utf8Equal(pi, i) else { return false }
            guard let pp = place.property, let op = other.property else { return true }
            return utf8Equal(pp, op)
        }
        return place.path.tokens.starts(with: other.path.tokens, by: utf8Equal) || other.path.tokens.starts(with: place.path.tokens, by: utf8Equal)
    }

    /// The blocks whose places (alone, or with another block whose sides
    /// depend on theirs) `chosen` accepts, and whether `named` holds for
    /// the places of any set of blocks tried.
    static func selection(of text: [UInt8], size: Int, schema: Schema?, named: ([MergeConflict]) -> Bool,
                          where chosen: ([MergeConflict]) -> Bool) throws -> BlockSelection {
        let resolutions = try sides(of: text, size: size)
        let count = resolutions.blocks, mine = resolutions.mine
        /// The places in which `variant` differs from mine's text, as
        /// conflicts a selector can name; and the members an order change
        /// moved or renumbered (their objects, for ``BlockSelection/namesAPlace``
        /// only: their links or positions are the order's place).
        let places: ([UInt8]) -> (found: [MergeConflict], members: [MergeConflict])?
        var mineGraph: Graph?
        if let schema {
            let reference = try Graph.load(mine, schema: schema)
            mineGraph = reference
            places = { variant in
                guard let other = Graph.loadIfValid(variant, schema: schema, options: .init(sharingValuesWith: reference)), let changes = try? ChangeSet.diff(from: reference, to: other) else { return nil }
                var found: [MergeConflict] = []
                func place(_ entity: String, _ identity: String, _ property: String?, kind: MergeConflict.Kind? = nil) {
                    found.append(MergeConflict(kind: kind ?? (property == nil ? .deleteModify : .property), entity: entity, identity: identity, property: property,
                                               path: JSONPointer(["objects", entity, identity] + (property.map { [$0] } ?? [])), base: nil, mine: nil, theirs: nil))
                }
                for o in changes.objects {
                    if o.kind == .updated { for c in o.changes { place(o.entity, o.id.identity, c.property) } } else { place(o.entity, o.id.identity, nil) }
                }
                // An order with members moved is a change of its own (a
                // member inserted or removed is its object's).
                var members: [MergeConflict] = []
                for s in changes.sequences {
                    place(s.ownerEntity, s.owner.identity, s.relationship, kind: s.moved.isEmpty ? .order : .moveMove)
                    for member in s.moved.map(\.member) + s.positions.map(\.member) {
                        members.append(MergeConflict(kind: .property, entity: s.memberRoot, identity: member,
                                                     path: JSONPointer(["objects", s.memberRoot, member]), base: nil, mine: nil, theirs: nil))
                    }
                }
                for m in changes.metadata {
                    found.append(MergeConflict(kind: .property, path: JSONPointer(["metadata", m.key]), base: nil, mine: nil, theirs: nil))
                }
                return (found, members)
            }
        } else {
            let reference = try JSONReader.parse(mine)
            places = { variant in
                guard let other = try? JSONReader.parse(variant) else { return nil }
                return (JSONDiff.diff(from: reference, to: other).map { MergeConflict(kind: .property, path: $0.path, base: nil, mine: nil, theirs: nil) }, [])
            }
        }
        /// Each set of blocks tried that loads, with the places it decides
        /// and whether `chosen` accepts them.
        var units: [(blocks: Set<Int>, places: [MergeConflict], members: [MergeConflict], accepted: Bool)] = []
        /// The places of each set's variant (theirs' lines in its blocks,
        /// mine's elsewhere), `nil` where it does not load; many sets are
        /// read on two cores, half each (each variant is a load and a
        /// diff of the whole text).
        func read(_ sets: [Set<Int>]) -> [Result<(found: [MergeConflict], members: [MergeConflict])?, Error>] {
            let one = { (part: ArraySlice<Set<Int>>) in
                part.map { blocks in
                    Result { places(try ConflictMarkerReader.text(of: text, size: size) { blocks.contains($0) ? .theirs : .mine }) }
                }
            }
            guard sets.count >= TwoCores.minimumVariants else { return one(sets[...]) }
            let (first, second) = inParallel({ one(sets[..<(sets.count / 2)]) }, { one(sets[(sets.count / 2)...]) })
            return first + second
        }
        /// Each set that loads becomes a unit, in order: the same units
        /// however they were read. Returns the sets that do not load.
        func select(_ sets: [Set<Int>]) throws -> [Set<Int>] {
            var unloaded: [Set<Int>] = []
            for (blocks, result) in zip(sets, read(sets)) {
                guard let (found, members) = try result.get() else {
                    unloaded.append(blocks)
                    continue
                }
                units.append((blocks, found, members, chosen(found)))
            }
            return unloaded
        }
        let unloadable = try select((0..<count).map { [$0] }).compactMap(\.first)
        // Blocks that depend on one another (an object and the links of its
        // neighbours in a chain): taken in pairs, of the blocks that touch
        // one object or one the other refers to (in a graph whose
        // resolutions load), else of every two; then each group of blocks
        // so linked (a member moved in a chain: its links and its old and
        // new neighbours'), as a whole. A group takes along the blocks it
        // touches whose mine's and theirs' lines are the same (where only
        // the base's part differs, as the conflict's report keeps it).
        var pairs: [(Int, Int)] = []
        var groups: [[Int]] = []
        if unloadable.count > 1 {
            if let schema, let mineGraph, let spans = try? blockSpans(of: text, size: size),
               case let theirsText = resolutions.theirs,
               let theirs = Graph.loadIfValid(theirsText, schema: schema, options: .init(sharingValuesWith: mineGraph)) {
                let unloaded = Set(unloadable)
                let sameSided = (0..<count).filter { k in
                    !unloaded.contains(k) && spans.mine.indices.contains(k) && spans.theirs.indices.contains(k)
                        && mine[spans.mine[k]].elementsEqual(theirsText[spans.theirs[k]])
                }
                // The base's part (the conflict's report) links a member's
                // old neighbours to it.
                let base = resolutions.base.flatMap { Graph.loadIfValid($0, schema: schema, options: .init(sharingValuesWith: mineGraph)) }
                let linked = pairsThatMayDepend((unloadable + sameSided).sorted(),
                                                in: [(mineGraph, spans.mine), (theirs, spans.theirs)] + (base.map { [($0, spans.base)] } ?? []))
                pairs = linked.filter { unloaded.contains($0.0) && unloaded.contains($0.1) }
                groups = linkedGroups(of: (unloadable + sameSided).sorted(), by: linked).filter { group in
                    group.count > 2 && group.count { unloaded.contains($0) } > 1
                }
            } else {
                for (i, k) in unloadable.enumerated() { for j in unloadable[(i + 1)...] { pairs.append((k, j)) } }
            }
        }
        _ = try select(pairs.map { [$0.0, $0.1] })
        _ = try select(groups.map(Set.init))
        // An order the selection names is settled whole or not at all:
        // when one set of blocks that changes it is not accepted (it decides
        // another conflict too), none that changes it is taken, or the
        // order would be left half one side's (positions of some members
        // only).
        var refused: [MergeConflict] = []
        func changesRefused(_ places: [MergeConflict]) -> Bool { places.contains { p in refused.contains { touches(p, $0) } } }
        while true {
            let before = refused.count
            for unit in units where !unit.accepted || changesRefused(unit.places) {
                for p in unit.places where (p.kind == .order || p.kind == .moveMove) && chosen([p]) && !refused.contains(where: { touches(p, $0) }) {
                    refused.append(p)
                }
            }
            if refused.count == before { break }
        }
        var taken = Set<Int>()
        for unit in units where unit.accepted && !changesRefused(unit.places) {
            taken.formUnion(unit.blocks)
        }
        // A block read in no set tried may change anything.
        let read = Set(units.flatMap(\.blocks))
        return BlockSelection(blocks: taken.sorted(), namesAPlace: units.contains { named($0.places + $0.members) } || unloadable.contains { !read.contains($0) })
    }
}
