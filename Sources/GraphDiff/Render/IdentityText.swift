import GraphDiffJSON

/// The identity-keyed text form of a graph file: one line per property of
/// every object, `Entity id.property = value`, for git's line tools
/// (`graphdiff textconv`, which `graphdiff git install` registers as the
/// diff driver's textconv, so `git log -S`, `git grep` and `git blame`
/// see objects instead of the file's lines).
///
/// A graph file (a top-level object whose `objects` member holds
/// entities of objects) gives:
/// - one line per property, `Task t3.title = "Buy milk"`, entities,
///   identities and properties sorted by the bytes of their UTF-8; an
///   object with no stored property gives `Task t3 = {}`;
/// - the other top-level members (`$schema`, `metadata`) in the plain
///   form below, before the objects.
///
/// Any other JSON document gives one line per leaf in the plain form: its
/// path as jq writes it (`.metadata.device`, `.items[2]`, `."a b"`), `=`,
/// and the value; an empty array or object is a leaf (`.tags = []`); a
/// document that is a scalar is `. = 1`.
///
/// Names are written bare when they are made of ASCII letters, digits, `_`
/// and `-` (a jq key: letters, digits and `_`, not starting with a digit),
/// else as JSON strings (`Task "t 3".title`). Values are JSON on one line,
/// object members sorted, numbers as written, strings with graphdiff's
/// minimal escaping: the same value always gives the same text, and a
/// line never holds a line break. The form does not depend on the file's
/// layout, so rewriting a file in canonical form changes no line.
///
///     IdentityText.lines(of: ["objects": ["Task": ["t1": ["title": "Milk", "done": false]]]])
///     // Task t1.done = false
///     // Task t1.title = "Milk"
///
/// - Complexity: O(*n* log *n*) in the number of values; O(*n*) for a
///   file whose members are sorted (every canonical file).
public enum IdentityText {
    /// The text form of `document`, each line ending in a newline.
    public static func lines(of document: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        if let graph = _graphObjects(document), case .object(let top) = document {
            for member in top.sortedMembers where member.key != "objects" {
                _plainLines(member.value, path: _jqKey(member.key), into: &out)
            }
            for entity in graph.sortedMembers {
                guard case .object(let objects) = entity.value else { continue }
                let entityName = _name(entity.key)
                for object in objects.sortedMembers {
                    guard case .object(let properties) = object.value else { continue }
                    let head = entityName + [UInt8(ascii: " ")] + _name(object.key)
                    if properties.isEmpty {
                        out += head
                        out += " = {}\n".utf8
                        continue
                    }
                    for property in properties.sortedMembers {
                        out += head
                        out.append(UInt8(ascii: "."))
                        out += _name(property.key)
                        out += " = ".utf8
                        out += JSONWriter.write(property.value, style: .compactSorted)
                        out.append(UInt8(ascii: "\n"))
                    }
                }
            }
        } else {
            _plainLines(document, path: [], into: &out)
        }
        return out
    }

    /// The `objects` member of a graph file: an object of objects of objects.
    static func _graphObjects(_ document: JSONValue) -> JSONObject? {
        guard case .object(let top) = document, case .object(let entities)? = top["objects"] else { return nil }
        for entity in entities.members {
            guard case .object(let objects) = entity.value else { return nil }
            for object in objects.members {
                guard case .object = object.value else { return nil }
            }
        }
        return entities
    }

    /// The leaves of `value` under `path`, one line each.
    static func _plainLines(_ value: JSONValue, path: [UInt8], into out: inout [UInt8]) {
        switch value {
        case .object(let object) where !object.isEmpty:
            for member in object.sortedMembers {
                _plainLines(member.value, path: path + _jqKey(member.key), into: &out)
            }
        case .array(let elements) where !elements.isEmpty:
            for (i, element) in elements.enumerated() {
                _plainLines(element, path: path + Array("[\(i)]".utf8), into: &out)
            }
        default:
            out += path.isEmpty ? [UInt8(ascii: ".")] : path
            out += " = ".utf8
            out += JSONWriter.write(value, style: .compactSorted)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// `.key` when jq takes `key` bare, else `."key"`.
    static func _jqKey(_ key: String) -> [UInt8] {
        let bytes = Array(key.utf8)
        let bare = !bytes.isEmpty && !_isDigit(bytes[0])
            && bytes.allSatisfy { _isLetter($0) || _isDigit($0) || $0 == UInt8(ascii: "_") }
        return [UInt8(ascii: ".")] + (bare ? bytes : JSONWriter.write(.string(key), style: .compact))
    }

    /// `name` bare when it is made of ASCII letters, digits, `_` and `-`,
    /// else as a JSON string.
    static func _name(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        let bare = !bytes.isEmpty
            && bytes.allSatisfy { _isLetter($0) || _isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        return bare ? bytes : JSONWriter.write(.string(name), style: .compact)
    }

    static func _isLetter(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
    }

    static func _isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
}
