import Foundation
import GraphDiff

/// `graphdiff git-merge`: git's merge driver (`merge.graphdiff.driver`).
enum GitMergeCommand: Subcommand {
    static let name = "git-merge"
    static let usage = "graphdiff git-merge [--schema FILE] [--virtual-base] BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER]"
    static let help = Help.gitMerge

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        var rest = arguments[...]
        var schema: String?
        var virtualBase = false
        while let first = rest.first, first == "--schema" || first == "--virtual-base" {
            rest = rest.dropFirst()
            if first == "--schema" { schema = rest.popFirst() } else { virtualBase = true }
        }
        guard let git = GitMergeArguments(Array(rest)) else {
            throw CommandFailure.usage("expected BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER] (git's %O %A %B %L %P %S %X %Y)")
        }
        let base = try FileAccess.read(git.base, io: io), current = try FileAccess.read(git.current, io: io), other = try FileAccess.read(git.other, io: io)
        let markers = ConflictMarkerWriter.Markers(size: git.markerSize, mine: git.labelCurrent, base: git.labelBase, theirs: git.labelOther)
        let (text, conflicts, notes) = merge(path: git.path, base: base, current: current, other: other, schema: schema, markers: markers,
                                             virtualBase: virtualBase)
        for note in notes { io.err("graphdiff: \(git.path): \(note)\n") }
        if !virtualBase {
            for line in conflicts { io.err("graphdiff: \(git.path): CONFLICT \(line)\n") }
        }
        try FileAccess.writeAtomically(text, to: git.current)
        // A virtual merge base (git merging merge bases) is no one's to resolve.
        return conflicts.isEmpty || virtualBase ? .success : .failure
    }

    /// Graph merge when a schema applies and all versions are graphs (an
    /// empty base, which git passes when both branches added the file, is an
    /// empty graph); structural JSON merge when all are JSON; line merge
    /// otherwise. Each step down names its reason in `notes`.
    static func merge(path: String, base: [UInt8], current: [UInt8], other: [UInt8], schema: String?,
                      markers: ConflictMarkerWriter.Markers, virtualBase: Bool = false) -> (text: [UInt8], conflicts: [String], notes: [String]) {
        // For a virtual merge base, open conflicts keep the base's values
        // (a valid document for the outer merge), not markers.
        let jsonMarkers = virtualBase ? nil : markers
        let versions = [GitInputs.Version(label: "base", bytes: base.isEmpty ? nil : base),
                        GitInputs.Version(label: "ours", bytes: current), GitInputs.Version(label: "theirs", bytes: other)]
        var (kind, reason) = GitInputs.classify(versions, schemaOrder: [1, 2, 0], workTreePath: path, override: schema)
        if case .graphs(let g) = kind {
            do {
                let merged = try MergeText.graphs(base: g[0], mine: g[1], theirs: g[2], prefer: nil, markers: jsonMarkers)
                return (merged.text, merged.open.map(\.description), [])
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
                let merged = MergeText.documents(base: b, mine: m, theirs: t, options: .init(), markers: jsonMarkers,
                                                 layout: TextLayout(of: current))
                return (merged.text, merged.open.map(\.description), reason.map { ["merging as plain JSON: \($0)"] } ?? [])
            }
        }
        if GitInputs.isBinary(base) || GitInputs.isBinary(current) || GitInputs.isBinary(other) {
            // Binary files (a NUL byte, as git judges): one side's bytes, never a line merge.
            let notes = reason.map { ["merging as binary: \($0)"] } ?? []
            if current == other || other == base { return (current, [], notes) }
            if current == base { return (other, [], notes) }
            return (current, ["binary files changed on both sides (ours kept)"], notes)
        }
        let lines = LineMerge.merge(base: base, mine: current, theirs: other, markers: markers)
        let notes = reason.map { ["merging by lines: \($0)"] } ?? []
        return (lines.text, lines.conflicts == 0 ? [] : ["\(lines.conflicts) conflicting chunk(s) in a file that is not JSON (merged by lines)"], notes)
    }
}
