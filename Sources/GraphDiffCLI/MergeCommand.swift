import GraphDiff

/// `graphdiff merge`: three-way merge of graphs, or of plain JSON documents.
enum MergeCommand: Subcommand {
    static let name = "merge"
    static let usage = "graphdiff merge [OPTIONS] BASE MINE THEIRS [-o OUT]"
    static let help = Help.merge
    /// The forms of `--report`: the JSON of graphdiff(5), or a self-contained HTML page.
    static let reportFormats = ["json", "html"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .merge)
        try OptionConflicts.merge(args)
        guard args.operands.count == 3 else { throw CommandFailure.usage("three files are needed: BASE MINE THEIRS") }
        guard args.operands.filter({ $0 == "-" }).count <= 1 else { throw CommandFailure.usage("only one input can be standard input") }
        let prefer = try args.value("--prefer").map { _ in MergeSide(rawValue: try args.choice("--prefer", MergeSide.allCases.map(\.rawValue), default: "mine")) } ?? nil
        var decisions = MergeDecisions(prefer: prefer)
        if let file = args.value("--decisions") { try DecisionsFile.read(file, into: &decisions, io: io) }
        let conflictStyle = try args.choice("--conflicts", ["markers", "report"], default: "markers")
        let reportFormat = try args.choice("--report-format", reportFormats, default: "json")
        if args.given("--report-format") && args.value("--report") == nil {
            throw CommandFailure.usage("--report-format needs --report FILE")
        }
        var markers = ConflictMarkerWriter.Markers()
        if let size = args.value("--marker-size") {
            guard let n = Int(size), n >= 1, n <= 4096 else { throw CommandFailure.usage("--marker-size takes a number from 1 to 4096, got '\(size)'") }
            markers.size = n
        }
        markers.mine = args.value("--label-mine") ?? markers.mine
        markers.base = args.value("--label-base") ?? markers.base
        markers.theirs = args.value("--label-theirs") ?? markers.theirs

        let progress = Progress(io: io, inputs: args.operands)
        defer { progress.done() }
        // Graph positions are needed only by the report.
        let documents = try DocumentLoader.loadTogether(args.operands, schema: args.value("--schema"), force: args.has("--force"),
                                                        keepGraphBytes: args.value("--report") != nil,
                                                        readsSchemas: try OptionConflicts.readsSchemas(args),
                                                        stdinPath: try OptionConflicts.stdinPath(args), io: io)
        progress.stage("merging")
        let (base, mine, theirs) = (documents[0], documents[1], documents[2])

        let useMarkers = conflictStyle == "markers" ? markers : nil
        let merged: MergeText
        if let b = base.graph, let m = mine.graph, let t = theirs.graph {
            try OptionConflicts.mergeOfGraphs(args)
            do {
                let ignored = try IgnoreOption.properties(args.all("--ignore"), schema: m.schema)
                // --only: theirs' changes count only where it selects.
                let selected = try IgnoreOption.selected(args.all("--only"), schema: m.schema)
                let limited = try selected.map { try MergeSelection.theirs(t, selecting: $0, over: b) } ?? t
                merged = try MergeText.graphs(base: b, mine: m, theirs: limited, decisions: decisions, markers: useMarkers, ignored: ignored,
                                              detectsRekeys: !args.has("--no-rekeys"))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure.trouble("\(error)")
            }
        } else {
            let only = try IgnoreOption.paths(args.all("--only"), keys: false, option: "--only")
            let limited: JSONValue
            do {
                limited = try MergeSelection.theirs(theirs.json, selecting: only, onto: mine.json, base: base.json)
            } catch {
                throw CommandFailure.trouble("\(error)")
            }
            merged = MergeText.documents(base: base.json, mine: mine.json, theirs: limited,
                                         options: .init(arrayKey: args.value("--array-key"), decisions: decisions,
                                                        ignored: try IgnoreOption.paths(args.all("--ignore"), keys: false)), markers: useMarkers,
                                         layout: TextLayout(of: mine.bytes))
        }
        // The merge is left to the process exit, as the inputs are.
        io.keepUntilExit(merged)
        let (conflicts, open) = (merged.conflicts, merged.open)
        progress.stage("writing")
        progress.done()
        // --quiet: the exit status only; -o and --report are still written.
        let quiet = args.has("--quiet")
        for c in conflicts where !quiet {
            io.err("graphdiff merge: \(c.resolvedBy == nil ? "CONFLICT" : c.remembered ? "resolved from an earlier decision:" : "resolved") \(c)\n")
        }
        if let reportPath = args.value("--report") {
            // One line index per input, not one per conflict and side.
            let inputs = documents.map { ConflictReport.Input(name: $0.path, graph: $0.graph, source: JSONSourceText($0.bytes)) }
            let report = reportFormat == "html"
                ? Array(HTMLReport.document(conflicts: conflicts, names: documents.map(\.path)).utf8)
                : JSONWriter.canonical(ConflictReport.document(conflicts, inputs: inputs))
            try FileAccess.writeAtomically(report, to: reportPath)
        }
        if let output = args.value("--output"), output != "-" {
            // A merged graph's text is canonical; with markers it is made
            // from two graphs. Both are written as they are made.
            if base.graph != nil {
                try FileAccess.writeResult(delivering: merged.deliverText(to:), to: output, from: [mine, base, theirs],
                                           shape: merged.graph != nil ? .canonicalGraph : .graphMarkers)
            } else {
                try FileAccess.writeResult(pieces: merged.pieces, to: output, from: [mine, base, theirs], shape: .json)
            }
        } else if !quiet {
            let shape: SchemaReference.TextShape = base.graph == nil ? .json : merged.graph != nil ? .canonicalGraph : .graphMarkers
            io.out(pieces: FileAccess.resultForStandardOutput(pieces: merged.pieces, io: io, from: [mine, base, theirs], shape: shape))
        }
        return open.isEmpty ? .success : .failure
    }
}
