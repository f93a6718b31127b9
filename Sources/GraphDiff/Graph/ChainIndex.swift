import GraphJSON

/// The members of the chains of one ordered relationship in one graph, as
/// dense rows: what the consistency check reads instead of looking every
/// link up among all the graph's objects.
///
///     row:        0        1        2
///     keys:       "t1"     "t2"     "t3"     (and an ``IdentityTable``: identity → row)
///     owners:     "g"      "g"      "g"
///     prevs:      nil      "t1"     "t2"
///     nexts:      "t2"     "t3"     nil
///     nextRows:   1        2        -1       (after ``finish()``)
///
/// Built by one pass over the objects (``add(_:_:)`` for each, which hashes
/// the identity), which a large graph splits between two cores and joins
/// with ``append(contentsOf:)``; ``finish()`` then resolves each next to a
/// row, looking first at the following row (members listed in chain order
/// need no lookup) and placing the identities in the table (hashed already)
/// only when some next is elsewhere; walks compare integers.
struct ChainIndex {
    let chain: ChainLayout
    /// Per row: the identity, its ``IdentityTable/hash(_:)``, the owner,
    /// prev and next links (`nil` when not a string).
    private(set) var keys: [String] = []
    private var hashes: [UInt64] = []
    private(set) var owners: [String] = []
    private(set) var prevs: [String?] = []
    private(set) var nexts: [String?] = []
    /// Per row: the row of its next, -1 for none, -2 for an identity that
    /// has no row. Filled by ``finish()``.
    private(set) var nextRows: [Int] = []
    /// Whether a member without an owner has a prev or a next: such a
    /// member is in no chain, so the relationship's chains are not sound.
    private(set) var unownedLinks = false
    /// Whether an identity came twice, as far as ``finish()`` saw (members
    /// are objects of one root, so a graph whose identities are keyed by
    /// their entity's root has none; the rows could not stand for the
    /// objects otherwise).
    private(set) var duplicates = false

    init(chain: ChainLayout) {
        self.chain = chain
    }

    /// The number of rows.
    var count: Int { keys.count }

    /// Adds the object `id` when it is a member with an owner (and notes a
    /// member without an owner that has links).
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always) mutating func add(_ id: ObjectID, _ object: GraphObject) {
        guard let ownerSlot = chain.ownerSlots[object.entityIndex] else { return }
        let prev = chain.link(object, chain.prevSlots), next = chain.link(object, chain.nextSlots)
        guard let owner = object.values[ownerSlot].stringValue else {
            if prev != nil || next != nil { unownedLinks = true }
            return
        }
        keys.append(id.identity)
        hashes.append(IdentityTable.hash(id.identity))
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
        hashes += other.hashes
        owners += other.owners
        prevs += other.prevs
        nexts += other.nexts
    }

    /// Resolves each row's next to a row (see ``nextRows``): first the
    /// following row, then, for the nexts found elsewhere, an
    /// ``IdentityTable`` of every row's identity, built only then (members
    /// listed in chain order need none).
    ///
    /// - Complexity: O(*m*) expected for *m* rows.
    mutating func finish() {
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
            var table = IdentityTable(capacity: count)
            for row in 0..<count where !table.insert(keys[row], hash: hashes[row]).inserted { duplicates = true }
            for row in elsewhere {
                rows[row] = nexts[row].flatMap { table.row(of: $0) } ?? -2
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
    mutating func isSound() -> Bool {
        guard !unownedLinks else { return false }
        finish()
        guard !duplicates else { return false }
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
