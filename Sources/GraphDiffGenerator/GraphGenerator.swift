import GraphDiff

/// Generates schema-conformant graphs of any size, deterministically.
///
/// The model (``schema``) has people with addresses (a to-many with a
/// nullify back reference) and dogs (one-to-one), and task lists whose items
/// are ordered: as prev/next chains by default, or in another storage
/// (``ItemOrder``: an array on the list, with items in one list or in
/// several, or a position attribute on the items, dense or with gaps,
/// integer or floating). About half the objects belong to people, half to
/// lists. Inverses and orders are always consistent.
///
///     var generator = GraphGenerator(seed: 42)
///     let graph = generator.graph(objectCount: 10_000)
///     var positions = GraphGenerator(seed: 42, order: .index(.gapped))
public struct GraphGenerator {
    public var random: SplitMix64
    /// How the items of a list keep their order.
    public let order: ItemOrder

    public init(seed: UInt64, order: ItemOrder = .chain) {
        random = SplitMix64(seed: seed)
        self.order = order
    }

    /// How a task list's items keep their order in a generated graph.
    public enum ItemOrder: Sendable, Hashable, CaseIterable {
        /// Prev/next links on the items (``schema``).
        case chain
        /// An array on the list; each item in one list (`Item.list`).
        case array
        /// An array on the list; an item may be in several lists (`Item.lists`).
        case sharedArray
        /// A position on the items, 0, 1, 2, … (int32).
        case denseIndex
        /// A position on the items with gaps (int64: 10, 20, 35, …).
        case gappedIndex
        /// A position on the items that is a double (0.5, 2, 3.25, …).
        case floatingIndex

        public static var allCases: [ItemOrder] { [.chain, .array, .sharedArray, .denseIndex, .gappedIndex, .floatingIndex] }

        /// Whether the items carry a position.
        public var isIndex: Bool { self == .denseIndex || self == .gappedIndex || self == .floatingIndex }
    }

    /// The schema of graphs generated with `order`.
    public static func schema(for order: ItemOrder) -> Schema {
        order == .chain ? schema : orderedSchemas[order] ?? schema
    }

    static let orderedSchemas: [ItemOrder: Schema] = {
        var result: [ItemOrder: Schema] = [:]
        for order in ItemOrder.allCases where order != .chain {
            if let s = try? Schema.load(Array(schemaText(for: order).utf8)) { result[order] = s }
        }
        return result
    }()

    /// The generator's schema.
    /// (The text is a constant checked by the tests; an empty schema stands
    /// in if it ever failed to load, and every generated graph would then
    /// fail its own checks loudly.)
    public static let schema: Schema = {
        if let schema = try? Schema.load(Array(schemaText.utf8)) { return schema }
        return Schema.empty(name: "Bench (invalid)")
    }()

    /// Items per task list.
    public static let itemsPerList = 20

    /// A graph of about `objectCount` objects (never fewer).
    ///
    /// - Complexity: O(*n*).
    public mutating func graph(objectCount: Int) -> Graph {
        let schema = GraphGenerator.schema(for: order)
        var graph = Graph(schema: schema, schemaReference: "bench.schema.json",
                          metadata: JSONObject([.init(key: "generator", value: "graphdiff-bench"), .init(key: "objects", value: .number(JSONNumber(objectCount)))]))
        var made = 0
        var person = 0, list = 0
        while made < objectCount {
            if made % 2 == 0 || made + GraphGenerator.itemsPerList + 1 > objectCount {
                made += addPerson(key: String(person), to: &graph)
                person += 1
            } else {
                made += addList(index: list, to: &graph)
                list += 1
            }
        }
        if order == .sharedArray && list > 1 { shareItems(lists: list, in: &graph) }
        return graph
    }

    /// Puts about one item in five into a second list too, at a random place.
    mutating func shareItems(lists: Int, in graph: inout Graph) {
        for l in 0..<lists {
            for i in 0..<GraphGenerator.itemsPerList where random.below(5) == 0 {
                let item = "l\(l)_\(i)"
                let other = "l\(random.below(lists))"
                let owner = ObjectID(entity: "TaskList", identity: other)
                var members = (graph.value(of: owner, "items")?.arrayValue ?? []).compactMap(\.stringValue)
                guard !members.contains(item) else { continue }
                members.insert(item, at: random.below(members.count + 1))
                graph.setValue(.array(members.map(JSONValue.string)), of: owner, "items")
                let id = ObjectID(entity: "Item", identity: item)
                let lists = ((graph.value(of: id, "lists")?.arrayValue ?? []).compactMap(\.stringValue) + [other]).sorted()
                graph.setValue(.array(lists.map(JSONValue.string)), of: id, "lists")
            }
        }
    }

