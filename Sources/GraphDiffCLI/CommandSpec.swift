/// The structured description of graphdiff's command line: every command,
/// its options (names, what value they take) and its operands. The option
/// parser of each command and the shell completions (`graphdiff completion`)
/// are both made from it; a test checks it against every `--help` text, so
/// the three cannot drift apart.
struct CommandSpec {
    /// What an option's value, or an operand, is.
    enum Value: Equatable {
        /// A file name: completed from the file system.
        case file
        /// One of these words (`--format human|json|…`).
        case choice([String])
        /// Free text such as `NAME` or `ENTITY:ID`, named by `placeholder`:
        /// nothing to complete.
        case text(String)
    }

    /// One option: its names, its value (nil for a flag) and a one-line
    /// description for the shells that show one.
    struct Option {
        /// The long name first (`--format`), then any short one (`-f`).
        var names: [String]
        var value: Value?
        var summary: String
        /// May be given more than once (`--include`).
        var repeatable = false
        /// Set when the value is optional: what the option alone means
        /// (`--color` is `--color=always`). Such a value comes only after
        /// `=`, never in the next argument.
        var bareValue: String? = nil
        /// The first operand this option belongs to (`schema diff`'s
        /// `--format`), when the command has forms (``CommandSpec/firstOperand``):
        /// completions offer it only once that operand is given. `nil`:
        /// every form takes it.
        var onlyWith: String? = nil

        /// The name the parser reports the option under.
        var canonical: String { names[0] }
    }

    var name: String
    /// One line, as the top-level help lists the command.
    var summary: String
    var options: [Option]
    /// What the first operand is, when it is not like the rest (`git install|uninstall`).
    var firstOperand: Value?
    /// What the operands (after the first, when `firstOperand` is set) are;
    /// nil when there are none.
    var operands: Value?

    /// `-h`, `--help`, which every command takes (the dispatcher handles it).
    static let helpOption = Option(names: ["--help", "-h"], value: nil, summary: "Show help")

    /// The forms that take options of their own (`import`, `diff`), each
    /// with those options, in the order of ``firstOperand``'s words.
    var forms: [(operand: String, options: [Option])] {
        guard case .choice(let words)? = firstOperand else { return [] }
        return words.compactMap { word in
            let own = options.filter { $0.onlyWith == word }
            return own.isEmpty ? nil : (word, own)
        }
    }

    /// The options every form of the command takes.
    var sharedOptions: [Option] { options.filter { $0.onlyWith == nil } }

    /// The option named `name` (long or short).
    func option(_ name: String) -> Option? { options.first { $0.names.contains(name) } }
}

extension CommandSpec {
    static let schemaOption = Option(names: ["--schema"], value: .file, summary: "Read the inputs as graphs of this schema")
    static let noSchemaOption = Option(names: ["--no-schema"], value: nil, summary: "Read graph files as plain JSON, ignoring \"$schema\"")
    static let stdinPathOption = Option(names: ["--stdin-path"], value: .file, summary: "Where standard input's content lives, for its \"$schema\"")
    static let colorValues = ["auto", "always", "never"]
    /// The values of `--ordered` (how an ordered to-many with a to-one inverse is imported).
    static let orderedValues = ["chain", "array"]

    static let diff = CommandSpec(
        name: "diff", summary: "Show what changed between two graphs (or JSON documents)",
        options: [
            Option(names: ["--format", "-f"], value: .choice(DiffCommand.formats), summary: "Output format"),
            Option(names: ["--stat"], value: nil, summary: "Print only the summary"),
            Option(names: ["--quiet", "-q"], value: nil, summary: "Print nothing; only set the exit status"),
            Option(names: ["--output", "-o"], value: .file, summary: "Write to this file instead of standard output"),
            schemaOption,
            noSchemaOption,
            stdinPathOption,
            Option(names: ["--force"], value: nil, summary: "Go on if the schema fingerprints differ"),
            Option(names: ["--root"], value: .text("ENTITY:ID"), summary: "Only the objects this object owns"),
            Option(names: ["--include"], value: .text("ENTITY.RELATIONSHIP"), summary: "Also follow this relationship with --root", repeatable: true),
            Option(names: ["--exclude"], value: .text("ENTITY.RELATIONSHIP"), summary: "Never follow this relationship with --root", repeatable: true),
            Option(names: ["--array-key"], value: .text("NAME"), summary: "Match array elements by this member"),
            Option(names: ["--ignore"], value: .text("PATH"), summary: "Leave out differences at this path", repeatable: true),
            Option(names: ["--only"], value: .text("PATH"), summary: "Show only differences at this path", repeatable: true),
            Option(names: ["--numbers"], value: .choice(["value", "text"]), summary: "Compare numbers by value or by text"),
            Option(names: ["--color"], value: .choice(colorValues), summary: "Colour the human report", bareValue: "always"),
            Option(names: ["--no-word-diff"], value: nil, summary: "Show changed long strings whole, not word by word"),
            Option(names: ["--no-rekeys"], value: nil, summary: "Report a re-keyed object as deleted and inserted"),
            helpOption,
        ],
        operands: .file)

