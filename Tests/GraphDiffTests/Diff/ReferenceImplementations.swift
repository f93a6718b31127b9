@testable import GraphDiff

// The implementations the faster consistency check and diff replaced, kept
// word for word as oracles: the differential tests require the same
// problems, in the same order, and the same change sets.

extension ChangeSet {
    /// The diff as it was before chain walks used dense rows and the pass
    /// over the objects was split between two cores.
    static func referenceDiff(from old: Graph, to new: Graph, options: DiffOptions = DiffOptions()) throws -> ChangeSet {
        guard old.schema.fingerprint == new.schema.fingerprint else {
            throw DiffError.schemaMismatch(old: old.schema.fingerprint, new: new.schema.fingerprint)
        }
        let schema = new.schema
        var scope: Set<ObjectID>?
        if let root = options.root {
            guard old.objects[root] != nil || new.objects[root] != nil else { throw DiffError.unknownRoot(root) }
            scope = old.ownedObjects(from: root, include: options.include, exclude: options.exclude)
                .union(new.ownedObjects(from: root, include: options.include, exclude: options.exclude))
        }
        let skipped = schema.chainLinkSlots()
        var objects: [ObjectChange] = []
        func values(_ object: GraphObject) -> [PropertyValue] {
            let entity = schema.entities[object.entityIndex]
            return entity.storedProperties.enumerated().compactMap { slot, property in
                skipped[object.entityIndex].contains(slot) ? nil : PropertyValue(name: property.name, value: object.values[slot])
            }
        }
        func inserted(_ id: ObjectID, _ n: GraphObject) -> ObjectChange {
            ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .inserted, values: values(n), newOffset: n.sourceOffset)
        }
        func deleted(_ id: ObjectID, _ o: GraphObject) -> ObjectChange {
            ObjectChange(id: id, entity: schema.entities[o.entityIndex].name, kind: .deleted, values: values(o), oldOffset: o.sourceOffset)
        }
        // One pass over the objects matches them, finds what changed, and
        // notes each chain's head and which chains a change touched; only
        // those chains are walked and compared afterwards.
        var chains = OrderedRelationship.chains(in: schema).map { ReferenceChainTracker(chain: $0) }
        for (id, o) in old.objects {
            let n = new.objects[id]
            for c in chains.indices { chains[c].note(id, old: o, new: n) }
            guard scope?.contains(id) ?? true else { continue }
            guard let n else {
                objects.append(deleted(id, o))
                continue
            }
            guard o.entityIndex == n.entityIndex else {
                objects.append(deleted(id, o))
                objects.append(inserted(id, n))
                continue
            }
            if o.values.elementsEqual(n.values, by: { $0.isIdentical(to: $1) }) { continue }
            let changes = propertyChanges(o, n, entity: schema.entities[o.entityIndex], skipping: skipped[o.entityIndex])
            if !changes.isEmpty {
                objects.append(ObjectChange(id: id, entity: schema.entities[n.entityIndex].name, kind: .updated, changes: changes,
                                            oldOffset: o.sourceOffset, newOffset: n.sourceOffset))
            }
        }
        for (id, n) in new.objects where old.objects[id] == nil {
            for c in chains.indices { chains[c].note(id, old: nil, new: n) }
            if scope?.contains(id) ?? true { objects.append(inserted(id, n)) }
        }
        // An owner deleted with its chains records their order: the
        // members' deletes carry no prev/next links, and the inverse patch
        // needs the order to link them again.
        for k in objects.indices where objects[k].kind == .deleted && new.objects[objects[k].id] == nil {
            let id = objects[k].id
            objects[k].chains = chains.compactMap { tracker in
                tracker.oldHeads[id].map { ChainMembers(relationship: tracker.chain.relationship.name,
                                                         members: old.referenceChainOrder(from: $0, nextSlots: tracker.chain.nextSlots)) }
            }.sorted { utf8Less($0.relationship, $1.relationship) }
        }
        objects.sort(by: ChangeSet.objectOrder)

