import GraphDiffJSON

/// A three-way merge written out: the text to save, and the conflicts.
///
/// Without open conflicts (or without markers) the text is the merged
/// document. With open conflicts it holds markers built from the
/// `--prefer mine` and `--prefer theirs` results (see
/// ``ConflictMarkerWriter``), so keeping one side in every block gives that
/// side's `--prefer` result. The `merge` command and the git merge driver
/// both write through here.
public struct MergeText: Sendable {
    /// The bytes to write, in pieces to be written one after another
    /// (``Graph/canonicalTextPieces()``: a large merged graph's two halves).
    /// A merged graph's text, and a graph merge's markers, are made when
    /// asked for, each time: to write them, ``deliverText(to:)`` hands them
    /// over as they are made instead.
    public var pieces: [[UInt8]] {
        get {
            if let _pieces { return _pieces }
            if let marked = _markedGraphs {
                return ConflictMarkerWriter.textPieces(mine: marked.mine, theirs: marked.theirs, base: marked.base, markers: marked.markers)
            }
            return _textGraph.map { $0.canonicalTextPieces() } ?? []
        }
        set { _pieces = newValue }
    }
    /// The bytes to write: ``pieces`` joined.
    public var text: [UInt8] {
        get { joinedPieces(pieces) }
        set { pieces = [newValue] }
    }
    /// The text as made (markers, a document), or `nil` when it is the
    /// canonical text of `_textGraph`, not made yet.
    private var _pieces: [[UInt8]]?
    /// The graph whose canonical text the text is, until ``pieces`` is set.
    private var _textGraph: Graph?
    /// The two resolutions and the report whose conflict markers the text
    /// is (``ConflictMarkerWriter/deliverText(mine:theirs:base:markers:to:)``),
    /// until ``pieces`` is set.
    private var _markedGraphs: (mine: Graph, theirs: Graph, base: Graph, markers: ConflictMarkerWriter.Markers)?

    /// The text `pieces`.
    init(pieces: [[UInt8]], conflicts: [MergeConflict]) {
        self._pieces = pieces
        self.conflicts = conflicts
        self.graph = nil
    }

    /// The conflict markers between `mine` and `theirs` quoting `base`, made when asked for.
    init(markersOf mine: Graph, _ theirs: Graph, base: Graph, markers: ConflictMarkerWriter.Markers, conflicts: [MergeConflict]) {
        self._markedGraphs = (mine, theirs, base, markers)
        self.conflicts = conflicts
        self.graph = nil
    }

    /// The canonical text of `graph`, made when asked for.
    init(textOf graph: Graph, conflicts: [MergeConflict]) {
        self._textGraph = graph
        self.conflicts = conflicts
        self.graph = graph
    }

    /// Hands the text to `deliver` a piece at a time, in order, until it
    /// returns `false`: a merged graph's text and a graph merge's markers
    /// as they are made (``Graph/canonicalText(deliveringPiecesTo:)``,
    /// ``ConflictMarkerWriter/deliverText(mine:theirs:base:markers:to:)``:
    /// on both cores, never held whole), any other text in its ``pieces``.
    ///
    /// - Complexity: that of the text: O(*n*) for *n* objects.
    public func deliverText(to deliver: @escaping ([UInt8]) -> Bool) {
        if _pieces == nil, let marked = _markedGraphs {
            ConflictMarkerWriter.deliverText(mine: marked.mine, theirs: marked.theirs, base: marked.base, markers: marked.markers, to: deliver)
            return
        }
        if _pieces == nil, let graph = _textGraph {
            graph.canonicalText(deliveringPiecesTo: deliver)
            return
        }
        for piece in pieces { guard deliver(piece) else { return } }
    }
    /// Every conflict, resolved or not.
    public var conflicts: [MergeConflict]
    /// The merged graph, for graphs: the result itself with a preference, or
    /// when the merge is clean; with open conflicts, the merged graph in
    /// which they keep the base (`--conflicts report`); `nil` when the text
    /// holds markers.
    public var graph: Graph?

    /// The conflicts nothing settled.
    public var open: [MergeConflict] { conflicts.filter { $0.resolvedBy == nil } }

