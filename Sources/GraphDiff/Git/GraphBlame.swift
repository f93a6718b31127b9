import GraphDiffJSON

/// Who set what: for every property of every object of a graph file (or of
/// the objects asked for), the version that last set its current value,
/// and for every member of an ordered relationship the version that last
/// placed it (inserted or moved it there). `graphdiff blame` feeds it the
/// versions of a file from git, newest first, one neighbour pair at a time.
///
/// The versions are numbered from 0, the current one. Walking back, a
/// subject is attributed to version *i* when version *i* + 1 (older) has
/// another value, or no such object, or no such property; a member's place
/// when the diff from *i* + 1 to *i* inserts or moves it, or when either
/// object is new in *i*. What is left when the walk stops belongs to the
/// oldest version seen (``attributions(oldest:)``). Values are compared as
/// JSON values (numbers by value); placements need both versions as
/// graphs (a version with no schema ends the placements' walk there).
///
///     var blame = GraphBlame(current: versions[0])
///     for i in 0..<versions.count - 1 where !blame.isComplete {
///         blame.attribute(from: versions[i + 1], to: versions[i], newer: i)
///     }
///     let lines = blame.attributions(oldest: versions.count - 1)
///
/// - Complexity: each step is O(*p* + *n*), where *p* is the number of
///   subjects still unattributed and *n* the objects of the older version
///   (indexed once), plus a graph diff while placements are unattributed.
public struct GraphBlame: Sendable {
    /// What is attributed: a property of an object, or the place of a
    /// member in an ordered relationship of its owner.
    public struct Subject: Hashable, Sendable {
        /// The object's entity, as the file names it.
        public var entity: String
        /// The object's identity.
        public var identity: String
        /// The property; for a place, the ordered relationship.
        public var property: String
        /// For a place, the member's identity; `nil` for a property.
        public var member: String?

