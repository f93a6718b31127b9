
/// One edit of a structural JSON diff, at a JSON Pointer. A list of edits is
/// applied in order: each path is valid at the moment its edit applies, so the
/// list maps one to one onto RFC 6902 operations.
public enum JSONEdit: Hashable, Sendable {
    case add(path: JSONPointer, value: JSONValue)
    case remove(path: JSONPointer, old: JSONValue)
    case replace(path: JSONPointer, old: JSONValue, new: JSONValue)
    /// An array element matched by ``JSONDiff/Options/arrayKey`` that changed place.
    case move(from: JSONPointer, path: JSONPointer)

    /// Where the edit applies.
    public var path: JSONPointer {
        switch self {
        case .add(let p, _), .remove(let p, _), .replace(let p, _, _), .move(_, let p): return p
        }
    }
}

/// The structural diff of any two JSON values.
///
/// Objects are compared member by member, recursively; arrays by a shortest
/// edit script over their elements (E. W. Myers, "An O(ND) Difference
/// Algorithm and Its Variations", Algorithmica 1986), where
/// an element that changed in place becomes a nested diff (two containers of
/// the same kind) or a replacement; scalars by value. Numbers compare by
/// exact decimal value (`1.0` equals `1`, `1e2` equals `100`) unless
/// ``Options/numbersByText`` is set, and strings by their exact bytes.
///
///     let edits = JSONDiff.diff(from: try JSONReader.parse(#"{"a": [1, 2]}"#),
///                               to: try JSONReader.parse(#"{"a": [1, 3], "b": true}"#))
///     // [.replace(/a/1, 2, 3), .add(/b, true)]
///
/// Object members are visited in the byte order of their names, so the same
/// inputs always give the same edits.
///
/// - Complexity: O(*n* + *m*) for objects (hashing); O((*n* + *m*) · *d*) for
///   arrays of *n* and *m* elements with *d* differences (the search is
///   bounded: two long arrays with little in common are replaced whole, not
///   minimally); O(*n* + *m* + *k* · (*n* + *m*)) for keyed
///   arrays with *k* moved elements.
public enum JSONDiff {
    /// How to compare.
    public struct Options: Sendable, Hashable {
        /// Any change of a number's spelling is a change (`1.0` ≠ `1`).
        public var numbersByText: Bool
        /// Match array elements that are objects by this member (like an id),
        /// reporting moves, wherever every element of both arrays has it and
        /// its values are unique.
        public var arrayKey: String?

        /// Options comparing numbers by text or by value, and matching array elements by `arrayKey`.
        public init(numbersByText: Bool = false, arrayKey: String? = nil) {
            self.numbersByText = numbersByText
            self.arrayKey = arrayKey
        }
    }

    /// The edits that turn `a` into `b`, in application order.
    ///
    ///     let edits = JSONDiff.diff(from: try JSONReader.parse(#"{"a": [1, 2]}"#), to: try JSONReader.parse(#"{"a": [2, 3]}"#))
    ///     // remove /a/0 (1), add /a/1 (3)
    public static func diff(from a: JSONValue, to b: JSONValue, options: Options = Options()) -> [JSONEdit] {
        var edits: [JSONEdit] = []
        diff(a, b, at: JSONPointer(), options, into: &edits)
        return edits
    }

