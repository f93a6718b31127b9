/// The colours of a change diagram's kinds, shared by its SVG, Mermaid and
/// DOT forms. Each pairs with a symbol (``ChangeDiagram/Kind/symbol``), so
/// that no kind is told by colour alone.
enum DiagramColors {
    /// The fill and outline of a node of `kind`, as `#rrggbb`.
    static func of(_ kind: ChangeDiagram.Kind) -> (fill: String, stroke: String) {
        switch kind {
        case .added: ("#e6f4ea", "#1a7f37")
        case .removed: ("#fde7e9", "#cf222e")
        case .changed: ("#fff4d6", "#9a6700")
        case .moved: ("#e7f0fd", "#0969da")
        case .context: ("#f6f8fa", "#6e7781")
        }
    }
}
