import Foundation
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
/// JSON values (numbers as spelled). Places need the current version as a
/// graph: walking back, that graph is changed one version at a time, only
/// the objects that differ being read, and the orders of the owners they
/// touch are diffed as ``ChangeSet/diff(from:to:options:)`` diffs them.
///
///     var blame = GraphBlame(current: versions[0])
///     for i in 0..<versions.count - 1 where !blame.isComplete {
///         blame.attribute(from: versions[i + 1], to: versions[i], newer: i)
///     }
///     let lines = blame.attributions(oldest: versions.count - 1)
///
/// - Complexity: each step is O(*n*) comparisons of objects (joined by
///   identity over sorted members), plus O(*d*) for the *d* objects that
///   differ, plus, while places are unattributed, reading the orders of
///   the owners they touch (O(*n*) for a chain).
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

    /// One version of the file: its bytes, the place of each object in
    /// them, and its graph when it is the current version and has a schema.
    public struct Version: Sendable {
        /// The file's bytes.
        public var bytes: [UInt8]
        /// The file as a graph; `nil` when it could not be read as one.
        /// Only the current version's is read.
        public var graph: Graph?
        /// Entity → its objects' identities and the ranges of their values
        /// in ``bytes``, sorted by identity.
        let _objects: [String: [(identity: String, range: Range<Int>)]]

        /// The version `bytes`, read as `graph` when it is one.
        ///
        /// Only the skeleton of the file is read (`objects`, its entities,
        /// their objects' identities and where each object's value is): the
        /// objects themselves are read when they differ from the next
        /// version's, byte for byte.
        ///
        /// - Throws: ``JSONError`` when the skeleton cannot be read.
        /// - Complexity: O(*n*) in the length of the file (O(*n* log *n*)
        ///   when the identities are not sorted).
        public init(bytes: [UInt8], graph: Graph?) throws {
            self.bytes = bytes
            self.graph = graph
            _objects = try Self._skeleton(bytes)
        }

        /// Whether the version holds the object `name` (its entity as the
        /// file names it).
        public func holds(_ name: ObjectName) -> Bool {
            _objects[name.entity]?.contains { utf8Equal($0.identity, name.identity) } ?? false
        }

        /// The objects whose bytes differ between `older` and this version
        /// (in either, or in both with other bytes), by entity as the file
        /// names it and identity: a superset of the objects whose values
        /// differ, found without reading any object.
        ///
        /// - Complexity: O(*n*) byte compares of objects, joined by identity.
        public func objectsDiffering(from older: Version) -> [ObjectName] {
            var names: [ObjectName] = []
            Self._join(older, self) { entity, identity, _, _ in names.append(ObjectName(entity: entity, identity: identity)) }
            return names
        }

        /// Calls `body` with each object whose bytes differ between `older`
        /// and `newer`, and the ranges of its value in each (`nil`: absent):
        /// a join of the two sorted lists of each entity.
        static func _join(_ older: Version, _ newer: Version, _ body: (String, String, Range<Int>?, Range<Int>?) -> Void) {
            var names = Set(older._objects.keys)
            names.formUnion(newer._objects.keys)
            for entity in names.sorted(by: utf8Less) {
                let oldObjects = older._objects[entity] ?? [], newObjects = newer._objects[entity] ?? []
                var i = 0, j = 0
                while i < oldObjects.count || j < newObjects.count {
                    let takeOld = j == newObjects.count || (i < oldObjects.count && !utf8Less(newObjects[j].identity, oldObjects[i].identity))
                    let takeNew = i == oldObjects.count || (j < newObjects.count && !utf8Less(oldObjects[i].identity, newObjects[j].identity))
                    let oldRange = takeOld ? oldObjects[i].range : nil, newRange = takeNew ? newObjects[j].range : nil
                    let identity = takeNew ? newObjects[j].identity : oldObjects[i].identity
                    if takeOld { i += 1 }
                    if takeNew { j += 1 }
                    if let o = oldRange, let n = newRange, GraphBlame._sameBytes(older.bytes, o, newer.bytes, n) { continue }
                    body(entity, identity, oldRange, newRange)
                }
            }
        }

        /// The objects of `entity` as the version has them, parsed.
        func _object(_ range: Range<Int>) -> JSONObject? {
            (try? JSONReader.parseValue(in: bytes, at: range.lowerBound))?.objectValue
        }

        static func _skeleton(_ bytes: [UInt8]) throws -> [String: [(identity: String, range: Range<Int>)]] {
            try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(pulling: buffer)
                var result: [String: [(identity: String, range: Range<Int>)]] = [:]
                try reader.pullDocumentStart()
                guard try reader.pullObjectStart() else { return result }
                repeat {
                    let (name, _) = try reader.pullMemberName()
                    guard utf8Equal(name, "objects"), reader.pullPeek() == UInt8(ascii: "{") else {
                        _ = try reader.pullSkippedValue()
                        continue
                    }
                    guard try reader.pullObjectStart() else { continue }
                    repeat {
                        let (entity, _) = try reader.pullMemberName()
                        guard reader.pullPeek() == UInt8(ascii: "{") else {
                            _ = try reader.pullSkippedValue()
                            continue
                        }
                        var objects: [(identity: String, range: Range<Int>)] = []
                        if try reader.pullObjectStart() {
                            repeat {
                                let (identity, _) = try reader.pullMemberName()
                                objects.append((identity, try reader.pullSkippedValue()))
                            } while try reader.pullNextMember()
                        }
                        if zip(objects, objects.dropFirst()).contains(where: { !utf8Less($0.identity, $1.identity) }) {
                            objects.sort { utf8Less($0.identity, $1.identity) }
                        }
                        result[entity] = objects
                    } while try reader.pullNextMember()
                } while try reader.pullNextMember()
                return result
            }
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
    /// The graph of the version reached so far, changed back one version
    /// at a time (only the objects that differ are read); `nil` without a
    /// schema.
    var _graph: Graph?
    /// The schema of the current version, when it is a graph: re-keys are
    /// followed only then.
    let _schema: Schema?
    /// Entity → identity in the version reached → the current identity, for
    /// the objects re-keyed since (see ``attribute(from:to:newer:)``).
    var _currentIdentity: [String: [String: String]] = [:]
    /// Every ordered relationship of the schema: its owner entity, the
    /// members' root, and the members' reference back to the owner.
    var _orderedRelationships: [(owner: Entity, relationship: Relationship, memberRoot: String, inverse: String?)] = []

    /// The subjects of `current`: every stored property of every object
    /// (or of the objects `objects` names, as entity and identity pairs),
    /// sorted as `graphdiff textconv` sorts its lines, each followed by
    /// the places of its ordered relationships' members in order.
    public init(current: Version, objects: Set<ObjectName>? = nil) {
        var subjects: [(Subject, JSONValue?)] = []
        var pending: [String: [String: [String: JSONValue]]] = [:]
        let places = current.graph.map { Self._places(of: $0) } ?? [:]
        let document = (try? JSONReader.parse(current.bytes)) ?? .null
        if let entities = IdentityText._graphObjects(document) {
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
        _graph = current.graph
        _schema = current.graph?.schema
        if let schema = current.graph?.schema {
            for entity in schema.entities {
                for relationship in entity.relationships where relationship.ordered != nil {
                    guard let destination = schema.entity(named: relationship.destination) else { continue }
                    _orderedRelationships.append((entity, relationship, destination.root, relationship.inverse))
                }
            }
        }
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
        var differing: [_Difference] = []
        Version._join(older, newer) { entity, identity, oldRange, newRange in
            let old = oldRange.flatMap(older._object), new = newRange.flatMap(newer._object)
            if let old, let new, old == new { return }
            differing.append(_Difference(entity: entity, identity: identity, old: old, new: new))
        }
        let rekeyed = _followRekeys(differing, newer: index)
        for d in differing where d.new != nil && !rekeyed.contains(ObjectName(entity: d.entity, identity: d.identity)) {
            _attributeProperties(of: d.entity, d.identity, old: d.old, newer: index)
        }
        if !_pendingPlaces.isEmpty {
            _attributePlaces(differing, newer: index)
        } else if _graph != nil {
            _graph = nil  // no place left to attribute: the graph is not needed any more
        }
    }

    /// Whether `a[x]` and `b[y]` are the same bytes.
    static func _sameBytes(_ a: [UInt8], _ x: Range<Int>, _ b: [UInt8], _ y: Range<Int>) -> Bool {
        guard x.count == y.count, x.upperBound <= a.count, y.upperBound <= b.count else { return false }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                guard let p = pa.baseAddress, let q = pb.baseAddress else { return x.isEmpty }
                return memcmp(p + x.lowerBound, q + y.lowerBound, x.count) == 0
            }
        }
    }

    /// An object that differs between two neighbouring versions.
    struct _Difference {
        var entity: String
        var identity: String
        var old: JSONObject?
        var new: JSONObject?
    }

    /// Attributes the unattributed properties of one object that differs
    /// (named as the version `newer` names it); those left wait under
    /// `olderIdentity` (the identity the older version gives the object,
    /// when it was re-keyed in `newer`).
    mutating func _attributeProperties(of entity: String, _ identity: String, old: JSONObject?, newer index: Int,
                                       olderIdentity: String? = nil) {
        guard let values = _pendingProperties[entity]?[identity] else { return }
        let current = _currentIdentity[entity]?[identity] ?? identity
        // Unattributed values are the same in every version from the current one to `newer`.
        var still: [String: JSONValue] = [:]
        for (name, value) in values {
            if let older = old?[name], older == value {
                still[name] = value
            } else {
                _versions[Subject(entity: entity, identity: current, property: name)] = index
            }
        }
        _pendingProperties[entity]?[identity] = nil
        if let olderIdentity, !still.isEmpty {
            _pendingProperties[entity]?[olderIdentity] = still
            _currentIdentity[entity, default: [:]][olderIdentity] = current
        } else if !still.isEmpty {
            _pendingProperties[entity]?[identity] = still
        }
        if _pendingProperties[entity]?.isEmpty == true { _pendingProperties[entity] = nil }
    }

    /// Follows the objects re-keyed in version `newer` (as
    /// ``ObjectRekey/detect(from:to:ignored:)`` finds them among the
    /// objects only one of the two versions has, read with the current
    /// schema): their properties are attributed as an unchanged object's
    /// are, a value that names a re-keyed object being a change, and the
    /// rest wait under the identity the older version gives them.
    ///
    /// - Returns: the objects of `newer` so followed.
    /// - Complexity: O(*d*) expected for the *d* objects only one version has.
    mutating func _followRekeys(_ differing: [_Difference], newer index: Int) -> Set<ObjectName> {
        guard let schema = _schema, differing.contains(where: { $0.old == nil }), differing.contains(where: { $0.new == nil }) else { return [] }
        var olderOnly = Graph(schema: schema), newerOnly = Graph(schema: schema)
        var decoder = GraphDecoder(schema: schema, source: nil)
        var byID: [ObjectID: _Difference] = [:], olderByID: [ObjectID: JSONObject] = [:]
        for d in differing where (d.old == nil) != (d.new == nil) {
            guard let entity = schema.entity(named: d.entity) else { continue }
            if let old = d.old {
                decoder.decodeObject(entity, identity: d.identity, spelling: d.identity, fields: old, offset: -1, flat: false, into: &olderOnly)
                olderByID[ObjectID(entity: entity.root, identity: d.identity)] = old
            } else if let new = d.new {
                decoder.decodeObject(entity, identity: d.identity, spelling: d.identity, fields: new, offset: -1, flat: false, into: &newerOnly)
                byID[ObjectID(entity: entity.root, identity: d.identity)] = d
            }
        }
        var followed = Set<ObjectName>()
        for r in ObjectRekey.detect(from: olderOnly, to: newerOnly) {
            guard let d = byID[r.newID], let old = olderByID[r.id] else { continue }
            _attributeProperties(of: d.entity, d.identity, old: old, newer: index, olderIdentity: r.id.identity)
            followed.insert(ObjectName(entity: d.entity, identity: d.identity))
        }
        return followed
    }

    /// What is left is attributed to version `oldest`; every subject with
    /// its value and version, in output order.
    public func attributions(oldest: Int) -> [Attribution] {
        _subjects.map { Attribution(subject: $0.0, value: $0.1, version: _versions[$0.0] ?? oldest) }
    }

    // MARK: Places

    /// Attributes to version `newer` the places the objects of
    /// `differing` inserted or moved, changing the working graph back to
    /// the older version: the orders of the owners they touch are read
    /// before and after, and diffed as ``ChangeSet/diff(from:to:options:)``
    /// diffs them.
    mutating func _attributePlaces(_ differing: [_Difference], newer index: Int) {
        guard var graph = _graph else {
            for subject in _pendingPlaces { _versions[subject] = index }
            _pendingPlaces = []
            return
        }
        let schema = graph.schema
        func root(_ entity: String) -> String { schema.entity(named: entity)?.root ?? entity }
        // The owners whose orders the differing objects touch: themselves,
        // and the owners their references back name, on either side.
        var owners = Set<ObjectID>()
        for d in differing {
            let r = root(d.entity)
            for ordered in _orderedRelationships {
                if ordered.owner.root == r { owners.insert(ObjectID(entity: r, identity: d.identity)) }
                guard ordered.memberRoot == r, let inverse = ordered.inverse else { continue }
                for side in [d.old, d.new] {
                    switch side?[inverse] {
                    case .string(let owner)?: owners.insert(ObjectID(entity: ordered.owner.root, identity: owner))
                    case .array(let list)?: for case .string(let owner) in list { owners.insert(ObjectID(entity: ordered.owner.root, identity: owner)) }
                    default: break
                    }
                }
            }
        }
        let after = Self._orders(of: owners, in: graph, _orderedRelationships)
        // Back one version: the differing objects as the older one has them.
        var decoder = GraphDecoder(schema: schema, source: nil)
        for d in differing {
            let id = ObjectID(entity: root(d.entity), identity: d.identity)
            _ = graph.objects.removeValue(forKey: id)
            if let old = d.old, let entity = schema.entity(named: d.entity) {
                decoder.decodeObject(entity, identity: d.identity, spelling: d.identity, fields: old, offset: -1, flat: false, into: &graph)
            }
        }
        let before = Self._orders(of: owners, in: graph, _orderedRelationships)
        var placed = Set<Subject>()
        for (key, newOrder) in after {
            let oldOrder = before[key] ?? []
            let edits = SequenceChange.edits(from: oldOrder, to: newOrder)
            for member in edits.inserted.map(\.member) + edits.moved.map(\.member) {
                placed.insert(Subject(entity: key.entity, identity: key.identity, property: key.relationship, member: member))
            }
        }
        for subject in _pendingPlaces where owners.contains(ObjectID(entity: root(subject.entity), identity: subject.identity)) {
            let memberRoot = _orderedRelationships.first { $0.owner.name == subject.entity && $0.relationship.name == subject.property }?.memberRoot ?? ""
            let isNew = graph.objects[ObjectID(entity: root(subject.entity), identity: subject.identity)] == nil
                || graph.objects[ObjectID(entity: memberRoot, identity: subject.member ?? "")] == nil
            if isNew || placed.contains(subject) {
                _versions[subject] = index
                _pendingPlaces.remove(subject)
            }
        }
        _graph = graph
    }

    /// The key of one owner's ordered relationship: the owner's concrete
    /// entity and identity, and the relationship.
    struct _OrderKey: Hashable {
        var entity: String
        var identity: String
        var relationship: String
    }

    /// The orders of the ordered relationships of `owners` in `graph`.
    static func _orders(of owners: Set<ObjectID>, in graph: Graph,
                        _ relationships: [(owner: Entity, relationship: Relationship, memberRoot: String, inverse: String?)]) -> [_OrderKey: [String]] {
        var byEntity: [String: Set<ObjectID>] = [:]
        for id in owners {
            guard let object = graph.objects[id] else { continue }
            byEntity[graph.entity(of: object).name, default: []].insert(id)
        }
        var result: [_OrderKey: [String]] = [:]
        for ordered in relationships {
            guard let ids = byEntity[ordered.owner.name],
                  let relationship = OrderedRelationship(schema: graph.schema, owner: ordered.owner, relationship: ordered.relationship) else { continue }
            for (owner, members) in relationship.orders(of: ids, in: graph) {
                result[_OrderKey(entity: ordered.owner.name, identity: owner.identity, relationship: ordered.relationship.name)] = members
            }
        }
        return result
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
