import XCTest
@testable import GraphDiff

final class SchemaLoadingTests: XCTestCase {
    func test_load_peopleSample_resolvesTables() throws {
        let schema = try sampleSchema("people/people.schema.json")
        XCTAssertEqual(schema.name, "People")
        XCTAssertEqual(schema.entities.map(\.name), ["Address", "Dog", "Person"])
        let person = try XCTUnwrap(schema.entity(named: "Person"))
        XCTAssertEqual(person.identityAttribute, "guid")
        XCTAssertEqual(person.properties.map(\.name), ["addresses", "age", "birthday", "dog", "firstName", "guid", "lastName"])
        // The identity is the key; addresses is derived from Address.person.
        XCTAssertEqual(person.storedProperties.map(\.name), ["age", "birthday", "dog", "firstName", "lastName"])
        XCTAssertEqual(person.property(named: "addresses")?.relationship?.storage, .derived)
        XCTAssertEqual(person.property(named: "dog")?.relationship?.storage, .toOne)
        XCTAssertEqual(schema.diffScope.include, ["Dog": ["owner"]])
        XCTAssertTrue(try XCTUnwrap(schema.entity(named: "Address")).isAtomic)
    }

    func test_inheritance_rootsAndInheritedProperties() throws {
        let schema = try sampleSchema("jobs/jobs.schema.json")
        let report = try XCTUnwrap(schema.entity(named: "ReportJob"))
        XCTAssertEqual(report.root, "Job")
        XCTAssertEqual(report.ancestors, ["Job"])
        XCTAssertEqual(report.identityAttribute, "id")
        XCTAssertEqual(report.storedProperties.map(\.name),
                       ["attempts", "cost", "enqueuedAt", "options", "priority", "queue", "report", "state"])
        XCTAssertTrue(schema.entity("ReportJob", isKindOf: "Job"))
        XCTAssertFalse(schema.entity("Job", isKindOf: "ReportJob"))
    }

    func test_schema_isConstructibleInCode_withManyToManyStorage() throws {
        let schema = try kitchenSinkSchema()
        XCTAssertEqual(schema.entity(named: "Item")?.property(named: "tags")?.relationship?.storage, .manyToMany)
        XCTAssertEqual(schema.entity(named: "Owner")?.property(named: "items")?.relationship?.storage, .derived)
        XCTAssertEqual(schema.entity(named: "Special")?.storedProperties.map(\.name),
                       ["count", "extra", "next", "owner", "prev", "tags", "when"])
    }

    // MARK: Rejections, each with its position

    private func assertProblem(_ text: String, _ message: String, at position: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        let problems = schemaProblems(text, file: file, line: line)
        let match = problems.first { $0.message == message }
        XCTAssertNotNil(match, "no problem \"\(message)\" in \(problems.map(\.description))", file: file, line: line)
        XCTAssertEqual(match?.location?.description, position, file: file, line: line)
    }

    private func schema(_ entities: String) -> String {
        "{\"format\": \"graphdiff-schema/1\", \"name\": \"T\",\n\"entities\": {\n\(entities)\n}}"
    }

    func test_reject_unknownDestination() {
        assertProblem(schema("""
            "A": {"relationships": {"b": {"destination": "B", "inverse": "a"}}}
            """), "unknown destination entity \"B\"", at: "3:31")
    }

    func test_reject_missingInverse() {
        assertProblem(schema("""
            "A": {"relationships": {"b": {"destination": "B", "inverse": "a"}}},
            "B": {}
            """), "inverse \"a\" on \"B\" does not exist", at: "3:51")
    }

    func test_reject_mismatchedInverse() {
        assertProblem(schema("""
            "A": {"relationships": {"b": {"destination": "B", "inverse": "a"}, "c": {"destination": "B", "inverse": "a"}}},
            "B": {"relationships": {"a": {"destination": "A", "inverse": "c"}}}
            """), "inverse mismatch: \"B.a\" has inverse \"A.c\", not \"A.b\"", at: "3:51")
    }

