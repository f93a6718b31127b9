import Foundation
import GraphDiff

/// `graphdiff git-merge`: git's merge driver (`merge.graphdiff.driver`).
enum GitMergeCommand: Subcommand {
    static let name = "git-merge"
    static let usage = "graphdiff git-merge [--schema FILE] [--virtual-base] [--no-remember] [--ignore PATH]... BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER]"
    static let help = Help.gitMerge

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        // The options through the one option table (help and completions
        // are checked against it); they come before git's operands (the
        // first, %O, a temporary file, never starts with '-'), which are
        // never read as options: a work-tree path may start with '-'.
        var leading = 0
        while leading < arguments.count, arguments[leading].hasPrefix("-"), arguments[leading] != "--" {
            let name = arguments[leading].split(separator: "=", maxSplits: 1).map(String.init).first ?? ""
            let valued = CommandSpec.gitMerge.option(name)?.value != nil && !arguments[leading].contains("=")
            leading += valued ? 2 : 1
        }
        leading = min(leading, arguments.count)
        let rest = arguments.dropFirst(leading).first == "--" ? arguments.dropFirst(leading + 1) : arguments.dropFirst(leading)
        let args = try ParsedArguments(Array(arguments.prefix(leading)) + ["--"] + Array(rest), spec: .gitMerge)
        let schema = args.value("--schema")
        let virtualBase = args.has("--virtual-base")
        let ignores = args.all("--ignore")
        let remember = !args.has("--no-remember")
        guard let git = GitMergeArguments(args.operands) else {
            throw CommandFailure.usage("expected BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER] (git's %O %A %B %L %P %S %X %Y)")
        }
        let base = try FileAccess.read(git.base, io: io), current = try FileAccess.read(git.current, io: io), other = try FileAccess.read(git.other, io: io)
        let markers = ConflictMarkerWriter.Markers(size: git.markerSize, mine: git.labelCurrent, base: git.labelBase, theirs: git.labelOther)
        let schemaPath = schema ?? GitMergeDriver.schemaPath(path: git.path, base: base, current: current, other: other)
        let ignored = try IgnoreFileAccess.ignores(ignores, path: git.path, io: io)
        // The merge applies no key segment (graphdiff merge refuses them); say so rather than fail git.
        for pattern in ignored.paths.keyedPatterns {
            io.err("graphdiff: \(git.path): --ignore \(pattern): the merge driver does not apply key segments [NAME=VALUE]; use *\n")
        }
        // Remembered resolutions settle the conflicts they were made for
        // (not in a merge of merge bases, which no one resolves).
        var decisions = MergeDecisions()
        if remember && !virtualBase, let folder = DecisionsFile.rememberedFolder(near: nil) {
            DecisionsFile.readRemembered(folder, into: &decisions, io: io)
        }
        let outcome = GitMergeDriver.merge(path: git.path, base: base, current: current, other: other,
                                           schema: schemaPath.map { FileAccess.schemaFile($0, given: schema != nil) },
                                           markers: markers, virtualBase: virtualBase, ignoring: ignored.paths, properties: ignored.properties,
                                           decisions: decisions)
        let (pieces, conflicts, notes) = (outcome.pieces, outcome.conflicts, outcome.notes)
        for note in notes { io.err("graphdiff: \(git.path): \(note)\n") }
        if !virtualBase {
            for line in outcome.remembered { io.err("graphdiff: \(git.path): resolved from an earlier decision: \(line)\n") }
            for line in conflicts { io.err("graphdiff: \(git.path): CONFLICT \(line)\n") }
        }
        try FileAccess.writeAtomically(pieces, to: git.current)
        // A virtual merge base (git merging merge bases) is no one's to
        // resolve. A remembered resolution is applied and left for review,
        // as git's rerere does: the file stays unmerged until git add.
        return (conflicts.isEmpty && outcome.remembered.isEmpty) || virtualBase ? .success : .failure
    }
}
