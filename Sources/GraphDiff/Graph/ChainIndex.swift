import GraphJSON

/// The members of the chains of one ordered relationship in one graph, as
/// dense rows: what the consistency check reads instead of looking every
/// link up among all the graph's objects.
///
///     row:        0        1        2
///     keys:       "t1"     "t2"     "t3"
///     owners:     "g"      "g"      "g"
///     prevs:      nil      "t1"     "t2"
///     nexts:      "t2"     "t3"     nil
///     nextRows:   1        2        -1       (after ``finish(in:)``)
///
/// Built by one pass over the objects (``add(_:_:)`` for each, which hashes
/// the identity), which a large graph splits between two cores and joins
/// with ``append(contentsOf:)``; ``finish(in:)`` then resolves each next
/// to a row, looking first at the following row (members listed in chain
/// order need no lookup), then in the graph's ``ObjectStore``; walks compare
/// integers.
struct ChainIndex {
    let chain: ChainLayout
    /// Per row: the identity, the object's row in the ``ObjectStore``, the
    /// owner, prev and next links (`nil` when not a string).
    private(set) var keys: [String] = []
    private var storeRows: [Int] = []
    private(set) var owners: [String] = []
    private(set) var prevs: [String?] = []
    private(set) var nexts: [String?] = []
    /// Per row: the row of its next, -1 for none, -2 for an identity that
    /// has no row. Filled by ``finish(in:)``.
    private(set) var nextRows: [Int] = []
    /// Whether a member without an owner has a prev or a next: such a
    /// member is in no chain, so the relationship's chains are not sound.
    private(set) var unownedLinks = false

    init(chain: ChainLayout) {
        self.chain = chain
    }

    /// The number of rows.
    var count: Int { keys.count }

    /// Adds the object `id`, at `row` of the graph's ``ObjectStore``, when
    /// it is a member with an owner (and notes a member without an owner
    /// that has links).
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always) mutating func add(_ id: ObjectID, _ object: GraphObject, row: Int) {
        guard let ownerSlot = chain.ownerSlots[object.entityIndex] else { return }
        let prev = chain.link(object, chain.prevSlots), next = chain.link(object, chain.nextSlots)
        guard let owner = object.values[ownerSlot].stringValue else {
            if prev != nil || next != nil { unownedLinks = true }
            return
        }
        keys.append(id.identity)
        storeRows.append(row)
        owners.append(owner)
        prevs.append(prev)
        nexts.append(next)
    }

    /// Adds the rows of `other` (gathered over other objects of the same
    /// graph) after these.
    ///
    /// - Complexity: O(*m*) for *m* rows of `other`.
    mutating func append(contentsOf other: ChainIndex) {
        unownedLinks = unownedLinks || other.unownedLinks
        keys += other.keys
        storeRows += other.storeRows
        owners += other.owners
        prevs += other.prevs
        nexts += other.nexts
    }

    /// Resolves each row's next to a row (see ``nextRows``): first the
    /// following row, then, for the nexts found elsewhere, by a lookup in
    /// `store` (the graph's objects, of which the rows were gathered) and a
    /// map from its rows to these, built only then (members listed in chain
    /// order need neither).
    ///
    /// A next is looked up as an object of the members' root: the entity of
    /// every member's identity.
    ///
    /// - Complexity: O(*m*) expected for *m* rows, plus O(*n*) for the
    ///   map over the *n* rows of `store` when some next is elsewhere.
    mutating func finish(in store: ObjectStore) {
        var rows = [Int](repeating: -1, count: count)
        var elsewhere: [Int] = []
        for row in 0..<count {
            guard let next = nexts[row] else { continue }
            if row + 1 < count && utf8Equal(keys[row + 1], next) {
                rows[row] = row + 1
            } else {
                elsewhere.append(row)
            }
        }
        if !elsewhere.isEmpty {
            var rowOfStoreRow = [Int32](repeating: -1, count: store.rowCount)
            for row in 0..<count where storeRows[row] < rowOfStoreRow.count { rowOfStoreRow[storeRows[row]] = Int32(truncatingIfNeeded: row) }
            for row in elsewhere {
                guard let next = nexts[row], let storeRow = store.row(of: ObjectID(entity: chain.memberRoot, identity: next)),
                    storeRow < rowOfStoreRow.count, rowOfStoreRow[storeRow] >= 0
                else {
                    rows[row] = -2
                    continue
                }
                rows[row] = Int(rowOfStoreRow[storeRow])
            }
        }
        nextRows = rows
    }

    /// Whether every chain is whole: members without an owner have no
    /// links, each next names a member of the same owner whose prev names this member back, each
    /// owner has one head, and the walks from the heads reach every member.
    /// When this is false, ``Graph/chainProblems(ownerEntity:relationship:)``
    /// says what is wrong.
    ///
    /// - Complexity: O(*m*) expected for *m* rows.
    mutating func isSound(in store: ObjectStore) -> Bool {
        guard !unownedLinks else { return false }
        finish(in: store)
        // Each next that links back accounts for one member's prev; when
        // they account for every prev, every prev links back too.
        var prevsLinkedBack = 0, prevCount = 0
        var heads: [Int] = []
        for row in 0..<count {
            if nexts[row] != nil {
                let n = nextRows[row]
                guard n >= 0, utf8Equal(owners[row], owners[n]), let back = prevs[n], utf8Equal(back, keys[row])
                else { return false }
                prevsLinkedBack += 1
            }
            if prevs[row] != nil { prevCount += 1 } else { heads.append(row) }
        }
        guard prevsLinkedBack == prevCount else { return false }
        var ownersWithHead = IdentityTable(capacity: heads.count)
        for head in heads {
            guard ownersWithHead.insert(owners[head]).inserted else { return false }  // two heads
        }
        var reached = 0
        for head in heads {
            var current = head
            while current >= 0 && reached <= count {
                reached += 1
                current = nextRows[current]
            }
        }
        return reached == count
    }
}
