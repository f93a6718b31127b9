import Foundation
import GraphDiff
import GraphDiffGenerator

/// `graphdiff diff DIR1 DIR2` on two trees of `files` files in ten folders:
/// a third graphs (about 40 objects each, with their schema in each
/// folder), a third plain JSON, a third text; one file in a hundred changed
/// (graphs edited, JSON values and text lines changed) and two files on one
/// side only.
///
/// Stages: `dirs-pair`, the pairing of the two listings
/// (``DirectoryComparison/pair(old:new:)``, no I/O); `dirs-diff`, the whole
/// command, run as the `graphdiff` executable built beside this one (skipped
/// with a note when there is none).
enum DirectoryBenchmarks {
    static func run(files: Int) throws -> [BenchRow] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-bench-dirs-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (a, b) = (root + "/a", root + "/b")
        var old: [DirectoryComparison.Entry] = [], new: [DirectoryComparison.Entry] = []
        var bytes = 0
        for folder in 0..<10 {
            for side in [a, b] { try BenchmarkOutput.makeDirectory("\(side)/d\(folder)") }
            try write(Array(GraphGenerator.schemaText.utf8), "d\(folder)/bench.schema.json", under: [a, b])
            old.append(.init(path: "d\(folder)", kind: .directory))
            new.append(.init(path: "d\(folder)", kind: .directory))
        }
        for i in 0..<files {
            let (name, first, second) = file(i, changed: i % 100 == 50)
            let path = "d\(i % 10)/\(name)"
            if i == 7 {
                try write(first, path, under: [a])
            } else if i == 8 {
                try write(second, path, under: [b])
            } else {
                try write(first, path, under: [a])
                try write(second, path, under: [b])
            }
            if i != 8 { old.append(.init(path: path, kind: .file(empty: false))) }
            if i != 7 { new.append(.init(path: path, kind: .file(empty: false))) }
            bytes += first.count + second.count
        }
        let pair = measure { DirectoryComparison.pair(old: old, new: new) }
        var rows = [BenchRow(stage: "dirs-pair", objects: files, bytes: 0, seconds: pair.seconds)]
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("graphdiff").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("dirs: \(files) files; no graphdiff executable beside the benchmark, dirs-diff skipped")
            return rows
        }
        let command = try measure { () throws -> (Int32, Int) in try runCommand(executable, ["diff", a, b]) }
        print("dirs: \(files) files, \(pair.result.count) items, exit \(command.result.0), \(command.result.1) bytes of report")
        rows.append(BenchRow(stage: "dirs-diff", objects: files, bytes: bytes, seconds: command.seconds))
        return rows
    }

    /// File `i`'s name and its two versions.
    static func file(_ i: Int, changed: Bool) -> (name: String, old: [UInt8], new: [UInt8]) {
        switch i % 3 {
        case 0:
            var generator = GraphGenerator(seed: UInt64(i))
            let graph = generator.graph(objectCount: 40)
            var editor = GraphEditor(seed: UInt64(i) + 1)
            let text = graph.canonicalText()
            return ("f\(i).graph.json", text, changed ? editor.edit(graph, count: 2).0.canonicalText() : text)
        case 1:
            let items = (0..<40).map { k in "{\"id\": \(k), \"name\": \"item \(k) of \(i)\", \"tags\": [\"a\", \"b\"], \"price\": \(k).5}" }
            let old = "{\"file\": \(i), \"items\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
            let new = changed ? old.replacingOccurrences(of: "item 20 of", with: "item twenty of") : old
            return ("f\(i).json", Array(old.utf8), Array(new.utf8))
        default:
            let lines = (0..<60).map { k in "line \(k) of file \(i): some words to make it a line of text\n" }
            let old = lines.joined()
            let new = changed ? old.replacingOccurrences(of: "line 30 of", with: "LINE 30 of") : old
            return ("f\(i).txt", Array(old.utf8), Array(new.utf8))
        }
    }

    static func write(_ bytes: [UInt8], _ path: String, under roots: [String]) throws {
        for root in roots { try BenchmarkOutput.writeFile(bytes, to: root + "/" + path) }
    }

    /// Runs `executable` with `arguments`, its output read and dropped.
    ///
    /// - Returns: its exit status and the bytes it wrote.
    static func runCommand(_ executable: String, _ arguments: [String]) throws -> (Int32, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data.count)
    }
}
