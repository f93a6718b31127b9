import GraphDiffJSON

extension Graph {
    /// Every way the graph breaks its schema's rules beyond single values:
    /// dangling references, references to an object of the wrong entity,
    /// inverses that disagree (one-to-one and many-to-many), and broken chains
    /// (no head or several heads, a cycle, a member unreachable from the head,
    /// prev and next disagreeing, members of one chain with different owners,
    /// a chained member without an owner).
    ///
    /// The loader runs this after decoding; patch and merge run it on their
    /// results; tests run it after every mutation.
    ///
    /// - Returns: the problems, sorted by entity, identity, property, message.
    /// - Complexity: O(*n* + *r*) expected, where *n* is the number of
    ///   objects and *r* the number of references; each reference and each
    ///   chain member's next is one lookup among the objects (a comparison
    ///   of identities when it is on a neighbouring row).
    public func consistencyProblems() -> [GraphProblem] {
        // One pass over the objects checks their references and each chain
        // member's next (on a large graph, two passes on two cores, each
        // taking every other block of objects); the walks from the heads
        // then follow rows. Only when a chain is not sound are the links
        // checked one by one for messages that say why.
        let arrayPairs = ArrayPairTally.pairs(in: schema)
        let slotCounts = storedSlotCounts
        // The pass checks each object's shape first (``shapeProblem(of:atRow:slotCounts:)``)
        // and skips an object of the wrong shape: when there is one, the
        // shape problems are all that is reported.
        func scan(part: Int, of parts: Int) -> (problems: [GraphProblem], chains: [ChainCheck], tallies: [ArrayPairTally], shape: [GraphProblem]) {
            var problems: [GraphProblem] = [], shape: [GraphProblem] = []
            // Each part makes its own plans and chains: the pass retains
            // them for every object, and a count of references written
            // from both cores would bounce between them.
            let plans = ReferencePlan.plans(for: schema, chainLinks: false)
            var checks = OrderedRelationship.chains(in: schema).map { ChainCheck(chain: $0) }
            var tallies = arrayPairs.map { _ in ArrayPairTally() }
            // Per plan, the row of the last target: the members of one
            // owner, stored together, name the same owner.
            var near = plans.map { [Int](repeating: 0, count: $0.count) }
            let blocks = (objects.rowCount + TwoCores.blockSize - 1) / TwoCores.blockSize
            for block in stride(from: part, to: blocks, by: parts) {
                for row in block * TwoCores.blockSize..<min(objects.rowCount, (block + 1) * TwoCores.blockSize) {
                    guard let object = objects.object(atRow: row) else { continue }
                    if let problem = shapeProblem(of: object, atRow: row, slotCounts: slotCounts) {
                        shape.append(problem)
                        continue
                    }
                    let id = objects.id(atRow: row)
                    for (k, plan) in plans[object.entityIndex].enumerated() {
                        checkReferences(from: id, object, at: row, plan, near: &near[object.entityIndex][k], into: &problems,
                                        tallies: &tallies)
                    }
                    for c in checks.indices { checks[c].add(id, object, row: row, in: objects) }
                }
            }
            return (problems, checks, tallies, shape)
        }
        var problems: [GraphProblem]
        var checks: [ChainCheck]
        var tallies: [ArrayPairTally]
        var shape: [GraphProblem]
        if objects.count >= TwoCores.minimumObjects {
            let (first, second) = inParallel({ scan(part: 0, of: 2) }, { scan(part: 1, of: 2) })
            problems = first.problems + second.problems
            checks = first.chains
            for c in checks.indices { checks[c].append(contentsOf: second.chains[c]) }
            tallies = first.tallies
            for t in tallies.indices { tallies[t].add(second.tallies[t]) }
            shape = first.shape + second.shape
        } else {
            (problems, checks, tallies, shape) = scan(part: 0, of: 1)
        }
        if !shape.isEmpty { return shape.sorted(by: GraphProblem.subjectOrder) }
        for (pair, tally) in zip(arrayPairs, tallies) where !tally.agrees {
            problems += arrayPairProblems(pair)
        }
        let sound = checks.allSatisfy { $0.isSound(rowCount: objects.rowCount) }
        if !sound {
            let linkPlans = ReferencePlan.plans(for: schema, chainLinks: true)
            var near = 0
            for (id, object) in objects {
                for plan in linkPlans[object.entityIndex] {
                    var ignored: [ArrayPairTally] = []
                    checkReferences(from: id, object, at: -1, plan, near: &near, into: &problems, tallies: &ignored)
                }
            }
            for (ownerEntity, relationship) in chainedRelationships {
                problems += chainProblems(ownerEntity: ownerEntity, relationship: relationship)
            }
        }
        // Objects were visited in storage order; sort what was found
        // (usually nothing) rather than every identity.
        return problems.sorted(by: GraphProblem.subjectOrder)
    }