        // On a large graph the touched chains of the old graph are walked on
        // one core while those of the new graph are walked on the other.
        let touched = chains.flatMap { tracker in
            tracker.touched.filter { new.objects[$0] != nil && (scope?.contains($0) ?? true) }.map { (tracker: tracker, owner: $0) }
        }
        func walks(_ graph: Graph, _ heads: KeyPath<ReferenceChainTracker, [ObjectID: ObjectID]>) -> [[String]] {
            touched.map { t in t.tracker[keyPath: heads][t.owner].map { graph.referenceChainOrder(from: $0, nextSlots: t.tracker.chain.nextSlots) } ?? [] }
        }
        let (befores, afters) = max(old.count, new.count) >= TwoCores.minimumObjects && !touched.isEmpty
            ? inParallel({ walks(old, \.oldHeads) }, { walks(new, \.newHeads) }) : (walks(old, \.oldHeads), walks(new, \.newHeads))
        var sequences: [SequenceChange] = []
        for (k, (tracker, owner)) in touched.enumerated() {
            let chain = tracker.chain
            let before = befores[k], after = afters[k]
            guard !before.elementsEqual(after, by: utf8Equal) else { continue }
            let edits = SequenceChange.referenceEdits(from: before, to: after)
            let ownerName = new.objects[owner].map { new.entity(of: $0).name } ?? chain.ownerEntityName
            sequences.append(SequenceChange(owner: owner, ownerEntity: ownerName, relationship: chain.relationship.name, memberRoot: chain.memberRoot,
                                            inserted: edits.inserted, removed: edits.removed, moved: edits.moved,
                                            ownerOffset: new.objects[owner]?.sourceOffset ?? -1))
        }
        sequences.sort { a, b in
            if a.owner != b.owner { return a.owner < b.owner }
            return utf8Less(a.relationship, b.relationship)
        }

        var metadata: [MetadataChange] = []
        if options.root == nil {
            var keySet = Set<ExactString>()
            for key in old.metadata.keys + new.metadata.keys { keySet.insert(ExactString(key)) }
            let keys = keySet.sorted()
            for key in keys {
                let a = old.metadata[key.string], b = new.metadata[key.string]
                if a != b { metadata.append(MetadataChange(key: key.string, old: a, new: b)) }
            }
        }
        return ChangeSet(schemaName: schema.name, schemaFingerprint: schema.fingerprint, objects: objects, sequences: sequences, metadata: metadata)
    }

    /// What the diff's pass over the objects learns about the chains of one
    /// ordered relationship: the head of each owner's chain in both graphs,
    /// and the owners whose chain a member's change may have touched (a
    /// member inserted, deleted, or with another owner, prev or next).
    ///
    /// A chain none of whose members changed needs no walk. A chain that did
    /// change has a changed member in each graph where it is not empty (a
    /// member that joins or leaves changes its neighbours' links), so
    /// noting the old owner and the new owner of every changed member finds
    /// every changed chain.
    struct ReferenceChainTracker {
        let chain: OrderedRelationship
        var oldHeads: [ObjectID: ObjectID] = [:]
        var newHeads: [ObjectID: ObjectID] = [:]
        var touched = Set<ObjectID>()

        /// Notes the object `id` as it is in the old graph and in the new.
        mutating func note(_ id: ObjectID, old: GraphObject?, new: GraphObject?) {
            let oldOwner = old.flatMap(chain.owner(of:)), newOwner = new.flatMap(chain.owner(of:))
            guard oldOwner != nil || newOwner != nil else { return }
            if let o = old, let owner = oldOwner, chain.link(o, chain.prevSlots) == nil { oldHeads[owner] = id }
            if let n = new, let owner = newOwner, chain.link(n, chain.prevSlots) == nil { newHeads[owner] = id }
            if let o = old, let n = new, chain.sameLinks(o, n) { return }
            if let oldOwner { touched.insert(oldOwner) }
            if let newOwner { touched.insert(newOwner) }
        }
    }

}

