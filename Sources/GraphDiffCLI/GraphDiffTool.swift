import GraphDiff

/// The root command: dispatches to a subcommand and maps every error to a
/// message on standard error and an exit status. This is the only place
/// where errors become text.
enum GraphDiffTool {
    static let version = "0.1.0"

    /// The subcommands, in the order help lists them.
    static let commands: [Subcommand.Type] = [
        DiffCommand.self, PatchCommand.self, MergeCommand.self, ResolveCommand.self, MergeToolCommand.self, ValidateCommand.self, FormatCommand.self, TextconvCommand.self, LogCommand.self, BlameCommand.self, SchemaCommand.self,
        MigrateCommand.self,
        GitInstallCommand.self, GitDiffCommand.self, GitMergeCommand.self, CompletionCommand.self,
    ]

    /// Runs `graphdiff ARGUMENTS`.
    ///
    /// A write to standard output or standard error that failed makes the
    /// status 2, whatever the command found, with a message naming the
    /// stream and the reason: `graphdiff: standard output: No space left on
    /// device`.
    ///
    /// - Returns: the exit status (0, 1 or 2).
    static func run(_ arguments: [String], io: CommandIO) -> ExitStatus {
        let status = dispatch(arguments, io: io)
        guard let failure = io.writeFailure else { return status }
        io.err("graphdiff: \(failure)\n")
        return .trouble
    }

    /// Runs the command `arguments` names, or help.
    static func dispatch(_ arguments: [String], io: CommandIO) -> ExitStatus {
        guard let first = arguments.first else {
            io.err(Help.root)
            return .trouble
        }
        switch first {
        case "-h", "--help":
            io.out(Help.root)
            return .success
        case "--version":
            io.out("graphdiff \(version)\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
                io.out(Help.root)
                return .success
            }
            guard arguments.count == 2 else {
                io.err("graphdiff help: one command at most, got '\(arguments[2])' too\nUsage: graphdiff help [COMMAND]\n")
                return .trouble
            }
            if ["help", "-h", "--help"].contains(arguments[1]) {
                io.out(Help.help)
                return .success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                io.err("graphdiff: no such command '\(arguments[1])'\nSee 'graphdiff --help'.\n")
                return .trouble
            }
            io.out(command.help)
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = first.hasPrefix("-") ? "unknown option '\(first)'" : "no such command '\(first)'"
            io.err("graphdiff: \(hint)\nSee 'graphdiff --help'.\n")
            return .trouble
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            io.out(command.help)
            return .success
        }
        do {
            return try command.run(rest, io: io)
        } catch {
            let report = Messages.report(error, command: command)
            io.err(report.text)
            return report.status
        }
    }
}

/// One subcommand: its name, usage line, help text, and what it does.
protocol Subcommand {
    static var name: String { get }
    static var usage: String { get }
    static var help: String { get }
    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus
}
