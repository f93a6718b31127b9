extension GitDiffArguments {
    /// Whether these arguments describe a rename or copy that left the
    /// content as it was (git's "similarity index 100%"): git passes 9
    /// arguments, and both sides hold the same bytes.
    ///
    /// For such a path `git diff -M` prints the header and git's metainfo
    /// only (``header``), no `---`/`+++` lines and no hunks, and so does the
    /// driver:
    ///
    ///     diff --git a/old.graph.json b/new.graph.json
    ///     similarity index 100%
    ///     rename from old.graph.json
    ///     rename to new.graph.json
    ///
    /// - Parameters:
    ///   - old: the old side's bytes (`nil` when missing or unreadable).
    ///   - new: the new side's bytes.
    /// - Complexity: O(*n*), where *n* is the size of a side.
    package func isPureRename(old: [UInt8]?, new: [UInt8]?) -> Bool {
        guard case .change(_, let oldSide, let newSide, .some, _) = self,
              !oldSide.isMissing, !newSide.isMissing, let old, let new
        else { return false }
        return old == new
    }
}
