/// `graphdiff completion bash|zsh|fish`: prints the shell's completion
/// script, made from the command definitions (``CommandSpec``).
enum CompletionCommand: Subcommand {
    static let name = "completion"
    static let usage = "graphdiff completion bash|zsh|fish"
    static let help = Help.completion

    static func run(_ arguments: [String], io: CommandIO) throws -> ExitStatus {
        let args = try ParsedArguments(arguments, spec: CommandSpec.completion)
        guard args.operands.count == 1, let name = args.operands.first else {
            throw CommandFailure.usage(args.operands.isEmpty ? "name a shell: bash, zsh or fish" : "one shell at a time")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw CommandFailure.usage("no completion for '\(name)'; the shells are bash, zsh and fish")
        }
        io.out(CompletionScript.script(for: shell))
        return .success
    }
}
