/// A singly linked order of member numbers (0..<capacity) with O(1)
/// insertion after a member and O(1) membership.
struct LinkedOrder {
    private var next: [Int]
    private var inList: [Bool]
    private var head = -1, tail = -1
    private(set) var count = 0

    init(capacity: Int) {
        next = [Int](repeating: -1, count: capacity)
        inList = [Bool](repeating: false, count: capacity)
    }

    func contains(_ x: Int) -> Bool { inList[x] }

    mutating func append(_ x: Int) { insert(x, after: tail) }

    /// Inserts `x` after `anchor` (a negative anchor, or one not in the
    /// list: at the head). A member already in the list stays where it is.
    mutating func insert(_ x: Int, after anchor: Int) {
        guard !inList[x] else { return }
        inList[x] = true
        count += 1
        if anchor >= 0 && inList[anchor] {
            next[x] = next[anchor]
            if next[anchor] < 0 { tail = x }
            next[anchor] = x
        } else {
            next[x] = head
            if head < 0 { tail = x }
            head = x
        }
    }

    var elements: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var cursor = head
        while cursor >= 0 && result.count < count {
            result.append(cursor)
            cursor = next[cursor]
        }
        return result
    }
}
