import GraphDiff

/// `graphdiff textconv`: writes a graph file (or any JSON) in the
/// identity-keyed text form, for git's textconv.
enum TextconvCommand: Subcommand {
    static let name = "textconv"
    static let usage = "graphdiff textconv FILE"
    static let help = Help.textconv

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: .textconv)
        guard args.operands.count == 1, let path = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "no file given" : "one file at a time")
        }
        let bytes = try FileAccess.read(path, io: io)
        // git runs textconv on every version it shows: a version that is no
        // JSON (conflict markers, a model file's XML) passes through as it
        // is, so git shows its lines instead of failing.
        guard let document = try? JSONReader.parse(bytes) else {
            io.out(bytes)
            return .success
        }
        io.out(IdentityText.lines(of: document))
        return .success
    }
}
