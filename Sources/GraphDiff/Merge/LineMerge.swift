/// A line-based three-way merge with conflict markers, as `git merge-file`
/// does: the git merge driver's fallback for files that are not JSON.
public enum LineMerge {
    /// The merged text and the number of conflicting chunks.
    ///
    /// Lines both sides kept from the base split the texts into chunks; a
    /// chunk changed on one side is taken, changed alike on both is taken
    /// once, changed differently is written between markers with all three
    /// versions.
    public static func merge(base: String, mine: String, theirs: String, markers: ConflictMarkerWriter.Markers) -> (text: String, conflicts: Int) {
        let b = LineDiff.lines(base), m = LineDiff.lines(mine), t = LineDiff.lines(theirs)
        func keeps(_ other: [String]) -> [Int: Int] {
            var map: [Int: Int] = [:]
            for step in SequenceAlignment.align(count: (b.count, other.count), equal: { b[$0] == other[$1] }) {
                if case .keep(let i, let j) = step { map[i] = j }
            }
            return map
        }
        let km = keeps(m), kt = keeps(t)
        var out: [String] = []
        var conflicts = 0
        var (bi, mi, ti) = (0, 0, 0)
        func chunk(_ be: Int, _ me: Int, _ te: Int) {
            let bc = Array(b[bi..<be]), mc = Array(m[mi..<me]), tc = Array(t[ti..<te])
            if mc == tc || bc == tc { out += mc } else if bc == mc { out += tc } else {
                conflicts += 1
                out.append(String(repeating: "<", count: markers.size) + " " + markers.mine)
                out += mc
                out.append(String(repeating: "|", count: markers.size) + " " + markers.base)
                out += bc
                out.append(String(repeating: "=", count: markers.size))
                out += tc
                out.append(String(repeating: ">", count: markers.size) + " " + markers.theirs)
            }
        }
        for i in b.indices {
            guard let j = km[i], let k = kt[i] else { continue }
            chunk(i, j, k)
            out.append(b[i])
            (bi, mi, ti) = (i + 1, j + 1, k + 1)
        }
        chunk(b.count, m.count, t.count)
        return (out.isEmpty ? "" : out.joined(separator: "\n") + "\n", conflicts)
    }
}
