/// A read from standard input or a write to standard output or standard
/// error that failed: `standard output: No space left on device`.
struct StreamFailure: Error, Equatable, CustomStringConvertible {
    enum Stream: Equatable {
        case standardInput, standardOutput, standardError

        /// The stream's name in messages.
        var name: String {
            switch self {
            case .standardInput: return "standard input"
            case .standardOutput: return "standard output"
            case .standardError: return "standard error"
            }
        }

        var descriptor: Int32 {
            switch self {
            case .standardInput: return 0
            case .standardOutput: return 1
            case .standardError: return 2
            }
        }
    }

    var stream: Stream
    /// The system's reason (`strerror`), or what else went wrong.
    var reason: String

    var description: String { "\(stream.name): \(reason)" }
}
