import GraphDiff

/// Generates schema-conformant graphs of any size, deterministically.
///
/// The model (``schema``) has people with addresses (a to-many with a
/// nullify back reference) and dogs (one-to-one), and task lists whose items
/// form prev/next chains. About half the objects belong to people, half to
/// lists. Inverses and chains are always consistent.
///
///     var generator = GraphGenerator(seed: 42)
///     let graph = generator.graph(objectCount: 10_000)
public struct GraphGenerator {
    public var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

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
        let schema = GraphGenerator.schema
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
        return graph
    }

    static let firstNames = ["Joe", "Ann", "Li", "Sam", "Ada", "Omar", "Eva", "Ngozi", "Kai", "Zoé", "Björn", "Mia"]
    static let lastNames = ["Martin", "Hale", "Okafor", "Nguyen", "Smith", "García", "Kowalski", "Rossi", "Tanaka"]
    static let cities = ["Lyon", "Paris", "Bristol", "Nantes", "Kraków", "Osaka", "Lagos", "Porto"]
    static let words = ["milk", "bread", "eggs", "coffee", "tea", "paint", "fix", "call", "write", "read", "plan", "ship"]

    mutating func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }

    /// Sets `values` (by property name) on a new object.
    func object(_ entity: String, _ values: [String: JSONValue]) -> GraphObject {
        let e = GraphGenerator.schema.entity(named: entity)
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
        graph[ObjectID(entity: "TaskList", identity: lid)] = object("TaskList", ["title": .string("List \(index)")])
        let n = GraphGenerator.itemsPerList
        for i in 0..<n {
            graph[ObjectID(entity: "Item", identity: "\(lid)_\(i)")] = object("Item", [
                "title": .string("\(pick(GraphGenerator.words)) \(pick(GraphGenerator.words))"), "done": .bool(random.next() % 4 == 0),
                "priority": .number(JSONNumber(Int(random.next() % 5))), "list": .string(lid),
                "prev": i == 0 ? .null : .string("\(lid)_\(i - 1)"), "next": i == n - 1 ? .null : .string("\(lid)_\(i + 1)"),
            ])
        }
        return 1 + n
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
