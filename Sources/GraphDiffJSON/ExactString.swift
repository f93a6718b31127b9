import Foundation

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
package struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The string itself.
    package var string: String

    /// Wraps `string`.
    @inlinable package init(_ string: String) { self.string = string }

    package init(stringLiteral value: String) { self.string = value }

    package var description: String { string }

    @inlinable package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        hashUTF8(string, into: &hasher)
    }

    @inlinable package static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        utf8Less(lhs.string, rhs.string)
    }
}

/// Whether `a` sorts before `b` in the byte order of their UTF-8 encodings.
///
/// - Complexity: O(*k*), where *k* is the length of the common prefix.
@inlinable package func utf8Less(_ a: String, _ b: String) -> Bool {
    utf8Compare(a, b) < 0
}

/// Whether `a` and `b` are the same bits (the same inline bytes of a short
/// string, or the same storage and length), and so the same bytes: what
/// ``utf8Equal(_:_:)`` and ``utf8Compare(_:_:)`` answer without reading
/// them, as `String`'s own `==` does first. `false` says nothing.
/// (Identities and entity names are mostly short, compared millions of
/// times in a merge.)
@inlinable @inline(__always) package func sameRepresentation(_ a: String, _ b: String) -> Bool {
    #if _pointerBitWidth(_64)
    return unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
    #else
    return false
    #endif
}

/// Whether `a` and `b` have the same UTF-8 bytes (no Unicode normalisation).
///
/// Inlined as far as the comparison of the strings' bits, which answers
/// most comparisons of identities (short strings, held in those bits): a
/// call would first retain both strings, for every comparison.
@inlinable @inline(__always) package func utf8Equal(_ a: String, _ b: String) -> Bool {
    sameRepresentation(a, b) || utf8EqualBytes(a, b)
}

/// ``utf8Equal(_:_:)`` past the strings' bits: their bytes compared.
@inlinable @inline(never) package func utf8EqualBytes(_ a: String, _ b: String) -> Bool {
    let fast = a.utf8.withContiguousStorageIfAvailable { pa in
        b.utf8.withContiguousStorageIfAvailable { pb -> Bool in
            guard pa.count == pb.count else { return false }
            guard let x = pa.baseAddress, let y = pb.baseAddress, pa.count > 0 else { return true }
            return memcmp(x, y, pa.count) == 0
        }
    }
    if let fast, let result = fast { return result }
    return a.utf8.elementsEqual(b.utf8)
}

/// Compares the UTF-8 bytes of `a` and `b`: negative, zero or positive.
@inlinable package func utf8Compare(_ a: String, _ b: String) -> Int {
    if sameRepresentation(a, b) { return 0 }
    let fast = a.utf8.withContiguousStorageIfAvailable { pa in
        b.utf8.withContiguousStorageIfAvailable { pb -> Int in
            let n = min(pa.count, pb.count)
            if n > 0, let x = pa.baseAddress, let y = pb.baseAddress {
                let c = memcmp(x, y, n)
                if c != 0 { return Int(c) }
            }
            return pa.count - pb.count
        }
    }
    if let fast, let result = fast { return result }
    if a.utf8.elementsEqual(b.utf8) { return 0 }
    return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
}

/// Feeds the UTF-8 bytes of `s` to `hasher`.
@inlinable package func hashUTF8(_ s: String, into hasher: inout Hasher) {
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    if done == nil {
        for b in s.utf8 { hasher.combine(b) }
    }
    hasher.combine(0xFF as UInt8)  // terminator: "ab"+"c" differs from "a"+"bc"
}
