import Foundation
import XCTest

/// Dependencies point down the pipeline only: Tests/scripts/check-layers.sh
/// (which CI also runs first) finds no file of the library that uses a
/// symbol of a stage above its own, and its self-test still catches the
/// violations of its fixture. It reads the sources; nothing is built.
final class PipelineLayerTests: XCTestCase {
    func test_checkLayers_findsNoUseAgainstThePipelinesOrder() throws {
        let (status, output) = try checkLayers([])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "")
    }

    func test_checkLayers_selfTest_catchesItsFixturesViolations() throws {
        let (status, output) = try checkLayers(["--self-test"])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "check-layers --self-test: a fixture's violations found, a clean fixture passes\n")
    }

    /// The script's exit status and its output and errors together.
    func checkLayers(_ arguments: [String]) throws -> (Int32, String) {
        let script = packageRoot.appendingPathComponent("Tests/scripts/check-layers.sh")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "--version"]
        python.standardOutput = FileHandle.nullDevice
        python.standardError = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw XCTSkip("python3 is not installed: check-layers.sh was not run") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
