/// The help texts. `man/graphdiff.1` says the same in more words; keep them
/// in step (a test compares the option lists).
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
                          validate, fmt, schema, migrate, git, git-diff,
                          git-merge, completion or help.

        Options:
          -h, --help      Show this help.

        Exit status: 0 shown, 2 trouble (no such command).

        """

    static let diff = """
        graphdiff diff: show what changed between two graphs, or two JSON documents.

        Usage: graphdiff diff [OPTIONS] OLD NEW

        With a schema (--schema, or "$schema" in the files) objects are matched
        by identity and compared property by property; ordered relationships
        are compared as sequences, reporting members inserted, removed and
        moved. Without one, any two JSON documents are compared structurally:
        objects by member, arrays by a shortest edit script, numbers by exact
        decimal value.

        OLD and NEW may be two directories, compared file by file by relative
        path, recursively, as diff -r compares them ('.git' is left out):
        'Only in DIR: NAME' for what one side has alone, and for each pair of
        files that differ a line 'graphdiff diff OLD/F NEW/F' and its report
        (JSON and graphs as above, with each graph's $schema; other files as
        a unified line diff, or 'Binary files OLD/F and NEW/F differ'). A
        directory against a file is trouble (exit 2). A name with a control
        character (a newline), '"' or '\\' is written between double quotes
        with C escapes ("a/x\\ny"). A link to a directory above it ('..') is
        trouble: 'recursive directory loop'.

        Arguments:
          OLD, NEW        The two files (one of them may be - for standard
                          input), or two directories.

        Options:
          -f, --format FORMAT
                          human (default), json (graphdiff's patch document),
                          tree (graphs only), json-patch (RFC 6902) or
                          merge-patch (RFC 7386).
          --stat          Print only the summary.
          -q, --quiet     Print nothing; only set the exit status. With
                          directories: print only 'Files X and Y differ'
                          and 'Only in' lines.
          -o, --output FILE
                          Write to FILE (atomically) instead of standard output.
          --schema FILE   Read both files as graphs of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
                          Without it, from the folder of another input that
                          writes the same "$schema", else the current one.
          --force         Go on even if a graph's recorded schema fingerprint
                          differs from its schema's.
          --root ENTITY:ID
                          Only the objects ENTITY:ID owns (cascade
                          relationships, plus the schema's diff.include).
          --include ENTITY.RELATIONSHIP
                          Also follow this relationship with --root (repeatable;
                          only with --root).
          --exclude ENTITY.RELATIONSHIP
                          Never follow this relationship with --root (repeatable;
                          only with --root).
          --array-key NAME
                          Without a schema: match array elements that are
                          objects by their member NAME, reporting moves, and
                          name them by key: /[name="six"]/version. An
                          array of objects the key cannot pair gets a
                          warning on standard error.
          --ignore PATH   Leave out differences at PATH (repeatable). Plain
                          JSON: a JSON Pointer in which * matches one segment
                          and ** any number (/items/*/updatedAt, /**/etag),
                          and in arrays a key [name="six"] or an index (in
                          each file's own array). A PATH that matches
                          nothing in either file is a warning. Graphs: ENTITY.PROPERTY or *.PROPERTY (attributes;
                          metadata.NAME for the metadata), besides the
                          schema's diff.ignore.
          --only PATH     Show only the differences at PATH (repeatable; the
                          complement of --ignore, PATH spelt alike). Graphs:
                          also ENTITY.* (objects inserted, deleted and
                          changed, and their places in ordered relationships)
                          and relationships. No patch format with it, but for
                          graphs json. --ignore still applies inside.
          --numbers value|text
                          Without a schema: compare numbers by value (default;
                          1.0 equals 1) or by text (any change of spelling).
          --color[=auto|always|never]
                          Colour the human report (auto: on a terminal, unless
                          NO_COLOR is set); --color alone means always. The
                          value comes after '=' only: in --color never, never
                          is a file.
          --no-word-diff  Show a changed string longer than a line whole, old
                          and new, instead of its changed words in context
                          ([-old-]{+new+}; red and green with colour); with
                          -q, --stat or a format but human or tree, a usage
                          error.
          -h, --help      Show this help.

        Options that would be ignored are usage errors (exit 2): the
        options --include and --exclude without --root; --array-key and
        --numbers with graphs; -q with -o, --stat or --format; --stat with a
        format other than human; --color=always with -q, --stat or a format
        other than human; --root with json-patch or merge-patch; --numbers
        value with json-patch (numbers by text) and --numbers text with
        merge-patch (by value); --array-key with merge-patch.

        Exit status: 0 no differences, 1 differences, 2 trouble (usage,
        unreadable or invalid input, missing or broken schema). With
        directories, one status for all: 2 if any file was trouble (reported
        on standard error, each line starting 'graphdiff diff: '; the others
        are still compared, and -o FILE still gets their report), else 1 if
        any differ.

        """

    static let patch = """
        graphdiff patch: apply a patch to a graph or a JSON document.

        Usage: graphdiff patch [OPTIONS] TARGET PATCH [-o OUT | --in-place]

        PATCH is a graphdiff patch (from graphdiff diff --format json), an
        RFC 6902 JSON Patch (an array) or an RFC 7386 merge patch (another
        object); the format is recognised from the document. A graphdiff patch
        is verified first: every change's old value must match TARGET, or
        nothing is written. A patch already applied leaves TARGET as it is.
        The result is checked against the schema as validate checks it (types,
        required values, known properties, references, chains) and written in
        canonical form; -R restores the order of chains whose owner the patch
        deletes.

        Arguments:
          TARGET          The file to patch; - reads standard input.
          PATCH           The patch; - reads standard input.

        Options:
          -o, --output OUT
                          Write the result to OUT (atomically); a relative
                          "$schema" is rewritten for OUT's directory.
          -i, --in-place  Replace TARGET (atomically).
          -R, --reverse   Apply the inverse of a graphdiff patch.
          --check         Verify and report; write nothing (not with an
                          output, -o or --in-place).
          --force         Apply the changes that match and report the others
                          (exit 1); accept a patch for another schema.
          -f, --format graphdiff|json-patch|merge-patch
                          Read PATCH in this format. Without it: an
                          object with "format" is graphdiff, an array of
                          objects with "op" (or []) json-patch, any other
                          object or array merge-patch.
          --schema FILE   Read TARGET as a graph of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
          -h, --help      Show this help.

        Exit status: 0 applied (or already applied), 1 rejected (or, with
        --force, some changes skipped), 2 trouble (usage, unreadable or
        invalid input, a malformed patch, missing or broken schema).

        """

    static let merge = """
        graphdiff merge: merge two edits of one base, at property granularity.

        Usage: graphdiff merge [OPTIONS] BASE MINE THEIRS [-o OUT]

        Graphs (with a schema) merge object by object and property by
        property: a change made on one side is taken, the same change on both
        sides is taken once, different changes to the same property conflict.
        Ordered relationships merge as sequences, by laws: two members keep
        the base order unless a side reordered them (then that side's order);
        inserts land after the same neighbour as on their side, mine's before
        theirs' at the same place; deletions win over moves; only orders that
        contradict each other, or one member moved or inserted to two places,
        conflict. Every result is a valid graph. Plain JSON merges member by
        member, and arrays like diff3. A summary line per conflict goes to
        standard error; it names a keyed element by its key
        (/packages/[name="six"]/version) and another element by its index in
        the result, marked "(result)".

        Arguments:
          BASE            The common ancestor.
          MINE, THEIRS    The two edits of it; one input may be -.

        Options:
          -o, --output OUT
                          Write the result to OUT (atomically); a relative
                          "$schema" is rewritten for OUT's directory.
          -q, --quiet     Write nothing to standard output and no conflict
                          lines to standard error; only set the exit status.
                          -o and --report are still written.
          --prefer mine|theirs|base|union
                          Settle every conflict for one side (per property,
                          or per object for atomic entities); base: what
                          --conflicts report keeps (the base's value, mine's
                          where the base has none); union: conflicts between
                          arrays take both sides' additions and every removal
                          either made, the others stay open (marked).
          --decisions FILE
                          Settle the conflicts FILE chooses for: the JSON that
                          resolve --list --format json prints, with "choice":
                          "mine", "theirs", "base" or "union" in a conflict.
                          A choice applies only to a conflict of that kind,
                          place and three values; the others are settled by
                          --prefer, or stay open.
          --conflicts markers|report
                          markers (default): the --prefer mine and --prefer
                          theirs results in one file, with git-style markers
                          where they differ (keep one side in every block to
                          get that side's result); report: the merged file
                          stays valid JSON with the base values.
          --report FILE   Write every conflict as JSON to FILE.
          --marker-size N Length of the conflict markers, 1 to 4096 (default 7).
          --label-mine NAME
          --label-base NAME
          --label-theirs NAME
                          Labels after the markers.
          --array-key NAME
                          Plain JSON: merge arrays of objects by member NAME.
          --ignore PATH   Take mine's value at PATH; never a conflict there
                          (repeatable; PATH as for diff --ignore).
          --only PATH     Take theirs' changes only at PATH, mine's value
                          everywhere else, so conflicts arise only there
                          (repeatable; PATH as for diff's).
          --schema FILE   Read the inputs as graphs of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
                          Without it, from the folder of another input that
                          writes the same "$schema", else the current one.
          --force         Go on if a recorded schema fingerprint differs.
          -h, --help      Show this help.

        Options that would be ignored are usage errors (exit 2): the
        options --marker-size and --label-* with --prefer (but union) or
        with --conflicts report; --conflicts with --prefer (but union);
        --array-key with graphs.

        Exit status: 0 merged cleanly (or every conflict settled by --prefer
        or --decisions), 1 conflicts remain (the result is still written), 2 trouble (usage,
        unreadable or invalid input, missing or broken schema; nothing
        written).

        """

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

    static let completion = """
        graphdiff completion: print the completion script for a shell.

        Usage: graphdiff completion bash|zsh|fish

        The script completes commands, options, the values of options that
        take one of a few words (such as --format, --prefer and --conflicts)
        and file names where a file is expected. It is made from the same
        definitions as the option parser, so it offers exactly the options
        of each command's --help. make install puts each script in the place
        its shell looks for it; to try one in the running shell:

          source <(graphdiff completion bash)
          graphdiff completion fish | source
          source <(graphdiff completion zsh)    (after compinit)

        zsh also loads the script as _graphdiff from a folder on its fpath
        when compinit runs: /usr/local/share/zsh/site-functions is on it,
        PREFIX/share/zsh/site-functions for another PREFIX (~/.local) must be
        added to fpath in ~/.zshrc before compinit.

        Arguments:
          SHELL           bash, zsh or fish.

        Options:
          -h, --help      Show this help.

        Exit status: 0 printed, 2 trouble (no such shell, usage).

        """

    static let resolve = """
        graphdiff resolve: list the conflicts left in a merged file, or settle
        them for one side (all of them, or those selected).

        Usage: graphdiff resolve FILE (--list [--format text|json] | --mine | --theirs | --base | --union | --forget)
                                 [--path POINTER]... [--object ENTITY:ID[.PROPERTY]]... [-o OUT] [--no-remember]
                                 [--array-key NAME] [--marker-size N]

        FILE is a file that graphdiff merge (or its git driver) wrote with
        conflict markers, or a path git reports unmerged in a merge in
        progress: then the three versions come from git's index stages (as
        git checkout --ours and --theirs read them), else from the markers'
        blocks (keeping mine's lines in every block gives mine's version,
        and so on). The conflicts are those of merging the three versions
        again: typed, as merge reports them. Blocks no typed conflict
        accounts for (two-way markers; a base part that does not read as
        the other sides do, or a block the conflicts found do not decide)
        are listed by line: FILE:LINE: conflict block (why), or as JSON
        under "blocks": [{"line": N}]. In a git merge, a file changed since
        the merge wrote it (settled in part by hand, or by a resolve that
        did not remember) is read from its markers, so nothing done in it
        is undone.

        A choice can be limited to the conflicts --path or --object name;
        the others stay marked. In a git merge each conflict is settled on
        its own, and each a choice settles is remembered in the
        repository's git directory (graphdiff/decisions/, by its kind, place
        and three values): the git merge driver applies it when it meets
        that very conflict again, says "resolved from an earlier decision"
        and leaves the file unmerged for review (git add it), as git's
        rerere does. Outside a git merge the markers' blocks are the unit:
        the side is kept in the blocks that decide a selected conflict, and
        a block that would also decide another conflict is left marked.

        Arguments:
          FILE            The merged file (not standard input).

        Options:
          --list          Print each conflict left, one a line (as merge prints
                          them), or as graphdiff-conflicts JSON with
                          --format json (as merge --report writes it; add
                          "choice" to make it a merge --decisions file).
          -f, --format text|json
                          How --list prints them.
          --mine          Keep mine's side of every conflict (or those selected).
          --theirs        Keep theirs' side.
          --base          Keep the base's side (what --conflicts report keeps).
          --union         Conflicts between arrays take both sides' additions
                          and every removal either made; other conflicts stay
                          marked (outside a git merge: blocks of array
                          elements, or of members whose values are arrays).
          --forget        In a git merge: forget the remembered resolutions of
                          the file's conflicts (or those selected) and mark
                          them again.
          --path POINTER  Only the conflicts at or under this JSON Pointer
                          (/objects/Task/t1, /items/3; repeatable).
          --object ENTITY:ID[.PROPERTY]
                          Only the conflicts of this object, or of one of its
                          properties (repeatable).
          --no-remember   Neither apply nor record remembered resolutions.
          -o, --output OUT
                          Write the result to OUT (- for standard output)
                          instead of replacing FILE; written atomically, after
                          checking it when no conflict is left: a graph must
                          pass validate.
          --array-key NAME
                          Plain JSON: merge arrays of objects by this member, as
                          merge --array-key did (for --list, and the sides in
                          a git merge).
          --marker-size N The length of the markers (git's conflict-marker-size).
          -h, --help      Show this help.

        Exit status: 0 when no conflict is left (--list prints nothing; the
        file written holds none), 1 when some are left (listed, or still
        marked), or the side kept would be an invalid graph (nothing
        written), or a selection names no block it alone decides (nothing
        written), 2 trouble (markers out of place, an unreadable file,
        --forget outside a git merge).

        """

    static let mergetool = """
        graphdiff mergetool: settle a merge's conflicts one at a time, in the
        terminal.

        Usage: graphdiff mergetool [--no-remember] [--array-key NAME] BASE LOCAL REMOTE MERGED

        git mergetool --tool=graphdiff runs it (graphdiff git install
        registers it as mergetool.graphdiff.cmd, with trustExitCode): BASE,
        LOCAL and REMOTE are the three versions git gives, MERGED the file
        to write. Each open conflict is shown on its own screen, typed as
        merge reports it, with the base's, mine's (local) and theirs'
        (remote) values side by side (lists of members one a line; long
        strings also word by word, base to each side). Keys:

          m  mine             t  theirs          b  base (what --conflicts
          u  union (arrays)   e  edit in $EDITOR     report keeps)
          n, space, →  next   p, ←  previous     z  undo
          w  write: a summary of the choices, then y to write, n to go back
             (to the first conflict without a choice)
          q  quit without writing (Ctrl-C too)

        A choice moves on to the next conflict without one. e opens the
        value (mine's, or the one edited before) as JSON in $VISUAL, else
        $EDITOR, else vi, and takes what is saved there; only a property's
        value can be edited. Writing needs a choice for every conflict (git
        mergetool puts the old file back when the tool reports conflicts
        left); MERGED then holds the merge with the choices made, checked as
        validate would (an invalid one is not written). Each side chosen is
        remembered in the repository's git directory, as resolve remembers
        it, and conflicts settled by earlier decisions are not shown again
        (the first screen says how many; edited values are not remembered).
        Without a terminal it refuses and points at graphdiff resolve. It
        works in any terminal of 40 × 10 or more (80 × 24 over ssh) and
        draws again when the terminal is resized.

        Arguments:
          BASE LOCAL REMOTE MERGED
                          git's $BASE, $LOCAL, $REMOTE and $MERGED (an empty
                          BASE: added on both sides).

        Options:
          --no-remember   Neither apply nor record remembered resolutions.
          --array-key NAME
                          Plain JSON: merge arrays of objects by this member.
          -h, --help      Show this help.

        Exit status: 0 every conflict settled and written, 1 quit without
        writing, or the choices would give an invalid graph (nothing
        written), 2 trouble (no terminal, unreadable input).

        """

    static let validate = """
        graphdiff validate: check files against their schema and list every problem.

        Usage: graphdiff validate [--schema FILE | --no-schema] [--stdin-path PATH] [--force] [--quiet] FILE...

        Each FILE is read as JSON (- for standard input). A graph is checked
        against the schema given with --schema, or else the one its "$schema"
        member names (relative to the file). A schema file ("format":
        "graphdiff-schema/1") is checked as a schema. Anything else is checked
        as JSON only. Problems are printed as FILE:LINE:COL: message.

        Arguments:
          FILE            A file to check; - reads standard input.

        Options:
          --schema FILE   Check graphs against this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
                          Without it, from the folder of another input that
                          writes the same "$schema", else the current one.
          --force         Check a graph even if metadata.schemaFingerprint
                          names another schema.
          -q, --quiet     Print nothing for valid files.
          -h, --help      Show this help.

        Exit status: 0 all valid, 1 some file invalid, 2 trouble (unreadable
        file, missing or broken schema, usage).

        """

    static let fmt = """
        graphdiff fmt: write a graph (or any JSON) in canonical form.

        Usage: graphdiff fmt [--schema FILE | --no-schema] [--stdin-path PATH] [--force] FILE
                             [-o OUT | --in-place | --check]

        A graph (with its schema) is written in canonical graph form; any other
        JSON in canonical JSON form: two-space indent, members sorted by the
        bytes of their names, numbers and strings exactly as read (but integer
        and UUID identities, written in canonical spelling: "007" as "7", UUIDs
        in lower case). Formatting canonical output changes nothing.

        Arguments:
          FILE            The file to format; - reads standard input.

        Options:
          --schema FILE   Read FILE as a graph of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
          --force         Go on even if metadata.schemaFingerprint names
                          another schema.
          -o, --output OUT
                          Write to OUT (atomically) instead of standard output;
                          a relative "$schema" is rewritten for OUT's directory.
          -i, --in-place  Replace FILE (atomically; untouched if unchanged).
          --check         Write nothing; exit 1 if FILE is not canonical.
          -h, --help      Show this help.

        Exit status: 0 written (or canonical with --check), 1 not canonical
        (--check), 2 trouble (unreadable or invalid input, usage).

        """

    static let schema = """
        graphdiff schema: import a Core Data model; show how a model changed.

        Usage: graphdiff schema import MODEL [-o SCHEMA] [--version NAME]
                                       [IMPORT-OPTIONS]
               graphdiff schema diff [--format human|json] [--color[=WHEN]]
                                     [IMPORT-OPTIONS] OLD NEW
               graphdiff schema diff [--format human|json] [--color[=WHEN]]
                                     [IMPORT-OPTIONS]
                                     --from VERSION [--to VERSION] MODEL
        IMPORT-OPTIONS: [--identity ENTITY=ATTRIBUTE]... [--ordered chain|array]
                        [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]...

        'schema import' reads MODEL, a Core Data model: a .xcdatamodeld folder (its current
        version, named by its .xccurrentversion, else the newest by natural
        sort of the version names), a .xcdatamodel folder, or the contents
        file inside one. Writes the graphdiff-schema/1 document it describes
        (canonical form) to standard output or SCHEMA. What has no
        counterpart in a schema (fetched properties, fetch requests,
        configurations, derived attributes' expressions, the <elements>
        layout block, an identity that cannot be one, ...) is listed on
        standard error as MODEL: note: SUBJECT: message. An ordered to-many
        keeps its order: with a to-one inverse it becomes a chain (an
        existing prev/next pair of the member entity, or the links
        RELATIONSHIPPrev and RELATIONSHIPNext added to it); with a to-many
        inverse or none, an array of identities on the owner. A to-many
        named by --ordered-by (or by its userInfo entry orderedBy) is
        ordered by that member attribute. An attribute without a type
        becomes a transient json attribute, with a note. An unknown XML
        element is an error at its FILE:LINE:COL. graphdiff(5) says what
        maps to what.

        'schema diff' reports the entities, attributes and relationships of
        NEW that OLD lacks (added), that NEW lacks (removed), that NEW names
        otherwise (renamed: renamedFrom, Core Data's renaming identifier),
        and what changed in the others: type, optional, default, transient,
        destination, inverse, toMany, ordered, minCount, maxCount,
        deleteRule, parent, abstract, identity, atomic. Each change is
        classified as Core Data's lightweight migration sees it: inferred
        (graphdiff migrate carries it out) or mapping (it needs a mapping
        model), with the reason. Relationships, parents and identities are
        compared through the renames, so renaming an entity does not modify
        the relationships to it. The order of elements and tool versions
        never count. graphdiff(1) lists every classification.

        Arguments:
          MODEL           A .xcdatamodeld or .xcdatamodel folder, or a
                          contents file.
          OLD, NEW        The two versions: schema files or Core Data models
                          (either kind; one of them may be - for standard
                          input).

        Options:
          -o, --output SCHEMA
                          Write the schema to SCHEMA (atomically) instead of
                          standard output.
          --version NAME  Read this version of a .xcdatamodeld (NAME with or
                          without .xcdatamodel).
          --identity ENTITY=ATTRIBUTE
                          Use ATTRIBUTE as the identity of ENTITY (a root
                          entity's own string, uuid or integer attribute, not
                          optional or transient, else an error); repeatable.
                          Otherwise a userInfo entry id, identity,
                          identityAttribute or relatedByAttribute names it,
                          else a one-attribute uniqueness constraint; else the
                          identity is implicit. diff: applies to each Core
                          Data model of the two (an entity it lacks is
                          skipped; one that neither has is a usage error).
          --ordered chain|array
                          How an ordered to-many with a to-one inverse is
                          kept: a prev/next chain on the members (default)
                          or an array of identities on the owner.
          --ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE
                          Keep the to-many ENTITY.RELATIONSHIP ordered by
                          its members' numeric ATTRIBUTE (an index: sortIndex,
                          position); repeatable. Overrides a userInfo entry
                          orderedBy. A relationship that no model has is a
                          usage error.
          -f, --format FORMAT
                          diff: human (default: grouped by entity, then a
                          summary line) or json (graphdiff-schema-diff/1).
          --color[=auto|always|never]
                          diff: colour the human report (auto: on a terminal,
                          unless NO_COLOR is set); --color alone means always.
                          With --format json, --color=always is a usage error.
          --from VERSION  diff: the old version of MODEL, a .xcdatamodeld.
          --to VERSION    diff: the new version of MODEL (default: its current
                          version).
          -h, --help      Show this help.

        -o and --version are import's, -f, --color, --from and --to diff's:
        given to the other subcommand, a usage error.

        Exit status: 0 imported (notes or not), or no changes (diff); 1
        changes (diff); 2 trouble (unreadable or invalid model, unknown
        version, usage).

        """

    static let migrate = """
        graphdiff migrate: move a graph to the next version of its schema.

        Usage: graphdiff migrate GRAPH --to NEW-SCHEMA [--version NAME] [-o OUT | --in-place]
                                 [--schema OLD | --stdin-path PATH]
                                 [--identity ENTITY=ATTRIBUTE]... [--ordered chain|array]
                                 [--ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE]... [--force]

        Carries out every change from the graph's schema (OLD) to NEW that Core
        Data's lightweight migration infers: renamed entities and properties
        (renamedFrom) keep their values under the new names; added attributes
        get their default, or null; required attributes with a default get it
        where the value was null; removed attributes, relationships and
        entities are dropped, with every reference to a dropped object; an
        attribute that became transient loses its values; a relationship that
        became ordered is ordered by identity, one that became unordered
        loses its prev/next links (or its array, or its index); one whose
        order moved to another storage (chain, array, index) keeps each
        owner's order; a to-one that became a to-many kept on its side
        becomes a list of one; an added index attribute numbers each
        owner's members in order. Metadata is kept. When a change needs a
        mapping, as Core Data classifies it (a type change, a required
        attribute without a default, a to-one made to-many, ...), nothing is
        written and each such change is listed. The result is
        checked as validate checks a file, written in canonical form, with
        "$schema" naming NEW.

        Arguments:
          GRAPH           The graph to migrate; - reads standard input.

        Options:
          --to NEW-SCHEMA The model to migrate to: a graphdiff-schema/1 file, or a
                          Core Data model (a .xcdatamodeld folder, its current
                          version; a .xcdatamodel folder; a contents file).
          --version NAME  The version of a .xcdatamodeld to migrate to.
          -o, --output OUT
                          Write to OUT (atomically) instead of standard output.
          -i, --in-place  Replace GRAPH (atomically; untouched on failure).
          --schema OLD    Read GRAPH as a graph of OLD instead of its "$schema".
          --stdin-path PATH
                          Where the content of standard input (-) lives: its
                          relative "$schema" is read from PATH's folder.
          --identity ENTITY=ATTRIBUTE
                          Use ATTRIBUTE as the identity of ENTITY in each Core
                          Data model read: NEW, and OLD when it is one (as
                          schema import --identity does); repeatable. An
                          entity a model lacks is skipped for it; one that no
                          model has is a usage error.
          --ordered chain|array
                          How each Core Data model read keeps an ordered
                          to-many with a to-one inverse (as schema import
                          --ordered does).
          --ordered-by ENTITY.RELATIONSHIP=ATTRIBUTE
                          Keep a to-many of each Core Data model read ordered
                          by a member attribute (as schema import
                          --ordered-by does); repeatable.
          --force         Go on when GRAPH's metadata.schemaFingerprint names
                          another schema than OLD (the result records NEW's).
          -h, --help      Show this help.

        "$schema" names NEW as given when the result goes to standard output,
        relative to the directory of the file written otherwise (an absolute
        path stays as it is); for a .xcdatamodeld, the version inside it that
        was read (Tasks.xcdatamodeld/Tasks 2.xcdatamodel). A Core Data model's
        import notes go to standard error.

        Exit status: 0 migrated, 1 refused (a change needs a mapping, or the
        result would not be valid under NEW; nothing written), 2 trouble
        (unreadable or invalid input or schema, usage).

        """
}
