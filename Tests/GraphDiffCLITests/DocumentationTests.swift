import Foundation
import XCTest
@testable import GraphDiffCLI

/// The bundled samples and the examples of the README and graphdiff(5)
/// agree with the program: samples are canonical, the canonical form shown
/// is what `fmt` writes, every `console` example of the README prints what
/// it shows, and the README's links lead to files.
final class DocumentationTests: XCTestCase {
    /// The deliberately invalid sample, for `validate`'s example.
    let invalidSample = "tasks/bad.graph.json"
    /// The folder example's file written in another member order than the
    /// old one's, on purpose (a reordered JSON file is no difference).
    let reorderedSample = "folders/new/conf/menu.json"

    /// Every `.json` file under `Samples/`, relative to it, sorted.
    func sampleFiles() throws -> [String] {
        let root = packageRoot.appendingPathComponent("Samples")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }

    func test_everySample_isCanonical_butTheInvalidOne() throws {
        let files = try sampleFiles()
        XCTAssertTrue(files.contains(invalidSample))
        XCTAssertGreaterThanOrEqual(files.count, 12)
        XCTAssertTrue(files.contains(reorderedSample))
        for file in files where file != invalidSample && file != reorderedSample {
            let r = graphdiff(["fmt", "--check", samplePath(file)])
            XCTAssertEqual(r.stderr, "", file)
            XCTAssertEqual(r.stdout, "", file)
            XCTAssertEqual(r.status, 0, "\(file) is not canonical: run graphdiff fmt --in-place on it")
        }
        // fmt cannot load it, so it says why instead of formatting it.
        XCTAssertEqual(graphdiff(["fmt", "--check", samplePath(invalidSample)]).status, 2)
    }

