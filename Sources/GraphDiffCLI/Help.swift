/// The help texts, one file per group of commands (`Help+Diff.swift`,
/// `Help+Merge.swift`, `Help+Git.swift`, `Help+Files.swift`).
/// `man/graphdiff.1` says the same in more words; keep them in step (a test
/// compares the option lists).
enum Help {
    static let root = """
        graphdiff: diff, patch and merge JSON object graphs.

        Usage: graphdiff COMMAND [OPTIONS] [ARGUMENTS]

        Commands:
          diff        Show what changed between two graphs (or JSON documents).
          patch       Apply a patch: graphdiff's (verified), RFC 6902 or RFC 7386.
          merge       Merge two edits of one base; report real conflicts only.
          resolve     List the conflicts left in a merged file, or settle them.
          mergetool   Settle a merge's conflicts one at a time in the terminal.
          validate    Check graph, schema or JSON files; list every problem.
          fmt         Write a graph (or any JSON) in canonical form.
          textconv    Write a graph as one line per property, for git's textconv.
          log         The commits that changed a graph file, each with its diff.
          blame       Per object and property, the commit that last set it.
          schema      Import a Core Data model; show how a model changed.
          migrate     Move a graph to the next version of its schema.
          git         Install (or uninstall) the git diff and merge drivers.
          git-diff    The git diff driver (git runs it).
          git-merge   The git merge driver (git runs it).
          completion  Print the completion script for bash, zsh or fish.
          help        Show help for a command.

        Options:
          -h, --help  Show this help.
          --version   Show the version.

        An option's value may follow it (-f json, --format json), be glued to a
        short name (-fjson) or follow a long name and '=' (--format=json);
        short flags bundle (-qR).

        Exit status, as diff(1): 0 same (no differences, merged cleanly,
        applied, valid), 1 different (differences, conflicts, a patch that
        does not apply, a file validate finds invalid), 2 trouble (usage,
        unreadable or invalid input, missing or broken schema).
        See 'graphdiff help COMMAND' and man graphdiff(1), graphdiff(5).

        """

    static let help = """
        graphdiff help: show help for graphdiff or for one of its commands.

        Usage: graphdiff help [COMMAND]

        Without COMMAND, lists the commands. 'graphdiff help COMMAND' prints
        the same text as 'graphdiff COMMAND --help'.

        Arguments:
          COMMAND         A command: diff, patch, merge, resolve, mergetool,
                          validate, fmt, textconv, log, blame, schema,
                          migrate, git, git-diff, git-merge, completion or
                          help.

        Options:
          -h, --help      Show this help.

        Exit status: 0 shown, 2 trouble (no such command).

        """

    /// `--stdin-path`, as diff, merge and validate describe it (one text,
    /// interpolated into each).
    static let stdinPathOption = """
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
                          Without it, from the folder of another input that
                          writes the same "$schema", else the current one.
        """
}
