#if canImport(XCTest)
import GraphDiff
import XCTest

/// Fails when two graphs differ, with the human report of the differences
/// (objects matched by identity, old → new values, order moves) at the
/// caller's line.
///
///     XCTAssertNoGraphDifference(try Graph.load(contentsOfFile: "expected.json"), merged.graph)
///     // failed: expected and actual differ (- expected, + actual):
///     // ~ Task "t1"
///     //     title: "Milk" → "Oat milk"
public func XCTAssertNoGraphDifference(
    _ expected: @autoclosure () throws -> Graph, _ actual: @autoclosure () throws -> Graph, _ message: @autoclosure () -> String = "",
    options: DiffOptions = DiffOptions(), file: StaticString = #filePath, line: UInt = #line
) {
    _check({ try GraphDifference.report(try expected(), try actual(), options: options) }, message(), file, line)
}

/// Fails when two versions of an app's values differ as graphs (`coder`
/// encodes each), with the human report of the differences.
///
///     XCTAssertNoGraphDifference([lists, tasks], [loadedLists, loadedTasks], coder: coder)
public func XCTAssertNoGraphDifference(
    _ expected: @autoclosure () throws -> [[any Encodable]], _ actual: @autoclosure () throws -> [[any Encodable]], coder: GraphCoder,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    _check({ try GraphDifference.report(try expected().flatMap { $0 }, try actual().flatMap { $0 }, coder: coder) }, message(), file, line)
}

/// Fails when two `Encodable` values differ as JSON, with the structural
/// report (arrays of objects matched by `arrayKey` when given).
///
///     XCTAssertNoJSONDifference(expectedSettings, settings, arrayKey: "id")
public func XCTAssertNoJSONDifference<T: Encodable>(
    _ expected: @autoclosure () throws -> T, _ actual: @autoclosure () throws -> T, arrayKey: String? = nil,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    _check({ try GraphDifference.report(try expected(), try actual(), arrayKey: arrayKey) }, message(), file, line)
}

private func _check(_ report: () throws -> String?, _ note: String, _ file: StaticString, _ line: UInt) {
    do {
        if let report = try report() { XCTFail(GraphDifference.message(report, note), file: file, line: line) }
    } catch {
        XCTFail((note.isEmpty ? "" : note + "\n") + "could not compare: \(error)", file: file, line: line)
    }
}
#endif
