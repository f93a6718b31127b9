import Foundation
import GraphDiff

/// `graphdiff resolve`: lists the conflicts left in a merged file, or
/// resolves them all for one side.
enum ResolveCommand: Subcommand {
    static let name = "resolve"
    static let usage = "graphdiff resolve FILE (--list [--format text|json] | --mine | --theirs | --base) [-o OUT]\n"
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
    }

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .resolve)
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no file given" : "one file at a time")
        }
        if path == "-" { throw CommandFailure.usage("resolve needs a file, not standard input") }
        let sides = ["--mine", "--theirs", "--base"].filter(args.has)
        let list = args.has("--list")
        if sides.count + (list ? 1 : 0) != 1 { throw CommandFailure.usage("choose one of --list, --mine, --theirs and --base") }
        if list && args.given("--output") { throw OptionConflicts.conflict("--list", "--output", "--list writes nothing") }
        if !list && args.given("--format") { throw OptionConflicts.conflict("--format", sides[0], "--format is for --list") }
        let format = try args.choice("--format", ["text", "json"], default: "text")
        var size = 7
        if let given = args.value("--marker-size") {
            guard let n = Int(given), n >= 1, n <= 4096 else { throw CommandFailure.usage("--marker-size takes a number from 1 to 4096, got '\(given)'") }
            size = n
        }
        let versions = try read(path, markerSize: size, io: io)
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
                open = try mergedAgain(base, mine, theirs, prefer: nil, arrayKey: args.value("--array-key"), path: path).open
            }
            if !versions.fromGit && open.isEmpty && !versions.blockLines.isEmpty {
                // Blocks no typed conflict accounts for: each by its line.
                let why = versions.base == nil ? "two-way markers, without the base's part" : "the base's side is not a valid graph on its own"
                if format == "json" {
                    io.out(JSONWriter.canonical(.object(["blocks": .array(versions.blockLines.map { .object(["line": .number(JSONNumber($0))]) })])))
                } else {
                    for line in versions.blockLines { io.out("\(path):\(line): conflict block (\(why))\n") }
                }
                return .failure
            }
            if format == "json" {
                let inputs = [base, mine, theirs].compactMap { $0 }.map { ConflictReport.Input(name: $0.path, graph: $0.graph, source: JSONSourceText($0.bytes)) }
                io.out(JSONWriter.canonical(ConflictReport.document(open, inputs: inputs)))
            } else {
                for c in open { io.out("\(c)\n") }
            }
            return open.isEmpty ? .success : .failure
        }

        let choice = String(sides[0].dropFirst(2))
        let text: [UInt8]
        if versions.fromGit {
            // The file in the work tree is replaced: refuse when it holds no
            // markers any more (resolved by hand, not yet added).
            guard let current = try? FileAccess.read(path, io: io), Messages.conflictMarkerLine(in: SourceBytes(current)) != nil else {
                throw CommandFailure(message: "\(path) has no conflict markers left (resolved by hand?): git add it, or git checkout -m \(path) "
                                     + "to have them back; nothing written", status: .failure)
            }
            let base = try versions.base.map { try document("base", $0) }
            let (mine, theirs) = (try document("ours", versions.mine), try document("theirs", versions.theirs))
            text = try mergedAgain(base, mine, theirs, prefer: choice == "mine" ? .mine : choice == "theirs" ? .theirs : nil,
                                   arrayKey: args.value("--array-key"), path: path).text
        } else if choice == "base" {
            guard let base = versions.base else {
                throw CommandFailure(message: "\(path): two-way markers hold no base's part; nothing written", status: .failure)
            }
            text = base
        } else {
            text = choice == "mine" ? versions.mine : versions.theirs
        }
        // The result is checked as validate would check it.
        do {
            _ = try document(choice, text)
        } catch let failure as CommandFailure {
            throw CommandFailure(message: "\(path): keeping \(choice) everywhere would give an invalid file; nothing written\n\(failure.message)", status: .failure)
        }
        if args.value("--output") == "-" {
            io.out(text)
        } else {
            try FileAccess.writeAtomically(text, to: args.value("--output") ?? path)
        }
        return .success
    }

    /// The three versions merged again, settled for `prefer` (open without one).
    static func mergedAgain(_ base: LoadedDocument?, _ mine: LoadedDocument, _ theirs: LoadedDocument, prefer: MergeSide?, arrayKey: String?,
                            path: String) throws -> MergeText {
        if let m = mine.graph, let t = theirs.graph, base == nil || base?.graph != nil {
            // No base version (added on both sides): an empty graph.
            let b = base?.graph ?? Graph(schema: m.schema, schemaReference: m.schemaReference)
            do {
                return try MergeText.graphs(base: b, mine: m, theirs: t, prefer: prefer, markers: nil)
            } catch {
                throw CommandFailure.trouble("\(path): \(error)")
            }
        }
        // No base version: members both sides added differently conflict.
        let empty: JSONValue = mine.json.objectValue != nil && theirs.json.objectValue != nil ? .object(JSONObject()) : .null
        return MergeText.documents(base: base?.json ?? empty, mine: mine.json, theirs: theirs.json,
                                   options: .init(arrayKey: arrayKey, prefer: prefer), markers: nil, layout: TextLayout(of: mine.bytes))
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
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 }
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let unmerged = ProcessRunner.run(["git", "ls-files", "-u", "--", name], in: folder)
        if unmerged.status == 0 && !unmerged.stdout.isEmpty {
            func stage(_ n: Int) -> [UInt8]? {
                let shown = ProcessRunner.run(["git", "show", ":\(n):./\(name)"], in: folder)
                return shown.status == 0 ? shown.stdout : nil
            }
            guard let mine = stage(2), let theirs = stage(3) else {
                throw CommandFailure.trouble("\(path): one side deleted the file (git's index lacks ours or theirs): keep it with git add, or git rm it")
            }
            return Versions(base: stage(1), mine: mine, theirs: theirs, fromGit: true, blockLines: [])
        }
        let sides: ConflictMarkerReader.Sides
        do {
            sides = try ConflictMarkerReader.sides(of: bytes, size: markerSize)
        } catch {
            throw CommandFailure.trouble("\(path):\(error)")
        }
        return Versions(base: sides.base, mine: sides.mine, theirs: sides.theirs, fromGit: false, blockLines: sides.blockLines)
    }
}
