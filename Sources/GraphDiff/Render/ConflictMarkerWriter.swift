import GraphJSON

/// Writes a merge result in canonical form with git-style conflict markers
/// around exactly the members that conflict:
///
///     {
///       "age": 23,
///     <<<<<<< mine
///       "name": "Joe",
///     ||||||| base
///       "name": "Jo",
///     =======
///       "name": "Joseph",
///     >>>>>>> theirs
///       "zip": null
///     }
///
/// Each side's version is that side's member as its canonical line(s); a
/// side without the member has no line. A conflict inside an array marks the
/// member that holds the array. Everything outside the markers is the merged
/// document, so once the markers are resolved (one version kept per block)
/// the file is the canonical merged file again.
public enum ConflictMarkerWriter {
    /// Marker length and labels (git's `%L`, and the labels after the markers).
    public struct Markers: Sendable {
        public var size: Int
        public var mine: String
        public var base: String
        public var theirs: String

        public init(size: Int = 7, mine: String = "mine", base: String = "base", theirs: String = "theirs") {
            self.size = size
            self.mine = mine
            self.base = base
            self.theirs = theirs
        }
    }

    /// The conflicts that are shown with markers: those two sides made
    /// differently. Resolved ones, moves (the member stays where it was) and
    /// references to deleted objects (the object is kept) are listed only.
    public static func marked(_ conflicts: [MergeConflict]) -> [MergeConflict] {
        conflicts.filter { $0.resolvedBy == nil && $0.kind != .moveMove && $0.kind != .deletedReference }
    }

    /// The text of `result` with markers for `conflicts`; `base`, `mine` and
    /// `theirs` are the three inputs as documents (the canonical encodings
    /// of graphs).
    public static func write(result: JSONValue, base: JSONValue, mine: JSONValue, theirs: JSONValue,
                             conflicts: [MergeConflict], markers: Markers = Markers()) -> [UInt8] {
        // Lift each conflict to the member that holds it, outermost first.
        var paths: [JSONPointer] = []
        for c in marked(conflicts) {
            var tokens: [String] = []
            var current = result
            for token in c.path.tokens {
                guard case .object(let o) = current, let next = o[token] else { break }
                tokens.append(token)
                current = next
                if case .object = next { continue }
                break
            }
            paths.append(JSONPointer(tokens))
        }
        paths.sort { $0.tokens.count < $1.tokens.count }
        var kept: [JSONPointer] = []
        for p in paths where !kept.contains(where: { p.hasPrefix($0) }) { kept.append(p) }
        var emitter = Emitter(base: base, mine: mine, theirs: theirs, paths: Set(kept), markers: markers)
        if kept.contains(JSONPointer()) {
            emitter.block(key: nil, path: JSONPointer(), level: 0, comma: false)
        } else {
            emitter.value(result, path: JSONPointer(), level: 0)
            emitter.out.append(ASCII_newline)
        }
        return emitter.out
    }

    struct Emitter {
        let base: JSONValue, mine: JSONValue, theirs: JSONValue
        let paths: Set<JSONPointer>
        let markers: Markers
        var out: [UInt8] = []

        /// For every pointer that is a marked path or lies above one: the
        /// names of its members that are, or hold, a marked path.
        let marked: [JSONPointer: Set<ExactString>]
        /// Writes the members without conflicts; its output is moved to `out`.
        var plain = JSONWriter(style: .canonical)

        init(base: JSONValue, mine: JSONValue, theirs: JSONValue, paths: Set<JSONPointer>, markers: Markers) {
            self.base = base
            self.mine = mine
            self.theirs = theirs
            self.paths = paths
            self.markers = markers
            var marked: [JSONPointer: Set<ExactString>] = [:]
            for p in paths {
                marked[p, default: []].formUnion([])
                for n in 0..<p.tokens.count { marked[JSONPointer(Array(p.tokens.prefix(n))), default: []].insert(ExactString(p.tokens[n])) }
            }
            self.marked = marked
        }

        /// Whether a marked path is `path` or lies inside it: O(1).
        func hasConflict(below path: JSONPointer) -> Bool { marked[path] != nil }

        mutating func value(_ v: JSONValue, path: JSONPointer, level: Int) {
            guard case .object(let o) = v, !o.isEmpty, let below = marked[path] else {
                var writer = JSONWriter(style: .canonical)
                writer.level = level
                writer.write(v)
                out += writer.output
                return
            }
            out += Array("{\n".utf8)
            let members = o.sortedMembers
            for (i, m) in members.enumerated() {
                let comma = i + 1 < members.count
                guard below.contains(ExactString(m.key)) else {
                    // No conflict inside: written as is, without a pointer.
                    indent(level + 1)
                    plain.level = level + 1
                    plain.writeString(m.key)
                    plain.appendASCII(": ")
                    plain.write(m.value)
                    if comma { plain.output.append(UInt8(ascii: ",")) }
                    plain.output.append(ASCII_newline)
                    out += plain.output
                    plain.output.removeAll(keepingCapacity: true)
                    continue
                }
                let p = path.appending(m.key)
                if paths.contains(p) {
                    block(key: m.key, path: p, level: level + 1, comma: comma)
                } else {
                    memberLine(m.key, m.value, path: p, level: level + 1, comma: comma)
                }
            }
            indent(level)
            out += Array("}".utf8)
        }

        mutating func memberLine(_ key: String, _ v: JSONValue, path: JSONPointer, level: Int, comma: Bool) {
            indent(level)
            var writer = JSONWriter(style: .canonical)
            writer.writeString(key)
            out += writer.output
            out += Array(": ".utf8)
            value(v, path: path, level: level)
            if comma { out.append(UInt8(ascii: ",")) }
            out.append(ASCII_newline)
        }

        /// The three versions of the member at `path` between markers.
        mutating func block(key: String?, path: JSONPointer, level: Int, comma: Bool) {
            func version(_ document: JSONValue) -> JSONValue? { try? JSONPatch.value(at: path.tokens[...], in: document) }
            let sides: [(String, String, JSONValue?)] = [
                (String(repeating: "<", count: markers.size), markers.mine, version(mine)),
                (String(repeating: "|", count: markers.size), markers.base, version(base)),
                (String(repeating: "=", count: markers.size), "", version(theirs)),
            ]
            for (marker, label, v) in sides {
                out += Array((label.isEmpty ? marker : marker + " " + label).utf8)
                out.append(ASCII_newline)
                guard let v else { continue }
                if let key {
                    memberLine(key, v, path: path, level: level, comma: comma)
                } else {
                    out += JSONWriter.canonical(v)
                }
            }
            out += Array((String(repeating: ">", count: markers.size) + " " + markers.theirs).utf8)
            out.append(ASCII_newline)
        }

        mutating func indent(_ level: Int) {
            out += [UInt8](repeating: UInt8(ascii: " "), count: 2 * level)
        }
    }

    static let ASCII_newline: UInt8 = 0x0A
}
