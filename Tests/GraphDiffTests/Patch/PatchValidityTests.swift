import XCTest
@testable import GraphDiff

/// A graph patch (`graphdiff-patch/1`) of `changes` (the JSON text of the
/// changes array) for `schema`, read as `graphdiff patch` reads it.
func graphPatch(_ changes: String, for schema: Schema) throws -> ChangeSet {
    let text = #"{"format": "graphdiff-patch/1", "schema": {"name": "\#(schema.name)", "fingerprint": "\#(schema.fingerprint)"}, "changes": \#(changes)}"#
    guard case .graph(let changes) = try PatchDocument.decode(try json(text), schema: schema) else { throw XCTSkip("not a graph patch") }
    return changes
}

/// The problems an invalid patch result is refused with, as printed.
func inconsistency(_ changes: ChangeSet, _ target: Graph, force: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
        let outcome = try changes.apply(to: target, force: force)
        XCTFail("applied: \(outcome.graph.canonicalText().count) bytes", file: file, line: line)
    } catch {
        XCTAssertEqual(error.mismatches, [], file: file, line: line)
        return error.problems.map(\.description)
    }
    return []
}

/// A graph patch must not write what `validate` would reject.
final class PatchValidityTests: XCTestCase {
    var people: Graph!

    override func setUpWithError() throws {
        people = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
    }

    func test_insert_wrongTypeNullRequiredAndUnknownProperty_areRefused_namingEachProperty() throws {
        let changes = try graphPatch("""
            [{"op": "insert", "entity": "Dog", "id": "d9", "values": {"breed": 7, "name": null, "owner": null, "colour": "brown"}}]
            """, for: people.schema)
        XCTAssertEqual(inconsistency(changes, people), [
            #"Dog "d9".breed: value 7 has the wrong type: expected a string, found number"#,
            #"Dog "d9".colour: unknown property "colour" of entity "Dog""#,
            #"Dog "d9".name: required attribute "name" is null"#,
        ])
    }

    func test_update_wrongTypeAndNullRequired_areRefused() throws {
        let changes = try graphPatch("""
            [{"op": "update", "entity": "Person", "id": "p1", "properties": {"age": {"old": 23, "new": "old"}, "lastName": {"old": "Martin", "new": null}}},
             {"op": "update", "entity": "Address", "id": "a1", "properties": {"person": {"old": "p1", "new": 5}}}]
            """, for: people.schema)
        XCTAssertEqual(inconsistency(changes, people), [
            #"Address "a1".person: a to-one reference is an identity string or null, found number"#,
            #"Person "p1".age: value "old" has the wrong type: expected an integer (int64), found string"#,
            #"Person "p1".lastName: required attribute "lastName" is null"#,
        ])
    }

