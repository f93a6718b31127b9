import XCTest
@testable import GraphDiff

/// A model whose identities are typed: `Agent` by int64, `Team` by int16,
/// `Device` by uuid, `Tag` by string; agents have a boss, a team, devices
/// (many-to-many) and an ordered chain of `Task`s (int32 identities).
func typedIdentitySchema() throws -> Schema {
    try Schema.load(Array("""
        {"format": "graphdiff-schema/1", "name": "Agents", "entities": {
          "Agent": {"identity": "id",
            "attributes": {"id": {"type": "int64"}, "name": {"type": "string"}},
            "relationships": {
              "boss": {"destination": "Agent", "inverse": "reports"},
              "reports": {"destination": "Agent", "toMany": true, "inverse": "boss"},
              "devices": {"destination": "Device", "toMany": true, "inverse": "users"},
              "team": {"destination": "Team", "inverse": "members"},
              "tasks": {"destination": "Task", "toMany": true, "ordered": {"prev": "prev", "next": "next"}, "inverse": "agent", "deleteRule": "cascade"}}},
          "Team": {"identity": "code", "attributes": {"code": {"type": "int16"}},
            "relationships": {"members": {"destination": "Agent", "toMany": true, "inverse": "team"}}},
          "Device": {"identity": "uuid", "attributes": {"uuid": {"type": "uuid"}},
            "relationships": {"users": {"destination": "Agent", "toMany": true, "inverse": "devices"}}},
          "Task": {"identity": "n", "attributes": {"n": {"type": "int32"}, "title": {"type": "string"}},
            "relationships": {"agent": {"destination": "Agent", "inverse": "tasks"},
              "prev": {"destination": "Task", "inverse": "next"}, "next": {"destination": "Task", "inverse": "prev"}}},
          "Tag": {"identity": "label", "attributes": {"label": {"type": "string"}}}
        }}
        """.utf8))
}

final class IdentityKeyTests: XCTestCase {
    var schema: Schema!

    override func setUpWithError() throws { schema = try typedIdentitySchema() }

    func load(_ text: String) throws -> Graph { try Graph.load(Array(text.utf8), schema: schema) }

    func test_canonicalIdentity_perType() {
        let cases: [(AttributeType, String, String)] = [
            (.int64, "7", "7"), (.int64, "007", "7"), (.int64, "0", "0"), (.int64, "000", "0"), (.int64, "-0", "0"),
            (.int64, "-007", "-7"), (.int64, "9223372036854775807", "9223372036854775807"),
            (.int64, "-9223372036854775808", "-9223372036854775808"), (.int64, "0009223372036854775807", "9223372036854775807"),
            (.int16, "32767", "32767"), (.int16, "-32768", "-32768"), (.int32, "02147483647", "2147483647"),
            (.uuid, "0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60", "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60"),
            (.uuid, "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60", "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60"),
            (.string, "007", "007"), (.string, "ABC", "ABC"),
        ]
        for (type, text, canonical) in cases {
            XCTAssertEqual(try? type.canonicalIdentity(text).get(), canonical, "\(type) \(text)")
        }
        let invalid: [(AttributeType, String, String)] = [
            (.int64, "abc", "is not an integer (int64)"), (.int64, "", "is not an integer (int64)"),
            (.int64, "-", "is not an integer (int64)"), (.int64, "+1", "is not an integer (int64)"),
            (.int64, " 1", "is not an integer (int64)"), (.int64, "1.0", "is not an integer (int64)"),
            (.int64, "1e3", "is not an integer (int64)"), (.int64, "١", "is not an integer (int64)"),
            (.int64, "9223372036854775808", "is out of range for int64"), (.int64, "-9223372036854775809", "is out of range for int64"),
            (.int64, "99999999999999999999999", "is out of range for int64"),
            (.int16, "32768", "is out of range for int16"), (.int16, "-32769", "is out of range for int16"),
            (.int32, "2147483648", "is out of range for int32"),
            (.uuid, "0b7e1c52", "is not a UUID (8-4-4-4-12 hex digits)"), (.uuid, "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a6g", "is not a UUID (8-4-4-4-12 hex digits)"),
        ]
        for (type, text, reason) in invalid {
            XCTAssertEqual(type.canonicalIdentity(text), .failure(InvalidIdentity(spelling: text, reason: reason)), "\(type) \(text)")
        }
        XCTAssertEqual(try? AttributeType.int64.canonicalIdentity(JSONNumber("7.0")).get(), "7")
        XCTAssertEqual(try? AttributeType.string.canonicalIdentity(JSONNumber("7.0")).get(), "7.0")
        XCTAssertEqual(AttributeType.int16.canonicalIdentity(JSONNumber("1.5")), .failure(InvalidIdentity(spelling: "1.5", reason: "is not an integer")))
    }

