extension ChangeDiagram {
    /// The diagram with one node per entity and kind (counting its
    /// objects) and one edge per pair of groups, relationship and status
    /// (counting its references): what is drawn above ``nodeLimit``.
    ///
    ///     diagram.grouped().nodes.map(\.label)   // ["+ 312 objects", "~ 40 objects", …]
    ///
    /// - Complexity: O(*k* log *k*), where *k* is the number of nodes and edges.
    public func grouped() -> ChangeDiagram {
        var groupIndex: [String: Int] = [:]
        var groups: [Node] = []
        var groupOfNode: [Int] = []
        groupOfNode.reserveCapacity(nodes.count)
        for node in nodes {
            let key = node.entity + "\u{0}" + node.kind.rawValue
            if let g = groupIndex[key] {
                groups[g].count += node.count
                groupOfNode.append(g)
            } else {
                groupIndex[key] = groups.count
                groupOfNode.append(groups.count)
                groups.append(Node(entity: node.entity, identity: nil, kind: node.kind, count: node.count))
            }
        }
        let order = groups.indices.sorted { ChangeDiagram._nodeLess(groups[$0], groups[$1]) }
        var position = [Int](repeating: 0, count: groups.count)
        for (p, g) in order.enumerated() { position[g] = p }
        var counts: [_GroupEdgeKey: Int] = [:]
        for e in edges {
            let key = _GroupEdgeKey(from: position[groupOfNode[e.from]], to: position[groupOfNode[e.to]],
                                    relationship: e.relationship, status: e.status)
            counts[key, default: 0] += e.count
        }
        let grouped = counts.map { key, count in
            Edge(from: key.from, to: key.to, relationship: key.relationship, status: key.status, count: count)
        }
        return ChangeDiagram(nodes: order.map { groups[$0] }, edges: grouped.sorted(by: ChangeDiagram._edgeLess),
                             isGrouped: true, objectCount: objectCount,
                             referenceCount: isGrouped ? referenceCount : edges.count, nodeLimit: nodeLimit)
    }
}

/// An edge between two groups, by their positions.
struct _GroupEdgeKey: Hashable {
    var from: Int
    var to: Int
    var relationship: String
    var status: ChangeDiagram.EdgeStatus
}
