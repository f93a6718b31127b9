/// A line-based three-way merge with diff3-style conflict markers, byte for
/// byte as `git merge-file -p --diff3` writes it: the git merge driver's
/// fallback for files that are not JSON.
///
///     let merged = LineMerge.merge(base: Array("a\nb\nc\n".utf8), mine: Array("A\nb\nc\n".utf8),
///                                  theirs: Array("a\nb\nC\n".utf8), markers: .init())
///     // merged.text == "A\nb\nC\n", merged.conflicts == 0
///
/// The merge works on bytes: lines split after `\n` keep their own
/// terminators (`\r\n` stays), are compared by bytes (text in any encoding,
/// NUL bytes, NFC and NFD spellings kept apart), and a last line without a
/// newline keeps going without one. When only one side changed the file,
/// the result is that side's bytes.
///
/// Each side is aligned with the base (``LineAlignment``, as git aligns
/// them); the changes of the two sides, walked in base order, make the
/// chunks of diff3 (S. Khanna, K. Kunal and B. C. Pierce, "A Formal
/// Investigation of Diff3", FSTTCS 2007): a change on one side is taken;
/// changes of both sides that overlap or touch make one chunk, taken once
/// when both sides made the same change there and otherwise written between
/// markers with mine's lines, the base's and theirs' (diff3 style). A
/// conflict's lines that lack a newline get one, and its markers end in
/// `\r\n` when the lines around it do, as git writes them.
package enum LineMerge {
    /// The merged bytes and the number of conflicting chunks.
    ///
    /// - Parameters:
    ///   - base: the common ancestor's bytes.
    ///   - mine: the current side's bytes (git's `%A`).
    ///   - theirs: the other side's bytes (git's `%B`).
    ///   - markers: marker length and the labels after the markers.
    /// - Returns: the merged bytes, and how many conflict blocks they hold.
    /// - Complexity: two alignments (see ``LineAlignment/changes(from:to:)``)
    ///   plus O(*b* + *m* + *t*) for the chunks and the bytes written.
    package static func merge(base: [UInt8], mine: [UInt8], theirs: [UInt8],
                             markers: ConflictMarkers) -> (text: [UInt8], conflicts: Int) {
        let o = ByteLines(base), m = ByteLines(mine), t = ByteLines(theirs)
        let ours = LineAlignment.changes(from: o, to: m), others = LineAlignment.changes(from: o, to: t)
        if ours.isEmpty { return (theirs, 0) }
        if others.isEmpty { return (mine, 0) }
        let chunks = _chunks(ours, others, base: o, mine: m, theirs: t)
        var writer = _Writer(base: o, mine: m, theirs: t, markers: markers)
        for chunk in chunks { writer.write(chunk) }
        writer.finish()
        return (writer.out, chunks.filter { $0.kind == .conflict }.count)
    }

    /// A stretch of the merge: base lines `base` (from `baseStart`) replaced
    /// by mine's lines (from `mineStart`) or theirs' (from `theirsStart`).
    struct _Chunk {
        enum Kind { case conflict, mine, theirs }
        var kind: Kind
        var baseStart: Int, baseCount: Int
        var mineStart: Int, mineCount: Int
        var theirsStart: Int, theirsCount: Int
    }

    /// The chunks, from the two sides' changes against the base. A change
    /// of one side is mapped to the other side's lines by the offset of the
    /// changes before it; a chunk that overlaps or touches the previous one
    /// (in mine's or theirs' lines) joins it, and a join of different kinds
    /// is a conflict. Changes of both sides over the same base lines with
    /// the same new lines are no chunk: mine's lines stand.
    static func _chunks(_ ours: [LineChange], _ others: [LineChange],
                        base: ByteLines, mine: ByteLines, theirs: ByteLines) -> [_Chunk] {
        var chunks: [_Chunk] = []
        func add(_ kind: _Chunk.Kind, _ b: Int, _ bc: Int, _ m: Int, _ mc: Int, _ t: Int, _ tc: Int) {
            if var last = chunks.last, m <= last.mineStart + last.mineCount || t <= last.theirsStart + last.theirsCount {
                if kind != last.kind { last.kind = .conflict }
                last.baseCount = b + bc - last.baseStart
                last.mineCount = m + mc - last.mineStart
                last.theirsCount = t + tc - last.theirsStart
                chunks[chunks.count - 1] = last
            } else {
                chunks.append(_Chunk(kind: kind, baseStart: b, baseCount: bc, mineStart: m, mineCount: mc, theirsStart: t, theirsCount: tc))
            }
        }
        var i = 0, j = 0
        while i < ours.count && j < others.count {
            let x = ours[i], y = others[j]
            if x.oldEnd < y.oldStart {
                add(.mine, x.oldStart, x.oldCount, x.newStart, x.newCount, y.newStart - y.oldStart + x.oldStart, x.oldCount)
                i += 1
                continue
            }
            if y.oldEnd < x.oldStart {
                add(.theirs, y.oldStart, y.oldCount, x.newStart - x.oldStart + y.oldStart, y.oldCount, y.newStart, y.newCount)
                j += 1
                continue
            }
            let same = x.oldStart == y.oldStart && x.oldCount == y.oldCount && x.newCount == y.newCount
                && mine[x.newStart..<x.newEnd] == theirs[y.newStart..<y.newEnd]
            if !same {
                // The union of the two changes' base lines, and each side's lines over it.
                let off = x.oldStart - y.oldStart
                let ffo = off + x.oldCount - y.oldCount
                var b = x.oldStart, m = x.newStart, t = y.newStart
                if off > 0 {
                    b -= off
                    m -= off
                } else {
                    t += off
                }
                var bc = x.oldEnd - b, mc = x.newEnd - m, tc = y.newEnd - t
                if ffo < 0 {
                    bc -= ffo
                    mc -= ffo
                } else {
                    tc += ffo
                }
                add(.conflict, b, bc, m, mc, t, tc)
            }
            let endMine = x.oldEnd, endTheirs = y.oldEnd
            if endMine >= endTheirs { j += 1 }
            if endTheirs >= endMine { i += 1 }
        }
        for x in ours[i...] {
            add(.mine, x.oldStart, x.oldCount, x.newStart, x.newCount, x.oldStart + theirs.count - base.count, x.oldCount)
        }
        for y in others[j...] {
            add(.theirs, y.oldStart, y.oldCount, y.oldStart + mine.count - base.count, y.oldCount, y.newStart, y.newCount)
        }
        return chunks
    }
}
