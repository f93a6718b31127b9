import GraphDiff

/// The report a failed assertion prints: the human report of what differs
/// between what a test expected and what it got, with objects matched by
/// identity (entities, identities, old → new values, order moves), or `nil`
/// when nothing differs.
///
///     if let report = try GraphDifference.report(expected, actual) { print(report) }
///     // ~ Task "t1"
///     //     title: "Milk" → "Oat milk"
public enum GraphDifference {
    /// The differences from graph `expected` to graph `actual`.
    ///
    /// - Throws: what ``ChangeSet/diff(from:to:options:)`` throws (graphs of
    ///   different schemas).
    /// - Complexity: O(*n* + *m*) for *n* and *m* objects.
    public static func report(_ expected: Graph, _ actual: Graph, options: DiffOptions = DiffOptions()) throws -> String? {
        let changes = try ChangeSet.diff(from: expected, to: actual, options: options)
        return changes.isEmpty ? nil : HumanRenderer.render(changes, context: context)
    }

    /// The differences between two versions of an app's values, encoded by
    /// `coder` as one graph each (objects matched by identity).
    ///
    /// - Throws: what ``GraphCoder/graphs(_:)`` throws.
    public static func report(_ expected: [any Encodable], _ actual: [any Encodable], coder: GraphCoder) throws -> String? {
        let graphs = try coder.graphs([expected, actual])
        return try report(graphs[0], graphs[1])
    }

    /// The structural differences between two `Encodable` values as JSON
    /// (``JSONValueEncoder``): arrays of objects are matched by `arrayKey`'s
    /// value when given (as `graphdiff diff --array-key`), else by position.
    ///
    /// - Throws: what the encoder throws.
    public static func report<T: Encodable>(_ expected: T, _ actual: T, arrayKey: String? = nil) throws -> String? {
        let encoder = JSONValueEncoder()
        let entries = JSONDiff.entries(from: try encoder.encode(expected), to: try encoder.encode(actual),
                                       options: JSONDiff.Options(arrayKey: arrayKey))
        return entries.isEmpty ? nil : HumanRenderer.render(entries, context: context)
    }

    static let context = RenderContext(oldName: "expected", newName: "actual")

    /// The failure message for `report`.
    static func message(_ report: String, _ note: String) -> String {
        (note.isEmpty ? "" : note + "\n") + "expected and actual differ (- expected, + actual):\n" + report
    }
}
