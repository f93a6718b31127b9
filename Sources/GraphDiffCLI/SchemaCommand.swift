import GraphDiff

/// `graphdiff schema`: commands on models. Dispatches to its subcommands
/// (`schema import`, in `SchemaImportCommand.swift`; `schema diff`, in
/// `SchemaDiffCommand.swift`), which share one option table
/// (``CommandSpec/schema``): an option of the other subcommand is a usage
/// error.
enum SchemaCommand: Subcommand {
    static let name = "schema"
    static let usage = "graphdiff schema import MODEL [-o SCHEMA] [--version NAME] \(modelOptions)\n"
        + "       graphdiff schema diff [--format human|json] [--color[=WHEN]] \(modelOptions) OLD NEW\n"
        + "       graphdiff schema diff [--format human|json] [--color[=WHEN]] \(modelOptions) --from VERSION [--to VERSION] MODEL"
    /// The options of every command that reads Core Data models, in usage lines.
    static let modelOptions = "[--identity ENTITY=ATTRIBUTE]... [--ordered chain|array] [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]..."
    static let help = Help.schema

    /// The subcommands, by the word after `schema`.
    static let subcommands: [String: ([String], CommandIO) throws -> ExitStatus] = [
        "import": SchemaImportCommand.run,
        "diff": SchemaDiffCommand.run,
    ]

    /// The options only `schema import` takes, and those only `schema diff`
    /// takes (`--identity`, `--ordered` and `--ordered-by` are both's).
    static let importOptions = ["--output", "--version"]
    static let diffOptions = ["--format", "--color", "--from", "--to"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        guard let word = arguments.first else { throw CommandFailure.usage("no subcommand given (import, diff)") }
        guard let subcommand = subcommands[word] else {
            throw CommandFailure.usage("unknown subcommand '\(word)' (import, diff)")
        }
        return try subcommand(Array(arguments.dropFirst()), io)
    }

    /// Refuses the options of `args` that belong to the other subcommand.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the first such option.
    static func refuse(_ options: [String], in args: ParsedArguments, subcommand: String) throws {
        if let given = options.first(where: { args.given($0) }) {
            throw CommandFailure.usage("\(given) is not an option of schema \(subcommand)")
        }
    }
}
