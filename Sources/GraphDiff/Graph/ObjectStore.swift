import GraphDiffJSON

/// The objects of a graph, by identity: rows in the order they were added,
/// with an open-addressing index from identity to row.
///
///     rows:   0          1          2          3 (removed)   4
///     ids:    Person:p1  Person:p2  Task:t1    Task:t2       Task:t3
///     values: GraphObject per row; a removed row holds ``GraphObject/removed``
///     hashes: the identity's hash per row (seeded per process: see `Hasher`)
///     index:  power-of-two table, linear probing; a slot holds the high 32
///             bits of the hash over row + 1 (0: empty), so a probe compares
///             identities only when those bits agree, without reading `hashes`
///
/// Lookup by identity is one hash and, usually, one probe: O(1) expected.
/// Unlike a `Dictionary`, the rows keep the order of insertion, so a graph
/// read from a canonical file (sorted by entity and identity) stores its
/// objects in that order, and two versions of one file have most objects at
/// nearby rows: ``row(of:near:)`` then finds an object of one version in the
/// other by comparing one identity, with no hashing and no random access
/// (how diff and merge join their inputs).
///
/// A removed row stays in the index (so the table needs no tombstones) and
/// is revived when its identity comes back; rows are compacted when more
/// than half of them are removed.
///
/// - Note: Iteration is in row order; code that needs a stable order sorts
///   (as ``Graph/sortedIDs`` does): rows depend on how the graph was built.
public struct ObjectStore: Sendable {
    /// The identity of each row.
    @usableFromInline var ids: [ObjectID] = []
    /// The object of each row (``GraphObject/removed`` when removed).
    @usableFromInline var rows: [GraphObject] = []
    /// The hash of each row's identity.
    @usableFromInline var hashes: [Int] = []
    /// Open-addressing table of tagged rows (see the drawing above);
    /// capacity a power of two, at most half full.
    @usableFromInline var index: [UInt64] = []
    /// The number of live rows.
    public private(set) var count = 0
    /// Whether rows were added by ``appendUnindexed(_:id:hash:)`` since the
    /// index was last built (lookups are then wrong: checked in debug builds).
    @usableFromInline var unindexed = false

    /// An empty store.
    public init() {}

    /// Whether there is no object.
    public var isEmpty: Bool { count == 0 }

    /// The number of rows, removed ones included: the bound of ``id(atRow:)``.
    public var rowCount: Int { ids.count }

    /// The identity at `row` (removed rows keep theirs).
    @inlinable public func id(atRow row: Int) -> ObjectID { ids[row] }

    /// The object at `row`, or `nil` when the row was removed.
    @inlinable public func object(atRow row: Int) -> GraphObject? {
        let o = rows[row]
        return o.entityIndex < 0 ? nil : o
    }

    /// Makes room for `capacity` objects without growing again.
    public mutating func reserveCapacity(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        rows.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
        if index.count < 2 * capacity { rebuildIndex(capacity: capacity) }
    }

    // MARK: Lookup

    @inlinable static func hash(_ id: ObjectID) -> Int {
        var hasher = Hasher()
        hashUTF8(id.identity, into: &hasher)
        return hasher.finalize()
    }

