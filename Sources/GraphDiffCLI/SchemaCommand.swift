import GraphDiff

/// `graphdiff schema`: commands on models. Dispatches to its subcommands
/// (`schema import`, in `SchemaImportCommand.swift`).
enum SchemaCommand: Subcommand {
    static let name = "schema"
    static let usage = "graphdiff schema import MODEL [-o SCHEMA] [--version NAME] [--identity ENTITY=ATTRIBUTE]..."
    static let help = Help.schema

    /// The subcommands, by the word after `schema`.
    static let subcommands: [String: ([String], CommandIO) throws -> ExitStatus] = [
        "import": SchemaImportCommand.run,
    ]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        guard let word = arguments.first else { throw CommandFailure.usage("no subcommand given (import)") }
        guard let subcommand = subcommands[word] else {
            throw CommandFailure.usage("unknown subcommand '\(word)' (import)")
        }
        return try subcommand(Array(arguments.dropFirst()), io)
    }
}
