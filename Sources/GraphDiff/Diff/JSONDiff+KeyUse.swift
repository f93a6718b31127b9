import GraphDiffJSON

extension JSONDiff {
    /// An array of both documents that ``Options/arrayKey`` could not pair
    /// by key (it was paired by content and position instead), and why.
    public struct UnkeyedArray: Sendable, Hashable {
        /// Where the array is (keyed elements above it named by key; in the new document).
        public var location: JSONLocation
        /// Why the key could not be used: `element 3 of OLD has no member "name"`.
        public var reason: String
    }

    /// The arrays of objects, present in both documents at one place, that
    /// `key` cannot pair: an element is not an object with a `key` member, or
    /// two elements of one array have the same key. Arrays with no object
    /// at all (lists of scalars) are left out. Only places reached through
    /// members and keyed elements are visited, each array once.
    ///
    ///     JSONDiff.unkeyedArrays(from: [["id": 1], ["v": 2]], to: [["id": 1]], key: "id")
    ///     // [UnkeyedArray(location: (root), reason: "element 1 of OLD has no member \"id\"")]
    ///
    /// - Complexity: O(*n*) expected, for *n* values in the two documents.
    public static func unkeyedArrays(from a: JSONValue, to b: JSONValue, key: String) -> [UnkeyedArray] {
        var out: [UnkeyedArray] = []
        walk(a, b, [], key, &out)
        return out
    }

    static func walk(_ a: JSONValue, _ b: JSONValue, _ at: [JSONLocation.Segment], _ key: String, _ out: inout [UnkeyedArray]) {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let index = y.index()
            for m in x.members {
                guard let k = index[ExactString(m.key)] else { continue }
                walk(m.value, y.members[k].value, at + [.member(m.key)], key, &out)
            }
        case (.array(let x), .array(let y)):
            guard x.contains(where: { $0.objectValue != nil }) || y.contains(where: { $0.objectValue != nil }) else { return }
            func keys(_ list: [JSONValue], _ side: String) -> (keys: [JSONValue], problem: String?) {
                var result: [JSONValue] = [], seen = Set<JSONValue>()
                for (i, e) in list.enumerated() {
                    guard let k = e.objectValue?[key] else {
                        return ([], "element \(i) of \(side) has no member \(JSONWriter.string(.string(key)))")
                    }
                    guard seen.insert(k).inserted else {
                        return ([], "two elements of \(side) have \(JSONWriter.string(.string(key))) \(JSONWriter.string(k))")
                    }
                    result.append(k)
                }
                return (result, nil)
            }
            let (kx, px) = keys(x, "OLD"), (ky, py) = keys(y, "NEW")
            if let problem = px ?? py {
                out.append(UnkeyedArray(location: JSONLocation(at), reason: problem))
                return
            }
            var oldIndex: [JSONValue: Int] = [:]
            for (i, k) in kx.enumerated() { oldIndex[k] = i }
            for (j, k) in ky.enumerated() {
                if let i = oldIndex[k] { walk(x[i], y[j], at + [.key(name: key, value: k)], key, &out) }
            }
        default:
            return
        }
    }
}
