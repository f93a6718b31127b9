import Foundation
import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// The coder's cases: what a graph of an app's values holds, what it
/// refuses (naming the object and property), roots with metadata, the
/// `async` forms, and exact dates.
final class GraphCoderTests: XCTestCase {
    struct List: Codable, Equatable { var id: String; var title: String; var items: [Int] }
    struct Item: Codable, Equatable { var id: Int; var name: String; var due: Date? }
    struct Store: Codable, Equatable { var version: Int; var lists: [List]; var items: [Item] }

    func coder(_ storage: Ordering = .chain(prev: "prev", next: "next")) throws -> GraphCoder {
        try GraphCoder(name: "Lists", entities: [
            .init(List.self, identity: "id", references: [.ordered("items", to: "Item", storage: storage, inverse: "list")]),
            .init(Item.self, identity: "id"),
        ])
    }

    func test_graph_holdsTheSchemaLearntFromTheTypes_andTheOrderOnTheMembers() throws {
        let graph = try coder().graph([List(id: "l", title: "L", items: [2, 1])],
                                      [Item(id: 1, name: "one", due: nil), Item(id: 2, name: "two", due: Date(timeIntervalSinceReferenceDate: 0.5))])
        XCTAssertEqual(JSONWriter.string(graph.schema.encoded(), style: .init(pretty: false, sortKeys: true)),
            #"{"entities":{"Item":{"attributes":{"due":{"optional":true,"type":"date"},"id":{"type":"int64"},"name":{"type":"string"}},"identity":"id","#
            + #""relationships":{"list":{"destination":"List","inverse":"items"},"next":{"destination":"Item","inverse":"prev"},"prev":{"destination":"Item","inverse":"next"}}},"#
            + #""List":{"attributes":{"id":{"type":"string"},"title":{"type":"string"}},"identity":"id","relationships":{"items":{"destination":"Item","inverse":"list","#
            + #""ordered":{"next":"next","prev":"prev"},"toMany":true}}}},"format":"graphdiff-schema/1","name":"Lists"}"#)
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Item", identity: "2"), "next"), "1")
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Item", identity: "2"), "due"), "2001-01-01T00:00:00.5Z")
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Item", identity: "1"), "list"), "l")
        XCTAssertEqual(try coder().values(List.self, in: graph), [List(id: "l", title: "L", items: [2, 1])])
    }

    func test_indexAndArrayStorage_roundTripTheSameValues() throws {
        let lists = [List(id: "a", title: "A", items: [3, 1]), List(id: "b", title: "B", items: [2])]
        let items = (1...3).map { Item(id: $0, name: "n\($0)", due: nil) }
        for storage in [Ordering.index("position"), .array] {
            let coder = try coder(storage)
            let graph = try coder.graph(lists, items)
            XCTAssertEqual(try coder.values(List.self, in: graph), lists, "\(storage)")
            XCTAssertEqual(try coder.values(Item.self, in: graph), items, "\(storage)")
        }
        let indexed = try coder(.index("position")).graph(lists, items)
        XCTAssertEqual(indexed.value(of: ObjectID(entity: "Item", identity: "1"), "position"), .number(JSONNumber(1)))
    }

    func test_refusals_nameTheObjectAndProperty() throws {
        let coder = try coder()
        func problems(_ groups: [any Encodable]...) -> [String] {
            do {
                _ = try coder.graphs([groups.flatMap { $0 }])
                return []
            } catch let error as GraphError {
                return error.problems.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }
        XCTAssertEqual(problems([Item(id: 1, name: "a", due: nil), Item(id: 1, name: "b", due: nil)]), [#"Item "1": two values have this identity"#])
        XCTAssertEqual(problems([List(id: "l", title: "L", items: [9])]), [#"List "l".items: lists "9", which is no Item"#])
        XCTAssertEqual(problems([List(id: "a", title: "A", items: [1]), List(id: "b", title: "B", items: [1])], [Item(id: 1, name: "a", due: nil)]),
                       [#"Item "1".list: is listed by "a" and "b""#])
        XCTAssertEqual(problems(["not declared"]), [#"String: the type String is not declared to the coder"#])
        XCTAssertThrowsError(try GraphCoder(entities: [.init(Item.self, identity: "id", references: [.toOne("owner", to: "Nobody")])])) {
            XCTAssertEqual("\($0)", #"entities.Item.owner: reference "owner" names the undeclared entity "Nobody""#)
        }
        struct Scored: Codable { var score: Double; var name: String }
        XCTAssertThrowsError(try GraphCoder(entities: [.init(Scored.self, identity: "score")]).graph([Scored(score: 1.5, name: "x")])) {
            XCTAssertEqual("\($0)", #"entities.Scored.score: the identity "score" is a double; an identity is a String, a UUID or an integer"#)
        }
    }

    func test_root_keepsItsOtherPropertiesAsMetadata_andReadsBack() throws {
        let coder = try coder()
        let store = Store(version: 3, lists: [List(id: "l", title: "L", items: [1])], items: [Item(id: 1, name: "a", due: nil)])
        let graph = try coder.graph(of: store)
        XCTAssertEqual(graph.metadata, ["version": 3])
        XCTAssertEqual(try coder.value(Store.self, in: graph), store)
        var newer = store
        newer.version = 4
        newer.items[0].name = "b"
        let graphs = try coder.graphs(of: [store, newer])
        XCTAssertEqual(try ChangeSet.diff(from: graphs[0], to: graphs[1]).description, """
            ~ Item "1"
                name: "a" → "b"
            ~ metadata
                version: 3 → 4

            Item: 1 updated
            metadata: 1 changed

            """)
    }

    func test_asyncForms_giveWhatTheSynchronousOnesGive() async throws {
        let base = try Graph.load(contentsOfFile: samplePath("tasks/base.graph.json"))
        let awaited = try await Graph.load(contentsOf: URL(fileURLWithPath: samplePath("tasks/theirs.graph.json")), schema: base.schema)
        let changes = try await ChangeSet.diff(from: base, to: awaited)
        let synchronous: ChangeSet = try { try ChangeSet.diff(from: base, to: awaited) }()
        XCTAssertEqual(changes, synchronous)
        XCTAssertFalse(changes.isEmpty)
        let patched = try await changes.apply(to: base)
        let left = try await ChangeSet.diff(from: patched.graph, to: awaited)
        XCTAssertTrue(left.isEmpty)
        let merged = try await Graph.merge(base: base, mine: base, theirs: awaited)
        XCTAssertTrue(merged.conflicts.isEmpty)
        let coder = try coder()
        let graphs = try await coder.graphs([[Item(id: 1, name: "a", due: nil)]])
        XCTAssertEqual(graphs.first?.count, 1)
    }

    /// Dates as text: reading back gives the same `Date`, bit for bit, over
    /// seeded instants from the year 1 to 9999 with every fraction.
    func test_dateText_roundTripsExactly_overSeededInstants() {
        var random = SplitMix64(seed: 30)
        for _ in 0..<20_000 {
            let interval: Double
            switch random.below(3) {
            case 0: interval = Double(bitPattern: random.next()).truncatingRemainder(dividingBy: 2.5e11)
            case 1: interval = Double(Int(random.next() % 500_000_000_000) - 63_000_000_000) / 1_000
            default: interval = (Double(random.next() % 1_000_000) - 500_000) * [1, 1e-9, 0.1, 86_400][random.below(4)]
            }
            guard interval.isFinite else { continue }
            let date = Date(timeIntervalSinceReferenceDate: interval)
            guard let text = ISO8601Instant.text(of: date) else { continue }
            XCTAssertNotNil(ISO8601Instant(text), text)
            XCTAssertEqual(ISO8601Instant.date(text)?.timeIntervalSinceReferenceDate.bitPattern, interval.bitPattern, "\(interval) → \(text)")
        }
        XCTAssertEqual(ISO8601Instant.text(of: Date(timeIntervalSinceReferenceDate: -0.5)), "2000-12-31T23:59:59.5Z")
        XCTAssertEqual(ISO8601Instant.text(of: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertNil(ISO8601Instant.text(of: Date(timeIntervalSinceReferenceDate: 1e300)))
    }

    func test_plainValues_encodeAsTheTableSays_andDecodeBack() throws {
        struct Row: Codable, Equatable {
            var s: String; var i: Int; var d: Double; var u: UUID; var b: Data; var dec: Decimal; var url: URL; var o: Int?; var nested: [String: [Int]]
        }
        let row = Row(s: "x", i: -3, d: 0.1, u: UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), b: Data([0, 255]),
                      dec: Decimal(string: "12.50") ?? 0, url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"), o: nil, nested: ["k": [1, 2]])
        let value = try JSONValueEncoder().encode(row)
        XCTAssertEqual(value.description,
                       #"{"s":"x","i":-3,"d":0.1,"u":"00010203-0405-0607-0809-0A0B0C0D0E0F","b":"AP8=","dec":12.5,"url":"https://example.com/a?b=c","nested":{"k":[1,2]}}"#)
        XCTAssertEqual(try JSONValueDecoder().decode(Row.self, from: value), row)
        // Dictionaries and sets encode in one order, whatever they iterate in.
        let words = Set((0..<50).map { "w\($0)" }), counts = Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0)", $0) })
        let byNumber = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0 * 7 % 20 - 5, "v\($0)") })
        XCTAssertEqual(try JSONValueEncoder().encode(words).description,
                       "[" + words.sorted { Array("\"\($0)\"".utf8).lexicographicallyPrecedes(Array("\"\($1)\"".utf8)) }.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        XCTAssertEqual(try JSONValueEncoder().encode(counts).objectValue?.members.map(\.key), counts.keys.sorted(by: utf8Less))
        XCTAssertEqual(try JSONValueEncoder().encode(byNumber).objectValue?.members.map(\.key), byNumber.keys.sorted().map(String.init))
        XCTAssertEqual(try JSONValueDecoder().decode([Int: String].self, from: try JSONValueEncoder().encode(byNumber)), byNumber)
        XCTAssertEqual(try JSONValueDecoder().decode(Set<String>.self, from: try JSONValueEncoder().encode(words)), words)
        XCTAssertThrowsError(try JSONValueEncoder().encode(Double.nan))
        XCTAssertThrowsError(try JSONValueDecoder().decode(Int.self, from: .number(JSONNumber("1.5"))))
        XCTAssertEqual(try JSONValueDecoder().decode(Int.self, from: .number(JSONNumber("1e2"))), 100)
    }
}