    func test_reject_chainLinksThatAreNotToOneSelfReferences() {
        let problems = schemaProblems(schema("""
            "L": {"relationships": {"items": {"destination": "I", "toMany": true, "ordered": {"prev": "p", "next": "n"}, "inverse": "l"}}},
            "I": {"relationships": {"l": {"destination": "L", "inverse": "items"},
                                    "p": {"destination": "L", "inverse": "x"},
                                    "n": {"destination": "I", "toMany": true, "inverse": "n"}}}
            """))
        let messages = problems.map(\.message)
        XCTAssertTrue(messages.contains("\"L.items\": chain relationship \"I.p\" must be a to-one reference to \"I\""), "\(messages)")
        XCTAssertTrue(messages.contains("\"L.items\": chain relationship \"I.n\" must be a to-one reference to \"I\""), "\(messages)")
    }

    func test_reject_orderedToOne_andUnknownChainLink() {
        let messages = schemaProblems(schema("""
            "L": {"relationships": {"item": {"destination": "I", "ordered": {"prev": "p", "next": "n"}, "inverse": "l"}}},
            "I": {"relationships": {"l": {"destination": "L", "inverse": "item"}}}
            """)).map(\.message)
        XCTAssertTrue(messages.contains("\"L.item\": only a to-many relationship can be ordered"), "\(messages)")
        XCTAssertTrue(messages.contains("\"L.item\": chain relationship \"p\" (prev) is not a relationship of \"I\""), "\(messages)")
    }

    func test_reject_unknownType() {
        assertProblem(schema("""
            "A": {"attributes": {"x": {"type": "integer"}}}
            """), "unknown attribute type \"integer\"; known types: string, bool, int16, int32, int64, float, double, decimal, date, uuid, uri, binary, json", at: "3:28")
    }

    func test_reject_unknownParent_andParentCycle() {
        assertProblem(schema("""
            "A": {"parent": "Z"}
            """), "unknown parent entity \"Z\"", at: "3:7")
        let messages = schemaProblems(schema("""
            "A": {"parent": "B"}, "B": {"parent": "A"}
            """)).map(\.message)
        XCTAssertTrue(messages.contains("inheritance cycle through \"A\""), "\(messages)")
    }

    func test_reject_badIdentity() {
        assertProblem(schema("""
            "A": {"identity": "x", "attributes": {"x": {"type": "double"}}}
            """), "identity \"x\" has type double; use string, uuid or an integer type", at: "3:7")
        assertProblem(schema("""
            "A": {"identity": "y"}
            """), "identity \"y\" is not an attribute of \"A\"", at: "3:7")
    }

    func test_reject_defaultOfWrongType() {
        assertProblem(schema("""
            "A": {"attributes": {"n": {"type": "int16", "default": 70000}}}
            """), "default value 70000 is out of range for int16", at: "3:45")
    }

    func test_reject_unknownMembers_missingFormat_badDeleteRule() {
        let messages = schemaProblems("""
            {"name": "T", "entities": {"A": {"atributes": {}, "relationships": {"s": {"destination": "A", "inverse": "s", "deleteRule": "explode"}}}}}
            """).map(\.message)
        XCTAssertTrue(messages.contains("missing \"format\""), "\(messages)")
        XCTAssertTrue(messages.contains("unknown member \"atributes\""), "\(messages)")
        XCTAssertTrue(messages.contains("unknown delete rule \"explode\"; known rules: cascade, nullify, deny, noAction"), "\(messages)")
    }

    func test_reject_diffScopeNamingUnknownThings() {
        let messages = schemaProblems("""
            {"format": "graphdiff-schema/1", "name": "T", "entities": {"A": {}}, "diff": {"include": {"B": ["x"]}, "exclude": {"A": ["y"]}}}
            """).map(\.message)
        XCTAssertEqual(Set(messages), ["unknown entity \"B\"", "\"A.y\" is not a relationship"])
    }

