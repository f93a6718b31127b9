import Foundation
import XCTest

/// The README's "Library" section holds two complete programs. The package
/// compiles exactly those programs (the `LibraryExample` and
/// `CodableExample` targets, whose `main.swift` must be the README's blocks
/// byte for byte, importing only `GraphDiff` and, for `Date`, Foundation),
/// and this test runs them from the repository root: their output must be
/// the README's, so the section never goes stale.
/// `Tests/scripts/check-client-package.sh` builds them again in a package
/// of their own, which sees only the library's public API.
final class ReadmeLibraryExampleTests: XCTestCase {
    /// The fenced blocks of the README's "## Library" section, in order, with
    /// their info strings.
    func librarySection() throws -> [(info: String, text: String)] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Library\n") else { throw XCTSkip("no Library section") }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [(String, String)] = []
        var lines = section.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("```") else { continue }
            var body: [Substring] = []
            while let next = lines.popFirst(), next != "```" { body.append(next) }
            blocks.append((String(line.dropFirst(3)), body.map { $0 + "\n" }.joined()))
        }
        return blocks
    }

    /// The two programs: each target, its README block (the first `swift`
    /// block, and the one that declares an app's `Codable` model) and the
    /// `text` block of its output (the first and the second).
    func programs() throws -> [(target: String, program: String, output: String, imports: [String])] {
        let blocks = try librarySection()
        let swift = blocks.filter { $0.info == "swift" }.map(\.text), text = blocks.filter { $0.info == "text" }.map(\.text)
        let codable = try XCTUnwrap(swift.first { $0.contains("GraphCoder(") && $0.hasPrefix("import ") })
        XCTAssertGreaterThanOrEqual(text.count, 2)
        return [("LibraryExample", try XCTUnwrap(swift.first), text.first ?? "", ["import GraphDiff"]),
                ("CodableExample", codable, text.dropFirst().first ?? "", ["import Foundation", "import GraphDiff"])]
    }

    func test_readmeExamples_areTheCompiledPrograms() throws {
        for (target, program, _, imports) in try programs() {
            let compiled = try String(contentsOf: packageRoot.appendingPathComponent("Sources/\(target)/main.swift"), encoding: .utf8)
            XCTAssertEqual(program, compiled, "the README's Library example and Sources/\(target)/main.swift differ")
            XCTAssertEqual(program.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init), imports)
        }
    }

    func test_readmeExamples_runFromTheRepositoryRoot_andPrintTheReadmesOutput() throws {
        for (target, _, expected, _) in try programs() {
            let executable = try builtExecutable().deletingLastPathComponent().appendingPathComponent(target)
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw XCTSkip("\(target) was not found beside graphdiff; build it with swift build")
            }
            let process = Process()
            process.executableURL = executable
            process.currentDirectoryURL = packageRoot
            let output = Pipe(), error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, String(decoding: err, as: UTF8.self))
            XCTAssertEqual(String(decoding: out, as: UTF8.self), expected, target)
        }
    }
}
