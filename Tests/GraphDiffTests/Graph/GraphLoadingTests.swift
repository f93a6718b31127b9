import XCTest
@testable import GraphDiff

final class GraphLoadingTests: XCTestCase {
    var schema: Schema!

    override func setUpWithError() throws { schema = try kitchenSinkSchema() }

    /// A valid graph: owner o1 with chain i1 → i2 → s1 (s1 a Special), tags,
    /// and badge b1.
    let valid = """
        {"objects": {
          "Owner": {"o1": {"name": "first", "badge": "b1"}},
          "Badge": {"b1": {"holder": "o1"}},
          "Item": {"i1": {"owner": "o1", "prev": null, "next": "i2", "tags": ["t1"]},
                   "i2": {"owner": "o1", "prev": "i1", "next": "s1", "tags": ["t1", "t2"], "count": 3}},
          "Special": {"s1": {"owner": "o1", "prev": "i2", "next": null, "tags": [], "extra": {"k": [1]}}},
          "Tag": {"t1": {"items": ["i2", "i1"]}, "t2": {"items": ["i2"]}}
        }}
        """

    private func assertSingleProblem(
        _ text: String, _ kind: GraphProblem.Kind, _ description: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let problems = graphProblems(text, schema: schema, file: file, line: line)
        XCTAssertEqual(problems.map(\.kind), [kind], "\(problems.map(\.description))", file: file, line: line)
        XCTAssertEqual(problems.first?.description, description, file: file, line: line)
    }

    private func variant(_ replace: String, _ with: String) -> String {
        precondition(valid.contains(replace), replace)
        return valid.replacingOccurrences(of: replace, with: with)
    }

    func test_load_validGraph() throws {
        let graph = try Graph.load(Array(valid.utf8), schema: schema)
        XCTAssertEqual(graph.count, 7)
        XCTAssertEqual(graph._invariantViolations(), [])
        let o1 = graph.id(entity: "Owner", identity: "o1")
        let items = try XCTUnwrap(schema.entity(named: "Owner")?.property(named: "items")?.relationship)
        XCTAssertEqual(graph.chain(of: o1, through: items).map(\.identity), ["i1", "i2", "s1"])
        XCTAssertEqual(graph.value(of: graph.id(entity: "Item", identity: "i1"), "count"), 0, "default filled")
        XCTAssertEqual(graph.value(of: graph.id(entity: "Item", identity: "i1"), "when"), .null)
        XCTAssertEqual(graph.value(of: graph.id(entity: "Tag", identity: "t1"), "items"), ["i1", "i2"], "many-to-many sorted")
        XCTAssertEqual(graph.id(entity: "Special", identity: "s1"), ObjectID(entity: "Item", identity: "s1"))
    }