    func test_load_spellingsOfOneIdentity_areOneObject_andReferencesResolve() throws {
        let graph = try load("""
            {"objects": {
              "Agent": {"007": {"boss": "01", "devices": ["0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60"], "name": "Bond", "team": "0010"},
                        "1": {"name": "M", "team": "10"}},
              "Device": {"0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60": {"users": ["0007"]}},
              "Team": {"010": {}},
              "Task": {"02": {"agent": "7", "prev": null, "next": "1", "title": "b"}, "001": {"agent": "007", "prev": "2", "next": null, "title": "a"}}
            }}
            """)
        XCTAssertEqual(graph._invariantViolations(), [])
        XCTAssertEqual(graph.objects.keys.map(\.description).sorted(), [
            "Agent:1", "Agent:7", "Device:0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60", "Task:1", "Task:2", "Team:10",
        ])
        let bond = ObjectID(entity: "Agent", identity: "7")
        XCTAssertEqual(graph.value(of: bond, "boss"), "1")
        XCTAssertEqual(graph.value(of: bond, "team"), "10")
        XCTAssertEqual(graph.value(of: bond, "devices"), ["0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60"])
        let tasks = try XCTUnwrap(schema.entity(named: "Agent")?.property(named: "tasks")?.relationship)
        XCTAssertEqual(graph.chain(of: bond, through: tasks).map(\.identity), ["2", "1"])
        XCTAssertEqual(graph.id(entity: "Agent", identity: "0007"), bond)
        XCTAssertEqual(graph.id(entity: "Device", identity: "0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60").identity, "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60")
        XCTAssertEqual(graph.id(entity: "Agent", identity: "x").identity, "x", "no identity of the type: kept, names nothing")
        // Written in canonical spelling.
        XCTAssertEqual(String(decoding: graph.canonicalText(), as: UTF8.self), """
            {
              "objects": {
                "Agent": {
                  "1": {
                    "boss": null,
                    "devices": [],
                    "name": "M",
                    "team": "10"
                  },
                  "7": {
                    "boss": "1",
                    "devices": ["0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60"],
                    "name": "Bond",
                    "team": "10"
                  }
                },
                "Device": {
                  "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {
                    "users": ["7"]
                  }
                },
                "Task": {
                  "1": {
                    "agent": "7",
                    "next": null,
                    "prev": "2",
                    "title": "a"
                  },
                  "2": {
                    "agent": "7",
                    "next": "1",
                    "prev": null,
                    "title": "b"
                  }
                },
                "Team": {
                  "10": {}
                }
              }
            }

            """)
    }

    func test_load_keysThatAreNoIdentityOfTheType_areErrors_withPositions() {
        let problems = graphProblems("""
            {"objects": {
              "Agent": {"abc": {"name": "A"}, "9223372036854775808": {"name": "B"}, "-1": {"name": "C"}},
              "Device": {"not-a-uuid": {}},
              "Team": {"70000": {}, "1.0": {}}
            }}
            """, schema: schema)
        XCTAssertEqual(problems.map(\.description), [
            #"2:13: Agent "abc".id: identity is not an integer (int64)"#,
            #"2:35: Agent "9223372036854775808".id: identity is out of range for int64"#,
            #"3:14: Device "not-a-uuid".uuid: identity is not a UUID (8-4-4-4-12 hex digits)"#,
            #"4:12: Team "70000".code: identity is out of range for int16"#,
            #"4:25: Team "1.0".code: identity is not an integer (int16)"#,
        ])
        XCTAssertEqual(problems.map(\.kind), [.wrongType, .wrongType, .wrongType, .wrongType, .wrongType])
    }

