import GraphDiffJSON

extension ChangeSet {
    /// Applies the changes without blocking the caller: ``apply(to:force:)``, awaited.
    public func apply(to target: Graph, force: Bool = false) async throws -> PatchOutcome {
        let changes = self
        return try await onLargeStackThread { try changes.apply(to: target, force: force) }
    }
}