    /// The position values of `count` items, by ``order``.
    mutating func positions(_ count: Int) -> [JSONValue] {
        switch order {
        case .denseIndex: return (0..<count).map { .number(JSONNumber($0)) }
        case .gappedIndex:
            var value = random.below(3) * 10
            return (0..<count).map { _ in
                defer { value += 1 + random.below(3) * 5 + (random.below(4) == 0 ? 0 : 4) }
                return .number(JSONNumber(value))
            }
        default:
            var value = Double(random.below(4)) / 2
            return (0..<count).map { _ in
                defer { value += Double(1 + random.below(4)) / 4 }
                return .number(JSONNumber(GraphGenerator.text(value)))
            }
        }
    }

    /// A double as JSON text (`2`, `2.5`).
    public static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static let firstNames = ["Joe", "Ann", "Li", "Sam", "Ada", "Omar", "Eva", "Ngozi", "Kai", "Zoé", "Björn", "Mia"]
    static let lastNames = ["Martin", "Hale", "Okafor", "Nguyen", "Smith", "García", "Kowalski", "Rossi", "Tanaka"]
    static let cities = ["Lyon", "Paris", "Bristol", "Nantes", "Kraków", "Osaka", "Lagos", "Porto"]
    static let words = ["milk", "bread", "eggs", "coffee", "tea", "paint", "fix", "call", "write", "read", "plan", "ship"]

