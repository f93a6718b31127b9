
/// Paths of a JSON document whose differences do not count: JSON Pointer
/// patterns (RFC 6901 spelling and escapes) in which a segment `*` matches
/// any one member name or array element and `**` matches any number of
/// segments, none included.
///
///     let ignored = try IgnoredPaths(["/metadata/lastSync", "/items/*/updatedAt", "/**/etag"])
///     ignored.removing(from: try JSONReader.parse(#"{"items": [{"id": 1, "updatedAt": "x"}]}"#))
///     // {"items": [{"id": 1}]}
///
/// Inside an array, besides `*` and `**`, a segment `[NAME=VALUE]` (the
/// key notation of the diff's report, such as `[name="six"]`) matches every
/// element that is an object whose member NAME equals the JSON VALUE, and a
/// number matches the element at that index, counted in each document's own
/// array (so a key or `*` is the robust choice once elements are added or
/// removed); in an object a number names a member of that name. A member
/// whose name begins with `[` is written `~[`, as the report writes it.
/// A pattern names object members: array elements are never ignored
/// themselves (an element added, removed or moved always counts, as an
/// object of a graph does). A member literally named `*` or `**` cannot be
/// named. To ignore a whole array, name the member that holds it (`/items`).
///
/// The patterns are compiled into one nondeterministic automaton over
/// segments; walking a document carries a state down, so matching costs
/// O(*p*) per member visited for *p* live pattern positions, and a subtree
/// no pattern can reach costs nothing.
public struct IgnoredPaths: Sendable, Hashable {
    /// One segment of a pattern.
    enum Segment: Sendable, Hashable {
        case name(String)
        /// `*`: one member name or array element.
        case any
        /// `**`: any number of segments.
        case anyDepth
        /// `[NAME=VALUE]`: an array element whose member NAME equals VALUE.
        case key(String, JSONValue)

        /// Whether the segment can match one element and not another: an
        /// index (a name of digits) or a key.
        var tellsElementsApart: Bool {
            switch self {
            case .name(let n): return !n.isEmpty && n.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            case .key: return true
            case .any, .anyDepth: return false
            }
        }
    }

    /// The patterns as given.
    public let patterns: [String]
    /// Each pattern's segments.
    let compiled: [[Segment]]

    /// No ignored path.
    public init() {
        patterns = []
        compiled = []
    }

    /// Compiles `patterns`.
    ///
    /// - Throws: ``JSONError`` (``JSONError/Reason/invalidPointer(text:why:)``)
    ///   for a pattern that is no JSON Pointer (a `~` not followed by `0` or
    ///   `1`), or that is empty (the whole document cannot be ignored).
    public init(_ patterns: [String]) throws(JSONError) {
        var compiled: [[Segment]] = []
        for text in patterns {
            if text.isEmpty { throw JSONPointer.error(text, "names the whole document, which cannot be ignored", at: 0) }
            compiled.append(try IgnoredPaths.segments(of: text))
        }
        self.patterns = patterns
        self.compiled = compiled
    }

    /// Whether no path is ignored.
    public var isEmpty: Bool { compiled.isEmpty }

