// Equality of JSON values: exact bytes for strings and names, decimal value for
// numbers, member sets for objects. Hashing agrees with `==`: object hashes are
// independent of member order and numbers hash by their normalised value.

extension JSONValue: Hashable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.isEqual(to: rhs, numbersByText: false)
    }

    /// Whether the two values are equal and every number is spelled the same.
    ///
    /// Inlinable, with the scalars compared on the spot: diff, patch and
    /// merge ask it of every stored value to tell that nothing changed.
    @inlinable public func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): return utf8Equal(a, b)
        case (.number(let a), .number(let b)): return utf8Equal(a.text, b.text)
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        default: return isEqual(to: other, numbersByText: true)
        }
    }

    /// Equality with a choice of number comparison: by decimal value, or by text.
    ///
    /// - Complexity: O(*n*) in the size of the values; an object of more than 16
    ///   members is compared through a hash index.
    public func isEqual(to other: JSONValue, numbersByText: Bool) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)):
            return numbersByText ? a.hasSameText(as: b) : a == b
        case (.string(let a), .string(let b)): return utf8Equal(a, b)
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for i in a.indices where !a[i].isEqual(to: b[i], numbersByText: numbersByText) {
                return false
            }
            return true
        case (.object(let a), .object(let b)):
            return a.isEqual(to: b, numbersByText: numbersByText)
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s): hasher.combine(3 as UInt8); hasher.combine(ExactString(s))
        case .array(let a):
            hasher.combine(4 as UInt8)
            hasher.combine(a.count)
            for element in a { element.hash(into: &hasher) }
        case .object(let o):
            hasher.combine(5 as UInt8)
            hasher.combine(o)
        }
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.isEqual(to: rhs, numbersByText: false)
    }

    /// Whether both objects have the same members, in any order.
    public func isEqual(to other: JSONObject, numbersByText: Bool) -> Bool {
        guard members.count == other.members.count else { return false }
        if members.count <= 16 {
            for m in members {
                guard let v = other[m.key], m.value.isEqual(to: v, numbersByText: numbersByText)
                else { return false }
            }
            return true
        }
        let index = other.index()
        for m in members {
            guard let i = index[ExactString(m.key)],
                m.value.isEqual(to: other.members[i].value, numbersByText: numbersByText)
            else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine the members' own hashes commutatively.
        var sum = 0
        for m in members {
            var h = Hasher()
            h.combine(ExactString(m.key))
            h.combine(m.value)
            sum = sum &+ h.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}