    mutating func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }

    /// Sets `values` (by property name) on a new object.
    func object(_ entity: String, _ values: [String: JSONValue]) -> GraphObject {
        let e = GraphGenerator.schema(for: order).entity(named: entity)
        let stored = e?.storedProperties ?? []
        return GraphObject(entityIndex: e?.index ?? 0, values: stored.map { values[$0.name] ?? .null })
    }

    /// Adds person `p<key>`, maybe dog `d<key>`, and addresses `a<key>_<n>`;
    /// returns how many objects it added.
    public mutating func addPerson(key index: String, to graph: inout Graph) -> Int {
        let pid = "p\(index)"
        let hasDog = random.next() % 2 == 0
        let addressCount = Int(random.next() % 3)
        graph[ObjectID(entity: "Person", identity: pid)] = object("Person", [
            "firstName": .string(pick(GraphGenerator.firstNames)), "lastName": .string(pick(GraphGenerator.lastNames)),
            "age": .number(JSONNumber(Int(random.next() % 90))), "email": .string("\(pid)@example.org"),
            "dog": hasDog ? .string("d\(index)") : .null,
        ])
        if hasDog {
            graph[ObjectID(entity: "Dog", identity: "d\(index)")] = object("Dog", ["name": .string(pick(GraphGenerator.firstNames)), "owner": .string(pid)])
        }
        for a in 0..<addressCount {
            graph[ObjectID(entity: "Address", identity: "a\(index)_\(a)")] = object("Address", [
                "street": .string("\(random.next() % 200) \(pick(GraphGenerator.words)) street"), "city": .string(pick(GraphGenerator.cities)),
                "zip": .string(String(10000 + random.next() % 89999)), "person": .string(pid),
            ])
        }
        return 1 + (hasDog ? 1 : 0) + addressCount
    }

    mutating func addList(index: Int, to graph: inout Graph) -> Int {
        let lid = "l\(index)"
        let n = GraphGenerator.itemsPerList
        let ids = (0..<n).map { "\(lid)_\($0)" }
        var list: [String: JSONValue] = ["title": .string("List \(index)")]
        if order == .array || order == .sharedArray { list["items"] = .array(ids.map(JSONValue.string)) }
        graph[ObjectID(entity: "TaskList", identity: lid)] = object("TaskList", list)
        let positions = order.isIndex ? positions(n) : []
        for i in 0..<n {
            var values: [String: JSONValue] = [
                "title": .string("\(pick(GraphGenerator.words)) \(pick(GraphGenerator.words))"), "done": .bool(random.next() % 4 == 0),
                "priority": .number(JSONNumber(Int(random.next() % 5))), "list": .string(lid),
            ]
            switch order {
            case .chain:
                values["prev"] = i == 0 ? .null : .string(ids[i - 1])
                values["next"] = i == n - 1 ? .null : .string(ids[i + 1])
            case .sharedArray:
                values["list"] = nil
                values["lists"] = [.string(lid)]
            case .denseIndex, .gappedIndex, .floatingIndex:
                values["position"] = positions[i]
            case .array:
                break
            }
            graph[ObjectID(entity: "Item", identity: ids[i])] = object("Item", values)
        }
        return 1 + n
    }

    /// The schema document of graphs generated with `order`: ``schemaText``
    /// with the list's items kept in that storage.
    public static func schemaText(for order: ItemOrder) -> String {
        let chain = #""items": {"destination": "Item", "toMany": true, "ordered": {"prev": "prev", "next": "next"}, "inverse": "list", "deleteRule": "cascade"}"#
        var text = schemaText
        func replace(_ a: String, _ b: String) { text = text.replacingOccurrences(of: a, with: b) }
        /// The item's relationships become `b` alone (no chain links).
        func replaceLinks(_ b: String) {
            text = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains(#""prev": {"destination": "Item""#) && !$0.contains(#""next": {"destination": "Item""#) }
                .joined(separator: "\n")
            replace(#""list": {"destination": "TaskList", "inverse": "items"},"#, b)
        }
        switch order {
        case .chain: break
        case .array:
            replace(chain, #""items": {"destination": "Item", "toMany": true, "ordered": "array", "inverse": "list", "deleteRule": "cascade"}"#)
            replaceLinks(#""list": {"destination": "TaskList", "inverse": "items"}"#)
        case .sharedArray:
            replace(chain, #""items": {"destination": "Item", "toMany": true, "ordered": "array", "inverse": "lists"}"#)
            replaceLinks(#""lists": {"destination": "TaskList", "toMany": true, "inverse": "items"}"#)
        case .denseIndex, .gappedIndex, .floatingIndex:
            replace(chain, #""items": {"destination": "Item", "toMany": true, "ordered": {"index": "position"}, "inverse": "list", "deleteRule": "cascade"}"#)
            replaceLinks(#""list": {"destination": "TaskList", "inverse": "items"}"#)
            let type = order == .denseIndex ? "int32" : order == .gappedIndex ? "int64" : "double"
            replace(#""priority": {"type": "int32", "default": 0}}"#, #""priority": {"type": "int32", "default": 0}, "position": {"type": "\#(type)"}}"#)
        }
        return text
    }

    /// The generator's schema document.
    public static let schemaText = """
        {
          "format": "graphdiff-schema/1",
          "name": "Bench",
          "version": 1,
          "entities": {
            "Person": {
              "identity": "guid",
              "attributes": {
                "guid": {"type": "string"}, "firstName": {"type": "string"}, "lastName": {"type": "string"},
                "age": {"type": "int64", "default": 0}, "email": {"type": "string", "optional": true}
              },
              "relationships": {
                "addresses": {"destination": "Address", "toMany": true, "inverse": "person", "deleteRule": "cascade"},
                "dog": {"destination": "Dog", "inverse": "owner", "deleteRule": "cascade"}
              }
            },
            "Address": {
              "identity": "guid", "atomic": true,
              "attributes": {"guid": {"type": "string"}, "street": {"type": "string"}, "city": {"type": "string"}, "zip": {"type": "string", "optional": true}},
              "relationships": {"person": {"destination": "Person", "inverse": "addresses"}}
            },
            "Dog": {
              "identity": "guid",
              "attributes": {"guid": {"type": "string"}, "name": {"type": "string"}},
              "relationships": {"owner": {"destination": "Person", "inverse": "dog"}}
            },
            "TaskList": {
              "identity": "id",
              "attributes": {"id": {"type": "string"}, "title": {"type": "string"}},
              "relationships": {
                "items": {"destination": "Item", "toMany": true, "ordered": {"prev": "prev", "next": "next"}, "inverse": "list", "deleteRule": "cascade"}
              }
            },
            "Item": {
              "identity": "id",
              "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "done": {"type": "bool", "default": false}, "priority": {"type": "int32", "default": 0}},
              "relationships": {
                "list": {"destination": "TaskList", "inverse": "items"},
                "prev": {"destination": "Item", "inverse": "next"},
                "next": {"destination": "Item", "inverse": "prev"}
              }
            }
          }
        }

        """
}
