import Foundation
import GraphDiff

/// `graphdiff migrate`: moves a graph to the next version of its schema.
enum MigrateCommand: Subcommand {
    static let name = "migrate"
    static let usage = "graphdiff migrate GRAPH --to NEW-SCHEMA [-o OUT | --in-place] [--schema OLD]"
    static let help = Help.migrate

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .migrate)
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no graph given" : "one graph at a time")
        }
        guard let newPath = args.value("--to") else { throw CommandFailure.usage("--to NEW-SCHEMA is required") }
        let output = args.value("--output")
        if output != nil && args.has("--in-place") { throw CommandFailure.usage("choose one of -o and --in-place") }
        if args.has("--in-place") && path == "-" { throw CommandFailure.usage("--in-place needs a file, not standard input") }

        let loader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: false)
        let document = try loader.load(path, schemaDocuments: false)
        guard let graph = document.graph else {
            throw CommandFailure.trouble("\(path): no schema applies (give --schema or \"$schema\")")
        }
        let new = try loadSchema(newPath, io: io)
        var migrated: Graph
        do {
            migrated = try graph.migrated(to: new)
        } catch {
            throw MigrationFailure(error: error, graph: path, schema: newPath)
        }
        let destination = args.has("--in-place") ? path : output.flatMap { $0 == "-" ? nil : $0 }
        migrated.schemaReference = schemaReference(to: newPath, writtenTo: destination)
        let text = migrated.canonicalText()
        if let destination {
            try FileAccess.writeAtomically(text, to: destination)
        } else {
            io.out(text)
        }
        return .success
    }

    /// The schema file at `path`; trouble (2) when it cannot be read or is
    /// no valid schema.
    static func loadSchema(_ path: String, io: CommandIO) throws -> Schema {
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.read(path, io: io)
        } catch let f as CommandFailure {
            throw DocumentFailure(kind: .trouble, lines: ["\(f.message)"])
        }
        do {
            return try Schema.load(bytes)
        } catch {
            throw DocumentFailure(kind: .trouble, lines: Messages.lines(error, file: path))
        }
    }

    /// `$schema` for a result written to `destination` (standard output
    /// when `nil`): NEW as given, relative to the current directory, or
    /// rewritten relative to the directory of the file written. An absolute
    /// path stays as it is.
    static func schemaReference(to newPath: String, writtenTo destination: String?) -> String {
        guard let destination, let physical = FileAccess.physicalDestination(of: destination) else { return newPath }
        return SchemaReference.relocated(newPath, from: "-", to: physical,
                                         currentDirectory: FileManager.default.currentDirectoryPath) ?? newPath
    }
}
