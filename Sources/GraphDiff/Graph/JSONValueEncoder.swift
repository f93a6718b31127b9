import Foundation
import GraphDiffJSON

/// Encodes `Encodable` values as ``JSONValue``s, the way graphdiff keeps
/// values: exact, so ``JSONValueDecoder`` gives back the same value.
///
///     struct Task: Codable { var id: String; var title: String; var due: Date? }
///     let value = try JSONValueEncoder().encode(Task(id: "t1", title: "Milk", due: nil))
///     print(value)   // {"id":"t1","title":"Milk"}
///
/// | Swift | JSON |
/// | --- | --- |
/// | `String`, `Bool` | string, `true`/`false` |
/// | integers, `Double`, `Float` | a number, in the shortest text that reads back as the same value |
/// | `Decimal` | a number, its exact digits |
/// | `Date` | an ISO 8601 string in UTC, with as many fraction digits as the value needs |
/// | `UUID` | its `uuidString` |
/// | `Data` | base64 |
/// | `URL` | its `absoluteString` |
/// | `nil` in an optional property | the key is left out (as `JSONEncoder` does) |
///
/// A struct is an object with its keys in encoding order, a dictionary an
/// object with its keys sorted (byte order of their text); an array is an
/// array, a set an array sorted by its elements' canonical JSON text: the
/// same value always encodes to the same bytes, whatever order a
/// dictionary or a set iterates in.
public struct JSONValueEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The JSON value of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a floating-point value that
    ///   is not finite, a date outside the years 0000 to 9999, or a value
    ///   that encodes nothing.
    /// - Complexity: O(*s*), where *s* is the size of the encoded value.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try _encode(value, recording: nil)
    }

    /// Encodes `value`, telling `recording` the static type of each
    /// property of the top-level object (see ``PropertyTypeLog``).
    ///
    /// `capture` is offered each property of the top-level object first:
    /// a property it takes (returns `true` for) is left out of the result.
    func _encode<T: Encodable>(_ value: T, recording log: PropertyTypeLog?, capture: ((String, Any) throws -> Bool)? = nil) throws -> JSONValue {
        if let special = try _EncodingBox.special(value, codingPath: []) { return special }
        let box = _EncodingBox()
        try value.encode(to: _ValueEncoder(box: box, codingPath: [], log: log, capture: capture))
        guard let result = box.value else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) encoded nothing"))
        }
        return result
    }
}

extension JSONValue {
    /// The JSON value of any `Encodable` value, as ``JSONValueEncoder``
    /// writes it: how an app sets a property from a Swift value.
    ///
    ///     try graph.update(milk) { $0.due = try JSONValue(encoding: Date()) }
    ///
    /// - Throws: what ``JSONValueEncoder/encode(_:)`` throws.
    public init<T: Encodable>(encoding value: T) throws { self = try JSONValueEncoder().encode(value) }
}

/// What an encoding told of the properties of its top-level object: the
/// attribute type each Swift type stands for, and whether the property is
/// optional (`encodeIfPresent` or `encodeNil`), whatever the value.
final class PropertyTypeLog {
    struct Entry { var type: AttributeType; var isOptional: Bool }
    var names: [String] = []
    var entries: [String: Entry] = [:]

    func record(_ key: String, _ type: AttributeType, optional: Bool) {
        if var old = entries[key] {
            old.isOptional = old.isOptional || optional
            if old.type != type { old.type = .json }
            entries[key] = old
        } else {
            names.append(key)
            entries[key] = Entry(type: type, isOptional: optional)
        }
    }

    /// The attribute type of a property of static type `T`.
    static func attributeType<T>(of _: T.Type) -> AttributeType {
        switch T.self {
        case is String.Type, is Substring.Type, is Character.Type: return .string
        case is Bool.Type: return .bool
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
            is UInt8.Type, is UInt16.Type, is UInt32.Type: return .int64
        case is UInt.Type, is UInt64.Type, is Decimal.Type: return .decimal
        case is Double.Type: return .double
        case is Float.Type: return .float
        case is Date.Type: return .date
        case is UUID.Type: return .uuid
        case is Data.Type: return .binary
        case is URL.Type: return .uri
        default: return .json
        }
    }
}

/// A value being built by an encoder: one of its containers writes into it.
final class _EncodingBox {
    enum Content { case none, value(JSONValue), object([(String, _EncodingBox)]), array([_EncodingBox]) }
    var content: Content = .none

    var value: JSONValue? {
        switch content {
        case .none: return nil
        case .value(let v): return v
        case .object(let members):
            return .object(JSONObject(members.compactMap { k, b in b.value.map { JSONObject.Member(key: k, value: $0) } }))
        case .array(let elements): return .array(elements.map { $0.value ?? .null })
        }
    }

