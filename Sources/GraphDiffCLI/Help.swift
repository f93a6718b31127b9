/// The help texts. `man/graphdiff.1` says the same in more words; keep them
/// in step (a test compares the option lists).
enum Help {
    static let root = """
        graphdiff: diff, patch and merge JSON object graphs.

        Usage: graphdiff COMMAND [OPTIONS] [ARGUMENTS]

        Commands:
          validate    Check graph, schema or JSON files; list every problem.
          fmt         Write a graph (or any JSON) in canonical form.
          help        Show help for a command.

        Options:
          -h, --help  Show this help.
          --version   Show the version.

        Exit status: 0 success, 1 differences or invalid input, 2 trouble.
        See 'graphdiff help COMMAND' and man graphdiff(1), graphdiff(5).

        """

    static let validate = """
        graphdiff validate: check files against their schema and list every problem.

        Usage: graphdiff validate [--schema FILE] [--force] [--quiet] FILE...

        Each FILE is read as JSON (- for standard input). A graph is checked
        against the schema given with --schema, or else the one its "$schema"
        member names (relative to the file). A schema file ("format":
        "graphdiff-schema/1") is checked as a schema. Anything else is checked
        as JSON only. Problems are printed as FILE:LINE:COL: message.

        Arguments:
          FILE            A file to check; - reads standard input.

        Options:
          --schema FILE   Check graphs against this schema.
          --force         Check a graph even if metadata.schemaFingerprint
                          names another schema.
          -q, --quiet     Print nothing for valid files.
          -h, --help      Show this help.

        Exit status: 0 all valid, 1 some file invalid, 2 trouble (unreadable
        file, missing or broken schema, usage).

        """

    static let fmt = """
        graphdiff fmt: write a graph (or any JSON) in canonical form.

        Usage: graphdiff fmt [--schema FILE] [--force] FILE [-o OUT | --in-place | --check]

        A graph (with its schema) is written in canonical graph form; any other
        JSON in canonical JSON form: two-space indent, members sorted by the
        bytes of their names, numbers and strings exactly as read. Formatting
        canonical output changes nothing.

        Arguments:
          FILE            The file to format; - reads standard input.

        Options:
          --schema FILE   Read FILE as a graph of this schema.
          --force         Go on even if metadata.schemaFingerprint names
                          another schema.
          -o, --output OUT
                          Write to OUT (atomically) instead of standard output.
          -i, --in-place  Replace FILE (atomically; untouched if unchanged).
          --check         Write nothing; exit 1 if FILE is not canonical.
          -h, --help      Show this help.

        Exit status: 0 written (or canonical with --check), 1 not canonical
        (--check), 2 trouble (unreadable or invalid input, usage).

        """
}
