
// The help text of `diff`, `patch`.
extension Help {
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
                          tree (graphs only), json-patch (RFC 6902),
                          merge-patch (RFC 7386); html (a self-contained
                          page: summary, the changed subgraph as a picture,
                          a card per changed object, orders before and
                          after, filters and search; no network); or the
                          changed subgraph as a picture (graphs only):
                          mermaid (a flowchart for Markdown) or dot
                          (Graphviz).
          --stat          Print only the summary.
          -q, --quiet     Print nothing; only set the exit status. With
                          directories: print only 'Files X and Y differ'
                          and 'Only in' lines.
          -o, --output FILE
                          Write to FILE (atomically) instead of standard output.
          --schema FILE   Read both files as graphs of this schema.
          --no-schema     Read graph files as plain JSON, ignoring "$schema".
        \(Help.stdinPathOption)
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
                          -q, --stat or a format but human, tree or html, a
                          usage error.
          --no-rekeys     Report an object whose identity changed (deleted,
                          and inserted with the same values) as a delete and
                          an insert, not as one re-key ('= Task "t3" →
                          "srv-1043"'; graphs only).
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
}
