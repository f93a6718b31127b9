
/// Why a patch could not be read or applied.
public enum PatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The patch document itself is not well formed.
    case malformed(String)
    /// An operation does not fit the document: operation number, and why.
    case failed(operation: Int, reason: String)

    public var description: String {
        switch self {
        case .malformed(let why): return why
        case .failed(let index, let why): return "operation \(index): \(why)"
        }
    }
}
