import Foundation
import GraphDiff

/// `graphdiff migrate`: moves a graph to the next version of its schema.
enum MigrateCommand: Subcommand {
    static let name = "migrate"
    static let usage = "graphdiff migrate GRAPH --to NEW-SCHEMA [--version NAME] [-o OUT | --in-place]\n"
        + "                         [--schema OLD | --stdin-path PATH]\n"
        + "                         \(SchemaCommand.modelOptions) [--force]"
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

        let options = try ModelInput.importOptions(args)
        let loader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: args.has("--force"))
        loader.modelOptions = options
        loader.stdinPath = try OptionConflicts.stdinPath(args)
        let document = try loader.load(path, schemaDocuments: false)
        guard let graph = document.graph else {
            throw CommandFailure.trouble("\(path): no schema applies (give --schema or \"$schema\")")
        }
        let model = try ModelInput.load(newPath, version: args.value("--version"), options: options, allModels: true, io: io)
        try ModelInput.checkChoices(options, used: model.usedChoices.union(loader.usedChoices), anyModel: model.isCoreData || loader.readCoreDataModel)
        io.err(model.noteLines)
        var migrated: Graph
        do {
            migrated = try graph.migrated(to: model.schema)
        } catch {
            throw MigrationFailure(error: error, graph: path, schema: newPath)
        }
        let destination = args.has("--in-place") ? path : output.flatMap { $0 == "-" ? nil : $0 }
        // (Standard output redirected to a file counts as written there.)
        migrated.schemaReference = schemaReference(to: recordedModel(model), writtenTo: destination ?? io.stdoutFile)
        if let destination {
            // Written as it is made.
            try FileAccess.writeAtomically(canonicalTextOf: migrated, to: destination)
        } else {
            io.out(pieces: migrated.canonicalTextPieces())
        }
        return .success
    }

    /// The model `$schema` names: the path as given, but for a
    /// `.xcdatamodeld`, the version read inside it
    /// (`Tasks.xcdatamodeld/Tasks 2.xcdatamodel`), so that the graph keeps
    /// naming the version it was migrated to when a newer one is added.
    static func recordedModel(_ model: ModelInput) -> String {
        guard model.isCoreData, model.path.hasSuffix(".xcdatamodeld") || model.path.hasSuffix(".xcdatamodeld/") else { return model.path }
        var components = model.file.split(separator: "/", omittingEmptySubsequences: false)
        if components.last == "contents" { components.removeLast() }
        guard let version = components.last else { return model.path }
        return (model.path.hasSuffix("/") ? model.path : model.path + "/") + version
    }

    /// `$schema` for a result written to `destination` (standard output
    /// when `nil`): NEW as recorded, relative to the current directory, or
    /// rewritten relative to the directory of the file written. An absolute
    /// path stays as it is.
    static func schemaReference(to newPath: String, writtenTo destination: String?) -> String {
        guard let destination, let physical = FileAccess.physicalDestination(of: destination) else { return newPath }
        return SchemaReference.relocated(newPath, from: "-", to: physical,
                                         currentDirectory: FileManager.default.currentDirectoryPath) ?? newPath
    }
}
