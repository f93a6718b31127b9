import GraphDiffJSON

/// The rules for a graph's `$schema`, which names its schema relative to
/// the directory of the file that holds it: resolving it for reading, and
/// writing it again for a file in another directory.
///
///     SchemaReference.relocated("people.schema.json", from: "Samples/people/v1.graph.json",
///                               to: "out/v1.graph.json", currentDirectory: "/repo")
///     // "../Samples/people/people.schema.json"
///
/// Paths are compared as written, after `.` and `..` are taken out: a
/// symbolic link is not followed here (callers give paths with their links
/// resolved, as `graphdiff` does when it writes a graph next to another file).
public enum SchemaReference {
    /// Whether `reference` names its schema wherever the graph is: a path
    /// from the root (`/schemas/people.json`) or a URI (`https://…`).
    public static func isAbsolute(_ reference: String) -> Bool {
        if reference.hasPrefix("/") { return true }
        // A URI scheme: a letter, then letters, digits, "+", "-" or ".", then ":".
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isASCII, first.isLetter else { return false }
        return reference[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The file `reference` names, for the document at `path` (`-`, standard
    /// input, is in the current directory): a path from the current
    /// directory, or `reference` itself when it is absolute.
    public static func resolve(_ reference: String, inDirectoryOf path: String) -> String {
        if isAbsolute(reference) { return reference }
        let directory = path == "-" ? [] : Array(components(path).dropLast())
        if path.hasPrefix("/") { return "/" + (directory + [reference]).joined(separator: "/") }
        return directory.isEmpty ? reference : (directory + [reference]).joined(separator: "/")
    }

    /// `reference`, written in the file at `input`, as the file at `output`
    /// must write it to name the same schema; `nil` when it stays as it is
    /// (it is absolute, or both files are in one directory).
    ///
    /// - Parameter currentDirectory: the absolute path relative paths start from.
    public static func relocated(_ reference: String, from input: String, to output: String, currentDirectory: String) -> String? {
        guard !isAbsolute(reference) else { return nil }
        let from = directory(of: input, currentDirectory), to = directory(of: output, currentDirectory)
        guard from != to else { return nil }
        let target = normalized(from + components(reference))
        var common = 0
        while common < to.count && common < target.count - 1 && to[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: to.count - common) + target[common...]).joined(separator: "/")
    }

    /// The bytes ``rewritingTopLevel(in:_:)`` looks at outside strings:
    /// quotes, brackets and line ends.
    static let stops: [Bool] = (0..<256).map { b in
        [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\n")].contains(UInt8(b))
    }

    /// `text` with the value of each `$schema` member of the top-level
    /// object replaced by `relocate(value)`, where that gives a new value.
    ///
    /// `text` is JSON, or JSON with conflict markers (lines that start with
    /// `<`, `|`, `=` or `>`): a member between markers is rewritten too.
    /// Every other byte is kept.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func rewritingTopLevel(in text: [UInt8], _ relocate: (String) -> String?) -> [UInt8] {
        applying(splices(of: topLevelSchemaRanges(in: text), in: text, relocate), to: text)
    }

    /// Where each top-level `$schema` string value of `text` starts and
    /// ends (its quotes included), in order.
    ///
    /// - Complexity: O(*n*) in the size of the text.
    static func topLevelSchemaRanges(in text: [UInt8]) -> [Range<Int>] {
        let stops = SchemaReference.stops
        return text.withUnsafeBufferPointer { bytes in
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
            let key = Array("\"$schema\"".utf8)
            let count = bytes.count
            func endOfString(_ start: Int) -> Int {
                var j = start + 1
                while j < count {
                    let b = bytes[j]
                    if b == quote { break }
                    j += b == backslash ? 2 : 1
                }
                return min(j + 1, count)
            }
            func skipSpace(_ start: Int) -> Int {
                var j = start
                while j < count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                return j
            }
            var found: [Range<Int>] = []
            var depth = 0, i = 0, lineStart = true
            while i < count {
                if !lineStart {
                    // Step over the bytes that matter neither outside strings
                    // nor at a line's start.
                    while i < count, !stops[Int(bytes[i])] { i += 1 }
                    guard i < count else { break }
                }
                let c = bytes[i]
                if lineStart && (c == UInt8(ascii: "<") || c == UInt8(ascii: "|") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">")) {
                    while i < count && bytes[i] != newline { i += 1 }
                    continue
                }
                lineStart = c == newline
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    i += 1
                case quote:
                    let start = i, end = endOfString(i)
                    i = end
                    guard depth == 1, end - start == key.count, key.indices.allSatisfy({ bytes[start + $0] == key[$0] }) else { continue }
                    let colon = skipSpace(end)
                    guard colon < count, bytes[colon] == UInt8(ascii: ":") else { continue }
                    let valueStart = skipSpace(colon + 1)
                    guard valueStart < count, bytes[valueStart] == quote else { continue }
                    let valueEnd = endOfString(valueStart)
                    i = valueEnd
                    found.append(valueStart..<valueEnd)
                default:
                    i += 1
                }
            }
            return found
        }
    }

    /// Ranges of a text, in order and apart, each with the bytes that
    /// replace it: how a `$schema` is rewritten without a copy of the
    /// rest (a writer writes the pieces between them from the text itself).
    package typealias Splices = [(range: Range<Int>, replacement: [UInt8])]

    /// The splices that give each string value at `ranges` of `text` its
    /// relocated value, for those that `relocate` changes.
    static func splices(of ranges: [Range<Int>], in text: [UInt8], _ relocate: (String) -> String?) -> Splices {
        ranges.compactMap { range in
            guard case .string(let value)? = try? JSONReader.parse(Array(text[range])), let new = relocate(value) else { return nil }
            return (range, JSONWriter.write(.string(new), style: .compact))
        }
    }

