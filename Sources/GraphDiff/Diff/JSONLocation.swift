import GraphDiffJSON

/// Where a change of a structural diff is, named for people: members by
/// name, keyed array elements by their key, other array elements by their
/// index in one of the two documents compared.
///
/// A ``JSONEdit``'s pointer is valid when the edits before it have been
/// applied (RFC 6902 needs that), so in one patch it may name an index that
/// neither document has. A location names the place in a document as it is:
/// a removed value's location is in the old document (``side`` is
/// ``Side/old``), every other one in the new document.
///
///     /packages/[name="six"]/version     the version of the element whose "name" is "six"
///     /list/3                            element 3 of "list" (old or new: see `side`)
///
/// The notation extends the JSON Pointer text (RFC 6901) by one segment form,
/// `[NAME=VALUE]`: the element of an array whose member NAME (the array key)
/// has VALUE, written as JSON (`"six"`, `42`, `true`, `null`), so quotes,
/// slashes, dots and brackets inside a key cannot end the segment early and
/// `[id=42]` and `[id="42"]` differ. NAME is written bare when it has only
/// ASCII letters, digits, `_`, `-` and `.`, else as a JSON string. A member
/// name that begins with `[` has that bracket written `~[` (not a JSON Pointer
/// escape, so no pointer token reads the same), which keeps `/[` for keys.
public struct JSONLocation: Hashable, Sendable, CustomStringConvertible {
    /// Which document a location's indices refer to.
    public enum Side: Hashable, Sendable {
        /// The old document (the place of a removed value).
        case old
        /// The new document.
        case new
    }

    /// One step of a location.
    public enum Segment: Hashable, Sendable {
        /// The member of an object with this name.
        case member(String)
        /// The element of an array at this index (in the location's side).
        case index(Int)
        /// The element of an array whose member `name` is `value`.
        case key(name: String, value: JSONValue)
    }

    /// The steps from the root.
    public var segments: [Segment]
    /// The document whose indices the ``Segment/index(_:)`` steps count in.
    public var side: Side

    /// A location of `segments` in the document of `side`.
    public init(_ segments: [Segment] = [], side: Side = .new) {
        self.segments = segments
        self.side = side
    }

    /// The location that names the same steps as `pointer` (every token a
    /// member), for edits that come without locations.
    public init(pointer: JSONPointer) {
        self.init(pointer.tokens.map(Segment.member), side: .new)
    }

    /// Whether a step is an array index, whose number depends on the side.
    public var hasIndex: Bool {
        segments.contains { if case .index = $0 { return true } else { return false } }
    }

    /// Whether a step selects an array element by its key.
    public var hasKey: Bool {
        segments.contains { if case .key = $0 { return true } else { return false } }
    }

    /// The text of the location: `/a/[id=7]/b`, empty for the root.
    public var description: String {
        var text = ""
        for segment in segments {
            text += "/"
            switch segment {
            case .member(let name):
                var token = name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                if token.hasPrefix("[") { token = "~" + token }
                text += token
            case .index(let i):
                text += String(i)
            case .key(let name, let value):
                text += "[" + Self.keyName(name) + "=" + JSONWriter.string(value) + "]"
            }
        }
        return text
    }

    /// The key's name, bare when it has only ASCII letters, digits, `_`, `-` and `.`.
    static func keyName(_ name: String) -> String {
        let bare = !name.isEmpty && name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D || c == 0x2E
        }
        return bare ? name : JSONWriter.string(.string(name))
    }
}
