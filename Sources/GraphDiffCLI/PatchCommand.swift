import GraphDiff

/// `graphdiff patch`: applies a graphdiff patch (verified), an RFC 6902 JSON
/// Patch or an RFC 7386 merge patch.
enum PatchCommand: Subcommand {
    static let name = "patch"
    static let usage = "graphdiff patch [OPTIONS] TARGET PATCH [-o OUT | --in-place]"
    static let help = Help.patch

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .patch)
        try OptionConflicts.patch(args)
        guard args.operands.count == 2 else { throw CommandFailure.usage("two files are needed, TARGET and PATCH") }
        let (targetPath, patchPath) = (args.operands[0], args.operands[1])
        if targetPath == "-" && patchPath == "-" { throw CommandFailure.usage("only one input can be standard input") }
        if args.has("--in-place") && (args.value("--output") != nil || targetPath == "-") {
            throw CommandFailure.usage("--in-place writes TARGET itself: not with -o, nor with standard input")
        }
        let chosen = try args.value("--format").map { _ in try args.choice("--format", ["graphdiff", "json-patch", "merge-patch"], default: "graphdiff") }

        let targetLoader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: args.has("--force"),
                                          readsSchemas: try OptionConflicts.readsSchemas(args))
        targetLoader.stdinPath = try OptionConflicts.stdinPath(args)
        let target = try targetLoader.load(targetPath, schemaDocuments: false)
        let patchFile = try DocumentLoader(io: io, schemaOverride: nil, force: false).load(patchPath, useSchema: false)
        let format = chosen.flatMap(PatchFormat.init(rawValue:))
        var status = ExitStatus.success
        let outcome: PatchResult
        do {
            outcome = try (target.graph.map(PatchTarget.graph) ?? .json(target.json))
                .applying(patchFile.json, format: format, source: JSONSourceText(patchFile.bytes), reverse: args.has("--reverse"), force: args.has("--force"),
                          documentAsRead: { target.json })
        } catch {
            switch error.reason {
            case .notInvertible(let format):
                throw CommandFailure.usage("--reverse needs a graphdiff patch (it carries old values); a \(format.rawValue) cannot be inverted")
            case .needsGraphTarget:
                throw CommandFailure.trouble("\(targetPath): a graph patch needs a graph target, and no schema applies (give --schema or \"$schema\")")
            default:
                throw PatchFailure(error: error, patch: patchPath, target: targetPath)
            }
        }
        // The result is left to the process exit, as the inputs are.
        io.keepUntilExit(outcome)
        if outcome.countsChanges {
            if !outcome.skipped.isEmpty {
                io.err(outcome.skipped.map { "\(patchPath): skipped \($0)\n" }.joined())
                status = .failure
            }
            report(applied: outcome.applied, present: outcome.alreadyPresent, alreadyApplied: outcome.wasAlreadyApplied, target: targetPath,
                   check: args.has("--check"), io: io)
        } else if args.has("--check") {
            io.out("\(targetPath): the \(outcome.format.rawValue) applies\n")
        }
        if args.has("--check") { return status }
        let resultIsGraph = outcome.target.graph != nil
        if let output = args.value("--output"), output != "-", let graph = outcome.target.graph {
            // Written as it is made.
            try FileAccess.writeResult(of: graph, to: output, from: [target])
            return status
        }
        // A large graph's text comes in two pieces, written one after the other.
        let result = outcome.target.graph?.canonicalTextPieces() ?? [JSONWriter.canonical(outcome.target.document)]
        let shape: SchemaReference.TextShape = resultIsGraph ? .canonicalGraph : .json
        if let output = args.value("--output"), output != "-" {
            try FileAccess.writeResult(pieces: result, to: output, from: [target], shape: shape)
        } else if args.has("--in-place") {
            if !piecesEqual(result, target.bytes) { try FileAccess.writeAtomically(result, to: targetPath) }
        } else {
            io.out(pieces: FileAccess.resultForStandardOutput(pieces: result, io: io, from: [target], shape: shape))
        }
        return status
    }

    static func report(applied: Int, present: Int, alreadyApplied: Bool, target: String, check: Bool, io: CommandIO) {
        if alreadyApplied {
            io.err("graphdiff patch: already applied to \(target); nothing to change\n")
        } else if check {
            io.out("\(target): \(applied) change(s) apply" + (present > 0 ? ", \(present) already present" : "") + "\n")
        }
    }
}
