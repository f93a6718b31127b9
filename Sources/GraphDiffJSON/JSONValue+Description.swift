/// A JSON value prints as its JSON text (compact, members in their order),
/// as a person reads it; `debugPrint` and `dump` show the cases.
///
///     let value: JSONValue = ["title": "Tea", "done": false, "tags": [1, 2]]
///     print(value)        // {"title":"Tea","done":false,"tags":[1,2]}
///     debugPrint(value)   // .object(["title": .string("Tea"), "done": .bool(false), "tags": .array([.number(1), .number(2)])])
extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value's compact JSON text.
    public var description: String { JSONWriter.string(self) }

    /// The value as the cases that make it, numbers in their exact text.
    public var debugDescription: String {
        switch self {
        case .null: return ".null"
        case .bool(let b): return ".bool(\(b))"
        case .number(let n): return ".number(\(n.text))"
        case .string(let s): return ".string(\(JSONWriter.string(.string(s))))"
        case .array(let list): return ".array([\(list.map(\.debugDescription).joined(separator: ", "))])"
        case .object(let o): return ".object(\(o.debugDescription))"
        }
    }
}

extension JSONObject: CustomStringConvertible, CustomDebugStringConvertible {
    /// The object's compact JSON text.
    public var description: String { JSONWriter.string(.object(self)) }

    /// The members as key/case pairs, in their order.
    public var debugDescription: String {
        members.isEmpty ? "[:]" : "[" + members.map { "\(JSONWriter.string(.string($0.key))): \($0.value.debugDescription)" }.joined(separator: ", ") + "]"
    }
}
