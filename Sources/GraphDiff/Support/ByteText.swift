/// Rules about bytes of text that several stages share (directory diff,
/// the git drivers): below them all.
enum ByteText {
    /// A path as git writes it in a diff header: as is, or, when it holds a
    /// control character, `"`, `\` or a byte above 0x7F (git's default
    /// `core.quotePath`), between double quotes with C escapes and octal
    /// bytes: `"a/caf\303\251.json"`.
    ///
    /// - Parameter escapingNonASCII: whether bytes above 0x7F are reasons
    ///   to quote and are written in octal (git's default); when `false`,
    ///   they are written as they are (UTF-8 names stay readable), and only
    ///   control characters, `"` and `\` make the path quoted.
    static func quotedPath(_ path: String, escapingNonASCII: Bool = true) -> String {
        let bytes = Array(path.utf8)
        guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || (escapingNonASCII && $0 > 0x7F) })
        else { return path }
        var out: [UInt8] = [0x22]
        for b in bytes {
            switch b {
            case 0x07: out += Array("\\a".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0B: out += Array("\\v".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x22, 0x5C: out += [0x5C, b]
            case 0x20...0x7E: out.append(b)
            case 0x80...0xFF where !escapingNonASCII: out.append(b)
            default:
                let octal = String(b, radix: 8)
                out += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
            }
        }
        return String(decoding: out + [0x22], as: UTF8.self)
    }

    /// Whether git would take `bytes` for binary: a NUL in the first 8,000 bytes.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8_000).contains(0)
    }
}
