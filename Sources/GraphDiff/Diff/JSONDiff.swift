import GraphDiffJSON

/// The structural diff of any two JSON values.
///
/// Objects are compared member by member, recursively. Arrays pair their
/// elements by content first, then by position: a shortest edit script over
/// the elements (E. W. Myers, "An O(ND) Difference Algorithm and Its
/// Variations", Algorithmica 1986) keeps the equal elements that stay in
/// order; an element equal to one elsewhere in the other array is a move
/// (equal elements match wherever they are); what is left is paired within
/// each run of differences, in order: first two objects that share a member
/// (same name, equal value, such as `"name": "six"`), then, between those
/// pairs, an old element with a new one of the same kind (object, array,
/// scalar); a pair becomes a nested diff or a replacement, and the rest are
/// removals and additions. Scalars compare by value. Numbers
/// compare by exact decimal value (`1.0` equals `1`, `1e2` equals `100`)
/// unless ``Options/numbersByText`` is set, and strings by their exact bytes.
///
///     let edits = JSONDiff.diff(from: try JSONReader.parse(#"{"a": [1, 2]}"#),
///                               to: try JSONReader.parse(#"{"a": [1, 3], "b": true}"#))
///     // [.replace(/a/1, 2, 3), .add(/b, true)]
///
/// The edits of one array come in four runs: removals from the last to the
/// first (so each removal's index is the element's index in the old array),
/// moves, additions from the first to the last (each at its index in the new
/// array), then the changes inside paired elements (at their index in the new
/// array). Object members are visited in the byte order of their names, so
/// the same inputs always give the same edits. ``entries(from:to:options:)``
/// gives each edit with its ``JSONLocation``: keyed elements named by key,
/// indices in the document where the value is.
///
/// - Complexity: O(*n* + *m*) for objects (hashing); O((*n* + *m*) · *d*) for
///   arrays of *n* and *m* elements with *d* differences (the search is
///   bounded: two long arrays with little in common are replaced whole, not
///   minimally), plus O((*n* + *m*) log(*n* + *m*)) to place the moved elements; keyed
///   arrays are joined by a hash of their keys, O(*n* + *m*) plus the moves' placing.
/// - Note: Equal elements are paired by a hash of their content wherever
///   they are, for any number of them; a new element that is not equal to
///   any old one looks for its partner among the next ``pairWindow`` old
///   elements of its run only: the result is then correct but not minimal.
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

    /// One edit with the place it changes, as people look for it.
    public struct Entry: Hashable, Sendable {
        /// The edit, with its pointer valid in application order.
        public var edit: JSONEdit
        /// The place: in the old document for a removal, else in the new one.
        public var location: JSONLocation
        /// For a move: the element's index in the old and in the new array.
        public var movedFrom: Int?, movedTo: Int?

        /// An entry for `edit` at `location`.
        public init(_ edit: JSONEdit, at location: JSONLocation, movedFrom: Int? = nil, movedTo: Int? = nil) {
            self.edit = edit
            self.location = location
            self.movedFrom = movedFrom
            self.movedTo = movedTo
        }

        /// An entry whose location is the edit's pointer read as member names
        /// (for edits that come without locations, such as a decoded patch).
        public init(_ edit: JSONEdit) {
            self.init(edit, at: JSONLocation(pointer: edit.path))
        }
    }

    /// How many old elements of a run a new element looks at for its partner.
    public static let pairWindow = 32

    /// The edits that turn `a` into `b`, in application order.
    ///
    ///     let edits = JSONDiff.diff(from: try JSONReader.parse(#"{"a": [1, 2]}"#), to: try JSONReader.parse(#"{"a": [2, 3]}"#))
    ///     // remove /a/0 (1), add /a/1 (3)
    public static func diff(from a: JSONValue, to b: JSONValue, options: Options = Options()) -> [JSONEdit] {
        entries(from: a, to: b, options: options).map(\.edit)
    }

    /// The edits that turn `a` into `b`, in application order, each with its
    /// location in the documents.
    ///
    ///     let entries = JSONDiff.entries(from: try JSONReader.parse(#"[{"name": "six", "version": "1.16"}]"#),
    ///                                    to: try JSONReader.parse(#"[{"name": "six", "version": "1.17"}]"#),
    ///                                    options: .init(arrayKey: "name"))
    ///     // entries[0].location.description == #"/[name="six"]/version"#; entries[0].edit: replace /0/version
    ///
    /// - Complexity: as ``diff(from:to:options:)``.
    public static func entries(from a: JSONValue, to b: JSONValue, options: Options = Options()) -> [Entry] {
        var out: [Entry] = []
        diff(a, b, at: JSONPointer(), old: [], new: [], options, into: &out)
        return out
    }

    static func diff(_ a: JSONValue, _ b: JSONValue, at path: JSONPointer, old: [JSONLocation.Segment], new: [JSONLocation.Segment],
                     _ options: Options, into out: inout [Entry]) {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            diffObjects(x, y, at: path, old: old, new: new, options, into: &out)
        case (.array(let x), .array(let y)):
            if let key = options.arrayKey, let plan = keyedPlan(x, y, key: key) {
                emit(plan, x, y, at: path, old: old, new: new, options, into: &out)
            } else {
                emit(unkeyedPlan(x, y, options), x, y, at: path, old: old, new: new, options, into: &out)
            }
        default:
            if !a.isEqual(to: b, numbersByText: options.numbersByText) {
                out.append(Entry(.replace(path: path, old: a, new: b), at: JSONLocation(new)))
            }
        }
    }

    static func diffObjects(_ x: JSONObject, _ y: JSONObject, at path: JSONPointer, old: [JSONLocation.Segment], new: [JSONLocation.Segment],
                            _ options: Options, into out: inout [Entry]) {
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
            let o = find(key, in: x, xIndex), n = find(key, in: y, yIndex)
            let segment = JSONLocation.Segment.member(key)
            switch (o, n) {
            case (let o?, let n?): diff(o, n, at: path.appending(key), old: old + [segment], new: new + [segment], options, into: &out)
            case (let o?, nil): out.append(Entry(.remove(path: path.appending(key), old: o), at: JSONLocation(old + [segment], side: .old)))
            case (nil, let n?): out.append(Entry(.add(path: path.appending(key), value: n), at: JSONLocation(new + [segment])))
            case (nil, nil): break
            }
        }
    }
}
