import Foundation
import XCTest

/// A result written to standard output redirected to a regular file
/// (`> out/merged.graph.json`) gets its `$schema` rewritten for where that
/// file is, as `-o` does, so it validates there; through a pipe it is
/// written as in the input. Found by testing: the redirect kept the
/// inputs' relative `$schema`, and `validate` of the file failed.
final class StandardOutputFileTests: XCTestCase {
    func test_redirectedResult_findsItsSchema_pipedResultIsUnchanged() throws {
        let directory = try temporaryDirectory(self)
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let (v1, v2) = (samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json"))
        let schema = samplePath("people/people.schema.json")
        let cases: [(String, [String])] = [
            ("fmt", ["fmt", v1]),
            ("merge", ["merge", v1, v2, v1]),
            ("patch", ["patch", "--format", "merge-patch", v1, "-"]),
            ("migrate", ["migrate", v1, "--to", schema]),
        ]
        let patch = directory.appendingPathComponent("empty.json")
        try Data("{}".utf8).write(to: patch)
        for (name, arguments) in cases {
            let file = out.appendingPathComponent("\(name).graph.json")
            FileManager.default.createFile(atPath: file.path, contents: nil)
            let r = try RedirectedRun(arguments: arguments, stdinFile: patch.path, stdoutFile: file.path).run()
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            let validate = try RedirectedRun(arguments: ["validate", file.path]).run()
            XCTAssertEqual(validate.status, 0, "\(name): \(validate.stdout)\(validate.stderr)")
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertFalse(text.contains(#""$schema": "people.schema.json""#), "\(name): \(text.prefix(80))")
            // Through a pipe: as in the input (migrate names NEW as given).
            guard name != "migrate" else { continue }
            let piped = try RedirectedRun(arguments: arguments, stdinFile: patch.path).run()
            XCTAssertTrue(piped.stdout.contains(#""$schema": "people.schema.json""#), "\(name): \(piped.stdout.prefix(80))")
        }
    }
}
