/// Options that would be silently ignored together: each combination is a
/// usage error (exit 2) naming both sides, checked before any file is read
/// where the arguments alone decide it, and once the inputs are loaded where
/// it depends on whether they are graphs.
enum OptionConflicts {
    /// Whether the command reads `$schema` (no `--no-schema`); `--schema`
    /// with `--no-schema` is a usage error.
    static func readsSchemas(_ args: ParsedArguments) throws -> Bool {
        guard args.has("--no-schema") else { return true }
        if args.value("--schema") != nil { throw CommandFailure.usage("choose one of --schema and --no-schema") }
        return false
    }

    /// `--stdin-path`, which says where standard input's content lives: a
    /// usage error when no operand is `-`, or with `--schema` or
    /// `--no-schema` (no `$schema` is read then).
    static func stdinPath(_ args: ParsedArguments) throws -> String? {
        guard let path = args.value("--stdin-path") else { return nil }
        if !args.operands.contains("-") { throw CommandFailure.usage("--stdin-path needs an input read from standard input (-)") }
        if args.value("--schema") != nil { throw conflict("--stdin-path", "--schema", "no \"$schema\" is read") }
        if args.has("--no-schema") { throw conflict("--stdin-path", "--no-schema", "no \"$schema\" is read") }
        return path
    }

    /// The usage error for `option` given with `other`, and why.
    static func conflict(_ option: String, _ other: String, _ why: String) -> CommandFailure {
        .usage("\(option) cannot be used with \(other): \(why)")
    }

    /// `diff`'s arguments on their own.
    static func diff(_ args: ParsedArguments) throws {
        let format = args.value("--format")
        let explicitFormat = format.map { "--format \($0)" }
        for option in ["--include", "--exclude"] where args.given(option) && !args.given("--root") {
            throw CommandFailure.usage("\(option) needs --root: it names a relationship to follow from the root")
        }
        if args.has("--quiet") {
            if args.given("--output") { throw conflict("--quiet", "--output", "--quiet writes nothing") }
            if args.has("--stat") { throw conflict("--quiet", "--stat", "--quiet writes nothing") }
            if let explicitFormat { throw conflict("--quiet", explicitFormat, "--quiet writes nothing") }
        }
        if args.has("--stat"), let format, format != "human" {
            throw conflict("--stat", "--format \(format)", "--stat prints the human summary")
        }
        if args.value("--color") == "always" {
            if let format, format != "human" { throw conflict("--color=always", "--format \(format)", "only the human report has colour") }
            if args.has("--stat") { throw conflict("--color=always", "--stat", "the summary has no colour") }
            if args.has("--quiet") { throw conflict("--color=always", "--quiet", "--quiet writes nothing") }
        }
        if args.has("--no-word-diff") {
            if let format, format != "human" && format != "tree" && format != "html" { throw conflict("--no-word-diff", "--format \(format)", "only the human, tree and html reports show words") }
            if args.has("--stat") { throw conflict("--no-word-diff", "--stat", "the summary shows no values") }
            if args.has("--quiet") { throw conflict("--no-word-diff", "--quiet", "--quiet writes nothing") }
        }
        if let format, format == "json-patch" || format == "merge-patch" {
            if args.given("--root") { throw conflict("--root", "--format \(format)", "a \(format) is made of the whole documents") }
        }
        // Plain JSON patches: a json-patch compares numbers by text (it gives
        // NEW's spelling), a merge patch by value.
        if format == "json-patch" && args.value("--numbers") == "value" {
            throw conflict("--numbers value", "--format json-patch", "a json-patch compares numbers by text, so that it gives NEW's spelling")
        }
        if format == "merge-patch" && args.value("--numbers") == "text" {
            throw conflict("--numbers text", "--format merge-patch", "a merge patch of plain JSON compares numbers by value")
        }
        if format == "merge-patch" && args.given("--array-key") {
            throw conflict("--array-key", "--format merge-patch", "a merge patch replaces arrays whole")
        }
    }

    /// For too many operands: a hint when one of them is a `--color` word
    /// given as the next argument, which is an operand (a file), not the
    /// option's value.
    static func colorHint(_ arguments: [String]) -> String {
        guard let i = arguments.firstIndex(of: "--color"), i + 1 < arguments.count,
              CommandSpec.colorValues.contains(arguments[i + 1]) else { return "" }
        return " ('\(arguments[i + 1])' after --color is a file; write --color=\(arguments[i + 1]))"
    }

    /// `diff`'s arguments once the inputs are known to be graphs.
    static func diffOfGraphs(_ args: ParsedArguments) throws {
        for option in ["--array-key", "--numbers"] where args.given(option) {
            throw CommandFailure.usage("\(option) is for plain JSON; these inputs are graphs (a schema applies)")
        }
    }

    /// `merge`'s arguments on their own.
    static func merge(_ args: ParsedArguments) throws {
        let markerOptions = ["--marker-size", "--label-mine", "--label-base", "--label-theirs"]
        // (--prefer union leaves conflicts between other values open.)
        if let side = args.value("--prefer"), side != "union" {
            if let style = args.value("--conflicts") {
                throw conflict("--prefer \(side)", "--conflicts \(style)", "--prefer leaves no conflict to write")
            }
            for option in markerOptions where args.given(option) {
                throw conflict(option, "--prefer \(side)", "--prefer leaves no conflict markers")
            }
        }
        if args.value("--conflicts") == "report" {
            for option in markerOptions where args.given(option) {
                throw conflict(option, "--conflicts report", "a report writes no conflict markers")
            }
        }
    }

    /// `merge`'s arguments once the inputs are known to be graphs.
    static func mergeOfGraphs(_ args: ParsedArguments) throws {
        if args.given("--array-key") {
            throw CommandFailure.usage("--array-key is for plain JSON; these inputs are graphs (a schema applies)")
        }
    }

    /// `patch`'s arguments on their own.
    static func patch(_ args: ParsedArguments) throws {
        guard args.has("--check") else { return }
        if args.given("--output") { throw conflict("--check", "--output", "--check writes nothing") }
        if args.has("--in-place") { throw conflict("--check", "--in-place", "--check writes nothing") }
    }
}
