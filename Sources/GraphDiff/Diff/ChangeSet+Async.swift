import GraphDiffJSON

extension ChangeSet {
    /// Diffs two graphs without blocking the caller: ``diff(from:to:options:)``,
    /// awaited, on a thread of its own and both cores.
    ///
    ///     let changes = try await ChangeSet.diff(from: old, to: new)
    public static func diff(from old: Graph, to new: Graph, options: DiffOptions = DiffOptions()) async throws -> ChangeSet {
        try await onLargeStackThread { try diff(from: old, to: new, options: options) }
    }
}
