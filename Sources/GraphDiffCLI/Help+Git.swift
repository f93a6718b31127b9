
// The help text of `git`, `git diff`, `git merge`.
extension Help {
    static let git = """
        graphdiff git: register graphdiff with git as a diff and merge driver.

        Usage: graphdiff git install|uninstall [--global] [--force] [PATTERN...]

        install sets diff.graphdiff.command and merge.graphdiff.{name,driver}
        in this repository's configuration (or the user's, with --global), and
        adds 'PATTERN diff=graphdiff merge=graphdiff' to .gitattributes (or the
        global attributes file, where git looks for it: core.attributesFile,
        else $XDG_CONFIG_HOME/git/attributes, else $HOME/.config/git/attributes).
        It is idempotent and prints what it changed. uninstall removes both.
        install registers the running binary, so it refuses one inside a build
        folder (.build, a SwiftPM scratch folder, DerivedData), which the next
        build replaces: install graphdiff with 'make install' and run that one.

        Arguments:
          PATTERN         Files to handle (default: *.graph.json, and
                          **/*.xcdatamodel/contents diff=graphdiff: Core
                          Data model files diff as 'schema diff' shows them).

        Options:
          --global        The user's configuration instead of the repository's.
          --force         Register the running binary even inside a build folder.
          -h, --help      Show this help.

        The configuration is per clone, while .gitattributes is committed: run
        'graphdiff git install' in every clone. Use 'git log -p --ext-diff' and
        'git show --ext-diff' to see graphdiff's report in history.

        Exit status: 0 done, 2 trouble (not in a repository, a binary in a
        build folder, git failed).

        """

    static let gitDiff = """
        graphdiff git-diff: the external diff driver git runs for graph files.

        Usage: graphdiff git-diff [--schema FILE] [--color auto|always|never] [--exit-code] [--no-word-diff] [--ignore PATH]... GIT-ARGUMENTS...

        git passes PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE
        (and NEW-PATH METAINFO for a rename), or PATH alone for an unmerged
        path. Prints a 'diff --git' header, then graphdiff's report; falls back
        to the structural JSON diff, then to a line diff, and never fails.

        Arguments:
          GIT-ARGUMENTS   What git passes (1, 7 or 9 arguments).

        Options:
          --schema FILE   The schema (default: "$schema" of the file, resolved
                          in the work tree).
          --color auto|always|never
                          Colour (auto: as git's color.diff, its pager counting
                          as a terminal). The value follows in the next
                          argument or after '='; a bare --color means always.
          --exit-code     Exit 1 when the sides differ (for trustExitCode).
          --no-word-diff  Show changed long strings whole, not word by word
                          (add it to diff.graphdiff.command by hand).
          --ignore PATH   Leave out differences at PATH (repeatable; as for
                          diff --ignore), besides the schema's diff.ignore for
                          graphs and the .graphdiff file's paths for JSON.
          -h, --help      Show this help.

        Exit status: 0 (so that git diff goes on), or 1 with --exit-code.

        """

    static let gitMerge = """
        graphdiff git-merge: the merge driver git runs for graph files.

        Usage: graphdiff git-merge [--schema FILE] [--virtual-base] [--no-remember] [--ignore PATH]... BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER]

        git passes %O %A %B %L %P %S %X %Y. The merge is written over CURRENT,
        atomically, with conflict markers of MARKER-SIZE labelled with git's
        labels where conflicts remain. An empty BASE (both branches added the
        file) merges against an empty graph. Files that are not graphs are
        merged as plain JSON, files that are not JSON by lines, as git
        merge-file does; a line on standard error says why.

        Arguments:
          BASE CURRENT OTHER
                          The three versions (temporary files).
          MARKER-SIZE     Length of conflict markers.
          PATH            The path in the work tree (for "$schema").

        Options:
          --schema FILE   The schema (default: "$schema", resolved in the work tree).
          --virtual-base  Merging merge bases (merge.graphdiff.recursive): open
                          conflicts keep the base's values, no markers, exit 0.
          --ignore PATH   Take ours' value at PATH, never a conflict
                          (repeatable; as for merge --ignore), besides the
                          schema's diff.ignore and the .graphdiff file's paths.
          --no-remember   Do not apply the resolutions remembered in the
                          repository's git directory (see resolve).
          -h, --help      Show this help.

        A conflict met before and settled by resolve or mergetool is settled
        the same way ("resolved from an earlier decision" on standard
        error), and the file is left unmerged for review, as git's rerere
        does.

        Exit status: 0 merged cleanly, 1 conflicts remain (or a remembered
        resolution was applied: review it, then git add), 2 trouble (never
        above 128).

        """
}
