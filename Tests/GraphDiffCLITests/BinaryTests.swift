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
        let ok = try runBinary(["fmt", "-"], stdin: Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8))
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }

    func test_binary_usageError_exit2() throws {
        XCTAssertEqual(try runBinary(["--nope"]).status, 2)
    }
}
