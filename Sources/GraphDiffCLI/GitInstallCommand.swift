import Foundation
import GraphDiff

/// `graphdiff git install|uninstall`: registers the drivers with git.
enum GitInstallCommand: Subcommand {
    static let name = "git"
    static let usage = "graphdiff git install|uninstall [--global] [--force] [PATTERN...]"
    static let help = Help.git
    static let defaultPattern = "*.graph.json"
    /// The attributes line for Core Data model files: their versions diff
    /// as a schema diff (merging them stays git's).
    static let modelLine = "**/*.xcdatamodel/contents diff=graphdiff"

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        guard let action = arguments.first, action == "install" || action == "uninstall" else {
            throw CommandFailure.usage("expected 'install' or 'uninstall'")
        }
        let args = try ParsedArguments(Array(arguments.dropFirst()), spec: .git)
        let global = args.has("--global")
        let patterns = args.operands.isEmpty ? [defaultPattern] : args.operands
        let scope = global ? ["--global"] : []
        let attributes = try attributesFile(global: global, environment: io.environment)
        let own = ownExecutable()
        if action == "install" && !args.has("--force"), let own, let folder = buildFolder(of: own) {
            throw CommandFailure.trouble("""
                refusing to register \(own.path): it is inside the build folder \(folder), \
                which the next build or 'swift package clean' replaces, and git would run it on every diff and merge
                Install graphdiff first ('make install', or 'make install PREFIX=$HOME/.local' without root) \
                and run the installed 'graphdiff git install'; --force registers this binary anyway.
                """)
        }
        let binary = executableForConfig(own)
        let settings = [
            ("diff.graphdiff.command", "\(binary) git-diff"),
            ("diff.graphdiff.textconv", "\(binary) textconv"),
            ("merge.graphdiff.name", "graphdiff: three-way merge of object graphs"),
            ("merge.graphdiff.driver", "\(binary) git-merge \(GitMergeArguments.placeholders)"),
            // Merging merge bases (criss-cross histories): conflicts keep the
            // base's values, so the outer merge still sees a graph.
            ("merge.graphdiff.recursive", "graphdiff-base"),
            ("merge.graphdiff-base.name", "graphdiff: merge of merge bases"),
            ("merge.graphdiff-base.driver", "\(binary) git-merge --virtual-base \(GitMergeArguments.placeholders)"),
            // git mergetool --tool=graphdiff: the terminal session over the typed conflicts.
            ("mergetool.graphdiff.cmd", "\(binary) mergetool \"$BASE\" \"$LOCAL\" \"$REMOTE\" \"$MERGED\""),
            ("mergetool.graphdiff.trustExitCode", "true"),
        ]
        // Without patterns, Core Data model files too, for diffs only.
        let lines = patterns.map { "\($0) diff=graphdiff merge=graphdiff" } + (args.operands.isEmpty ? [modelLine] : [])
        // Every precondition before anything is written.
        let existing = try readAttributes(attributes, io: io)
        if action == "install" {
            let missing = GitAttributesFile.missing(lines, in: existing)
            if !missing.isEmpty { try checkWritable(attributes) }
            for (key, value) in settings {
                let current = ProcessRunner.run(["git", "config"] + scope + ["--get", key]).line
                // By bytes: String == would take an NFD spelling of the path for ours.
                if current.elementsEqual(value.utf8) {
                    io.out("unchanged: \(key) = \(value)\n")
                    continue
                }
                let r = ProcessRunner.run(["git", "config"] + scope + [key, value])
                guard r.status == 0 else { throw CommandFailure.trouble("git config \(key): \(r.stderr)") }
                io.out("set \(global ? "global " : "")\(key) = \(value)\n")
            }
            if missing.isEmpty {
                io.out("unchanged: \(attributes)\n")
            } else {
                try FileManager.default.createDirectory(atPath: (attributes as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileAccess.writeAtomically(GitAttributesFile.adding(missing, to: existing), to: attributes)
                for line in missing { io.out("added to \(attributes): \(line)\n") }
            }
            if !global {
                io.err("""
                    note: the drivers are set in this clone's .git/config, which git does not share;
                    .gitattributes is committed. In another clone, run 'graphdiff git install' there too:
                    without it, git diffs and merges these files as text.

                    """)
            }
        } else {
            let kept = GitAttributesFile.removing(lines, from: existing)
            if kept != existing { try checkWritable(attributes) }
            for (key, _) in settings {
                let r = ProcessRunner.run(["git", "config"] + scope + ["--unset-all", key])
                io.out(r.status == 0 ? "removed \(key)\n" : "unchanged: \(key) was not set\n")
            }
            if kept != existing {
                try FileAccess.writeAtomically(kept, to: attributes)
                io.out("removed from \(attributes): \(lines.joined(separator: ", "))\n")
            }
        }
        return .success
    }

    /// The repository's `.gitattributes`, or the attributes file git reads
    /// for every repository: `core.attributesFile` of the global
    /// configuration, its includes followed (a leading `~` is the home
    /// directory), else
    /// `$XDG_CONFIG_HOME/git/attributes`, else `$HOME/.config/git/attributes`,
    /// as git(1) looks for it (see gitattributes(5)).
    ///
    /// - Parameter environment: the variables git sees (`HOME`,
    ///   `XDG_CONFIG_HOME`): this process's, which git inherits.
    /// - Throws: ``CommandFailure`` (status 2) outside a repository without
    ///   `global`, when `core.attributesFile` is relative or cannot be
    ///   read, or when neither `HOME` nor `XDG_CONFIG_HOME` is set.
    static func attributesFile(global: Bool, environment: [String: String]) throws -> String {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard global else {
            let top = ProcessRunner.run(["git", "rev-parse", "--show-toplevel"])
            guard top.status == 0 else { throw CommandFailure.trouble("not in a git repository (run it inside one, or give --global)") }
            guard let path = top.lineText else { throw CommandFailure.trouble("the repository's path is not valid UTF-8; graphdiff cannot name its .gitattributes") }
            return path + "/.gitattributes"
        }
        // Includes followed and `~` expanded by git itself, as git reads it.
        let configured = ProcessRunner.run(["git", "config", "--global", "--includes", "--type=path", "--get", "core.attributesFile"])
        // Status 1: not set.
        guard configured.status == 0 || configured.status == 1 else {
            let reason = configured.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure.trouble("cannot read core.attributesFile: \(reason.isEmpty ? "git config failed" : reason)")
        }
        guard let path = configured.lineText else { throw CommandFailure.trouble("core.attributesFile is not valid UTF-8; graphdiff cannot name it") }
        if configured.status == 0 && !path.isEmpty {
            guard path.hasPrefix("/") else {
                throw CommandFailure.trouble(
                    "core.attributesFile is a relative path (\(path)), which git reads from each repository's working directory; set it to an absolute path (or one that starts with ~/) first")
            }
            return path
        }
        if let config = variable("XDG_CONFIG_HOME") { return config + "/git/attributes" }
        if let home = variable("HOME") { return home + "/.config/git/attributes" }
        throw CommandFailure.trouble("cannot find the global attributes file: neither HOME nor XDG_CONFIG_HOME is set")
    }

    /// The bytes of the attributes file, empty when there is none.
    ///
    /// - Throws: ``CommandFailure`` (status 2) when it exists and cannot be read.
    static func readAttributes(_ path: String, io: CommandIO) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw CommandFailure.trouble("\(path): \(FileAccess.errnoText())")
        }
        return try FileAccess.read(path, io: io)
    }

    /// Checks that the attributes file can be written (replaced, or
    /// created with its missing directories), so that a failure comes
    /// before any setting is changed.
    ///
    /// - Throws: ``CommandFailure`` (status 2) naming the file and the reason.
    static func checkWritable(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure.trouble("\(path): is a directory") }
            if access(path, W_OK) != 0 { throw CommandFailure.trouble("\(path): \(FileAccess.errnoText())") }
        }
        // The nearest directory that exists must take a new entry.
        var directory = (path as NSString).deletingLastPathComponent
        while !directory.isEmpty && stat(directory, &info) != 0 && directory != "/" {
            directory = (directory as NSString).deletingLastPathComponent
        }
        if directory.isEmpty {
            directory = "."
            guard stat(directory, &info) == 0 else { throw CommandFailure.trouble("\(path): \(FileAccess.errnoText())") }
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CommandFailure.trouble("\(path): \(directory) is not a directory") }
        if access(directory, W_OK | X_OK) != 0 { throw CommandFailure.trouble("\(path): \(directory): \(FileAccess.errnoText())") }
    }

    /// The running binary, symbolic links resolved: the path it was run by,
    /// or the file PATH finds for its name; nil when neither is known.
    static func ownExecutable() -> URL? {
        let invoked = CommandLine.arguments.first ?? "graphdiff"
        if invoked.contains("/") {
            return URL(fileURLWithPath: invoked).standardizedFileURL.resolvingSymlinksInPath()
        }
        return searchPath(invoked)
    }

    /// The build folder `binary` is in (see ``GitDriverBinary/buildFolder(of:siblings:)``).
    static func buildFolder(of binary: URL) -> String? {
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: binary.deletingLastPathComponent().path)) ?? []
        return GitDriverBinary.buildFolder(of: binary.path, siblings: siblings)
    }

    /// How git's configuration names the running binary `own`: `graphdiff`
    /// when PATH finds the same file, else its absolute path (quoted for
    /// the shell when needed).
    static func executableForConfig(_ own: URL?) -> String {
        guard let own else { return "graphdiff" }
        if let onPath = searchPath("graphdiff"), onPath.path == own.path { return "graphdiff" }
        let path = own.path
        return path.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+".contains($0) }) ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func searchPath(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.resolvingSymlinksInPath() }
        }
        return nil
    }
}
