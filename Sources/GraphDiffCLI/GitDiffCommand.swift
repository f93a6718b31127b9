import Foundation
import GraphDiff

/// `graphdiff git-diff`: git's external diff driver (`diff.graphdiff.command`).
enum GitDiffCommand: Subcommand {
    static let name = "git-diff"
    static let usage = "graphdiff git-diff [--schema FILE] [--color auto|always|never] [--exit-code] GIT-ARGUMENTS..."
    static let help = Help.gitDiff

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        // Options come first; git's own arguments (paths may start with '-') follow.
        var rest = arguments[...]
        var schema: String?, color = "auto", exitCode = false
        while let first = rest.first, first.hasPrefix("--") {
            rest = rest.dropFirst()
            switch first {
            case "--schema": schema = rest.popFirst()
            case "--color": color = rest.popFirst() ?? "auto"
            case "--exit-code": exitCode = true
            case "--": break
            default: throw CommandFailure.usage("unknown option '\(first)'")
            }
            if first == "--" { break }
        }
        guard let git = GitDiffArguments(Array(rest)) else {
            throw CommandFailure.usage("git passes 1, 7 or 9 arguments; got \(rest.count)")
        }
        io.out(git.header)
        guard case .change(let path, let oldSide, let newSide, let newPath, _) = git else { return .success }
        func read(_ side: GitDiffArguments.Side) -> [UInt8]? {
            side.isMissing ? nil : (try? FileAccess.read(side.file, io: io))
        }
        let oldBytes = read(oldSide), newBytes = read(newSide)
        // A rename or copy without content change: git prints the header and its metainfo only.
        if git.isPureRename(old: oldBytes, new: newBytes) { return .success }
        let useColor = color == "always" || (color == "auto" && colorFromGit(io: io))
        let report = describe(path: path, newPath: newPath ?? path, old: oldBytes, new: newBytes, schema: schema, color: useColor)
        if let note = report.note { io.err("graphdiff: \(newPath ?? path): \(note)\n") }
        io.out(report.text)
        return exitCode && report.different ? .failure : .success
    }

    /// The report: graphdiff's when both sides are graphs, the structural
    /// JSON diff when both are JSON, a unified line diff otherwise; `note`
    /// says why a step down was taken. Never fails.
    static func describe(path: String, newPath: String, old: [UInt8]?, new: [UInt8]?, schema: String?, color: Bool)
        -> (text: [UInt8], different: Bool, note: String?)
    {
        // The same bytes (a mode change only): git's header says it all.
        if let old, let new, old == new { return ([], false, nil) }
        let header = "--- \(old == nil ? "/dev/null" : GitDiffArguments.quoted("a/" + path))\n+++ \(new == nil ? "/dev/null" : GitDiffArguments.quoted("b/" + newPath))\n"
        if let o = old ?? new, GitInputs.isBinary(o) || GitInputs.isBinary(new ?? []) || GitInputs.isBinary(old ?? []) {
            // Binary files, as git reports them.
            let a = old == nil ? "/dev/null" : GitDiffArguments.quoted("a/" + path), b = new == nil ? "/dev/null" : GitDiffArguments.quoted("b/" + newPath)
            return (Array("Binary files \(a) and \(b) differ\n".utf8), true, nil)
        }
        let context = RenderContext(oldName: "a/\(path)", newName: "b/\(newPath)", oldSource: old.map(JSONSourceText.init),
                                    newSource: new.map(JSONSourceText.init), color: color)
        let versions = [GitInputs.Version(label: "old", bytes: old), GitInputs.Version(label: "new", bytes: new)]
        var (kind, reason) = GitInputs.classify(versions, schemaOrder: [1, 0], workTreePath: new != nil ? newPath : path, override: schema)
        if case .graphs(let g) = kind {
            do {
                let changes = try ChangeSet.diff(from: g[0], to: g[1])
                return (Array((header + HumanRenderer.render(changes, context: context)).utf8), !changes.isEmpty, nil)
            } catch {
                reason = "the graph diff refused: \(GitInputs.firstLine(error))"
                kind = .json(versions.map { $0.bytes.flatMap { try? JSONReader.parse($0) } })
            }
        }
        if case .json(let d) = kind, let a = d[0], let b = d[1] {
            let edits = JSONDiff.diff(from: a, to: b)
            return (Array((header + HumanRenderer.render(edits, context: context)).utf8), !edits.isEmpty, reason.map { "diffing as plain JSON: \($0)" })
        }
        let unified = LineDiff.unified(old: old ?? [], new: new ?? [])
        return (unified.isEmpty ? [] : Array(header.utf8) + unified, !unified.isEmpty, reason.map { "diffing by lines: \($0)" })
    }

    /// git's own colour decision for diffs: `color.diff` / `color.ui`, with
    /// its pager counted as a terminal (GIT_PAGER_IN_USE).
    static func colorFromGit(io: CommandIO) -> Bool {
        let terminal = io.stdoutIsTerminal || io.environment["GIT_PAGER_IN_USE"] == "true"
        let outcome = ProcessRunner.run(["git", "config", "--get-colorbool", "color.diff", terminal ? "true" : "false"])
        return outcome.status == 0 && outcome.line.elementsEqual("true".utf8)
    }
}

extension FileAccess {
    /// The bytes of a file by path (not standard input).
    static func readAll(path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
