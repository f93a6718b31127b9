import GraphDiff
import GraphDiffGenerator

/// The word diff of a changed string of about 1 MB with a few edits (issue
/// 16): linear in the string, not quadratic. Words come from a fixed
/// vocabulary in an order from a seeded generator, so every run diffs the
/// same text.
enum WordBenchmarks {
    static func run(bytes: Int, edits: Int) -> [BenchRow] {
        let vocabulary = ["graph", "object", "the", "of", "a", "relationship", "inverse", "chain", "member", "value",
                          "schema", "merge", "patch", "identity", "cascade", "delete", "rule", "ordered", "to", "with"]
        var generator = SplitMix64(seed: 16)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        var words: [String] = []
        var size = 0
        while size < bytes {
            let word = vocabulary[random(vocabulary.count)] + (random(12) == 0 ? ".\n" : random(8) == 0 ? "," : "")
            words.append(word)
            size += word.utf8.count + 1
        }
        var edited = words
        for e in 0..<edits { edited[(e * 2 + 1) * edited.count / (edits * 2)] = "changed\(e)" }
        let old = JSONValue.string(words.joined(separator: " ")), new = JSONValue.string(edited.joined(separator: " "))
        let oldDocument: JSONValue = ["doc": old], newDocument: JSONValue = ["doc": new]
        let report = measure {
            HumanRenderer.render(JSONDiff.diff(from: oldDocument, to: newDocument), context: RenderContext())
        }
        print("word diff: \(size) bytes, \(edits) edits, a report of \(report.result.utf8.count) bytes")
        return [BenchRow(stage: "word-diff", objects: words.count, bytes: size, seconds: report.seconds)]
    }
}
