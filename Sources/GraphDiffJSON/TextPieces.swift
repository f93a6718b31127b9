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

/// The parts of a text made on two threads and handed over in order: the
/// thread that delivers them (``deliver(making:to:)``) makes parts too
/// while the next to deliver is not ready, and a helper makes parts
/// (``claim()``, ``finish(_:_:)``). At most `window` parts are made and not
/// yet delivered at a time (the helper waits for room), so a large text is
/// never held whole. Delivered pieces' memory is filled again
/// (``spare()``).
///
/// Neither thread waits for the other but for the next part to deliver
/// (the helper is making it) or for room (the deliverer has parts ready to
/// hand over, or is making one): no wait is left unanswered.
package final class PartsInOrder: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int, window: Int
    private var nextClaim = 0, nextDelivery = 0
    private var ready: [Int: [UInt8]] = [:]
    /// Delivered pieces given back, whose memory is filled again.
    private var spares: [[UInt8]] = []
    private var stopped = false

    /// Parts `0..<count`, at most `window` (at least one) made and not delivered.
    package init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
    }

    /// The next part for the helper to make, waiting for room; `nil` once
    /// every part is claimed, or after the deliverer stopped.
    package func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && nextClaim < count && nextClaim - nextDelivery >= window { condition.wait() }
        guard !stopped, nextClaim < count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    /// Hands over part `index`, made.
    package func finish(_ index: Int, _ text: [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        ready[index] = text
        condition.broadcast()
    }

    /// An empty array with the room of a delivered piece, when there is
    /// one (its pages are in memory already, where a new array's would each
    /// be faulted in as they are first written); else a new one.
    package func spare() -> [UInt8] {
        condition.lock()
        var piece = spares.popLast() ?? []
        condition.unlock()
        piece.removeAll(keepingCapacity: true)
        return piece
    }

    /// Hands every part to `deliver` in order, on this thread, making
    /// parts with `make` while the next is not ready; returns when all are
    /// delivered, or as soon as `deliver` returns `false` (then no more are
    /// made by either thread).
    package func deliver(making make: (Int) -> [UInt8], to deliver: ([UInt8]) -> Bool) {
        condition.lock()
        while nextDelivery < count && !stopped {
            if let piece = ready.removeValue(forKey: nextDelivery) {
                nextDelivery += 1
                condition.broadcast()
                condition.unlock()
                guard deliver(piece) else { return stop() }
                condition.lock()
                // At most two kept: one is taken per part as one comes back.
                if spares.count < 2 { spares.append(piece) }
            } else if nextClaim < count && nextClaim - nextDelivery < window {
                let index = nextClaim
                nextClaim += 1
                condition.unlock()
                let text = make(index)
                condition.lock()
                ready[index] = text
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }

    /// Says that no more parts are wanted: the helper's next ``claim()``
    /// returns `nil`, and what is ready is dropped.
    private func stop() {
        condition.lock()
        stopped = true
        ready = [:]
        spares = []
        condition.broadcast()
        condition.unlock()
    }
}
