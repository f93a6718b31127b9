import Foundation
import GraphDiff

/// `graphdiff resolve`: lists the conflicts left in a merged file, or
/// resolves them all for one side.
enum ResolveCommand: Subcommand {
    static let name = "resolve"
    static let usage = "graphdiff resolve FILE (--list [--format text|json] | --mine | --theirs | --base) [-o OUT]"
    static let help = Help.resolve

    /// The three versions a conflict is between, and where they come from.
    struct Versions {
        /// The base, when it reads as a document of the others' kind.
        var base: LoadedDocument?
        var mine: LoadedDocument
        var theirs: LoadedDocument
        /// The base's text as the markers give it (`nil` from git).
        var baseText: [UInt8]?
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
        let loaded = [versions.base, versions.mine, versions.theirs]
        let graphs = loaded.compactMap { $0?.graph }
        if versions.base == nil && !versions.fromGit {
            // The base's side of a graph's blocks is valid JSON but not always
            // a valid graph on its own (a chain link to an object only the
            // merge removed): no typed conflicts without it.
            if list {
                if format == "json" {
                    io.out(JSONWriter.canonical(.object(["blocks": .array(versions.blockLines.map { .object(["line": .number(JSONNumber($0))]) })])))
                } else {
                    for line in versions.blockLines { io.out("\(path):\(line): conflict block (the base's side is not a valid graph on its own: run resolve during the git merge, or merge again, for the conflicts)\n") }
                }
                return versions.blockLines.isEmpty ? .success : .failure
            }
        }
        /// The three versions merged again, settled for the side asked (open without one).
        func mergedAgain() throws -> MergeText {
            if let m = versions.mine.graph, let t = versions.theirs.graph, versions.base == nil || versions.base?.graph != nil {
                // No base version (git: added on both sides): an empty graph.
                let b = versions.base?.graph ?? Graph(schema: m.schema, schemaReference: m.schemaReference)
                do {
                    return try MergeText.graphs(base: b, mine: m, theirs: t, prefer: side(sides.first), markers: nil)
                } catch {
                    throw CommandFailure.trouble("\(path): \(error)")
                }
            }
            return MergeText.documents(base: versions.base?.json ?? versions.mine.json, mine: versions.mine.json, theirs: versions.theirs.json,
                                       options: .init(prefer: side(sides.first)), markers: nil, layout: TextLayout(of: versions.mine.bytes))
        }

        if list {
            let merged = try mergedAgain()
            if format == "json" {
                let inputs = loaded.compactMap { $0 }.map { ConflictReport.Input(name: $0.path, graph: $0.graph, source: JSONSourceText($0.bytes)) }
                io.out(JSONWriter.canonical(ConflictReport.document(merged.open, inputs: inputs)))
            } else {
                for c in merged.open { io.out("\(c)\n") }
            }
            return merged.open.isEmpty ? .success : .failure
        }

        // One side for every conflict: from the markers, that side's text
        // (the base's too, once it reads as what the file was); from git, the
        // merge settled that way.
        let text: [UInt8]
        if let baseText = versions.baseText {
            text = sides[0] == "--mine" ? versions.mine.bytes.bytes : sides[0] == "--theirs" ? versions.theirs.bytes.bytes : baseText
        } else {
            text = try mergedAgain().text
        }
        if let graph = graphs.first {
            do {
                _ = try Graph.load(text, schema: graph.schema, options: .init(ignoreFingerprint: true))
            } catch {
                throw CommandFailure(message: "\(path): keeping \(sides[0].dropFirst(2)) everywhere would give an invalid graph; nothing written\n"
                                     + Messages.lines(error, file: "result").joined(separator: "\n"), status: .failure)
            }
        } else if (try? JSONReader.parse(text)) == nil {
            throw CommandFailure(message: "\(path): keeping \(sides[0].dropFirst(2)) everywhere would not be JSON; nothing written", status: .failure)
        }
        if args.value("--output") == "-" {
            io.out(text)
        } else {
            try FileAccess.writeAtomically(text, to: args.value("--output") ?? path)
        }
        return .success
    }

    static func side(_ option: String?) -> MergeSide? {
        switch option {
        case "--mine"?: return .mine
        case "--theirs"?: return .theirs
        default: return nil
        }
    }

    /// The versions of `path`: git's index stages when it is unmerged in a
    /// git merge in progress, else the sides of its conflict markers.
    static func read(_ path: String, markerSize: Int, io: CommandIO) throws -> Versions {
        let loader = DocumentLoader(io: io, schemaOverride: nil, force: true)
        func document(_ label: String, _ bytes: [UInt8]) throws -> LoadedDocument {
            do {
                return try loader.document("\(path) (\(label))", bytes: SourceBytes(bytes))
            } catch let failure as DocumentFailure {
                throw CommandFailure.trouble(failure.lines.joined(separator: "\n"))
            }
        }
        let directory = (path as NSString).deletingLastPathComponent
        let unmerged = ProcessRunner.run(["git", "ls-files", "-u", "--", (path as NSString).lastPathComponent], in: directory.isEmpty ? nil : directory)
        if unmerged.status == 0 && !unmerged.stdout.isEmpty {
            func stage(_ n: Int) -> [UInt8]? {
                let shown = ProcessRunner.run(["git", "show", ":\(n):./\((path as NSString).lastPathComponent)"], in: directory.isEmpty ? nil : directory)
                return shown.status == 0 ? shown.stdout : nil
            }
            guard let mine = stage(2), let theirs = stage(3) else {
                throw CommandFailure.trouble("\(path): git's index lacks ours or theirs (deleted on one side): use git checkout --ours or --theirs")
            }
            return Versions(base: try stage(1).map { try document("base", $0) }, mine: try document("ours", mine), theirs: try document("theirs", theirs),
                            baseText: nil, fromGit: true, blockLines: [])
        }
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.read(path, io: io)
        } catch let f as CommandFailure {
            throw CommandFailure.trouble(f.message)
        }
        let sides: ConflictMarkerReader.Sides
        do {
            sides = try ConflictMarkerReader.sides(of: bytes, size: markerSize)
        } catch {
            throw CommandFailure.trouble("\(path):\(error)")
        }
        let (mine, theirs) = (try document("mine", sides.mine), try document("theirs", sides.theirs))
        return Versions(base: try? document("base", sides.base), mine: mine, theirs: theirs, baseText: sides.base, fromGit: false, blockLines: sides.blockLines)
    }
}
