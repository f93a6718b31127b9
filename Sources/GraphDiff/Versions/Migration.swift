import GraphDiffJSON

/// Moves graphs from one version of a model to the next, for the changes
/// Core Data's lightweight migration infers.
///
/// Entities and properties pair through ``SchemaCorrespondence`` (renaming
/// identifier, then name). For each object of an entity that NEW keeps:
///
/// - renamed entities and properties keep their values under the new names;
///   references and chain links need no rewriting, as they hold identities;
/// - an added attribute gets its default, or `null` when it has none (it is
///   then optional: a required one without a default needs a mapping);
/// - a required attribute with a default gets it where the value was `null`;
/// - removed attributes and relationships are dropped, as are the objects of
///   removed entities, with every reference to them (a to-one becomes
///   `null`, a many-to-many loses the member);
/// - an attribute that became transient loses its values (`null`), as does
///   a transient one whose type changed (its values are not stored);
/// - an entity whose parent changed (to an entity NEW adds, or to none)
///   keeps its objects, which gain the properties it now inherits (their
///   defaults) and lose those it no longer does; their identities must be
///   unique in the new root;
/// - every owner keeps its order exactly when a relationship changes how it
///   keeps it (a chain, an array on the owner, an index attribute on the
///   members; see ``Ordering``): the OLD order is read and written in the
///   NEW storage, an index numbered 0, 1, 2, …. A relationship that became
///   ordered is ordered by identity (the UTF-8 byte order of the
///   identities, the order of the canonical file), except one kept by an
///   index attribute its members already stored in OLD, whose values are
///   the order and stay as they are. One that became
///   unordered keeps its members: chain links are `null` where NEW keeps
///   them as plain relationships, an array becomes a sorted many-to-many,
///   index values stay as plain values;
/// - a to-one that became a to-many stored on this side (an inverse that
///   became a to-many, as Core Data infers) holds a list of the one
///   reference (`[]` for `null`); other changes of storage (to-many to
///   to-one, a to-many that becomes derived from a new to-one inverse)
///   need a mapping.
///
/// Metadata is kept; a `schemaFingerprint` in it is set to NEW's. The
/// `$schema` reference is kept: the caller knows where NEW is.
///
/// Changes that need a mapping (those ``SchemaDiff/changes(from:to:)``
/// classifies ``SchemaChange/Migration/mapping``: a type change, a required
/// attribute without a default, …) are refused before anything is done. Whatever comes out is checked as the loader checks a
/// file (every value against its property, then references, inverses and
/// chains), so a migration never returns a graph NEW does not accept.
///
///     let v2 = try Schema.load(contentsOfFile: "Tasks-2.schema.json")
///     let migrated = try graph.migrated(to: v2)
///     migrated.schema.fingerprint == v2.fingerprint   // true
///
/// - Complexity: O(*n* · *p* + *m* log *m*), where *n* is the number of
///   objects, *p* the number of stored properties per object and *m* the
///   number of members of relationships whose order is written anew.
public struct Migration: Sendable {
    /// The schema the graphs are in.
    public let old: Schema
    /// The schema they move to.
    public let new: Schema
    /// How OLD's entities and properties pair with NEW's.
    public let correspondence: SchemaCorrespondence
    /// The changes from ``old`` to ``new`` that need a mapping
    /// (``SchemaDiff/changes(from:to:)`` classified
    /// ``SchemaChange/Migration/mapping``), in its order: when there are
    /// any, ``apply(to:)`` refuses.
    public let mappingChanges: [SchemaChange]

    /// Per OLD entity (by position): how its objects become objects of NEW,
    /// or `nil` when NEW drops the entity.
    let plans: [_EntityPlan?]
    /// NEW's ordered relationships whose order is written anew.
    let ordersToWrite: [_OrderConversion]

    /// A migration from `old` to `new`.
    ///
    /// - Complexity: O(*e* · *p*) in the entities and their properties.
    public init(from old: Schema, to new: Schema) {
        self.old = old
        self.new = new
        let correspondence = SchemaCorrespondence(old: old, new: new)
        self.correspondence = correspondence
        self.mappingChanges = SchemaDiff.changes(from: old, to: new).filter { $0.migration == .mapping }
        let unlinked = Migration._droppedLinks(old: old, new: new, correspondence)
        self.ordersToWrite = Migration._ordersToWrite(old: old, new: new, correspondence)
        self.plans = old.entities.map { entity in
            _EntityPlan(old: old, new: new, entity: entity, correspondence, unlinked: unlinked)
        }
    }

