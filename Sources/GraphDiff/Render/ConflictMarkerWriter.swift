
/// Writes a merge with open conflicts as one file with git-style conflict
/// markers, built from the two ways of resolving every conflict: the result
/// under `--prefer mine` and the result under `--prefer theirs`.
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
/// What both resolutions share is written once; where they differ, a block
/// holds mine's lines, the base's, and theirs'. A block covers whole members
/// (an object member whose members both sides have is opened and only its
/// differing members are marked), so:
/// - keeping mine's lines in every block gives exactly the text of the
///   `--prefer mine` result, and keeping theirs' gives the `--prefer theirs`
///   result (the **marker law**);
/// - any mix of choices is valid JSON: a member's trailing comma depends only
///   on what follows it, and a block's neighbours are lines both sides share,
///   so a block whose choice moves a comma takes its neighbour in (adjacent
///   blocks are one block).
///
/// Everything that depends on a conflict's choice is inside markers: for a
/// chain, the `prev`/`next` lines of the members around a conflicting move
/// too. One conflict may give several blocks (one per object it touches);
/// keep the same side in all of them for a valid graph.
public enum ConflictMarkerWriter {
    /// Marker length and labels (git's `%L`, and the labels after the markers).
    public struct Markers: Sendable {
        /// The length of each marker (git's `%L`), 7 by default.
        public var size: Int
        /// The label after `<<<<<<<`: mine's side.
        public var mine: String
        /// The label after `|||||||`: the base.
        public var base: String
        /// The label after `>>>>>>>`: theirs' side.
        public var theirs: String

        /// Markers of `size` characters with these labels.
        public init(size: Int = 7, mine: String = "mine", base: String = "base", theirs: String = "theirs") {
            self.size = size
            self.mine = mine
            self.base = base
            self.theirs = theirs
        }
    }

    /// The text of a merge whose conflicts are resolved as `mine` (the
    /// `--prefer mine` result) in one way and as `theirs` in the other, with
    /// markers where they differ.
    ///
    /// - Parameters:
    ///   - mine: the result with every conflict resolved for mine.
    ///   - theirs: the result with every conflict resolved for theirs.
    ///   - base: the common ancestor, quoted in each block (`nil`: none).
    ///   - style: the layout: canonical for graphs; for plain JSON members
    ///     in their order, indented as mine's file is.
    /// - Returns: the text; without markers when the two are the same.
    /// - Complexity: O(*n* log *n*) in the size of the documents.
    public static func write(mine: JSONValue, theirs: JSONValue, base: JSONValue?, style: JSONWriter.Style = .canonical,
                             markers: Markers = Markers()) -> [UInt8] {
        var emitter = Emitter(markers: markers, style: style)
        emitter.entry(key: nil, mine, theirs, base, commaMine: false, commaTheirs: false, level: 0)
        emitter.flush()
        return emitter.out
    }

    struct Emitter {
        let markers: Markers
        let style: JSONWriter.Style
        var sortKeys: Bool { style.sortKeys }
        var out: [UInt8] = []
        /// The lines of the block being gathered: mine's, the base's, theirs'.
        var pendingMine: [UInt8] = [], pendingBase: [UInt8] = [], pendingTheirs: [UInt8] = []
        var pending = false

        init(markers: Markers, style: JSONWriter.Style) {
            self.markers = markers
            self.style = style
        }

        /// The indentation of `level`.
        func indentation(_ level: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<level { bytes += style.indent }
            return bytes
        }

        /// Whether the two values are written alike.
        func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
            guard a.isIdentical(to: b) else { return false }
            return sortKeys || JSONWriter.write(a, style: .compact) == JSONWriter.write(b, style: .compact)
        }

        /// One member (or the document, `key == nil`) as its lines.
        func lines(_ key: String?, _ value: JSONValue, level: Int, comma: Bool) -> [UInt8] {
            var w = JSONWriter(style: style)
            w.output = indentation(level)
            w.level = level
            if let key {
                w.writeString(key)
                w.appendASCII(": ")
            }
            w.write(value)
            if comma { w.output.append(UInt8(ascii: ",")) }
            w.output.append(UInt8(ascii: "\n"))
            return w.output
        }

        mutating func common(_ bytes: [UInt8]) {
            flush()
            out += bytes
        }

        mutating func block(mine: [UInt8], base: [UInt8], theirs: [UInt8]) {
            pendingMine += mine
            pendingBase += base
            pendingTheirs += theirs
            pending = true
        }

        mutating func flush() {
            guard pending else { return }
            func marker(_ c: Character, _ label: String) -> [UInt8] {
                Array((String(repeating: c, count: markers.size) + (label.isEmpty ? "" : " " + label) + "\n").utf8)
            }
            out += marker("<", markers.mine) + pendingMine + marker("|", markers.base) + pendingBase
                + marker("=", "") + pendingTheirs + marker(">", markers.theirs)
            pendingMine.removeAll(keepingCapacity: true)
            pendingBase.removeAll(keepingCapacity: true)
            pendingTheirs.removeAll(keepingCapacity: true)
            pending = false
        }