    func test_reject_sharedOrEmptyRenamedFrom_namingBoth() {
        let messages = schemaProblems(schema("""
            "A": {"identity": "id", "attributes": {"id": {"type": "string"},
              "x": {"type": "string", "renamedFrom": "timeStamp"},
              "y": {"type": "string", "optional": true, "renamedFrom": "timeStamp"},
              "z": {"type": "string", "renamedFrom": ""}}},
            "B": {"renamedFrom": "Old", "relationships": {"r": {"destination": "B", "renamedFrom": "s"}}},
            "C": {"renamedFrom": "Old", "parent": "B", "attributes": {"q": {"type": "int32", "renamedFrom": "s"}}},
            "D": {"renamedFrom": ""}
            """)).map(\.message)
        XCTAssertEqual(messages.sorted(), [
            "entities \"B\" and \"C\" are both renamed from \"Old\"",
            "properties \"r\" and \"q\" of \"C\" are both renamed from \"s\"",
            "properties \"x\" and \"y\" of \"A\" are both renamed from \"timeStamp\"",
            "renamedFrom of entity \"D\" is empty",
            "renamedFrom of property \"A.z\" is empty",
        ])
        assertProblem(schema("""
            "A": {"attributes": {"x": {"type": "string", "renamedFrom": "t"}, "y": {"type": "string", "renamedFrom": "t"}}}
            """), "properties \"x\" and \"y\" of \"A\" are both renamed from \"t\"", at: "3:91")
    }

    func test_reject_reportsEveryProblem_notJustTheFirst() {
        let problems = schemaProblems(schema("""
            "A": {"attributes": {"x": {"type": "nope"}}, "relationships": {"b": {"destination": "Q", "inverse": "a"}}},
            "B": {"parent": "Missing"}
            """))
        XCTAssertEqual(problems.count, 3, "\(problems)")
    }

    // MARK: Fingerprint and encoding

    func test_fingerprint_ignoresLayoutAndDiffScope_butNotTheModel() throws {
        let text = String(decoding: try sampleBytes("people/people.schema.json"), as: UTF8.self)
        let original = try Schema.load(Array(text.utf8))
        let compact = try Schema.load(JSONWriter.write(try JSONReader.parse(text), style: .compact))
        XCTAssertEqual(original.fingerprint, compact.fingerprint)
        XCTAssertTrue(original.fingerprint.hasPrefix("sha256:"))
        XCTAssertEqual(original.fingerprint.count, 7 + 64)
        // The sample is in canonical form: one member a line.
        let scope = "\"diff\": {\n    \"include\": {\n      \"Dog\": [\"owner\"]\n    }\n  }"
        XCTAssertTrue(text.contains(scope))
        let noScope = try Schema.load(Array(text.replacingOccurrences(of: scope, with: #""diff": {}"#).utf8))
        XCTAssertEqual(original.fingerprint, noScope.fingerprint)
        let optionalZip = "\"zip\": {\n          \"optional\": true,\n          \"type\": \"string\"\n        }"
        XCTAssertTrue(text.contains(optionalZip))
        let changed = try Schema.load(Array(text.replacingOccurrences(of: optionalZip, with: #""zip": {"type": "string"}"#).utf8))
        XCTAssertNotEqual(original.fingerprint, changed.fingerprint)
    }

    func test_encoded_roundTripsThroughTheLoader() throws {
        for path in ["people/people.schema.json", "tasks/tasks.schema.json", "jobs/jobs.schema.json"] {
            let schema = try sampleSchema(path)
            let again = try Schema.load(JSONWriter.canonical(schema.encoded()))
            XCTAssertEqual(again.fingerprint, schema.fingerprint, path)
            XCTAssertEqual(again.diffScope, schema.diffScope, path)
        }
    }

    func test_sha256_knownVectors() {
        XCTAssertEqual(SHA256.hexDigest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