    /// The text of every fenced block of `language` in `text`, in order.
    func fencedBlocks(_ language: String, in text: String) -> [String] {
        text.components(separatedBy: "```\(language)\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    func readme() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// Writes `schema` and `graph` into a new folder and returns what fmt writes for the graph.
    func formatted(graph: String, schema: String, schemaName: String) throws -> RunResult {
        let dir = try temporaryDirectory(self)
        try Data(schema.utf8).write(to: dir.appendingPathComponent(schemaName))
        let file = dir.appendingPathComponent("example.graph.json")
        try Data(graph.utf8).write(to: file)
        return graphdiff(["fmt", file.path])
    }

    /// The README's folder example, run where it says (`cd Samples/folders`).
    func test_readmeFolderExample_printsWhatTheReadmeShows() throws {
        let block = try XCTUnwrap(fencedBlocks("console", in: try readme()).first { $0.hasPrefix("$ cd Samples/folders\n") })
        let folder = packageRoot.appendingPathComponent("Samples/folders")
        // `$ graphdiff ARGS` lines, each followed by its output.
        var expected = "", actual = ""
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("$ graphdiff ") {
                expected += line + "\n"
                let r = try runBinary(line.dropFirst("$ graphdiff ".count).split(separator: " ").map(String.init), in: folder)
                XCTAssertEqual(r.status, 1, String(line))
                XCTAssertEqual(r.stderr, "", String(line))
                actual += line + "\n" + r.stdout
            } else if !line.isEmpty {
                expected += line + "\n"
            }
        }
        XCTAssertEqual(actual.replacingOccurrences(of: "\n\n", with: "\n"), expected)
    }

    /// `text` quoted for the shell: between single quotes.
    func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Every `console` example of the README, run as a shell runs it: in a
    /// copy of the samples (examples write files, and `cd` into them), with
    /// the built `graphdiff` first on the PATH. The transcript (each
    /// `$ COMMAND` line, then what the command writes to standard output
    /// and standard error) must be the README's block, byte for byte; a
    /// block may only run `graphdiff`, `cd` and `echo` (`echo $?` shows the
    /// exit status of the command before it).
    func test_readmeConsoleExamples_printWhatTheReadmeShows() throws {
        let blocks = fencedBlocks("console", in: try readme())
        XCTAssertGreaterThanOrEqual(blocks.count, 12)
        let bin = try builtExecutable().deletingLastPathComponent().path
        for block in blocks {
            let dir = try temporaryDirectory(self)
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Samples"), to: dir.appendingPathComponent("Samples"))
            // Each command in a group with its standard error joined to its
            // output; `(exit $s)` gives `echo $?` the status of the command
            // before the `printf` of its own line.
            var script = "s=0\n"
            let commands = block.split(separator: "\n").filter { $0.hasPrefix("$ ") }
            XCTAssertFalse(commands.isEmpty, block)
            for line in commands {
                let command = String(line.dropFirst(2))
                XCTAssertTrue(["graphdiff ", "cd ", "echo "].contains { command.hasPrefix($0) }, "the README runs no \(command)")
                script += "printf '%s\\n' \(shellQuoted(String(line)))\n(exit $s); { \(command)\n} 2>&1; s=$?\n"
            }
            let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let r = try RedirectedRun(arguments: ["-c", script], environment: ["PATH": path], directory: dir)
                .run(URL(fileURLWithPath: "/bin/sh"))
            XCTAssertEqual(r.stdout, block)
            XCTAssertEqual(r.stderr, "", String(commands[0]))
        }
    }

    /// Every relative link of the README and of the other guides leads to a
    /// file of the package.
    func test_readmeLinks_leadToFiles() throws {
        var checked = 0
        for guide in ["README.md", "Samples/bench/README.md", "Tests/README.md"] {
            let file = packageRoot.appendingPathComponent(guide)
            let text = try String(contentsOf: file, encoding: .utf8)
            for part in text.components(separatedBy: "](").dropFirst() {
                // The file a link names, without its fragment (#section).
                let target = String(part.prefix { $0 != ")" && $0 != "#" })
                guard !target.contains("://"), !target.isEmpty else { continue }
                let url = file.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "\(guide): \(target)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5)
    }

    func test_manPage5_canonicalGraphExample_isWhatFmtWrites() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("man/graphdiff.5"), encoding: .utf8)
        let section = try XCTUnwrap(page.components(separatedBy: ".SH GRAPH FILES\n.SS Canonical form\n").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: ".EX\n").dropFirst().first?.components(separatedBy: ".EE\n").first)
        let graph = block.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
        let schema = try String(contentsOf: URL(fileURLWithPath: samplePath("people/people.schema.json")), encoding: .utf8)
        let r = try formatted(graph: graph, schema: schema, schemaName: "people.schema.json")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, graph)
        XCTAssertEqual(r.status, 0)
    }

    func test_readmeValidateExample_printsWhatTheReadmeShows() throws {
        let example = try XCTUnwrap(fencedBlocks("console", in: try readme()).first { $0.hasPrefix("$ graphdiff validate ") })
        var lines = example.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let command = lines.removeFirst().dropFirst("$ graphdiff ".count).split(separator: " ").map(String.init)
        XCTAssertEqual(command, ["validate", "Samples/\(invalidSample)"])
        let r = try runBinary(command, in: packageRoot)
        XCTAssertEqual(r.stderr, lines.joined(separator: "\n"))
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 1)
    }

    /// graphdiff(5)'s example of `schema import`, the current version of
    /// the tasks sample's Core Data model, is what the command prints.
    func test_manPage5_schemaImportExample_printsWhatThePageShows() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("man/graphdiff.5"), encoding: .utf8)
        let chapter = try XCTUnwrap(page.components(separatedBy: ".SH CORE DATA MODELS\n").dropFirst().first?.components(separatedBy: "\n.SH ").first)
        let section = try XCTUnwrap(chapter.components(separatedBy: ".SS Example\n").dropFirst().first)
        let parts = section.components(separatedBy: ".EX\n")
        XCTAssertGreaterThanOrEqual(parts.count, 2)
        XCTAssertTrue(parts[0].contains(".B graphdiff schema import Samples/tasks/Tasks.xcdatamodeld\n"), parts[0])
        let block = try XCTUnwrap(parts.dropFirst().first?.components(separatedBy: ".EE\n").first)
        let shown = block.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
        let r = try runBinary(["schema", "import", "Samples/tasks/Tasks.xcdatamodeld"], in: packageRoot)
        XCTAssertEqual(r.stdout, shown)
        XCTAssertEqual(r.stdout, SchemaImportCommandTests.tasks2)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0)
    }

    /// The README's diffs of the samples of each storage of an order (and
    /// its first example) print what it shows; its merge of the board
    /// exits 0 with the cards it names at positions 0 to 6.
    func test_readmeDiffExamples_printWhatTheReadmeShows() throws {
        var checked = 0
        for block in fencedBlocks("console", in: try readme()) {
            // Each "$ graphdiff diff OLD NEW" line, with the lines up to the next "$ ".
            let parts = block.components(separatedBy: "$ graphdiff ").dropFirst()
            for part in parts where part.hasPrefix("diff Samples/") {
                let lines = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let command = lines[0].split(separator: " ").map(String.init)
                let expected = lines.dropFirst().joined(separator: "\n")
                let r = try runBinary(command, in: packageRoot)
                XCTAssertEqual(r.stdout, expected, lines[0])
                XCTAssertEqual(r.stderr, "", lines[0])
                XCTAssertEqual(r.status, 1, lines[0])
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3)
        let dir = try temporaryDirectory(self)
        for file in ["board.schema.json", "base.graph.json", "mine.graph.json", "theirs.graph.json"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Samples/board/\(file)"), to: dir.appendingPathComponent(file))
        }
        let r = try runBinary(["merge", "base.graph.json", "mine.graph.json", "theirs.graph.json", "-o", "merged.graph.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("merged.graph.json"))) as? [String: Any]
        let cards = try XCTUnwrap((merged?["objects"] as? [String: Any])?["Card"] as? [String: [String: Any]])
        let order = cards.sorted { ($0.value["position"] as? Int ?? -1) < ($1.value["position"] as? Int ?? -1) }
        XCTAssertEqual(order.map(\.key), ["c2", "c1", "c3", "c7", "c4", "c6", "c5"])
        XCTAssertEqual(order.map { $0.value["position"] as? Int }, Array(0...6))
        XCTAssertTrue(try readme().contains("the merged board is c2,\nc1, c3, c7, c4, c6, c5 at positions 0 to 6"))
    }
}
