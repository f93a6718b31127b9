import GraphDiffJSON

/// The objects of a graph, by identity: rows in the order they were added,
/// with a hash table from identity to row (the one table of identities the
/// library has, shared with its other identity lookups).
///
///     rows:    0          1          2          3 (removed)   4
///     ids:     Person:p1  Person:p2  Task:t1    Task:t2       Task:t3
///     objects: GraphObject per row (a removed row's is emptied)
///     live:    true       true       true       false         true
///     hashes:  the identity's hash per row (seeded per process)
///     table:   hash tag and row per word, at most half full
///
/// Lookup by identity is one hash and, usually, one probe: O(1) expected.
/// Unlike a `Dictionary`, the rows keep the order of insertion, so a graph
/// read from a canonical file (sorted by entity and identity) stores its
/// objects in that order, and two versions of one file have most objects at
/// nearby rows: ``row(of:near:)`` then finds an object of one version in the
/// other by comparing one identity, with no hashing and no random access
/// (how diff and merge join their inputs).
///
/// A removed row stays in the table (so the table needs no tombstones) and
/// is revived when its identity comes back; rows are compacted when more
/// than half of them are removed. Whether a row is live is the store's own
/// record, never a field of the object: any object can be stored, and
/// ``Graph/shapeProblems()`` reports one whose entity or values do not fit
/// the schema. In debug builds the store checks its invariants after every
/// mutation (`ObjectStore+Invariants.swift`).
///
/// - Note: Iteration is in row order; code that needs a stable order sorts
///   (as ``Graph/sortedIDs`` does): rows depend on how the graph was built.
public struct ObjectStore: Sendable {
    /// The identity of each row.
    @usableFromInline var ids: [ObjectID] = []
    /// The object of each row (emptied when removed).
    @usableFromInline var rows: [GraphObject] = []
    /// Whether each row holds an object.
    @usableFromInline var live: [Bool] = []
    /// The hash of each row's identity.
    @usableFromInline var hashes: [UInt64] = []
    /// The rows by identity; at most half full.
    @usableFromInline var table = IdentityHashTable(capacity: 0)
    /// The number of live rows.
    public private(set) var count = 0
    /// Whether rows were added by ``appendUnindexed(_:id:hash:)`` since the
    /// table was last built (lookups are then wrong: checked in debug builds).
    @usableFromInline var unindexed = false

    /// An empty store.
    public init() {}

    /// Whether there is no object.
    public var isEmpty: Bool { count == 0 }

    /// The number of rows, removed ones included: the bound of ``id(atRow:)``.
    public var rowCount: Int { ids.count }

