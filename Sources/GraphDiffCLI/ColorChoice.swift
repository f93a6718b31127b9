/// Whether a human report is coloured, from `--color auto|always|never`.
enum ColorChoice {
    /// `always` colours; `auto` colours standard output when it is a
    /// terminal and the report is not written to a file (`toFile`), unless
    /// `NO_COLOR` is set (not empty) or `TERM` is `dumb`; `never` does not.
    static func wanted(_ choice: String, io: CommandIO, toFile: Bool) -> Bool {
        choice == "always" || (choice == "auto" && io.stdoutIsTerminal && !toFile
            && io.environment["NO_COLOR"].map(\.isEmpty) ?? true && io.environment["TERM"] != "dumb")
    }
}