    /// `text` with `splices` made.
    ///
    /// - Complexity: O(*n*) in the size of the text; none when there are
    ///   no splices.
    package static func applying(_ splices: Splices, to text: [UInt8]) -> [UInt8] {
        guard !splices.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + 64)
        var copied = 0
        for (range, replacement) in splices {
            result += text[copied..<range.lowerBound]
            result += replacement
            copied = range.upperBound
        }
        result += text[copied...]
        return result
    }

    /// The text of a result to be written at `output`, with each top-level
    /// `$schema` rewritten to name, from `output`'s directory, the schema it
    /// named in the input it came from: the first of `inputs` whose
    /// `$schema` it is (or the first input).
    ///
    /// - Parameter shape: what `text` is, which says where its `$schema` can be.
    package static func relocating(_ text: [UInt8], to output: String, from inputs: [(path: String, reference: String?)],
                           currentDirectory: String, shape: TextShape = .json) -> [UInt8] {
        applying(relocationSplices(text, to: output, from: inputs, currentDirectory: currentDirectory, shape: shape), to: text)
    }

    /// What ``relocating(_:to:from:currentDirectory:shape:)`` changes in
    /// `text`, as splices: a writer writes the result from them and the
    /// text, with no copy of the text.
    ///
    /// - Complexity: O(*k*) in the first member for a graph's text
    ///   (`shape` says so), else O(*n*) in the size of the text.
    package static func relocationSplices(_ text: [UInt8], to output: String, from inputs: [(path: String, reference: String?)],
                                          currentDirectory: String, shape: TextShape = .json) -> Splices {
        func relocate(_ value: String) -> String? {
            guard let holder = inputs.first(where: { $0.reference.map { utf8Equal($0, value) } ?? false }) ?? inputs.first else { return nil }
            return relocated(value, from: holder.path, to: output, currentDirectory: currentDirectory)
        }
        switch shape {
        case .json: return splices(of: topLevelSchemaRanges(in: text), in: text, relocate)
        case .canonicalGraph: return firstMemberSplices(in: text, relocate) ?? []
        case .graphMarkers: return firstMemberSplices(in: text, relocate) ?? splices(of: topLevelSchemaRanges(in: text), in: text, relocate)
        }
    }

    /// What a text to relocate is.
    package enum TextShape: Sendable {
        /// Any JSON text, with or without conflict markers: scanned whole.
        case json
        /// A graph's canonical text (``Graph/canonicalText()``): its only
        /// top-level `$schema`, if any, is its first member.
        case canonicalGraph
        /// Conflict markers written from two resolutions of a graph merge
        /// (``ConflictMarkerWriter/write(mine:theirs:base:markers:)``): when
        /// the first member is `$schema`, both resolutions have that one
        /// and it is the only one; otherwise the text is scanned.
        case graphMarkers
    }

    /// ``rewritingTopLevel(in:_:)`` for a graph's canonical text, where
    /// `$schema`, when there, is the first member (`{`, a line break, two
    /// spaces, then `"$schema": "…"`) and no other top-level member has
    /// that name: only the first member is read.
    ///
    /// - Complexity: O(*k*) in the length of the `$schema` value (and a
    ///   copy of the text when it changes).
    ///
    /// - Returns: `nil` when the text does not start with `$schema`.
    package static func rewritingFirstMember(in text: [UInt8], _ relocate: (String) -> String?) -> [UInt8]? {
        firstMemberSplices(in: text, relocate).map { applying($0, to: text) }
    }

    /// The splices of ``rewritingFirstMember(in:_:)``: none when
    /// `relocate` keeps the value; `nil` when the text does not start
    /// with `$schema`.
    ///
    /// - Complexity: O(*k*) in the length of the `$schema` value.
    static func firstMemberSplices(in text: [UInt8], _ relocate: (String) -> String?) -> Splices? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let prefix = Array("{\n  \"$schema\": ".utf8)
        guard text.count > prefix.count, text.starts(with: prefix), text[prefix.count] == quote else { return nil }
        var end = prefix.count + 1
        while end < text.count && text[end] != quote { end += text[end] == backslash ? 2 : 1 }
        guard end < text.count else { return nil }
        return splices(of: [prefix.count..<(end + 1)], in: text, relocate)
    }

    /// Whether the relocation of a text of `shape` reads only its first
    /// member when the text begins with `first`: a graph's canonical text
    /// always, markers of a graph merge when they begin with `$schema`
    /// (whole, in `first`). Otherwise the whole text is scanned.
    ///
    /// - Complexity: O(*k*) in the length of the `$schema` value.
    package static func readsFirstMemberOnly(_ first: [UInt8], shape: TextShape) -> Bool {
        switch shape {
        case .canonicalGraph: return true
        case .graphMarkers: return firstMemberSplices(in: first, { $0 }) != nil
        case .json: return false
        }
    }

    /// The path components of `path`, without empty ones and `.`.
    package static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// `components` with each `..` taking out the component before it (none
    /// above the root).
    package static func normalized(_ components: [String]) -> [String] {
        var result: [String] = []
        for c in components {
            if c == ".." { _ = result.popLast() } else if c != "." { result.append(c) }
        }
        return result
    }

    /// The components of the absolute directory of the file at `path`
    /// (`-`: the current directory).
    package static func directory(of path: String, _ currentDirectory: String) -> [String] {
        if path == "-" { return normalized(components(currentDirectory)) }
        let absolute = path.hasPrefix("/") ? components(path) : components(currentDirectory) + components(path)
        return Array(normalized(absolute).dropLast())
    }
}
