import GraphJSON

/// The members of the chains of one ordered relationship in one graph, as
/// dense rows: what the consistency check and the diff's long walks read
/// instead of looking every link up among all the graph's objects.
///
///     row:        0        1        2
///     identities: "t1"     "t2"     "t3"     (an ``IdentityTable``: identity → row)
///     owners:     "g"      "g"      "g"
///     prevs:      nil      "t1"     "t2"
///     nexts:      "t2"     "t3"     nil
///     nextRows:   1        2        -1       (after ``resolveNexts()``)
///
/// Built by one pass over the objects (``add(_:_:)`` for each, which hashes
/// the identity), which a large graph splits between two cores and joins
/// with ``append(contentsOf:)``; ``finish()`` then places the identities in
/// the table (no hashing left) and resolves each next to a row, looking
/// first at the following row (members listed in chain order need no
/// lookup), and walks compare integers.
struct ChainIndex {
    let chain: ChainLayout
    /// Whether only members with an owner get a row (the consistency check)
    /// or every object that can be a member (the diff's walks, which follow
    /// next wherever it leads, as ``Graph/chainOrder(from:nextSlots:)``).
    let ownedOnly: Bool
    /// Identity → row, filled by ``finish()``.
    private(set) var identities = IdentityTable()
    /// Per row: the identity, its ``IdentityTable/hash(_:)``, the owner,
    /// prev and next links (`nil` when not a string).
    private(set) var keys: [String] = []
    private var hashes: [UInt64] = []
    private(set) var owners: [String?] = []
    private(set) var prevs: [String?] = []
    private(set) var nexts: [String?] = []
    /// Per row: the row of its next, -1 for none, -2 for an identity that
    /// has no row. Filled by ``finish()``.
    private(set) var nextRows: [Int] = []
    /// Whether a member without an owner has a prev or a next: such a
    /// member is in no chain, so the relationship's chains are not sound.
    private(set) var unownedLinks = false
    /// Whether an identity came twice (only objects of different roots can
    /// share one; the rows then cannot stand for the objects). Known after
    /// ``finish()``.
    private(set) var duplicates = false

    init(chain: ChainLayout, ownedOnly: Bool) {
        self.chain = chain
        self.ownedOnly = ownedOnly
    }

    /// The number of rows.
    var count: Int { keys.count }

    /// Adds the object `id` when it can be a member (and has an owner, when
    /// ``ownedOnly``).
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always) mutating func add(_ id: ObjectID, _ object: GraphObject) {
        guard ownedOnly ? chain.ownerSlots[object.entityIndex] != nil : chain.nextSlots[object.entityIndex] != nil else { return }
        let owner = chain.link(object, chain.ownerSlots)
        let prev = chain.link(object, chain.prevSlots), next = chain.link(object, chain.nextSlots)
        if owner == nil && ownedOnly {
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

    /// Places the identities in the table and resolves each row's next to
    /// a row (see ``nextRows``).
    ///
    /// - Complexity: O(*m*) expected for *m* rows.
    mutating func finish() {
        var table = IdentityTable(capacity: count)
        for row in 0..<count where !table.insert(keys[row], hash: hashes[row]).inserted { duplicates = true }
        var rows = [Int](repeating: -1, count: count)
        for row in 0..<count {
            guard let next = nexts[row] else { continue }
            if row + 1 < count && !duplicates && utf8Equal(keys[row + 1], next) {
                rows[row] = row + 1
            } else {
                rows[row] = table.row(of: next) ?? -2
            }
        }
        identities = table
        nextRows = rows
    }

    /// Whether every chain is whole, from the rows of an ``ownedOnly``
    /// index: members without an owner have no links, each next names a
    /// member of the same owner whose prev names this member back, each
    /// owner has one head, and the walks from the heads reach every member.
    /// When this is false, ``Graph/chainProblems(ownerEntity:relationship:)``
    /// says what is wrong.
    ///
    /// - Complexity: O(*m*) expected for *m* rows.
    mutating func isSound() -> Bool {
        guard ownedOnly, !unownedLinks else { return false }
        finish()
        guard !duplicates else { return false }
        // Each next that links back accounts for one member's prev; when
        // they account for every prev, every prev links back too.
        var prevsLinkedBack = 0, prevCount = 0
        var heads: [Int] = []
        for row in 0..<count {
            if nexts[row] != nil {
                let n = nextRows[row]
                guard n >= 0, let owner = owners[row], let nextOwner = owners[n], utf8Equal(owner, nextOwner),
                    let back = prevs[n], utf8Equal(back, keys[row])
                else { return false }
                prevsLinkedBack += 1
            }
            if prevs[row] != nil { prevCount += 1 } else { heads.append(row) }
        }
        guard prevsLinkedBack == prevCount else { return false }
        var ownersWithHead = IdentityTable(capacity: heads.count)
        for head in heads {
            guard let owner = owners[head], ownersWithHead.insert(owner).inserted else { return false }  // two heads
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

    /// The identities of the chain that starts at `head`, following next,
    /// each member once: the same walk as
    /// ``Graph/chainOrder(from:nextSlots:)`` (which it replaces for long
    /// walks), over the rows of an index that is not ``ownedOnly``, after
    /// ``finish()`` (with no ``duplicates``).
    ///
    /// - Complexity: O(*k*) in the length of the chain.
    func order(from head: String) -> [String] {
        var order: [String] = []
        var current = head
        var row = identities.row(of: head) ?? -2
        var tortoise = head, power = 1, steps = 0
        var cycle = false
        while true {
            order.append(current)
            guard row >= 0, let next = nexts[row] else { break }
            if utf8Equal(next, tortoise) {
                cycle = true
                break
            }
            steps += 1
            if steps == power {
                tortoise = next
                power *= 2
                steps = 0
            }
            current = next
            row = nextRows[row]
        }
        guard cycle else { return order }
        // The walk went round the cycle up to twice: keep each member once.
        var seen = Set<ExactString>()
        return order.filter { seen.insert(ExactString($0)).inserted }
    }
}
