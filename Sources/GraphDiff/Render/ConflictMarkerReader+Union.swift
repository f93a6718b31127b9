import GraphDiffJSON

/// `resolve --union` on a file with markers outside a git merge: the union
/// of each block's three parts where they are lists of array elements, or
/// members whose values are arrays.
extension ConflictMarkerReader {
    /// `text` with each block in `selected` (every block when `nil`) whose
    /// parts are runs of array elements, or of members whose differing
    /// values are arrays, replaced by their union
    /// (``MergeDecisions/union(_:_:_:)``: the base's part as the base,
    /// an empty part as an empty run), written in `style` at the block's
    /// indentation; and the indices of the blocks left as they were.
    ///
    /// - Throws: ``MarkerError`` as ``sides(of:size:)`` does.
    /// - Complexity: O(*n*) in the length of the text, plus the unions.
    public static func union(of text: [UInt8], size: Int = 7, blocks selected: Set<Int>?, style: JSONWriter.Style) throws(MarkerError)
        -> (text: [UInt8], left: [Int]) {
        var out: [UInt8] = [], raw: [UInt8] = []
        var parts: [Part: [UInt8]] = [:]
        var markerLines: [UInt8: [UInt8]] = [:]
        var left: [Int] = []
        _ = try walk(text, size: size) { slice, part, block, marker, _ in
            if part == .outside && marker == nil {
                out += slice
                return
            }
            raw += slice
            if let marker { markerLines[marker] = Array(slice) } else { parts[part, default: []] += slice }
            guard marker == UInt8(ascii: ">") else { return }
            // The block is complete.
            if selected?.contains(block) ?? true,
               let merged = unionOfParts(parts[.mine] ?? [], parts[.base] ?? [], parts[.theirs] ?? [], style: style, markers: markerLines) {
                out += merged.text
                if merged.marked { left.append(block) }
            } else {
                out += raw
                left.append(block)
            }
            raw = []
            parts = [:]
            markerLines = [:]
        }
        return (out, left)
    }

