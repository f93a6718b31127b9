
// The help text of `git`, `git diff`, `git merge`.
extension Help {
    static let log = """
        graphdiff log: the commits that changed a graph file, each with its diff.

        Usage: graphdiff log [--format human|json] [--stat] [--object ENTITY:ID]...
                             [--property NAME]... [--schema FILE] FILE [REVISION...]

        Runs git: the commits of REVISION (default HEAD; ranges such as
        main..topic pass to 'git log', and after '--' its options too:
        graphdiff log FILE -- -5 --since=1.month) that changed FILE, newest first, each with graphdiff's report of what
        it changed, like 'git log -p' per object. FILE is followed through
        renames (git log --follow). Merge commits are shown compared with
        their first parent (git log --diff-merges=first-parent), and only when
        that changed the file; history is otherwise simplified as 'git log'
        does by default. Each version is read with the schema it names, at the
        same commit, relative to the file's path there (or --schema); a
        version that is no graph is compared as JSON, with a note.

        Arguments:
          FILE            The graph file, relative to the current directory.
          REVISION        What 'git log' takes before its '--' (options
                          after graphdiff's own '--').

        Options:
          -f, --format human|json
                          human (default): 'commit', 'Author:', 'Date:', the
                          summary, then the report; json: an array of
                          {commit, author, date, summary, path, oldPath,
                          changes}, changes as 'diff --format json' writes.
          --stat          Counts per entity and kind of change, not the changes.
          --object ENTITY:ID
                          Only the commits that changed this object, and only
                          its changes (an order change with its moves).
          --property NAME Only the commits that changed this property (of any
                          object, or of the --object ones).
          --schema FILE   Read every version as a graph of this schema.
          -h, --help      Show this help.

        Exit status: 0 shown, 2 trouble (git failed, usage).

        """

    static let blame = """
        graphdiff blame: per object and property, the commit that last set it.

        Usage: graphdiff blame [--format human|json] [--rev REVISION] [--schema FILE]
                               FILE [ENTITY:ID]...

        Runs git: for every property of every object of FILE (or of the objects
        named; not the file's other members, such as metadata), the commit
        that last set its current value, and for every
        member of an ordered relationship the commit that last placed it
        (inserted or moved it), as lines of 'graphdiff textconv' with the
        commit before them:

          4f2a9c1 (Ada 2026-11-20) Task t3.title = "Buy milk"
          9be0d13 (Bob 2026-11-24) TaskList groceries.items[t3]

        It walks the first parents back from REVISION (default HEAD), as
        'git blame --first-parent' does: a merge is blamed for what it brought
        in. FILE is followed through renames; each version is read once, and
        the walk stops when every line is attributed. What is older than the
        file's first commit is that commit's. Values compare as JSON (numbers
        as spelled). Places need FILE at REVISION to be a graph of its schema;
        older versions are read object by object with that schema, only the
        objects whose bytes changed.

        Arguments:
          FILE            The graph file, relative to the current directory.
          ENTITY:ID       Only this object's properties and places.

        Options:
          -f, --format human|json
                          human (default): the lines above; json: an array of
                          {entity, identity, property, member, value, commit,
                          author, date, summary, path}.
          --rev REVISION  Blame the file as it is in REVISION.
          --schema FILE   Read every version as a graph of this schema.
          -h, --help      Show this help.

        Exit status: 0 shown, 2 trouble (git failed, no such file, usage).

        """

    static let git = """
        graphdiff git: register graphdiff with git as a diff and merge driver.

        Usage: graphdiff git install|uninstall [--global] [--force] [PATTERN...]

        install sets diff.graphdiff.{command,textconv} and
        merge.graphdiff.{name,driver} in this repository's configuration (or the user's, with --global), and
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
