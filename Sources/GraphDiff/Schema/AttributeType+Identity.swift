import GraphDiffJSON

/// Why a string cannot be an identity of an entity: it does not spell a
/// value of the identity attribute's type.
public struct InvalidIdentity: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identity as written.
    public var spelling: String
    /// What is wrong, for example `is not an integer (int64)`.
    public var reason: String

    /// An identity `spelling` that is invalid for `reason`.
    public init(spelling: String, reason: String) {
        self.spelling = spelling
        self.reason = reason
    }

    /// `"abc" is not an integer (int64)`.
    public var description: String { "\"\(spelling)\" \(reason)" }
}

extension AttributeType {
    /// Whether identities of this type have one canonical spelling among
    /// several: integers (`1`, `01`) and UUIDs (any case). Strings are
    /// identities as written.
    public var hasCanonicalIdentities: Bool {
        switch self {
        case .int16, .int32, .int64, .uuid: return true
        default: return false
        }
    }

    /// The canonical spelling of the identity `text`, an object's key or a
    /// reference, for an identity attribute of this type.
    ///
    /// Identities equal by their type are one identity: integers are
    /// written in decimal without leading zeros (`007` → `7`, `-0` → `0`),
    /// UUIDs in lowercase (RFC 9562 §4). An integer is an optional `-`
    /// and decimal digits, in the range of the type; a UUID is 8-4-4-4-12
    /// hex digits. Other types (`string`) keep every spelling.
    ///
    ///     AttributeType.int64.canonicalIdentity("007")    // .success("7")
    ///     AttributeType.int16.canonicalIdentity("70000")  // .failure: is out of range for int16
    ///
    /// - Returns: the canonical spelling (`text` itself when it is one), or
    ///   why `text` is not an identity of this type.
    /// - Complexity: O(*k*) in the length of `text`; no allocation when
    ///   `text` is canonical already.
    public func canonicalIdentity(_ text: String) -> Result<String, InvalidIdentity> {
        switch self {
        case .int16: return canonicalInteger(text, Int(Int16.min), Int(Int16.max))
        case .int32: return canonicalInteger(text, Int(Int32.min), Int(Int32.max))
        case .int64: return canonicalInteger(text, Int.min, Int.max)
        case .uuid:
            guard isUUID(text) else { return .failure(InvalidIdentity(spelling: text, reason: "is not a UUID (8-4-4-4-12 hex digits)")) }
            let hasUppercase = text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
            return .success(hasUppercase ? text.lowercased() : text)
        default:
            return .success(text)
        }
    }

    /// The canonical spelling of an identity given as a JSON number (an
    /// object's identity in the flat form): integers of an integer type by
    /// value (`7.0` is `7`); any number as written for a `string` identity.
    ///
    /// - Returns: the spelling, or why the number is not an identity of this type.
    public func canonicalIdentity(_ number: JSONNumber) -> Result<String, InvalidIdentity> {
        switch self {
        case .int16, .int32, .int64:
            if let why = problem(with: .number(number)) { return .failure(InvalidIdentity(spelling: number.text, reason: why)) }
            return .success(number.intValue.map { String($0) } ?? number.text)
        case .uuid:
            return .failure(InvalidIdentity(spelling: number.text, reason: "is not a UUID (8-4-4-4-12 hex digits)"))
        default:
            return .success(number.text)
        }
    }

    /// `-?[0-9]+` in `lo...hi`, without leading zeros.
    private func canonicalInteger(_ text: String, _ lo: Int, _ hi: Int) -> Result<String, InvalidIdentity> {
        let bytes = text.utf8
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = bytes.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(InvalidIdentity(spelling: text, reason: "is not an integer (\(rawValue))"))
        }
        // The value, magnitude first: checked against the bound of its sign.
        var magnitude: UInt64 = 0
        for d in digits {
            let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d - UInt8(ascii: "0")))
            guard !o1 && !o2 else { return .failure(InvalidIdentity(spelling: text, reason: "is out of range for \(rawValue)")) }
            magnitude = s
        }
        let bound = negative ? UInt64(lo.magnitude) : UInt64(hi)
        guard magnitude <= bound else { return .failure(InvalidIdentity(spelling: text, reason: "is out of range for \(rawValue)")) }
        let canonical = (digits.first != UInt8(ascii: "0") || digits.count == 1) && !(negative && magnitude == 0)
        if canonical { return .success(text) }
        return .success(negative && magnitude > 0 ? "-\(magnitude)" : "\(magnitude)")
    }
}
