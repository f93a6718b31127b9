import Foundation

// Text made in pieces (a large graph's canonical text is written in two
// halves, one on each core) and written one piece after another.

/// `pieces` as one array: the one place pieces are joined, for callers
/// that need the text in one buffer.
///
/// - Complexity: O(*n*) in the total length; none for a single piece.
package func joinedPieces(_ pieces: consuming [[UInt8]]) -> [UInt8] {
    guard !pieces.isEmpty else { return [] }
    // The first piece grows in place (it is taken out, not copied, and
    // often has the room reserved).
    var text = pieces.removeFirst()
    text.reserveCapacity(pieces.reduce(text.count) { $0 + $1.count })
    for piece in pieces { piece.withUnsafeBufferPointer { text.append(contentsOf: $0) } }
    return text
}

/// Whether `pieces`, written one after another, are exactly `bytes`.
///
/// - Complexity: O(*n*) in the shorter length.
package func piecesEqual(_ pieces: [[UInt8]], _ bytes: SourceBytes) -> Bool {
    guard pieces.reduce(0, { $0 + $1.count }) == bytes.count else { return false }
    return bytes.withUnsafeBufferPointer { all -> Bool in
        var offset = 0
        for piece in pieces {
            let same = piece.withUnsafeBufferPointer { part -> Bool in
                guard let a = all.baseAddress, let b = part.baseAddress else { return part.isEmpty }
                return memcmp(a + offset, b, part.count) == 0
            }
            guard same else { return false }
            offset += piece.count
        }
        return true
    }
}