    /// The union of one block's parts, or `nil` when they are not runs of
    /// elements or members. A member whose sides differ in a value that is
    /// not an array stays marked, in a smaller block (`marked`), with the
    /// block's own marker lines (`markers`, by marker character).
    static func unionOfParts(_ m: [UInt8], _ b: [UInt8], _ t: [UInt8], style: JSONWriter.Style,
                             markers: [UInt8: [UInt8]]) -> (text: [UInt8], marked: Bool)? {
        func trimmed(_ part: [UInt8]) -> [UInt8] {
            var s = part[...]
            while let c = s.last, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { s = s.dropLast() }
            if s.last == UInt8(ascii: ",") { s = s.dropLast() }
            return Array(s)
        }
        func parse(_ part: [UInt8], _ open: UInt8, _ close: UInt8) -> JSONValue? {
            try? JSONReader.parse([open] + trimmed(part) + [close])
        }
        let nonEmpty = [m, b, t].filter { !trimmed($0).allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }
        guard let first = nonEmpty.first else { return nil }
        // Layout: the first line's indentation, the line end, and a comma
        // after the last item as mine's part has one (else theirs').
        let indentation = Array(first.prefix { $0 == 0x20 || $0 == 0x09 })
        let lineEnd: [UInt8] = first.contains(0x0D) ? [0x0D, 0x0A] : [0x0A]
        let commaAfter = trimmed(m).isEmpty ? t.reversed().first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == UInt8(ascii: ",")
            : m.reversed().first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == UInt8(ascii: ",")
        var unit = style
        unit.indent = indentation.first == 0x09 ? [0x09] : style.indent
        let level = unit.indent.isEmpty ? 0 : indentation.count / unit.indent.count
        func written(_ key: String?, _ value: JSONValue) -> [UInt8] {
            var w = JSONWriter(style: unit)
            w.output = indentation
            w.level = level
            if let key {
                w.writeString(key)
                w.appendASCII(": ")
            }
            w.write(value)
            return w.output
        }
        /// One item: written once, or still differing (each side's lines, `nil`: absent there).
        enum Item {
            case plain([UInt8])
            case differing(mine: [UInt8]?, base: [UInt8]?, theirs: [UInt8]?)
        }
        var items: [Item] = []
        if let ea = parse(m, 0x5B, 0x5D)?.arrayValue, let eb = parse(b, 0x5B, 0x5D)?.arrayValue, let et = parse(t, 0x5B, 0x5D)?.arrayValue {
            guard let u = MergeDecisions.union(.array(eb), .array(ea), .array(et))?.arrayValue else { return nil }
            items = u.map { .plain(written(nil, $0)) }
        } else if let om = parse(m, 0x7B, 0x7D)?.objectValue, let ob = parse(b, 0x7B, 0x7D)?.objectValue, let ot = parse(t, 0x7B, 0x7D)?.objectValue {
            var keys: [String] = []
            var seen = Set<ExactString>()
            for k in om.members.map(\.key) + ot.members.map(\.key) where seen.insert(ExactString(k)).inserted { keys.append(k) }
            for k in keys {
                let (vm, vb, vt) = (om[k], ob[k], ot[k])
                if let vm, let vt, vm == vt {
                    items.append(.plain(written(k, vm)))
                } else if let u = MergeDecisions.union(vb, vm, vt) {
                    items.append(.plain(written(k, u)))
                } else {
                    items.append(.differing(mine: vm.map { written(k, $0) }, base: vb.map { written(k, $0) }, theirs: vt.map { written(k, $0) }))
                }
            }
        } else {
            return nil
        }
        // Each side's comma: after every item it holds but its last, unless
        // the block's own text went on with one.
        func lastIndex(_ holds: (Item) -> Bool) -> Int { items.lastIndex(where: holds) ?? -1 }
        let lastMine = lastIndex { if case .differing(let x, _, _) = $0 { return x != nil } else { return true } }
        let lastBase = lastIndex { if case .differing(_, let x, _) = $0 { return x != nil } else { return true } }
        let lastTheirs = lastIndex { if case .differing(_, _, let x) = $0 { return x != nil } else { return true } }
        func line(_ bytes: [UInt8], _ i: Int, _ last: Int) -> [UInt8] {
            bytes + (i < last || commaAfter ? [UInt8(ascii: ",")] : []) + lineEnd
        }
        var out: [UInt8] = [], pending: (mine: [UInt8], base: [UInt8], theirs: [UInt8])?
        func flush() {
            guard let p = pending, let open = markers[UInt8(ascii: "<")], let close = markers[UInt8(ascii: ">")],
                  let middle = markers[UInt8(ascii: "=")] else { return }
            out += open + p.mine + (markers[UInt8(ascii: "|")].map { $0 + p.base } ?? []) + middle + p.theirs + close
            pending = nil
        }
        var marked = false
        for (i, item) in items.enumerated() {
            switch item {
            case .plain(let bytes):
                // Written once: the same comma on every side only if it is the last of none or of all.
                if (i < lastMine) == (i < lastTheirs) && (i < lastMine) == (i < lastBase) {
                    flush()
                    out += line(bytes, i, lastMine)
                } else {
                    var p = pending ?? ([], [], [])
                    p.mine += line(bytes, i, lastMine)
                    p.base += line(bytes, i, lastBase)
                    p.theirs += line(bytes, i, lastTheirs)
                    pending = p
                }
            case .differing(let x, let y, let z):
                marked = true
                var p = pending ?? ([], [], [])
                p.mine += x.map { line($0, i, lastMine) } ?? []
                p.base += y.map { line($0, i, lastBase) } ?? []
                p.theirs += z.map { line($0, i, lastTheirs) } ?? []
                pending = p
            }
        }
        flush()
        return (out, marked)
    }
}
