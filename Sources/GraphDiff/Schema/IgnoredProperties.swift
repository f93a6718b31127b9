import GraphDiffJSON

/// Properties of a graph whose differences do not count, named
/// `ENTITY.PROPERTY`: `Task.updatedAt`, `*.modifiedAt` (every entity with
/// that attribute), or `metadata.NAME` for a member of the graph's metadata
/// (unless the schema has an entity named `metadata`).
///
///     let ignored = try IgnoredProperties(["Task.updatedAt", "*.modifiedAt"], schema: schema)
///     let changes = try ChangeSet.diff(from: old, to: new, options: DiffOptions(ignored: ignored))
///
/// Only attributes can be ignored: relationships carry inverses and chains,
/// which must stay consistent. A sub-entity inherits its parent's ignored
/// properties. `ENTITY.*` is refused: objects inserted and deleted always
/// count, and ignoring every property of an entity would hide its objects'
/// edits whole; name the properties. The schema's `diff.ignore` and the
/// command line's `--ignore` both go through here.
public struct IgnoredProperties: Sendable {
    /// The names as given.
    public let names: [String]
    /// Per entity (by position in the schema): the stored slots ignored.
    package let slots: [Set<Int>]
    /// The metadata members ignored.
    package let metadata: Set<ExactString>

    /// Nothing ignored.
    public init() {
        names = []
        slots = []
        metadata = []
    }

    /// Resolves `names` against `schema`.
    ///
    /// - Throws: ``SchemaError`` with one problem per name that is not
    ///   `ENTITY.PROPERTY`, names an unknown entity or property, a
    ///   relationship, or `ENTITY.*` (each at the path `diff`, `ignore`,
    ///   its position).
    /// - Complexity: O(*k* · *e*) for *k* names and *e* entities.
    public init(_ names: [String], schema: Schema) throws(SchemaError) {
        let resolved = IgnoredProperties.resolve(names, entities: schema.entities, index: schema.entityIndex)
        if !resolved.problems.isEmpty { throw SchemaError(problems: resolved.problems) }
        self.names = names
        self.slots = resolved.slots
        self.metadata = resolved.metadata
    }

    /// Whether nothing is ignored.
    public var isEmpty: Bool { names.isEmpty }

    /// These properties and `other`'s (resolved against the same schema):
    /// what a command ignores is the schema's `diff.ignore` with its own
    /// `--ignore` added. Diff, merge and the document diffs all ask this.
    ///
    /// - Complexity: O(*e* + *k*) for *e* entities and *k* names.
    package func adding(_ other: IgnoredProperties) -> IgnoredProperties {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let count = Swift.max(slots.count, other.slots.count)
        return IgnoredProperties(names: names + other.names, slots: (0..<count).map { slots(of: $0).union(other.slots(of: $0)) },
                                 metadata: metadata.union(other.metadata))
    }

    private init(names: [String], slots: [Set<Int>], metadata: Set<ExactString>) {
        self.names = names
        self.slots = slots
        self.metadata = metadata
    }

    /// The names of the metadata members ignored (`metadata.NAME`).
    public var metadataNames: Set<String> { Set(metadata.map(\.string)) }

    /// The slots ignored for the entity at `entityIndex`.
    package func slots(of entityIndex: Int) -> Set<Int> {
        entityIndex < slots.count ? slots[entityIndex] : []
    }

    /// The rule, shared by the schema's loader (`diff.ignore`) and
    /// ``init(_:schema:)``.
    static func resolve(_ names: [String], entities: [Entity], index: [String: Int])
        -> (slots: [Set<Int>], metadata: Set<ExactString>, problems: [SchemaProblem])
    {
        var slots = [Set<Int>](repeating: [], count: entities.count)
        var metadata = Set<ExactString>()
        var problems: [SchemaProblem] = []
        for (position, name) in names.enumerated() {
            func problem(_ message: String) {
                problems.append(SchemaProblem("\"\(name)\": \(message)", path: ["diff", "ignore", String(position)]))
            }
            guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
                problem("expected ENTITY.PROPERTY (or *.PROPERTY)")
                continue
            }
            let entityName = String(name[..<dot]), property = String(name[name.index(after: dot)...])
            if property == "*" {
                problem("a whole entity cannot be ignored; name its properties")
                continue
            }
            if entityName == "metadata" && index["metadata"] == nil {
                metadata.insert(ExactString(property))
                continue
            }
            var targets: [Int]
            if entityName == "*" {
                targets = entities.indices.filter { entities[$0].property(named: property)?.attribute != nil }
                if targets.isEmpty {
                    let isRelationship = entities.contains { $0.property(named: property)?.relationship != nil }
                    problem(isRelationship ? "a relationship; only attributes can be ignored" : "no entity has an attribute \"\(property)\"")
                    continue
                }
            } else {
                guard let e = index[entityName] else {
                    problem("no entity \"\(entityName)\" in the schema")
                    continue
                }
                guard let p = entities[e].property(named: property) else {
                    problem("entity \"\(entityName)\" has no property \"\(property)\"")
                    problems[problems.count - 1].absentProperty = "\(entityName).\(property)"
                    continue
                }
                guard p.attribute != nil else {
                    problem("a relationship; only attributes can be ignored")
                    continue
                }
                // The entity and every entity inheriting from it.
                targets = entities.indices.filter { $0 == e || entities[$0].kindIndices.contains(e) }
            }
            for t in targets {
                if let slot = entities[t].storedSlot[property] { slots[t].insert(slot) }
            }
        }
        return (slots, metadata, problems)
    }
}
