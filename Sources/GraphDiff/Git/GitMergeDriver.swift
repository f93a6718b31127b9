import GraphDiffJSON

/// What git's merge driver does with the three versions of a file, as a
/// pure function of their bytes: graph merge when a schema applies and all
/// versions are graphs (an empty base, which git passes when both branches
/// added the file, is an empty graph); structural JSON merge when all are
/// JSON; line merge otherwise, as `git merge-file` does (binary files keep
/// one side). Each step down names its reason in ``Outcome/notes``.
///
///     let path = GitMergeDriver.schemaPath(path: "data/app.graph.json", base: b, current: c, other: o)
///     let outcome = GitMergeDriver.merge(path: "data/app.graph.json", base: b, current: c, other: o,
///                                        schema: path.map { GitInputs.SchemaFile(path: $0, bytes: read($0)) },
///                                        markers: .init(size: 7, mine: "HEAD", base: "base", theirs: "topic"))
public enum GitMergeDriver {
    /// The merged text, the open conflicts (one line each), and the reasons
    /// for each step down the fallback chain.
    public struct Outcome: Sendable {
        /// The merged file, in pieces to be written one after another
        /// (``MergeText/pieces``: a large merged graph's text is never
        /// joined).
        public var pieces: [[UInt8]]
        /// The merged file: ``pieces`` joined.
        public var text: [UInt8] {
            get { joinedPieces(pieces) }
            set { pieces = [newValue] }
        }
        /// One line per open conflict; empty when the merge is clean.
        public var conflicts: [String]
        /// Why the merge stepped down from a graph merge, if it did.
        public var notes: [String]
        /// One line per conflict a recorded decision settled.
        public var remembered: [String] = []

        init(pieces: [[UInt8]], conflicts: [String], notes: [String], remembered: [String] = []) {
            self.pieces = pieces
            self.conflicts = conflicts
            self.notes = notes
            self.remembered = remembered
        }

        init(text: [UInt8], conflicts: [String], notes: [String], remembered: [String] = []) {
            self.init(pieces: [text], conflicts: conflicts, notes: notes, remembered: remembered)
        }
    }

    /// The versions, as the fallback chain reads them: `$schema` counts in
    /// ours first, then theirs, then the base.
    static func versions(base: [UInt8], current: [UInt8], other: [UInt8]) -> [GitInputs.Version] {
        [GitInputs.Version(label: "base", bytes: base.isEmpty ? nil : base),
         GitInputs.Version(label: "ours", bytes: current), GitInputs.Version(label: "theirs", bytes: other)]
    }

    static let schemaOrder = [1, 2, 0]

    /// The schema file the versions' `$schema` names (ours first, then
    /// theirs, then the base), for the work-tree `path`; read it and give
    /// it to ``merge(path:base:current:other:schema:markers:virtualBase:ignoring:properties:)``.
    public static func schemaPath(path: String, base: [UInt8], current: [UInt8], other: [UInt8]) -> String? {
        GitInputs.schemaPath(of: versions(base: base, current: current, other: other), order: schemaOrder, workTreePath: path)
    }

    /// Merges the three versions of the file at work-tree `path`.
    ///
    /// - Parameters:
    ///   - schema: the schema file, as read (`nil`: none applies).
    ///   - markers: the markers' size and git's labels.
    ///   - virtualBase: merging merge bases: open conflicts keep the
    ///     base's values (a valid document for the outer merge), no markers.
    ///   - paths: JSON paths that take ours' value when the versions are
    ///     plain JSON (from `.graphdiff` and `--ignore`; see ``IgnoreFile``).
    ///   - properties: `ENTITY.PROPERTY` names that take ours' value when
    ///     they are graphs, besides the schema's `diff.ignore`; a name the
    ///     schema does not have makes the graph merge refuse (the next step
    ///     is taken).
    ///   - decisions: how conflicts are settled (remembered resolutions);
    ///     by default every one stays open.
    /// - Complexity: that of the merge taken: O(*n* log *n*) for *n*
    ///   objects, O(*n* · *d*) for lines.
    public static func merge(path: String, base: [UInt8], current: [UInt8], other: [UInt8], schema: GitInputs.SchemaFile?,
                             markers: ConflictMarkerWriter.Markers, virtualBase: Bool = false,
                             ignoring paths: IgnoredPaths = IgnoredPaths(), properties: [String] = [],
                             decisions: MergeDecisions = MergeDecisions()) -> Outcome {
        let jsonMarkers = virtualBase ? nil : markers
        let versions = versions(base: base, current: current, other: other)
        var (kind, reason) = GitInputs.classify(versions, schema: schema)
        if case .graphs(let g) = kind {
            do {
                let ignored = try IgnoredProperties(properties, schema: g[1].schema)
                let merged = try MergeText.graphs(base: g[0], mine: g[1], theirs: g[2], decisions: decisions, markers: jsonMarkers, ignored: ignored)
                return Outcome(pieces: merged.pieces, conflicts: merged.open.map(\.description), notes: [],
                               remembered: merged.conflicts.filter(\.remembered).map(\.description))
            } catch {
                reason = "the graph merge refused: \(GitInputs.firstLine(error))"
                kind = .json(versions.map { $0.bytes.flatMap { try? JSONReader.parse($0) } })
            }
        }
        if case .json(let d) = kind, let m = d[1], let t = d[2] {
            // No base (both added the file): an empty object of the same kind.
            var b = d[0]
            if b == nil, m.objectValue != nil, t.objectValue != nil { b = .object(JSONObject()) }
            if b == nil, m.arrayValue != nil, t.arrayValue != nil { b = .array([]) }
            if let b {
                let merged = MergeText.documents(base: b, mine: m, theirs: t, options: .init(decisions: decisions, ignored: paths), markers: jsonMarkers,
                                                 layout: TextLayout(of: current))
                return Outcome(pieces: merged.pieces, conflicts: merged.open.map(\.description), notes: reason.map { ["merging as plain JSON: \($0)"] } ?? [],
                               remembered: merged.conflicts.filter(\.remembered).map(\.description))
            }
        }
        if GitInputs.isBinary(base) || GitInputs.isBinary(current) || GitInputs.isBinary(other) {
            // Binary files (a NUL byte, as git judges): one side's bytes, never a line merge.
            let notes = reason.map { ["merging as binary: \($0)"] } ?? []
            if current == other || other == base { return Outcome(text: current, conflicts: [], notes: notes) }
            if current == base { return Outcome(text: other, conflicts: [], notes: notes) }
            return Outcome(text: current, conflicts: ["binary files changed on both sides (ours kept)"], notes: notes)
        }
        let lines = LineMerge.merge(base: base, mine: current, theirs: other, markers: markers)
        let notes = reason.map { ["merging by lines: \($0)"] } ?? []
        return Outcome(text: lines.text, conflicts: lines.conflicts == 0 ? [] : ["\(lines.conflicts) conflicting chunk(s) in a file that is not JSON (merged by lines)"],
                       notes: notes)
    }
}
