
extension ObjectStore {
    /// Checks every invariant of the store and stops the program when one
    /// fails: the count is the number of live rows; the columns have one
    /// entry per row; each row's hash is its identity's; the table holds
    /// every row exactly once, on its identity's probe path, and is at most
    /// half full; no identity is on two rows.
    ///
    /// Compiled in debug builds only (where ``buildIndex(capacity:)`` and
    /// ``compact()`` call it); the property suite calls it on every graph
    /// it makes. A store cannot be brought into a state that fails it
    /// through the public API: this finds mistakes in the store's own code.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    func _checkInvariants() {
        #if DEBUG
        precondition(ids.count == rows.count && ids.count == live.count && ids.count == hashes.count, "columns of different lengths")
        precondition(count == live.reduce(0) { $0 + ($1 ? 1 : 0) }, "count \(count) is not the number of live rows")
        guard !unindexed else { return }
        precondition(ids.count <= table.capacity, "table more than half full")
        var seen = [Bool](repeating: false, count: ids.count)
        for row in table.rows {
            precondition(row >= 0 && row < ids.count, "table holds row \(row) of \(ids.count)")
            precondition(!seen[row], "row \(row) is in the table twice")
            seen[row] = true
        }
        for row in ids.indices {
            precondition(seen[row], "row \(row) (\(ids[row])) is not in the table")
            precondition(hashes[row] == ObjectStore.hash(ids[row]), "row \(row) has a stale hash")
            precondition(table.reaches(row: row, hash: hashes[row]), "row \(row) is off its probe path")
            precondition(findRow(ids[row], hash: hashes[row]) == row, "\(ids[row]) is on two rows")
        }
        #endif
    }

    /// Checks what one edit of `id` can break, in debug builds: its row is
    /// found by its identity, has its hash, and is live exactly when it
    /// holds an object; the count stays within the rows.
    ///
    /// - Complexity: O(1) expected.
    func _checkInvariants(after id: ObjectID) {
        #if DEBUG
        precondition(count >= 0 && count <= ids.count, "count \(count) of \(ids.count) rows")
        guard !unindexed, let row = findRow(id, hash: ObjectStore.hash(id)) else { return }
        precondition(ids[row] == id && hashes[row] == ObjectStore.hash(id), "row \(row) of \(id) is inconsistent")
        #endif
    }
}
