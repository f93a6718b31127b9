import GraphDiffJSON

/// An object graph: objects of a schema's entities, matched by identity.
///
/// Objects are kept in an ``ObjectStore`` (rows with an index by identity): lookup
/// by identity is O(1) and nothing depends on where an object stood in a file.
/// Each object stores the values of its entity's ``Entity/storedProperties``;
/// to-many relationships whose inverse is to-one are derived from the members
/// (``members(of:through:)``), and ordered ones are read by walking the
/// prev/next chain (``chain(of:through:)``).
///
/// A graph is a value: changing a copy never changes the original.
///
///     let graph = try Graph.load(contentsOfFile: "Samples/tasks/base.graph.json")
///     let milk = graph.id(entity: "Task", identity: "t1")
///     var copy = graph
///     copy.setValue("Oat milk", of: milk, "title")
///     graph.value(of: milk, "title")   // .string("Milk"): the original is unchanged
public struct Graph: Sendable {
    /// The schema every object conforms to.
    public let schema: Schema
    /// The `$schema` member: a path relative to the graph file.
    public var schemaReference: String?
    /// Key/value pairs that travel with the data (`metadata`); change them
    /// with ``updateMetadata(_:)``, which checks them.
    public package(set) var metadata: JSONObject
    /// Every object, by identity.
    public internal(set) var objects: ObjectStore {
        // Any change to the objects, in place or whole, forgets that they
        // were checked (a `didSet` that reads no old value changes them in
        // place).
        didSet { isKnownConsistent = false }
    }
    /// Whether ``consistencyProblems()`` found nothing in these very
    /// objects: set by a load, forgotten by any change to ``objects``. An
    /// edit of such a graph is checked where it differs
    /// (``consistencyProblems(editedFrom:)``).
    var isKnownConsistent = false
    /// How many ``edit(_:)`` calls are under way on this value: the
    /// consistency check runs when the outermost one ends.
    var editDepth = 0
    /// The inputs whose bytes the canonical writer may copy: an object
    /// whose ``GraphObject/canonicalSource`` names one of them is written
    /// by copying its text (see ``SourceSpan``). The loader sets the input
    /// it read (which then stays in memory as long as the graph or a copy
    /// of it does); a merge result takes those of the three inputs. A graph
    /// built any other way has none, and the graph's equality ignores them.
    package var sources: [SourceBytes] = []

    /// An empty graph of `schema`.
    public init(schema: Schema, schemaReference: String? = nil, metadata: JSONObject = JSONObject()) {
        self.schema = schema
        self.schemaReference = schemaReference
        self.metadata = metadata
        self.objects = [:]
    }

    /// The number of objects.
    public var count: Int { objects.count }

    /// The object with identity `id`.
    public package(set) subscript(id: ObjectID) -> GraphObject? {
        get { objects[id] }
        set { objects[id] = newValue }
    }

    /// The identities of all objects, sorted by entity root then identity.
    ///
    /// - Complexity: O(*n* log *n*).
    public var sortedIDs: [ObjectID] { objects.keys.sorted() }

    /// The ``ObjectID`` of an object of entity `entityName` with identity
    /// `identity`, in the canonical spelling of the entity's identity type
    /// (`007` names the int64 identity `7`); a spelling that is no identity
    /// of that type is kept as given, and names no object.
    public func id(entity entityName: String, identity: String) -> ObjectID {
        guard let entity = schema.entity(named: entityName) else { return ObjectID(entity: entityName, identity: identity) }
        return ObjectID(entity: entity.root, identity: (try? entity.canonicalIdentity(identity).get()) ?? identity)
    }

    /// The value of `property` on the object `id` (stored properties only):
    /// `nil` when the object or property does not exist.
    public func value(of id: ObjectID, _ property: String) -> JSONValue? {
        guard let object = objects[id], schema.entities.indices.contains(object.entityIndex),
              let slot = schema.entities[object.entityIndex].storedSlot[property], slot < object.slotCount
        else { return nil }
        return object.value(at: slot)
    }

    /// The entity of `object`.
    @inlinable public func entity(of object: GraphObject) -> Entity {
        schema.entities[object.entityIndex]
    }

