import GraphDiffJSON

/// One edit of a structural JSON diff, at a JSON Pointer. A list of edits is
/// applied in order: each path is valid at the moment its edit applies, so the
/// list maps one to one onto RFC 6902 operations.
public enum JSONEdit: Hashable, Sendable {
    case add(path: JSONPointer, value: JSONValue)
    case remove(path: JSONPointer, old: JSONValue)
    case replace(path: JSONPointer, old: JSONValue, new: JSONValue)
    /// An array element matched by ``JSONDiff/Options/arrayKey`` that changed place.
    case move(from: JSONPointer, path: JSONPointer)

    /// Where the edit applies.
    public var path: JSONPointer {
        switch self {
        case .add(let p, _), .remove(let p, _), .replace(let p, _, _), .move(_, let p): return p
        }
    }
}
