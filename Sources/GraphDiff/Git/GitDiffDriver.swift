import GraphDiffJSON

/// What git's external diff driver prints for two versions of a file, as a
/// pure function of their bytes: the schema diff of a Core Data model file
/// (`*.xcdatamodel/contents`) whose versions import, graphdiff's report when
/// both sides are graphs, the structural JSON diff when both are JSON, a
/// unified line diff otherwise (binary files as git reports them). Never fails; ``Report/note``
/// says why a step down was taken.
///
///     let schemaPath = GitDiffDriver.schemaPath(path: p, newPath: p, old: a, new: b)
///     let report = GitDiffDriver.describe(path: p, newPath: p, old: a, new: b,
///                                         schema: schemaPath.map { GitInputs.SchemaFile(path: $0, bytes: read($0)) }, color: false)
public enum GitDiffDriver {
    /// The text to print after git's header, whether the sides differ, and
    /// why a step down the fallback chain was taken.
    public struct Report: Sendable {
        /// What to print after git's header.
        public var text: [UInt8]
        /// Whether the two versions differ.
        public var different: Bool
        /// Why the report stepped down from a graph diff, if it did.
        public var note: String?
    }

    static func versions(old: [UInt8]?, new: [UInt8]?) -> [GitInputs.Version] {
        [GitInputs.Version(label: "old", bytes: old), GitInputs.Version(label: "new", bytes: new)]
    }

    /// The work-tree path `$schema` is resolved against: the new path,
    /// unless the file was deleted.
    static func workTreePath(path: String, newPath: String, new: [UInt8]?) -> String { new != nil ? newPath : path }

    /// The schema file the versions' `$schema` names (the new side's first),
    /// for the work-tree paths; read it and give it to
    /// ``describe(path:newPath:old:new:schema:color:wordDiff:ignoring:properties:)``.
    public static func schemaPath(path: String, newPath: String, old: [UInt8]?, new: [UInt8]?) -> String? {
        GitInputs.schemaPath(of: versions(old: old, new: new), order: [1, 0], workTreePath: workTreePath(path: path, newPath: newPath, new: new))
    }

    /// The report for the versions `old` and `new` (`nil`: absent) of the
    /// file at `path` (`newPath` after a rename).
    ///
    /// - Parameters:
    ///   - schema: the schema file, as read (`nil`: none applies).
    ///   - color: colour the human report.
    ///   - wordDiff: show a changed long string as its changed words
    ///     (`false`: whole, as `diff --no-word-diff`).
    ///   - paths: JSON paths left out when the versions are plain JSON
    ///     (from `.graphdiff` and `--ignore`; see ``IgnoreFile``).
    ///   - properties: `ENTITY.PROPERTY` names left out when they are
    ///     graphs, besides the schema's `diff.ignore`; a name the schema
    ///     does not have makes the graph diff refuse (the next step is taken).
    /// - Complexity: that of the diff taken: O(*n* + *m*) expected for
    ///   graphs, O((*n* + *m*) · *d*) for lines.
    public static func describe(path: String, newPath: String, old: [UInt8]?, new: [UInt8]?, schema: GitInputs.SchemaFile?,
                                color: Bool, wordDiff: Bool = true, ignoring paths: IgnoredPaths = IgnoredPaths(),
                                properties: [String] = []) -> Report {
        // The same bytes (a mode change only): git's header says it all.
        if let old, let new, old == new { return Report(text: [], different: false, note: nil) }
        let a = old == nil ? "/dev/null" : GitDiffArguments.quoted("a/" + path)
        let b = new == nil ? "/dev/null" : GitDiffArguments.quoted("b/" + newPath)
        let header = "--- \(a)\n+++ \(b)\n"
        if let o = old ?? new, GitInputs.isBinary(o) || GitInputs.isBinary(new ?? []) || GitInputs.isBinary(old ?? []) {
            // Binary files, as git reports them.
            return Report(text: Array("Binary files \(a) and \(b) differ\n".utf8), different: true, note: nil)
        }
        // A Core Data model file: the schema diff of its versions, else lines.
        var modelReason: String?
        if isModelFile(newPath) || isModelFile(path) {
            switch describeModels(header: header, old: old, new: new, color: color) {
            case .success(let report): return report
            case .failure(let failure): modelReason = failure.reason
            }
        }
        let context = RenderContext(oldName: "a/\(path)", newName: "b/\(newPath)", oldSource: old.map(JSONSourceText.init),
                                    newSource: new.map(JSONSourceText.init), color: color, wordDiff: wordDiff)
        let versions = versions(old: old, new: new)
        var (kind, reason) = GitInputs.classify(versions, schema: schema)
        if case .graphs(let g) = kind {
            do {
                let ignored = try IgnoredProperties(properties, schema: g[1].schema)
                let changes = try ChangeSet.diff(from: g[0], to: g[1], options: DiffOptions(ignored: ignored))
                return Report(text: Array((header + HumanRenderer.render(changes, context: context)).utf8), different: !changes.isEmpty, note: nil)
            } catch {
                reason = "the graph diff refused: \(GitInputs.firstLine(error))"
                kind = .json(versions.map { $0.bytes.flatMap { try? JSONReader.parse($0) } })
            }
        }
        if case .json(let d) = kind, let x = d[0], let y = d[1] {
            let entries = JSONDiff.entries(from: paths.removing(from: x), to: paths.removing(from: y))
            return Report(text: Array((header + HumanRenderer.render(entries, context: context)).utf8), different: !entries.isEmpty,
                          note: reason.map { "diffing as plain JSON: \($0)" })
        }
        let unified = LineDiff.unified(old: old ?? [], new: new ?? [])
        return Report(text: unified.isEmpty ? [] : Array(header.utf8) + unified, different: !unified.isEmpty,
                      note: (modelReason ?? reason).map { "diffing by lines: \($0)" })
    }
}
