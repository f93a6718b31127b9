import GraphDiffJSON

extension GraphCoder {
    /// The graph of an app's root value: each property that is an array of
    /// a declared type gives the objects, every other property goes into
    /// the graph's ``Graph/metadata``.
    ///
    ///     struct TaskStore: Codable { var name: String; var lists: [TaskList]; var tasks: [Task] }
    ///     let graph = try coder.graph(of: store)   // metadata {"name": …}, the lists and tasks as objects
    ///
    /// - Throws: as ``graph(_:)``.
    public func graph<Root: Encodable>(of root: Root) throws -> Graph {
        try graphs(of: [root])[0]
    }

    /// One graph per version of an app's root value, all of one schema:
    /// the graphs to diff or merge versions with.
    ///
    ///     let graphs = try coder.graphs(of: [base, laptop, phone])
    ///     let merged = try Graph.merge(base: graphs[0], mine: graphs[1], theirs: graphs[2])
    ///
    /// - Throws: as ``graph(_:)``.
    /// - Complexity: O(*n* + *s*) for *n* objects whose values encode to *s*
    ///   JSON values.
    public func graphs<Root: Encodable>(of roots: [Root]) throws -> [Graph] {
        var versions: [[any Encodable]] = [], metadata: [JSONObject] = []
        for root in roots {
            var objects: [any Encodable] = []
            var holder: [ObjectIdentifier: String] = [:]
            var problems: [GraphProblem] = []
            let rest = try JSONValueEncoder()._encode(root, recording: nil) { key, value in
                guard let array = value as? any _ObjectArray else { return false }
                let type = ObjectIdentifier(type(of: array)._encodableElementType)
                guard let d = byType[type] else { return false }
                // One property per type: reading back could not tell two apart.
                if let other = holder.updateValue(key, forKey: type), other != key {
                    problems.append(GraphProblem(.wrongType, "the root holds \(entities[d].name) values in \"\(other)\" and \"\(key)\": "
                        + "a type's objects are one property of the root", entity: entities[d].name))
                }
                objects += array._encodableElements
                return true
            }
            guard let object = rest.objectValue else {
                throw GraphError(problems: [GraphProblem(.wrongType, "the root value encodes \(rest.kindName), not an object: "
                    + "a root is a struct whose properties hold arrays of declared types", entity: String(describing: Root.self))])
            }
            guard problems.isEmpty else { throw GraphError(problems: problems) }
            versions.append(objects)
            metadata.append(object)
        }
        var graphs = try graphs(versions)
        for i in graphs.indices { graphs[i].metadata = metadata[i] }
        return graphs
    }

    /// The app's root value a graph holds: each property that is an array
    /// of a declared type gets the objects of its entity (in identity
    /// order, see ``values(_:in:)``), every other property its value in the
    /// graph's metadata.
    ///
    ///     let store = try coder.value(TaskStore.self, in: merged.graph)
    ///
    /// - Throws: ``GraphError`` or `DecodingError`, as ``values(_:in:)``.
    public func value<Root: Decodable>(_ type: Root.Type, in graph: Graph) throws -> Root {
        let decoder = _ValueDecoder(value: .object(graph.metadata), codingPath: []) { _, wanted in
            guard let array = wanted as? any _ObjectArrayDecodable.Type,
                byType[ObjectIdentifier(array._decodableElementType)] != nil
            else { return nil }
            return try array._values(self, in: graph)
        }
        return try decoder.decodeValue(Root.self)
    }
}

/// An array whose elements may be objects of a declared entity.
protocol _ObjectArray {
    static var _encodableElementType: Any.Type { get }
    var _encodableElements: [any Encodable] { get }
}

extension Array: _ObjectArray where Element: Encodable {
    static var _encodableElementType: Any.Type { Element.self }
    var _encodableElements: [any Encodable] { map { $0 } }
}

/// An array whose elements may be read as the objects of a declared entity.
protocol _ObjectArrayDecodable {
    static var _decodableElementType: Any.Type { get }
    static func _values(_ coder: GraphCoder, in graph: Graph) throws -> Self
}

extension Array: _ObjectArrayDecodable where Element: Decodable {
    static var _decodableElementType: Any.Type { Element.self }
    static func _values(_ coder: GraphCoder, in graph: Graph) throws -> [Element] { try coder.values(Element.self, in: graph) }
}