    /// The row holding `id` (live or removed), if any.
    ///
    /// - Complexity: O(1) expected.
    @inlinable func findRow(_ id: ObjectID, hash: Int) -> Int? {
        assert(!unindexed, "lookup in an ObjectStore being built in bulk")
        guard !index.isEmpty else { return nil }
        let mask = index.count - 1
        let tag = ObjectStore.tag(hash)
        var slot = hash & mask
        while true {
            let entry = index[slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let row = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if ids[row] == id { return row }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The high 32 bits of `hash`, in place in an index entry.
    @inlinable static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 }

    /// The live row of `id`, if any.
    ///
    /// - Complexity: O(1) expected.
    public func row(of id: ObjectID) -> Int? {
        guard let row = findRow(id, hash: ObjectStore.hash(id)), rows[row].entityIndex >= 0 else { return nil }
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
            return rows[near].entityIndex >= 0 ? near : nil
        }
        return row(of: id)
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
            guard let row = findRow(id, hash: ObjectStore.hash(id)) else { return nil }
            let o = rows[row]
            return o.entityIndex < 0 ? nil : o
        }
        _modify {
            let hash = ObjectStore.hash(id)
            let found = findRow(id, hash: hash)
            var value: GraphObject?
            if let found, rows[found].entityIndex >= 0 {
                // Moved out, so that an edit through the subscript does not
                // copy the values.
                value = rows[found]
                rows[found] = .removed
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
        guard let row = findRow(id, hash: ObjectStore.hash(id)), rows[row].entityIndex >= 0 else { return }
        change(&rows[row])
    }

    /// Changes the object at `row` in place with `change`, when the row is live.
    mutating func update(atRow row: Int, _ change: (inout GraphObject) -> Void) {
        guard row >= 0 && row < rows.count && rows[row].entityIndex >= 0 else { return }
        change(&rows[row])
    }

    /// The live rows of `ids` (`nil`: absent), looked up on two cores when
    /// there are many.
    ///
    /// - Complexity: O(*k*) expected for *k* identities.
    func rows(of ids: [ObjectID]) -> [Int?] {
        guard ids.count >= 100_000 else { return ids.map { row(of: $0) } }
        let middle = ids.count / 2
        let (first, second) = inParallel({ ids[..<middle].map { self.row(of: $0) } }, { ids[middle...].map { self.row(of: $0) } })
        return first + second
    }

    /// Stores `object` under `id`, returning the object it replaces.
    @discardableResult
    public mutating func updateValue(_ object: GraphObject, forKey id: ObjectID) -> GraphObject? {
        let hash = ObjectStore.hash(id)
        let found = findRow(id, hash: hash)
        let old = found.flatMap { rows[$0].entityIndex >= 0 ? rows[$0] : nil }
        put(object, id, hash: hash, row: found, wasLive: old != nil)
        return old
    }

    /// Removes the object `id`, returning it.
    @discardableResult
    public mutating func removeValue(forKey id: ObjectID) -> GraphObject? {
        let hash = ObjectStore.hash(id)
        guard let found = findRow(id, hash: hash), rows[found].entityIndex >= 0 else { return nil }
        let old = rows[found]
        put(nil, id, hash: hash, row: found, wasLive: true)
        return old
    }

    /// Sets the row of `id` (`row`, when it has one) to `value` (`nil`
    /// removes it), adding a row when there is none; `wasLive` says whether
    /// the row held an object before.
    @usableFromInline mutating func put(_ value: GraphObject?, _ id: ObjectID, hash: Int, row: Int?, wasLive: Bool) {
        count += (value != nil ? 1 : 0) - (wasLive ? 1 : 0)
        if let row {
            rows[row] = value ?? .removed
            if value == nil && ids.count > 64 && 2 * count < ids.count { compact() }
            return
        }
        guard let value else { return }
        if 2 * (ids.count + 1) > index.count { rebuildIndex(capacity: ids.count + 1) }
        let newRow = ids.count
        ids.append(id)
        rows.append(value)
        hashes.append(hash)
        insertIntoIndex(row: newRow, hash: hash)
    }

    /// The hash of the identity at `row`: the same in every store of this
    /// process, so an object moved to another store need not be hashed again.
    @inlinable public func hash(atRow row: Int) -> Int { hashes[row] }

    /// Adds `object` under `id` without indexing it: for building a store
    /// in bulk (a file read, a merge result), where the index is then built
    /// once by ``buildIndex()`` in the order of its slots, which touches the
    /// table front to back instead of at random. Nothing may be looked up
    /// in between.
    mutating func appendUnindexed(_ object: GraphObject, id: ObjectID, hash: Int? = nil) {
        ids.append(id)
        rows.append(object)
        hashes.append(hash ?? ObjectStore.hash(id))
        count += 1
        unindexed = true
    }

    /// Appends every row of `other`, in its order, unindexed (as
    /// ``appendUnindexed(_:id:hash:)`` one by one would).
    ///
    /// - Complexity: O(*m*) for *m* rows of `other`.
    mutating func appendUnindexed(rowsOf other: ObjectStore) {
        ids += other.ids
        rows += other.rows
        hashes += other.hashes
        count += other.count
        unindexed = true
    }

    /// Indexes every row (after ``appendUnindexed(_:id:hash:)``, or when the
    /// index grows), with room for at least `capacity` rows.
    ///
    /// - Returns: an identity found on two rows, if any (the store is then
    ///   not usable: the caller drops it).
    /// - Complexity: O(*n*): rows are put in order of their slot by a
    ///   counting sort on the slot's top bits, then inserted.
    mutating func buildIndex(capacity: Int = 0) -> ObjectID? {
        unindexed = false
        var size = 8
        while size < 2 * Swift.max(capacity, ids.count) { size <<= 1 }
        index = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        let bucketBits = Swift.min(12, size.trailingZeroBitCount)
        let shift = size.trailingZeroBitCount - bucketBits
        var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
        for hash in hashes { starts[((hash & mask) >> shift) + 1] += 1 }
        for b in 1..<starts.count { starts[b] += starts[b - 1] }
        var order = [(hash: Int, row: Int)](repeating: (0, 0), count: ids.count)
        for (row, hash) in hashes.enumerated() {
            let b = (hash & mask) >> shift
            order[starts[b]] = (hash, row)
            starts[b] += 1
        }
        for (hash, row) in order {
            let tag = ObjectStore.tag(hash)
            var slot = hash & mask
            while true {
                let entry = index[slot]
                if entry == 0 { break }
                if entry & 0xFFFF_FFFF_0000_0000 == tag && ids[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1] == ids[row] {
                    return ids[row]
                }
                slot = (slot + 1) & mask
            }
            index[slot] = tag | UInt64(row + 1)
        }
        return nil
    }

    // MARK: Index

    /// Adds `row` to the index (which has room).
    mutating func insertIntoIndex(row: Int, hash: Int) {
        let mask = index.count - 1
        var slot = hash & mask
        while index[slot] != 0 { slot = (slot + 1) & mask }
        index[slot] = ObjectStore.tag(hash) | UInt64(row + 1)
    }

    /// A new index for at least `capacity` rows, at most half full.
    mutating func rebuildIndex(capacity: Int) {
        // The rows come from the index being replaced: no identity twice.
        _ = buildIndex(capacity: capacity)
    }

    /// Drops removed rows, keeping the order of the others.
    mutating func compact() {
        var keep = 0
        for row in rows.indices where rows[row].entityIndex >= 0 {
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
        rebuildIndex(capacity: keep)
    }

    // MARK: Views

    /// The identities of the objects, in row order.
    public var keys: [ObjectID] {
        var result: [ObjectID] = []
        result.reserveCapacity(count)
        for row in rows.indices where rows[row].entityIndex >= 0 { result.append(ids[row]) }
        return result
    }

    /// The objects, in row order.
    public var values: [GraphObject] { rows.filter { $0.entityIndex >= 0 } }
}

extension ObjectStore: Sequence {
    /// Each object with its identity, in row order.
    public struct Iterator: IteratorProtocol {
        let store: ObjectStore
        var row = 0

        public mutating func next() -> (key: ObjectID, value: GraphObject)? {
            while row < store.rows.count {
                defer { row += 1 }
                let o = store.rows[row]
                if o.entityIndex >= 0 { return (store.ids[row], o) }
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
    /// What a removed row of an ``ObjectStore`` holds.
    @usableFromInline static let removed = GraphObject(entityIndex: -1, values: [])
}