    func test_update_nullRequiredRelationship_isRefused() throws {
        let jobs = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        let changes = try graphPatch("""
            [{"op": "update", "entity": "EmailJob", "id": "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60", "properties": {"queue": {"old": "default", "new": null}}}]
            """, for: jobs.schema)
        XCTAssertEqual(inconsistency(changes, jobs), [#"EmailJob "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60".queue: required relationship "queue" is null"#])
    }

    func test_insert_absentAttributes_takeTheirDefault_andAbsentRequiredOnesAreRefused() throws {
        let ok = try graphPatch(#"[{"op": "insert", "entity": "Person", "id": "p9", "values": {"lastName": "Nguyen"}}]"#, for: people.schema)
        let graph = try ok.apply(to: people).graph
        let p9 = ObjectID(entity: "Person", identity: "p9")
        XCTAssertEqual(graph.value(of: p9, "age"), 0, "default")
        XCTAssertEqual(graph.value(of: p9, "firstName"), .null, "optional")
        XCTAssertEqual(graph._invariantViolations(), [])
        let missing = try graphPatch(#"[{"op": "insert", "entity": "Person", "id": "p9", "values": {"age": 3}}]"#, for: people.schema)
        XCTAssertEqual(inconsistency(missing, people), [#"Person "p9".lastName: missing required attribute "lastName""#])
    }

    func test_insert_derivedRelationshipOrAnotherIdentity_isRefused() throws {
        let changes = try graphPatch("""
            [{"op": "insert", "entity": "Person", "id": "p9", "values": {"guid": "p8", "lastName": "Li", "addresses": ["a3"]}}]
            """, for: people.schema)
        XCTAssertEqual(inconsistency(changes, people), [
            #"Person "p9".addresses: "addresses" is not stored: it is derived from the members' "person""#,
            #"Person "p9".guid: identity attribute "p8" differs from the object's identity"#,
        ])
        let same = try graphPatch(#"[{"op": "insert", "entity": "Person", "id": "p9", "values": {"guid": "p9", "lastName": "Li"}}]"#, for: people.schema)
        XCTAssertEqual(try same.apply(to: people).graph.value(of: ObjectID(entity: "Person", identity: "p9"), "lastName"), "Li")
    }

    func test_force_appliesWhatMatches_butNeverAnInvalidValue() throws {
        let changes = try graphPatch("""
            [{"op": "update", "entity": "Person", "id": "p1", "properties": {"age": {"old": 99, "new": 24}}},
             {"op": "update", "entity": "Person", "id": "p2", "properties": {"age": {"old": 41, "new": 1e400}}}]
            """, for: people.schema)
        XCTAssertEqual(inconsistency(changes, people, force: true), [#"Person "p2".age: value 1e400 is out of range for int64"#])
    }

    func test_validPatch_stillApplies_withManyToManyAndReferencesAsLoaded() throws {
        let changes = try graphPatch("""
            [{"op": "insert", "entity": "Dog", "id": "d9", "values": {"breed": null, "name": "Fido", "owner": null}},
             {"op": "update", "entity": "Person", "id": "p1", "properties": {"age": {"old": 23, "new": 24.0}}}]
            """, for: people.schema)
        let graph = try changes.apply(to: people).graph
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Dog", identity: "d9"), "name"), "Fido")
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Person", identity: "p1"), "age"), .number("24.0"))
        // The patched graph loads again: patch and loader apply one rule.
        XCTAssertEqual(try Graph.load(graph.canonicalText(), schema: people.schema), graph)
    }

    func test_patchWithOtherSpellingsOfTypedIdentities_namesTheSameObjects() throws {
        let schema = try typedIdentitySchema()
        let a = try Graph.load(Array(#"{"objects": {"Agent": {"007": {"name": "Bond", "boss": "1"}, "1": {"name": "M"}}}}"#.utf8), schema: schema)
        let changes = try graphPatch("""
            [{"op": "update", "entity": "Agent", "id": "0007", "properties": {"boss": {"old": "001", "new": null}, "name": {"old": "Bond", "new": "James"}}},
             {"op": "insert", "entity": "Agent", "id": "08", "values": {"name": "Q", "boss": "00001", "devices": [], "team": null}}]
            """, for: schema)
        let patched = try changes.apply(to: a).graph
        XCTAssertEqual(patched.value(of: ObjectID(entity: "Agent", identity: "7"), "name"), "James")
        XCTAssertEqual(patched.value(of: ObjectID(entity: "Agent", identity: "7"), "boss"), .null)
        XCTAssertEqual(patched.value(of: ObjectID(entity: "Agent", identity: "8"), "boss"), "1")
        XCTAssertEqual(patched.objects.keys.map(\.description).sorted(), ["Agent:1", "Agent:7", "Agent:8"])
        XCTAssertEqual(patched._invariantViolations(), [])
        XCTAssertTrue(try changes.apply(to: patched).wasAlreadyApplied)
        // A reference that is no identity of its type is an invalid value.
        let bad = try graphPatch(#"[{"op": "update", "entity": "Agent", "id": "7", "properties": {"boss": {"old": "1", "new": "M"}}}]"#, for: schema)
        XCTAssertEqual(inconsistency(bad, a), [#"Agent "7".boss: reference "M" to Agent is not an integer (int64)"#])
    }
}
