import GraphDiffJSON

/// Verified application of the structural edits of a graphdiff patch
/// document (no schema).
public enum JSONEdits {
    /// Applies `edits` in order to `document`, checking each old value: a
    /// `replace` or `remove` needs the value it names at its path, an `add`
    /// to an object needs the member absent. When the edits do not match but
    /// their inverse applies whole, the patch is already applied and
    /// `document` comes back unchanged.
    ///
    /// - Note: An element inserted into an array cannot be checked: a patch
    ///   made only of such inserts applies again (inserting again).
    ///
    /// - Returns: the patched document and whether it was already applied.
    /// - Throws: ``PatchError`` (``PatchError/Reason/rejected(_:)``) naming
    ///   the first edit that does not match (nothing is applied).
    /// - Complexity: O(*k* · *s*), *k* edits along paths of containers of size *s*.
    public static func apply(_ edits: [JSONEdit], to document: JSONValue) throws(PatchError) -> (document: JSONValue, alreadyApplied: Bool) {
        do {
            return (try applyChecked(edits, to: document), false)
        } catch let rejected {
            if !edits.isEmpty, (try? applyChecked(edits.inverted(), to: document)) != nil { return (document, true) }
            throw rejected
        }
    }

    static func applyChecked(_ edits: [JSONEdit], to document: JSONValue) throws(PatchError) -> JSONValue {
        var result = document
        for (i, edit) in edits.enumerated() {
            func check(_ path: JSONPointer, _ expected: JSONValue) throws(PatchError) {
                let found = try? JSONPatch.value(at: path.tokens[...], in: result)
                if found.map({ $0 != expected }) ?? true {
                    throw PatchError(.rejected([PatchMismatch(change: i, subject: "\(kind(edit)) \(path)", expected: expected, found: found, reason: "old value does not match")]), change: i)
                }
            }
            let operation: JSONPatch.Operation
            switch edit {
            case .add(let path, let value):
                // A member added to an object must not be there yet (an
                // element inserted into an array cannot be checked).
                if let parent = path.parent, let last = path.tokens.last,
                    case .object(let o)? = try? JSONPatch.value(at: parent.tokens[...], in: result), let existing = o[last] {
                    throw PatchError(.rejected([PatchMismatch(change: i, subject: "add \(path)", expected: nil, found: existing, reason: "the member exists already")]), change: i)
                }
                operation = JSONPatch.Operation(.add, path: path, value: value)
            case .remove(let path, let old):
                try check(path, old)
                operation = JSONPatch.Operation(.remove, path: path)
            case .replace(let path, let old, let new):
                try check(path, old)
                operation = JSONPatch.Operation(.replace, path: path, value: new)
            case .move(let from, let path):
                operation = JSONPatch.Operation(.move, path: path, from: from)
            }
            do {
                result = try JSONPatch([operation]).apply(to: result)
            } catch {
                throw PatchError(.rejected([PatchMismatch(change: i, subject: "\(kind(edit)) \(edit.path)", expected: nil, found: nil, reason: "\(error.message)")]), change: i)
            }
        }
        return result
    }

    static func kind(_ edit: JSONEdit) -> String {
        switch edit {
        case .add: return "add"
        case .remove: return "remove"
        case .replace: return "replace"
        case .move: return "move"
        }
    }
}
