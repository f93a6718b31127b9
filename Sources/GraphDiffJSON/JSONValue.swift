/// A JSON value as graphdiff reads and writes it: exact and order-preserving.
///
/// Numbers keep their text (``JSONNumber``), strings are any Unicode text
/// including `\u0000`, and objects keep their members in the order read
/// (``JSONObject``). Equality (`==`) is equality of JSON values: strings and
/// member names compare by their exact UTF-8 bytes, numbers by decimal value,
/// objects by their set of members whatever the order, arrays element by
/// element. ``isIdentical(to:)`` also requires the same number spelling.
///
///     let a = try JSONReader.parse(#"{"n": 1.0, "s": "x"}"#)
///     let b = try JSONReader.parse(#"{"s": "x", "n": 1}"#)
///     a == b                  // true
///     a.isIdentical(to: b)    // false: 1.0 is not spelled 1
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value, for messages: `null`, `boolean`, `number`, `string`,
    /// `array` or `object`.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The string, when this is a string.
    @inlinable public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The object, when this is an object.
    @inlinable public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The elements, when this is an array.
    @inlinable public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The number, when this is a number.
    @inlinable public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    @inlinable public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Whether this is `null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Whether this is a scalar (not an array or object).
    @inlinable public var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// The member named `key`, when this is an object that has one.
    @inlinable public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A number in the shortest text that reads back as `value`
    /// (`$0.price = 1.5`).
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value.description)) }
}
