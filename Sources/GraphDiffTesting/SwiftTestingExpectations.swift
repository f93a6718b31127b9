#if canImport(Testing)
import GraphDiff
import Testing

/// Records an issue when two graphs differ, with the human report of the
/// differences at the caller's line (Swift Testing's `#expect` for graphs).
///
///     @Test func merging() throws {
///         expectNoGraphDifference(try Graph.load(contentsOfFile: "expected.json"), merged.graph)
///     }
public func expectNoGraphDifference(
    _ expected: @autoclosure () throws -> Graph, _ actual: @autoclosure () throws -> Graph, _ comment: Comment? = nil,
    options: DiffOptions = DiffOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    _record({ try GraphDifference.report(try expected(), try actual(), options: options) }, comment, sourceLocation)
}

/// Records an issue when two versions of an app's values differ as graphs
/// (`coder` encodes each), with the human report of the differences.
public func expectNoGraphDifference(
    _ expected: @autoclosure () throws -> [[any Encodable]], _ actual: @autoclosure () throws -> [[any Encodable]], coder: GraphCoder,
    _ comment: Comment? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    _record({ try GraphDifference.report(try expected().flatMap { $0 }, try actual().flatMap { $0 }, coder: coder) }, comment, sourceLocation)
}

/// Records an issue when two `Encodable` values differ as JSON, with the
/// structural report (arrays of objects matched by `arrayKey` when given).
public func expectNoJSONDifference<T: Encodable>(
    _ expected: @autoclosure () throws -> T, _ actual: @autoclosure () throws -> T, arrayKey: String? = nil,
    _ comment: Comment? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    _record({ try GraphDifference.report(try expected(), try actual(), arrayKey: arrayKey) }, comment, sourceLocation)
}

private func _record(_ report: () throws -> String?, _ comment: Comment?, _ location: Testing.SourceLocation) {
    let note = comment?.rawValue ?? ""
    do {
        if let report = try report() { Issue.record(Comment(rawValue: GraphDifference.message(report, note)), sourceLocation: location) }
    } catch {
        Issue.record(Comment(rawValue: (note.isEmpty ? "" : note + "\n") + "could not compare: \(error)"), sourceLocation: location)
    }
}
#endif
