/// How a command ended, following diff(1) and git.
///
/// | code | meaning |
/// | --- | --- |
/// | 0 | success: no differences, valid, merged cleanly |
/// | 1 | differences, invalid documents, conflicts, a rejected patch |
/// | 2 | trouble: usage, I/O, unreadable input, a broken schema |
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