    static func diff(_ a: JSONValue, _ b: JSONValue, at path: JSONPointer, _ options: Options, into edits: inout [JSONEdit]) {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            diffObjects(x, y, at: path, options, into: &edits)
        case (.array(let x), .array(let y)):
            if let key = options.arrayKey, let keyed = keyedDiff(x, y, key: key, at: path, options) {
                edits += keyed
            } else {
                diffArrays(x, y, at: path, options, into: &edits)
            }
        default:
            if !a.isEqual(to: b, numbersByText: options.numbersByText) {
                edits.append(.replace(path: path, old: a, new: b))
            }
        }
    }

    static func diffObjects(_ x: JSONObject, _ y: JSONObject, at path: JSONPointer, _ options: Options, into edits: inout [JSONEdit]) {
        let yIndex = y.count > 16 ? y.index() : nil
        let xIndex = x.count > 16 ? x.index() : nil
        func find(_ key: String, in o: JSONObject, _ index: [ExactString: Int]?) -> JSONValue? {
            if let index { return index[ExactString(key)].map { o.members[$0].value } }
            return o[key]
        }
        var keys = x.members.map(\.key)
        for m in y.members where find(m.key, in: x, xIndex) == nil { keys.append(m.key) }
        keys.sort(by: utf8Less)
        for key in keys {
            let old = find(key, in: x, xIndex), new = find(key, in: y, yIndex)
            switch (old, new) {
            case (let o?, let n?): diff(o, n, at: path.appending(key), options, into: &edits)
            case (let o?, nil): edits.append(.remove(path: path.appending(key), old: o))
            case (nil, let n?): edits.append(.add(path: path.appending(key), value: n))
            case (nil, nil): break
            }
        }
    }

    static func diffArrays(_ x: [JSONValue], _ y: [JSONValue], at path: JSONPointer, _ options: Options, into edits: inout [JSONEdit]) {
        let hx = x.map(\.hashValue), hy = y.map(\.hashValue)
        let steps = SequenceAlignment.align(count: (x.count, y.count)) { i, j in
            hx[i] == hy[j] && x[i].isEqual(to: y[j], numbersByText: options.numbersByText)
        }
        var cursor = 0
        var deleted: [Int] = [], inserted: [Int] = []
        /// Emits a gap of deleted and inserted elements: each inserted element
        /// is paired, in order, with the next deleted one of the same kind
        /// (object, array, scalar) and becomes a nested diff or replacement;
        /// the rest are removals and additions.
        func flushGap() {
            var pairOf = [Int: Int]()  // position in `deleted` → position in `inserted`
            var d = 0
            for (k, j) in inserted.enumerated() {
                var probe = d
                while probe < deleted.count && kind(x[deleted[probe]]) != kind(y[j]) { probe += 1 }
                if probe < deleted.count {
                    pairOf[probe] = k
                    d = probe + 1
                }
            }
            var di = 0, ii = 0
            let pairedInserts = Set(pairOf.values)
            while di < deleted.count || ii < inserted.count {
                if di < deleted.count && pairOf[di] == nil {
                    edits.append(.remove(path: path.appending(index: cursor), old: x[deleted[di]]))
                    di += 1
                } else if ii < inserted.count && !pairedInserts.contains(ii) {
                    edits.append(.add(path: path.appending(index: cursor), value: y[inserted[ii]]))
                    cursor += 1
                    ii += 1
                } else {
                    let old = x[deleted[di]], new = y[inserted[ii]]
                    switch (old, new) {
                    case (.object, .object), (.array, .array):
                        diff(old, new, at: path.appending(index: cursor), options, into: &edits)
                    default:
                        edits.append(.replace(path: path.appending(index: cursor), old: old, new: new))
                    }
                    cursor += 1
                    di += 1
                    ii += 1
                }
            }
            deleted.removeAll(keepingCapacity: true)
            inserted.removeAll(keepingCapacity: true)
        }
        for step in steps {
            switch step {
            case .keep:
                flushGap()
                cursor += 1
            case .delete(let i): deleted.append(i)
            case .insert(let j): inserted.append(j)
            }
        }
        flushGap()
    }

    /// 0 for objects, 1 for arrays, 2 for scalars: what can pair in a gap.
    static func kind(_ v: JSONValue) -> Int {
        switch v {
        case .object: return 0
        case .array: return 1
        default: return 2
        }
    }

    /// The diff of two arrays whose elements are all objects with a unique
    /// `key` member, or `nil` when they are not.
    static func keyedDiff(_ x: [JSONValue], _ y: [JSONValue], key: String, at path: JSONPointer, _ options: Options) -> [JSONEdit]? {
        func keys(_ list: [JSONValue]) -> [JSONValue]? {
            var result: [JSONValue] = []
            var seen = Set<JSONValue>()
            for element in list {
                guard let k = element.objectValue?[key], seen.insert(k).inserted else { return nil }
                result.append(k)
            }
            return result
        }
        guard !x.isEmpty || !y.isEmpty, let kx = keys(x), let ky = keys(y) else { return nil }
        let newKeys = Set(ky)
        var edits: [JSONEdit] = []
        // 1. Removals, from the end so earlier indices stay valid.
        var current: [JSONValue] = []
        var currentValues: [JSONValue] = []
        for (i, k) in kx.enumerated() where newKeys.contains(k) {
            current.append(k)
            currentValues.append(x[i])
        }
        for (i, k) in kx.enumerated().reversed() where !newKeys.contains(k) {
            edits.append(.remove(path: path.appending(index: i), old: x[i]))
        }
        // 2. Moves and additions, building the new order; whichever
        //    direction needs fewer operations.
        let forward = reorder(current, into: ky, newValues: y, at: path, leftToRight: true)
        let backward = reorder(current, into: ky, newValues: y, at: path, leftToRight: false)
        edits += forward.count <= backward.count ? forward : backward
        // 3. Nested changes of matched elements, at their final index.
        var oldByKey: [JSONValue: JSONValue] = [:]
        for (k, v) in zip(current, currentValues) { oldByKey[k] = v }
        for (j, k) in ky.enumerated() {
            if let old = oldByKey[k] { diff(old, y[j], at: path.appending(index: j), options, into: &edits) }
        }
        return edits
    }

    /// Operations that turn the array of `current` keys into `target` order,
    /// adding elements of `target` not in `current` (with their new values).
    static func reorder(_ current0: [JSONValue], into target: [JSONValue], newValues: [JSONValue], at path: JSONPointer, leftToRight: Bool) -> [JSONEdit] {
        var current = current0
        var edits: [JSONEdit] = []
        let present = Set(current0)
        if leftToRight {
            for j in target.indices where j >= current.count || current[j] != target[j] {
                if present.contains(target[j]), let from = current.firstIndex(of: target[j]) {
                    current.insert(current.remove(at: from), at: j)
                    edits.append(.move(from: path.appending(index: from), path: path.appending(index: j)))
                } else {
                    current.insert(target[j], at: j)
                    edits.append(.add(path: path.appending(index: j), value: newValues[j]))
                }
            }
        } else {
            // Additions first (left to right), then moves from the end.
            for j in target.indices where !present.contains(target[j]) {
                current.insert(target[j], at: min(j, current.count))
                edits.append(.add(path: path.appending(index: min(j, current.count - 1)), value: newValues[j]))
            }
            for j in target.indices.reversed() where current[j] != target[j] {
                guard let from = current[0..<j].lastIndex(of: target[j]) else { continue }
                current.insert(current.remove(at: from), at: j)
                edits.append(.move(from: path.appending(index: from), path: path.appending(index: j)))
            }
        }
        return edits
    }
}
