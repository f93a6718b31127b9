import Foundation
import GraphDiff

/// `graphdiff git install|uninstall`: registers the drivers with git.
enum GitInstallCommand: Subcommand {
    static let name = "git"
    static let usage = "graphdiff git install|uninstall [--global] [PATTERN...]"
    static let help = Help.git
    static let defaultPattern = "*.graph.json"

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        guard let action = arguments.first, action == "install" || action == "uninstall" else {
            throw CommandFailure.usage("expected 'install' or 'uninstall'")
        }
        let args = try ParsedArguments(Array(arguments.dropFirst()), flags: ["--global"], valued: [])
        let global = args.has("--global")
        let patterns = args.operands.isEmpty ? [defaultPattern] : args.operands
        let scope = global ? ["--global"] : []
        let attributes = try attributesFile(global: global, environment: io.environment)
        let binary = executableForConfig()
        let settings = [
            ("diff.graphdiff.command", "\(binary) git-diff"),
            ("merge.graphdiff.name", "graphdiff: three-way merge of object graphs"),
            ("merge.graphdiff.driver", "\(binary) git-merge \(GitMergeArguments.placeholders)"),
            // Merging merge bases (criss-cross histories): conflicts keep the
            // base's values, so the outer merge still sees a graph.
            ("merge.graphdiff.recursive", "graphdiff-base"),
            ("merge.graphdiff-base.name", "graphdiff: merge of merge bases"),
            ("merge.graphdiff-base.driver", "\(binary) git-merge --virtual-base \(GitMergeArguments.placeholders)"),
        ]
        let lines = patterns.map { "\($0) diff=graphdiff merge=graphdiff" }
        var existing = (try? String(contentsOfFile: attributes, encoding: .utf8)) ?? ""
        let present = Set(existing.split(separator: "\n").map(String.init))
        if action == "install" {
            for (key, value) in settings {
                let current = ProcessRunner.run(["git", "config"] + scope + ["--get", key]).stdout.trimmingCharacters(in: .newlines)
                if current == value {
                    io.out("unchanged: \(key) = \(value)\n")
                    continue
                }
                let r = ProcessRunner.run(["git", "config"] + scope + [key, value])
                guard r.status == 0 else { throw CommandFailure.trouble("git config \(key): \(r.stderr)") }
                io.out("set \(global ? "global " : "")\(key) = \(value)\n")
            }
            let missing = lines.filter { !present.contains($0) }
            if missing.isEmpty {
                io.out("unchanged: \(attributes)\n")
            } else {
                if !existing.isEmpty && !existing.hasSuffix("\n") { existing += "\n" }
                try FileManager.default.createDirectory(atPath: (attributes as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileAccess.writeAtomically(Array((existing + missing.joined(separator: "\n") + "\n").utf8), to: attributes)
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
            for (key, _) in settings {
                let r = ProcessRunner.run(["git", "config"] + scope + ["--unset-all", key])
                io.out(r.status == 0 ? "removed \(key)\n" : "unchanged: \(key) was not set\n")
            }
            let kept = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !lines.contains($0) }
            if kept.count != existing.split(separator: "\n", omittingEmptySubsequences: false).count {
                try FileAccess.writeAtomically(Array(kept.joined(separator: "\n").utf8), to: attributes)
                io.out("removed from \(attributes): \(lines.joined(separator: ", "))\n")
            }
        }
        return .success
    }

    /// The repository's `.gitattributes`, or the attributes file git reads
    /// for every repository: `core.attributesFile` of the global
    /// configuration (a leading `~` is the home directory), else
    /// `$XDG_CONFIG_HOME/git/attributes`, else `$HOME/.config/git/attributes`,
    /// as git(1) looks for it (see gitattributes(5)).
    ///
    /// - Parameter environment: the variables git sees (`HOME`,
    ///   `XDG_CONFIG_HOME`): this process's, which git inherits.
    /// - Throws: ``CommandFailure`` (status 2) outside a repository without
    ///   `global`, or when neither `HOME` nor `XDG_CONFIG_HOME` is set.
    static func attributesFile(global: Bool, environment: [String: String]) throws -> String {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard global else {
            let top = ProcessRunner.run(["git", "rev-parse", "--show-toplevel"])
            guard top.status == 0 else { throw CommandFailure.trouble("not in a git repository (run it inside one, or give --global)") }
            return top.stdout.trimmingCharacters(in: .newlines) + "/.gitattributes"
        }
        let configured = ProcessRunner.run(["git", "config", "--global", "--get", "core.attributesFile"])
            .stdout.trimmingCharacters(in: .newlines)
        if !configured.isEmpty {
            if configured == "~" || configured.hasPrefix("~/") {
                guard let home = variable("HOME") else {
                    throw CommandFailure.trouble("core.attributesFile is \(configured), and HOME is not set")
                }
                return home + configured.dropFirst()
            }
            // `~user/…`: that user's home directory.
            return configured.hasPrefix("~") ? (configured as NSString).expandingTildeInPath : configured
        }
        if let config = variable("XDG_CONFIG_HOME") { return config + "/git/attributes" }
        if let home = variable("HOME") { return home + "/.config/git/attributes" }
        throw CommandFailure.trouble("cannot find the global attributes file: neither HOME nor XDG_CONFIG_HOME is set")
    }

    /// The running binary: its name when PATH finds the same file, else its
    /// absolute path (quoted for the shell when needed).
    static func executableForConfig() -> String {
        let invoked = CommandLine.arguments.first ?? "graphdiff"
        let own: URL
        if invoked.contains("/") {
            own = URL(fileURLWithPath: invoked).standardizedFileURL.resolvingSymlinksInPath()
        } else if let found = searchPath(invoked) {
            own = found
        } else {
            return "graphdiff"
        }
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