        /// A member as each resolution has it (`nil`: absent), followed by
        /// a comma in each where more members follow.
        mutating func entry(key: String?, _ m: JSONValue?, _ t: JSONValue?, _ b: JSONValue?, commaMine: Bool, commaTheirs: Bool, level: Int) {
            if let m, let t, same(m, t), commaMine == commaTheirs {
                common(lines(key, m, level: level, comma: commaMine))
                return
            }
            if let mo = m?.objectValue, let to = t?.objectValue, !mo.isEmpty, !to.isEmpty, let entries = aligned(mo, to, b?.objectValue) {
                // Both have members: open it, and mark only what differs.
                var head = indentation(level)
                if let key {
                    var w = JSONWriter(style: style)
                    w.writeString(key)
                    head += w.output + Array(": ".utf8)
                }
                common(head + [UInt8(ascii: "{"), UInt8(ascii: "\n")])
                var followsMine = false, followsTheirs = false
                var commas = [(Bool, Bool)](repeating: (false, false), count: entries.count)
                for i in entries.indices.reversed() {
                    commas[i] = (followsMine, followsTheirs)
                    if entries[i].mine != nil { followsMine = true }
                    if entries[i].theirs != nil { followsTheirs = true }
                }
                for (i, e) in entries.enumerated() {
                    entry(key: e.key, e.mine, e.theirs, e.base, commaMine: commas[i].0, commaTheirs: commas[i].1, level: level + 1)
                }
                let close = indentation(level) + [UInt8(ascii: "}")]
                func closing(_ comma: Bool) -> [UInt8] { close + (comma ? [UInt8(ascii: ","), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]) }
                if commaMine == commaTheirs {
                    common(closing(commaMine))
                } else {
                    block(mine: closing(commaMine), base: closing(commaMine || commaTheirs), theirs: closing(commaTheirs))
                }
                return
            }
            block(mine: m.map { lines(key, $0, level: level, comma: commaMine) } ?? [],
                  base: b.map { lines(key, $0, level: level, comma: commaMine || commaTheirs) } ?? [],
                  theirs: t.map { lines(key, $0, level: level, comma: commaTheirs) } ?? [])
        }

        struct Entry {
            let key: String
            let mine: JSONValue?, theirs: JSONValue?, base: JSONValue?
        }

        /// The members of both objects in the order the text lists them:
        /// by name (graphs); or mine's order with theirs' own members after
        /// the member they follow there (`nil` when the two orders of the
        /// shared members disagree: the whole object is then one block).
        func aligned(_ m: JSONObject, _ t: JSONObject, _ b: JSONObject?) -> [Entry]? {
            if sortKeys {
                // Three sorted member lists, joined in one pass.
                let ms = m.sortedMembers, ts = t.sortedMembers, bs = b?.sortedMembers ?? []
                var k = 0
                /// The base's value of `key`; keys are asked in increasing order.
                func baseValue(_ key: String) -> JSONValue? {
                    while k < bs.count && utf8Less(bs[k].key, key) { k += 1 }
                    return k < bs.count && utf8Equal(bs[k].key, key) ? bs[k].value : .none
                }
                var entries: [Entry] = []
                entries.reserveCapacity(max(ms.count, ts.count))
                var i = 0, j = 0
                while i < ms.count || j < ts.count {
                    if j == ts.count || (i < ms.count && utf8Less(ms[i].key, ts[j].key)) {
                        entries.append(Entry(key: ms[i].key, mine: ms[i].value, theirs: nil, base: baseValue(ms[i].key)))
                        i += 1
                    } else if i == ms.count || utf8Less(ts[j].key, ms[i].key) {
                        entries.append(Entry(key: ts[j].key, mine: nil, theirs: ts[j].value, base: baseValue(ts[j].key)))
                        j += 1
                    } else {
                        entries.append(Entry(key: ms[i].key, mine: ms[i].value, theirs: ts[j].value, base: baseValue(ms[i].key)))
                        i += 1
                        j += 1
                    }
                }
                return entries
            }
            let baseIndex = b?.index()
            func baseValue(_ key: String) -> JSONValue? {
                guard let b, let i = baseIndex?[ExactString(key)] else { return nil }
                return b.members[i].value
            }
            let mi = m.index(), ti = t.index()
            // The shared members must come in one order on both sides.
            let sharedMine = m.members.filter { ti[ExactString($0.key)] != nil }.map { ExactString($0.key) }
            let sharedTheirs = t.members.filter { mi[ExactString($0.key)] != nil }.map { ExactString($0.key) }
            guard sharedMine == sharedTheirs else { return nil }
            var entries: [Entry] = []
            var j = 0
            func theirsOnlyUpTo(_ stop: ExactString?) -> [Entry] {
                var run: [Entry] = []
                while j < t.members.count {
                    let member = t.members[j]
                    let k = ExactString(member.key)
                    if k == stop { j += 1; break }
                    if mi[k] == nil { run.append(Entry(key: member.key, mine: nil, theirs: member.value, base: baseValue(member.key))) }
                    j += 1
                }
                return run
            }
            for member in m.members {
                let k = ExactString(member.key)
                if let tj = ti[k] {
                    entries += theirsOnlyUpTo(k)
                    entries.append(Entry(key: member.key, mine: member.value, theirs: t.members[tj].value, base: baseValue(member.key)))
                } else {
                    entries.append(Entry(key: member.key, mine: member.value, theirs: nil, base: baseValue(member.key)))
                }
            }
            entries += theirsOnlyUpTo(nil)
            return entries
        }
    }
}