    /// What checking one stored relationship of one entity needs, computed
    /// once per schema rather than once per reference.
    /// (A class: the scan passes one per reference, with no copy of its arrays.)
    final class ReferencePlan: Sendable {
        let slot: Int
        let relationship: Relationship
        let destinationIndex: Int
        let destinationRoot: String
        /// For each entity (by position): the slot of the inverse when the
        /// inverse is stored and must be checked, else `nil`.
        let inverseSlots: [Int?]
        let inverseStorage: Relationship.Storage?
        /// For a relationship kept as an array with an inverse: its
        /// position in ``ArrayPairTally/pairs(in:)`` (each listing the
        /// member confirms is tallied).
        let listsPair: Int?
        /// For a relationship whose inverse is kept as an array: the
        /// inverse's position there (each membership is tallied as a claim
        /// instead of looked for in the array).
        let claimsPair: Int?

        init(slot: Int, relationship: Relationship, destinationIndex: Int, destinationRoot: String, inverseSlots: [Int?],
             inverseStorage: Relationship.Storage?, listsPair: Int? = nil, claimsPair: Int? = nil) {
            self.slot = slot
            self.relationship = relationship
            self.destinationIndex = destinationIndex
            self.destinationRoot = destinationRoot
            self.inverseSlots = inverseSlots
            self.inverseStorage = inverseStorage
            self.listsPair = listsPair
            self.claimsPair = claimsPair
        }

        /// For each entity (by position), the plans of its stored relationships:
        /// the chain links (prev and next) only when `chainLinks` is true, and
        /// then nothing else. Chain links are checked by the chain check.
        static func plans(for schema: Schema, chainLinks: Bool) -> [[ReferencePlan]] {
            let linkSlots = schema.chainLinkSlots()
            let pairs = ArrayPairTally.pairs(in: schema)
            func pairIndex(_ r: Relationship, declaredBy entity: String) -> Int? {
                pairs.firstIndex { $0.relationship.name == r.name && schema.entity(entity, isKindOf: $0.owner) }
            }
            return schema.entities.map { entity in
                entity.storedProperties.enumerated().compactMap { slot, property -> ReferencePlan? in
                    guard case .relationship(let r) = property, let d = schema.index(ofEntity: r.destination) else { return nil }
                    let isChainLink = linkSlots[entity.index].contains(slot)
                    guard isChainLink == chainLinks else { return nil }
                    let inverse = schema.entities[d].inverse(of: r)
                    let checkInverse = !isChainLink && (inverse?.storage == .toOne || inverse?.storage == .manyToMany)
                    let lists = r.storage == .orderedArray && inverse != nil ? pairIndex(r, declaredBy: entity.name) : nil
                    let claims = inverse.flatMap { i in
                        i.storage == .orderedArray ? pairIndex(i, declaredBy: r.destination) : nil
                    }
                    return ReferencePlan(
                        slot: slot, relationship: r, destinationIndex: d, destinationRoot: schema.entities[d].root,
                        inverseSlots: schema.entities.map { e in checkInverse ? r.inverse.flatMap { e.storedSlot[$0] } : nil },
                        inverseStorage: inverse?.storage, listsPair: lists, claimsPair: claims)
                }
            }
        }
    }

