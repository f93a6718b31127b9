
/// The sizes from which work runs in two halves, one per core: below them,
/// starting a thread costs more than it saves. Every stage reads them here,
/// so that the property suite can lower them all at once
/// (``lowered(_:)``) and cross every two-core path with graphs of a few
/// dozen objects.
///
/// They are read, never written, while work runs: only a test lowers them,
/// around the work it checks.
enum TwoCores {
    /// Objects from which a pass over a graph (diff's, merge's, the
    /// consistency check's, the canonical writer's, the conflict markers')
    /// splits in two.
    nonisolated(unsafe) static var minimumObjects = 50_000
    /// Identities from which a batch of lookups or of hashes (the members of
    /// a sequence merged, the rows of members being relinked) splits in two.
    nonisolated(unsafe) static var minimumLookups = 100_000
    /// Owners whose orders a merge merges, per ordered relationship, from
    /// which their merges are planned in two halves.
    nonisolated(unsafe) static var minimumOrders = 2_048
    /// Entries of a report (changes, in `diff --format json`) from which
    /// they are encoded and written in two halves.
    nonisolated(unsafe) static var minimumEntries = 4_096
    /// The parts a large graph's canonical text is made in when it is
    /// handed over as it is made (``Graph/canonicalText(deliveringPiecesTo:)``).
    nonisolated(unsafe) static var deliveredParts = 16
    /// Bytes of a canonical file from which it is read in two halves.
    nonisolated(unsafe) static var minimumBytes = 8 << 20
    /// The objects of a block, the unit a pass over a graph's rows splits by
    /// (blocks alternate between the two cores, so that both get some of
    /// every part of the file).
    nonisolated(unsafe) static var blockSize = 1 << 10
    /// Conflict blocks from which the variants of a marked text, one per
    /// block, are read on two cores (each is a load and a diff of the
    /// whole text).
    nonisolated(unsafe) static var minimumVariants = 4

    /// Runs `body` with every threshold at `size` objects (and blocks of
    /// `size / 4`, bytes of `size * 64`), then restores them.
    static func lowered<T>(_ size: Int, _ body: () throws -> T) rethrows -> T {
        let saved = (minimumObjects, minimumLookups, minimumOrders, minimumEntries, minimumBytes, blockSize)
        (minimumObjects, minimumLookups, minimumOrders, minimumEntries, minimumBytes, blockSize) = (size, size, size, size, size * 64, Swift.max(1, size / 4))
        defer { (minimumObjects, minimumLookups, minimumOrders, minimumEntries, minimumBytes, blockSize) = saved }
        return try body()
    }
}
