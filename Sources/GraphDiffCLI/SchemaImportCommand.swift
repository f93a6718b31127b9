import GraphDiff

/// `graphdiff schema import`: a Core Data model as a `graphdiff-schema/1`
/// document; what has no counterpart goes to standard error as notes.
enum SchemaImportCommand {
    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .schema)
        try SchemaCommand.refuse(SchemaCommand.diffOptions, in: args, subcommand: "import")
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no model given" : "one model at a time")
        }
        let model = try ModelInput.load(path, version: args.value("--version"), options: try ModelInput.importOptions(args), io: io)
        guard model.isCoreData else {
            throw CommandFailure.trouble("\(path): is a graphdiff schema already, not a Core Data model")
        }
        let text = JSONWriter.canonical(model.document)
        if let output = args.value("--output"), output != "-" {
            try FileAccess.writeAtomically(text, to: output)
        } else {
            io.out(text)
        }
        io.err(model.noteLines)
        return .success
    }
}
