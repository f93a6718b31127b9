import Foundation
import GraphDiff

/// `graphdiff blame`: per object and property of a graph file, the commit
/// that last set its current value, through git.
enum BlameCommand: Subcommand {
    static let name = "blame"
    static let usage = "graphdiff blame [--format human|json] [--rev REVISION] [--schema FILE] FILE [ENTITY:ID]..."
    static let help = Help.blame
    static let formats = ["human", "json"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .blame)
        guard let path = args.operands.first else { throw CommandFailure.usage("no file given") }
        let format = try args.choice("--format", formats, default: "human")
        let named = try args.operands.dropFirst().map { try LogCommand.objectName($0, option: "ENTITY:ID") }
        let schema = try args.value("--schema").map { try Schema.load(FileAccess.read($0, io: io)) }
        let revision = args.value("--rev") ?? "HEAD"
        // One commit: a range or an option would make git list other commits, or do other things.
        if revision.hasPrefix("-") || revision.hasPrefix("^") || revision.contains("..") || revision.isEmpty {
            throw CommandFailure.usage("--rev takes one revision, such as HEAD~3 or a tag, got '\(revision)'")
        }
        let entries = try GitFileHistory.entries(path: path, revisions: [revision], firstParent: true)
        guard let newest = entries.first, let newestBlob = newest.newBlob else {
            throw CommandFailure.trouble("\(path): no such file in \(revision)")
        }
        let versions = HistoryVersions(objects: try GitFileHistory(), schemaOverride: schema)
        let current = try versions.version(blob: newestBlob, commit: newest.commit, path: newest.path)
        let start: GraphBlame.Version
        do {
            guard current.graph != nil || current.document != nil else { throw CommandFailure.trouble(current.problem ?? "not JSON") }
            start = try GraphBlame.Version(bytes: current.bytes, graph: current.graph)
        } catch {
            throw CommandFailure.trouble("\(newest.shortCommit):\(newest.path): \(current.problem ?? "\(error)")")
        }
        let objects = named.isEmpty ? nil : Set(named)
        // An object the file does not hold at REVISION is a mistake to say, not an empty answer.
        for name in named where !start.holds(name) {
            throw CommandFailure.trouble("\(path): no object \(name.entity):\(name.identity) in \(revision)")
        }
        var blame = GraphBlame(current: start, objects: objects)
        var newer = start
        var oldest = 0
        // One pass back along the first parents, each version read once;
        // it stops when every subject is attributed.
        // The next versions are read on another thread meanwhile.
        let requests = entries.prefix { $0.oldBlob != nil }.map { HistoryVersions.Request(blob: $0.oldBlob ?? "", commit: $0.commit + "^1", path: $0.oldPath) }
        // Older versions are read as documents: blame changes the current graph back.
        versions.prefetch(requests, skeleton: true)
        defer { versions.stop() }
        for i in entries.indices where !blame.isComplete {
            oldest = i
            guard i < requests.count, let older = try versions.next().blame else { break }
            blame.attribute(from: older, to: newer, newer: i)
            newer = older
        }
        let lines = blame.attributions(oldest: oldest)
        if format == "json" {
            io.out(JSONWriter.canonical(.array(lines.map { line in
                let e = entries[line.version]
                var o: JSONObject = [
                    "entity": .string(line.subject.entity), "identity": .string(line.subject.identity),
                    "property": .string(line.subject.property), "commit": .string(e.commit), "author": .string(e.author),
                    "date": .string(e.date), "summary": .string(e.summary), "path": .string(e.path),
                ]
                if let member = line.subject.member { o["member"] = .string(member) }
                if let value = line.value { o["value"] = value }
                return .object(o)
            })))
            return .success
        }
        let authorWidth = lines.map { entries[$0.version].author.count }.max() ?? 0
        var out = ""
        for line in lines {
            let e = entries[line.version]
            let author = e.author + String(repeating: " ", count: authorWidth - e.author.count)
            out += "\(e.shortCommit) (\(author) \(e.date.prefix(10))) \(line.subject.text)"
            if let value = line.value { out += " = " + String(decoding: JSONWriter.write(value, style: .compactSorted), as: UTF8.self) }
            out += "\n"
        }
        io.out(out)
        return .success
    }
}
