/// The type of an attribute, in Core Data's vocabulary.
///
/// Each type says which JSON values an attribute may hold and how two values
/// compare (see ``AttributeType/valuesEqual(_:_:)``):
///
/// | type | JSON value | compared by |
/// | --- | --- | --- |
/// | `string`, `uri` | string | exact bytes |
/// | `bool` | `true` / `false` | value |
/// | `int16`, `int32`, `int64` | integral number in range | decimal value |
/// | `float`, `double` | number that rounds to a finite value of the type | decimal value |
/// | `decimal` | number, or string holding a number | decimal value |
/// | `date` | ISO 8601 string | the instant it denotes |
/// | `uuid` | 8-4-4-4-12 hex string | value, ignoring case |
/// | `binary` | base64 string | exact bytes |
/// | `json` | any JSON value | JSON equality |
public enum AttributeType: String, CaseIterable, Sendable, Hashable {
    case string, bool, int16, int32, int64, float, double, decimal, date, uuid, uri, binary, json

    /// Whether the type may hold positions of an index ordering
    /// (``Ordering/index(_:)``): the integer, decimal, float and double types.
    public var canBePosition: Bool {
        switch self {
        case .int16, .int32, .int64, .decimal, .float, .double: return true
        default: return false
        }
    }

    /// Whether the type may serve as an identity.
    public var canBeIdentity: Bool {
        switch self {
        case .string, .uuid, .int16, .int32, .int64: return true
        default: return false
        }
    }
}
