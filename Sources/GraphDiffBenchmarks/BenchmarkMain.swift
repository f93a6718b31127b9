import Foundation
import GraphDiff
import GraphDiffGenerator
import GraphJSON

/// The benchmark: `swift run -c release GraphDiffBenchmarks [SIZES...]`.
///
///     GraphDiffBenchmarks                 # 10k and 100k objects
///     GraphDiffBenchmarks 10000 1000000   # chosen sizes
///     GraphDiffBenchmarks --long-chain    # the chain case with 1,000,000 members (default 100,000)
///     GraphDiffBenchmarks generate N DIR  # write DIR/bench.schema.json, DIR/a.graph.json,
///                                         # DIR/b.graph.json and DIR/c.graph.json (a with two
///                                         # independent edits to about 1% of the objects each)
///
/// Prints a table per stage and size, then one machine-readable line per case
/// (`BENCH stage=… objects=… bytes=… seconds=… mbps=…`).
@main
enum BenchmarkMain {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "generate" {
            arguments.removeFirst()
            guard arguments.count == 2, let n = Int(arguments[0]) else {
                FileHandle.standardError.write(Data("usage: GraphDiffBenchmarks generate OBJECTS DIR\n".utf8))
                exit(2)
            }
            try Generate.run(objects: n, directory: arguments[1])
            return
        }
        let sizes = arguments.compactMap { Int($0.replacingOccurrences(of: "_", with: "")) }
        try onLargeStack {
            var rows = try GraphBenchmarks.run(sizes: sizes.isEmpty ? [10_000, 100_000] : sizes)
            rows += try ChainBenchmarks.run(members: arguments.contains("--long-chain") ? 1_000_000 : 100_000, moves: 1000)
            rows += ArrayBenchmarks.run(count: 100_000)
            printRows(rows)
        }
    }
}

enum Generate {
    static func run(objects: Int, directory: String) throws {
        var generator = GraphGenerator(seed: 42)
        let graph = generator.graph(objectCount: objects)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(GraphGenerator.schemaText.utf8).write(to: URL(fileURLWithPath: directory + "/bench.schema.json"))
        try Data(graph.canonicalText()).write(to: URL(fileURLWithPath: directory + "/a.graph.json"))
        var editor = GraphEditor(seed: 7), other = GraphEditor(seed: 8)
        let (edited, _) = editor.edit(graph, count: max(1, objects / 100))
        try Data(edited.canonicalText()).write(to: URL(fileURLWithPath: directory + "/b.graph.json"))
        let (theirs, _) = other.edit(graph, count: max(1, objects / 100))
        try Data(theirs.canonicalText()).write(to: URL(fileURLWithPath: directory + "/c.graph.json"))
    }
}

/// Wall-clock timing of one closure, best of `repeats`.
func measure<T>(repeats: Int = 3, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    var best = Double.infinity
    var result: T?
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        let r = try body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if elapsed < best { best = elapsed; result = r }
    }
    // `repeats` is at least one in every call here; keep a trap-free fallback.
    guard let result else { return (best, try body()) }
    return (best, result)
}

/// Peak resident memory of this process so far, in bytes (Linux VmHWM).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kb * 1024
    }
    return 0
}

struct BenchRow {
    var stage: String
    var objects: Int
    var bytes: Int
    var seconds: Double

    var mbps: Double { bytes > 0 ? Double(bytes) / 1e6 / seconds : 0 }
}

func printRows(_ rows: [BenchRow]) {
    print("stage          objects       bytes    seconds     MB/s")
    for r in rows {
        print(String(format: "%-12@ %9d %11d %10.4f %8.1f", r.stage as NSString, r.objects, r.bytes, r.seconds, r.mbps))
    }
    for r in rows {
        print(String(format: "BENCH stage=%@ objects=%d bytes=%d seconds=%.6f mbps=%.1f", r.stage as NSString, r.objects, r.bytes, r.seconds, r.mbps))
    }
    print(String(format: "BENCH peak_rss_mb=%.1f", Double(peakResidentBytes()) / 1e6))
}