    /// The JSON value of a type the table of ``JSONValueEncoder`` names, or
    /// `nil` for a type that encodes itself.
    static func special<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
        func invalid(_ why: String) -> EncodingError {
            EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: why))
        }
        switch value {
        case let v as Date:
            guard let text = ISO8601Instant.text(of: v) else { throw invalid("the date \(v.timeIntervalSinceReferenceDate) is outside the years 0000 to 9999") }
            return .string(text)
        case let v as UUID: return .string(v.uuidString)
        case let v as Data: return .string(v.base64EncodedString())
        case let v as URL: return .string(v.absoluteString)
        case let v as Decimal:
            guard !v.isNaN else { throw invalid("a decimal that is not a number has no JSON value") }
            return .number(JSONNumber(v.description))
        case let v as Double: return try number(v, codingPath: codingPath, value)
        case let v as Float: return try number(v, codingPath: codingPath, value)
        case let v as any _UnorderedEncodable: return try v._sortedJSON(codingPath)
        case let v as any _IntKeyedEncodable: return try v._sortedJSON(codingPath)
        default: return nil
        }
    }

    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ v: F, codingPath: [any CodingKey], _ original: Any) throws -> JSONValue {
        guard v.isFinite else {
            throw EncodingError.invalidValue(original, .init(codingPath: codingPath, debugDescription: "\(v) has no JSON value"))
        }
        return .number(JSONNumber(v.description))
    }
}

struct _AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

struct _ValueEncoder: Encoder {
    let box: _EncodingBox
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Set for the top-level object only.
    let log: PropertyTypeLog?
    var capture: ((String, Any) throws -> Bool)? = nil

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object([]) }
        return KeyedEncodingContainer(_KeyedEncoding<Key>(box: box, codingPath: codingPath, log: log, capture: capture))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return _UnkeyedEncoding(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { _SingleEncoding(box: box, codingPath: codingPath) }
}

/// Encodes one value into `box`: a special type directly, anything else
/// through its own `encode(to:)`.
func _encodeValue<T: Encodable>(_ value: T, into box: _EncodingBox, codingPath: [any CodingKey]) throws {
    if let special = try _EncodingBox.special(value, codingPath: codingPath) {
        box.content = .value(special)
    } else {
        try value.encode(to: _ValueEncoder(box: box, codingPath: codingPath, log: nil))
    }
}

private func _integer<I: BinaryInteger>(_ v: I) -> JSONValue { .number(JSONNumber(String(v))) }

struct _KeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: _EncodingBox
    var codingPath: [any CodingKey]
    let log: PropertyTypeLog?
    var capture: ((String, Any) throws -> Bool)? = nil

    private func append(_ key: Key, _ child: _EncodingBox) { append(key.stringValue, child) }
    private func append(_ key: String, _ child: _EncodingBox) {
        if case .object(var members) = box.content {
            box.content = .none
            members.append((key, child))
            box.content = .object(members)
        }
    }
    private func put(_ value: JSONValue, _ key: Key, _ type: AttributeType) {
        let child = _EncodingBox()
        child.content = .value(value)
        append(key, child)
        log?.record(key.stringValue, type, optional: false)
    }

    mutating func encodeNil(forKey key: Key) throws {
        put(.null, key, .json)
        log?.record(key.stringValue, .json, optional: true)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key, .bool) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key, .string) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try _EncodingBox.number(value, codingPath: codingPath + [key], value), key, .double)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try _EncodingBox.number(value, codingPath: codingPath + [key], value), key, .float)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(_integer(value), key, .decimal) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(_integer(value), key, .int64) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(_integer(value), key, .decimal) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let capture, try capture(key.stringValue, value) { return }
        let child = _EncodingBox()
        try _encodeValue(value, into: child, codingPath: codingPath + [key])
        append(key, child)
        log?.record(key.stringValue, PropertyTypeLog.attributeType(of: T.self), optional: false)
    }

    // Optional properties: the key is left out for `nil`, and the log
    // learns the property's type either way.
    private func absent<T>(_ key: Key, _: T.Type) {
        log?.record(key.stringValue, PropertyTypeLog.attributeType(of: T.self), optional: true)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value, let capture, try capture(key.stringValue, value) { return }
        if let value {
            let child = _EncodingBox()
            try _encodeValue(value, into: child, codingPath: codingPath + [key])
            append(key, child)
        }
        absent(key, T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = _EncodingBox()
        child.content = .object([])
        append(key, child)
        log?.record(key.stringValue, .json, optional: false)
        return KeyedEncodingContainer(_KeyedEncoding<NestedKey>(box: child, codingPath: codingPath + [key], log: nil))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = _EncodingBox()
        child.content = .array([])
        append(key, child)
        log?.record(key.stringValue, .json, optional: false)
        return _UnkeyedEncoding(box: child, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { superEncoder(named: _AnyKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }
    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let child = _EncodingBox()
        append(key.stringValue, child)
        log?.record(key.stringValue, .json, optional: false)
        return _ValueEncoder(box: child, codingPath: codingPath + [key], log: nil)
    }
}

struct _UnkeyedEncoding: UnkeyedEncodingContainer {
    let box: _EncodingBox
    var codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = box.content { return elements.count }
        return 0
    }

    private func append(_ child: _EncodingBox) {
        if case .array(var elements) = box.content {
            box.content = .none
            elements.append(child)
            box.content = .array(elements)
        }
    }
    private var nextPath: [any CodingKey] { codingPath + [_AnyKey(intValue: count)] }

    mutating func encodeNil() throws { let c = _EncodingBox(); c.content = .value(.null); append(c) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = _EncodingBox()
        try _encodeValue(value, into: child, codingPath: nextPath)
        append(child)
    }
    private func put(_ value: JSONValue) { let c = _EncodingBox(); c.content = .value(value); append(c) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try _EncodingBox.number(value, codingPath: nextPath, value)) }
    mutating func encode(_ value: Float) throws { put(try _EncodingBox.number(value, codingPath: nextPath, value)) }
    mutating func encode(_ value: Int) throws { put(_integer(value)) }
    mutating func encode(_ value: Int8) throws { put(_integer(value)) }
    mutating func encode(_ value: Int16) throws { put(_integer(value)) }
    mutating func encode(_ value: Int32) throws { put(_integer(value)) }
    mutating func encode(_ value: Int64) throws { put(_integer(value)) }
    mutating func encode(_ value: UInt) throws { put(_integer(value)) }
    mutating func encode(_ value: UInt8) throws { put(_integer(value)) }
    mutating func encode(_ value: UInt16) throws { put(_integer(value)) }
    mutating func encode(_ value: UInt32) throws { put(_integer(value)) }
    mutating func encode(_ value: UInt64) throws { put(_integer(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = _EncodingBox()
        child.content = .object([])
        let path = nextPath
        append(child)
        return KeyedEncodingContainer(_KeyedEncoding<NestedKey>(box: child, codingPath: path, log: nil))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = _EncodingBox()
        child.content = .array([])
        let path = nextPath
        append(child)
        return _UnkeyedEncoding(box: child, codingPath: path)
    }
    mutating func superEncoder() -> any Encoder {
        let child = _EncodingBox()
        let path = nextPath
        append(child)
        return _ValueEncoder(box: child, codingPath: path, log: nil)
    }
}

struct _SingleEncoding: SingleValueEncodingContainer {
    let box: _EncodingBox
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { box.content = .value(try _EncodingBox.number(value, codingPath: codingPath, value)) }
    mutating func encode(_ value: Float) throws { box.content = .value(try _EncodingBox.number(value, codingPath: codingPath, value)) }
    mutating func encode(_ value: Int) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: Int8) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: Int16) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: Int32) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: Int64) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: UInt) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: UInt8) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: UInt16) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: UInt32) throws { box.content = .value(_integer(value)) }
    mutating func encode(_ value: UInt64) throws { box.content = .value(_integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try _encodeValue(value, into: box, codingPath: codingPath) }
}