    /// Appends the problems of the references of `object` (identity `id`)
    /// that `plan` checks: each target must exist, be of the destination
    /// entity and, when the inverse is stored, name `id` back. Each target
    /// is looked for first beside `object` (at rows `row` ± 1: a file often
    /// lists what an object owns right after it), then at row `near`, which
    /// is then set to its row (the members of one owner, stored together,
    /// name the same owner), then at the row after (objects listed in the
    /// order of their targets), then by identity.
    ///
    /// - Complexity: O(*r*) expected for *r* references.
    func checkReferences(from id: ObjectID, _ object: GraphObject, at row: Int, _ plan: ReferencePlan, near: inout Int,
                         into problems: inout [GraphProblem], tallies: inout [ArrayPairTally]) {
        let r = plan.relationship
        func problem(_ kind: GraphProblem.Kind, _ message: String, reference: String? = nil) {
            var p = GraphProblem(kind, message, entity: entity(of: object).name, identity: id.identity, property: r.name)
            p.reference = reference
            problems.append(p)
        }
        func check(_ ref: String) {
            let targetID = ObjectID(entity: plan.destinationRoot, identity: ref)
            var guess = near
            if row >= 0 {
                if row + 1 < objects.rowCount && objects.id(atRow: row + 1) == targetID {
                    guess = row + 1
                } else if row > 0 && objects.id(atRow: row - 1) == targetID {
                    guess = row - 1
                }
            }
            // The target is read in place: a copy would retain its values,
            // an atomic write to memory shared with the other core's pass.
            guard let targetRow = objects.row(of: targetID, near: guess, or: near + 1) else {
                problem(.danglingReference, "dangling reference to \(r.destination) \"\(ref)\": no such object", reference: ref)
                return
            }
            near = targetRow
            let targetEntity = objects.entityIndex(atRow: targetRow)
            // A target of no entity of the schema is a shape problem, which
            // the pass reports instead of everything else.
            guard targetEntity >= 0 && targetEntity < schema.entities.count else { return }
            guard schema.isKind(targetEntity, of: plan.destinationIndex) else {
                problem(.wrongDestination, "\"\(ref)\" is a \(schema.entities[targetEntity].name), not a \(r.destination)")
                return
            }
            // A membership of an array on the other side is tallied, not
            // looked for in the array (see ArrayPairTally).
            if let pair = plan.claimsPair, pair < tallies.count { tallies[pair].claimed += 1 }
            guard let inverseSlot = plan.inverseSlots[targetEntity] else { return }
            let back = objects.value(atRow: targetRow, slot: inverseSlot)
            switch plan.inverseStorage {
            case .toOne?:
                if !(back.stringValue.map { utf8Equal($0, id.identity) } ?? false) {
                    problem(.inverseDisagreement, "refers to \"\(ref)\", whose inverse \"\(r.inverse ?? "")\" is \(JSONWriter.string(back)), not \"\(id.identity)\"")
                    return
                }
            case .manyToMany?:
                if !(back.arrayValue != nil && StoredValue.holds(back, identity: id.identity)) {
                    problem(.inverseDisagreement, "lists \"\(ref)\", whose inverse \"\(r.inverse ?? "")\" does not list \"\(id.identity)\"")
                    return
                }
            default:
                return
            }
            if let pair = plan.listsPair, pair < tallies.count { tallies[pair].confirmed += 1 }
        }
        object.forEachReference(at: plan.slot, check)
    }

