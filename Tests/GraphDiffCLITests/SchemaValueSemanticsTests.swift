import Foundation
import XCTest

/// A schema is a value: an app cannot change an entity of a schema it
/// copied (`let s2 = s1; s2.entities[0].attributes.removeAll()` used to
/// empty `s1` too). The compiler is the judge: this test type-checks app
/// code against the built GraphDiff module.
final class SchemaValueSemanticsTests: XCTestCase {
    /// The diagnostics of type-checking `source` with `import GraphDiff`.
    func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let modules = try builtExecutable().deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("GraphDiff.swiftmodule").path) else {
            throw XCTSkip("no GraphDiff.swiftmodule beside the built graphdiff")
        }
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("app.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func test_entitiesOfACopiedSchema_cannotBeChanged() throws {
        let prelude = """
            import GraphDiff
            let s1 = try Schema(name: "S", entities: [Entity(name: "A", identity: "id", attributes: [Attribute(name: "id", type: .string)])])
            let s2 = s1

            """
        let reading = try typecheck(prelude + "print(s2.entities[0].attributes.count, s1.entity(named: \"A\")?.root ?? \"\")\n")
        XCTAssertEqual(reading.status, 0, reading.output)
        for mutation in ["s2.entities[0].attributes.removeAll()", "s2.entities[0].name = \"B\"", "s2.entities[0].isAbstract = true",
                         "s2.entities[0].relationships = []"] {
            let r = try typecheck(prelude + mutation + "\n")
            XCTAssertNotEqual(r.status, 0, mutation)
            XCTAssertTrue(r.output.contains("setter is inaccessible") || r.output.contains("cannot assign"), "\(mutation): \(r.output)")
        }
    }
}
