import GraphDiffJSON

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
/// or elements: an object member whose members both sides have is opened
/// and only its differing members are marked, and an array both sides
/// write one element per line is opened too: its elements are aligned
/// with the base's (diff3: the base's elements both sides kept are the
/// fixed points), alike elements are written once, a stretch whose
/// elements pair up one to one is marked element by element (opening each),
/// and any other stretch is one block. So:
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
/// too. For graphs the base's lines quote the `--conflicts report` result
/// exactly (a place where it differs from the two resolutions is a block
/// even where they agree), so keeping the base's lines everywhere gives
/// that valid graph. One conflict may give several blocks (one per object it touches);
/// keep the same side in all of them for a valid graph.
public enum ConflictMarkerWriter {
    /// Marker length and labels (``ConflictMarkers``, a Merge type: the
    /// line merge writes markers too).
    public typealias Markers = ConflictMarkers

    /// The text of a merge whose conflicts are resolved as `mine` (the
    /// `--prefer mine` result) in one way and as `theirs` in the other, with
    /// markers where they differ.
    ///
    /// - Parameters:
    ///   - mine: the result with every conflict resolved for mine.
    ///   - theirs: the result with every conflict resolved for theirs.
    ///   - base: the common ancestor, quoted in each block (`nil`: none);
    ///     or, with `baseIsResult`, the merged document that keeps the
    ///     conflicts open (`--conflicts report`).
    ///   - baseIsResult: `base` is that merged document: it is quoted
    ///     exactly, so keeping the base's lines in every block gives it,
    ///     and a place where it differs from both resolutions (which agree
    ///     there) is a block too. Arrays are then not opened.
    ///   - style: the layout: canonical for graphs; for plain JSON members
    ///     in their order, indented as mine's file is.
    /// - Returns: the text; without markers when the two are the same.
    /// - Complexity: O(*n* log *n*) in the size of the documents.
    public static func write(mine: JSONValue, theirs: JSONValue, base: JSONValue?, baseIsResult: Bool = false, style: JSONWriter.Style = .canonical,
                             markers: Markers = Markers()) -> [UInt8] {
        var emitter = Emitter(markers: markers, style: style, baseIsResult: baseIsResult)
        emitter.entry(key: nil, mine, theirs, base, commaMine: false, commaTheirs: false, level: 0)
        emitter.flush()
        return emitter.out
    }

    struct Emitter {
        let markers: Markers
        let style: JSONWriter.Style
        var sortKeys: Bool { style.sortKeys }
        var out: [UInt8] = []
        /// Where the text goes a piece at a time, when it is handed over as
        /// it is made (a graph merge's markers:
        /// ``ConflictMarkerWriter/deliverText(mine:theirs:base:markers:to:)``);
        /// `nil`: the whole text is `out`.
        var deliver: (([UInt8]) -> Bool)?
        /// Whether a delivery said stop: nothing more is handed over.
        var stopped = false
        /// The lines of the block being gathered: mine's, the base's, theirs'.
        var pendingMine: [UInt8] = [], pendingBase: [UInt8] = [], pendingTheirs: [UInt8] = []
        var pending = false
        /// The base given is the merged result that keeps conflicts open,
        /// quoted exactly (see ``ConflictMarkerWriter/write(mine:theirs:base:baseIsResult:style:markers:)``).
        let baseIsResult: Bool

