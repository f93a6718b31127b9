/// A JSON number, kept as the exact text it was written with.
///
/// graphdiff never converts numbers through `Double`: `12345678901234567890`,
/// `1.0` and `1e400` keep their spelling when read and written. Two numbers are
/// equal (`==`) when they denote the same decimal value, so `1`, `1.0`, `10e-1`
/// and `0.1e1` are equal, while `12345678901234567890` and
/// `12345678901234567891` are not. ``hasSameText(as:)`` compares spelling.
///
///     JSONNumber("1.0") == JSONNumber("1")        // true
///     JSONNumber("1.0").hasSameText(as: "1")       // false
///
/// - Note: `-0` equals `0`. An exponent with more than 18 digits is compared
///   by its text, since it cannot be normalised into an `Int`.
public struct JSONNumber: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
{
    /// The number as written, for example `-12.50e3`.
    public let text: String

    /// Wraps `text`, which must be a valid JSON number; see ``init(validating:)``.
    public init(_ text: String) { self.text = text }

    public init(stringLiteral value: String) { self.text = value }

    public init(integerLiteral value: Int) { self.text = String(value) }

    /// Wraps `text` when it is a valid JSON number, else returns `nil`.
    public init?(validating text: String) {
        guard JSONNumber.isValid(text) else { return nil }
        self.text = text
    }

    /// Makes the number for an integer.
    public init(_ value: Int) { self.text = String(value) }

    public var description: String { text }

    /// Whether `other` is spelled with the same characters.
    public func hasSameText(as other: JSONNumber) -> Bool { utf8Equal(text, other.text) }

    /// The value as an `Int`, when the number is an integer that fits
    /// (`3`, `3.0` and `30e-1` all give 3).
    public var intValue: Int? {
        if let plain = plainInteger { return plain }
        let d = decimal
        guard d.overflowText == nil else { return nil }
        if d.digits.isEmpty { return 0 }
        guard d.exponent >= d.digits.count, d.exponent <= 19 else { return nil }
        // Accumulated with the number's sign, so that Int.min fits.
        let sign = d.negative ? -1 : 1
        var value = 0
        for digit in d.digits {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(sign * Int(digit - 48))
            if o1 || o2 { return nil }
            value = s
        }
        for _ in 0..<(d.exponent - d.digits.count) {
            let (m, o) = value.multipliedReportingOverflow(by: 10)
            if o { return nil }
            value = m
        }
        return value
    }

    /// The nearest `Double` (for display and range checks only; never for equality).
    public var doubleValue: Double? { Double(text) }

    /// Whether the number has no fractional part (by value: `2.0` is integral).
    public var isIntegral: Bool {
        if plainInteger != nil { return true }
        let d = decimal
        return d.overflowText == nil && (d.digits.isEmpty || d.exponent >= d.digits.count)
    }

    /// The value of a number written as a plain integer of at most 18
    /// digits (`-?[0-9]+`, the common case), without normalising it; `nil`
    /// for any other spelling.
    ///
    /// - Complexity: O(1): at most 19 bytes are read.
    @usableFromInline package var plainInteger: Int? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
            var i = 0
            let negative = bytes[0] == UInt8(ascii: "-")
            if negative { i = 1 }
            guard i < bytes.count, bytes.count - i <= 18 else { return nil }
            var value = 0
            while i < bytes.count {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                value = value &* 10 &+ Int(d)
                i += 1
            }
            return negative ? -value : value
        } ?? nil
    }

    // MARK: Exact decimal value

    /// The value as sign, significant digits and exponent: the number equals
    /// `0.DIGITS × 10^exponent`, with no leading or trailing zero in DIGITS.
    /// Zero has no digits.
    @usableFromInline struct Decimal: Hashable {
        var negative: Bool
        var digits: [UInt8]
        var exponent: Int
        /// Set when the exponent overflowed, or the text is no number (a
        /// ``JSONNumber`` built in code from any text); the number is then
        /// compared by text.
        var overflowText: String?
    }

    @usableFromInline var decimal: Decimal {
        var negative = false
        var digits: [UInt8] = []
        var pointPosition: Int? = nil
        var leadingZeros = 0
        var exponent = 0
        var sawExponent = false
        var expNegative = false
        var expDigits = 0
        var overflow = false
        var count = 0  // digits of the mantissa seen, including leading zeros
        for byte in text.utf8 {
            if sawExponent {
                switch byte {
                case UInt8(ascii: "-"): expNegative = true
                case UInt8(ascii: "+"): break
                default:
                    guard byte >= 48, byte <= 57 else { overflow = true; continue }
                    expDigits += 1
                    if expDigits > 18 { overflow = true; continue }
                    exponent = exponent * 10 + Int(byte - 48)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): pointPosition = count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): sawExponent = true
            default:
                guard byte >= 48, byte <= 57 else { overflow = true; continue }
                count += 1
                if digits.isEmpty && byte == UInt8(ascii: "0") {
                    leadingZeros += 1
                    continue
                }
                digits.append(byte)
            }
        }
        if overflow || count == 0 || (sawExponent && expDigits == 0) {
            return Decimal(negative: false, digits: [], exponent: 0, overflowText: text)
        }
        // The integer part has `point` digits (all of them when there is no point).
        let point = pointPosition ?? count
        // Value = 0.(all mantissa digits) × 10^point; drop the leading zeros.
        var e = point - leadingZeros
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return Decimal(negative: false, digits: [], exponent: 0) }
        e += expNegative ? -exponent : exponent
        return Decimal(negative: negative, digits: digits, exponent: e)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if utf8Equal(lhs.text, rhs.text) { return true }
        // Two plain integers (the common case) are equal by value.
        if let a = lhs.plainInteger, let b = rhs.plainInteger { return a == b }
        return lhs.decimal == rhs.decimal
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(decimal)
    }

    /// Numeric order; numbers whose exponent overflowed sort by text.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let x = lhs.plainInteger, let y = rhs.plainInteger { return x < y }
        let a = lhs.decimal, b = rhs.decimal
        if a.overflowText != nil || b.overflowText != nil {
            return utf8Less(lhs.text, rhs.text)
        }
        let aSign = a.digits.isEmpty ? 0 : (a.negative ? -1 : 1)
        let bSign = b.digits.isEmpty ? 0 : (b.negative ? -1 : 1)
        if aSign != bSign { return aSign < bSign }
        if aSign == 0 { return false }
        let magnitudeLess: Bool
        if a.exponent != b.exponent {
            magnitudeLess = a.exponent < b.exponent
        } else if a.digits == b.digits {
            return false
        } else {
            magnitudeLess = a.digits.lexicographicallyPrecedes(b.digits)
        }
        return aSign > 0 ? magnitudeLess : !magnitudeLess
    }

    /// Whether `text` follows the JSON number grammar of RFC 8259 §6.
    public static func isValid(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            JSONReader.numberLength(in: UnsafeBufferPointer(buffer), at: 0) == buffer.count
                && !buffer.isEmpty
        }
    }
}