    static let patch = CommandSpec(
        name: "patch", summary: "Apply a patch: graphdiff's (verified), RFC 6902 or RFC 7386",
        options: [
            Option(names: ["--output", "-o"], value: .file, summary: "Write the result to this file"),
            Option(names: ["--in-place", "-i"], value: nil, summary: "Replace the target"),
            Option(names: ["--reverse", "-R"], value: nil, summary: "Apply the inverse of a graphdiff patch"),
            Option(names: ["--check"], value: nil, summary: "Verify and report; write nothing"),
            Option(names: ["--force"], value: nil, summary: "Apply the changes that match, report the others"),
            Option(names: ["--format", "-f"], value: .choice(["graphdiff", "json-patch", "merge-patch"]), summary: "Read the patch in this format"),
            Option(names: ["--schema"], value: .file, summary: "Read the target as a graph of this schema"),
            noSchemaOption,
            stdinPathOption,
            helpOption,
        ],
        operands: .file)

    static let merge = CommandSpec(
        name: "merge", summary: "Merge two edits of one base; report real conflicts only",
        options: [
            Option(names: ["--output", "-o"], value: .file, summary: "Write the result to this file"),
            Option(names: ["--quiet", "-q"], value: nil, summary: "Print nothing; only set the exit status"),
            Option(names: ["--prefer"], value: .choice(["mine", "theirs", "base", "union"]), summary: "Settle every conflict for one side, the base, or the union"),
            Option(names: ["--decisions"], value: .file, summary: "Settle the conflicts this file chooses for"),
            Option(names: ["--conflicts"], value: .choice(["markers", "report"]), summary: "Conflict markers, or the base values"),
            Option(names: ["--report"], value: .file, summary: "Write every conflict as JSON to this file"),
            Option(names: ["--report-format"], value: .choice(MergeCommand.reportFormats), summary: "Write the --report as json or as an HTML page"),
            Option(names: ["--marker-size"], value: .text("N"), summary: "Length of the conflict markers"),
            Option(names: ["--label-mine"], value: .text("NAME"), summary: "Label after the mine marker"),
            Option(names: ["--label-base"], value: .text("NAME"), summary: "Label after the base marker"),
            Option(names: ["--label-theirs"], value: .text("NAME"), summary: "Label after the theirs marker"),
            Option(names: ["--array-key"], value: .text("NAME"), summary: "Merge arrays of objects by this member"),
            Option(names: ["--ignore"], value: .text("PATH"), summary: "Take mine's value at this path; never a conflict", repeatable: true),
            Option(names: ["--only"], value: .text("PATH"), summary: "Merge only theirs' changes at this path", repeatable: true),
            Option(names: ["--no-rekeys"], value: nil, summary: "Merge identities as they are, not following re-keys"),
            schemaOption,
            noSchemaOption,
            stdinPathOption,
            Option(names: ["--force"], value: nil, summary: "Go on if a schema fingerprint differs"),
            helpOption,
        ],
        operands: .file)

    static let resolve = CommandSpec(
        name: "resolve", summary: "List the conflicts left in a merged file, or settle them",
        options: [
            Option(names: ["--list"], value: nil, summary: "Print each conflict left"),
            Option(names: ["--format", "-f"], value: .choice(["text", "json"]), summary: "How --list prints them"),
            Option(names: ["--mine"], value: nil, summary: "Keep mine's side of every conflict"),
            Option(names: ["--theirs"], value: nil, summary: "Keep theirs' side of every conflict"),
            Option(names: ["--base"], value: nil, summary: "Keep the base's side of every conflict"),
            Option(names: ["--union"], value: nil, summary: "Keep both sides' additions in conflicts between arrays"),
            Option(names: ["--forget"], value: nil, summary: "Forget the remembered resolutions of these conflicts"),
            Option(names: ["--path"], value: .text("POINTER"), summary: "Only the conflicts at or under this JSON Pointer", repeatable: true),
            Option(names: ["--object"], value: .text("ENTITY:ID[.PROPERTY]"), summary: "Only the conflicts of this object (or property)", repeatable: true),
            Option(names: ["--no-remember"], value: nil, summary: "Neither apply nor record remembered resolutions"),
            Option(names: ["--output", "-o"], value: .file, summary: "Write the result to this file instead of FILE"),
            Option(names: ["--array-key"], value: .text("NAME"), summary: "Merge arrays of objects by this member, as merge did"),
            Option(names: ["--marker-size"], value: .text("N"), summary: "Length of the conflict markers"),
            helpOption,
        ],
        operands: .file)

