
/// Paths of a JSON document whose differences do not count: JSON Pointer
/// patterns (RFC 6901 spelling and escapes) in which a segment `*` matches
/// any one member name or array element and `**` matches any number of
/// segments, none included.
///
///     let ignored = try IgnoredPaths(["/metadata/lastSync", "/items/*/updatedAt", "/**/etag"])
///     ignored.removing(from: try JSONReader.parse(#"{"items": [{"id": 1, "updatedAt": "x"}]}"#))
///     // {"items": [{"id": 1}]}
///
/// A pattern names object members: array elements are never ignored
/// themselves (an element added, removed or moved always counts, as an
/// object of a graph does), and inside an array only `*` and `**` match (a
/// position names no element for long once elements are added or removed),
/// so `/items/0` ignores nothing in an array and names only a member `"0"`
/// of an object. A member literally named `*` or `**` cannot be named. To
/// ignore a whole array, name the member that holds it (`/items`).
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
            let pointer = try JSONPointer(parsing: text)
            compiled.append(pointer.tokens.map { $0 == "*" ? .any : $0 == "**" ? .anyDepth : .name($0) })
        }
        self.patterns = patterns
        self.compiled = compiled
    }

    /// Whether no path is ignored.
    public var isEmpty: Bool { compiled.isEmpty }

    public static func == (a: IgnoredPaths, b: IgnoredPaths) -> Bool { a.compiled == b.compiled }
    public func hash(into hasher: inout Hasher) { hasher.combine(compiled) }

    /// Where a walk of a document stands in every pattern: the set of
    /// (pattern, segment) positions still alive, and whether a pattern
    /// ended exactly here.
    package struct State: Sendable {
        /// Live positions, as `pattern << 32 | segment`, sorted and unique.
        var positions: [Int]
        /// A pattern ends at this path: the member here is ignored.
        package var matched: Bool

        /// No pattern can match here or below.
        package var isDead: Bool { positions.isEmpty }
    }

    /// The state at the root of a document.
    package var root: State {
        var positions: [Int] = []
        for p in compiled.indices { close(p, 0, into: &positions) }
        return normalized(positions)
    }

    /// Adds the position (`pattern`, `segment`) and, across `**` (which may
    /// match no segment), the positions after it.
    func close(_ pattern: Int, _ segment: Int, into positions: inout [Int]) {
        var s = segment
        while true {
            positions.append(pattern << 32 | s)
            guard s < compiled[pattern].count, compiled[pattern][s] == .anyDepth else { return }
            s += 1
        }
    }

    func normalized(_ raw: [Int]) -> State {
        var positions = raw
        positions.sort()
        var unique: [Int] = []
        unique.reserveCapacity(positions.count)
        var matched = false
        for p in positions where unique.last != p {
            unique.append(p)
            if p & 0xFFFF_FFFF == compiled[p >> 32].count { matched = true }
        }
        // Positions at a pattern's end go no further, but they say `matched`.
        return State(positions: unique.filter { $0 & 0xFFFF_FFFF < compiled[$0 >> 32].count }, matched: matched)
    }

    /// The state one level down, at the member `name` of an object.
    package func step(_ state: State, member name: String) -> State { step(state, name) }

    /// The state one level down, at any element of an array (never
    /// `matched`: elements are not ignored).
    package func stepIntoElement(_ state: State) -> State {
        var next = step(state, nil)
        next.matched = false
        return next
    }

    func step(_ state: State, _ name: String?) -> State {
        if state.isDead { return state }
        var next: [Int] = []
        for position in state.positions {
            let p = position >> 32, s = position & 0xFFFF_FFFF
            switch compiled[p][s] {
            case .anyDepth:
                close(p, s, into: &next)
            case .any:
                close(p, s + 1, into: &next)
            case .name(let n):
                if let name, utf8Equal(n, name) { close(p, s + 1, into: &next) }
            }
        }
        return normalized(next)
    }

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
            let inner = stepIntoElement(state)
            if inner.isDead { return value }
            return .array(elements.map { removing(from: $0, inner) })
        default:
            return value
        }
    }
}
