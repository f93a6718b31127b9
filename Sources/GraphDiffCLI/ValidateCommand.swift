import GraphDiff

/// `graphdiff validate`: checks documents and lists every problem.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let usage = "graphdiff validate [--schema FILE | --no-schema] [--stdin-path PATH] [--force] [--quiet] FILE..."
    static let help = Help.validate

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .validate)
        guard !args.operands.isEmpty else { throw CommandFailure.usage("no file given") }
        guard args.operands.filter({ $0 == "-" }).count <= 1 else { throw CommandFailure.usage("only one input can be standard input") }
        let loader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: args.has("--force"),
                                    readsSchemas: try OptionConflicts.readsSchemas(args))
        loader.stdinPath = try OptionConflicts.stdinPath(args)
        if loader.stdinPath == nil && loader.readsSchemas && loader.schemaOverride == nil && args.operands.contains("-") {
            loader.homesOfReferences = DocumentLoader.homesOfReferences(in: args.operands, io: io)
        }
        var status = ExitStatus.success
        for path in args.operands {
            do {
                let document = try loader.load(path)
                if !args.has("--quiet") { io.out(summary(document) + "\n") }
                // Notes: what a valid graph holds that breaks no rule.
                if !args.has("--quiet"), case .graph(let g) = document.content {
                    for note in g.orderNotes() { io.err("\(document.path): note: \(note)\n") }
                }
            } catch let failure as DocumentFailure {
                // Whether a file is valid is what validate answers: an
                // invalid file is its finding (1), not trouble.
                let report = Messages.report(failure, command: ValidateCommand.self, invalidIsTheAnswer: true)
                io.err(report.text)
                if report.status.code > status.code { status = report.status }
            } catch let failure as CommandFailure where failure.status == .trouble && !failure.showUsage {
                // A file that cannot be read (or its schema): trouble, and
                // the other files are still validated.
                io.err(Messages.report(failure, command: ValidateCommand.self).text)
                if failure.status.code > status.code { status = failure.status }
            }
        }
        return status
    }

    static func summary(_ document: LoadedDocument) -> String {
        switch document.content {
        case .graph(let g):
            let noun = g.count == 1 ? "object" : "objects"
            return "\(document.path): valid graph of schema \"\(g.schema.name)\" (\(g.count) \(noun))"
        case .schema(let s):
            return "\(document.path): valid schema \"\(s.name)\" (\(s.entities.count) entities, \(s.fingerprint))"
        case .json:
            return "\(document.path): valid JSON (no schema)"
        }
    }
}
