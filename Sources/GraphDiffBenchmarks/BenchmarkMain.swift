import Foundation
import GraphDiff
import GraphDiffGenerator

/// The benchmark: `swift run -c release GraphDiffBenchmarks [SIZES...]`.
///
///     GraphDiffBenchmarks                 # 10k and 100k objects
///     GraphDiffBenchmarks 10000 1000000   # chosen sizes
///     GraphDiffBenchmarks --long-chain    # the chain case with 1,000,000 members (default 100,000)
///     GraphDiffBenchmarks orders [N]      # diff and merge of one ordered relationship of N members, each storage
///     GraphDiffBenchmarks generate N DIR  # write DIR/bench.schema.json, DIR/a.graph.json (base),
///                                         # DIR/b.graph.json (mine) and DIR/c.graph.json (theirs):
///                                         # two independent edits of a, about 1% of the objects each
///     GraphDiffBenchmarks history N C    # a git fast-import stream: C commits of a graph of N objects
///     GraphDiffBenchmarks coder [N]       # GraphCoder and the editing API on an app's model of N tasks
///     GraphDiffBenchmarks --help          # the usage (see ``BenchmarkRequest/usage``)
///
/// Prints a table per stage and size, then one machine-readable line per case
/// (`BENCH stage=… objects=… bytes=… seconds=… mbps=…`). An argument it does
/// not understand is a usage error (exit 2): nothing runs.
@main
enum BenchmarkMain {
    static func main() {
        tuneAllocatorForLargeInputs()
        let request: BenchmarkRequest
        do {
            request = try BenchmarkRequest.parse(Array(CommandLine.arguments.dropFirst()))
        } catch let error as BenchmarkRequest.UsageError {
            fail("\(error.message)\n\n\(BenchmarkRequest.usage)")
        } catch {
            exit(2)
        }
        do {
            switch request {
            case .help:
                try BenchmarkOutput.write(BenchmarkRequest.usage, to: 1)
            case .generate(let objects, let directory):
                try Generate.run(objects: objects, directory: directory)
            case .history(let objects, let commits):
                try History.run(objects: objects, commits: commits)
            case .coder(let tasks):
                try onLargeStack { try printRows(try CoderBenchmarks.run(tasks: tasks)) }
            case .orders(let members):
                try onLargeStack { try printRows(try OrderBenchmarks.run(members: members, moves: 1000)) }
            case .run(let sizes, let longChain):
                try onLargeStack {
                    var rows = try GraphBenchmarks.run(sizes: sizes)
                    rows += try ChainBenchmarks.run(members: longChain ? 1_000_000 : 100_000, moves: 1000)
                    rows += try OrderBenchmarks.run(members: longChain ? 1_000_000 : 100_000, moves: 1000)
                    rows += ArrayBenchmarks.run(count: 100_000)
                    rows += KeyedArrayBenchmarks.run(counts: [10_000, 100_000])
                    rows += WordBenchmarks.run(bytes: 1_000_000, edits: 5)
                    rows += try DirectoryBenchmarks.run(files: 1000)
                    try printRows(rows)
                }
            }
        } catch let failure as OutputFailure {
            fail("\(failure)\n")
        } catch {
            fail("\(error)\n")
        }
    }

    /// Prints `message` after the program's name on standard error (as well
    /// as it can) and exits with status 2.
    static func fail(_ message: String) -> Never {
        try? BenchmarkOutput.write("GraphDiffBenchmarks: \(message)", to: 2)
        exit(2)
    }
}

enum Generate {
    static func run(objects: Int, directory: String) throws {
        var generator = GraphGenerator(seed: 42)
        let graph = generator.graph(objectCount: objects)
        try BenchmarkOutput.makeDirectory(directory)
        try BenchmarkOutput.writeFile(Array(GraphGenerator.schemaText.utf8), to: directory + "/bench.schema.json")
        try BenchmarkOutput.writeFile(graph.canonicalText(), to: directory + "/a.graph.json")
        var editor = GraphEditor(seed: 7), other = GraphEditor(seed: 8)
        let (edited, _) = editor.edit(graph, count: max(1, objects / 100))
        try BenchmarkOutput.writeFile(edited.canonicalText(), to: directory + "/b.graph.json")
        let (theirs, _) = other.edit(graph, count: max(1, objects / 100))
        try BenchmarkOutput.writeFile(theirs.canonicalText(), to: directory + "/c.graph.json")
        try BenchmarkOutput.write(report(directory: directory), to: 1)
    }