    /// Merges three graphs and writes the result.
    ///
    ///     let merged = try MergeText.graphs(base: b, mine: m, theirs: t, prefer: nil, markers: .init())
    ///     merged.open.isEmpty   // clean: merged.text is the canonical merged graph
    ///
    /// - Parameters:
    ///   - prefer: the side that wins every conflict; then there are no markers.
    ///   - markers: the markers' size and labels; `nil` writes the merged
    ///     graph even with open conflicts (`--conflicts report`).
    ///   - ignored: attributes that take mine's value, besides the
    ///     schema's `diff.ignore` (see ``Graph/merge(base:mine:theirs:prefer:ignored:detectsRekeys:)``).
    ///   - detectsRekeys: whether an object one side re-keyed takes the
    ///     other side's edits (`--no-rekeys`: `false`).
    /// - Throws: ``MergeError`` when the graphs are not of one schema.
    /// - Complexity: O(*n* log *n*) for *n* objects. With open conflicts
    ///   and markers the merge is finished again once per preference, on
    ///   two cores: a preference settles conflicts but never changes which
    ///   there are (a law the property suite checks), so those two give
    ///   both sides of every marked block, and the first merge (the
    ///   report's) its base part. The two are made from the report's merge
    ///   as its objects left it (an overlay of it): only the objects
    ///   whose merge met a conflict are merged again, the orders are read
    ///   once and an order merged without a conflict is not merged again;
    ///   O(*c* + *d*) for *c* conflicted and *d* changed objects, plus one
    ///   copy of the result's rows (the first side to start copies them,
    ///   the other changes them in place). Where that cannot tell (the
    ///   sides' re-keys conflict, or an object a side drops comes back),
    ///   that side is merged in full, with the re-keys the first merge found.
    public static func graphs(base: Graph, mine: Graph, theirs: Graph, prefer: MergeSide?,
                              markers: ConflictMarkerWriter.Markers?, ignored: IgnoredProperties = IgnoredProperties(),
                              detectsRekeys: Bool = true) throws -> MergeText {
        try graphs(base: base, mine: mine, theirs: theirs, decisions: MergeDecisions(prefer: prefer), markers: markers, ignored: ignored,
                   detectsRekeys: detectsRekeys)
    }

    /// ``graphs(base:mine:theirs:prefer:markers:ignored:detectsRekeys:)`` with each
    /// conflict settled by `decisions`; those it leaves open are marked.
    public static func graphs(base: Graph, mine: Graph, theirs: Graph, decisions: MergeDecisions,
                              markers: ConflictMarkerWriter.Markers?, ignored: IgnoredProperties = IgnoredProperties(),
                              detectsRekeys: Bool = true) throws -> MergeText {
        // The report first: clean (or settled), it is the result.
        var detected: DetectedRekeys?
        let (report, overlay): (MergeResult, Graph.MergeOverlay?) = markers == nil
            ? (try Graph.merge(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored, detectsRekeys: detectsRekeys,
                               detected: &detected), nil)
            : try Graph.mergeKeepingOverlay(base: base, mine: mine, theirs: theirs, decisions: decisions, ignored: ignored,
                                            detectsRekeys: detectsRekeys, detected: &detected)
        guard let markers, report.conflicts.contains(where: { $0.resolvedBy == nil }) else {
            return MergeText(textOf: report.graph, conflicts: report.conflicts)
        }
        // Each side made from the report's merge where it can be (its
        // objects merged once, the conflicted ones again), else merged in
        // full with the re-keys the report's merge found; each result is
        // checked where it differs from the report's.
        let rekeys = detected
        func resolved(_ side: MergeSide) -> Result<MergeResult, Error> {
            Result {
                if let overlay, let result = overlay.resolved(as: side, alike: report.graph) { return result }
                var found = rekeys
                return try Graph.merge(base: base, mine: mine, theirs: theirs, decisions: decisions.writingOpen(as: side), ignored: ignored,
                                       detectsRekeys: detectsRekeys, detected: &found, alike: report.graph)
            }
        }
        let (forMine, forTheirs) = inParallel({ resolved(.mine) }, { resolved(.theirs) })
        // The base's part of each block is the report's: keeping it
        // everywhere gives the report's result, a valid graph.
        return MergeText(markersOf: try forMine.get().graph, try forTheirs.get().graph, base: report.graph, markers: markers,
                         conflicts: report.conflicts)
    }

    /// Merges three JSON documents (no schema) and writes the result in
    /// mine's member order (theirs' new members where theirs has them), in
    /// `layout` (mine's: indentation, line ends, final newline, byte order
    /// mark; ``TextLayout/init(of:)``).
    ///
    /// - Complexity: that of ``JSONMerge/merge(base:mine:theirs:options:)``,
    ///   three times with open conflicts.
    public static func documents(base: JSONValue, mine: JSONValue, theirs: JSONValue, options: JSONMerge.Options,
                                 markers: ConflictMarkerWriter.Markers?, layout: TextLayout = TextLayout()) -> MergeText {
        let style = layout.style
        let result = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: options)
        let open = result.conflicts.contains { $0.resolvedBy == nil }
        guard open, let markers else {
            return MergeText(pieces: [layout.apply(to: JSONWriter.write(result.value, style: style) + [0x0A])], conflicts: result.conflicts)
        }
        var preferring = options
        preferring.decisions = options.decisions.writingOpen(as: .mine)
        let forMine = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: preferring).value
        preferring.decisions = options.decisions.writingOpen(as: .theirs)
        let forTheirs = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: preferring).value
        // Some conflicts settled one by one: the base's lines cannot be told
        // from the base alone, so they quote the merged result that keeps the
        // rest open (arrays are then not opened).
        let text = options.decisions.isUniform
            ? ConflictMarkerWriter.write(mine: forMine, theirs: forTheirs, base: base, style: style, markers: markers)
            : ConflictMarkerWriter.write(mine: forMine, theirs: forTheirs, base: result.value, baseIsResult: true, style: style, markers: markers)
        return MergeText(pieces: [layout.apply(to: text)], conflicts: result.conflicts)
    }
}
