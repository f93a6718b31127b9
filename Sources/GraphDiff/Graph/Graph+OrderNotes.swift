import GraphDiffJSON

extension Graph {
    /// What a valid graph holds that deserves a mention though it breaks no
    /// rule: members of an index ordering (``Ordering/index(_:)``) that
    /// share a value with another member of the same owner, which are then
    /// ordered by identity, and members with no value (`null`), which come
    /// after the numbered ones. Real stores have both; `graphdiff validate`
    /// prints them as notes.
    ///
    ///     graph.orderNotes().map(\.description)
    ///     // ["Board \"b1\".cards: members \"c1\" and \"c2\" share position 3 (ordered by identity)"]
    ///
    /// - Returns: one note per value shared (naming its members, at most
    ///   ten) and one per owner with members without a value, by owner.
    /// - Complexity: O(*n* + *m* log *m*) for *n* objects and *m* members.
    public func orderNotes() -> [GraphProblem] {
        var notes: [GraphProblem] = []
        for layout in OrderedRelationship.all(in: schema) where layout.ordering.isIndex {
            var members: [ObjectID: [(id: String, value: JSONValue)]] = [:]
            for (id, o) in objects where layout.isMember(o) {
                if let owner = layout.owner(of: o) { members[owner, default: []].append((id.identity, layout.position(of: o))) }
            }
            let attribute = layout.relationship.indexAttribute ?? ""
            for owner in members.keys.sorted() {
                let ownerName = objects[owner].map { entity(of: $0).name } ?? layout.ownerEntityName
                func note(_ message: String) {
                    notes.append(GraphProblem(.sharedPosition, message, entity: ownerName, identity: owner.identity,
                                              property: layout.relationship.name))
                }
                let order = PositionKey.sorted(members[owner] ?? [])
                var byMember: [ExactString: JSONValue] = [:]
                for m in members[owner] ?? [] { byMember[ExactString(m.id)] = m.value }
                var k = 0
                var unnumbered: [String] = []
                while k < order.count {
                    let value = byMember[ExactString(order[k])] ?? .null
                    guard !value.isNull else {
                        unnumbered.append(order[k])
                        k += 1
                        continue
                    }
                    var end = k + 1
                    while end < order.count, let next = byMember[ExactString(order[end])], PositionKey.compare(PositionKey(next), PositionKey(value)) == 0 {
                        end += 1
                    }
                    if end - k > 1 { note("members \(Graph.names(Array(order[k..<end]))) share \(attribute) \(JSONWriter.string(value)) (ordered by identity)") }
                    k = end
                }
                if !unnumbered.isEmpty {
                    let which = unnumbered.count == 1 ? "member \(Graph.names(unnumbered)) has" : "members \(Graph.names(unnumbered)) have"
                    note("\(which) no \(attribute) (ordered last, by identity)")
                }
            }
        }
        return notes.sorted(by: GraphProblem.subjectOrder)
    }

    /// `"a", "b" and "c"`, at most ten names, then `and N more`.
    static func names(_ ids: [String]) -> String {
        let quoted = ids.prefix(10).map { JSONWriter.string(.string($0)) }
        let rest = ids.count > 10 ? " and \(ids.count - 10) more" : ""
        guard quoted.count > 1 else { return (quoted.first ?? "") + rest }
        if !rest.isEmpty { return quoted.joined(separator: ", ") + rest }
        return quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
    }
}