    /// The segments of the pattern `text`: JSON Pointer tokens, except that
    /// a segment beginning with `[` is a key `[NAME=VALUE]` (NAME bare or a
    /// JSON string, VALUE any JSON text) and `~[` begins a member name with `[`.
    static func segments(of text: String) throws(JSONError) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "/" else { throw JSONPointer.error(text, "must be empty or start with '/'", at: 0) }
        var result: [Segment] = []
        var i = 1
        while true {
            let start = i
            if i < scalars.count, scalars[i] == "[" {
                // Up to the `]` that ends the segment, outside JSON strings.
                var inString = false
                var end: Int? = nil
                var j = i + 1
                while j < scalars.count {
                    let c = scalars[j]
                    if inString {
                        if c == "\\" { j += 1 } else if c == "\"" { inString = false }
                    } else if c == "\"" {
                        inString = true
                    } else if c == "]", j + 1 == scalars.count || scalars[j + 1] == "/" {
                        end = j
                        break
                    }
                    j += 1
                }
                guard let end else { throw JSONPointer.error(text, "has a key segment without its closing ']'", at: start) }
                result.append(try key(String(String.UnicodeScalarView(scalars[(i + 1)..<end])), text, at: start))
                i = end + 1
            } else {
                var token = ""
                if i + 1 < scalars.count, scalars[i] == "~", scalars[i + 1] == "[" {
                    token = "["
                    i += 2
                }
                while i < scalars.count, scalars[i] != "/" {
                    if scalars[i] == "~" {
                        guard i + 1 < scalars.count, scalars[i + 1] == "0" || scalars[i + 1] == "1" else {
                            throw JSONPointer.error(text, "'~' must be followed by '0' or '1'", at: i)
                        }
                        token += scalars[i + 1] == "0" ? "~" : "/"
                        i += 2
                    } else {
                        token.unicodeScalars.append(scalars[i])
                        i += 1
                    }
                }
                result.append(token == "*" ? .any : token == "**" ? .anyDepth : .name(token))
            }
            if i >= scalars.count { return result }
            i += 1  // the '/'
        }
    }

    /// The key segment whose text between `[` and `]` is `inner`.
    static func key(_ inner: String, _ text: String, at offset: Int) throws(JSONError) -> Segment {
        var name: String
        var rest: Substring
        if inner.hasPrefix("\"") {
            // The name is a JSON string: up to its closing quote.
            var escaped = false
            var close: String.Index? = nil
            var k = inner.index(after: inner.startIndex)
            while k < inner.endIndex {
                let c = inner[k]
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { close = k; break }
                k = inner.index(after: k)
            }
            guard let close, case .string(let n)? = try? JSONReader.parse(String(inner[...close])) else {
                throw JSONPointer.error(text, "has a key whose name is not a JSON string", at: offset)
            }
            name = n
            rest = inner[inner.index(after: close)...]
        } else {
            guard let eq = inner.firstIndex(of: "=") else {
                throw JSONPointer.error(text, "has a key segment without '=' (write [NAME=VALUE], or ~[ for a member name beginning with '[')", at: offset)
            }
            name = String(inner[..<eq])
            rest = inner[eq...]
        }
        guard !name.isEmpty, rest.first == "=" else {
            throw JSONPointer.error(text, "has a key segment that is not [NAME=VALUE]", at: offset)
        }
        guard let value = try? JSONReader.parse(String(rest.dropFirst())) else {
            throw JSONPointer.error(text, "has a key whose value is not JSON text (a string is written in quotes: [name=\"six\"])", at: offset)
        }
        return .key(name, value)
    }

    /// The patterns with a key segment `[NAME=VALUE]`, which only
    /// ``removing(from:)`` honours (a merge does not).
    public var keyedPatterns: [String] {
        patterns.indices.filter { compiled[$0].contains { if case .key = $0 { return true } else { return false } } }.map { patterns[$0] }
    }

    /// Whether some pattern tells array elements apart (an index or a key
    /// segment): stepping into an element then needs its index and content.
    package var tellsElementsApart: Bool {
        compiled.contains { $0.contains(where: \.tellsElementsApart) }
    }

    /// The patterns of `patterns` that ignore no member of any of
    /// `documents` (a typo, or a path the documents do not have); with
    /// `elements`, a pattern that ends at an array element matches it (a
    /// selection, `--only`, takes elements whole).
    public func unmatched(in documents: [JSONValue], elements: Bool = false) -> [String] {
        var found = Set<Int>()
        for document in documents { collectMatches(document, root, elements: elements, &found) }
        return patterns.indices.filter { !found.contains($0) }.map { patterns[$0] }
    }

    func collectMatches(_ value: JSONValue, _ state: State, elements selectable: Bool = false, _ found: inout Set<Int>) {
        if state.isDead || found.count == compiled.count { return }
        switch value {
        case .object(let object):
            for member in object.members {
                let (inner, ended) = step(state, member.key, element: nil, ends: true)
                if inner.matched { found.formUnion(ended); continue }
                collectMatches(member.value, inner, elements: selectable, &found)
            }
        case .array(let elements):
            for (i, e) in elements.enumerated() {
                if selectable {
                    let (inner, ended) = step(state, nil, element: (i, e), ends: true)
                    if inner.matched { found.formUnion(ended); continue }
                    collectMatches(e, inner, elements: selectable, &found)
                } else {
                    collectMatches(e, stepIntoElement(state, index: i, element: e), &found)
                }
            }
        default:
            return
        }
    }

    public static func == (a: IgnoredPaths, b: IgnoredPaths) -> Bool { a.compiled == b.compiled }
    public func hash(into hasher: inout Hasher) { hasher.combine(compiled) }

    /// Whether `a` and `b` are equal once their ignored members (below
    /// `state`) are left out.
    ///
    /// - Complexity: O(*n* · *p*), as ``removing(from:)``; plain equality
    ///   where no pattern reaches.
    package func isEqual(_ a: JSONValue, _ b: JSONValue, _ state: State) -> Bool {
        if state.isDead { return a == b }
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let index = y.count > 16 ? y.index() : nil
            var kept = 0
            for member in x.members {
                let inner = step(state, member: member.key)
                if inner.matched { continue }
                kept += 1
                let other: JSONValue?
                if let index { other = index[ExactString(member.key)].map { y.members[$0].value } } else { other = y[member.key] }
                guard let other, isEqual(member.value, other, inner) else { return false }
            }
            return kept == y.members.count(where: { !step(state, member: $0.key).matched })
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            if elementsDiffer(state) {
                for i in x.indices {
                    let (sx, sy) = (stepIntoElement(state, index: i, element: x[i]), stepIntoElement(state, index: i, element: y[i]))
                    if sx.positions == sy.positions ? !isEqual(x[i], y[i], sx) : removing(from: x[i], sx) != removing(from: y[i], sy) { return false }
                }
                return true
            }
            let inner = stepIntoElement(state)
            for i in x.indices where !isEqual(x[i], y[i], inner) { return false }
            return true
        default:
            return a == b
        }
    }

    /// `value` without its ignored members, at any depth (what both sides
    /// of a diff are compared as). Members keep their order and their
    /// positions in the source text.
    ///
    /// - Complexity: O(*n* · *p*) for a value of *n* members and elements
    ///   and *p* pattern positions alive along the way; a subtree no
    ///   pattern reaches is kept as it is.
    public func removing(from value: JSONValue) -> JSONValue {
        isEmpty ? value : removing(from: value, root)
    }

    package func removing(from value: JSONValue, _ state: State) -> JSONValue {
        if state.isDead { return value }
        switch value {
        case .object(let object):
            var result = JSONObject()
            result.members.reserveCapacity(object.members.count)
            for member in object.members {
                let inner = step(state, member: member.key)
                if inner.matched { continue }
                result.members.append(JSONObject.Member(key: member.key, value: removing(from: member.value, inner), keyOffset: member.keyOffset))
            }
            return .object(result)
        case .array(let elements):
            if elementsDiffer(state) {
                return .array(elements.enumerated().map { removing(from: $1, stepIntoElement(state, index: $0, element: $1)) })
            }
            let inner = stepIntoElement(state)
            if inner.isDead { return value }
            return .array(elements.map { removing(from: $0, inner) })
        default:
            return value
        }
    }
    /// `value` with only what the patterns name, read as a selection
    /// (`--only`): each member or element a pattern ends at, whole, and the
    /// objects and arrays on the way to them, holding nothing else. What
    /// no pattern reaches is left out; a document none reaches keeps only
    /// its root's kind (`{}`, `[]`) or becomes `null`.
    ///
    /// - Complexity: O(*n* · *p*), as ``removing(from:)``, over the parts
    ///   some pattern reaches.
    public func keeping(in value: JSONValue) -> JSONValue {
        if isEmpty { return value }
        if let kept = keeping(in: value, root) { return kept }
        switch value {
        case .object: return .object(JSONObject())
        case .array: return .array([])
        default: return .null
        }
    }

    /// `value` (at `state`) with only what the patterns name; `nil` when
    /// nothing in it is named.
    package func keeping(in value: JSONValue, _ state: State) -> JSONValue? {
        if state.matched { return value }
        if state.isDead { return nil }
        switch value {
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                guard let kept = keeping(in: member.value, step(state, member: member.key)) else { continue }
                result.members.append(JSONObject.Member(key: member.key, value: kept, keyOffset: member.keyOffset))
            }
            return result.members.isEmpty ? nil : .object(result)
        case .array(let elements):
            // A pattern may end at an element (`/items/*`): it is kept whole.
            let kept = elements.enumerated().compactMap { i, e in keeping(in: e, step(state, nil, element: (i, e), ends: false).0) }
            return kept.isEmpty ? nil : .array(kept)
        default:
            return nil
        }
    }
}
