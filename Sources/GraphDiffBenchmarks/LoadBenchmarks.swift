import GraphDiff
import GraphDiffGenerator

/// Every stage per size: load (read from bytes + parse + build + check) in
/// MB/s, diff, patch, merge, canonical write; inputs generated
/// deterministically (base, and two independent edits of about 1% of the
/// objects each).
enum GraphBenchmarks {
    static func run(sizes: [Int]) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for size in sizes {
            var generator = GraphGenerator(seed: 42)
            let a = generator.graph(objectCount: size)
            var e1 = GraphEditor(seed: 7), e2 = GraphEditor(seed: 8)
            let (b, _) = e1.edit(a, count: max(1, size / 100))
            let (c, _) = e2.edit(a, count: max(1, size / 100))
            let textA = a.canonicalText(), textB = b.canonicalText()
            let schema = GraphGenerator.schema
            let parse = try measure { try JSONReader.parse(textA) }
            rows.append(BenchRow(stage: "parse", objects: a.count, bytes: textA.count, seconds: parse.seconds))
            let load = try measure { try Graph.load(textA, schema: schema) }
            rows.append(BenchRow(stage: "load", objects: a.count, bytes: textA.count, seconds: load.seconds))
            let check = measure { a.consistencyProblems() }
            rows.append(BenchRow(stage: "check", objects: a.count, bytes: textA.count, seconds: check.seconds))
            let diff = try measure { try ChangeSet.diff(from: a, to: b) }
            rows.append(BenchRow(stage: "diff", objects: a.count, bytes: textA.count + textB.count, seconds: diff.seconds))
            let patch = try measure { try diff.result.apply(to: a) }
            rows.append(BenchRow(stage: "patch", objects: a.count, bytes: 0, seconds: patch.seconds))
            let merge = try measure { try Graph.merge(base: a, mine: b, theirs: c) }
            rows.append(BenchRow(stage: "merge", objects: a.count, bytes: 0, seconds: merge.seconds))
            let write = measure { a.canonicalText() }
            rows.append(BenchRow(stage: "write", objects: a.count, bytes: write.result.count, seconds: write.seconds))
        }
        return rows
    }
}

/// A chain of `members` with `moves` random moves: the diff must report at
/// most that many moves.
enum ChainBenchmarks {
    static func run(members: Int, moves: Int) throws -> [BenchRow] {
        let schema = GraphGenerator.schema
        guard let list = schema.entity(named: "TaskList"), let item = schema.entity(named: "Item") else { return [] }
        var a = Graph(schema: schema)
        a[ObjectID(entity: "TaskList", identity: "l")] = GraphObject(entity: list, values: ["long list"])
        var order = (0..<members).map { "i\($0)" }
        func link(_ order: [String], into g: inout Graph) {
            for (i, id) in order.enumerated() {
                g[ObjectID(entity: "Item", identity: id)] = GraphObject(entity: item, values: item.storedProperties.map { p in
                    switch p.name {
                    case "title": return "item"
                    case "done": return false
                    case "priority": return 0
                    case "list": return "l"
                    case "prev": return i > 0 ? .string(order[i - 1]) : .null
                    case "next": return i + 1 < order.count ? .string(order[i + 1]) : .null
                    default: return .null
                    }
                })
            }
        }
        link(order, into: &a)
        var random = SplitMix64(seed: 99)
        for _ in 0..<moves {
            let x = order.remove(at: Int(random.next() % UInt64(order.count)))
            order.insert(x, at: Int(random.next() % UInt64(order.count + 1)))
        }
        var b = Graph(schema: schema)
        b[ObjectID(entity: "TaskList", identity: "l")] = a[ObjectID(entity: "TaskList", identity: "l")]
        link(order, into: &b)
        let diff = try measure(repeats: 1) { try ChangeSet.diff(from: a, to: b) }
        let reported = diff.result.sequences.reduce(0) { $0 + $1.moved.count }
        print("chain: \(members) members, \(moves) moves made, \(reported) reported, \(diff.result.objects.count) object changes")
        return [BenchRow(stage: "chain-diff", objects: members, bytes: 0, seconds: diff.seconds)]
    }
}

/// A plain JSON array of `count` numbers with a few edits: linear, not quadratic.
enum ArrayBenchmarks {
    static func run(count: Int) -> [BenchRow] {
        let a = JSONValue.array((0..<count).map { .number(JSONNumber($0)) })
        var elements = a.arrayValue ?? []
        elements[count / 3] = "changed"
        elements.remove(at: count / 2)
        elements.insert(true, at: 2 * count / 3)
        elements.append(.null)
        let b = JSONValue.array(elements)
        let diff = measure { JSONDiff.diff(from: a, to: b) }
        print("array: \(count) elements, \(diff.result.count) edits")
        return [BenchRow(stage: "array-diff", objects: count, bytes: 0, seconds: diff.seconds)]
    }
}