        init(markers: Markers, style: JSONWriter.Style, baseIsResult: Bool = false) {
            self.markers = markers
            self.style = style
            self.baseIsResult = baseIsResult
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

        /// A member (or an array element, `key == nil`) as each resolution
        /// has it (`nil`: absent), followed by a comma in each where more
        /// members follow; the base's lines take `commaBase` (by default a
        /// comma where either side has one), the comma of the text that
        /// keeps the base's lines in every block.
        mutating func entry(key: String?, _ m: JSONValue?, _ t: JSONValue?, _ b: JSONValue?, commaMine: Bool, commaTheirs: Bool,
                            commaBase: Bool? = nil, level: Int) {
            let commaBase = commaBase ?? (commaMine || commaTheirs)
            if let m, let t, same(m, t), commaMine == commaTheirs, commaBase == commaMine, !baseIsResult || (b.map { same($0, m) } ?? false) {
                common(lines(key, m, level: level, comma: commaMine))
                return
            }
            if let m, let t, opens(m, t, b) {
                // Both write it on several lines: open it, and mark only what differs.
                var head = indentation(level)
                if let key {
                    var w = JSONWriter(style: style)
                    w.writeString(key)
                    head += w.output + Array(": ".utf8)
                }
                let isObject = m.objectValue != nil
                common(head + [UInt8(ascii: isObject ? "{" : "["), UInt8(ascii: "\n")])
                if let mo = m.objectValue, let to = t.objectValue {
                    members(aligned(mo, to, b?.objectValue) ?? [], level: level + 1)
                } else if let ma = m.arrayValue, let ta = t.arrayValue {
                    elements(ma, ta, b?.arrayValue ?? [], level: level + 1)
                }
                let close = indentation(level) + [UInt8(ascii: isObject ? "}" : "]")]
                func closing(_ comma: Bool) -> [UInt8] { close + (comma ? [UInt8(ascii: ","), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]) }
                if commaMine == commaTheirs && commaBase == commaMine {
                    common(closing(commaMine))
                } else {
                    block(mine: closing(commaMine), base: closing(commaBase), theirs: closing(commaTheirs))
                }
                return
            }
            // The base's lines hold what the merge keeps here while its
            // conflicts stay open (`--conflicts report`): alike on both
            // sides but for the comma, that value; mine's where the base
            // had none (``members(_:level:)`` gives mine's as the base);
            // else the base's, with the changes both resolutions share (the
            // two resolutions merged against the base, conflicts kept at
            // the base).
            var baseValue = b
            if let m, let t, !baseIsResult {
                if same(m, t) {
                    baseValue = m
                } else if let b, !b.isIdentical(to: m), (b.objectValue != nil && m.objectValue != nil && t.objectValue != nil)
                            || (b.arrayValue != nil && m.arrayValue != nil && t.arrayValue != nil) {
                    baseValue = JSONMerge.merge(base: b, mine: m, theirs: t).value
                }
            }
            block(mine: m.map { lines(key, $0, level: level, comma: commaMine) } ?? [],
                  base: baseValue.map { lines(key, $0, level: level, comma: commaBase) } ?? [],
                  theirs: t.map { lines(key, $0, level: level, comma: commaTheirs) } ?? [])
        }

        /// Whether ``entry(key:_:_:_:commaMine:commaTheirs:commaBase:level:)``
        /// opens the two values: objects with members, in orders that agree;
        /// arrays both written one element per line; in either case only
        /// where the base has a value of the same kind, so that the base's
        /// lines of every block are the base's version of what it covers
        /// (otherwise the whole values are one block).
        func opens(_ m: JSONValue, _ t: JSONValue, _ b: JSONValue?) -> Bool {
            if let mo = m.objectValue, let to = t.objectValue {
                return b?.objectValue != nil && !mo.isEmpty && !to.isEmpty && aligned(mo, to, nil) != nil
            }
            if style.pretty, !baseIsResult, let ma = m.arrayValue, let ta = t.arrayValue {
                return b?.arrayValue != nil && JSONWriter.breaksLines(ma) && JSONWriter.breaksLines(ta)
            }
            return false
        }

        /// Whether an entry is in the text that keeps the base's lines in
        /// every block: alike on both sides (written once, or in a block
        /// whose base lines hold it), or the base has it (opened, or in a
        /// block with the base's value).
        func inBaseText(_ m: JSONValue?, _ t: JSONValue?, _ b: JSONValue?, commaMine: Bool, commaTheirs: Bool, commaBase: Bool) -> Bool {
            if baseIsResult { return b != nil }
            if let m, let t, same(m, t) { return true }
            return b != nil
        }

        /// The members of an opened object, each with its comma in mine's
        /// text, theirs', and the base-kept text.
        mutating func members(_ entries: [Entry], level: Int) {
            // A member both sides have and the base lacks: the merge keeps
            // mine's while it conflicts, and so do the base's lines.
            let entries = baseIsResult ? entries
                : entries.map { e in e.base == nil && e.theirs != nil ? Entry(key: e.key, mine: e.mine, theirs: e.theirs, base: e.mine) : e }
            var followsMine = false, followsTheirs = false, followsBase = false
            var commas = [(mine: Bool, theirs: Bool, base: Bool)](repeating: (false, false, false), count: entries.count)
            for (i, e) in entries.enumerated().reversed() {
                commas[i] = (followsMine, followsTheirs, followsBase)
                if e.mine != nil { followsMine = true }
                if e.theirs != nil { followsTheirs = true }
                if inBaseText(e.mine, e.theirs, e.base, commaMine: commas[i].mine, commaTheirs: commas[i].theirs, commaBase: commas[i].base) {
                    followsBase = true
                }
            }
            for (i, e) in entries.enumerated() {
                entry(key: e.key, e.mine, e.theirs, e.base, commaMine: commas[i].mine, commaTheirs: commas[i].theirs, commaBase: commas[i].base,
                      level: level)
            }
        }
    }
}
