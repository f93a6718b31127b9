import GraphDiffJSON

/// The escaping rules of the HTML report: text in HTML, JSON inside a
/// `<script>` element, and the ids of cards.
extension HTMLReport {
    /// `text` safe as HTML or XML (SVG) element content or a quoted
    /// attribute value: `&`, `<`, `>`, `"` and `'` become character
    /// references, tab and line breaks too (so an attribute keeps them),
    /// and the characters XML 1.0 cannot hold (the other C0 controls,
    /// U+FFFE and U+FFFF) become U+FFFD. The one escaping rule of the
    /// page and of the SVG diagram.
    ///
    ///     HTMLReport.escapeHTML("a < \"b\"")   // "a &lt; &quot;b&quot;"
    ///
    /// - Complexity: O(*n*) in the length of `text` in bytes.
    public static func escapeHTML(_ text: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case 0x09: out.append(contentsOf: "&#9;".utf8)
            case 0x0A: out.append(contentsOf: "&#10;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x00..<0x20: out.append(contentsOf: _replacementCharacter)
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                // U+FFFE or U+FFFF
                out.append(contentsOf: _replacementCharacter)
                i += 2
            default: out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// U+FFFD in UTF-8.
    static let _replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// `value` as JSON text that can stand inside `<script type="application/json">`:
    /// every `<` is written `\u003c` (so neither `</script>` nor `<!--`
    /// can appear), every `>` `\u003e` and every `&` `\u0026`. Outside
    /// strings JSON has none of them, so the text is still the same JSON.
    ///
    /// - Complexity: O(*n*) in the length of the JSON text.
    static func scriptJSON(_ value: JSONValue) -> String {
        let bytes = JSONWriter.write(value, style: .compact)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "\\u0026".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The id of the card of object `identity` of the entity root `root`:
    /// `card-` then both names with every byte other than an ASCII letter,
    /// digit or `-` written `_XX` (hex), joined by `.`. Distinct objects get
    /// distinct ids, and every id is a valid HTML id and URL fragment. (The
    /// card of an object deleted and inserted again as another entity of
    /// its root, the old one, adds `.deleted`.)
    ///
    ///     HTMLReport.cardID(root: "Task", identity: "t 1")   // "card-Task.t_201"
    public static func cardID(root: String, identity: String) -> String {
        "card-" + _idPart(root) + "." + _idPart(identity)
    }

    static func _idPart(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "_"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