    /// The problems of every chain of the ordered `relationship`.
    func chainProblems(ownerEntity: Entity, relationship: Relationship) -> [GraphProblem] {
        guard let links = relationship.chainLinks, let destination = schema.index(ofEntity: relationship.destination) else { return [] }
        var problems: [GraphProblem] = []
        let groups = membersByOwner(through: relationship, sorted: false)
        func name(_ id: ObjectID) -> String { "\"\(id.identity)\"" }
        func entityName(_ id: ObjectID) -> String { objects[id].map { entity(of: $0).name } ?? relationship.destination }
        let ownerSlots = slots(of: relationship.inverse ?? ""), prevSlots = slots(of: links.prev), nextSlots = slots(of: links.next)
        func linkValue(_ id: ObjectID, _ slots: [Int?]) -> JSONValue? {
            guard let o = objects[id], let slot = slots[o.entityIndex] else { return nil }
            return o.value(at: slot)
        }
        // Members chained without an owner.
        for (id, object) in objects where schema.isKind(object.entityIndex, of: destination) {
            guard let ownerSlot = ownerSlots[object.entityIndex], object.value(at: ownerSlot).isNull else { continue }
            for (link, slots) in [(links.prev, prevSlots), (links.next, nextSlots)] where !(slots[object.entityIndex].map { object.value(at: $0).isNull } ?? true) {
                problems.append(GraphProblem(.brokenChain,
                    "is linked by \"\(link)\" in a chain of \"\(relationship.name)\" but has no \"\(relationship.inverse ?? "")\"",
                    entity: entity(of: object).name, identity: id.identity, property: link))
            }
        }
        for (owner, members) in groups {
            let memberSet = Set(members)
            func problemOnOwner(_ message: String) {
                problems.append(GraphProblem(.brokenChain, message, entity: objects[owner].map { entity(of: $0).name } ?? ownerEntity.name,
                                             identity: owner.identity, property: relationship.name))
            }
            // Links must agree and stay within the chain.
            var linksAgree = true
            for m in members {
                for (link, back, linkSlots, backSlots) in [(links.next, links.prev, nextSlots, prevSlots), (links.prev, links.next, prevSlots, nextSlots)] {
                    guard let ref = linkValue(m, linkSlots)?.stringValue else { continue }
                    let other = ObjectID(entity: m.entity, identity: ref)
                    if !memberSet.contains(other) {
                        linksAgree = false
                        // A link to no object, or to an object that cannot be a
                        // member, is reported once: as a dangling reference or
                        // a wrong destination, by the check of the links.
                        guard let target = objects[other], schema.isKind(target.entityIndex, of: destination) else { continue }
                        let whose = ownerSlots[target.entityIndex].flatMap { target.reference(at: $0) }
                        problems.append(GraphProblem(.brokenChain,
                            whose == nil ? "\"\(link)\" is \(name(other)), which has no \"\(relationship.inverse ?? "")\""
                                : "\"\(link)\" is \(name(other)), which belongs to another owner than \(name(owner))",
                            entity: entityName(m), identity: m.identity, property: link))
                    } else if !(linkValue(other, backSlots)?.stringValue.map { utf8Equal($0, m.identity) } ?? false) {
                        linksAgree = false
                        let shown = value(of: other, back).map { JSONWriter.string($0) } ?? "null"
                        problems.append(GraphProblem(.brokenChain,
                            "\"\(link)\" is \(name(other)), but the \"\(back)\" of \(name(other)) is \(shown)",
                            entity: entityName(m), identity: m.identity, property: link))
                    }
                }
            }
            let heads = members.filter { linkValue($0, prevSlots)?.isNull ?? true }.sorted()
            if heads.isEmpty {
                for message in headlessChainMessages(members: members, memberSet: memberSet, relationship: relationship,
                                                     prevSlots: prevSlots, ownerSlots: ownerSlots) {
                    problemOnOwner(message)
                }
                continue
            }
            if heads.count > 1 {
                problemOnOwner("chain has \(heads.count) heads (members without \"\(links.prev)\"): \(heads.map(name).joined(separator: ", "))")
                continue
            }
            guard linksAgree else { continue }
            let walked = walkChain(members: members, links: links)
            if walked.count < members.count {
                let reached = Set(walked)
                let lost = members.filter { !reached.contains($0) }.sorted()
                problemOnOwner("\(lost.count) member(s) unreachable from the head \(name(heads[0])): \(lost.prefix(10).map(name).joined(separator: ", "))")
            }
        }
        return problems
    }
}
