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
        var identities: [String: String] = [:]
        for pair in args.all("--identity") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CommandFailure.usage("--identity takes ENTITY=ATTRIBUTE, not '\(pair)'")
            }
            if let earlier = identities[parts[0]], earlier != parts[1] {
                throw CommandFailure.usage("--identity gives \(parts[0]) two identities, \(earlier) and \(parts[1])")
            }
            identities[parts[0]] = parts[1]
        }
        let model = try ModelInput.load(path, version: args.value("--version"), identities: identities, io: io)
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
