import Foundation
import GraphDiff

/// `graphdiff diff DIR1 DIR2`: two trees compared file by file, as `diff -r`
/// compares them (``DirectoryComparison`` pairs the listings).
///
/// Each pair of files that differ is introduced by `graphdiff diff X Y`
/// and reported as `graphdiff diff X Y` would report it when both are JSON
/// (graphs with their `$schema` or `--schema`; schema documents as plain
/// JSON), and as `diff -ru` would otherwise (`--- X`, `+++ Y` and unified
/// hunks, or `Binary files X and Y differ`). Files with the same bytes are
/// the same, unread as JSON. `-q` prints `Files X and Y differ` instead of
/// the report; `--stat` prints a JSON pair's summary and that line for
/// other files. Trouble with one pair (a file that cannot be read, an
/// invalid graph) is reported on standard error and the others are still
/// compared; the status is then 2.
extension DiffCommand {
    static func isDirectory(_ path: String) -> Bool { DirectoryListing.isDirectory(path) }

    static func compareDirectories(_ oldRoot: String, _ newRoot: String, args: ParsedArguments, io: CommandIO) throws -> ExitStatus {
        for option in ["--root", "--include", "--exclude"] where !args.all(option).isEmpty {
            throw CommandFailure.usage("\(option) is for two files, not two directories")
        }
        let format = try args.choice("--format", formats, default: "human")
        // A page or a picture is one document of one pair; a listing of
        // many pairs would be several documents in one file.
        if ["html", "mermaid", "dot"].contains(format) {
            throw CommandFailure.usage("--format \(format) is for two files, not two directories")
        }
        _ = try args.choice("--numbers", ["value", "text"], default: "value")
        _ = try args.choice("--color", ["auto", "always", "never"], default: "auto")
        let brief = args.has("--quiet"), stat = args.has("--stat")
        let outputFile = args.value("--output").flatMap { $0 == "-" ? nil : $0 }
        var pairArgs = args
        pairArgs.values["--output"] = nil
        pairArgs.flags.remove("--quiet")
        let items = DirectoryComparison.pair(old: try DirectoryListing.list(oldRoot), new: try DirectoryListing.list(newRoot))

        var output: [UInt8] = []
        var different = false, trouble = false
        for item in items {
            if let line = DirectoryComparison.line(item, oldRoot: oldRoot, newRoot: newRoot) {
                output += Array(line.utf8)
                different = true
            } else if case .problem(let side, let path, let message) = item {
                io.err("graphdiff diff: \(DirectoryComparison.quoted(DirectoryComparison.join(side == .old ? oldRoot : newRoot, path))): \(message)\n")
                trouble = true
            } else if case .files(let path) = item {
                let (x, y) = (DirectoryComparison.join(oldRoot, path), DirectoryComparison.join(newRoot, path))
                let (qx, qy) = (DirectoryComparison.quoted(x), DirectoryComparison.quoted(y))
                do {
                    guard let report = try comparePair(x, y, args: pairArgs, io: io, colorAllowed: args.value("--output") == nil) else { continue }
                    different = true
                    if brief || (stat && !report.isJSON) {
                        output += Array("Files \(qx) and \(qy) differ\n".utf8)
                    } else {
                        output += Array("graphdiff diff \(qx) \(qy)\n".utf8) + report.bytes
                    }
                } catch var failure as CommandFailure {
                    failure.showUsage = false
                    io.err(Messages.report(failure, command: DiffCommand.self).text)
                    trouble = true
                } catch {
                    io.err(prefixed(Messages.report(error, command: DiffCommand.self).text))
                    trouble = true
                }
            }
            if outputFile == nil && !output.isEmpty {
                io.out(output)
                output = []
            }
        }
        if let outputFile { try FileAccess.writeAtomically(output, to: outputFile) }
        return trouble ? .trouble : different ? .failure : .success
    }

    /// `text`'s lines, each starting with `graphdiff diff: ` (a line that
    /// already starts with it is kept): in directory mode every message on
    /// standard error names the program, as `diff -r` starts each with
    /// `diff: `, position lines (`FILE:LINE:COL: …`) included.
    static func prefixed(_ text: String) -> String {
        let prefix = "graphdiff \(DiffCommand.name): "
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix(prefix) ? String(line) : prefix + line
        }.joined(separator: "\n")
    }

    /// The report on the files `x` and `y`, or `nil` when they are the same.
    ///
    /// - Parameter colorAllowed: colour may be used (no `--output`).
    /// - Throws: what reading them, or ``compare(_:_:args:io:warnUnmatched:)``, throws.
    static func comparePair(_ x: String, _ y: String, args: ParsedArguments, io: CommandIO,
                            colorAllowed: Bool) throws -> (bytes: [UInt8], isJSON: Bool)? {
        let a = try FileAccess.read(x, io: io), b = try FileAccess.read(y, io: io)
        if a == b { return nil }
        guard !GitInputs.isBinary(a) && !GitInputs.isBinary(b), let first = try? JSONReader.parse(a), let second = try? JSONReader.parse(b) else {
            let text = DirectoryComparison.textDiff(old: a, new: b, oldName: DirectoryComparison.quoted(x),
                                                    newName: DirectoryComparison.quoted(y))
            return text.isEmpty ? nil : (text, false)
        }
        var args = args
        if [first, second].contains(where: Schema.isSchemaDocument) {
            args.values["--schema"] = nil  // a schema document compares as plain JSON
        }
        // Each pair takes the options of its kind: --ignore ENTITY.PROPERTY,
        // not --array-key or --numbers, for graphs; --ignore POINTER for plain JSON.
        let graphs = areGraphs([(x, first), (y, second)], args: args, io: io)
        if graphs {
            args.values["--array-key"] = nil
            args.values["--numbers"] = nil
        }
        args.values["--ignore"] = args.all("--ignore").filter { $0.hasPrefix("/") != graphs }
        let capture = CommandIO.Capture()
        let pairIO = CommandIO(writeOut: { capture.stdout += $0 }, writeErr: { io.err(String(decoding: $0, as: UTF8.self)) },
                               readStandardInput: { [] }, environment: io.environment,
                               stdoutIsTerminal: io.stdoutIsTerminal && colorAllowed)
        let status = try compare(x, y, args: args, io: pairIO, warnUnmatched: false)
        return status == .failure ? (capture.stdout, true) : nil
    }

    /// Whether the documents (path and JSON) are read as graphs: `--schema`
    /// is given, or one of them names a graphdiff schema with `$schema`
    /// (a schema that cannot be read counts: loading reports it).
    static func areGraphs(_ documents: [(path: String, json: JSONValue)], args: ParsedArguments, io: CommandIO) -> Bool {
        if args.value("--schema") != nil { return true }
        if args.has("--no-schema") { return false }
        let loader = DocumentLoader(io: io, schemaOverride: nil, force: true)
        return documents.contains { document in
            guard let location = loader.schemaLocation(for: document.path, document: document.json) else { return false }
            do {
                return try loader.loadSchema(location, referencedBy: document.path) != nil
            } catch {
                return true
            }
        }
    }
}
