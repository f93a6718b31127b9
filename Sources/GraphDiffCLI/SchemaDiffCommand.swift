import Foundation
import GraphDiff

/// `graphdiff schema diff`: the changes between two versions of a model,
/// each classified the way Core Data's lightweight migration classifies it.
enum SchemaDiffCommand {
    static let formats = ["human", "json"]

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .schema)
        try SchemaCommand.refuse(SchemaCommand.importOptions, in: args, subcommand: "diff")
        let format = try args.choice("--format", formats, default: "human")
        let colorChoice = try args.choice("--color", CommandSpec.colorValues, default: "auto")
        if format != "human" && colorChoice == "always" {
            throw CommandFailure.usage("--color=always colours the human report only, not --format \(format)")
        }
        let (old, new) = try models(args, io: io)
        let changes = SchemaDiff.changes(from: old, to: new)
        let output: [UInt8]
        switch format {
        case "json":
            output = JSONWriter.canonical(SchemaDiffDocument.encode(changes))
        default:
            let context = RenderContext(color: ColorChoice.wanted(colorChoice, io: io, toFile: false))
            output = Array(HumanRenderer.render(changes, context: context).utf8)
        }
        io.out(output)
        return changes.isEmpty ? .success : .failure
    }

    /// OLD and NEW: two operands, or one `.xcdatamodeld` with `--from` (and
    /// `--to`, else its current version).
    static func models(_ args: ParsedArguments, io: CommandIO) throws -> (Schema, Schema) {
        let options = try ModelInput.importOptions(args)
        let (old, new) = try inputs(args, options: options, io: io)
        try ModelInput.checkChoices(options, used: old.usedChoices.union(new.usedChoices), anyModel: old.isCoreData || new.isCoreData)
        return (old.schema, new.schema)
    }

    /// The two models `args` names, `--identity`, `--ordered` and
    /// `--ordered-by` applied to each Core Data one.
    static func inputs(_ args: ParsedArguments, options: CoreDataImport.Options, io: CommandIO) throws -> (ModelInput, ModelInput) {
        let from = args.value("--from"), to = args.value("--to")
        if from == nil && to == nil {
            guard args.operands.count == 2 else {
                throw CommandFailure.usage(args.operands.count < 2 ? "two models are needed, OLD and NEW" : "too many models; schema diff compares two")
            }
            if args.operands[0] == "-" && args.operands[1] == "-" { throw CommandFailure.usage("only one input can be standard input") }
            return (try loadModel(args.operands[0], version: nil, options: options, io: io),
                    try loadModel(args.operands[1], version: nil, options: options, io: io))
        }
        guard let from else { throw CommandFailure.usage("--to needs --from (two versions of one .xcdatamodeld)") }
        guard args.operands.count == 1 else {
            throw CommandFailure.usage("--from and --to take one .xcdatamodeld folder, not \(args.operands.count) models")
        }
        let path = args.operands[0]
        return (try loadModel(path, version: from, options: options, io: io),
                try loadModel(path, version: to, options: options, io: io))
    }

    /// The model at `path` (its version `version` of a `.xcdatamodeld`),
    /// with those of `options` whose entity or relationship it has; what its
    /// import did not keep goes to standard error as notes.
    static func loadModel(_ path: String, version: String?, options: CoreDataImport.Options, io: CommandIO) throws -> ModelInput {
        if version != nil && !(DirectoryListing.isDirectory(path) && !FileManager.default.fileExists(atPath: path + "/contents")) {
            throw CommandFailure.usage("--from and --to need a .xcdatamodeld folder")
        }
        let model = try ModelInput.load(path, version: version, options: options, allModels: true, io: io)
        io.err(model.noteLines)
        return model
    }
}
