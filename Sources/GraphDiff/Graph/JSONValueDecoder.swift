import Foundation
import GraphDiffJSON

/// Decodes `Decodable` values from ``JSONValue``s written by
/// ``JSONValueEncoder`` (or read from a file): the inverse of the encoder's
/// table, exact for every value it writes.
///
///     let task = try JSONValueDecoder().decode(Task.self, from: ["id": "t1", "title": "Milk"])
///
/// Numbers decode from their exact text (`1.0` decodes as an `Int`, `1.5`
/// does not); a `Date` from any ISO 8601 text graphdiff's `date` type
/// accepts; a `Decimal` from a number or a string holding one. A missing
/// key and `null` both decode as `nil` in an optional property.
public struct JSONValueDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The value of type `T` that `value` holds.
    ///
    /// - Throws: `DecodingError` naming the coding path of the first value
    ///   that does not fit.
    /// - Complexity: O(*s*), where *s* is the size of `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try _ValueDecoder(value: value, codingPath: []).decodeValue(T.self)
    }
}

struct _ValueDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey]
    /// For the top-level object only: asked first for each property, with
    /// the type wanted; a value it gives is the property's.
    var provide: ((String, Any.Type) throws -> Any?)? = nil
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindName)"))
    }
    func corrupted(_ why: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: why))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = value.objectValue else { throw mismatch("an object") }
        var members: [String: JSONValue] = [:]
        for m in object.members { members[m.key] = m.value }
        return KeyedDecodingContainer(_KeyedDecoding<Key>(members: members, keys: object.members.map(\.key), codingPath: codingPath, provide: provide))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value.arrayValue else { throw mismatch("an array") }
        return _UnkeyedDecoding(elements: elements, codingPath: codingPath)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { _SingleDecoding(decoder: self) }

    // MARK: Values

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch T.self {
        case is Date.Type: return try parsed("an ISO 8601 date string", "ISO 8601 date", ISO8601Instant.date)
        case is UUID.Type: return try parsed("a UUID string", "UUID") { UUID(uuidString: $0) }
        case is Data.Type: return try parsed("a base64 string", "base64") { Data(base64Encoded: $0) }
        case is URL.Type: return try parsed("a URL string", "URL") { URL(string: $0) }
        case is Decimal.Type:
            let text: String
            switch value {
            case .number(let n): text = n.text
            case .string(let s): text = s
            default: throw mismatch("a number")
            }
            guard JSONNumber.isValid(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw corrupted("\"\(text)\" is no decimal number")
            }
            return try cast(decimal)
        case is Double.Type: return try cast(try floatingPoint(Double.self))
        case is Float.Type: return try cast(try floatingPoint(Float.self))
        default: return try T(from: self)
        }
    }

    /// The value a string holds, read by `make`.
    private func parsed<T, V>(_ expected: String, _ name: String, _ make: (String) -> V?) throws -> T {
        guard let text = value.stringValue else { throw mismatch(expected) }
        guard let made = make(text) else { throw corrupted("\"\(text)\" is no \(name)") }
        return try cast(made)
    }

    private func cast<T, U>(_ value: U) throws -> T {
        guard let result = value as? T else { throw mismatch("\(T.self)") }
        return result
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }
    func string() throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        guard case .number(let n) = value else { throw mismatch("a number") }
        if let exact = I(n.text) { return exact }
        // An integral value written with a fraction or an exponent (`1.0`, `1e2`).
        guard n.isIntegral, let d = Decimal(string: n.text, locale: Locale(identifier: "en_US_POSIX")),
            let exact = I(d.description)
        else { throw corrupted("\(n.text) does not fit in \(I.self)") }
        return exact
    }
    func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_: F.Type) throws -> F {
        guard case .number(let n) = value else { throw mismatch("a number") }
        guard let v = F(n.text), v.isFinite else { throw corrupted("\(n.text) does not fit in \(F.self)") }
        return v
    }
}

struct _KeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let keys: [String]
    var codingPath: [any CodingKey]
    var provide: ((String, Any.Type) throws -> Any?)? = nil

    var allKeys: [Key] { keys.compactMap(Key.init(stringValue:)) }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func decoder(_ key: Key) throws -> _ValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return _ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue]?.isNull ?? true }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).floatingPoint(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).floatingPoint(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).integer(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).integer(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).integer(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).integer(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).integer(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).integer(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).integer(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).integer(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).integer(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let provide, let value = try provide(key.stringValue, T.self) as? T { return value }
        return try decoder(key).decodeValue(T.self)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let provide, let value = try provide(key.stringValue, T.self) as? T { return value }
        guard let value = members[key.stringValue], !value.isNull else { return nil }
        return try _ValueDecoder(value: value, codingPath: codingPath + [key]).decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        _ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [_AnyKey(stringValue: "super")])
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        _ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct _UnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> _ValueDecoder {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return _ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [_AnyKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().floatingPoint(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().floatingPoint(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().integer(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct _SingleDecoding: SingleValueDecodingContainer {
    let decoder: _ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floatingPoint(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
}