/// A dictionary or a set: encoded in a sorted order, not in the order it
/// iterates in (which differs from one process to the next).
protocol _UnorderedEncodable {
    func _sortedJSON(_ codingPath: [any CodingKey]) throws -> JSONValue
}

extension Dictionary: _UnorderedEncodable where Key == String, Value: Encodable {
    func _sortedJSON(_ codingPath: [any CodingKey]) throws -> JSONValue {
        var members: [JSONObject.Member] = []
        for key in keys.sorted(by: utf8Less) {
            guard let value = self[key] else { continue }
            let box = _EncodingBox()
            try _encodeValue(value, into: box, codingPath: codingPath + [_AnyKey(stringValue: key)])
            if let v = box.value { members.append(JSONObject.Member(key: key, value: v)) }
        }
        return .object(JSONObject(members))
    }
}

extension Set: _UnorderedEncodable where Element: Encodable {
    func _sortedJSON(_ codingPath: [any CodingKey]) throws -> JSONValue {
        var elements: [(text: [UInt8], value: JSONValue)] = []
        for (i, element) in enumerated() {
            let box = _EncodingBox()
            try _encodeValue(element, into: box, codingPath: codingPath + [_AnyKey(intValue: i)])
            let value = box.value ?? .null
            elements.append((JSONWriter.canonical(value), value))
        }
        return .array(elements.sorted { $0.text.lexicographicallyPrecedes($1.text) }.map(\.value))
    }
}

/// A dictionary keyed by integers: an object whose keys are the integers'
/// text (as `JSONEncoder` writes it), in numeric order.
protocol _IntKeyedEncodable {
    func _sortedJSON(_ codingPath: [any CodingKey]) throws -> JSONValue
}

extension Dictionary: _IntKeyedEncodable where Key == Int, Value: Encodable {
    func _sortedJSON(_ codingPath: [any CodingKey]) throws -> JSONValue {
        var members: [JSONObject.Member] = []
        for key in keys.sorted() {
            guard let value = self[key] else { continue }
            let box = _EncodingBox()
            try _encodeValue(value, into: box, codingPath: codingPath + [_AnyKey(intValue: key)])
            if let v = box.value { members.append(JSONObject.Member(key: String(key), value: v)) }
        }
        return .object(JSONObject(members))
    }
}