    /// The object referenced by the to-one `relationship` of `id`, if any.
    public func target(of id: ObjectID, _ relationship: Relationship) -> ObjectID? {
        guard let ref = value(of: id, relationship.name)?.stringValue,
            let destination = schema.entity(named: relationship.destination)
        else { return nil }
        return ObjectID(entity: destination.root, identity: ref)
    }
}

/// One object: its concrete entity and the values of its stored properties.
///
/// `entityIndex` is the entity's position in ``Schema/entities`` (see
/// ``Graph/entity(of:)``); `values[i]` belongs to that entity's
/// ``Entity/storedProperties``[i]:
/// an attribute's JSON value (`null` when absent), a to-one reference as the
/// target's identity string or `null`, a many-to-many relationship as a sorted
/// array of identity strings.
///
/// Read the values through ``value(at:)`` and ``reference(at:)`` (or
/// ``Graph/value(of:_:)`` by name); change them through the graph's
/// editing API (``Graph/insert(entity:identity:_:)``,
/// ``Graph/update(_:_:)``, ``Graph/delete(_:)``), which checks them. An
/// object is built by its graph only, so it always fits its entity.
public struct GraphObject: Sendable {
    /// The position of the concrete entity (a sub-entity of the identity's
    /// root, or the root) in ``Schema/entities``.
    public package(set) var entityIndex: Int {
        didSet { canonicalSource = .none }
    }
    /// The values of the entity's stored properties, in the order of
    /// ``Entity/storedProperties``. Prefer the accessor ``value(at:)``, the
    /// way every stage of the library reads them: this one makes an array.
    ///
    /// - Complexity: O(*p*) for *p* values.
    public package(set) var values: [JSONValue] {
        get { row.array }
        set {
            row = ValueRow(newValue)
            canonicalSource = .none
        }
    }
    /// Where the values are kept (``ValueRow``): a run of a buffer shared
    /// with the objects read beside this one. Written only here (``store(_:at:)``).
    @usableFromInline private(set) var row: ValueRow
    /// Byte offset of the object in the file it was read from, or -1.
    public package(set) var sourceOffset: Int
    /// Where the file the object was read from holds exactly the text the
    /// canonical writer gives it (``SourceSpan``), so that the writer
    /// copies those bytes; `.none` when the text was in another layout,
    /// and from the first change to the object's entity or values on.
    package var canonicalSource = SourceSpan.none

    /// An object of the entity at `entityIndex` with `values` in the order of its stored properties.
    package init(entityIndex: Int, values: [JSONValue], sourceOffset: Int = -1) {
        self.init(entityIndex: entityIndex, row: ValueRow(values), sourceOffset: sourceOffset)
    }

    /// An object of the entity at `entityIndex` whose values are `row`.
    init(entityIndex: Int, row: ValueRow, sourceOffset: Int = -1) {
        self.entityIndex = entityIndex
        self.row = row
        self.sourceOffset = sourceOffset
    }

    /// Stores `value` at `slot` (below ``slotCount``), which drops the
    /// object's span: the one write of a value (``setValue(_:at:)``).
    ///
    /// - Complexity: O(1); O(*p*) for *p* values when the values are shared
    ///   with a copy of the object or with the objects read beside it.
    mutating func store(_ value: JSONValue, at slot: Int) {
        row.set(value, at: slot)
        canonicalSource = .none
    }

    /// An object of `entity` with `values` in the order of its stored properties.
    package init(entity: Entity, values: [JSONValue], sourceOffset: Int = -1) {
        self.init(entityIndex: entity.index, values: values, sourceOffset: sourceOffset)
    }
}

extension GraphObject: Equatable {
    /// Same entity and values; where the object was read from does not count.
    public static func == (a: GraphObject, b: GraphObject) -> Bool {
        guard a.entityIndex == b.entityIndex, a.slotCount == b.slotCount else { return false }
        return a.sharesValues(with: b) || (0..<a.slotCount).allSatisfy { a.row[$0] == b.row[$0] }
    }
}

extension Graph: Equatable {
    /// Same schema fingerprint, `$schema`, metadata and objects.
    public static func == (a: Graph, b: Graph) -> Bool {
        a.schema.fingerprint == b.schema.fingerprint && a.schemaReference == b.schemaReference
            && a.metadata == b.metadata && a.objects == b.objects
    }
}
