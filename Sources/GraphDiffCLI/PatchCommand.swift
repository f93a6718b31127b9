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
        let patchDocument = patchFile.json
        let patchSource = JSONSourceText(patchFile.bytes)
        func failure(_ error: PatchError) -> PatchFailure { PatchFailure(error: error, patch: patchPath, target: targetPath) }
        let format: PatchFormat
        if let given = chosen.flatMap(PatchFormat.init(rawValue:)) {
            format = given
        } else {
            do { format = try PatchFormat.detect(patchDocument) } catch { throw failure(error) }
        }
        if args.has("--reverse") && !format.isInvertible {
            throw CommandFailure.usage("--reverse needs a graphdiff patch (it carries old values); a \(format.rawValue) cannot be inverted")
        }

        var result: [UInt8]
        /// Whether `result` is a graph's canonical text.
        var resultIsGraph = false
        var status = ExitStatus.success
        do {
            switch format {
            case .graphdiff:
                if PatchDocument.isGraphPatch(patchDocument) && target.graph == nil {
                    throw CommandFailure.trouble("\(targetPath): a graph patch needs a graph target, and no schema applies (give --schema or \"$schema\")")
                }
                switch try PatchDocument.decode(patchDocument, schema: target.graph?.schema, source: patchSource) {
                case .graph(var changes):
                    guard let graph = target.graph else { throw CommandFailure.trouble("\(targetPath): a graph patch needs a graph target") }
                    if args.has("--reverse") { changes = changes.inverted() }
                    let outcome = try changes.apply(to: graph, force: args.has("--force"))
                    if !outcome.skipped.isEmpty {
                        io.err(outcome.skipped.map { "\(patchPath): skipped \($0)\n" }.joined())
                        status = .failure
                    }
                    report(applied: outcome.applied, present: outcome.alreadyPresent, alreadyApplied: outcome.wasAlreadyApplied, target: targetPath, check: args.has("--check"), io: io)
                    result = outcome.graph.canonicalText()
                    resultIsGraph = true
                case .json(var edits):
                    if args.has("--reverse") { edits = edits.inverted() }
                    let outcome = try JSONEdits.apply(edits, to: target.json)
                    report(applied: outcome.alreadyApplied ? 0 : edits.count, present: outcome.alreadyApplied ? edits.count : 0,
                           alreadyApplied: outcome.alreadyApplied, target: targetPath, check: args.has("--check"), io: io)
                    result = JSONWriter.canonical(outcome.document)
                }
            case .jsonPatch, .mergePatch:
                let force = args.has("--force")
                if format == .jsonPatch {
                    let patch = try JSONPatch(parsing: patchDocument, source: patchSource)
                    result = try target.graph.map { try $0.applying(patch, ignoreFingerprint: force).canonicalText() }
                        ?? JSONWriter.canonical(try patch.apply(to: target.json))
                    resultIsGraph = target.graph != nil
                } else {
                    result = try target.graph.map { try $0.applying(mergePatch: patchDocument, ignoreFingerprint: force).canonicalText() }
                        ?? JSONWriter.canonical(MergePatch.apply(patchDocument, to: target.json))
                    resultIsGraph = target.graph != nil
                }
                if args.has("--check") { io.out("\(targetPath): the \(format.rawValue) applies\n") }
            }
        } catch let error as PatchError {
            throw failure(error)
        }
        if args.has("--check") { return status }
        if let output = args.value("--output"), output != "-" {
            try FileAccess.writeResult(result, to: output, from: [target], shape: resultIsGraph ? .canonicalGraph : .json)
        } else if args.has("--in-place") {
            if !target.bytes.elementsEqual(result) { try FileAccess.writeAtomically(result, to: targetPath) }
        } else {
            io.out(FileAccess.resultForStandardOutput(result, io: io, from: [target], shape: resultIsGraph ? .canonicalGraph : .json))
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
