/// Where the nodes and edges of a ``ChangeDiagram`` go on a page: graphdiff's
/// own layout, no Graphviz needed.
///
/// One column per entity, left to right in the order of
/// ``ChangeDiagram/entities``, under a heading with the entity's name; the
/// nodes of an entity stacked in it in the diagram's order. A column is as
/// wide as its widest label. An edge is a cubic curve from the side of its
/// referring node that faces the referenced one to the facing side of that
/// node; an edge within a column bows out to the right, one to the node
/// itself is a loop on its right side. All coordinates are whole numbers
/// (in SVG user units), so that the same diagram gives the same text.
///
///     let layout = DiagramLayout(diagram)
///     layout.nodes[0]   // Box(x: 24, y: 64, width: 96, height: 32)
///
/// - Complexity: O(*k* + *l*), where *k* is the number of nodes and edges
///   and *l* the length of the labels.
public struct DiagramLayout: Sendable, Equatable {
    /// A point, in user units.
    public struct Point: Sendable, Equatable {
        /// The horizontal position, from the left.
        public var x: Int
        /// The vertical position, from the top.
        public var y: Int
    }

    /// A node's rectangle: its top-left corner and size.
    public struct Box: Sendable, Equatable {
        /// The horizontal position, from the left.
        public var x: Int
        /// The vertical position, from the top.
        public var y: Int
        /// The width.
        public var width: Int
        /// The height.
        public var height: Int
    }

    /// One entity's column: its name, left edge and width.
    public struct Column: Sendable, Equatable {
        /// The entity's name.
        public var entity: String
        /// The horizontal position, from the left.
        public var x: Int
        /// The width.
        public var width: Int
    }

    /// An edge's curve (a cubic Bézier from `start` to `end`) and where its label goes.
    public struct Path: Sendable, Equatable {
        /// Where the curve starts, on the referring node.
        public var start: Point
        /// The curve's first control point.
        public var control1: Point
        /// The curve's second control point.
        public var control2: Point
        /// Where the curve ends (the arrow), on the referenced node.
        public var end: Point
        /// The middle of the label's baseline: a quarter of the way along the curve.
        public var label: Point
    }

    /// The width of a character of a label, as laid out (12-unit sans-serif text).
    public static let characterWidth = 7
    /// The most characters of a label drawn; a longer one is cut with `…`.
    public static let labelLimit = 40
    /// A node's height.
    public static let nodeHeight = 32
    /// Space between nodes of a column.
    public static let rowGap = 14
    /// Space between columns, where edges run.
    public static let columnGap = 120
    /// The margin around everything, and the room for a column's heading above it.
    public static let margin = 24, headingHeight = 32

    /// The rectangles of the nodes, in the order of ``ChangeDiagram/nodes``.
    public var nodes: [Box]
    /// The columns, one per entity.
    public var columns: [Column]
    /// The curves of the edges, in the order of ``ChangeDiagram/edges``.
    public var edges: [Path]
    /// The size of the drawing.
    public var width: Int
    /// The size of the drawing.
    public var height: Int

    /// The layout of `diagram`.
    ///
    /// - Parameter diagram: The diagram to lay out.
    /// - Complexity: O(*k* + *l*), where *k* is the number of nodes and
    ///   edges and *l* the length of the labels.
    public init(_ diagram: ChangeDiagram) {
        var columns: [Column] = []
        var boxes: [Box] = []
        boxes.reserveCapacity(diagram.nodes.count)
        var x = Self.margin, bottom = Self.margin + Self.headingHeight
        var i = 0
        for entity in diagram.entities {
            let first = i
            var widest = Self._textWidth(Self.shortLabel(entity))
            while i < diagram.nodes.count, diagram.nodes[i].entity == entity {
                widest = max(widest, Self._textWidth(Self.shortLabel(diagram.nodes[i].label)))
                i += 1
            }
            let width = widest + 24
            var y = Self.margin + Self.headingHeight
            for _ in first..<i {
                boxes.append(Box(x: x, y: y, width: width, height: Self.nodeHeight))
                y += Self.nodeHeight + Self.rowGap
            }
            bottom = max(bottom, y - Self.rowGap)
            columns.append(Column(entity: entity, x: x, width: width))
            x += width + Self.columnGap
        }
        var right = columns.last.map { $0.x + $0.width } ?? Self.margin
        var paths: [Path] = []
        paths.reserveCapacity(diagram.edges.count)
        for e in diagram.edges where boxes.indices.contains(e.from) && boxes.indices.contains(e.to) {
            let path = Self._path(from: boxes[e.from], to: boxes[e.to])
            right = max(right, path.control1.x, path.control2.x)
            paths.append(path)
        }
        self.nodes = boxes
        self.columns = columns
        self.edges = paths
        self.width = right + Self.margin
        self.height = bottom + Self.margin
    }

    /// `label`, cut to ``labelLimit`` characters with `…`.
    public static func shortLabel(_ label: String) -> String {
        label.count <= labelLimit ? label : String(label.prefix(labelLimit - 1)) + "\u{2026}"
    }

    /// The laid-out width of `text`.
    static func _textWidth(_ text: String) -> Int { text.count * characterWidth }

    /// The curve from `a` to `b`.
    static func _path(from a: Box, to b: Box) -> Path {
        let ay = a.y + a.height / 2, by = b.y + b.height / 2
        if a == b {
            // A loop on the right side.
            let start = Point(x: a.x + a.width, y: a.y + 8), end = Point(x: a.x + a.width, y: a.y + a.height - 8)
            return _curve(start, Point(x: start.x + 40, y: start.y - 16), Point(x: end.x + 40, y: end.y + 16), end)
        }
        if a.x == b.x {
            // Within a column: out of the right side and back, bowing with the distance.
            let bow = 30 + abs(by - ay) / 4
            let start = Point(x: a.x + a.width, y: ay), end = Point(x: b.x + b.width, y: by)
            return _curve(start, Point(x: start.x + bow, y: ay), Point(x: end.x + bow, y: by), end)
        }
        let rightward = a.x < b.x
        let start = Point(x: rightward ? a.x + a.width : a.x, y: ay)
        let end = Point(x: rightward ? b.x : b.x + b.width, y: by)
        let pull = (end.x - start.x) / 2
        return _curve(start, Point(x: start.x + pull, y: ay), Point(x: end.x - pull, y: by), end)
    }

    /// The curve through `p0`…`p3`, its label at a quarter of the way from
    /// the start (near the referring node, where the edges of different
    /// nodes are apart): B(¼) = (27 p0 + 27 p1 + 9 p2 + p3) / 64.
    static func _curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Path {
        let x = (27 * p0.x + 27 * p1.x + 9 * p2.x + p3.x) / 64, y = (27 * p0.y + 27 * p1.y + 9 * p2.y + p3.y) / 64
        return Path(start: p0, control1: p1, control2: p2, end: p3, label: Point(x: x, y: y))
    }
}
