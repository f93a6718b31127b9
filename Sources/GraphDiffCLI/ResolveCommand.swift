import Foundation
import GraphDiff

/// `graphdiff resolve`: lists the conflicts left in a merged file, or
/// settles them (all, or those selected) for one side.
enum ResolveCommand: Subcommand {
    static let name = "resolve"
    static let usage = "graphdiff resolve FILE (--list [--format text|json] | --mine | --theirs | --base | --union | --forget)\n"
        + "                         [--path POINTER]... [--object ENTITY:ID[.PROPERTY]]... [-o OUT] [--no-remember]\n"
        + "                         [--array-key NAME] [--marker-size N]"
    static let help = Help.resolve

    /// The versions a conflict is between, as text, and where they come from.
    struct Versions {
        /// The base's text; `nil` when there is none (git: added on both
        /// sides; markers: two-way markers without the base's part).
        var base: [UInt8]?
        var mine: [UInt8]
        var theirs: [UInt8]
        /// Read from git's index stages (a merge in progress), else from
        /// the file's conflict markers.
        var fromGit: Bool
        /// The line of each block of markers in the file.
        var blockLines: [Int]
        /// The file as it is.
        var text: [UInt8]
    }

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .resolve)
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no file given" : "one file at a time")
        }
        if path == "-" { throw CommandFailure.usage("resolve needs a file, not standard input") }
        let actions = ["--mine", "--theirs", "--base", "--union", "--forget"].filter(args.has)
        let list = args.has("--list")
        if actions.count + (list ? 1 : 0) != 1 { throw CommandFailure.usage("choose one of --list, --mine, --theirs, --base, --union and --forget") }
        if list && args.given("--output") { throw OptionConflicts.conflict("--list", "--output", "--list writes nothing") }
        if !list && args.given("--format") { throw OptionConflicts.conflict("--format", actions[0], "--format is for --list") }
        if args.has("--forget") && args.has("--no-remember") { throw OptionConflicts.conflict("--forget", "--no-remember", "nothing would be forgotten") }
        let format = try args.choice("--format", ["text", "json"], default: "text")
        var size = 7
        if let given = args.value("--marker-size") {
            guard let n = Int(given), n >= 1, n <= 4096 else { throw CommandFailure.usage("--marker-size takes a number from 1 to 4096, got '\(given)'") }
            size = n
        }
        var selectors: [MergeDecisions.Selector] = []
        for given in args.all("--path") {
            do {
                selectors.append(MergeDecisions.Selector(path: try JSONPointer(parsing: given)))
            } catch {
                throw CommandFailure.usage("--path takes a JSON Pointer such as /objects/Task/t1/title, got '\(given)'")
            }
        }
        for given in args.all("--object") {
            do {
                selectors.append(try MergeDecisions.Selector(object: given))
            } catch {
                throw CommandFailure.usage("\(error)")
            }
        }
        var versions = try read(path, markerSize: size, io: io)
        let loader = DocumentLoader(io: io, schemaOverride: nil, force: true)
        /// One version, read as the file would be (its `$schema` beside it).
        func document(_ label: String, _ bytes: [UInt8]) throws -> LoadedDocument {
            do {
                return try loader.document("\(path) (\(label))", bytes: SourceBytes(bytes))
            } catch let failure as DocumentFailure {
                var lines = failure.lines
                if !versions.fromGit && Messages.conflictMarkerLine(in: SourceBytes(bytes)) != nil {
                    lines.append("\(path): markers of another length are left in it: give --marker-size")
                }
                throw CommandFailure.trouble(lines.joined(separator: "\n"))
            }
        }
        let arrayKey = args.value("--array-key")
        // Remembered resolutions: in a git merge, from the repository's git directory.
        let remembered = versions.fromGit && !args.has("--no-remember") ? DecisionsFile.rememberedFolder(near: folder(of: path)) : nil
        var known = MergeDecisions()
        if let remembered { DecisionsFile.readRemembered(remembered, into: &known, io: io) }
        // In a git merge, a file changed since the merge wrote it (settled in
        // part by hand, or by resolve without the remembered resolutions) is
        // taken as it is: its blocks, not the index stages, so nothing done
        // there is undone.
        // (Two-way markers are git's own text merge, not graphdiff's: its stages stand.)
        if versions.fromGit, Messages.conflictMarkerLine(in: SourceBytes(versions.text)) != nil,
            (try? ConflictMarkerReader.sides(of: versions.text, size: size))?.base != nil {
            let base = try versions.base.map { try document("base", $0) }
            let markers = ConflictMarkerWriter.Markers(size: size, mine: "ours", base: "base", theirs: "theirs")
            let expected = try mergedAgain(base, try document("ours", versions.mine), try document("theirs", versions.theirs), decisions: known,
                                           arrayKey: arrayKey, path: path, markers: markers).text
            if !ConflictMarkerReader.sameIgnoringLabels(versions.text, expected, size: size) {
                if args.has("--union") || args.has("--forget") {
                    throw CommandFailure.trouble("\(path) changed since the merge wrote it: \(args.has("--union") ? "--union" : "--forget") needs the file as the merge "
                                                 + "wrote it; git checkout -m \(path) writes it again (dropping what was settled in it)")
                }
                io.err("graphdiff resolve: \(path): changed since the merge wrote it: its conflict blocks are taken as they are\n")
                versions = try markerVersions(versions.text, path: path, size: size)
            }
        }

        if list {
            // From git, the stages merged again give the conflicts exactly;
            // from markers, the three sides merged again give them, as long
            // as the base's side reads as the others do.
            let (mine, theirs) = (try document(versions.fromGit ? "ours" : "mine", versions.mine), try document("theirs", versions.theirs))
            let base = try versions.base.map { bytes -> LoadedDocument? in
                versions.fromGit ? try document("base", bytes) : try? document("base", bytes)
            } ?? nil
            var open: [MergeConflict] = []
            if versions.fromGit || (base.map { ($0.graph != nil) == (mine.graph != nil) } ?? false) {
                open = try mergedAgain(base, mine, theirs, decisions: known, arrayKey: arrayKey, path: path).open
            }
            // From markers, the blocks no typed conflict accounts for (the
            // base's part holds what the merge kept, so a conflict where it
            // kept one side's value reads as the other side's change): each
            // by its line.
            var untyped: [Int] = []
            // (A re-key conflict's blocks are its object's key and every
            // reference to it, which no place of the conflict names: with
            // one open, no block is listed as unaccounted for.)
            let rekeyOpen = open.contains { $0.kind == .rekeyRekey }
            if !versions.fromGit && !versions.blockLines.isEmpty && !rekeyOpen {
                let covered = open.isEmpty ? []
                    : Set((try? ConflictMarkerReader.blocks(of: versions.text, size: size, schema: mine.graph?.schema, deciding: open)) ?? [])
                untyped = versions.blockLines.indices.filter { !covered.contains($0) }.map { versions.blockLines[$0] }
            }
            let why = versions.base == nil ? "two-way markers, without the base's part"
                : open.isEmpty && base == nil ? "the base's side does not read as the other sides do" : "no conflict of the three sides merged again accounts for it"
            if format == "json" {
                let inputs = [base, mine, theirs].compactMap { $0 }.map { ConflictReport.Input(name: $0.path, graph: $0.graph, source: JSONSourceText($0.bytes)) }
                var document = ConflictReport.document(open, inputs: inputs)
                if !untyped.isEmpty, case .object(var o) = document {
                    o["blocks"] = .array(untyped.map { .object(["line": .number(JSONNumber($0))]) })
                    document = .object(o)
                }
                io.out(JSONWriter.canonical(document))
            } else {
                for c in open { io.out("\(c)\n") }
                for line in untyped { io.out("\(path):\(line): conflict block (\(why))\n") }
            }
            return open.isEmpty && untyped.isEmpty ? .success : .failure
        }

        let action = String(actions[0].dropFirst(2))
        let text: [UInt8]
        var left = 0
        if versions.fromGit {
            let base = try versions.base.map { try document("base", $0) }
            let (mine, theirs) = (try document("ours", versions.mine), try document("theirs", versions.theirs))
            let markers = ConflictMarkerWriter.Markers(size: size, mine: "ours", base: "base", theirs: "theirs")
            // What is open before this choice (remembered resolutions applied).
            let before = try mergedAgain(base, mine, theirs, decisions: known, arrayKey: arrayKey, path: path)
            // The file in the work tree is replaced: refuse when it holds no
            // markers and is not what remembered resolutions made of it
            // (resolved by hand, not yet added).
            let current = try? FileAccess.read(path, io: io)
            let untouched = try current.map { text in
                try Messages.conflictMarkerLine(in: SourceBytes(text)) != nil
                    || text == (try mergedAgain(base, mine, theirs, decisions: known, arrayKey: arrayKey, path: path, markers: markers)).text
            } ?? false
            guard untouched else {
                throw CommandFailure(message: "\(path) has no conflict markers left (resolved by hand?): git add it, or git checkout -m \(path) "
                                     + "to have them back; nothing written", status: .failure)
            }
            for selector in selectors where !before.conflicts.contains(where: { selector.matches($0) }) {
                io.err("graphdiff resolve: \(path): \(selector) names no conflict\n")
            }
            var decisions = known
            if action == "forget" {
                guard let remembered else { throw CommandFailure.trouble("\(path): not in a git repository: no remembered resolutions") }
                var forgotten = 0
                for c in before.conflicts where selectors.isEmpty || selectors.contains(where: { $0.matches(c) }) {
                    if DecisionsFile.forget(c, in: remembered) { forgotten += 1 }
                }
                io.err("graphdiff resolve: \(path): \(forgotten) remembered resolution\(forgotten == 1 ? "" : "s") forgotten\n")
                decisions = MergeDecisions()
                DecisionsFile.readRemembered(remembered, into: &decisions, io: io)
            } else {
                let side = MergeSide(rawValue: action) ?? .base
                if selectors.isEmpty { decisions.prefer = side } else { for s in selectors { decisions.select(s, side) } }
            }
            let merged = try mergedAgain(base, mine, theirs, decisions: decisions, arrayKey: arrayKey, path: path, markers: markers)
            text = merged.text
            left = merged.open.count
            // Remember what this choice settled, by each conflict's content.
            if let remembered, action != "forget" {
                let wasOpen = Set(before.open.map(MergeDecisions.key(of:)))
                for c in merged.conflicts where !c.remembered && wasOpen.contains(MergeDecisions.key(of: c)) {
                    guard let side = c.resolvedBy else { continue }
                    try DecisionsFile.remember(c, side, in: remembered)
                }
            }
        } else {
            if action == "forget" {
                throw CommandFailure.trouble("\(path) is not unmerged in a git merge in progress: --forget needs the repository "
                                             + "the resolutions were remembered in")
            }
            if action == "union" {
                // Each block whose parts are runs of elements (or members with
                // array values) takes their union; the others stay marked.
                let schema = try document("mine", versions.mine).graph?.schema
                do {
                    let chosen = selectors.isEmpty ? nil
                        : Set(try ConflictMarkerReader.blocks(of: versions.text, size: size, schema: schema, selectedBy: selectors))
                    let style: JSONWriter.Style = schema != nil ? .canonical : JSONWriter.Style(pretty: true, sortKeys: false)
                    let united = try ConflictMarkerReader.union(of: versions.text, size: size, blocks: chosen, style: style)
                    text = united.text
                    left = united.left.count
                } catch {
                    throw CommandFailure.trouble("\(path): \(error)")
                }
            } else if !selectors.isEmpty {
                // The blocks that decide a selected place, that side kept in them.
                if versions.blockLines.isEmpty {
                    throw CommandFailure(message: "\(path): no conflict markers in it; nothing written", status: .failure)
                }
                let schema = try document("mine", versions.mine).graph?.schema
                let part: ConflictMarkerReader.Part = action == "mine" ? .mine : action == "theirs" ? .theirs : .base
                if part == .base && versions.base == nil {
                    throw CommandFailure(message: "\(path): two-way markers hold no base's part; nothing written", status: .failure)
                }
                // The conflicts not selected, as --list finds them, are spared.
                var others: [MergeConflict] = []
                if let bytes = versions.base, let base = try? document("base", bytes), (base.graph != nil) == (schema != nil) {
                    let listed = try mergedAgain(base, try document("mine", versions.mine), try document("theirs", versions.theirs),
                                                 decisions: MergeDecisions(), arrayKey: arrayKey, path: path)
                    others = listed.open.filter { c in !selectors.contains { $0.matches(c) } }
                }
                let selection: ConflictMarkerReader.BlockSelection
                do {
                    selection = try ConflictMarkerReader.selection(of: versions.text, size: size, schema: schema, selectedBy: selectors, sparing: others)
                } catch {
                    throw CommandFailure.trouble("\(path): \(error)")
                }
                let chosen = Set(selection.blocks)
                let named = selectors.map(\.description).joined(separator: ", ")
                if !selection.namesAPlace {
                    throw CommandFailure(message: "\(path): no conflict block changes what \(named) names; nothing written "
                                         + "(resolve \(path) --list shows the conflicts)", status: .failure)
                }
                if chosen.isEmpty {
                    throw CommandFailure(message: "\(path): no conflict block decides what \(named) names "
                                         + "without deciding other conflicts too; nothing written (resolve \(path) --list shows the conflicts; "
                                         + "in a git merge, resolve settles them one by one)", status: .failure)
                }
                do {
                    text = try ConflictMarkerReader.text(of: versions.text, size: size) { chosen.contains($0) ? part : nil }
                } catch {
                    throw CommandFailure.trouble("\(path): \(error)")
                }
                left = versions.blockLines.count - chosen.count
            } else if action == "base" {
                guard let base = versions.base else {
                    throw CommandFailure(message: "\(path): two-way markers hold no base's part; nothing written", status: .failure)
                }
                text = base
            } else {
                text = action == "mine" ? versions.mine : versions.theirs
            }
        }
        // A result without markers is checked as validate would check it.
        if left == 0 {
            do {
                _ = try document(action, text)
            } catch let failure as CommandFailure {
                throw CommandFailure(message: "\(path): keeping \(action)\(selectors.isEmpty ? " everywhere" : " there") would give an invalid file; nothing written\n\(failure.message)", status: .failure)
            }
        }
        if args.value("--output") == "-" {
            io.out(text)
        } else {
            try FileAccess.writeAtomically(text, to: args.value("--output") ?? path)
        }
        if left > 0 {
            let why = action == "union" ? (versions.fromGit ? "; --union settles only conflicts between arrays" : "; --union takes only blocks of array elements, or of members whose values are arrays") : ""
            let what = versions.fromGit ? "conflict" : "conflict block"
            io.err("graphdiff resolve: \(path): \(left) \(what)\(left == 1 ? "" : "s") left (marked)\(why)\n")
        }
        return left == 0 ? .success : .failure
    }

    /// The folder `path` is in (`nil`: the current one).
    static func folder(of path: String) -> String? {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 }
    }

    /// The three versions merged again, settled by `decisions`; with
    /// `markers`, what stays open is marked.
    static func mergedAgain(_ base: LoadedDocument?, _ mine: LoadedDocument, _ theirs: LoadedDocument, decisions: MergeDecisions, arrayKey: String?,
                            path: String, markers: ConflictMarkerWriter.Markers? = nil) throws -> MergeText {
        if let m = mine.graph, let t = theirs.graph, base == nil || base?.graph != nil {
            // No base version (added on both sides): an empty graph.
            let b = base?.graph ?? Graph(schema: m.schema, schemaReference: m.schemaReference)
            do {
                return try MergeText.graphs(base: b, mine: m, theirs: t, decisions: decisions, markers: markers)
            } catch {
                throw CommandFailure.trouble("\(path): \(error)")
            }
        }
        // No base version: members both sides added differently conflict.
        let empty: JSONValue = mine.json.objectValue != nil && theirs.json.objectValue != nil ? .object(JSONObject()) : .null
        return MergeText.documents(base: base?.json ?? empty, mine: mine.json, theirs: theirs.json,
                                   options: .init(arrayKey: arrayKey, decisions: decisions), markers: markers, layout: TextLayout(of: mine.bytes))
    }

    /// The versions of `path`: git's index stages when it is unmerged in a
    /// git merge in progress, else the sides of its conflict markers.
    static func read(_ path: String, markerSize: Int, io: CommandIO) throws -> Versions {
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.read(path, io: io)
        } catch let f as CommandFailure {
            throw CommandFailure.trouble(f.message)
        }
        // git runs in the file's folder, and names it from there.
        let folder = folder(of: path)
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let unmerged = ProcessRunner.run(["git", "ls-files", "-u", "--", name], in: folder)
        if unmerged.status == 0 && !unmerged.stdout.isEmpty {
            func stage(_ n: Int) -> [UInt8]? {
                let shown = ProcessRunner.run(["git", "show", ":\(n):./\(name)"], in: folder)
                return shown.status == 0 ? shown.stdout : nil
            }
            guard let mine = stage(2), let theirs = stage(3) else {
                throw CommandFailure.trouble("\(path): one side deleted the file (git's index lacks ours or theirs): keep it with git add, or git rm it")
            }
            return Versions(base: stage(1), mine: mine, theirs: theirs, fromGit: true, blockLines: [], text: bytes)
        }
        return try markerVersions(bytes, path: path, size: markerSize)
    }

    /// The versions the conflict markers of `bytes` hold.
    static func markerVersions(_ bytes: [UInt8], path: String, size: Int) throws -> Versions {
        let sides: ConflictMarkerReader.Sides
        do {
            sides = try ConflictMarkerReader.sides(of: bytes, size: size)
        } catch {
            throw CommandFailure.trouble("\(path):\(error)")
        }
        // Markers of another length only (longer or shorter): what they
        // hold would be taken for the file's text. A JSON text has no line
        // that starts with `<`.
        if sides.blockLines.isEmpty, let line = Messages.conflictMarkerLine(in: SourceBytes(bytes), length: 1) {
            throw CommandFailure.trouble("\(path):\(line): conflict markers of another length than \(size): give --marker-size")
        }
        return Versions(base: sides.base, mine: sides.mine, theirs: sides.theirs, fromGit: false, blockLines: sides.blockLines, text: bytes)
    }
}