    static let mergetool = CommandSpec(
        name: "mergetool", summary: "Settle a merge's conflicts one at a time in the terminal (git mergetool)",
        options: [
            Option(names: ["--no-remember"], value: nil, summary: "Neither apply nor record remembered resolutions"),
            Option(names: ["--array-key"], value: .text("NAME"), summary: "Merge arrays of objects by this member"),
            helpOption,
        ],
        operands: .file)

    static let validate = CommandSpec(
        name: "validate", summary: "Check graph, schema or JSON files; list every problem",
        options: [
            Option(names: ["--schema"], value: .file, summary: "Check graphs against this schema"),
            noSchemaOption,
            stdinPathOption,
            Option(names: ["--force"], value: nil, summary: "Check a graph whose fingerprint names another schema"),
            Option(names: ["--quiet", "-q"], value: nil, summary: "Print nothing for valid files"),
            helpOption,
        ],
        operands: .file)

    static let fmt = CommandSpec(
        name: "fmt", summary: "Write a graph (or any JSON) in canonical form",
        options: [
            Option(names: ["--schema"], value: .file, summary: "Read the file as a graph of this schema"),
            noSchemaOption,
            stdinPathOption,
            Option(names: ["--force"], value: nil, summary: "Go on if the fingerprint names another schema"),
            Option(names: ["--output", "-o"], value: .file, summary: "Write to this file instead of standard output"),
            Option(names: ["--in-place", "-i"], value: nil, summary: "Replace the file"),
            Option(names: ["--check"], value: nil, summary: "Write nothing; exit 1 if not canonical"),
            helpOption,
        ],
        operands: .file)

    static let log = CommandSpec(
        name: "log", summary: "The commits that changed a graph file, each with its graph diff",
        options: [
            Option(names: ["--format", "-f"], value: .choice(LogCommand.formats), summary: "Output format"),
            Option(names: ["--stat"], value: nil, summary: "Counts per entity instead of the changes"),
            Option(names: ["--object"], value: .text("ENTITY:ID"), summary: "Only the commits that changed this object", repeatable: true),
            Option(names: ["--property"], value: .text("NAME"), summary: "Only the commits that changed this property", repeatable: true),
            Option(names: ["--schema"], value: .file, summary: "Read every version as a graph of this schema"),
            helpOption,
        ],
        operands: .file)

    static let blame = CommandSpec(
        name: "blame", summary: "Per object and property, the commit that last set it",
        options: [
            Option(names: ["--format", "-f"], value: .choice(BlameCommand.formats), summary: "Output format"),
            Option(names: ["--rev"], value: .text("REVISION"), summary: "Blame the file as it is in this revision"),
            Option(names: ["--schema"], value: .file, summary: "Read every version as a graph of this schema"),
            helpOption,
        ],
        operands: .file)

    static let textconv = CommandSpec(
        name: "textconv", summary: "Write a graph as one line per property, for git's textconv",
        options: [helpOption],
        operands: .file)

    static let schema = CommandSpec(
        name: "schema", summary: "Import a Core Data model; show how a model changed",
        options: [
            Option(names: ["--output", "-o"], value: .file, summary: "Write the schema to this file (import)", onlyWith: "import"),
            Option(names: ["--version"], value: .text("NAME"), summary: "The version of a .xcdatamodeld to read (import)", onlyWith: "import"),
            Option(names: ["--identity"], value: .text("ENTITY=ATTRIBUTE"), summary: "The identity attribute of an entity in a Core Data model", repeatable: true),
            Option(names: ["--ordered"], value: .choice(orderedValues), summary: "Keep ordered to-manys with a to-one inverse as chains or arrays"),
            Option(names: ["--ordered-by"], value: .text("ENTITY.RELATIONSHIP=ATTRIBUTE"), summary: "Keep a to-many ordered by a member attribute", repeatable: true),
            Option(names: ["--format", "-f"], value: .choice(SchemaDiffCommand.formats), summary: "Output format (diff)", onlyWith: "diff"),
            Option(names: ["--color"], value: .choice(colorValues), summary: "Colour the human report (diff)", bareValue: "always", onlyWith: "diff"),
            Option(names: ["--from"], value: .text("VERSION"), summary: "The old version of a .xcdatamodeld (diff)", onlyWith: "diff"),
            Option(names: ["--to"], value: .text("VERSION"), summary: "The new version of a .xcdatamodeld (diff)", onlyWith: "diff"),
            helpOption,
        ],
        firstOperand: .choice(["import", "diff"]), operands: .file)

