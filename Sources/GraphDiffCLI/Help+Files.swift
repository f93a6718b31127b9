
// The help text of `validate`, `fmt`, `schema`, `migrate`, `completion`.
extension Help {
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
        \(Help.stdinPathOption)
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

    static let textconv = """
        graphdiff textconv: write a graph as one line per property, for git.

        Usage: graphdiff textconv FILE

        Writes FILE in the identity-keyed text form that git's line tools can
        search and blame: one line per property of every object,

          Task t3.title = "Buy milk"

        entities, identities and properties sorted by their bytes, values as
        JSON on one line (strings escaped, numbers as written), names in
        quotes when they hold more than letters, digits, _ and -. An object
        with no stored property is one line, Task t3 = {}. The file's other
        members, and any JSON that is no graph file, are one line per leaf
        with its path as jq writes it: .metadata.device = "laptop". The lines
        do not depend on the file's layout or member order. No schema is
        read. A FILE that is no valid JSON (or repeats a member name) is
        written unchanged.

        'graphdiff git install' registers it as the textconv of the diff
        driver, so that 'git log -S', 'git grep --textconv' and 'git blame'
        see objects and properties instead of the file's lines.

        Arguments:
          FILE            The file; - reads standard input.

        Options:
          -h, --help      Show this help.

        Exit status: 0 written, 2 trouble (unreadable file, usage).

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
}