extension SequenceChange {
    /// The sequence edits as they were with a `Dictionary` of positions.
    static func referenceEdits(from old: [String], to new: [String]) -> (inserted: [Insert], removed: [Remove], moved: [Move]) {
        var oldPosition: [ExactKey: Int] = [:]
        oldPosition.reserveCapacity(old.count)
        for (i, id) in old.enumerated() { oldPosition[ExactKey(id)] = i }
        // Common members in new order, with their old positions; one hash
        // lookup per member of `new`, flags by position for the rest.
        var newPositionOfOld = [Int](repeating: -1, count: old.count)
        var positionInOld = [Int](repeating: -1, count: new.count)
        var commonNewIndex: [Int] = []
        var commonOldPosition: [Int] = []
        for (j, id) in new.enumerated() {
            if let i = oldPosition[ExactKey(id)] {
                newPositionOfOld[i] = j
                positionInOld[j] = i
                commonNewIndex.append(j)
                commonOldPosition.append(i)
            }
        }
        var stable = [Bool](repeating: false, count: new.count)
        for k in longestIncreasingSubsequence(commonOldPosition) { stable[commonNewIndex[k]] = true }
        var inserted: [Insert] = [], moved: [Move] = []
        for (j, id) in new.enumerated() where !stable[j] {
            let after = j > 0 ? new[j - 1] : nil
            let i = positionInOld[j]
            if i >= 0 {
                moved.append(Move(member: id, from: i > 0 ? old[i - 1] : nil, to: after))
            } else {
                inserted.append(Insert(member: id, after: after))
            }
        }
        var removed: [Remove] = []
        for (i, id) in old.enumerated() where newPositionOfOld[i] < 0 {
            removed.append(Remove(member: id, after: i > 0 ? old[i - 1] : nil))
        }
        return (inserted, removed, moved)
    }

}

extension Graph {
    /// The consistency check as it was: references on one core, chains
    /// verified by lookups among all objects on the other.
    func referenceConsistencyProblems() -> [GraphProblem] {
        func referenceProblems() -> [GraphProblem] {
            var problems: [GraphProblem] = []
            var near = 0
            let plans = ReferencePlan.plans(for: schema, chainLinks: false)
            let pairs = ArrayPairTally.pairs(in: schema)
            var tallies = pairs.map { _ in ArrayPairTally() }
            for (id, object) in objects {
                for plan in plans[object.entityIndex] {
                    checkReferences(from: id, object, at: -1, plan, near: &near, into: &problems, tallies: &tallies)
                }
            }
            for (pair, tally) in zip(pairs, tallies) where !tally.agrees { problems += arrayPairProblems(pair) }
            return problems
        }
        // Chains are verified in one pass each; only when one is not sound
        // are the links checked one by one for messages that say why. On a
        // large graph the references and the chains are checked on two cores.
        let ordered = chainedRelationships
        let chains = OrderedRelationship.chains(in: schema)
        let soundChains = { chains.allSatisfy(self.referenceChainsAreSound) }
        var (problems, sound) = objects.count >= TwoCores.minimumObjects
            ? inParallel(referenceProblems, soundChains) : (referenceProblems(), soundChains())
        if !sound {
            let linkPlans = ReferencePlan.plans(for: schema, chainLinks: true)
            var near = 0
            for (id, object) in objects {
                for plan in linkPlans[object.entityIndex] {
                    var ignored: [ArrayPairTally] = []
                    checkReferences(from: id, object, at: -1, plan, near: &near, into: &problems, tallies: &ignored)
                }
            }
            for (ownerEntity, relationship) in ordered {
                problems += chainProblems(ownerEntity: ownerEntity, relationship: relationship)
            }
        }
        // Objects were visited in hash order; sort what was found (usually
        // nothing) rather than every identity.
        return problems.sorted(by: GraphProblem.subjectOrder)
    }


