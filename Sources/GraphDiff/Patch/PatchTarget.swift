import GraphDiffJSON

/// What a patch applies to: a graph (read with its schema) or a plain JSON
/// document. ``applying(_:format:source:reverse:force:)`` is the one entry
/// point of patching, over every format, both kinds of target and both
/// directions: what `graphdiff patch` calls.
///
///     let target = PatchTarget.graph(try Graph.load(contentsOfFile: "Samples/people/v1.graph.json"))
///     let patch = try JSONReader.parse(bytesOfPatchFile)
///     let result = try target.applying(patch)        // its format detected
///     result.target.graph?.canonicalText()           // the patched graph
public enum PatchTarget: Sendable, Equatable {
    /// A graph: every format applies and its result is checked as a file
    /// is when loaded.
    case graph(Graph)
    /// A JSON document that no schema applies to: RFC 6902 and RFC 7386
    /// patches, and graphdiff patches of plain JSON (`diff` of two
    /// documents without a schema).
    case json(JSONValue)

    /// The graph, when the target is one.
    public var graph: Graph? {
        if case .graph(let g) = self { return g }
        return nil
    }

    /// The target as a JSON document (a graph's is ``Graph/encoded()``).
    ///
    /// - Complexity: O(1) for a document; O(*n*) for a graph.
    public var document: JSONValue {
        switch self {
        case .graph(let g): return g.encoded()
        case .json(let d): return d
        }
    }

    /// The target with `patch` applied.
    ///
    /// - Parameters:
    ///   - patch: the patch document.
    ///   - format: how to read it; `nil` detects it (``PatchFormat/detect(_:)``).
    ///   - source: the patch's text, for the line and column of a change
    ///     at fault.
    ///   - reverse: apply the inverse (a graphdiff patch only: it carries
    ///     old values).
    ///   - force: apply a graph patch's matching changes and skip the others
    ///     (``PatchResult/skipped``); read a patch made for another schema
    ///     fingerprint.
    ///   - documentAsRead: for a graph target, its document as read from
    ///     its file: a graphdiff patch of plain JSON (made without a
    ///     schema) edits that document, not the graph, and gives JSON.
    ///     `nil`: the graph's document (``Graph/encoded()``).
    /// - Throws: ``PatchError``: the reasons of each format, and
    ///   ``PatchError/Reason/notInvertible(_:)`` for `reverse` with a patch
    ///   that cannot be inverted, ``PatchError/Reason/needsGraphTarget``
    ///   for a graph patch and a plain JSON target.
    /// - Complexity: that of the format's apply: O(*n* + *c*) expected for
    ///   a graphdiff patch of *c* changes to a graph of *n* objects; O(*n*)
    ///   in the size of the document for the others.
    public func applying(_ patch: JSONValue, format given: PatchFormat? = nil, source: JSONSourceText? = nil,
                         reverse: Bool = false, force: Bool = false, documentAsRead: (() -> JSONValue)? = nil) throws(PatchError) -> PatchResult {
        let format: PatchFormat
        if let given { format = given } else { format = try PatchFormat.detect(patch) }
        if reverse && !format.isInvertible { throw PatchError(.notInvertible(format)) }
        switch format {
        case .graphdiff:
            if PatchDocument.isGraphPatch(patch) && graph == nil { throw PatchError(.needsGraphTarget) }
            switch try PatchDocument.decode(patch, schema: graph?.schema, source: source) {
            case .graph(var changes):
                guard let graph else { throw PatchError(.needsGraphTarget) }
                if reverse { changes = changes.inverted() }
                let outcome = try changes.apply(to: graph, force: force)
                return PatchResult(target: .graph(outcome.graph), format: format, applied: outcome.applied,
                                   alreadyPresent: outcome.alreadyPresent, skipped: outcome.skipped)
            case .json(var edits):
                if reverse { edits = edits.inverted() }
                let outcome = try JSONEdits.apply(edits, to: documentAsRead?() ?? document)
                return PatchResult(target: .json(outcome.document), format: format, applied: outcome.alreadyApplied ? 0 : edits.count,
                                   alreadyPresent: outcome.alreadyApplied ? edits.count : 0, skipped: [])
            }
        case .jsonPatch:
            let parsed = try JSONPatch(parsing: patch, source: source)
            switch self {
            case .graph(let g): return PatchResult(target: .graph(try g.applying(parsed, ignoreFingerprint: force)), format: format)
            case .json(let d): return PatchResult(target: .json(try parsed.apply(to: d)), format: format)
            }
        case .mergePatch:
            switch self {
            case .graph(let g): return PatchResult(target: .graph(try g.applying(mergePatch: patch, ignoreFingerprint: force)), format: format)
            case .json(let d): return PatchResult(target: .json(MergePatch.apply(patch, to: d)), format: format)
            }
        }
    }
}

/// What ``PatchTarget/applying(_:format:source:reverse:force:)`` gives:
/// the patched target and, for a graphdiff patch, what each change did.
public struct PatchResult: Sendable, Equatable {
    /// The patched graph or document.
    public var target: PatchTarget
    /// The format the patch was read in.
    public var format: PatchFormat
    /// Changes applied now (a graphdiff patch; 0 for the other formats,
    /// which do not count changes).
    public var applied: Int
    /// Changes the target already had (a graphdiff patch).
    public var alreadyPresent: Int
    /// Changes that did not match and were skipped (only with `force`).
    public var skipped: [PatchMismatch]

    /// A result of `format` on `target`.
    public init(target: PatchTarget, format: PatchFormat, applied: Int = 0, alreadyPresent: Int = 0, skipped: [PatchMismatch] = []) {
        self.target = target
        self.format = format
        self.applied = applied
        self.alreadyPresent = alreadyPresent
        self.skipped = skipped
    }

    /// Whether the patch counts its changes (a graphdiff patch) rather
    /// than applying whole (RFC 6902 and RFC 7386).
    public var countsChanges: Bool { format == .graphdiff }

    /// Whether every change was already there: applying changed nothing.
    public var wasAlreadyApplied: Bool { PatchOutcome.wasAlreadyApplied(applied: applied, alreadyPresent: alreadyPresent, skipped: skipped.count) }
}
