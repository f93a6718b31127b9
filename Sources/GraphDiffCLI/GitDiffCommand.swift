import Foundation
import GraphDiff

/// `graphdiff git-diff`: git's external diff driver (`diff.graphdiff.command`).
enum GitDiffCommand: Subcommand {
    static let name = "git-diff"
    static let usage = "graphdiff git-diff [--schema FILE] [--color auto|always|never] [--exit-code] [--no-word-diff] [--ignore PATH]... GIT-ARGUMENTS..."
    static let help = Help.gitDiff

    /// The values `--color` takes.
    static let colorValues = ["auto", "always", "never"]

    /// The options before git's arguments, and git's arguments.
    struct Options {
        var schema: String?, color = "auto", exitCode = false, wordDiff = true, ignores: [String] = []
        /// git's arguments: what follows the options.
        var git: [String] = []
        /// The word after a bare `--color`, when it is not one of its values
        /// (a bare `--color` means always).
        var wordAfterBareColor: String?
        /// Whether a `--color` took its value from the next argument.
        var colorTookNext = false
    }

    /// Options come first; git's own arguments (paths may start with '-')
    /// follow. A bare `--color` takes the next argument as its value when
    /// that is auto, always or never and `colorTakesNext`; otherwise it
    /// means always.
    static func options(_ arguments: [String], colorTakesNext: Bool) throws -> Options {
        var rest = arguments[...]
        var o = Options()
        while let first = rest.first, first.hasPrefix("--") {
            rest = rest.dropFirst()
            switch first {
            case "--schema": o.schema = rest.popFirst()
            case "--ignore": o.ignores += rest.popFirst().map { [$0] } ?? []
            case "--color":
                if colorTakesNext, let next = rest.first, colorValues.contains(next) {
                    o.color = next
                    o.colorTookNext = true
                    rest = rest.dropFirst()
                } else {
                    o.color = "always"
                    if let next = rest.first, !next.hasPrefix("--") { o.wordAfterBareColor = next }
                }
            case let option where option.hasPrefix("--color="):
                o.color = String(option.dropFirst("--color=".count))
                guard colorValues.contains(o.color) else {
                    throw CommandFailure.usage("option '--color' must be one of \(colorValues.joined(separator: ", ")); got '\(o.color)'")
                }
            case "--exit-code": o.exitCode = true
            case "--no-word-diff": o.wordDiff = false
            case "--": break
            default: throw CommandFailure.usage("unknown option '\(first)'")
            }
            if first == "--" { break }
        }
        o.git = Array(rest)
        return o
    }

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        var o = try options(arguments, colorTakesNext: true)
        // `--color never` and one argument: an unmerged path named "never".
        if GitDiffArguments(o.git) == nil && o.colorTookNext { o = try options(arguments, colorTakesNext: false) }
        let (schema, color, exitCode, wordDiff, ignores) = (o.schema, o.color, o.exitCode, o.wordDiff, o.ignores)
        guard let git = GitDiffArguments(o.git) else {
            let hint = o.wordAfterBareColor.map {
                " ('\($0)' after a bare --color, which means always, is taken as git's; --color's value is one of \(colorValues.joined(separator: ", ")))"
            } ?? ""
            throw CommandFailure.usage("git passes 1, 7 or 9 arguments; got \(o.git.count)\(hint)")
        }
        guard case .change(let path, let oldSide, let newSide, let newPath, let metainfo) = git else {
            io.out(git.header)
            return .success
        }
        func read(_ side: GitDiffArguments.Side) -> [UInt8]? {
            side.isMissing ? nil : (try? FileAccess.read(side.file, io: io))
        }
        let oldBytes = read(oldSide), newBytes = read(newSide)
        // A rename or copy without content change: git prints the header and its metainfo only.
        if git.isPureRename(old: oldBytes, new: newBytes) {
            io.out(git.header)
            return .success
        }
        let useColor = color == "always" || (color == "auto" && colorFromGit(io: io))
        let schemaPath = schema ?? GitDiffDriver.schemaPath(path: path, newPath: newPath ?? path, old: oldBytes, new: newBytes)
        let ignored = try IgnoreFileAccess.ignores(ignores, path: newPath ?? path, io: io)
        let report = GitDiffDriver.describe(path: path, newPath: newPath ?? path, old: oldBytes, new: newBytes,
                                            schema: schemaPath.map { FileAccess.schemaFile($0, given: schema != nil) }, color: useColor,
                                            wordDiff: wordDiff, ignoring: ignored.paths, properties: ignored.properties)
        if let note = report.note { io.err("graphdiff: \(newPath ?? path): \(note)\n") }
        // No difference (only ignored paths, only the formatting, or the
        // same bytes under two object ids): no entry at all, as `diff`
        // prints nothing then; a mode change, rename or copy keeps git's
        // header.
        let sameFile = newPath == nil && metainfo == nil && !oldSide.isMissing && !newSide.isMissing && oldSide.mode == newSide.mode
        if !report.different && sameFile { return .success }
        io.out(git.header)
        io.out(report.text)
        return exitCode && report.different ? .failure : .success
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

    /// The schema file at `path` as the git drivers' fallback chain takes
    /// it (``GitInputs/SchemaFile``): its bytes, or that it is missing or
    /// unreadable.
    static func schemaFile(_ path: String, given: Bool) -> GitInputs.SchemaFile {
        guard FileManager.default.fileExists(atPath: path) else { return GitInputs.SchemaFile(path: path, bytes: nil, isGiven: given) }
        do {
            return GitInputs.SchemaFile(path: path, bytes: try readAll(path: path), isGiven: given)
        } catch {
            let firstLine = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            return GitInputs.SchemaFile(path: path, bytes: nil, readError: firstLine, isGiven: given)
        }
    }
}