    /// The graph `graph` (of ``old``) as a graph of ``new``.
    ///
    ///     let migrated = try Migration(from: v1, to: v2).apply(to: graph)
    ///
    /// - Parameter graph: a graph of ``old``.
    /// - Returns: a graph of ``new`` with the same metadata and `$schema`.
    /// - Throws: ``MigrationError/needsMapping(_:)`` when a change between the
    ///   schemas needs a mapping (nothing is migrated);
    ///   ``MigrationError/invalidResult(_:)`` listing every problem when the
    ///   result is no valid graph of NEW (a removed entity's object was the
    ///   target of a required reference, say), or with one problem of kind
    ///   `schemaMismatch` when `graph` is not a graph of ``old``.
    /// - Complexity: O(*n* · *p* + *m* log *m*); see ``Migration``.
    public func apply(to graph: Graph) throws(MigrationError) -> Graph {
        guard graph.schema.fingerprint == old.fingerprint else {
            throw .invalidResult([GraphProblem(.schemaMismatch,
                "the graph is of schema \"\(graph.schema.name)\" (\(graph.schema.fingerprint)), not of the migration's old schema \"\(old.name)\" (\(old.fingerprint))")])
        }
        let shape = graph.shapeProblems()
        if !shape.isEmpty { throw .invalidResult(shape) }
        if !mappingChanges.isEmpty { throw .needsMapping(mappingChanges) }
        var result = Graph(schema: new, schemaReference: graph.schemaReference, metadata: graph.metadata)
        if result.metadata["schemaFingerprint"] != nil {
            result.metadata["schemaFingerprint"] = .string(new.fingerprint)
        }
        var problems: [GraphProblem] = []
        var store = ObjectStore()
        store.reserveCapacity(graph.count)
        for row in 0..<graph.objects.rowCount {
            guard let object = graph.objects.object(atRow: row), let plan = plans[object.entityIndex] else { continue }
            let id = graph.objects.id(atRow: row)
            let entity = new.entities[plan.entityIndex]
            if entity.isAbstract {
                problems.append(GraphProblem(.abstractEntity, "entity \(entity.name) is abstract in the new schema",
                                             entity: entity.name, identity: id.identity))
                continue
            }
            var values: [JSONValue] = []
            values.reserveCapacity(plan.sources.count)
            for source in plan.sources {
                switch source {
                case .copy(let slot): values.append(object.value(at: slot))
                case .copyOrDefault(let slot, let value):
                    let old = object.value(at: slot)
                    values.append(old.isNull ? value : old)
                case .constant(let value): values.append(value)
                case .wrapped(let slot): values.append(StoredValue.list(object.references(at: slot)))
                case .sorted(let slot): values.append(StoredValue.sortedMembers(object.references(at: slot)))
                }
            }
            let newID = ObjectID(entity: entity.root, identity: id.identity)
            // Objects of entities that now share a root must keep unique identities.
            if store[newID] != nil {
                problems.append(GraphProblem(.duplicateIdentity,
                    "identity \"\(id.identity)\" is used twice in the hierarchy of \(entity.root) in the new schema",
                    entity: entity.name, identity: id.identity))
                continue
            }
            store[newID] = GraphObject(entityIndex: plan.entityIndex, values: values)
        }
        result.objects = store
        result._dropReferencesToMissingObjects()
        for conversion in ordersToWrite { result._writeOrders(conversion, from: graph) }
        problems += result._valueProblems()
        if problems.isEmpty { problems = result.consistencyProblems() }
        if !problems.isEmpty { throw .invalidResult(problems.sorted(by: GraphProblem.subjectOrder)) }
        return result
    }

}

extension Graph {
    /// This graph as a graph of `schema`, for the changes Core Data's
    /// lightweight migration infers: ``Migration/apply(to:)`` of a
    /// ``Migration`` from this graph's schema to `schema`.
    ///
    ///     let migrated = try graph.migrated(to: v2)
    ///
    /// - Parameter schema: the next version of the graph's schema.
    /// - Returns: a valid graph of `schema`.
    /// - Throws: ``MigrationError`` when a change needs a mapping or the
    ///   result would not be valid.
    /// - Complexity: see ``Migration``.
    public func migrated(to schema: Schema) throws(MigrationError) -> Graph {
        try Migration(from: self.schema, to: schema).apply(to: self)
    }
}

/// Why a graph could not be migrated.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Changes between the schemas that need a mapping model; each names
    /// its entity, property and reason.
    case needsMapping([SchemaChange])
    /// The migrated graph would not be valid under the new schema: every
    /// problem, by subject.
    case invalidResult([GraphProblem])

    /// One line per change or problem.
    public var description: String {
        switch self {
        case .needsMapping(let changes):
            return changes.map { c in
                let subject = c.entity + (c.property.map { "." + $0 } ?? "")
                return "\(subject): \(c.kind.rawValue)\(c.aspect.map { " (\($0))" } ?? ""): needs a mapping: \(c.reason)"
            }.joined(separator: "\n")
        case .invalidResult(let problems):
            return problems.map(\.description).joined(separator: "\n")
        }
    }
}
