import GraphDiff
import GraphDiffGenerator
import GraphJSON

/// Reading and writing: JSON parse alone, graph load (parse + build + check),
/// canonical write.
enum LoadBenchmarks {
    static func run(sizes: [Int]) throws {
        var rows: [BenchRow] = []
        for size in sizes {
            var generator = GraphGenerator(seed: 42)
            let graph = generator.graph(objectCount: size)
            let text = graph.canonicalText()
            let schema = GraphGenerator.schema
            let parse = try measure { try JSONReader.parse(text) }
            rows.append(BenchRow(stage: "parse", objects: graph.count, bytes: text.count, seconds: parse.seconds))
            let load = try measure { try Graph.load(text, schema: schema) }
            rows.append(BenchRow(stage: "load", objects: graph.count, bytes: text.count, seconds: load.seconds))
            let check = measure { load.result.consistencyProblems() }
            rows.append(BenchRow(stage: "check", objects: graph.count, bytes: text.count, seconds: check.seconds))
            let write = measure { load.result.canonicalText() }
            rows.append(BenchRow(stage: "write", objects: graph.count, bytes: write.result.count, seconds: write.seconds))
        }
        printRows(rows)
    }
}