    func test_load_twoSpellingsOfOneIdentity_areADuplicate_namingBoth() {
        let problems = graphProblems("""
            {"objects": {
              "Agent": {"1": {"name": "A"},
                        "01": {"name": "B"}},
              "Device": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {},
                         "0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60": {}}
            }}
            """, schema: schema)
        XCTAssertEqual(problems.map(\.description), [
            #"3:13: Agent "01": duplicate identity in entity hierarchy "Agent": "1" and "01" are one int64 identity (first at 2:13)"#,
            #"5:14: Device "0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60": duplicate identity in entity hierarchy "Device": "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60" and "0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60" are one uuid identity (first at 4:14)"#,
        ])
        XCTAssertEqual(problems.map(\.kind), [.duplicateIdentity, .duplicateIdentity])
        // The non-canonical spelling first: the message names it first.
        XCTAssertEqual(graphProblems(#"{"objects": {"Agent": {"007": {"name": "A"}, "7": {"name": "B"}}}}"#, schema: schema).map(\.description), [
            #"1:46: Agent "7": duplicate identity in entity hierarchy "Agent": "007" and "7" are one int64 identity (first at 1:24)"#,
        ])
    }

    func test_load_flatForm_numberAndStringSpellings_areOneIdentity() throws {
        let graph = try load(#"{"objects": [{"entity": "Agent", "id": 7.0, "name": "A"}, {"entity": "Team", "code": 12}]}"#)
        XCTAssertEqual(graph.objects.keys.map(\.description).sorted(), ["Agent:7", "Team:12"])
        XCTAssertEqual(graphProblems(#"{"objects": [{"entity": "Agent", "id": 7, "name": "A"}, {"entity": "Agent", "id": 7.0, "name": "B"}]}"#, schema: schema).map(\.description), [
            #"1:58: Agent "7.0": duplicate identity in entity hierarchy "Agent": "7" and "7.0" are one int64 identity (first at 1:15)"#,
        ])
        // The identity member is the attribute's value: a string is no integer identity.
        XCTAssertEqual(graphProblems(#"{"objects": [{"entity": "Team", "code": "0012"}]}"#, schema: schema).map(\.description), [
            #"1:33: Team "0012".code: identity "0012" is a string; an int16 identity in the flat form is a JSON number, such as 7"#,
        ])
        XCTAssertEqual(graphProblems(#"{"objects": [{"entity": "Agent", "id": 7.5, "name": "A"}]}"#, schema: schema).map(\.description), [
            #"1:34: Agent "7.5".id: identity is not an integer"#,
        ])
    }

    func test_load_repeatedIdentityAttribute_comparesByValue() throws {
        XCTAssertNoThrow(try load(#"{"objects": {"Agent": {"007": {"id": 7, "name": "A"}}}}"#))
        XCTAssertNoThrow(try load(#"{"objects": {"Agent": {"007": {"id": "0007", "name": "A"}}}}"#))
        XCTAssertEqual(graphProblems(#"{"objects": {"Agent": {"007": {"id": 8, "name": "A"}}}}"#, schema: schema).map(\.description), [
            #"1:32: Agent "007".id: identity attribute 8 differs from the object's key"#,
        ])
    }

    func test_load_referencesThatAreNoIdentityOfTheType_areErrors() {
        XCTAssertEqual(graphProblems("""
            {"objects": {"Agent": {"1": {"name": "A", "boss": "x1", "devices": ["nope"]}}}}
            """, schema: schema).map(\.description), [
            #"1:43: Agent "1".boss: reference "x1" to Agent is not an integer (int64)"#,
            #"1:57: Agent "1".devices: reference "nope" to Device is not a UUID (8-4-4-4-12 hex digits)"#,
        ])
    }

    func test_load_manyToManyListingTwoSpellings_listsOneIdentityTwice() {
        XCTAssertEqual(graphProblems("""
            {"objects": {"Agent": {"1": {"name": "A"}}, "Device": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {"users": ["1", "01"]}}}}
            """, schema: schema).map(\.description), [
            #"1:97: Device "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60".users: identity "1" is listed twice"#,
        ])
    }

    func test_diff_betweenSpellings_findsNoChange() throws {
        let a = try load(#"{"objects": {"Agent": {"007": {"name": "Bond", "boss": "1"}, "1": {"name": "M"}}}}"#)
        let b = try load(#"{"objects": {"Agent": {"7": {"name": "Bond", "boss": "01"}, "01": {"name": "M"}}}}"#)
        XCTAssertTrue(try ChangeSet.diff(from: a, to: b).isEmpty)
        XCTAssertEqual(a.canonicalText(), b.canonicalText())
    }
}
