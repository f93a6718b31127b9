import GraphDiffJSON

/// What a renderer knows besides the changes: the names and texts of the two
/// inputs (to give line and column), and whether to colour.
public struct RenderContext: Sendable {
    /// The old input's name, as the report shows it.
    public var oldName: String
    /// The new input's name, as the report shows it.
    public var newName: String
    /// The old input's text, for `NAME:LINE:COL` positions (`nil`: none shown).
    public var oldSource: JSONSourceText?
    /// The new input's text, for `NAME:LINE:COL` positions (`nil`: none shown).
    public var newSource: JSONSourceText?
    /// Whether to colour the report with ANSI escapes.
    public var color: Bool
    /// Whether a changed string longer than a line shows its changed words
    /// in context (`[-old-]{+new+}`) rather than both values whole
    /// (`--no-word-diff` sets it to `false`).
    public var wordDiff: Bool

    /// A context naming the inputs `oldName` and `newName`.
    public init(oldName: String = "a", newName: String = "b", oldSource: JSONSourceText? = nil,
                newSource: JSONSourceText? = nil, color: Bool = false, wordDiff: Bool = true) {
        self.oldName = oldName
        self.newName = newName
        self.oldSource = oldSource
        self.newSource = newSource
        self.color = color
        self.wordDiff = wordDiff
    }

    /// Builds the position tables of both inputs at once, one per core,
    /// when they are large (``TwoCores/minimumBytes`` together): a report
    /// of changes spread over two large files looks up positions all
    /// through both. Small inputs build theirs at their first lookup.
    ///
    /// - Complexity: O(*n*) in the larger input, the first time.
    func preparePositions() {
        guard let old = oldSource, let new = newSource, old.source.count + new.source.count >= TwoCores.minimumBytes else { return }
        JSONSourceText.preparePositions(old, new)
    }

    /// `NAME:LINE:COL` for an offset in the old or new input, or `nil`.
    func location(old offset: Int) -> String? {
        guard offset >= 0, let source = oldSource else { return nil }
        return "\(oldName):\(source.location(ofOffset: offset))"
    }

    func location(new offset: Int) -> String? {
        guard offset >= 0, let source = newSource else { return nil }
        return "\(newName):\(source.location(ofOffset: offset))"
    }

    /// The line and column of an offset, as a JSON object, or `nil`.
    func locationValue(_ offset: Int, in source: JSONSourceText?) -> JSONValue? {
        guard offset >= 0, let source else { return nil }
        let l = source.location(ofOffset: offset)
        return ["line": .number(JSONNumber(l.line)), "column": .number(JSONNumber(l.column))]
    }

    // MARK: Colour

    enum Color: String {
        case red = "31", green = "32", yellow = "33", cyan = "36", bold = "1"
    }

    func paint(_ text: String, _ color: Color) -> String {
        self.color ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
