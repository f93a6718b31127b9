extension ChangeDiagram {
    /// The diagram as a Mermaid flowchart (`flowchart LR`), which the
    /// common code hosts draw in Markdown inside a code block marked `mermaid`.
    ///
    /// One `subgraph` per entity; nodes are named `n0`, `n1`, … (in the
    /// order of ``nodes``) with their label quoted, and a `classDef` per
    /// kind colours them; the label's symbol (``Kind/symbol``) says the kind
    /// without colour. Edges are labelled with the relationship: added ones
    /// thick (`==>`), removed ones dotted (`-.->`), with `+` or `−` before
    /// the name. A grouped diagram says so in a comment on the second line.
    /// Names and labels are cut to ``DiagramLayout/labelLimit`` characters
    /// as in the SVG, so that a diagram at the node limit stays well under
    /// the 50,000 characters Mermaid draws by default.
    ///
    ///     flowchart LR
    ///       subgraph g0["Task"]
    ///         n0["~ t3"]:::changed
    ///       end
    ///       n0 -->|"list"| n1
    ///
    /// - Returns: The text, ending in a newline.
    /// - Complexity: O(*k*), where *k* is the number of nodes and edges.
    public func mermaid() -> String {
        var out = "flowchart LR\n"
        if isGrouped { out += "  %% \(groupingNote)\n" }
        var start = 0
        for (g, entity) in entities.enumerated() {
            out += "  subgraph g\(g)[\"\(Self._mermaidText(DiagramLayout.shortLabel(entity)))\"]\n"
            while start < nodes.count, nodes[start].entity == entity {
                let node = nodes[start]
                out += "    n\(start)[\"\(Self._mermaidText(DiagramLayout.shortLabel(node.label)))\"]:::\(node.kind.rawValue)\n"
                start += 1
            }
            out += "  end\n"
        }
        for e in edges {
            let arrow = e.status == .added ? "==>" : e.status == .removed ? "-.->" : "-->"
            out += "  n\(e.from) \(arrow)|\"\(Self._mermaidText(DiagramLayout.shortLabel(e.label)))\"| n\(e.to)\n"
        }
        for kind in Kind.allCases {
            let c = DiagramColors.of(kind)
            let dash = kind == .context ? ",stroke-dasharray:4 3" : ""
            out += "  classDef \(kind.rawValue) fill:\(c.fill),stroke:\(c.stroke),color:#1f2328\(dash)\n"
        }
        return out
    }

    /// The note a grouped diagram carries: how many objects (or
    /// references), and the limit.
    public var groupingNote: String {
        if objectCount > nodeLimit || referenceCount <= Self.edgeLimit {
            return "\(objectCount) objects, more than \(nodeLimit): one node per entity and kind, with counts"
        }
        return "\(referenceCount) references, more than \(Self.edgeLimit): one node per entity and kind, with counts"
    }
}
