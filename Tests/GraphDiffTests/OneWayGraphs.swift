import GraphDiff
import GraphDiffGenerator

/// Seeded graphs of a schema whose references are all one-way (no inverse),
/// and seeded edits of them, for the laws of ``PropertySuiteTests``.
///
/// Books have a `sequel` (an optional one-way to-one to a book), `cites` (a
/// one-way to-many to books) and an `author` (a required one-way to-one to a
/// person); people have a `favorite` book and a `spouse` (a self-inverse
/// one-to-one: the one two-way relationship, merged on both partners). Every
/// edit keeps the graph valid: deleting a book clears every reference to
/// it, deleting a person gives their books another author and leaves their
/// spouse single; a marriage first ends both partners' marriages.
struct OneWayGraphs {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let schemaText = """
        {
          "format": "graphdiff-schema/1", "name": "Shelf", "version": 1,
          "entities": {
            "Book": {
              "identity": "id",
              "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "rank": {"type": "int64", "default": 0}},
              "relationships": {
                "sequel": {"destination": "Book"},
                "cites": {"destination": "Book", "toMany": true},
                "author": {"destination": "Person", "optional": false}
              }
            },
            "Person": {
              "identity": "id",
              "attributes": {"id": {"type": "string"}, "name": {"type": "string"}},
              "relationships": {"favorite": {"destination": "Book"}, "spouse": {"destination": "Person", "inverse": "spouse"}}
            }
          }
        }
        """

    static let schema: Schema = {
        if let schema = try? Schema.load(Array(schemaText.utf8)) { return schema }
        return Schema.empty(name: "Shelf (invalid)")
    }()

    static let words = ["dune", "emma", "ulysses", "beloved", "kim", "it", "heidi", "ubik"]

    mutating func below(_ n: Int) -> Int { random.below(n) }

    mutating func pick(_ ids: [ObjectID]) -> ObjectID? { ids.isEmpty ? nil : ids[below(ids.count)] }

    func object(_ entity: String, _ values: [String: JSONValue]) -> GraphObject {
        let e = OneWayGraphs.schema.entity(named: entity)
        return GraphObject(entityIndex: e?.index ?? 0, values: (e?.storedProperties ?? []).map { values[$0.name] ?? .null })
    }

    func ids(_ g: Graph, _ entity: String) -> [ObjectID] { g.objects.keys.filter { $0.entity == entity }.sorted() }

    /// A random set of `books`' identities, sorted (as a to-many is stored).
    mutating func someOf(_ books: [ObjectID]) -> JSONValue {
        let chosen = Set(books.filter { _ in below(3) == 0 }.map(\.identity))
        return .array(chosen.sorted().map(JSONValue.string))
    }

    /// A graph of `people` people and `books` books, randomly linked.
    mutating func graph(people: Int, books: Int) -> Graph {
        var g = Graph(schema: OneWayGraphs.schema, schemaReference: "shelf.schema.json")
        let personIDs = (0..<max(people, 1)).map { ObjectID(entity: "Person", identity: "p\($0)") }
        let bookIDs = (0..<books).map { ObjectID(entity: "Book", identity: "b\($0)") }
        for b in bookIDs {
            g[b] = object("Book", [
                "title": .string(OneWayGraphs.words[below(OneWayGraphs.words.count)]), "rank": .number(JSONNumber(below(5))),
                "sequel": below(2) == 0 ? (pick(bookIDs).map { .string($0.identity) } ?? .null) : .null,
                "cites": someOf(bookIDs), "author": .string(personIDs[below(personIDs.count)].identity),
            ])
        }
        for p in personIDs {
            g[p] = object("Person", ["name": .string("N\(below(100))"),
                                     "favorite": below(2) == 0 ? (pick(bookIDs).map { .string($0.identity) } ?? .null) : .null])
        }
        return g
    }

    /// `count` random edits of `graph`; the result is valid.
    mutating func edit(_ graph: Graph, count: Int) -> Graph {
        var g = graph
        for serial in 0..<count {
            let books = ids(g, "Book"), people = ids(g, "Person")
            switch below(10) {
            case 0:
                guard let b = pick(books) else { continue }
                g.setValue(.string(OneWayGraphs.words[below(OneWayGraphs.words.count)] + "!"), of: b, "title")
            case 1:
                guard let b = pick(books) else { continue }
                g.setValue(.number(JSONNumber(5 + below(50))), of: b, "rank")
            case 2:
                guard let b = pick(books) else { continue }
                g.setValue(below(3) == 0 ? .null : (pick(books).map { .string($0.identity) } ?? .null), of: b, "sequel")
            case 3:
                guard let b = pick(books), let c = pick(books) else { continue }
                var cited = Set((g.value(of: b, "cites")?.arrayValue ?? []).compactMap(\.stringValue))
                if cited.remove(c.identity) == nil { cited.insert(c.identity) }
                g.setValue(.array(cited.sorted().map(JSONValue.string)), of: b, "cites")
            case 4:
                guard let p = pick(people) else { continue }
                g.setValue(below(3) == 0 ? .null : (pick(books).map { .string($0.identity) } ?? .null), of: p, "favorite")
            case 5:
                guard let author = pick(people) else { continue }
                let b = ObjectID(entity: "Book", identity: "n\(serial)_\(random.next() % 1_000_000)")
                guard g.objects[b] == nil else { continue }
                g[b] = object("Book", ["title": "new", "rank": 1, "author": .string(author.identity),
                                       "sequel": pick(books).map { .string($0.identity) } ?? .null, "cites": someOf(books)])
            case 6:
                guard let b = pick(books) else { continue }
                g.removeObject(b)
                for other in ids(g, "Book") {
                    if g.value(of: other, "sequel")?.stringValue == b.identity { g.setValue(.null, of: other, "sequel") }
                    let cited = (g.value(of: other, "cites")?.arrayValue ?? []).filter { $0.stringValue != b.identity }
                    g.setValue(.array(cited), of: other, "cites")
                }
                for p in ids(g, "Person") where g.value(of: p, "favorite")?.stringValue == b.identity {
                    g.setValue(.null, of: p, "favorite")
                }
            case 7:
                let p = ObjectID(entity: "Person", identity: "q\(serial)_\(random.next() % 1_000_000)")
                guard g.objects[p] == nil else { continue }
                g[p] = object("Person", ["name": "New", "favorite": pick(books).map { .string($0.identity) } ?? .null])
            case 8:
                // A marriage (or, one time in three, a divorce).
                guard let p = pick(people), let q = pick(people.filter { $0 != p }) else { continue }
                for x in [p, q] {
                    if let partner = g.value(of: x, "spouse")?.stringValue { g.setValue(.null, of: ObjectID(entity: "Person", identity: partner), "spouse") }
                    g.setValue(.null, of: x, "spouse")
                }
                if below(3) != 0 {
                    g.setValue(.string(q.identity), of: p, "spouse")
                    g.setValue(.string(p.identity), of: q, "spouse")
                }
            default:
                guard let p = pick(people), let heir = pick(people.filter { $0 != p }) else { continue }
                if let partner = g.value(of: p, "spouse")?.stringValue { g.setValue(.null, of: ObjectID(entity: "Person", identity: partner), "spouse") }
                g.removeObject(p)
                for b in ids(g, "Book") where g.value(of: b, "author")?.stringValue == p.identity {
                    g.setValue(.string(heir.identity), of: b, "author")
                }
            }
        }
        return g
    }
}
