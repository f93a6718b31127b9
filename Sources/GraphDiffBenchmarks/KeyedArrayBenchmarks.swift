import GraphDiff

/// A `pip list`-shaped array of `count` objects matched by `--array-key name`,
/// with a few edits (one version changed, one removed, one added at the
/// front, one moved to the end): the keys are joined by hashing, so the time
/// grows linearly with `count`. Measures the diff with its key paths and the
/// human report.
enum KeyedArrayBenchmarks {
    static func run(counts: [Int]) -> [BenchRow] {
        counts.map { count in
            let a = JSONValue.array((0..<count).map { i in
                .object(["name": .string("package-\(i)"), "version": .string("1.\(i % 10).0")])
            })
            var elements = a.arrayValue ?? []
            elements[count / 2] = ["name": .string("package-\(count / 2)"), "version": "2.0.0"]
            elements.remove(at: 2 * count / 3)
            elements.insert(["name": "fresh", "version": "0.1.0"], at: 0)
            elements.append(elements.remove(at: 1))
            let b = JSONValue.array(elements)
            let options = JSONDiff.Options(arrayKey: "name")
            let diff = measure { HumanRenderer.render(JSONDiff.entries(from: a, to: b, options: options), context: RenderContext()) }
            let lines = diff.result.split(separator: "\n").count
            print("keyed array: \(count) elements, \(lines - 1) report lines")
            return BenchRow(stage: "keyed-array-diff", objects: count, bytes: 0, seconds: diff.seconds)
        }
    }
}