    /// What ``run(objects:directory:)`` wrote, one file a line, saying
    /// which is the base and which the two edits (mine, theirs) for a merge.
    static func report(directory: String) -> String {
        """
        \(directory)/bench.schema.json: the schema
        \(directory)/a.graph.json: base
        \(directory)/b.graph.json: mine, an edit of a (about 1% of the objects)
        \(directory)/c.graph.json: theirs, another edit of a, apart from b

        """
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

/// Peak resident memory of this process so far, in bytes: VmHWM of
/// `/proc/self/status` on Linux, `ru_maxrss` (bytes there) on macOS; `nil`
/// where neither is available, so that no figure is made up.
func peakResidentBytes() -> Int? {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        guard let kb = line.split(separator: " ").compactMap({ Int($0) }).first else { return nil }
        return kb * 1024
    }
    return nil
    #elseif canImport(Darwin)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
    return Int(usage.ru_maxrss)
    #else
    return nil
    #endif
}

struct BenchRow {
    var stage: String
    var objects: Int
    var bytes: Int
    var seconds: Double

    var mbps: Double { bytes > 0 ? Double(bytes) / 1e6 / seconds : 0 }
}

/// Prints the table, then the machine-readable lines.
///
/// - Throws: ``OutputFailure`` when standard output cannot be written.
func printRows(_ rows: [BenchRow]) throws {
    var text = "stage          objects       bytes    seconds     MB/s\n"
    for r in rows {
        text += String(format: "%-12@ %9d %11d %10.4f %8.1f\n", r.stage as NSString, r.objects, r.bytes, r.seconds, r.mbps)
    }
    for r in rows {
        text += String(format: "BENCH stage=%@ objects=%d bytes=%d seconds=%.6f mbps=%.1f\n", r.stage as NSString, r.objects, r.bytes, r.seconds, r.mbps)
    }
    if let peak = peakResidentBytes() {
        text += String(format: "BENCH peak_rss_mb=%.1f\n", Double(peak) / 1e6)
    } else {
        text += "BENCH peak_rss_mb=unavailable\n"
    }
    try BenchmarkOutput.write(text, to: 1)
}

/// `history`: a git fast-import stream of a graph file's history.
enum History {
    static func run(objects: Int, commits: Int) throws {
        var generator = GraphGenerator(seed: 42)
        var graph = generator.graph(objectCount: objects)
        var editor = GraphEditor(seed: 9)
        let authors = ["Ada <ada@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
        func data(_ bytes: [UInt8]) -> [UInt8] { Array("data \(bytes.count)\n".utf8) + bytes + [0x0A] }
        for i in 0..<commits {
            if i > 0 { graph = editor.edit(graph, count: 5).0 }
            var out: [UInt8] = []
            out += Array("blob\nmark :\(2 * i + 1)\n".utf8) + data(graph.canonicalText())
            let who = authors[i % authors.count], when = 1_700_000_000 + 3600 * i
            out += Array("commit refs/heads/main\nmark :\(2 * i + 2)\nauthor \(who) \(when) +0000\ncommitter \(who) \(when) +0000\n".utf8)
            out += data(Array("edit \(i)".utf8))
            if i > 0 { out += Array("from :\(2 * i)\n".utf8) }
            if i == 0 { out += Array("M 100644 inline bench.schema.json\n".utf8) + data(Array(GraphGenerator.schemaText.utf8)) }
            out += Array("M 100644 :\(2 * i + 1) data.graph.json\n\n".utf8)
            guard BenchmarkOutput.writeAll(out, to: 1) else { throw OutputFailure(subject: "standard output", reason: BenchmarkOutput.errnoText()) }
        }
    }
}
