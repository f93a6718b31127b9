
// The help text of `merge`, `resolve`, `mergetool`.
extension Help {
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
          --report-format json|html
                          How --report writes: json (default) or html, a
                          self-contained page with base, mine and theirs side
                          by side and what each --prefer keeps.
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
          --no-rekeys     Merge identities as they are: an object one side
                          re-keyed no longer takes the other side's edits
                          (graphs only).
          --schema FILE   Read the inputs as graphs of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
        \(Help.stdinPathOption)
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
        written), 2 trouble (markers out of place, markers of another
        length than --marker-size, an unreadable file, --forget outside a
        git merge).

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
}