        /// The subject as a line of `graphdiff textconv` names it:
        /// `Task t3.title`, or `TaskList groceries.items[t4]` for a place.
        public var text: String {
            var bytes = IdentityText._name(entity) + [UInt8(ascii: " ")] + IdentityText._name(identity)
            bytes += [UInt8(ascii: ".")] + IdentityText._name(property)
            if let member { bytes += [UInt8(ascii: "[")] + IdentityText._name(member) + [UInt8(ascii: "]")] }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// One version of the file: its JSON, and its graph when it has a schema.
    public struct Version: Sendable {
        /// The document.
        public var document: JSONValue
        /// The document as a graph; `nil` when it could not be read as one.
        public var graph: Graph?

        /// The version `document`, read as `graph` when it is one.
        public init(document: JSONValue, graph: Graph?) {
            self.document = document
            self.graph = graph
        }
    }

    /// A subject, its current value (`nil` for a place), and the version
    /// that set it.
    public struct Attribution: Sendable, Equatable {
        /// What was set.
        public var subject: Subject
        /// Its current value; `nil` for a place.
        public var value: JSONValue?
        /// The number of the version that set it (0: the current one).
        public var version: Int
    }

    /// The subjects, in output order, with their current values.
    let _subjects: [(Subject, JSONValue?)]
    /// Unattributed properties: entity → identity → property → current value.
    var _pendingProperties: [String: [String: [String: JSONValue]]]
    /// Unattributed places.
    var _pendingPlaces: Set<Subject>
    /// The version of every attributed subject.
    var _versions: [Subject: Int] = [:]

    /// The subjects of `current`: every stored property of every object
    /// (or of the objects `objects` names, as entity and identity pairs),
    /// sorted as `graphdiff textconv` sorts its lines, each followed by
    /// the places of its ordered relationships' members in order.
    public init(current: Version, objects: Set<ObjectName>? = nil) {
        var subjects: [(Subject, JSONValue?)] = []
        var pending: [String: [String: [String: JSONValue]]] = [:]
        let places = current.graph.map { Self._places(of: $0) } ?? [:]
        if let entities = IdentityText._graphObjects(current.document) {
            for entity in entities.sortedMembers {
                for object in entity.value.objectValue?.sortedMembers ?? [] {
                    if let objects, !objects.contains(ObjectName(entity: entity.key, identity: object.key)) { continue }
                    var names: [String: JSONValue] = [:]
                    for property in object.value.objectValue?.sortedMembers ?? [] {
                        subjects.append((Subject(entity: entity.key, identity: object.key, property: property.key), property.value))
                        names[property.key] = property.value
                        for member in places[ObjectName(entity: entity.key, identity: object.key)]?[property.key] ?? [] {
                            subjects.append((Subject(entity: entity.key, identity: object.key, property: property.key, member: member), nil))
                        }
                    }
                    // Places of relationships the file does not store on the owner (chains, indexes).
                    for (relationship, members) in (places[ObjectName(entity: entity.key, identity: object.key)] ?? [:]).sorted(by: { utf8Less($0.key, $1.key) })
                    where names[relationship] == nil {
                        for member in members {
                            subjects.append((Subject(entity: entity.key, identity: object.key, property: relationship, member: member), nil))
                        }
                    }
                    pending[entity.key, default: [:]][object.key] = names
                }
            }
        }
        _subjects = subjects
        _pendingProperties = pending
        _pendingPlaces = Set(subjects.lazy.filter { $0.0.member != nil }.map(\.0))
    }

    /// Whether every subject is attributed: walking further changes nothing.
    public var isComplete: Bool { _pendingProperties.isEmpty && _pendingPlaces.isEmpty }

    /// Attributes to version `newer` what differs between `older` (the
    /// version before it) and `newer`.
    ///
    /// - Complexity: O(*n*) comparisons of objects, joined by identity over
    ///   their sorted members (no index is built), plus the work on the
    ///   objects that differ; a graph diff when they hold places still
    ///   unattributed.
    public mutating func attribute(from older: Version, to newer: Version, newer index: Int) {
        let oldEntities = IdentityText._graphObjects(older.document), newEntities = IdentityText._graphObjects(newer.document)
        var differing = Set<ObjectName>()
        for entity in newEntities?.sortedMembers ?? [] {
            let oldObjects = oldEntities?[entity.key]?.objectValue?.sortedMembers ?? []
            let newObjects = entity.value.objectValue?.sortedMembers ?? []
            var i = 0
            for object in newObjects {
                while i < oldObjects.count, utf8Less(oldObjects[i].key, object.key) { i += 1 }
                let old = i < oldObjects.count && utf8Equal(oldObjects[i].key, object.key) ? oldObjects[i].value.objectValue : nil
                if let old, case .object(let new) = object.value, old == new { continue }
                differing.insert(ObjectName(entity: entity.key, identity: object.key))
                _attributeProperties(of: entity.key, object.key, old: old, newer: index)
            }
        }
        if !_pendingPlaces.isEmpty, _placesTouch(differing) { _attributePlaces(from: older, to: newer, newer: index) }
    }

    /// Attributes the unattributed properties of one object that differs.
    mutating func _attributeProperties(of entity: String, _ identity: String, old: JSONObject?, newer index: Int) {
        guard let values = _pendingProperties[entity]?[identity] else { return }
        // Unattributed values are the same in every version from the current one to `newer`.
        var still: [String: JSONValue] = [:]
        for (name, current) in values {
            if let value = old?[name], value == current {
                still[name] = current
            } else {
                _versions[Subject(entity: entity, identity: identity, property: name)] = index
            }
        }
        _pendingProperties[entity]?[identity] = still.isEmpty ? nil : still
        if _pendingProperties[entity]?.isEmpty == true { _pendingProperties[entity] = nil }
    }

    /// Whether an object of `differing` owns or is an unattributed place.
    func _placesTouch(_ differing: Set<ObjectName>) -> Bool {
        guard !differing.isEmpty else { return false }
        return _pendingPlaces.contains { place in
            differing.contains(ObjectName(entity: place.entity, identity: place.identity))
                || differing.contains { $0.identity == place.member }
        }
    }

    /// What is left is attributed to version `oldest`; every subject with
    /// its value and version, in output order.
    public func attributions(oldest: Int) -> [Attribution] {
        _subjects.map { Attribution(subject: $0.0, value: $0.1, version: _versions[$0.0] ?? oldest) }
    }

    // MARK: Places

    mutating func _attributePlaces(from older: Version, to newer: Version, newer index: Int) {
        guard let old = older.graph, let new = newer.graph, let changes = try? ChangeSet.diff(from: old, to: new) else {
            for subject in _pendingPlaces { _versions[subject] = index }
            _pendingPlaces = []
            return
        }
        var placed = Set<Subject>()
        for s in changes.sequences {
            for member in s.inserted.map(\.member) + s.moved.map(\.member) {
                placed.insert(Subject(entity: s.ownerEntity, identity: s.owner.identity, property: s.relationship, member: member))
            }
        }
        for subject in _pendingPlaces {
            let root = new.schema.entity(named: subject.entity)?.root ?? subject.entity
            let memberRoot = new.schema.entity(named: subject.entity)?.relationships.first(where: { $0.name == subject.property })
                .flatMap { new.schema.entity(named: $0.destination)?.root } ?? ""
            let isNew = old.objects[ObjectID(entity: root, identity: subject.identity)] == nil
                || old.objects[ObjectID(entity: memberRoot, identity: subject.member ?? "")] == nil
            if isNew || placed.contains(subject) {
                _versions[subject] = index
                _pendingPlaces.remove(subject)
            }
        }
    }

    /// Every owner's ordered relationships and their members in order, by
    /// the owner's entity and identity.
    static func _places(of graph: Graph) -> [ObjectName: [String: [String]]] {
        var owners: [String: Set<ObjectID>] = [:]
        for (id, object) in graph.objects {
            let entity = graph.entity(of: object)
            if entity.relationships.contains(where: { $0.ordered != nil }) { owners[entity.name, default: []].insert(id) }
        }
        var result: [ObjectName: [String: [String]]] = [:]
        for (name, ids) in owners {
            guard let entity = graph.schema.entity(named: name) else { continue }
            for relationship in entity.relationships where relationship.ordered != nil {
                guard let ordered = OrderedRelationship(schema: graph.schema, owner: entity, relationship: relationship) else { continue }
                for (owner, members) in ordered.orders(of: ids, in: graph) {
                    result[ObjectName(entity: name, identity: owner.identity), default: [:]][relationship.name] = members
                }
            }
        }
        return result
    }

    // MARK: Indexes

    /// The objects of a graph file: entity → identity → its properties.
    static func _objects(of document: JSONValue) -> [String: [String: JSONObject]] {
        guard let entities = IdentityText._graphObjects(document) else { return [:] }
        var result: [String: [String: JSONObject]] = [:]
        for entity in entities.members {
            var objects: [String: JSONObject] = [:]
            for object in entity.value.objectValue?.members ?? [] { objects[object.key] = object.value.objectValue }
            result[entity.key] = objects
        }
        return result
    }
}
