import GraphDiffJSON

extension AttributeType {
    /// Why `value` (not `null`) cannot be a value of this type, or `nil` when it can.
    ///
    ///     AttributeType.int16.problem(with: 70000)   // "is out of range for int16"
    public func problem(with value: JSONValue) -> String? {
        switch (self, value) {
        case (.json, _): return nil
        case (.string, .string), (.uri, .string), (.bool, .bool): return nil
        case (.int16, .number(let n)): return integerProblem(n, Int(Int16.min), Int(Int16.max))
        case (.int32, .number(let n)): return integerProblem(n, Int(Int32.min), Int(Int32.max))
        case (.int64, .number(let n)): return integerProblem(n, Int.min, Int.max)
        case (.float, .number(let n)): return floatingPointProblem(n, Float.self)
        case (.double, .number(let n)): return floatingPointProblem(n, Double.self)
        case (.decimal, .number): return nil
        case (.decimal, .string(let s)):
            return JSONNumber(validating: s) == nil ? "is not a decimal number" : nil
        case (.date, .string(let s)):
            return ISO8601Instant(s) == nil ? "is not an ISO 8601 date" : nil
        case (.uuid, .string(let s)):
            return isUUID(s) ? nil : "is not a UUID (8-4-4-4-12 hex digits)"
        case (.binary, .string(let s)):
            return isBase64(s) ? nil : "is not base64"
        default:
            return "has the wrong type: expected \(expectedJSON), found \(value.kindName)"
        }
    }

    /// The JSON a value of this type is written as, for messages.
    public var expectedJSON: String {
        switch self {
        case .string: return "a string"
        case .uri: return "a URI string"
        case .bool: return "true or false"
        case .int16, .int32, .int64: return "an integer (\(rawValue))"
        case .float, .double: return "a number (\(rawValue))"
        case .decimal: return "a decimal number"
        case .date: return "an ISO 8601 date string"
        case .uuid: return "a UUID string"
        case .binary: return "a base64 string"
        case .json: return "any JSON value"
        }
    }

    /// Whether two values of this type are the same value: dates by instant,
    /// UUIDs ignoring case, numbers (and decimal strings) by decimal value,
    /// strings by exact bytes, `json` by JSON equality.
    public func valuesEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (self, a, b) {
        case (.date, .string(let x), .string(let y)):
            if utf8Equal(x, y) { return true }
            guard let i = ISO8601Instant(x), let j = ISO8601Instant(y) else { return false }
            return i == j
        case (.uuid, .string(let x), .string(let y)):
            return utf8Equal(x.lowercased(), y.lowercased())
        case (.decimal, _, _):
            guard let x = decimalNumber(a), let y = decimalNumber(b) else { return a == b }
            return x == y
        default:
            return a == b
        }
    }

    private func decimalNumber(_ v: JSONValue) -> JSONNumber? {
        switch v {
        case .number(let n): return n
        case .string(let s): return JSONNumber(validating: s)
        default: return nil
        }
    }

    /// The rule for `float` and `double`: a number is in range when it
    /// rounds (to nearest, ties to even, straight from its decimal text) to
    /// a finite value of `F`. `3.4028235e+38`, the largest `float` as Swift
    /// and numpy print it, is one; `3.5e38` rounds to infinity and is not.
    /// Tiny numbers that round to zero are in range.
    private func floatingPointProblem<F: BinaryFloatingPoint & LosslessStringConvertible>(_ n: JSONNumber, _: F.Type) -> String? {
        guard let value = F(n.text), value.isFinite else { return "is out of range for \(rawValue)" }
        return nil
    }

    private func integerProblem(_ n: JSONNumber, _ lo: Int, _ hi: Int) -> String? {
        guard n.isIntegral else { return "is not an integer" }
        guard let v = n.intValue, v >= lo, v <= hi else { return "is out of range for \(rawValue)" }
        return nil
    }
}

func isUUID(_ s: String) -> Bool {
    let bytes = Array(s.utf8)
    guard bytes.count == 36 else { return false }
    for (i, b) in bytes.enumerated() {
        if i == 8 || i == 13 || i == 18 || i == 23 {
            if b != UInt8(ascii: "-") { return false }
        } else if !isHexDigit(b) {
            return false
        }
    }
    return true
}

func isHexDigit(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
}

/// Standard base64 (RFC 4648 §4) with `=` padding to a multiple of four.
func isBase64(_ s: String) -> Bool {
    let bytes = Array(s.utf8)
    guard bytes.count % 4 == 0 else { return false }
    var padding = 0
    for (i, b) in bytes.enumerated() {
        let alphabet = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "+") || b == UInt8(ascii: "/")
        if b == UInt8(ascii: "=") {
            padding += 1
            if i < bytes.count - 2 { return false }
        } else if !alphabet || padding > 0 {
            return false
        }
    }
    return padding <= 2
}
