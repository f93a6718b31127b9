import GraphJSON

extension Graph {
    /// Every way the graph breaks its schema's rules beyond single values:
    /// dangling references, references to an object of the wrong entity,
    /// inverses that disagree (one-to-one and many-to-many), and broken chains
    /// (no head or several heads, a cycle, a member unreachable from the head,
    /// prev and next disagreeing, members of one chain with different owners).
    ///
    /// The loader runs this after decoding; patch and merge run it on their
    /// results; tests run it after every mutation.
    ///
    /// - Returns: the problems, in a stable order (by object, then property).
    /// - Complexity: O(*n* + *r* log *r*), where *n* is the number of objects
    ///   and *r* the number of many-to-many references.
    public func consistencyProblems() -> [GraphProblem] {
        var problems: [GraphProblem] = []
        // Chain links are checked by the chain check, with better messages.
        let chainLinks = orderedRelationships.compactMap { pair in
            pair.relationship.ordered.map { (destination: pair.relationship.destination, links: [$0.prev, $0.next]) }
        }
        for id in sortedIDs {
            guard let object = objects[id], let entity = schema.entity(named: object.entity) else { continue }
            let linkNames = Set(chainLinks.filter { schema.entity(object.entity, isKindOf: $0.destination) }.flatMap(\.links))
            for (slot, property) in entity.storedProperties.enumerated() {
                guard case .relationship(let r) = property else { continue }
                let isChainLink = linkNames.contains(r.name)
                let value = object.values[slot]
                func problem(_ kind: GraphProblem.Kind, _ message: String) {
                    problems.append(GraphProblem(kind, message, entity: object.entity, identity: id.identity, property: r.name))
                }
                let targets: [String]
                switch r.storage {
                case .toOne: targets = value.stringValue.map { [$0] } ?? []
                case .manyToMany: targets = value.arrayValue?.compactMap(\.stringValue) ?? []
                case .derived: targets = []
                }
                for ref in targets {
                    let targetID = self.id(entity: r.destination, identity: ref)
                    guard let target = objects[targetID] else {
                        problem(.danglingReference, "dangling reference to \(r.destination) \"\(ref)\": no such object")
                        continue
                    }
                    guard schema.entity(target.entity, isKindOf: r.destination) else {
                        problem(.wrongDestination, "\"\(ref)\" is a \(target.entity), not a \(r.destination)")
                        continue
                    }
                    guard !isChainLink, let inverse = schema.entity(named: target.entity)?.property(named: r.inverse)?.relationship
                    else { continue }
                    let back = self.value(of: targetID, inverse.name)
                    switch inverse.storage {
                    case .toOne:
                        if !(back?.stringValue.map { utf8Equal($0, id.identity) } ?? false) {
                            let shown = back.map { JSONWriter.string($0) } ?? "null"
                            problem(.inverseDisagreement, "refers to \"\(ref)\", whose inverse \"\(inverse.name)\" is \(shown), not \"\(id.identity)\"")
                        }
                    case .manyToMany:
                        let list = back?.arrayValue?.compactMap(\.stringValue) ?? []
                        if !list.contains(where: { utf8Equal($0, id.identity) }) {
                            problem(.inverseDisagreement, "lists \"\(ref)\", whose inverse \"\(inverse.name)\" does not list \"\(id.identity)\"")
                        }
                    case .derived:
                        break
                    }
                }
            }
        }
        for (ownerEntity, relationship) in orderedRelationships {
            problems += chainProblems(ownerEntity: ownerEntity, relationship: relationship)
        }
        return problems
    }

    /// The problems of every chain of the ordered `relationship`.
    func chainProblems(ownerEntity: Entity, relationship: Relationship) -> [GraphProblem] {
        guard let links = relationship.ordered else { return [] }
        var problems: [GraphProblem] = []
        let groups = membersByOwner(through: relationship)
        let destination = relationship.destination
        // Members chained without an owner.
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) where schema.entity(object.entity, isKindOf: destination) {
            guard (value(of: id, relationship.inverse)?.isNull ?? true) else { continue }
            for link in [links.prev, links.next] where !(value(of: id, link)?.isNull ?? true) {
                problems.append(GraphProblem(.brokenChain,
                    "is linked by \"\(link)\" in a chain of \"\(relationship.name)\" but has no \"\(relationship.inverse)\"",
                    entity: object.entity, identity: id.identity, property: link))
            }
        }
        for owner in groups.keys.sorted() {
            guard let members = groups[owner] else { continue }
            let memberSet = Set(members)
            func problemOnOwner(_ message: String) {
                let ownerEntityName = objects[owner]?.entity ?? ownerEntity.name
                problems.append(GraphProblem(.brokenChain, message, entity: ownerEntityName, identity: owner.identity, property: relationship.name))
            }
            func name(_ id: ObjectID) -> String { "\"\(id.identity)\"" }
            // Links must agree and stay within the chain.
            var linksAgree = true
            for m in members {
                let entityName = objects[m]?.entity ?? destination
                for (link, back) in [(links.next, links.prev), (links.prev, links.next)] {
                    guard let ref = value(of: m, link)?.stringValue else { continue }
                    let other = ObjectID(entity: m.entity, identity: ref)
                    if !memberSet.contains(other) {
                        linksAgree = false
                        problems.append(GraphProblem(.brokenChain,
                            "\"\(link)\" is \(name(other)), which belongs to another owner than \(name(owner))",
                            entity: entityName, identity: m.identity, property: link))
                    } else if !(value(of: other, back)?.stringValue.map { utf8Equal($0, m.identity) } ?? false) {
                        linksAgree = false
                        let shown = value(of: other, back).map { JSONWriter.string($0) } ?? "null"
                        problems.append(GraphProblem(.brokenChain,
                            "\"\(link)\" is \(name(other)), but the \"\(back)\" of \(name(other)) is \(shown)",
                            entity: entityName, identity: m.identity, property: link))
                    }
                }
            }
            let heads = members.filter { value(of: $0, links.prev)?.isNull ?? true }
            if heads.isEmpty {
                problemOnOwner("chain has no head (every member has a \"\(links.prev)\"): it is a cycle")
                continue
            }
            if heads.count > 1 {
                problemOnOwner("chain has \(heads.count) heads (members without \"\(links.prev)\"): \(heads.map(name).joined(separator: ", "))")
                continue
            }
            guard linksAgree else { continue }
            let walked = chain(of: owner, through: relationship)
            if walked.count < members.count {
                let reached = Set(walked)
                let lost = members.filter { !reached.contains($0) }
                let cyclic = value(of: walked.last ?? owner, links.next)?.stringValue != nil
                problemOnOwner((cyclic ? "chain has a cycle; " : "")
                    + "\(lost.count) member(s) unreachable from the head \(name(heads[0])): \(lost.prefix(10).map(name).joined(separator: ", "))")
            }
        }
        return problems
    }
}