    static let migrate = CommandSpec(
        name: "migrate", summary: "Move a graph to the next version of its schema",
        options: [
            Option(names: ["--to"], value: .file, summary: "The new version of the model: a schema or a Core Data model"),
            Option(names: ["--version"], value: .text("NAME"), summary: "The version of a .xcdatamodeld to migrate to"),
            Option(names: ["--output", "-o"], value: .file, summary: "Write to this file instead of standard output"),
            Option(names: ["--in-place", "-i"], value: nil, summary: "Replace the graph"),
            Option(names: ["--schema"], value: .file, summary: "Read the graph as a graph of this schema"),
            stdinPathOption,
            Option(names: ["--identity"], value: .text("ENTITY=ATTRIBUTE"), summary: "The identity attribute of an entity in a Core Data model", repeatable: true),
            Option(names: ["--ordered"], value: .choice(orderedValues), summary: "Keep ordered to-manys with a to-one inverse as chains or arrays"),
            Option(names: ["--ordered-by"], value: .text("ENTITY.RELATIONSHIP=ATTRIBUTE"), summary: "Keep a to-many ordered by a member attribute", repeatable: true),
            Option(names: ["--force"], value: nil, summary: "Go on if the graph's fingerprint names another schema"),
            helpOption,
        ],
        operands: .file)

    static let git = CommandSpec(
        name: "git", summary: "Install (or uninstall) the git diff and merge drivers",
        options: [
            Option(names: ["--global"], value: nil, summary: "The user's configuration instead of the repository's"),
            Option(names: ["--force"], value: nil, summary: "Register this binary even inside a build folder"),
            helpOption,
        ],
        firstOperand: .choice(["install", "uninstall"]), operands: .text("PATTERN"))

    static let gitDiff = CommandSpec(
        name: "git-diff", summary: "The git diff driver (git runs it)",
        options: [
            Option(names: ["--schema"], value: .file, summary: "The schema"),
            Option(names: ["--color"], value: .choice(colorValues), summary: "Colour the report", bareValue: "always"),
            Option(names: ["--exit-code"], value: nil, summary: "Exit 1 when the sides differ"),
            Option(names: ["--no-word-diff"], value: nil, summary: "Show changed long strings whole, not word by word"),
            Option(names: ["--ignore"], value: .text("PATH"), summary: "Leave out differences at this path", repeatable: true),
            helpOption,
        ],
        operands: .file)

    static let gitMerge = CommandSpec(
        name: "git-merge", summary: "The git merge driver (git runs it)",
        options: [
            Option(names: ["--schema"], value: .file, summary: "The schema"),
            Option(names: ["--virtual-base"], value: nil, summary: "Merging merge bases: no markers, exit 0"),
            Option(names: ["--ignore"], value: .text("PATH"), summary: "Take ours' value at this path", repeatable: true),
            Option(names: ["--no-remember"], value: nil, summary: "Do not apply remembered resolutions"),
            helpOption,
        ],
        operands: .file)

    static let completion = CommandSpec(
        name: "completion", summary: "Print the completion script for a shell",
        options: [helpOption],
        firstOperand: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))

    static let help = CommandSpec(
        name: "help", summary: "Show help for a command",
        options: [helpOption],
        firstOperand: .choice(["diff", "patch", "merge", "resolve", "mergetool", "validate", "fmt", "textconv", "log", "blame", "schema", "migrate", "git", "git-diff", "git-merge", "completion", "help"]))

    /// Every command, in the order the top-level help lists them.
    static let all: [CommandSpec] = [diff, patch, merge, resolve, mergetool, validate, fmt, textconv, log, blame, schema, migrate, git, gitDiff, gitMerge, completion, help]

    /// The options of `graphdiff` itself, before a command.
    static let rootOptions: [Option] = [
        helpOption,
        Option(names: ["--version"], value: nil, summary: "Show the version"),
    ]
}

extension ParsedArguments {
    /// Parses `arguments` with the options `spec` declares (its help option
    /// is the dispatcher's, not the command's).
    ///
    /// - Throws: ``CommandFailure`` (usage) for an unknown option or a
    ///   missing value.
    init(_ arguments: [String], spec: CommandSpec) throws {
        var flags: Set<String> = [], valued: Set<String> = [], optional: [String: String] = [:], aliases: [String: String] = [:]
        for option in spec.options where option.canonical != CommandSpec.helpOption.canonical {
            if option.value == nil {
                flags.insert(option.canonical)
            } else if let bare = option.bareValue {
                optional[option.canonical] = bare
            } else {
                valued.insert(option.canonical)
            }
            for alias in option.names.dropFirst() { aliases[alias] = option.canonical }
        }
        try self.init(arguments, flags: flags, valued: valued, optional: optional, aliases: aliases)
    }

}
