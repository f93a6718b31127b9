import Foundation
import XCTest

@testable import GraphDiff

/// Cases found by using the library as an app does, kept: each was a trap,
/// lost data or let through a graph that does not load again.
final class AppLibraryFindingsTests: XCTestCase {
    struct A: Codable, Equatable { var id: String; var n: Int }
    struct RootTwice: Codable { var active: [A]; var archived: [A] }
    struct RootOptional: Codable, Equatable { var title: String; var items: [A]? }

    func coder() throws -> GraphCoder { try GraphCoder(entities: [.init(A.self, identity: "id")]) }

    /// Nesting at the reader's limit, read on a thread with a main thread's
    /// stack (8 MiB): the loaders run on a thread of their own; what they
    /// return is freed here. Past the limit, a clear error.
    func test_deepDocuments_loadOrAreRefused_onAMainThreadsStack() throws {
        let schema = try Schema.load(try sampleBytes("jobs/jobs.schema.json"))
        func document(_ depth: Int) -> String {
            #"{"objects":{"Queue":{"q":{"paused":false}},"EmailJob":{"00000000-0000-0000-0000-000000000001":{"attempts":0,"cost":null,"#
                + #""enqueuedAt":"2026-11-20T09:58:00Z","priority":1,"queue":"q","state":"queued","to":"a@b.c","payload":"#
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}}}"
        }
        nonisolated(unsafe) var outcomes: [String] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for depth in [ProcessInfo.processInfo.environment["GRAPHDIFF_DEPTH"].flatMap(Int.init) ?? 7_000, 9_990, 50_000] {
                do { outcomes.append("\(try Graph.load(document(depth), schema: schema).count)") } catch { outcomes.append("error: \(error)".prefix(120).description) }
                do { _ = try JSONReader.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)); outcomes.append("parsed") }
                catch { outcomes.append("refused") }
            }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        XCTAssertEqual(outcomes, ["2", "parsed", "2", "parsed", "error: 1:10218: nesting deeper than 10000 levels", "refused"])
    }

    func test_update_refusesValuesThatWouldNotLoadAgain() throws {
        var jobs = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        let job = try XCTUnwrap(jobs.sortedIDs.first { jobs.value(of: $0, "payload") != nil })
        var deep: JSONValue = 1
        for _ in 0..<20_000 { deep = ["k": deep] }
        XCTAssertThrowsError(try jobs.update(job) { $0.payload = deep }) {
            XCTAssertEqual(($0 as? GraphError)?.problems.first?.message, "the value nests deeper than 9996 levels")
        }
        let twice = JSONValue.object(JSONObject([.init(key: "a", value: 1), .init(key: "a", value: 2)]))
        XCTAssertThrowsError(try jobs.update(job) { $0.payload = twice }) {
            XCTAssertEqual(($0 as? GraphError)?.problems.first?.message, #"member "a" is repeated"#)
        }
        XCTAssertThrowsError(try jobs.updateMetadata { $0["n"] = .number(JSONNumber("not a number")) })
        try jobs.updateMetadata { $0["device"] = "phone" }
        XCTAssertEqual(try Graph.load(jobs.canonicalText(), schema: jobs.schema).metadata["device"], "phone")
    }

    func test_intMin_isAnInt64() throws {
        XCTAssertEqual(JSONNumber("-9223372036854775808").intValue, Int.min)
        XCTAssertNil(AttributeType.int64.problem(with: .number(JSONNumber("-9223372036854775808"))))
        let coder = try coder()
        XCTAssertEqual(try coder.values(A.self, in: try coder.graph([A(id: "x", n: .min)])), [A(id: "x", n: .min)])
    }

    func test_roots_oneArrayPerType_anOptionalArray_andNoObjectAtAll() throws {
        let coder = try coder()
        XCTAssertThrowsError(try coder.graph(of: RootTwice(active: [A(id: "a", n: 1)], archived: [A(id: "b", n: 2)]))) {
            XCTAssertEqual("\($0)", #"A: the root holds A values in "active" and "archived": a type's objects are one property of the root"#)
        }
        let root = RootOptional(title: "t", items: [A(id: "a", n: 1)])
        let graph = try coder.graph(of: root)
        XCTAssertEqual(graph.metadata, ["title": "t"])
        XCTAssertEqual(try coder.value(RootOptional.self, in: graph), root)
        XCTAssertThrowsError(try coder.graph(of: [A(id: "a", n: 1)])) {
            XCTAssertTrue("\($0)".contains("the root value encodes array, not an object"), "\($0)")
        }
    }

    func test_readingAnOwnersItems_inUpdate_givesItsMembers() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        var graph = base
        let groceries = graph.id(entity: "TaskList", identity: "groceries")
        try graph.update(groceries) { values in
            var items = values.items.arrayValue ?? []
            items.append("c1")
            values.items = .array(items)
        }
        let items = try XCTUnwrap(graph.schema.entity(named: "TaskList")?.property(named: "items")?.relationship)
        XCTAssertEqual(graph.order(of: groceries, through: items).map(\.identity),
                       base.order(of: groceries, through: items).map(\.identity) + ["c1"])
    }

    func test_coder_refusesAMemberListedTwice_aMisspeltReference_andAReferenceOfTheWrongType() throws {
        struct L: Codable { var id: String; var items: [String] }
        struct I: Codable { var id: String; var owner: Int? }
        struct N: Codable { var id: Int }
        let index = try GraphCoder(entities: [
            .init(L.self, identity: "id", references: [.ordered("items", to: "I", storage: .index("position"), inverse: "list")]),
            .init(I.self, identity: "id"),
        ])
        XCTAssertThrowsError(try index.graph([L(id: "l", items: ["a", "a"])], [I(id: "a", owner: nil)])) {
            XCTAssertEqual("\($0)", #"L "l".items: lists "a" twice"#)
        }
        let misspelt = try GraphCoder(entities: [.init(I.self, identity: "id", references: [.toOne("ownr", to: "N")]), .init(N.self, identity: "id")])
        XCTAssertThrowsError(try misspelt.graph([I(id: "a", owner: 1)])) {
            XCTAssertEqual("\($0)", #"entities.I.ownr: reference "ownr" is no property of I (it encodes "id", "owner")"#)
        }
        struct S: Codable { var id: String; var owner: String? }
        let wrongType = try GraphCoder(entities: [.init(S.self, identity: "id", references: [.toOne("owner", to: "N")]), .init(N.self, identity: "id")])
        XCTAssertThrowsError(try wrongType.graph([S(id: "a", owner: "1")], [N(id: 1)])) {
            XCTAssertEqual("\($0)", #"entities.S.owner: reference "owner" holds string values, but N's identity is int64: give the property the identity's Swift type"#)
        }
        struct Many: Codable { var id: String; var tags: [String]? }
        struct Tag: Codable { var id: String }
        let optional = try GraphCoder(entities: [.init(Many.self, identity: "id", references: [.toMany("tags", to: "Tag")]), .init(Tag.self, identity: "id")])
        XCTAssertEqual(try optional.graph([Many(id: "m", tags: nil)]).value(of: ObjectID(entity: "Many", identity: "m"), "tags"), .array([]))
    }

    func test_rekeying_takesCanonicalIdentities_andNeverMergesTwoObjects() throws {
        let base = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        let jobs = base.sortedIDs.filter { $0.entity == "Job" }
        XCTAssertGreaterThanOrEqual(jobs.count, 2)
        XCTAssertEqual(base.rekeying([jobs[0]: jobs[1].identity.uppercased()]), base, "another object's identity, in capitals")
        XCTAssertEqual(base.rekeying([jobs[0]: "not-a-uuid"]), base)
        let moved = base.rekeying([jobs[0]: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"])
        XCTAssertNotNil(moved[ObjectID(entity: "Job", identity: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")])
        XCTAssertEqual(try Graph.load(moved.canonicalText(), schema: moved.schema), moved)
    }

    func test_edit_insertsOneToOneAndManyToManyPartners_inAnyOrder() throws {
        var people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        try people.edit { g in
            try g.insert(entity: "Dog", identity: "d9") { $0.name = "Rex"; $0.owner = "p9" }
            try g.insert(entity: "Person", identity: "p9") { $0.lastName = "Ann"; $0.age = 30 }
        }
        XCTAssertEqual(people.value(of: ObjectID(entity: "Person", identity: "p9"), "dog"), "d9")
        var playlist = try sampleGraph("playlist/base.graph.json", schema: "playlist/playlist.schema.json")
        try playlist.edit { g in
            try g.insert(entity: "Playlist", identity: "late9") { $0.name = "Late"; $0.tracks = ["new"] }
            try g.insert(entity: "Track", identity: "new") { $0.title = "New"; $0.artist = "A"; $0.seconds = 1.5e2 }
        }
        XCTAssertEqual(playlist.value(of: ObjectID(entity: "Track", identity: "new"), "playlists"), ["late9"])
    }

    func test_decodingErrors_nameTheObject() throws {
        struct Wide: Codable { var id: String; var n: Int }
        struct Narrow: Codable { var id: String; var n: Int8 }
        let wide = try GraphCoder(entities: [.init(Wide.self, name: "T", identity: "id")])
        let narrow = try GraphCoder(entities: [.init(Narrow.self, name: "T", identity: "id")])
        let graph = try wide.graph([Wide(id: "x", n: 1000)])
        XCTAssertThrowsError(try narrow.values(Narrow.self, in: graph)) {
            XCTAssertEqual("\($0)", #"T "x": cannot be read as Narrow: 1000 does not fit in Int8 at .n"#)
        }
    }
}

extension AppLibraryFindingsTests {
    func test_members_ofAnArrayOrder_areTheStoredIdentities_inIdentityOrder() throws {
        let playlist = try sampleGraph("playlist/base.graph.json", schema: "playlist/playlist.schema.json")
        let list = try XCTUnwrap(playlist.sortedIDs.first { $0.entity == "Playlist" })
        let tracks = try XCTUnwrap(playlist.schema.entity(named: "Playlist")?.property(named: "tracks")?.relationship)
        let order = playlist.order(of: list, through: tracks).map(\.identity)
        XCTAssertFalse(order.isEmpty)
        XCTAssertEqual(playlist.members(of: list, through: tracks).map(\.identity), order.sorted(by: utf8Less))
        let byHand = Relationship(name: "tracks", destination: "Track", toMany: true, ordered: .array, inverse: "playlists")
        XCTAssertEqual(playlist.members(of: list, through: byHand).map(\.identity), order.sorted(by: utf8Less))
    }
}

extension AppLibraryFindingsTests {
    /// Identities compare as bytes in the editing steps: the NFC and NFD
    /// spellings of "café" are two tasks, and moving one leaves the other.
    func test_edits_tellNFCAndNFDIdentitiesApart() throws {
        var graph = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        try graph.edit { g in
            try g.insert(entity: "Task", identity: composed) { $0.title = "One"; $0.list = "groceries" }
            try g.insert(entity: "Task", identity: decomposed) { $0.title = "Two"; $0.list = "groceries" }
        }
        let items = try XCTUnwrap(graph.schema.entity(named: "TaskList")?.property(named: "items")?.relationship)
        let groceries = graph.id(entity: "TaskList", identity: "groceries")
        XCTAssertEqual(graph.order(of: groceries, through: items).suffix(2).map { Array($0.identity.utf8) },
                       [Array(composed.utf8), Array(decomposed.utf8)])
        try graph.update(ObjectID(entity: "Task", identity: composed)) { $0.list = "chores" }
        XCTAssertEqual(graph.order(of: groceries, through: items).last.map { Array($0.identity.utf8) }, Array(decomposed.utf8))
        try graph.delete(ObjectID(entity: "Task", identity: decomposed))
        XCTAssertNotNil(graph[ObjectID(entity: "Task", identity: composed)])
        XCTAssertEqual(graph.consistencyProblems(), [])
    }
}
