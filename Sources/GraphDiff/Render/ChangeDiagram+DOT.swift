extension ChangeDiagram {
    /// The diagram as a Graphviz `digraph`, for `dot -Tsvg` and the like.
    ///
    /// One `cluster` subgraph per entity; each node is named by its
    /// position (`n0`, `n1`, …, as in ``mermaid()``: two keys never name
    /// one node, whatever entities and identities hold), carries its key
    /// (`"Task:t3"`, see ``Node/key``) as tooltip, its label (symbol
    /// first), a `class` and a fill colour by kind; edges carry the
    /// relationship as label, added ones bold, removed ones dashed. A
    /// grouped diagram says so in the graph's label.
    ///
    ///     digraph graphdiff {
    ///       rankdir=LR;
    ///       subgraph "cluster_0" {
    ///         label="Task";
    ///         n0 [label="~ t3", tooltip="Task:t3", class="changed", fillcolor="#fff4d6", color="#9a6700"];
    ///       }
    ///       n0 -> n1 [label="list"];
    ///     }
    ///
    /// - Returns: The text, ending in a newline.
    /// - Complexity: O(*k*), where *k* is the number of nodes and edges.
    public func dot() -> String {
        var out = "digraph graphdiff {\n  rankdir=LR;\n"
        out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        if isGrouped { out += "  label=\(Self._dotString(groupingNote));\n  labelloc=t;\n" }
        var start = 0
        for (g, entity) in entities.enumerated() {
            out += "  subgraph \"cluster_\(g)\" {\n    label=\(Self._dotString(entity));\n"
            while start < nodes.count, nodes[start].entity == entity {
                let node = nodes[start], c = DiagramColors.of(node.kind)
                let style = node.kind == .context ? ", style=\"rounded,filled,dashed\"" : ""
                out += "    n\(start) [label=\(Self._dotString(node.label)), tooltip=\(Self._dotString(node.title)), class=\"\(node.kind.rawValue)\", "
                    + "fillcolor=\"\(c.fill)\", color=\"\(c.stroke)\"\(style)];\n"
                start += 1
            }
            out += "  }\n"
        }
        for e in edges {
            let style = e.status == .added ? ", style=bold, color=\"\(DiagramColors.of(.added).stroke)\""
                : e.status == .removed ? ", style=dashed, color=\"\(DiagramColors.of(.removed).stroke)\"" : ""
            out += "  n\(e.from) -> n\(e.to) "
                + "[label=\(Self._dotString(e.label)), class=\"\(e.status.rawValue)\"\(style)];\n"
        }
        return out + "}\n"
    }
}
