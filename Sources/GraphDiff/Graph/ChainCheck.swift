import GraphDiffJSON

/// What the consistency check's pass over the objects learns about the
/// chains of one ordered relationship, to tell at the end whether they are
/// all whole (``isSound(rowCount:)``).
///
/// Each member's next is found in the ``ObjectStore`` looking first at the
/// following row (where a file written in chain order has it: no hashing)
/// and checked on the spot: a member of the same owner whose prev names
/// this member back. The pass keeps, per member, only the row of its next
/// and, per chain, the row of its head; the walks from the heads then follow
/// rows.
///
///     store rows:  7 "t1" (head of "g")   8 "t2"   9 "t3"
///     links:       (7 → 8) (8 → 9)
///     heads:       ("g", 7)
///
/// A large graph's pass is split between two cores, each with its own
/// `ChainCheck`, joined by ``append(contentsOf:)``.
struct ChainCheck {
    let chain: OrderedRelationship
    /// Whether some link failed: a next that is no member of the same owner
    /// naming this member back, or a member without an owner that has links.
    private(set) var broken = false
    /// Members with an owner; of them, those with a prev; nexts that link
    /// back.
    private(set) var owned = 0, prevs = 0, linkedBack = 0
    /// The store row of each member with no prev, with its owner.
    private(set) var heads: [(owner: String, row: Int)] = []
    /// Store rows: each member with a next, and that next.
    private(set) var links: [(row: Int32, next: Int32)] = []

    init(chain: OrderedRelationship) {
        self.chain = chain
    }

    /// Notes the object `id` at `row` of `store` (a member or not), checking
    /// its next.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always) mutating func add(_ id: ObjectID, _ object: GraphObject, row: Int, in store: ObjectStore) {
        guard let ownerSlot = chain.ownerSlots[object.entityIndex] else { return }
        let prev = chain.link(object, chain.prevSlots), next = chain.link(object, chain.nextSlots)
        guard let owner = object.reference(at: ownerSlot) else {
            if prev != nil || next != nil { broken = true }
            return
        }
        owned += 1
        if let next {
            guard let nextRow = store.row(of: ObjectID(entity: id.entity, identity: next), near: row + 1),
                let otherOwner = chain.link(atRow: nextRow, in: store, chain.ownerSlots),
                utf8Equal(otherOwner, owner), let back = chain.link(atRow: nextRow, in: store, chain.prevSlots), utf8Equal(back, id.identity)
            else {
                broken = true
                return
            }
            linkedBack += 1
            links.append((Int32(truncatingIfNeeded: row), Int32(truncatingIfNeeded: nextRow)))
        }
        if prev != nil {
            prevs += 1
        } else {
            heads.append((owner, row))
        }
    }

    /// Adds what `other` noted over other objects of the same graph.
    mutating func append(contentsOf other: ChainCheck) {
        broken = broken || other.broken
        owned += other.owned
        prevs += other.prevs
        linkedBack += other.linkedBack
        heads += other.heads
        links += other.links
    }

    /// Whether every chain is whole: members without an owner have no
    /// links, each next names a member of the same owner whose prev names
    /// this member back, each owner has one head, and the walks from the
    /// heads reach every member. When this is false,
    /// ``Graph/chainProblems(ownerEntity:relationship:)`` says what is wrong.
    ///
    /// - Parameter rowCount: the store's ``ObjectStore/rowCount``.
    /// - Complexity: O(*m* + *h*) expected for *m* members and *h* heads,
    ///   plus O(*n*) for an array over the *n* rows; the heads counted on
    ///   one core while the walks run on the other, from
    ///   ``TwoCores/minimumObjects`` heads and links.
    func isSound(rowCount: Int) -> Bool {
        // Each next that links back accounts for one member's prev; when
        // they account for every prev, every prev links back too.
        guard !broken, linkedBack == prevs else { return false }
        let heads = self.heads, links = self.links, owned = self.owned
        func oneHeadEach() -> Bool {
            var ownersWithHead = IdentityTable(capacity: heads.count)
            for head in heads {
                guard ownersWithHead.insert(head.owner).inserted else { return false }  // two heads
            }
            return true
        }
        func walksReachEveryMember() -> Bool {
            var nextRow = [Int32](repeating: -1, count: rowCount)
            for link in links where Int(link.row) < rowCount { nextRow[Int(link.row)] = link.next }
            var reached = 0
            for head in heads {
                var current = head.row
                while current >= 0 && current < rowCount && reached <= owned {
                    reached += 1
                    current = Int(nextRow[current])
                }
            }
            return reached == owned
        }
        // The two questions on two cores for a large graph.
        guard heads.count + links.count >= TwoCores.minimumObjects else { return oneHeadEach() && walksReachEveryMember() }
        let (one, reach) = inParallel(oneHeadEach, walksReachEveryMember)
        return one && reach
    }
}
