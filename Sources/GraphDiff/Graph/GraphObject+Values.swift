import GraphDiffJSON

/// The way into an object's values: every stage reads and writes them
/// through these accessors (and the rules of ``StoredValue``), never
/// through the array, so that how values are kept is known only to the
/// graph and its writer.
///
/// A slot is a position in the entity's ``Entity/storedProperties``
/// (``Entity/storedSlot`` maps a name to it). Reading a slot past the
/// object's values gives `null`, as a missing value reads.
///
///     let slot = entity.storedSlot["title"] ?? 0
///     object.value(at: slot)          // .string("Milk")
///     object.setValue("Oat milk", at: slot)
///     object.reference(at: listSlot)  // "g1": the to-one's target
extension GraphObject {
    /// The number of slots the object holds values for (that of its
    /// entity's stored properties, in a graph whose shape is right).
    ///
    ///     object.slotCount   // 4
    @inlinable public var slotCount: Int { Int(row.count) }

    /// The value at `slot`: `null` past the object's values.
    ///
    ///     object.value(at: titleSlot)   // .string("Milk")
    ///
    /// - Complexity: O(1).
    @inlinable public func value(at slot: Int) -> JSONValue {
        slot >= 0 && slot < slotCount ? row[slot] : .null
    }

    /// The identity a to-one reference at `slot` names: `nil` when it is
    /// `null` (or holds no identity string, or the slot is past the
    /// object's values).
    ///
    ///     object.reference(at: listSlot)   // "g1"
    ///
    /// - Complexity: O(1).
    @inlinable public func reference(at slot: Int) -> String? {
        guard slot >= 0 && slot < slotCount, case .string(let identity) = row[slot] else { return nil }
        return identity
    }

    /// Stores `value` at `slot`, as given (nothing is checked: see
    /// ``Graph/valueProblem(_:of:_:)``).
    ///
    ///     object.setValue("Oat milk", at: titleSlot)   // true
    ///
    /// A value identical to the one stored (``JSONValue/isIdentical(to:)``)
    /// is not written again, so the object keeps its
    /// ``canonicalSource``.
    ///
    /// - Returns: `false` when `slot` is past the object's values (nothing
    ///   is changed); `true` when the value was stored.
    /// - Complexity: O(1) but the size of the values (O(*p*) for *p* slots
    ///   when the values are shared with a copy of the object).
    @discardableResult
    package mutating func setValue(_ value: JSONValue, at slot: Int) -> Bool {
        guard slot >= 0 && slot < slotCount else { return false }
        if canonicalSource.exists && row[slot].isIdentical(to: value) { return true }
        store(value, at: slot)
        return true
    }

    /// Whether the value at `slot` is the same as `other`'s there, number
    /// spelling and all (``JSONValue/isIdentical(to:)``): what tells cheaply
    /// that a value did not change.
    ///
    /// - Complexity: O(1) but the size of the values.
    @inline(__always) func hasIdenticalValue(at slot: Int, as other: GraphObject) -> Bool {
        value(at: slot).isIdentical(to: other.value(at: slot))
    }

    /// Whether `other` holds this very run of values (a copy of this
    /// object, or an object of another graph read sharing its values:
    /// ``Graph/LoadOptions/sharingValuesWith``): then every value is
    /// identical, with nothing compared; `false` says nothing.
    ///
    /// - Complexity: O(1).
    @inline(__always) func sharesValues(with other: GraphObject) -> Bool {
        row.isSameRun(as: other.row)
    }

    /// Whether every value is the same as `other`'s, number spelling and
    /// all, and the two hold as many.
    ///
    /// Inlined, so that the common answer (the very same run of values)
    /// reads both objects where they are: a call would copy each (a
    /// retain of its values' buffer) for every object compared.
    ///
    /// - Complexity: O(*p*) for *p* slots (but the size of the values).
    @inline(__always) func hasIdenticalValues(as other: GraphObject) -> Bool {
        slotCount == other.slotCount && (sharesValues(with: other) || hasIdenticalValuesOneByOne(as: other))
    }

    /// ``hasIdenticalValues(as:)`` of two objects with as many values that
    /// do not share them: value by value.
    ///
    /// - Complexity: O(*p*) for *p* slots (but the size of the values).
    @inline(never) func hasIdenticalValuesOneByOne(as other: GraphObject) -> Bool {
        (0..<Swift.min(slotCount, other.slotCount)).allSatisfy { row[$0].isIdentical(to: other.row[$0]) }
    }

    /// Calls `body` with each reference the value at `slot` holds
    /// (``StoredValue/forEachReference(in:_:)``): no array is made.
    ///
    /// - Complexity: O(*k*) for *k* references.
    @inline(__always) func forEachReference(at slot: Int, _ body: (String) throws -> Void) rethrows {
        try StoredValue.forEachReference(in: value(at: slot), body)
    }

    /// The references the value at `slot` holds, in order.
    ///
    /// - Complexity: O(*k*) for *k* references.
    func references(at slot: Int) -> [String] {
        StoredValue.references(in: value(at: slot))
    }

    /// Whether the value at `slot` holds a reference to `identity`
    /// (``StoredValue/holds(_:identity:)``).
    ///
    /// - Complexity: O(log *k*) for a sorted list of *k* members that holds it, else O(*k*).
    func holds(_ identity: String, at slot: Int) -> Bool {
        StoredValue.holds(value(at: slot), identity: identity)
    }
}
