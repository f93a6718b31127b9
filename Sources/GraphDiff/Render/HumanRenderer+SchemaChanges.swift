/// The readable report of `graphdiff schema diff` (`--format human`).
extension HumanRenderer {
    /// The report of the changes between two versions of a model, grouped by
    /// entity (in the order of ``SchemaDiff/changes(from:to:)``), then a
    /// summary line; empty when nothing changed.
    ///
    /// An entity added or removed is one line, `+ NAME` or `- NAME`; any
    /// other entity with changes gets a header `~ NAME` and a line for each
    /// change: `renamed from OLD` and `ASPECT: OLD → NEW` for the entity
    /// itself, `+ PROPERTY`, `- PROPERTY`, `~ PROPERTY: renamed from OLD` and
    /// `~ PROPERTY: ASPECT OLD → NEW` for its properties. Every line ends with
    /// its classification and reason in parentheses, in red when the change
    /// needs a mapping and colour is on.
    ///
    ///     ~ Todo
    ///         + due  (inferred: optional)
    ///         ~ priority: type "int32" → "int64"  (mapping: values must be converted from int32 to int64)
    ///
    ///     2 changes: 1 inferred, 1 needs a mapping
    ///
    /// - Parameters:
    ///   - changes: the changes, as ``SchemaDiff/changes(from:to:)`` orders them.
    ///   - context: whether to colour (the input names are not shown).
    /// - Complexity: O(*n*), where *n* is the number of changes.
    public static func render(_ changes: [SchemaChange], context: RenderContext) -> String {
        guard !changes.isEmpty else { return "" }
        var out = ""
        var current: String?
        for c in changes {
            let reason = "(\(c.migration.rawValue): \(c.reason))"
            let why = "  " + (c.migration == .mapping ? context.paint(reason, .red) : reason)
            if c.property == nil && (c.kind == .added || c.kind == .removed) {
                let sign = c.kind == .added ? "+" : "-"
                out += context.paint(sign, c.kind == .added ? .green : .red) + " " + context.paint(c.entity, .bold) + why + "\n"
                current = nil
                continue
            }
            if current != c.entity {
                out += context.paint("~", .yellow) + " " + context.paint(c.entity, .bold) + "\n"
                current = c.entity
            }
            out += "    " + schemaChangeText(c, context) + why + "\n"
        }
        let mapping = changes.filter { $0.migration == .mapping }.count
        let noun = changes.count == 1 ? "change" : "changes"
        let verb = mapping == 1 ? "needs" : "need"
        return out + "\n\(changes.count) \(noun): \(changes.count - mapping) inferred, \(mapping) \(verb) a mapping\n"
    }

    /// The line of one change within its entity's group, without the reason.
    static func schemaChangeText(_ c: SchemaChange, _ context: RenderContext) -> String {
        let values = text(c.oldValue ?? .null) + " → " + text(c.newValue ?? .null)
        let aspect = c.aspect ?? ""
        guard let property = c.property else {
            return c.kind == .renamed ? "renamed from \(c.from ?? "")" : "\(aspect): \(values)"
        }
        switch c.kind {
        case .added: return context.paint("+", .green) + " " + property
        case .removed: return context.paint("-", .red) + " " + property
        case .renamed: return context.paint("~", .yellow) + " \(property): renamed from \(c.from ?? "")"
        case .modified: return context.paint("~", .yellow) + " \(property): \(aspect) \(values)"
        }
    }
}
