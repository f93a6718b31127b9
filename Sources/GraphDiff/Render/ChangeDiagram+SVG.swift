extension ChangeDiagram {
    /// The diagram as one self-contained SVG document, laid out by
    /// ``DiagramLayout``: no external reference, font or script, so it can
    /// be written to a file or put as it is inside an HTML page.
    ///
    /// Each node is a `<g class="gd-node gd-KIND" data-id="Entity:identity">`
    /// (``Node/key``) holding a `<title>` (entity, identity, kind), a
    /// rectangle and its label; the label starts with the kind's symbol
    /// (``Kind/symbol``), so the kind reads in greyscale and without telling
    /// colours apart. Each edge is a `<g class="gd-edge gd-STATUS">` with a
    /// title, a curve ending in an arrow, and its label. Columns have their
    /// entity as heading; a legend at the bottom names the kinds, and a
    /// grouped diagram says that it is grouped (``groupingNote``).
    ///
    ///     let page = "<body>" + ChangeDiagram(changes: changes, old: old, new: new).svg() + "</body>"
    ///
    /// - Returns: The SVG text, ending in a newline.
    /// - Complexity: O(*k* + *l*), where *k* is the number of nodes and
    ///   edges and *l* the length of the labels.
    public func svg() -> String {
        let layout = DiagramLayout(self)
        let legendTop = layout.height
        let noteHeight = isGrouped ? 20 : 0
        let width = max(layout.width, 5 * 110 + 2 * DiagramLayout.margin)
        let height = legendTop + 28 + noteHeight + DiagramLayout.margin / 2
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gd-diagram\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"gd-title\" font-family=\"sans-serif\" font-size=\"12\">\n"
        let kinds = Dictionary(grouping: nodes, by: \.kind).mapValues { $0.reduce(0) { $0 + $1.count } }
        let summary = Kind.allCases.compactMap { k in kinds[k].map { "\($0) \(k.rawValue)" } }.joined(separator: ", ")
        out += "<title id=\"gd-title\">Changed subgraph: \(HTMLReport.escapeHTML(summary.isEmpty ? "nothing changed" : summary))</title>\n"
        out += "<style>\n"
        out += ".gd-node rect{stroke-width:1.5}.gd-node text,.gd-legend text{fill:#1f2328}"
            + ".gd-heading{font-weight:bold;fill:#1f2328}.gd-edge path{fill:none;stroke:#57606a;stroke-width:1.2}"
            + ".gd-edge text{fill:#57606a;font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px}.gd-edge.gd-added path{stroke:\(DiagramColors.of(.added).stroke);stroke-width:2.4}"
            + ".gd-edge.gd-removed path{stroke:\(DiagramColors.of(.removed).stroke);stroke-dasharray:5 4}"
            + ".gd-context rect{stroke-dasharray:4 3}\n"
        for kind in Kind.allCases {
            let c = DiagramColors.of(kind)
            out += ".gd-\(kind.rawValue) rect{fill:\(c.fill);stroke:\(c.stroke)}\n"
        }
        out += "</style>\n"
        out += "<defs><marker id=\"gd-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
            + "markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#57606a\"/></marker></defs>\n"
        for column in layout.columns {
            out += "<text class=\"gd-heading\" x=\"\(column.x)\" y=\(Self._quoted(DiagramLayout.margin + 16))>\(HTMLReport.escapeHTML(DiagramLayout.shortLabel(column.entity)))</text>\n"
        }
        for (e, path) in zip(edges, layout.edges) {
            let title = "\(nodes[e.from].key) \(e.relationship) \u{2192} \(nodes[e.to].key) (\(e.status.rawValue)\(e.count == 1 ? "" : ", \(e.count) references"))"
            out += "<g class=\"gd-edge gd-\(e.status.rawValue)\" data-from=\(Self._quoted(nodes[e.from].key)) data-to=\(Self._quoted(nodes[e.to].key))>"
            out += "<title>\(HTMLReport.escapeHTML(title))</title>"
            out += "<path d=\"M\(path.start.x),\(path.start.y) C\(path.control1.x),\(path.control1.y) \(path.control2.x),\(path.control2.y) "
                + "\(path.end.x),\(path.end.y)\" marker-end=\"url(#gd-arrow)\"/>"
            out += "<text x=\"\(path.label.x)\" y=\"\(path.label.y - 4)\" text-anchor=\"middle\">\(HTMLReport.escapeHTML(DiagramLayout.shortLabel(e.label)))</text></g>\n"
        }
        for (node, box) in zip(nodes, layout.nodes) {
            out += "<g class=\"gd-node gd-\(node.kind.rawValue)\" data-id=\(Self._quoted(node.key)) data-entity=\(Self._quoted(node.entity))"
            if let identity = node.identity { out += " data-identity=\(Self._quoted(identity))" }
            out += "><title>\(HTMLReport.escapeHTML(node.title))</title>"
            out += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"6\"/>"
            out += "<text x=\"\(box.x + 12)\" y=\"\(box.y + box.height / 2 + 4)\">\(HTMLReport.escapeHTML(DiagramLayout.shortLabel(node.label)))</text></g>\n"
        }
        out += "<g class=\"gd-legend\">"
        for (i, kind) in Kind.allCases.enumerated() {
            let x = DiagramLayout.margin + i * 110
            let text = kind.symbol.isEmpty ? "unchanged" : "\(kind.symbol) \(kind.rawValue)"
            out += "<g class=\"gd-\(kind.rawValue)\"><rect x=\"\(x)\" y=\"\(legendTop)\" width=\"16\" height=\"16\" rx=\"3\"/>"
                + "<text x=\"\(x + 22)\" y=\"\(legendTop + 12)\">\(HTMLReport.escapeHTML(text))</text></g>"
        }
        out += "</g>\n"
        if isGrouped {
            out += "<text class=\"gd-note\" x=\"\(DiagramLayout.margin)\" y=\"\(legendTop + 40)\">\(HTMLReport.escapeHTML(groupingNote))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// `value` in double quotes, as an XML attribute value.
    static func _quoted(_ value: some CustomStringConvertible) -> String {
        "\"" + HTMLReport.escapeHTML(value.description) + "\""
    }
}
