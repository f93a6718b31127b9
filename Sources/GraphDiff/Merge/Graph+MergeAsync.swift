import GraphDiffJSON

extension Graph {
    /// Merges without blocking the caller: ``merge(base:mine:theirs:prefer:ignored:detectsRekeys:)``,
    /// awaited, on a thread of its own and both cores.
    ///
    ///     let result = try await Graph.merge(base: base, mine: mine, theirs: theirs)
    public static func merge(base: Graph, mine: Graph, theirs: Graph, prefer: MergeSide? = nil,
                             ignored: IgnoredProperties = IgnoredProperties(), detectsRekeys: Bool = true) async throws -> MergeResult {
        try await onLargeStackThread {
            try merge(base: base, mine: mine, theirs: theirs, prefer: prefer, ignored: ignored, detectsRekeys: detectsRekeys)
        }
    }
}
