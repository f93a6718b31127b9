extension ChangeDiagram {
    /// `text` safe inside a quoted Mermaid label: `"`, `#`, `|`, `<`, `>`,
    /// `&`, `` ` ``, `\` and `%` (Mermaid reads `%%` as a comment or a
    /// directive anywhere in the text) as entity codes (`#34;`), control
    /// characters as spaces.
    static func _mermaidText(_ text: String) -> String {
        _escaped(text) { scalar in
            switch scalar {
            case "\"", "#", "|", "<", ">", "&", "`", "\\", "%": "#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
            default: nil
            }
        }
    }

    /// `text` as a DOT quoted string: `\` and `"` escaped, `&` as `&amp;`
    /// (Graphviz reads entities in labels), line breaks as `\n`, other
    /// control characters as spaces.
    static func _dotString(_ text: String) -> String {
        "\"" + _escaped(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "&": "&amp;"
            case "\n": "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
            default: nil
            }
        } + "\""
    }

    /// `text` with each Unicode scalar that `replacement` names replaced.
    ///
    /// - Complexity: O(*l*), where *l* is the length of `text`.
    static func _escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let r = replacement(scalar) { out += r } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
