import Foundation
import GraphDiff
import GraphJSON

/// `graphdiff git-merge`: git's merge driver (`merge.graphdiff.driver`).
enum GitMergeCommand: Subcommand {
    static let name = "git-merge"
    static let usage = "graphdiff git-merge [--schema FILE] BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER]"
    static let help = Help.gitMerge

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        var rest = arguments[...]
        var schema: String?
        if rest.first == "--schema" {
            rest = rest.dropFirst()
            schema = rest.popFirst()
        }
        guard let git = GitMergeArguments(Array(rest)) else {
            throw CommandFailure.usage("expected BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER] (git's %O %A %B %L %P %S %X %Y)")
        }
        let base = try FileAccess.read(git.base, io: io), current = try FileAccess.read(git.current, io: io), other = try FileAccess.read(git.other, io: io)
        let markers = ConflictMarkerWriter.Markers(size: git.markerSize, mine: git.labelCurrent, base: git.labelBase, theirs: git.labelOther)
        let (text, conflicts) = merge(path: git.path, base: base, current: current, other: other, schema: schema, markers: markers)
        for line in conflicts { io.err("graphdiff: \(git.path): CONFLICT \(line)\n") }
        try FileAccess.writeAtomically(text, to: git.current)
        return conflicts.isEmpty ? .success : .failure
    }

    /// Graph merge when a schema applies and all three versions are graphs;
    /// structural JSON merge when all three are JSON; line merge otherwise.
    static func merge(path: String, base: [UInt8], current: [UInt8], other: [UInt8], schema: String?,
                      markers: ConflictMarkerWriter.Markers) -> (text: [UInt8], conflicts: [String]) {
        let documents = [base, current, other].map { try? JSONReader.parse($0) }
        if let b = documents[0], let m = documents[1], let t = documents[2] {
            if let schemaPath = WorkTreeSchema.path(for: m, workTreePath: path, override: schema) ?? WorkTreeSchema.path(for: t, workTreePath: path, override: nil),
                let bytes = try? FileAccess.readAll(path: schemaPath), let s = try? Schema.load(bytes)
            {
                let options = Graph.LoadOptions(ignoreFingerprint: true)
                if let gb = try? Graph.load(b, schema: s, source: nil, options: options), let gm = try? Graph.load(m, schema: s, source: nil, options: options),
                    let gt = try? Graph.load(t, schema: s, source: nil, options: options),
                    let merged = try? MergeText.graphs(base: gb, mine: gm, theirs: gt, prefer: nil, markers: markers)
                {
                    return (merged.text, merged.open.map(\.description))
                }
            }
            let merged = MergeText.documents(base: b, mine: m, theirs: t, options: .init(), markers: markers)
            return (merged.text, merged.open.map(\.description))
        }
        let lines = LineMerge.merge(base: String(decoding: base, as: UTF8.self), mine: String(decoding: current, as: UTF8.self),
                                    theirs: String(decoding: other, as: UTF8.self), markers: markers)
        return (Array(lines.text.utf8), lines.conflicts == 0 ? [] : ["\(lines.conflicts) conflicting chunk(s) in a file that is not JSON (merged by lines)"])
    }
}
