import GraphDiffJSON

/// The interchange form of `graphdiff schema diff` (`--format json`):
/// `{"format": "graphdiff-schema-diff/1", "changes": [...]}`.
///
/// Each change is an object with `change` (`added`, `removed`, `renamed` or
/// `modified`), `entity` (its name in NEW, or in OLD when removed),
/// `property` (absent for a change of the entity itself), `from` (the old
/// name, for a rename), `aspect`, `old` and `new` (for a modification; `null`
/// where there is no value), `migration` (`inferred` or `mapping`) and
/// `reason`. The changes are in the order of ``SchemaDiff/changes(from:to:)``.
///
///     {"format": "graphdiff-schema-diff/1", "changes": [
///       {"aspect": "type", "change": "modified", "entity": "Todo", "migration": "mapping",
///        "new": "int64", "old": "int32", "property": "priority", "reason": "values must be converted from int32 to int64"}]}
public enum SchemaDiffDocument {
    /// The `format` member of the document.
    public static let formatTag = "graphdiff-schema-diff/1"

    /// The document of `changes`.
    ///
    ///     JSONWriter.canonical(SchemaDiffDocument.encode(SchemaDiff.changes(from: v1, to: v2)))
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes.
    public static func encode(_ changes: [SchemaChange]) -> JSONValue {
        var document = JSONObject()
        document["format"] = .string(formatTag)
        document["changes"] = .array(changes.map(encode))
        return .object(document)
    }

    /// One change as an object.
    static func encode(_ c: SchemaChange) -> JSONValue {
        var o = JSONObject()
        o["change"] = .string(c.kind.rawValue)
        o["entity"] = .string(c.entity)
        if let p = c.property { o["property"] = .string(p) }
        if let from = c.from { o["from"] = .string(from) }
        if let aspect = c.aspect {
            o["aspect"] = .string(aspect)
            o["old"] = c.oldValue ?? .null
            o["new"] = c.newValue ?? .null
        }
        o["migration"] = .string(c.migration.rawValue)
        o["reason"] = .string(c.reason)
        return .object(o)
    }
}
