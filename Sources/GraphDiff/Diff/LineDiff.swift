/// A unified line diff (as `diff -u` prints it), for files that are not
/// JSON: the git driver's last fallback.
public enum LineDiff {
    /// The lines of `text`, without their line ends.
    public static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Hunks with `context` lines around each change, `@@ -a,b +c,d @@`
    /// headers, ` `/`-`/`+` lines; empty when the texts are equal.
    ///
    /// - Complexity: as ``SequenceAlignment``.
    public static func unified(old: String, new: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let steps = deletionsFirst(SequenceAlignment.align(count: (a.count, b.count)) { a[$0] == b[$1] })
        guard steps.contains(where: { if case .keep = $0 { return false } else { return true } }) else { return "" }
        // Group steps into hunks: changes with up to 2 × context keeps between them.
        var out = ""
        var i = 0
        while i < steps.count {
            guard let start = steps[i...].firstIndex(where: { if case .keep = $0 { return false } else { return true } }) else { break }
            var end = start
            var j = start
            while j < steps.count {
                if case .keep = steps[j] {
                    var k = j
                    while k < steps.count, case .keep = steps[k] { k += 1 }
                    if k == steps.count || k - j > 2 * context { break }
                    j = k
                } else {
                    end = j
                    j += 1
                }
            }
            let from = max(i, start - context), to = min(steps.count, end + 1 + context)
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0
            var body = ""
            var first = true
            for step in steps[from..<to] {
                switch step {
                case .keep(let x, let y):
                    if first { oldStart = x; newStart = y; first = false }
                    body += " \(a[x])\n"; oldCount += 1; newCount += 1
                case .delete(let x):
                    if first { oldStart = x; newStart = positionInNew(steps, before: from); first = false }
                    body += "-\(a[x])\n"; oldCount += 1
                case .insert(let y):
                    if first { newStart = y; oldStart = positionInOld(steps, before: from); first = false }
                    body += "+\(b[y])\n"; newCount += 1
                }
            }
            out += "@@ -\(oldStart + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newStart + (newCount > 0 ? 1 : 0)),\(newCount) @@\n" + body
            i = to
        }
        return out
    }

    /// The steps with each run of changes reordered: deletions, then
    /// insertions, as `diff -u` prints them.
    static func deletionsFirst(_ steps: [AlignmentStep]) -> [AlignmentStep] {
        var result: [AlignmentStep] = []
        var deletes: [AlignmentStep] = [], inserts: [AlignmentStep] = []
        for step in steps {
            switch step {
            case .keep:
                result += deletes + inserts
                deletes.removeAll()
                inserts.removeAll()
                result.append(step)
            case .delete: deletes.append(step)
            case .insert: inserts.append(step)
            }
        }
        return result + deletes + inserts
    }

    static func positionInNew(_ steps: [AlignmentStep], before index: Int) -> Int {
        var n = 0
        for step in steps[..<index] { if case .delete = step { continue }; n += 1 }
        return n
    }

    static func positionInOld(_ steps: [AlignmentStep], before index: Int) -> Int {
        var n = 0
        for step in steps[..<index] { if case .insert = step { continue }; n += 1 }
        return n
    }
}