    /// The chain check as it was: two lookups among all objects per member.
    func referenceChainsAreSound(_ chain: OrderedRelationship) -> Bool {
        /// `other` is a member of the same owner whose `backSlots` link names `id`.
        @inline(__always) func linksBack(_ other: ObjectID, to id: ObjectID, owner: String, _ backSlots: [Int?]) -> Bool {
            guard let o = objects[other], let otherOwner = chain.link(o, chain.ownerSlots), utf8Equal(otherOwner, owner),
                let back = chain.link(o, backSlots)
            else { return false }
            return utf8Equal(back, id.identity)
        }
        var heads: [ObjectID: ObjectID] = [:]
        var owned = 0
        // Each next that links back accounts for one member's prev; when
        // they account for every prev, every prev links back too, so prev
        // needs no lookup of its own.
        var prevsLinkedBack = 0, prevs = 0
        for (id, object) in objects where chain.isMember(object) {
            let prev = chain.link(object, chain.prevSlots), next = chain.link(object, chain.nextSlots)
            guard let owner = chain.link(object, chain.ownerSlots) else {
                if prev != nil || next != nil { return false }
                continue
            }
            owned += 1
            if let next {
                guard linksBack(ObjectID(entity: id.entity, identity: next), to: id, owner: owner, chain.prevSlots) else { return false }
                prevsLinkedBack += 1
            }
            if prev != nil {
                prevs += 1
            } else if heads.updateValue(id, forKey: ObjectID(entity: chain.ownerRoot, identity: owner)) != nil {
                return false  // two heads
            }
        }
        guard prevsLinkedBack == prevs else { return false }
        var reached = 0
        for head in heads.values {
            var current: ObjectID? = head
            while let c = current, reached <= owned {
                reached += 1
                current = objects[c].flatMap { chain.link($0, chain.nextSlots) }.map { ObjectID(entity: c.entity, identity: $0) }
            }
        }
        return reached == owned
    }


    /// The walk from a chain's head as it was before every walk became
    /// ``Graph/chainOrder(from:nextSlots:limit:)``: a set of members seen,
    /// at most `members.count + 1` of them.
    func referenceWalkChain(members: [ObjectID], links: ChainLinks) -> [ObjectID] {
        let prevSlots = slots(of: links.prev), nextSlots = slots(of: links.next)
        func link(_ id: ObjectID, _ slots: [Int?]) -> JSONValue? {
            guard let o = objects[id], let slot = slots[o.entityIndex] else { return nil }
            return o.values[slot]
        }
        guard let head = members.first(where: { link($0, prevSlots)?.isNull ?? true }) else { return [] }
        var order: [ObjectID] = []
        order.reserveCapacity(members.count)
        var seen = Set<ObjectID>(minimumCapacity: members.count)
        var current: ObjectID? = head
        while let c = current, order.count <= members.count, seen.insert(c).inserted {
            order.append(c)
            guard let next = link(c, nextSlots)?.stringValue else { break }
            current = ObjectID(entity: c.entity, identity: next)
        }
        return order
    }

    /// The chain walk as it was: a lookup by identity per member.
    func referenceChainOrder(from head: ObjectID, nextSlots: [Int?]) -> [String] {
        var order: [String] = []
        var current = head
        var tortoise = head.identity, power = 1, steps = 0
        while true {
            order.append(current.identity)
            guard let object = objects[current], let slot = nextSlots[object.entityIndex],
                case .string(let next) = object.values[slot]
            else { return order }
            if utf8Equal(next, tortoise) { break }  // a cycle
            steps += 1
            if steps == power {
                tortoise = next
                power *= 2
                steps = 0
            }
            current = ObjectID(entity: current.entity, identity: next)
        }
        // The walk went round the cycle up to twice: keep each member once.
        var seen = Set<ExactString>()
        return order.filter { seen.insert(ExactString($0)).inserted }
    }

}
