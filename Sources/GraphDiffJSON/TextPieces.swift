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

/// Pieces of text handed from the thread that makes them to the thread
/// that writes them, in order, at most `limit` waiting at a time (the
/// maker waits for room): how a text is written while it is being made.
package final class PieceQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [[UInt8]] = []
    /// Delivered pieces given back, whose memory the maker fills again.
    private var spares: [[UInt8]] = []
    private var finished = false, stopped = false
    private let limit: Int

    /// A queue that holds at most `limit` pieces (at least one).
    package init(holding limit: Int) { self.limit = max(1, limit) }

    /// Adds `piece` after the others, waiting while the queue is full.
    ///
    /// - Returns: `false` when the taker stopped (``stop()``): make no more.
    package func put(_ piece: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= limit && !stopped { condition.wait() }
        guard !stopped else { return false }
        waiting.append(piece)
        condition.broadcast()
        return true
    }

    /// Says that no piece follows.
    package func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next piece, waiting for it; `nil` after the last (or after
    /// ``stop()``).
    package func take() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished && !stopped { condition.wait() }
        guard !stopped, !waiting.isEmpty else { return nil }
        let piece = waiting.removeFirst()
        condition.broadcast()
        return piece
    }

    /// Gives back a delivered piece, for the maker to fill again
    /// (``spare()``): its pages are in memory already, where a new
    /// piece's would each be faulted in as it is first written. At most
    /// two are kept: the maker takes one per piece as the taker gives one
    /// back.
    package func giveBack(_ piece: consuming [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        if spares.count < 2 && !stopped { spares.append(piece) }
    }

    /// An empty array with the room of a piece given back, when there is
    /// one (emptied in place when nothing else holds it); else a new one.
    package func spare() -> [UInt8] {
        condition.lock()
        var piece = spares.popLast() ?? []
        condition.unlock()
        piece.removeAll(keepingCapacity: true)
        return piece
    }

    /// Says that the taker wants no more: the maker's next ``put(_:)``
    /// returns `false`, and what waits is dropped.
    package func stop() {
        condition.lock()
        stopped = true
        waiting = []
        spares = []
        condition.broadcast()
        condition.unlock()
    }
}
