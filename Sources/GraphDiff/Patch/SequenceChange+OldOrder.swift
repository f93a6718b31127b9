extension SequenceChange {
    /// The old order as the change states it, in words: where each removed
    /// and each moved member was (`"t2" after "t1"`, `"t4" first`), and
    /// which inserted members were not there (`"t6" absent`), in the order
    /// of the change's entries; at most `limit` entries, then `…`.
    ///
    ///     // {"op": "order", "move": [{"id": "t2", "from": "t1", "to": null}], "insert": [{"id": "t6", "after": "t3"}]}
    ///     change.oldOrderDescription()   // "t2" after "t1", "t6" absent
    ///
    /// What a patch's order mismatch shows as expected: a change lists the
    /// members it changes, not the whole old sequence.
    public func oldOrderDescription(limit: Int = 10) -> String {
        func position(_ member: String, after: String?) -> String {
            after.map { "\"\(member)\" after \"\($0)\"" } ?? "\"\(member)\" first"
        }
        let entries = removed.map { position($0.member, after: $0.after) }
            + moved.map { position($0.member, after: $0.from) }
            + inserted.map { "\"\($0.member)\" absent" }
        let shown = entries.count > limit ? entries.prefix(limit) + ["…"] : entries[...]
        return shown.joined(separator: ", ")
    }
}
