import GraphDiff

/// `graphdiff patch`: applies a graphdiff patch (verified), an RFC 6902 JSON
/// Patch or an RFC 7386 merge patch.
enum PatchCommand: Subcommand {
    static let name = "patch"
    static let usage = "graphdiff patch [OPTIONS] TARGET PATCH [-o OUT | --in-place]"
    static let help = Help.patch

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .patch)
        guard args.operands.count == 2 else { throw CommandFailure.usage("two files are needed, TARGET and PATCH") }
        let (targetPath, patchPath) = (args.operands[0], args.operands[1])
        if targetPath == "-" && patchPath == "-" { throw CommandFailure.usage("only one input can be standard input") }
        if args.has("--in-place") && (args.value("--output") != nil || targetPath == "-") {
            throw CommandFailure.usage("--in-place writes TARGET itself: not with -o, nor with standard input")
        }
        let chosen = try args.value("--format").map { _ in try args.choice("--format", ["graphdiff", "json-patch", "merge-patch"], default: "graphdiff") }

        let target: LoadedDocument
        let patchDocument: JSONValue
        do {
            let loader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: args.has("--force"))
            target = try loader.load(targetPath, schemaDocuments: false)
            patchDocument = try DocumentLoader(io: io, schemaOverride: nil, force: false).load(patchPath, useSchema: false).json
        } catch let failure as DocumentFailure {
            io.err(lines: failure.lines)
            return .trouble
        }
        let format = try chosen ?? detectFormat(patchDocument, path: patchPath)
        if args.has("--reverse") && format != "graphdiff" {
            throw CommandFailure.usage("--reverse needs a graphdiff patch (it carries old values); a \(format) cannot be inverted")
        }

        var result: [UInt8]
        var status = ExitStatus.success
        switch format {
        case "graphdiff":
            let decoded: PatchDocument.Decoded
            do { decoded = try PatchDocument.decode(patchDocument) } catch { throw CommandFailure.trouble("\(patchPath): \(error)") }
            switch decoded {
            case .graph(var changes):
                guard let graph = target.graph else {
                    throw CommandFailure.trouble("\(targetPath): a graph patch needs a graph target, and no schema applies (give --schema or \"$schema\")")
                }
                if args.has("--reverse") { changes = changes.inverted() }
                let outcome: PatchOutcome
                do {
                    outcome = try changes.apply(to: graph, force: args.has("--force"))
                } catch let e as PatchError.SchemaMismatch {
                    throw CommandFailure.trouble("\(patchPath): \(e) (use --force to go on)")
                } catch let e as PatchError.Rejected {
                    io.err("graphdiff patch: \(patchPath) does not apply to \(targetPath); nothing written\n")
                    io.err(e.mismatches.map { "\(patchPath): \($0)\n" }.joined())
                    return .failure
                } catch let e as PatchError.Inconsistent {
                    io.err("graphdiff patch: the result would be an invalid graph; nothing written\n")
                    io.err(e.problems.map { "\(targetPath): \($0)\n" }.joined())
                    return .failure
                }
                if !outcome.skipped.isEmpty {
                    io.err(outcome.skipped.map { "\(patchPath): skipped \($0)\n" }.joined())
                    status = .failure
                }
                report(applied: outcome.applied, present: outcome.alreadyPresent, alreadyApplied: outcome.wasAlreadyApplied, target: targetPath, check: args.has("--check"), io: io)
                result = outcome.graph.canonicalText()
            case .json(var edits):
                if args.has("--reverse") { edits = edits.inverted() }
                do {
                    let outcome = try JSONEdits.apply(edits, to: target.json)
                    report(applied: outcome.alreadyApplied ? 0 : edits.count, present: outcome.alreadyApplied ? edits.count : 0,
                           alreadyApplied: outcome.alreadyApplied, target: targetPath, check: args.has("--check"), io: io)
                    result = JSONWriter.canonical(outcome.document)
                } catch let e as PatchError.Rejected {
                    io.err("graphdiff patch: \(patchPath) does not apply to \(targetPath); nothing written\n")
                    io.err(e.mismatches.map { "\(patchPath): \($0)\n" }.joined())
                    return .failure
                }
            }
        default:
            let base = target.graph?.encoded() ?? target.json
            let patched: JSONValue
            if format == "json-patch" {
                do {
                    patched = try JSONPatch(parsing: patchDocument).apply(to: base)
                } catch let e as PatchError {
                    if case .malformed = e { throw CommandFailure.trouble("\(patchPath): \(e)") }
                    io.err("graphdiff patch: \(patchPath): \(e); nothing written\n")
                    return .failure
                }
            } else {
                patched = MergePatch.apply(patchDocument, to: base)
            }
            if let graph = target.graph {
                do {
                    var again = try Graph.load(patched, schema: graph.schema, source: nil, options: .init(ignoreFingerprint: args.has("--force")))
                    again.schemaReference = graph.schemaReference
                    result = again.canonicalText()
                } catch {
                    io.err("graphdiff patch: the result would be an invalid graph; nothing written\n")
                    io.err(Messages.lines(error, file: targetPath).map { $0 + "\n" }.joined())
                    return .failure
                }
            } else {
                result = JSONWriter.canonical(patched)
            }
            if args.has("--check") { io.out("\(targetPath): the \(format) applies\n") }
        }
        if args.has("--check") { return status }
        if let output = args.value("--output"), output != "-" {
            try FileAccess.writeResult(result, to: output, from: [target])
        } else if args.has("--in-place") {
            if result != target.bytes { try FileAccess.writeAtomically(result, to: targetPath) }
        } else {
            io.out(result)
        }
        return status
    }

    /// The patch format a document is written in.
    static func detectFormat(_ document: JSONValue, path: String) throws -> String {
        switch document {
        case .array: return "json-patch"
        case .object(let o):
            if let format = o["format"]?.stringValue {
                guard format == PatchDocument.formatTag else {
                    throw CommandFailure.trouble("\(path): unknown patch format \"\(format)\"; give --format to read it as a merge patch")
                }
                return "graphdiff"
            }
            return "merge-patch"
        default:
            throw CommandFailure.trouble("\(path): a patch is an array (RFC 6902) or an object (graphdiff patch, RFC 7386 merge patch), found \(document.kindName)")
        }
    }

    static func report(applied: Int, present: Int, alreadyApplied: Bool, target: String, check: Bool, io: CommandIO) {
        if alreadyApplied {
            io.err("graphdiff patch: already applied to \(target); nothing to change\n")
        } else if check {
            io.out("\(target): \(applied) change(s) apply" + (present > 0 ? ", \(present) already present" : "") + "\n")
        }
    }
}
