import Foundation
import XCTest

/// The README's "Library" section holds one complete program. The package
/// compiles exactly that program (the `LibraryExample` target, whose
/// `main.swift` must be the README's block byte for byte, with a single
/// `import GraphDiff`), and this test runs it from the repository root on
/// the bundled samples: its output must be the README's, so the section
/// never goes stale.
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

    func test_readmeExample_isTheCompiledProgram() throws {
        let blocks = try librarySection()
        let program = try XCTUnwrap(blocks.first { $0.info == "swift" }?.text)
        let compiled = try String(contentsOf: packageRoot.appendingPathComponent("Sources/LibraryExample/main.swift"), encoding: .utf8)
        XCTAssertEqual(program, compiled, "the README's Library example and Sources/LibraryExample/main.swift differ")
        XCTAssertEqual(program.split(separator: "\n").filter { $0.hasPrefix("import ") }, ["import GraphDiff"])
    }

    func test_readmeExample_runsFromTheRepositoryRoot_andPrintsTheReadmesOutput() throws {
        let executable = try builtExecutable().deletingLastPathComponent().appendingPathComponent("LibraryExample")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("LibraryExample was not found beside graphdiff; build it with swift build")
        }
        let expected = try XCTUnwrap(try librarySection().first { $0.info == "text" }?.text)
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
        XCTAssertEqual(String(decoding: out, as: UTF8.self), expected)
    }
}
