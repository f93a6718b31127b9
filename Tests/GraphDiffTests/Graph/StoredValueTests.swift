import XCTest
@testable import GraphDiff

/// The rules of stored values (``StoredValue``) and the accessors every
/// stage reads an object's values through: typed equality, the references a
/// value holds, and values made from identities.
final class StoredValueTests: XCTestCase {
    /// Playlists list songs in order (an array, whose inverse is a sorted
    /// many-to-many); a song has a to-one album and typed attributes.
    func musicSchema() throws -> Schema {
        try Schema(name: "Music", version: 1, entities: [
            Entity(name: "Playlist", identity: "id",
                   attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "songs", destination: "Song", toMany: true, ordered: .array, inverse: "playlists")]),
            Entity(name: "Song", identity: "id",
                   attributes: [Attribute(name: "id", type: .string),
                                Attribute(name: "title", type: .string, isOptional: true),
                                Attribute(name: "released", type: .date, isOptional: true),
                                Attribute(name: "code", type: .uuid, isOptional: true),
                                Attribute(name: "price", type: .decimal, isOptional: true)],
                   relationships: [Relationship(name: "playlists", destination: "Playlist", toMany: true, inverse: "songs"),
                                   Relationship(name: "album", destination: "Album", inverse: "songs")]),
            Entity(name: "Album", identity: "id",
                   attributes: [Attribute(name: "id", type: .string)],
                   relationships: [Relationship(name: "songs", destination: "Song", toMany: true, inverse: "album")]),
        ])
    }

    func property(_ entity: String, _ name: String) throws -> Property {
        try XCTUnwrap(try musicSchema().entity(named: entity)?.property(named: name))
    }

    func test_storages_areTheOnesTheRulesAreAbout() throws {
        XCTAssertEqual(try property("Playlist", "songs").relationship?.storage, .orderedArray)
        XCTAssertEqual(try property("Song", "playlists").relationship?.storage, .manyToMany)
        XCTAssertEqual(try property("Song", "album").relationship?.storage, .toOne)
        XCTAssertEqual(try property("Album", "songs").relationship?.storage, .derived)
    }

    // MARK: Equality

    func test_equal_datesCompareByInstant() throws {
        let released = try property("Song", "released")
        XCTAssertTrue(StoredValue.equal("2026-01-01T00:00:00Z", "2026-01-01T01:00:00+01:00", as: released))
        XCTAssertTrue(StoredValue.equal("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z", as: released))
        XCTAssertFalse(StoredValue.equal("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", as: released))
        XCTAssertTrue(StoredValue.equal(.null, .null, as: released))
        XCTAssertFalse(StoredValue.equal(.null, "2026-01-01T00:00:00Z", as: released))
    }

    func test_equal_uuidsCompareInAnyCase() throws {
        let code = try property("Song", "code")
        XCTAssertTrue(StoredValue.equal("6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964ff", as: code))
        XCTAssertFalse(StoredValue.equal("6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964f0", as: code))
    }

    func test_equal_decimalsCompareByValue_numberOrString() throws {
        let price = try property("Song", "price")
        XCTAssertTrue(StoredValue.equal(try json("1.50"), try json("1.5"), as: price))
        XCTAssertTrue(StoredValue.equal("1.50", try json("1.5"), as: price))
        XCTAssertTrue(StoredValue.equal(try json("100"), try json("1e2"), as: price))
        XCTAssertFalse(StoredValue.equal(try json("1.5"), try json("1.51"), as: price))
        XCTAssertTrue(StoredValue.equal(.null, .null, as: price))
        XCTAssertFalse(StoredValue.equal(.null, try json("0"), as: price))
    }

    func test_equal_stringsCompareByExactBytes() throws {
        let title = try property("Song", "title")
        XCTAssertTrue(StoredValue.equal("Caf\u{E9}", "Caf\u{E9}", as: title))
        XCTAssertFalse(StoredValue.equal("Caf\u{E9}", "Cafe\u{301}", as: title), "NFC and NFD are two values")
    }

    /// An index attribute's values by its type alone: `null` equals only `null`.
    func test_equal_byType_nullEqualsOnlyNull() {
        XCTAssertTrue(StoredValue.equal(.null, .null, as: .double))
        XCTAssertFalse(StoredValue.equal(.null, .number(JSONNumber(0)), as: .int64))
        XCTAssertFalse(StoredValue.equal("1", .null, as: .decimal))
        XCTAssertTrue(StoredValue.equal("2.0", .number(JSONNumber(2)), as: .decimal))
    }

    func test_equal_toOneComparesExactBytes_nullEqualsNull() throws {
        let album = try property("Song", "album")
        XCTAssertTrue(StoredValue.equal("a1", "a1", as: album))
        XCTAssertFalse(StoredValue.equal("a1", "a2", as: album))
        XCTAssertFalse(StoredValue.equal("\u{E9}", "e\u{301}", as: album), "NFC and NFD are two identities")
        XCTAssertTrue(StoredValue.equal(.null, .null, as: album))
        XCTAssertFalse(StoredValue.equal(.null, "a1", as: album))
        XCTAssertFalse(StoredValue.equal("a1", .null, as: album))
    }

    func test_equal_manyToManyComparesAsSets() throws {
        let playlists = try property("Song", "playlists")
        XCTAssertTrue(StoredValue.equal(["p1", "p2"], ["p2", "p1"], as: playlists))
        XCTAssertFalse(StoredValue.equal(["p1"], ["p1", "p2"], as: playlists))
        XCTAssertFalse(StoredValue.equal(["\u{E9}"], ["e\u{301}"], as: playlists))
        XCTAssertTrue(StoredValue.equal([], .null, as: playlists), "null holds no identity")
    }

    func test_equal_orderedArrayComparesAsSet() throws {
        let songs = try property("Playlist", "songs")
        XCTAssertTrue(StoredValue.equal(["s3", "s1", "s2"], ["s1", "s2", "s3"], as: songs))
        XCTAssertFalse(StoredValue.equal(["s3", "s1"], ["s1", "s2"], as: songs))
    }

    // MARK: References held

    func refs(_ value: JSONValue) -> [String] {
        var found: [String] = []
        StoredValue.forEachReference(in: value) { found.append($0) }
        return found
    }

    func test_forEachReference_stringArrayNullAndOthers() throws {
        XCTAssertEqual(refs("p1"), ["p1"])
        XCTAssertEqual(refs(["t2", "t1"]), ["t2", "t1"])
        XCTAssertEqual(refs(try json(#"["a", 1, null, "b", ["c"]]"#)), ["a", "b"], "only identity strings, not nested")
        XCTAssertEqual(refs(.null), [])
        XCTAssertEqual(refs(.number(JSONNumber(7))), [])
        XCTAssertEqual(refs(.bool(true)), [])
        XCTAssertEqual(refs(try json(#"{"id": "p1"}"#)), [])
        XCTAssertEqual(refs([]), [])
        for value: JSONValue in ["p1", ["t2", "t1"], .null, .number(JSONNumber(7))] {
            XCTAssertEqual(StoredValue.references(in: value), refs(value))
        }
    }

    func test_containsReference_stopsAtTheFirstMatch() {
        var asked: [String] = []
        XCTAssertTrue(StoredValue.containsReference(in: ["a", "b", "c"]) { asked.append($0); return $0 == "b" })
        XCTAssertEqual(asked, ["a", "b"])
        XCTAssertFalse(StoredValue.containsReference(in: .null) { _ in true })
        XCTAssertTrue(StoredValue.containsReference(in: "a") { $0 == "a" })
    }

    func test_holds_sortedUnsortedToOneAndNull() {
        XCTAssertTrue(StoredValue.holds(["a", "b", "c", "d"], identity: "c"))
        XCTAssertTrue(StoredValue.holds(["d", "a", "c"], identity: "a"), "an unsorted list is read whole")
        XCTAssertFalse(StoredValue.holds(["a", "b"], identity: "B"))
        XCTAssertFalse(StoredValue.holds(["\u{E9}"], identity: "e\u{301}"))
        XCTAssertTrue(StoredValue.holds("p1", identity: "p1"))
        XCTAssertFalse(StoredValue.holds("p1", identity: "p2"))
        XCTAssertFalse(StoredValue.holds(.null, identity: "p1"))
        XCTAssertEqual(StoredValue.identity(in: "p1"), "p1")
        XCTAssertNil(StoredValue.identity(in: .null))
        XCTAssertNil(StoredValue.identity(in: ["p1"]))
    }

    func test_identities_areExactByteSets() {
        XCTAssertEqual(StoredValue.identities(["b", "a", "b"]), [ExactString("a"), ExactString("b")])
        XCTAssertEqual(StoredValue.identities(["\u{E9}", "e\u{301}"]).count, 2)
        XCTAssertEqual(StoredValue.identities("p1"), [ExactString("p1")])
        XCTAssertEqual(StoredValue.identities(.null), [])
    }

    func test_sameMembers_anyOrderEachOnce() {
        XCTAssertTrue(StoredValue.sameMembers(["b", "a"], ["a", "b"]))
        XCTAssertFalse(StoredValue.sameMembers(["a", "b"], ["a", "a"]), "names listed twice")
        XCTAssertFalse(StoredValue.sameMembers(["a"], ["a", "b"]))
        XCTAssertFalse(StoredValue.sameMembers("a", ["a"]))
    }

    // MARK: Values made from identities

    func test_valuesMadeFromIdentities() {
        XCTAssertEqual(StoredValue.reference("p1"), "p1")
        XCTAssertEqual(StoredValue.reference(nil), .null)
        XCTAssertEqual(StoredValue.list(["s3", "s1"]), ["s3", "s1"])
        XCTAssertEqual(StoredValue.sortedMembers(["b", "a", "B"]), ["B", "a", "b"])
        XCTAssertEqual(StoredValue.empty(.manyToMany), [])
        XCTAssertEqual(StoredValue.empty(.orderedArray), [])
        XCTAssertEqual(StoredValue.empty(.toOne), .null)
    }

    func test_droppingReferences() {
        XCTAssertEqual(StoredValue.droppingReferences(in: "p1") { $0 == "p1" }, .null)
        XCTAssertNil(StoredValue.droppingReferences(in: "p1") { $0 == "p2" }, "nothing dropped")
        XCTAssertEqual(StoredValue.droppingReferences(in: ["c", "a", "b"]) { $0 == "a" }, ["c", "b"])
        XCTAssertEqual(StoredValue.droppingReferences(in: try json(#"["a", 1]"#)) { _ in true }, try json("[1]"))
        XCTAssertNil(StoredValue.droppingReferences(in: ["a"]) { _ in false })
        XCTAssertNil(StoredValue.droppingReferences(in: .null) { _ in true })
    }

    func test_mappingReferences_keepsAllElse() throws {
        XCTAssertEqual(StoredValue.mappingReferences(in: "p1") { $0.uppercased() }, "P1")
        XCTAssertEqual(StoredValue.mappingReferences(in: try json(#"["a", 1, "b"]"#)) { $0 + "!" }, try json(#"["a!", 1, "b!"]"#))
        XCTAssertEqual(StoredValue.mappingReferences(in: .null) { $0 + "!" }, .null)
        XCTAssertEqual(StoredValue.mappingReferences(in: .number(JSONNumber(7))) { $0 + "!" }, .number(JSONNumber(7)))
    }

    func test_addingReference() {
        XCTAssertEqual(StoredValue.addingReference(to: "b", in: ["c", "a"]), ["a", "b", "c"])
        XCTAssertNil(StoredValue.addingReference(to: "a", in: ["a"]), "held already")
        XCTAssertEqual(StoredValue.addingReference(to: "p1", in: .null), "p1")
        XCTAssertNil(StoredValue.addingReference(to: "p1", in: "p2"), "a to-one naming another")
    }

    // MARK: Accessors

    func test_objectAccessors_readPastTheEndAsNull_andWriteOnlyWithin() {
        var o = GraphObject(entityIndex: 0, values: ["t1", .null, ["a", "b"], .number(JSONNumber(3))])
        XCTAssertEqual(o.slotCount, 4)
        XCTAssertEqual(o.value(at: 0), "t1")
        XCTAssertEqual(o.value(at: 4), .null)
        XCTAssertEqual(o.value(at: -1), .null)
        XCTAssertEqual(o.reference(at: 0), "t1")
        XCTAssertNil(o.reference(at: 1))
        XCTAssertNil(o.reference(at: 2), "a list is no to-one")
        XCTAssertNil(o.reference(at: 3))
        XCTAssertNil(o.reference(at: 9))
        XCTAssertEqual(o.references(at: 2), ["a", "b"])
        XCTAssertTrue(o.holds("b", at: 2))
        var seen: [String] = []
        o.forEachReference(at: 0) { seen.append($0) }
        o.forEachReference(at: 2) { seen.append($0) }
        XCTAssertEqual(seen, ["t1", "a", "b"])
        XCTAssertTrue(o.setValue("t2", at: 0))
        XCTAssertFalse(o.setValue("x", at: 4))
        XCTAssertEqual(o.values, ["t2", .null, ["a", "b"], .number(JSONNumber(3))])
    }

    func test_identicalValues_includeNumberSpelling() throws {
        let a = GraphObject(entityIndex: 0, values: [try json("1.0"), "x"])
        let b = GraphObject(entityIndex: 0, values: [try json("1"), "x"])
        XCTAssertFalse(a.hasIdenticalValue(at: 0, as: b))
        XCTAssertTrue(a.hasIdenticalValue(at: 1, as: b))
        XCTAssertFalse(a.hasIdenticalValues(as: b))
        XCTAssertTrue(a.hasIdenticalValues(as: a))
        XCTAssertFalse(a.hasIdenticalValues(as: GraphObject(entityIndex: 0, values: [try json("1.0")])), "fewer values")
    }
}