    /// Whether `other` holds its identities in the very array this store
    /// does (a copy of this store, or this store's copy, that added no row
    /// since): then both have the same identity at every row.
    ///
    /// - Complexity: O(1).
    func sharesIdentities(with other: ObjectStore) -> Bool {
        ids.withUnsafeBufferPointer { mine in other.ids.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress && $0.count == mine.count } }
    }

    /// The identity at `row` (removed rows keep theirs).
    @inlinable public func id(atRow row: Int) -> ObjectID { ids[row] }

    /// The object at `row`, or `nil` when the row was removed.
    @inlinable public func object(atRow row: Int) -> GraphObject? {
        live[row] ? rows[row] : nil
    }

    /// Whether `row` holds an object (it was not removed).
    @inlinable func isLive(atRow row: Int) -> Bool { live[row] }

    /// The entity of the object at `row`, read in place (no copy of the
    /// object, so no retain of its values); the row must be live.
    @inlinable func entityIndex(atRow row: Int) -> Int { rows[row].entityIndex }

    /// Whether the objects at `row` and at `otherRow` of `other`, both
    /// live, are of one entity and hold one run of values
    /// (``GraphObject/sharesValues(with:)``), read in place.
    ///
    /// - Complexity: O(1).
    @inline(__always) func sharesValues(atRow row: Int, with other: ObjectStore, atRow otherRow: Int) -> Bool {
        live[row] && other.live[otherRow] && rows[row].entityIndex == other.rows[otherRow].entityIndex
            && rows[row].sharesValues(with: other.rows[otherRow])
    }

    /// Whether the objects at `row` and at `otherRow` of `other`, both
    /// live, hold identical values (``GraphObject/hasIdenticalValues(as:)``),
    /// read in place: no copy of either object, so no retain of their values.
    ///
    /// - Complexity: O(1) when they share their values, else O(*p*) for *p* slots.
    @inline(__always) func hasIdenticalValues(atRow row: Int, as other: ObjectStore, atRow otherRow: Int) -> Bool {
        live[row] && other.live[otherRow] && rows[row].hasIdenticalValues(as: other.rows[otherRow])
    }

    /// The value at `slot` of the object at `row`, read in place (as
    /// ``entityIndex(atRow:)``); `null` past its values.
    @inlinable func value(atRow row: Int, slot: Int) -> JSONValue { rows[row].value(at: slot) }

    /// ``GraphObject/reference(at:)`` of the object at `row`, read in place
    /// (as ``entityIndex(atRow:)``).
    @inlinable func reference(atRow row: Int, slot: Int) -> String? { rows[row].reference(at: slot) }

    /// Makes room for `capacity` objects without growing again.
    public mutating func reserveCapacity(_ capacity: Int) {
        reserveUnindexedCapacity(capacity)
        if table.capacity < capacity { rebuildTable(capacity: capacity) }
    }

    /// Room for `capacity` rows in the columns only, for rows appended in
    /// bulk (``appendUnindexed(_:id:hash:)``): their table is built once
    /// they are all in (``buildIndex(capacity:)``), so one reserved now
    /// would be cleared, a page fault a page, only to be dropped (16 MiB for
    /// a million rows, before a file's two halves are read).
    ///
    /// - Complexity: O(1) (the columns' memory is mapped as it is written).
    mutating func reserveUnindexedCapacity(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        rows.reserveCapacity(capacity)
        live.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// Gives the store rows (and their liveness) of its own now, copying
    /// them when another store shares them: what an editor that changes
    /// objects in place but adds none does, when the store it copied is
    /// about to be changed by another thread too (each copying at its first
    /// change would copy twice, and each retain what the other retains).
    ///
    /// - Complexity: O(*n*) for *n* rows when shared, O(1) otherwise.
    mutating func ownRows() {
        rows.reserveCapacity(rows.count)
        live.reserveCapacity(live.count)
    }

    /// Gives the store buffers of its own with room for `capacity` rows,
    /// copying its rows once, on two cores for a large store: what an
    /// editor of a store that others share (a patch's target, held by its
    /// caller too) does before its first change, so that the copy that
    /// sharing costs is made here, split, and not again when the rows grow.
    ///
    /// - Complexity: O(*n*) for *n* rows, on two threads from
    ///   ``TwoCores/minimumObjects`` rows.
    mutating func reserveOwnCapacity(_ capacity: Int) {
        let capacity = Swift.max(capacity, rowCount)
        guard rowCount >= TwoCores.minimumObjects else {
            // Small: copies as it is first changed, as any array.
            return reserveCapacity(capacity)
        }
        // Each copy reserves room in a buffer of its own (a shared array
        // copies when it is made to reserve); the table keeps its size.
        let (ids, live, rows, hashes, table) = (self.ids, self.live, self.rows, self.hashes, self.table)
        let (first, second) = inParallel({ () -> ([ObjectID], [Bool]) in
            var i = ids, l = live
            i.reserveCapacity(capacity)
            l.reserveCapacity(capacity)
            return (i, l)
        }, { () -> ([GraphObject], [UInt64], IdentityHashTable) in
            var r = rows, h = hashes, t = table
            r.reserveCapacity(capacity)
            h.reserveCapacity(capacity)
            t.words.reserveCapacity(t.words.count)
            return (r, h, t)
        })
        (self.ids, self.live) = first
        (self.rows, self.hashes, self.table) = second
        if table.capacity < capacity { rebuildTable(capacity: capacity) }
        _checkInvariants()
    }

    // MARK: Lookup

    /// The hash of `id`'s identity (the root is compared, not hashed).
    @inlinable static func hash(_ id: ObjectID) -> UInt64 { IdentityHashTable.hash(id.identity) }

    /// The row holding `id` (live or removed), if any.
    ///
    /// - Complexity: O(1) expected.
    @inlinable func findRow(_ id: ObjectID, hash: UInt64) -> Int? {
        assert(!unindexed, "lookup in an ObjectStore being built in bulk")
        return table.row(hash: hash) { ids[$0] == id }
    }

    /// The live row of `id`, if any.
    ///
    /// - Complexity: O(1) expected.
    public func row(of id: ObjectID) -> Int? {
        guard let row = findRow(id, hash: ObjectStore.hash(id)), live[row] else { return nil }
        return row
    }

    /// The live row of `id`, looking first at row `near`: where it stands
    /// when this store and the one `id` comes from list their objects in the
    /// same order (``row(of:)`` otherwise).
    ///
    ///     var next = 0
    ///     for (id, o) in old { if let r = new.row(of: id, near: next) { next = r + 1; … } }
    ///
    /// - Complexity: O(1) expected; one comparison of identities when `id`
    ///   is at `near`.
    @inlinable public func row(of id: ObjectID, near: Int) -> Int? {
        if near >= 0 && near < ids.count && ids[near] == id {
            return live[near] ? near : nil
        }
        return row(of: id)
    }

    /// ``row(of:near:)`` looking at two rows before hashing: `near`, then
    /// `next`. A reference to another entity's group, from objects listed
    /// in the order of their targets (each address of a person, each dog of
    /// its owner), names the target of the last reference or the row after.
    ///
    /// - Complexity: O(1) expected; at most two comparisons of identities
    ///   before one lookup.
    @inlinable func row(of id: ObjectID, near: Int, or next: Int) -> Int? {
        if near >= 0 && near < ids.count && ids[near] == id {
            return live[near] ? near : nil
        }
        return row(of: id, near: next)
    }

    /// The object `id`, for a walk over another store in the same order:
    /// looks first at row `cursor`, and on a hit moves `cursor` past it.
    ///
    ///     var cursor = 0
    ///     for (id, old) in oldObjects { let new = newObjects.object(id, cursor: &cursor) … }
    ///
    /// - Complexity: O(1) expected; one comparison of identities when the
    ///   two stores list `id` at the same place.
    @inlinable public func object(_ id: ObjectID, cursor: inout Int) -> GraphObject? {
        guard let row = row(of: id, near: cursor) else { return nil }
        cursor = row + 1
        return rows[row]
    }

    /// The object with identity `id`.
    public subscript(id: ObjectID) -> GraphObject? {
        get {
            guard let row = findRow(id, hash: ObjectStore.hash(id)), live[row] else { return nil }
            return rows[row]
        }
        _modify {
            let hash = ObjectStore.hash(id)
            let found = findRow(id, hash: hash)
            var value: GraphObject?
            if let found, live[found] {
                // Moved out, so that an edit through the subscript does not
                // copy the values.
                value = rows[found]
                rows[found] = .vacated
            }
            let wasLive = value != nil
            defer { put(value, id, hash: hash, row: found, wasLive: wasLive) }
            yield &value
        }
    }

    /// Changes the object `id` in place with `change`, when there is one:
    /// one lookup, and no copy of its values.
    ///
    /// - Complexity: O(1) expected, plus the change.
    mutating func update(_ id: ObjectID, _ change: (inout GraphObject) -> Void) {
        guard let row = findRow(id, hash: ObjectStore.hash(id)), live[row] else { return }
        change(&rows[row])
    }

    /// Changes the object at `row` in place with `change`, when the row is live.
    mutating func update(atRow row: Int, _ change: (inout GraphObject) -> Void) {
        guard row >= 0 && row < rows.count && live[row] else { return }
        change(&rows[row])
    }

    /// The live rows of `ids` (`nil`: absent), looked up on two cores when
    /// there are many.
    ///
    /// - Complexity: O(*k*) expected for *k* identities.
    func rows(of ids: [ObjectID]) -> [Int?] {
        guard ids.count >= TwoCores.minimumLookups else { return ids.map { row(of: $0) } }
        let middle = ids.count / 2
        let (first, second) = inParallel({ ids[..<middle].map { self.row(of: $0) } }, { ids[middle...].map { self.row(of: $0) } })
        return first + second
    }

    /// Stores `object` under `id`, returning the object it replaces.
    @discardableResult
    public mutating func updateValue(_ object: GraphObject, forKey id: ObjectID) -> GraphObject? {
        let hash = ObjectStore.hash(id)
        let found = findRow(id, hash: hash)
        let old = found.flatMap { live[$0] ? rows[$0] : nil }
        put(object, id, hash: hash, row: found, wasLive: old != nil)
        return old
    }

    /// Removes the object `id`, returning it.
    @discardableResult
    public mutating func removeValue(forKey id: ObjectID) -> GraphObject? {
        let hash = ObjectStore.hash(id)
        guard let found = findRow(id, hash: hash), live[found] else { return nil }
        let old = rows[found]
        put(nil, id, hash: hash, row: found, wasLive: true)
        return old
    }

    /// Sets the row of `id` (`row`, when it has one) to `value` (`nil`
    /// removes it), adding a row when there is none; `wasLive` says whether
    /// the row held an object before.
    @usableFromInline mutating func put(_ value: GraphObject?, _ id: ObjectID, hash: UInt64, row: Int?, wasLive: Bool) {
        defer { _checkInvariants(after: id) }
        if let row {
            count += (value != nil ? 1 : 0) - (wasLive ? 1 : 0)
            rows[row] = value ?? .vacated
            live[row] = value != nil
            if value == nil && ids.count > 64 && 2 * count < ids.count { compact() }
            return
        }
        guard let value else { return }
        if ids.count + 1 > table.capacity { rebuildTable(capacity: Swift.max(8, 2 * (ids.count + 1))) }
        let newRow = ids.count
        ids.append(id)
        rows.append(value)
        live.append(true)
        hashes.append(hash)
        count += 1
        _ = table.insert(row: newRow, hash: hash) { _ in false }
    }

    /// The hash of the identity at `row`: the same in every store of this
    /// process, so an object moved to another store need not be hashed again.
    @inlinable func hash(atRow row: Int) -> UInt64 { hashes[row] }

    /// Adds `object` under `id` without indexing it: for building a store
    /// in bulk (a file read, a merge result), where the table is then built
    /// once by ``buildIndex()``, which fills it front to back instead of at
    /// random. Nothing may be looked up in between.
    ///
    /// `object` and `id` are taken, not copied: a caller that is done with
    /// them hands their references over without a retain and a release.
    mutating func appendUnindexed(_ object: consuming GraphObject, id: consuming ObjectID, hash: UInt64? = nil) {
        hashes.append(hash ?? ObjectStore.hash(id))
        ids.append(id)
        rows.append(object)
        live.append(true)
        count += 1
        unindexed = true
    }

    /// Appends every row of `other`, in its order, unindexed (as
    /// ``appendUnindexed(_:id:hash:)`` one by one would).
    ///
    /// - Complexity: O(*m*) for *m* rows of `other`; on two cores from
    ///   ``TwoCores/minimumObjects`` rows.
    mutating func appendUnindexed(rowsOf other: ObjectStore) {
        if other.rowCount >= TwoCores.minimumObjects {
            // Each copy faults in fresh pages: the rows are appended on the
            // other core while this one appends the rest (the second half
            // of a file read in two halves, 5,000,000 rows of a 10M file).
            let moved = MovedRows(&rows)
            _ = inParallel({
                ids += other.ids
                live += other.live
                hashes += other.hashes
            }, { moved.rows += other.rows })
            swap(&rows, &moved.rows)
        } else {
            ids += other.ids
            rows += other.rows
            live += other.live
            hashes += other.hashes
        }
        count += other.count
        unindexed = true
    }

    /// A store's rows moved out of it (leaving it none), so that another
    /// core can append to them in place: the box holds the only reference.
    private final class MovedRows: @unchecked Sendable {
        var rows: [GraphObject] = []
        init(_ rows: inout [GraphObject]) { swap(&self.rows, &rows) }
    }

    /// Indexes every row (after ``appendUnindexed(_:id:hash:)``, or when the
    /// table grows), with room for at least `capacity` rows.
    ///
    /// - Returns: an identity found on two rows, if any (the store is then
    ///   not usable: the caller drops it).
    /// - Complexity: O(*n*) expected (``IdentityHashTable/build(hashes:capacity:sameKey:)``).
    mutating func buildIndex(capacity: Int = 0) -> ObjectID? {
        unindexed = false
        let ids = self.ids
        switch IdentityHashTable.build(hashes: hashes, capacity: capacity, sameKey: { ids[$0] == ids[$1] }) {
        case .success(let built):
            table = built
            _checkInvariants()
            return nil
        case .failure(let duplicate):
            return ids[duplicate.row]
        }
    }

    // MARK: Table

    /// A new table for at least `capacity` rows.
    mutating func rebuildTable(capacity: Int) {
        // The rows come from the table being replaced: no identity twice.
        _ = buildIndex(capacity: capacity)
    }

    /// Drops removed rows, keeping the order of the others.
    mutating func compact() {
        var keep = 0
        for row in rows.indices where live[row] {
            if keep != row {
                ids.swapAt(keep, row)
                rows.swapAt(keep, row)
                hashes.swapAt(keep, row)
            }
            keep += 1
        }
        ids.removeSubrange(keep...)
        rows.removeSubrange(keep...)
        hashes.removeSubrange(keep...)
        live = [Bool](repeating: true, count: keep)
        rebuildTable(capacity: keep)
    }

    // MARK: Views

    /// The identities of the objects, in row order.
    public var keys: [ObjectID] {
        var result: [ObjectID] = []
        result.reserveCapacity(count)
        for row in rows.indices where live[row] { result.append(ids[row]) }
        return result
    }

    /// The objects, in row order.
    public var values: [GraphObject] { rows.indices.compactMap { live[$0] ? rows[$0] : nil } }
}

extension ObjectStore: Sequence {
    /// Each object with its identity, in row order.
    public struct Iterator: IteratorProtocol {
        let store: ObjectStore
        var row = 0

        public mutating func next() -> (key: ObjectID, value: GraphObject)? {
            while row < store.rows.count {
                defer { row += 1 }
                if store.live[row] { return (store.ids[row], store.rows[row]) }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(store: self) }

    public var underestimatedCount: Int { count }
}

extension ObjectStore: Equatable {
    /// The same identities with equal objects, whatever their rows.
    public static func == (a: ObjectStore, b: ObjectStore) -> Bool {
        guard a.count == b.count else { return false }
        var near = 0
        for (id, o) in a {
            guard let row = b.row(of: id, near: near), b.rows[row] == o else { return false }
            near = row + 1
        }
        return true
    }
}

extension ObjectStore: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (ObjectID, GraphObject)...) {
        self.init()
        for (id, o) in elements { self[id] = o }
    }
}

extension GraphObject {
    /// What a removed row of an ``ObjectStore`` holds (the row's
    /// liveness is the store's record, not this value).
    @usableFromInline static let vacated = GraphObject(entityIndex: 0, values: [])
}
