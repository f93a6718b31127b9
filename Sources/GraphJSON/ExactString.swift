/// A string compared, hashed and ordered by its exact UTF-8 bytes.
///
/// Swift's `String` compares by Unicode canonical equivalence, so `"é"` (U+00E9)
/// equals `"e\u{301}"`. JSON member names and graph identities are byte
/// sequences: two spellings that differ in normalisation are two different
/// names. `ExactString` is the key type wherever that matters.
///
///     let composed = ExactString("\u{E9}")
///     let decomposed = ExactString("e\u{301}")
///     composed == decomposed   // false
///
/// Ordering is the byte order of the UTF-8 encoding, which is also the order of
/// Unicode code points: the order the canonical writer sorts member names in.
public struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The string itself.
    public var string: String

    /// Wraps `string`.
    @inlinable public init(_ string: String) { self.string = string }

    public init(stringLiteral value: String) { self.string = value }

    public var description: String { string }

    @inlinable public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inlinable public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        utf8Less(lhs.string, rhs.string)
    }
}

/// Whether `a` sorts before `b` in the byte order of their UTF-8 encodings.
///
/// - Complexity: O(*k*), where *k* is the length of the common prefix.
@inlinable public func utf8Less(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// Whether `a` and `b` have the same UTF-8 bytes (no Unicode normalisation).
@inlinable public func utf8Equal(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8)
}
