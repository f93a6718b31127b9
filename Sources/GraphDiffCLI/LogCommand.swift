import GraphDiff

/// `graphdiff log`: the commits that changed a graph file, each with its
/// graph diff, newest first, through git.
enum LogCommand: Subcommand {
    static let name = "log"
    static let usage = "graphdiff log [--format human|json] [--stat] [--object ENTITY:ID]... [--property NAME]...\n"
        + "                     [--schema FILE] FILE [REVISION...]"
    static let help = Help.log
    static let formats = ["human", "json"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .log)
        guard let path = args.operands.first else { throw CommandFailure.usage("no file given") }
        let format = try args.choice("--format", formats, default: "human")
        if args.has("--stat") && format == "json" { throw OptionConflicts.conflict("--stat", "--format json", "--stat is a human summary") }
        var filter = HistoryFilter(objects: Set(try args.all("--object").map { try objectName($0, option: "--object") }), properties: Set(args.all("--property")))
        let schema = try args.value("--schema").map { try Schema.load(FileAccess.read($0, io: io)) }
        let entries = try GitFileHistory.entries(path: path, revisions: Array(args.operands.dropFirst()), firstParent: false)
        let versions = HistoryVersions(objects: try GitFileHistory(), schemaOverride: schema)
        var json: [JSONValue] = []
        var first = true
        let shown = try filter.objects.isEmpty ? entries : touching(filter.objects, entries, versions: versions, schema: schema)
        // The versions are read on another thread, ahead of the diffs.
        versions.prefetch(versionsOf(shown), skeleton: false)
        defer { versions.stop() }
        for entry in shown {
            let empty = HistoryVersions.Version(bytes: [])
            let new = try entry.newBlob.map { _ in try versions.next() } ?? empty
            let old = try entry.oldBlob.map { _ in try versions.next() } ?? empty
            let context = RenderContext(oldName: "\(entry.shortCommit)^:\(entry.oldPath)", newName: "\(entry.shortCommit):\(entry.path)",
                                        oldSource: JSONSourceText(old.bytes), newSource: JSONSourceText(new.bytes))
            let compared = try compare(old, new, entry: entry, filter: filter, stat: args.has("--stat"), context: context)
            // A named object re-keyed here is named by its old identity in
            // the older commits, and only by it (an object that held the new
            // identity before is another object), as git log --follow follows a file.
            for r in compared.rekeys where !filter.objects.isEmpty && filter.names(entity: r.entity, r.newID) {
                filter.objects.remove(ObjectName(entity: r.entity, identity: r.newIdentity))
                filter.objects.remove(ObjectName(entity: r.id.entity, identity: r.newIdentity))
                filter.objects.insert(ObjectName(entity: r.entity, identity: r.id.identity))
            }
            guard let (report, encoded) = compared.shown else { continue }
            if format == "json" {
                json.append(.object([
                    "commit": .string(entry.commit), "author": .string(entry.author), "date": .string(entry.date),
                    "summary": .string(entry.summary), "path": .string(entry.path), "oldPath": .string(entry.oldPath),
                    "changes": encoded,
                ]))
                continue
            }
            var text = first ? "" : "\n"
            first = false
            text += "commit \(entry.commit)\nAuthor: \(entry.author)\nDate:   \(entry.date)\n"
            if entry.oldPath != entry.path, entry.oldBlob != nil { text += "Path:   \(entry.path) (was \(entry.oldPath))\n" }
            text += "\n    \(entry.summary)\n\n" + report
            io.out(text)
        }
        if format == "json" { io.out(JSONWriter.canonical(.array(json))) }
        return .success
    }

    /// The versions each commit of `entries` is diffed between, new then
    /// old, in order.
    static func versionsOf(_ entries: [GitFileHistory.Entry]) -> [HistoryVersions.Request] {
        entries.flatMap { entry in
            [entry.newBlob.map { HistoryVersions.Request(blob: $0, commit: entry.commit, path: entry.path) },
             entry.oldBlob.map { HistoryVersions.Request(blob: $0, commit: entry.commit + "^1", path: entry.oldPath) }].compactMap { $0 }
        }
    }

    /// The commits of `entries` that may change the `named` objects, found
    /// from the versions' skeletons (no object is read): those where an
    /// object with a named identity, an owner of an ordered relationship
    /// (whose members' order it may hold) or, when a named object owns one,
    /// a member of it differs byte for byte, and those whose versions are
    /// no graph files. The others are not diffed.
    static func touching(_ named: Set<ObjectName>, _ entries: [GitFileHistory.Entry], versions: HistoryVersions, schema: Schema?) throws -> [GitFileHistory.Entry] {
        guard let newest = entries.first, let blob = newest.newBlob else { return entries }
        let current = try versions.version(blob: blob, commit: newest.commit, path: newest.path)
        guard let schema = schema ?? current.graph?.schema else { return entries }
        // Owners of ordered relationships (whose members' order they may
        // hold), and the members' roots when a named object is an owner
        // (its order is in its members: chains, indexes).
        let ordered = schema.entities.filter { $0.relationships.contains { $0.ordered != nil } }
        let owners = Set(ordered.map(\.name))
        let namedRoots = Set(named.map { schema.entity(named: $0.entity)?.root ?? $0.entity })
        let memberRoots = Set(ordered.filter { namedRoots.contains($0.root) }.flatMap { owner in
            owner.relationships.compactMap { r in r.ordered == nil ? nil : schema.entity(named: r.destination)?.root }
        })
        var identities = Set(named.map(\.identity))
        versions.prefetch(versionsOf(entries), skeleton: true)
        defer { versions.stop() }
        var kept: [GitFileHistory.Entry] = []
        for entry in entries {
            let new = try entry.newBlob.map { _ in try versions.next().blame }, old = try entry.oldBlob.map { _ in try versions.next().blame }
            guard let newSkeleton = new ?? nil, let oldSkeleton = old ?? nil else {
                kept.append(entry)
                continue
            }
            let differing = newSkeleton.objectsDiffering(from: oldSkeleton)
            if differing.contains(where: {
                identities.contains($0.identity) || owners.contains($0.entity) || memberRoots.contains(schema.entity(named: $0.entity)?.root ?? $0.entity)
            }) { kept.append(entry) }
            // A named object that this commit adds may have been re-keyed
            // here from an object of its entity that the commit removes:
            // the older commits of those identities are kept too (a superset:
            // the diff of each tells).
            for added in differing where identities.contains(added.identity) && newSkeleton.holds(added) && !oldSkeleton.holds(added) {
                for removed in differing where removed.entity == added.entity && oldSkeleton.holds(removed) && !newSkeleton.holds(removed) {
                    identities.insert(removed.identity)
                }
            }
        }
        return kept
    }

    /// The report and the JSON of one commit's change (`nil` when the
    /// filter keeps nothing of it), and the objects it re-keyed.
    static func compare(_ old: HistoryVersions.Version, _ new: HistoryVersions.Version, entry: GitFileHistory.Entry,
                        filter: HistoryFilter, stat: Bool, context: RenderContext) throws -> (shown: (String, JSONValue)?, rekeys: [ObjectRekey]) {
        let absentGraph = { (other: Graph) in Graph(schema: other.schema) }
        let oldGraph = old.graph ?? (entry.oldBlob == nil ? new.graph.map(absentGraph) : nil)
        let newGraph = new.graph ?? (entry.newBlob == nil ? old.graph.map(absentGraph) : nil)
        var changes = oldGraph.flatMap { o in newGraph.flatMap { n in try? ChangeSet.diff(from: o, to: n) } }
        // The commit changed the schema (or the parent's names none): the
        // old version is read with the new one, as a migration would.
        if changes == nil, entry.oldBlob != nil, let newGraph, let again = try? Graph.load(old.bytes, schema: newGraph.schema) {
            changes = try? ChangeSet.diff(from: again, to: newGraph)
        }
        if let changes {
            let kept = filter.apply(to: changes)
            if kept.isEmpty && !(changes.isEmpty && filter.keepsEverything) { return (nil, changes.rekeys) }
            let report = stat ? HumanRenderer.summary(kept) : HumanRenderer.render(kept, context: context)
            return ((report, PatchDocument.encode(kept, context: context)), changes.rekeys)
        }
        // Not graphs on both sides: the structural diff of the JSON, whole.
        guard filter.keepsEverything else { return (nil, []) }
        var why = [old.problem.map { "\(context.oldName): \($0)" }, new.problem.map { "\(context.newName): \($0)" }].compactMap { $0 }
        if why.isEmpty && (old.graph != nil) != (new.graph != nil) { why = ["only one version names a schema"] }
        if why.isEmpty && old.graph != nil && new.graph != nil { why = ["the old version is no graph of the new schema"] }
        let note = why.isEmpty ? "" : "(compared as JSON: \(why.joined(separator: "; ")))\n"
        let absent: JSONValue? = .some(.null)
        // A version read as a graph was not parsed as a document: it is now.
        func document(_ v: HistoryVersions.Version, _ blob: String?) -> JSONValue? {
            blob == nil ? absent : v.document ?? (try? JSONReader.parse(v.bytes))
        }
        guard let a = document(old, entry.oldBlob), let b = document(new, entry.newBlob) else {
            // A version that is no JSON has no report: say why, not "compared".
            return (("(not compared: \(why.isEmpty ? "not JSON" : why.joined(separator: "; ")))\n", .null), [])
        }
        let edits = JSONDiff.diff(from: a, to: b)
        let report = stat ? HumanRenderer.summary(edits) : HumanRenderer.render(edits, context: context)
        return ((note + report, PatchDocument.encode(edits)), [])
    }

    /// `ENTITY:ID` as an object.
    static func objectName(_ text: String, option: String) throws -> ObjectName {
        guard let name = ObjectName(text) else { throw CommandFailure.usage("\(option) takes ENTITY:ID, such as Task:t3, got '\(text)'") }
        return name
    }
}
