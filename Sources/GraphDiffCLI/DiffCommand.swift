import GraphDiff

/// `graphdiff diff`: what changed between two graphs, or two JSON documents.
enum DiffCommand: Subcommand {
    static let name = "diff"
    static let usage = "graphdiff diff [OPTIONS] OLD NEW"
    static let help = Help.diff

    static let formats = ["human", "json", "tree", "json-patch", "merge-patch", "html", "mermaid", "dot"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .diff)
        try OptionConflicts.diff(args)
        _ = try OptionConflicts.stdinPath(args)
        guard args.operands.count == 2 else {
            throw CommandFailure.usage(args.operands.count < 2 ? "two files are needed, OLD and NEW"
                                       : "too many files; diff compares two" + OptionConflicts.colorHint(arguments))
        }
        let (oldPath, newPath) = (args.operands[0], args.operands[1])
        if oldPath == "-" && newPath == "-" { throw CommandFailure.usage("only one input can be standard input") }
        // A directory against a file (or standard input) is read as a file: `DIR: is a directory`.
        if isDirectory(oldPath) && isDirectory(newPath) { return try compareDirectories(oldPath, newPath, args: args, io: io) }
        return try compare(oldPath, newPath, args: args, io: io)
    }

    /// Compares the files `oldPath` and `newPath` (either may be `-`) and
    /// writes the report: `graphdiff diff OLD NEW` once the operands are
    /// files. With `warnUnmatched`, an `--ignore` that matches nothing in
    /// either file is a warning (not for each pair of a directory).
    static func compare(_ oldPath: String, _ newPath: String, args: ParsedArguments, io: CommandIO, warnUnmatched: Bool = true) throws -> ExitStatus {
        let format = try args.choice("--format", formats, default: "human")
        let numbersByText = try args.choice("--numbers", ["value", "text"], default: "value") == "text"
        let colorChoice = try args.choice("--color", ["auto", "always", "never"], default: "auto")

        let progress = Progress(io: io, inputs: [oldPath, newPath])
        defer { progress.done() }
        let documents = try DocumentLoader.loadTogether([oldPath, newPath], schema: args.value("--schema"), force: args.has("--force"),
                                                        readsSchemas: try OptionConflicts.readsSchemas(args), recordsLines: true,
                                                        stdinPath: try OptionConflicts.stdinPath(args), io: io)
        progress.stage("matching")
        let (old, new) = (documents[0], documents[1])
        // auto colours a terminal only; always colours a file given with -o too.
        let color = ColorChoice.wanted(colorChoice, io: io, toFile: args.value("--output") != nil)
        let context = RenderContext(oldName: oldPath, newName: newPath, oldSource: JSONSourceText(old.bytes),
                                    newSource: JSONSourceText(new.bytes), color: color,
                                    wordDiff: !args.has("--no-word-diff"))

        // The report, in pieces written one after another (a large JSON
        // report is made in two halves, one per core).
        var output: [UInt8] = []
        var pieces: [[UInt8]]? = nil
        let different: Bool
        if let oldGraph = old.graph, let newGraph = new.graph {
            try OptionConflicts.diffOfGraphs(args)
            var options = DiffOptions()
            if let root = args.value("--root") { options.root = try parseRoot(root, schema: newGraph.schema) }
            options.include = try propertyTable(args.all("--include"), option: "--include", schema: newGraph.schema)
            options.exclude = try propertyTable(args.all("--exclude"), option: "--exclude", schema: newGraph.schema)
            options.ignored = try IgnoreOption.properties(args.all("--ignore"), schema: newGraph.schema)
            options.only = try IgnoreOption.selected(args.all("--only"), schema: newGraph.schema)
            options.detectsRekeys = !args.has("--no-rekeys")
            if options.only != nil, format == "json-patch" || format == "merge-patch" {
                throw OptionConflicts.conflict("--only", "--format \(format)", "a patch of part of a graph may not apply; use --format json")
            }
            if warnUnmatched { IgnoreOption.warnUnmatched(options.ignored, in: [oldGraph, newGraph], io: io) }
            let changes: ChangeSet
            do {
                changes = try ChangeSet.diff(from: oldGraph, to: newGraph, options: options)
            } catch let error as DiffError {
                throw CommandFailure.trouble(error.description)
            }
            different = !changes.isEmpty
            if args.has("--stat") {
                output = Array(HumanRenderer.summary(changes).utf8)
            } else {
                switch format {
                case "json": pieces = PatchDocument.canonicalTextPieces(changes, context: context)
                case "tree": output = JSONWriter.canonical(TreeRenderer.render(changes, old: oldGraph, new: newGraph, wordDiff: context.wordDiff))
                case "mermaid": output = Array(ChangeDiagram(changes: changes, old: oldGraph, new: newGraph).mermaid().utf8)
                case "dot": output = Array(ChangeDiagram(changes: changes, old: oldGraph, new: newGraph).dot().utf8)
                case "html":
                    // The changed subgraph as a picture, above the cards.
                    let diagram = ChangeDiagram(changes: changes, old: oldGraph, new: newGraph).svg()
                    output = Array(HTMLReport.document(changes, old: oldGraph, new: newGraph, context: context, diagramSVG: diagram).utf8)
                case "merge-patch":
                    let target = newGraph.withIgnoredValues(of: oldGraph, ignored: options.ignored, followingRekeys: options.detectsRekeys)
                    do {
                        output = JSONWriter.canonical(try MergePatch.diff(from: oldGraph, to: target))
                    } catch {
                        throw CommandFailure.trouble("\(error); use --format json-patch")
                    }
                case "json-patch":
                    let target = newGraph.withIgnoredValues(of: oldGraph, ignored: options.ignored, followingRekeys: options.detectsRekeys)
                    output = try documentPatch(format, oldGraph.encoded(), target.encoded(), JSONDiff.Options(numbersByText: true))
                default: output = Array(HumanRenderer.render(changes, context: context).utf8)
                }
            }
        } else {
            if format == "tree" || format == "mermaid" || format == "dot" {
                throw CommandFailure.usage("--format \(format) needs graphs (a schema); these are plain JSON")
            }
            if args.value("--root") != nil { throw CommandFailure.usage("--root needs graphs (a schema); these are plain JSON") }
            let options = JSONDiff.Options(numbersByText: numbersByText, arrayKey: args.value("--array-key"))
            // Ignored members are left out of both sides before comparing.
            let ignored = try IgnoreOption.paths(args.all("--ignore"))
            let only = try IgnoreOption.paths(args.all("--only"), option: "--only")
            if !only.isEmpty, format == "json" || format == "json-patch" || format == "merge-patch" {
                throw OptionConflicts.conflict("--only", "--format \(format)", "a patch of part of a document may not apply; the human report shows the selection")
            }
            if warnUnmatched {
                IgnoreOption.warnUnmatched(ignored, in: [old.json, new.json], io: io)
                IgnoreOption.warnUnmatched(only, in: [old.json, new.json], option: "--only", io: io)
            }
            let (oldJSON, newJSON) = (ignored.removing(from: old.json), ignored.removing(from: new.json))
            // Only what --only reaches, named as in the files.
            let entries = JSONDiff.entries(JSONDiff.entries(from: oldJSON, to: newJSON, options: options), selectedBy: only, old: oldJSON, new: newJSON)
            if let key = options.arrayKey {
                // Arrays the key cannot pair are said once each, on standard error.
                let before = Set(JSONDiff.unkeyedArrays(from: old.json, to: new.json, key: key).map(\.location))
                for u in JSONDiff.unkeyedArrays(from: oldJSON, to: newJSON, key: key) {
                    let reason = before.contains(u.location) || ignored.isEmpty ? u.reason : "--ignore removes the member \(JSONWriter.string(.string(key)))"
                    let place = u.location.segments.isEmpty ? "(root)" : u.location.description
                    io.err("graphdiff diff: warning: --array-key \(key) not used for the array at \(place): \(reason); its elements are paired by content and position\n")
                }
            }
            let edits = entries.map(\.edit)
            different = !edits.isEmpty
            if args.has("--stat") {
                output = different ? Array(HumanRenderer.summary(edits).utf8) : []
            } else {
                switch format {
                case "json": output = JSONWriter.canonical(PatchDocument.encode(entries))
                case "html": output = Array(HTMLReport.document(entries, context: context).utf8)
                case "json-patch", "merge-patch":
                    output = try documentPatch(format, oldJSON, newJSON, JSONDiff.Options(numbersByText: true, arrayKey: options.arrayKey),
                                               ignoring: ignored, in: (old.json, new.json))
                default: output = Array(HumanRenderer.render(entries, context: context).utf8)
                }
            }
        }
        progress.stage("writing")
        if !args.has("--quiet") {
            progress.done()
            if let path = args.value("--output"), path != "-" {
                try FileAccess.writeAtomically(pieces ?? [output], to: path)
            } else {
                io.out(pieces: pieces ?? [output])
            }
        }
        return different ? .failure : .success
    }

    /// The RFC 6902 or RFC 7386 patch from `a` to `b`; a merge patch with
    /// ignored paths is made from the whole documents `whole`.
    static func documentPatch(_ format: String, _ a: JSONValue, _ b: JSONValue, _ options: JSONDiff.Options,
                              ignoring ignored: IgnoredPaths = IgnoredPaths(), in whole: (JSONValue, JSONValue)? = nil) throws -> [UInt8] {
        if format == "json-patch" {
            return JSONWriter.canonical(JSONPatch(edits: JSONDiff.diff(from: a, to: b, options: options)).encoded())
        }
        do {
            if let whole, !ignored.isEmpty { return JSONWriter.canonical(try MergePatch.diff(from: whole.0, to: whole.1, ignoring: ignored)) }
            return JSONWriter.canonical(try MergePatch.diff(from: a, to: b))
        } catch {
            throw CommandFailure.trouble("\(error); use --format json-patch")
        }
    }

    /// `ENTITY:ID` → the object's identity.
    static func parseRoot(_ text: String, schema: Schema) throws -> ObjectID {
        guard let colon = text.firstIndex(of: ":") else { throw CommandFailure.usage("--root takes ENTITY:ID, got '\(text)'") }
        let entityName = String(text[..<colon]), identity = String(text[text.index(after: colon)...])
        guard let entity = schema.entity(named: entityName) else {
            throw CommandFailure.trouble("--root: unknown entity \"\(entityName)\" in schema \"\(schema.name)\"")
        }
        switch entity.canonicalIdentity(identity) {
        case .success(let canonical): return ObjectID(entity: entity.root, identity: canonical)
        case .failure(let invalid): throw CommandFailure.trouble("--root: identity \(invalid) of \(entityName)")
        }
    }

    /// `ENTITY.PROPERTY` values → entity → relationship names.
    static func propertyTable(_ values: [String], option: String, schema: Schema) throws -> [String: [String]] {
        var table: [String: [String]] = [:]
        for v in values {
            guard let dot = v.firstIndex(of: ".") else { throw CommandFailure.usage("\(option) takes ENTITY.RELATIONSHIP, got '\(v)'") }
            let entity = String(v[..<dot]), property = String(v[v.index(after: dot)...])
            guard schema.entity(named: entity)?.property(named: property)?.relationship != nil else {
                throw CommandFailure.trouble("\(option): \"\(v)\" is not a relationship of schema \"\(schema.name)\"")
            }
            table[entity, default: []].append(property)
        }
        return table
    }
}