    func test_reject_unknownEntity() {
        assertSingleProblem(variant(#""Tag": {"#, #""Ghost": {}, "Tag": {"#), .unknownEntity, "7:3: Ghost: unknown entity \"Ghost\"")
    }

    func test_reject_unknownProperty() {
        assertSingleProblem(variant(#""name": "first""#, #""name": "first", "colour": 1"#), .unknownProperty,
                            "2:37: Owner \"o1\".colour: unknown property \"colour\" of entity \"Owner\"")
    }

    func test_reject_wrongType() {
        assertSingleProblem(variant(#""count": 3"#, #""count": "3""#), .wrongType,
                            "5:84: Item \"i2\".count: value \"3\" has the wrong type: expected an integer (int16), found string")
        assertSingleProblem(variant(#""name": "first""#, #""name": 7"#), .wrongType,
                            "2:20: Owner \"o1\".name: value 7 has the wrong type: expected a string, found number")
        // The badge's inverse now disagrees too: both are reported.
        let problems = graphProblems(variant(#""badge": "b1""#, #""badge": 12"#), schema: schema)
        XCTAssertEqual(problems.map(\.description), [
            "2:37: Owner \"o1\".badge: a to-one reference is an identity string or null, found number",
            #"3:20: Badge "b1".holder: refers to "o1", whose inverse "badge" is null, not "b1""#,
        ])
    }

    func test_reject_missingRequiredAttribute() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let problems = graphProblems(#"{"objects": {"Person": {"p1": {"dog": null}}}}"#, schema: schema)
        XCTAssertEqual(problems.map(\.description), ["1:25: Person \"p1\".lastName: missing required attribute \"lastName\""])
        let nulled = graphProblems(#"{"objects": {"Person": {"p1": {"dog": null, "lastName": null}}}}"#, schema: schema)
        XCTAssertEqual(nulled.map(\.kind), [.missingRequired])
    }

    func test_reject_duplicateIdentity_acrossSubEntities() {
        let problems = graphProblems(variant(#""Special": {"s1""#, #""Special": {"i1": {"owner": null, "prev": null, "next": null, "tags": []}, "s1""#), schema: schema)
        XCTAssertEqual(problems.map(\.kind), [.duplicateIdentity])
        XCTAssertEqual(problems.first?.description, "6:15: Special \"i1\": duplicate identity in entity hierarchy \"Item\" (first at 4:12)")
    }

    func test_reject_danglingReference() {
        let problems = graphProblems(variant(#""tags": ["t1", "t2"]"#, #""tags": ["t1", "t2", "t9"]"#), schema: schema)
        XCTAssertEqual(problems.map(\.description), ["5:62: Item \"i2\".tags: dangling reference to Tag \"t9\": no such object"])
    }

    func test_reject_referenceIntoAnotherHierarchy_isDangling() {
        // "t1" is a Tag; identities are per inheritance root, so no Badge "t1" exists.
        let problems = graphProblems(variant(#""badge": "b1""#, #""badge": "t1""#), schema: schema)
        XCTAssertEqual(problems.map(\.kind), [.danglingReference, .inverseDisagreement])
    }

    func test_reject_inverseDisagreement_oneToOne() {
        let problems = graphProblems(variant(#""Badge": {"b1": {"holder": "o1"}}"#, #""Badge": {"b1": {"holder": null}}"#), schema: schema)
        XCTAssertEqual(problems.map(\.description), [#"2:37: Owner "o1".badge: refers to "b1", whose inverse "holder" is null, not "o1""#])
    }

    func test_reject_inverseDisagreement_manyToMany() {
        let problems = graphProblems(variant(#""t2": {"items": ["i2"]}"#, #""t2": {"items": ["i1", "i2"]}"#), schema: schema)
        XCTAssertEqual(problems.map(\.description), [#"7:49: Tag "t2".items: lists "i1", whose inverse "tags" does not list "t2""#])
    }

    func test_reject_chainWithSeveralHeads() {
        let problems = graphProblems(variant(#""prev": "i2", "next": null"#, #""prev": null, "next": null"#), schema: schema)
        XCTAssertEqual(problems.map(\.description), [
            #"2:13: Owner "o1".items: chain has 2 heads (members without "prev"): "i1", "s1""#,
            #"5:48: Item "i2".next: "next" is "s1", but the "prev" of "s1" is null"#,
        ])
    }

    func test_reject_chainWithoutHead_isACycle() {
        let text = variant(#""owner": "o1", "prev": null, "next": "i2""#, #""owner": "o1", "prev": "s1", "next": "i2""#)
            .replacingOccurrences(of: #""prev": "i2", "next": null"#, with: #""prev": "i2", "next": "i1""#)
        let problems = graphProblems(text, schema: schema)
        XCTAssertEqual(problems.map(\.description), [#"2:13: Owner "o1".items: chain "i1" → "i2" → "s1" → "i1" has no head"#])
    }

    func test_reject_memberUnreachableFromHead() {
        // i1 is the head and ends the chain; i2 and s1 form a separate cycle.
        let text = variant(#""prev": null, "next": "i2""#, #""prev": null, "next": null"#)
            .replacingOccurrences(of: #""owner": "o1", "prev": "i1", "next": "s1""#, with: #""owner": "o1", "prev": "s1", "next": "s1""#)
            .replacingOccurrences(of: #""prev": "i2", "next": null"#, with: #""prev": "i2", "next": "i2""#)
        let problems = graphProblems(text, schema: schema)
        XCTAssertEqual(problems.map(\.description), [#"2:13: Owner "o1".items: 2 member(s) unreachable from the head "i1": "i2", "s1""#])
    }

    func test_reject_prevNextDisagreement() {
        let problems = graphProblems(variant(#""owner": "o1", "prev": "i1", "next": "s1""#, #""owner": "o1", "prev": null, "next": "s1""#), schema: schema)
        XCTAssertEqual(problems.map(\.kind), [.brokenChain, .brokenChain])
        XCTAssertEqual(problems.map(\.description).first, #"2:13: Owner "o1".items: chain has 2 heads (members without "prev"): "i1", "i2""#)
        XCTAssertEqual(problems.map(\.description).last, #"4:48: Item "i1".next: "next" is "i2", but the "prev" of "i2" is null"#)
    }

    func test_reject_chainAcrossOwners() {
        let text = variant(#""Owner": {"o1": {"name": "first", "badge": "b1"}}"#, #""Owner": {"o1": {"name": "first", "badge": "b1"}, "o2": {"badge": null}}"#)
            .replacingOccurrences(of: #""s1": {"owner": "o1""#, with: #""s1": {"owner": "o2""#)
        let messages = graphProblems(text, schema: schema).map(\.message)
        XCTAssertTrue(messages.contains(#""next" is "s1", which belongs to another owner than "o1""#), "\(messages)")
        XCTAssertTrue(messages.contains(#""prev" is "i2", which belongs to another owner than "o2""#), "\(messages)")
    }

    func test_reject_chainedMemberWithoutOwner() {
        let text = variant(#""s1": {"owner": "o1", "prev": "i2""#, #""s1": {"owner": null, "prev": "i2""#)
        let messages = graphProblems(text, schema: schema).map(\.description)
        XCTAssertTrue(messages.contains(#"6:37: Special "s1".prev: is linked by "prev" in a chain of "items" but has no "owner""#), "\(messages)")
    }

    func test_reject_abstractEntity() throws {
        let schema = try sampleSchema("jobs/jobs.schema.json")
        let problems = graphProblems(#"{"objects": {"Job": {}}}"#, schema: schema)
        XCTAssertEqual(problems.map(\.description), [#"1:14: Job: entity "Job" is abstract and cannot have objects of its own"#])
    }

    func test_reject_schemaFingerprintMismatch_unlessIgnored() throws {
        let text = valid.replacingOccurrences(of: #"{"objects""#, with: #"{"metadata": {"schemaFingerprint": "sha256:00"}, "objects""#)
        let problems = graphProblems(text, schema: schema)
        XCTAssertEqual(problems.map(\.kind), [.schemaMismatch])
        XCTAssertNoThrow(try Graph.load(Array(text.utf8), schema: schema, options: .init(ignoreFingerprint: true)))
        let matching = valid.replacingOccurrences(of: #"{"objects""#, with: #"{"metadata": {"schemaFingerprint": "\#(schema.fingerprint)"}, "objects""#)
        XCTAssertNoThrow(try Graph.load(Array(matching.utf8), schema: schema))
    }

    func test_reject_derivedRelationshipThatDisagrees() throws {
        XCTAssertNoThrow(try Graph.load(Array(variant(#""name": "first""#, #""name": "first", "items": ["i1", "i2", "s1"]"#).utf8), schema: schema))
        let problems = graphProblems(variant(#""name": "first""#, #""name": "first", "items": ["i2", "i1", "s1"]"#), schema: schema)
        XCTAssertEqual(problems.map(\.kind), [.inverseDisagreement])
    }

    func test_reject_notAGraph() {
        XCTAssertEqual(graphProblems("[1]", schema: schema).map(\.kind), [.notAGraph])
        XCTAssertEqual(graphProblems(#"{"objects": 3}"#, schema: schema).map(\.kind), [.notAGraph])
        XCTAssertEqual(graphProblems(#"{"objects": {}, "extra": 1}"#, schema: schema).map(\.kind), [.notAGraph])
    }

    func test_reject_listsEveryProblem() {
        let text = variant(#""count": 3"#, #""count": "x""#).replacingOccurrences(of: #""tags": ["t1"]"#, with: #""tags": ["t1"], "zzz": 1"#)
        XCTAssertEqual(graphProblems(text, schema: schema).map(\.kind).sorted { $0.rawValue < $1.rawValue }, [.unknownProperty, .wrongType])
    }

    // MARK: Forms and round trips

    /// Found by testing: in the flat form the identity member is the
    /// identity attribute's value, so an integer identity is a JSON number;
    /// a string is reported at its position (strings stay the identity of
    /// string and uuid identities).
    func test_flatForm_integerIdentityGivenAsAString_isAProblemAtItsPosition() throws {
        let numbered = try Schema.load(Array(#"{"format": "graphdiff-schema/1", "name": "N", "entities": {"Note": {"identity": "n", "attributes": {"n": {"type": "int64"}, "t": {"type": "string"}}}}}"#.utf8))
        let text = "{\"objects\": [\n  {\"entity\": \"Note\", \"n\": \"1\", \"t\": \"a\"},\n  {\"entity\": \"Note\", \"n\": 2.0, \"t\": \"b\"}\n]}"
        XCTAssertEqual(graphProblems(text, schema: numbered).map(\.description),
                       [#"2:22: Note "1".n: identity "1" is a string; an int64 identity in the flat form is a JSON number, such as 7"#])
        let fine = try Graph.load(Array(text.replacingOccurrences(of: #""n": "1""#, with: #""n": 1"#).utf8), schema: numbered)
        XCTAssertEqual(fine.sortedIDs.map(\.identity), ["1", "2"])
    }

    func test_flatForm_loadsToTheSameGraph() throws {
        let canonical = try Graph.load(Array(valid.utf8), schema: schema)
        let flat = """
            {"objects": [
              {"entity": "Owner", "id": "o1", "name": "first", "badge": "b1"},
              {"entity": "Badge", "id": "b1", "holder": "o1"},
              {"entity": "Special", "id": "s1", "owner": "o1", "prev": "i2", "next": null, "extra": {"k": [1]}},
              {"entity": "Item", "id": "i2", "owner": "o1", "prev": "i1", "next": "s1", "tags": ["t2", "t1"], "count": 3},
              {"entity": "Item", "id": "i1", "owner": "o1", "prev": null, "next": "i2", "tags": ["t1"]},
              {"entity": "Tag", "id": "t1", "items": ["i1", "i2"]},
              {"entity": "Tag", "id": "t2", "items": ["i2"]}
            ]}
            """
        let fromFlat = try Graph.load(Array(flat.utf8), schema: schema)
        XCTAssertEqual(fromFlat, canonical)
        XCTAssertEqual(fromFlat.canonicalText(), canonical.canonicalText())
    }

    func test_roundTrip_readWriteRead_givesTheSameGraphAndBytes() throws {
        let samples = [("people/v1.graph.json", "people/people.schema.json"), ("people/v2.graph.json", "people/people.schema.json"),
                       ("people/v3.graph.json", "people/people.schema.json"), ("tasks/base.graph.json", "tasks/tasks.schema.json"),
                       ("tasks/mine.graph.json", "tasks/tasks.schema.json"), ("tasks/theirs.graph.json", "tasks/tasks.schema.json"),
                       ("jobs/v1.graph.json", "jobs/jobs.schema.json"), ("jobs/v2.graph.json", "jobs/jobs.schema.json")]
        for (path, schemaPath) in samples {
            let schema = try sampleSchema(schemaPath)
            let graph = try sampleGraph(path, schema: schemaPath)
            XCTAssertEqual(graph._invariantViolations(), [], path)
            let text = graph.canonicalText()
            let again = try Graph.load(text, schema: schema)
            XCTAssertEqual(again, graph, path)
            XCTAssertEqual(again.canonicalText(), text, path)
            // Exact data survives: the big decimal keeps its text.
            if path.hasPrefix("jobs") {
                XCTAssertTrue(String(decoding: text, as: UTF8.self).contains("12345678901234567890.125"))
            }
        }
    }

    func test_canonicalText_layout() throws {
        let graph = try Graph.load(Array(#"{"$schema": "s.json", "objects": {"Badge": {"b1": {"holder": null}}}}"#.utf8), schema: schema)
        XCTAssertEqual(String(decoding: graph.canonicalText(), as: UTF8.self), """
            {
              "$schema": "s.json",
              "objects": {
                "Badge": {
                  "b1": {
                    "holder": null
                  }
                }
              }
            }

            """)
    }

    func test_identitiesDifferingInNormalisation_areDifferentObjects() throws {
        let text = "{\"objects\": {\"Tag\": {\"\u{E9}\": {\"items\": []}, \"e\u{301}\": {\"items\": []}}}}"
        let graph = try Graph.load(Array(text.utf8), schema: schema)
        XCTAssertEqual(graph.count, 2)
    }
}
