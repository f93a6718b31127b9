import XCTest

/// The built executable, run as a process: exit statuses and streams as a
/// user (or git) sees them.
final class BinaryTests: XCTestCase {
    func test_binary_validatesASample() throws {
        let r = try runBinary(["validate", samplePath("tasks/base.graph.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "\(samplePath("tasks/base.graph.json")): valid graph of schema \"Tasks\" (8 objects)\n")
    }

    func test_binary_readsStandardInput_andReportsPositions() throws {
        let r = try runBinary(["validate", "-"], stdin: Data("[1,\n 2,,]".utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "-:2:4: expected a value, found ','\n")
    }

    func test_binary_deepNesting_isAnErrorNotACrash() throws {
        let r = try runBinary(["validate", "-"], stdin: Data(String(repeating: "[", count: 100_000).utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "-:1:10001: nesting deeper than 10000 levels\n")
        // 10,000 levels read; written with two spaces a level, 2,500 levels
        // make 12 MB already (10,000 would make 200 MB: a minute in debug).
        let ok = try runBinary(["validate", "-"], stdin: Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8))
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let written = try runBinary(["fmt", "-"], stdin: Data((String(repeating: "[", count: 2_500) + String(repeating: "]", count: 2_500)).utf8))
        XCTAssertEqual(written.status, 0, written.stderr)
        let lines = written.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 5_000)
        XCTAssertEqual(lines[2_499], Substring(String(repeating: " ", count: 2 * 2_499) + "[]"))
    }

    func test_binary_usageError_exit2() throws {
        XCTAssertEqual(try runBinary(["--nope"]).status, 2)
    }
}
