import GraphDiffJSON

/// graphdiff's own patch document (`--format json`), the input of
/// `graphdiff patch`. Specified in man graphdiff(5), section PATCH FILES.
///
/// Graph mode (a schema is known):
///
///     {"format": "graphdiff-patch/1",
///      "schema": {"name": "People", "fingerprint": "sha256:…"},
///      "changes": [
///        {"op": "delete", "entity": "Address", "id": "a2", "values": {…}},
///        {"op": "delete", "entity": "TaskList", "id": "chores", "values": {…}, "chains": {"items": ["t7", "t8"]}},
///        {"op": "insert", "entity": "Address", "id": "a4", "values": {…}},
///        {"op": "update", "entity": "Person", "id": "p1",
///         "properties": {"age": {"old": 23, "new": 24}, "tags": {"added": […], "removed": […]}}},
///        {"op": "order", "entity": "TaskList", "id": "groceries", "relationship": "items",
///         "insert": [{"id": "t5", "after": "t2"}], "remove": [{"id": "t9", "after": "t8"}],
///         "move": [{"id": "t4", "from": "t3", "to": null}]},
///        {"op": "order", "entity": "Board", "id": "b1", "relationship": "cards",
///         "insert": [], "remove": [], "move": [{"id": "c9", "from": "c8", "to": null}],
///         "positions": [{"id": "c9", "old": 9, "new": 0}, {"id": "c1", "old": 0, "new": 1}, …]},
///        {"op": "metadata", "key": "lastSync", "old": "…", "new": "…"}]}
///
/// Structural mode (plain JSON) has no `schema`; its changes are edits at
/// JSON Pointers, applied in order: `{"op": "replace", "path": "/a", "old": 1, "new": 2}`,
/// `{"op": "add", "path": …, "new": …}`, `{"op": "remove", "path": …, "old": …}`,
/// `{"op": "move", "from": …, "path": …}`.
public enum PatchDocument {
    /// The `format` member of every patch document.
    public static let formatTag = "graphdiff-patch/1"

    static func encode(_ kind: PropertyChange.Kind) -> JSONValue {
        switch kind {
        case .attribute(let old, let new): return ["old": old, "new": new]
        case .reference(let old, let new): return ["old": old.map(JSONValue.string) ?? .null, "new": new.map(JSONValue.string) ?? .null]
        case .members(let added, let removed):
            return ["added": .array(added.map(JSONValue.string)), "removed": .array(removed.map(JSONValue.string))]
        }
    }

    /// The document for a structural diff.
    ///
    ///     let document = PatchDocument.encode(JSONDiff.diff(from: a, to: b))
    public static func encode(_ edits: [JSONEdit]) -> JSONValue {
        encode(edits.map { JSONDiff.Entry($0) })
    }

    /// The document for a structural diff whose entries carry locations: an
    /// edit whose location names an array element by its key also has
    /// `"keyPath"`, the location's text (`/[name="six"]/version`), beside its
    /// `"path"`. Readers take `"path"` and ignore `"keyPath"`.
    ///
    ///     let document = PatchDocument.encode(JSONDiff.entries(from: a, to: b, options: .init(arrayKey: "name")))
    public static func encode(_ entries: [JSONDiff.Entry]) -> JSONValue {
        let list: [JSONValue] = entries.map { entry in
            var o: JSONObject
            switch entry.edit {
            case .add(let path, let value): o = ["op": "add", "path": .string(path.description), "new": value]
            case .remove(let path, let old): o = ["op": "remove", "path": .string(path.description), "old": old]
            case .replace(let path, let old, let new): o = ["op": "replace", "path": .string(path.description), "old": old, "new": new]
            case .move(let from, let path): o = ["op": "move", "from": .string(from.description), "path": .string(path.description)]
            }
            if entry.location.hasKey { o["keyPath"] = .string(entry.location.description) }
            return .object(o)
        }
        return ["format": .string(formatTag), "changes": .array(list)]
    }
}
