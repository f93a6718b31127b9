import GraphDiff

/// `graphdiff fmt`: writes a document in canonical form.
enum FormatCommand: Subcommand {
    static let name = "fmt"
    static let usage = "graphdiff fmt [--schema FILE | --no-schema] [--stdin-path PATH] [--force] FILE\n"
        + "                     [-o OUT | --in-place | --check]"
    static let help = Help.fmt

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .fmt)
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no file given" : "one file at a time")
        }
        let destinations = [args.value("--output") != nil, args.has("--in-place"), args.has("--check")].filter { $0 }
        if destinations.count > 1 { throw CommandFailure.usage("choose one of -o, --in-place and --check") }
        if args.has("--in-place") && path == "-" { throw CommandFailure.usage("--in-place needs a file, not standard input") }
        let loader = DocumentLoader(io: io, schemaOverride: args.value("--schema"), force: args.has("--force"),
                                    readsSchemas: try OptionConflicts.readsSchemas(args))
        loader.stdinPath = try OptionConflicts.stdinPath(args)
        let document = try loader.load(path)
        if let output = args.value("--output"), output != "-", let graph = document.graph {
            // Written as it is made.
            try FileAccess.writeResult(of: graph, to: output, from: [document])
            return .success
        }
        // A large graph's text comes in two pieces, written one after the other.
        let text: [[UInt8]]
        switch document.content {
        case .graph(let graph): text = graph.canonicalTextPieces()
        case .json, .schema: text = [JSONWriter.canonical(document.json)]
        }
        if args.has("--check") {
            if piecesEqual(text, document.bytes) { return .success }
            io.err("\(path): not in canonical form\n")
            return .failure
        }
        let shape: SchemaReference.TextShape = document.graph != nil ? .canonicalGraph : .json
        if let output = args.value("--output"), output != "-" {
            try FileAccess.writeResult(pieces: text, to: output, from: [document], shape: shape)
        } else if args.has("--in-place") {
            if !piecesEqual(text, document.bytes) { try FileAccess.writeAtomically(text, to: path) }
        } else {
            io.out(pieces: FileAccess.resultForStandardOutput(pieces: text, io: io, from: [document], shape: shape))
        }
        return .success
    }
}
