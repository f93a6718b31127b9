import GraphDiff

/// How a command ended: one rule for every command, as diff(1) has it (0
/// same, 1 different, 2 trouble) and git merge-file (conflicts count).
///
/// | code | meaning |
/// | --- | --- |
/// | 0 | same: no differences, merged cleanly, applied, valid, canonical |
/// | 1 | different: differences, conflicts, a patch that does not apply, a file validate finds invalid, not canonical (`fmt --check`) |
/// | 2 | trouble: usage, a file that cannot be read or written, an input that is not valid JSON or not a valid graph (for every command but validate, whose finding that is), a malformed patch, a missing or broken schema |
///
/// ``Messages/report(_:command:invalidIsTheAnswer:)`` applies it to errors.
struct ExitStatus: Equatable, CustomStringConvertible {
    var code: Int32

    static let success = ExitStatus(code: 0)
    static let failure = ExitStatus(code: 1)
    static let trouble = ExitStatus(code: 2)

    var description: String { "exit \(code)" }
}

/// A failure that ends a command with a message and a status. Thrown by the
/// helpers of the command layer and turned into output in one place,
/// ``GraphDiffTool/run(_:io:)``.
struct CommandFailure: Error {
    var message: String
    var status: ExitStatus
    /// Print the command's usage after the message.
    var showUsage: Bool = false

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: .trouble, showUsage: true)
    }

    static func trouble(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: .trouble)
    }
}

/// A patch that could not be read or applied, with the files it concerns:
/// what ``Messages/report(_:command:invalidIsTheAnswer:)`` needs to word it.
struct PatchFailure: Error {
    var error: PatchError
    /// The patch file, as given.
    var patch: String
    /// The target file, as given.
    var target: String
}

/// A graph that could not be migrated, with the files it concerns: what
/// ``Messages/report(_:command:invalidIsTheAnswer:)`` needs to word it.
struct MigrationFailure: Error {
    var error: MigrationError
    /// The graph file, as given.
    var graph: String
    /// The NEW schema, as given.
    var schema: String
}
