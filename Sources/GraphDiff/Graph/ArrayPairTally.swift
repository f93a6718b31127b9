import GraphDiffJSON

/// What the consistency check's pass learns about one ordered relationship
/// kept as an array on its owners (``Ordering/array``) that has an inverse
/// on the members (a to-one, or a to-many): both sides must hold the same
/// pairs of owner and member.
///
/// Looking for a member in its owner's array would cost the array's length
/// per member (quadratic in a large owner), so the pass tallies instead:
/// each listing of a member by its owner that the member confirms (its
/// to-one names the owner, or its sorted to-many lists it: O(1) and
/// O(log *k*)), and each membership a member claims. Every confirmed
/// listing is a claimed pair; when the counts agree, no pair is claimed
/// without being listed and none is listed twice, so the sides agree. When
/// they do not (or when both sides are arrays, where nothing confirms),
/// ``Graph/arrayPairProblems(_:)`` compares the pairs as sets, once, to say
/// which disagree.
///
///     owner "p1" songs ["s2", "s1"]     s2.playlists ["p1"] ✓   s1.playlists ["p1"] ✓
///     confirmed 2 = claimed 2: the sides agree
struct ArrayPairTally {
    /// Listings that the member confirmed.
    var confirmed = 0
    /// Memberships that members claimed.
    var claimed = 0

    /// Whether the sides agree, as far as the counts tell.
    var agrees: Bool { confirmed == claimed }

    /// Adds what another part of the pass tallied.
    mutating func add(_ other: ArrayPairTally) {
        confirmed += other.confirmed
        claimed += other.claimed
    }

    /// One relationship kept as an array with an inverse.
    struct Pair {
        /// The entity that declares it.
        let owner: String
        let relationship: Relationship
    }

    /// Every relationship of `schema` kept as an array with an inverse, in
    /// the order of the entities that declare them.
    static func pairs(in schema: Schema) -> [Pair] {
        schema.entities.flatMap { e in
            e.relationships.filter { $0.storage == .orderedArray && $0.inverse != nil }.map { Pair(owner: e.name, relationship: $0) }
        }
    }
}

extension Graph {
    /// The pairs of `pair`'s relationship that its two sides disagree on:
    /// a member listed twice by one owner, and a membership that a member
    /// claims but its owner does not list. (A listing the member does not
    /// confirm is reported by the pass itself; when both sides are arrays,
    /// by the other side's pair.)
    ///
    /// - Complexity: O(*n* + *p*) expected for *n* objects and *p* pairs.
    func arrayPairProblems(_ pair: ArrayPairTally.Pair) -> [GraphProblem] {
        struct Key: Hashable {
            let owner: ExactString, member: ExactString
        }
        let r = pair.relationship
        guard let inverseName = r.inverse, let ownerIndex = schema.index(ofEntity: pair.owner),
            let destination = schema.entity(named: r.destination)
        else { return [] }
        let ownerRoot = schema.entities[ownerIndex].root
        var problems: [GraphProblem] = []
        var listed = Set<Key>()
        for (id, o) in objects where schema.isKind(o.entityIndex, of: ownerIndex) {
            guard let slot = entity(of: o).storedSlot[r.name], o.value(at: slot).arrayValue != nil else { continue }
            o.forEachReference(at: slot) { m in
                guard !listed.insert(Key(owner: ExactString(id.identity), member: ExactString(m))).inserted else { return }
                problems.append(GraphProblem(.wrongType, "member \"\(m)\" is listed twice", entity: entity(of: o).name,
                                             identity: id.identity, property: r.name))
            }
        }
        for (id, o) in objects where schema.isKind(o.entityIndex, of: destination.index) {
            guard let slot = entity(of: o).storedSlot[inverseName] else { continue }
            let owners = o.references(at: slot)
            for owner in owners where !listed.contains(Key(owner: ExactString(owner), member: ExactString(id.identity))) {
                // A target that is missing or of another entity is reported as such.
                guard let target = objects[ObjectID(entity: ownerRoot, identity: owner)], schema.isKind(target.entityIndex, of: ownerIndex)
                else { continue }
                let verb = owners.count == 1 && o.reference(at: slot) != nil ? "refers to" : "lists"
                problems.append(GraphProblem(.inverseDisagreement,
                    "\(verb) \"\(owner)\", whose inverse \"\(r.name)\" does not list \"\(id.identity)\"",
                    entity: entity(of: o).name, identity: id.identity, property: inverseName))
            }
        }
        return problems
    }
}
