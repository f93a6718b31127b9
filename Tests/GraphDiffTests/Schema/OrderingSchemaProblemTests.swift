import XCTest
@testable import GraphDiff

/// Every mistake in a relationship's `ordered` member (graphdiff(5), "Ordered
/// relationships") is reported with its exact message at the member that is
/// wrong, and alone: no follow-on problem.
final class OrderingSchemaProblemTests: XCTestCase {
    /// A schema of a list `L` whose relationship `items` to `I` is declared
    /// by `items` (the members of its declaration after `"destination"`),
    /// with `I` declared by `member`.
    private func schema(items: String, member: String) -> String {
        """
        {"format": "graphdiff-schema/1", "name": "T", "entities": {
        "L": {"relationships": {"items": {"destination": "I", \(items)}}},
        "I": \(member)
        }}
        """
    }

    private let owned = #"{"attributes": {"pos": {"type": "int32"}}, "relationships": {"l": {"destination": "L", "inverse": "items"}}}"#

    /// The problems as `LINE:COL: message`, exactly.
    private func assertProblems(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(schemaProblems(text, file: file, line: line).map(\.description), expected, file: file, line: line)
    }

    func test_unknownForm() {
        assertProblems(schema(items: #""toMany": true, "ordered": "list", "inverse": "l""#, member: owned),
                       [#"2:71: "L.items": unknown ordering "list": ordered is {"prev": P, "next": N}, "array" or {"index": A}"#])
    }

    func test_chainAndIndexTogether() {
        assertProblems(schema(items: #""toMany": true, "ordered": {"index": "pos", "prev": "p"}, "inverse": "l""#, member: owned),
                       [#"2:71: "L.items": an ordering is a chain or an index, not both: ordered is {"prev": P, "next": N}, "array" or {"index": A}"#])
    }

    func test_halfAChain_andUnknownMember_andIndexNotAString() {
        assertProblems(schema(items: #""toMany": true, "ordered": {"prev": "p"}, "inverse": "l""#, member: owned),
                       [#"2:71: "L.items": missing "next""#])
        assertProblems(schema(items: #""toMany": true, "ordered": {"index": "pos", "by": "x"}, "inverse": "l""#, member: owned),
                       [#"2:99: "L.items": unknown member "by""#])
        assertProblems(schema(items: #""toMany": true, "ordered": {"index": 3}, "inverse": "l""#, member: owned),
                       [#"2:83: "L.items": "index" must be a string, found number"#])
    }

    func test_indexAttributeMustBeAStoredNumericNonIdentityAttribute() {
        let items = #""toMany": true, "ordered": {"index": "pos"}, "inverse": "l""#
        assertProblems(schema(items: items, member: #"{"relationships": {"l": {"destination": "L", "inverse": "items"}}}"#),
                       [#"2:83: "L.items": index attribute "pos" is not an attribute of "I""#])
        assertProblems(schema(items: items, member: #"{"attributes": {"pos": {"type": "string"}}, "relationships": {"l": {"destination": "L", "inverse": "items"}}}"#),
                       [#"2:83: "L.items": index attribute "I.pos" has type string; use an integer, decimal, float or double type"#])
        assertProblems(schema(items: items, member: #"{"attributes": {"pos": {"type": "int32", "transient": true}}, "relationships": {"l": {"destination": "L", "inverse": "items"}}}"#),
                       [#"2:83: "L.items": index attribute "I.pos" is transient: its values are not stored"#])
        assertProblems(schema(items: items, member: #"{"identity": "pos", "attributes": {"pos": {"type": "int32"}}, "relationships": {"l": {"destination": "L", "inverse": "items"}}}"#),
                       [#"2:83: "L.items": index attribute "I.pos" is the identity"#])
        for type in ["int16", "int32", "int64", "decimal", "float", "double"] {
            XCTAssertNoThrow(try Schema.load(Array(schema(items: items, member: owned.replacingOccurrences(of: "int32", with: type)).utf8)), type)
        }
    }

    /// An attribute whose declaration is wrong is reported there only, not
    /// again as missing where an ordering, the identity or a chain names it.
    func test_undecodableAttribute_isReportedOnce() {
        let items = #""toMany": true, "ordered": {"index": "pos"}, "inverse": "l""#
        assertProblems(schema(items: items, member: #"{"identity": "pos", "attributes": {"pos": {"type": "integer"}}, "relationships": {"l": {"destination": "L", "inverse": "items"}}}"#),
                       [#"3:49: unknown attribute type "integer"; known types: string, bool, int16, int32, int64, float, double, decimal, date, uuid, uri, binary, json"#])
        assertProblems(schema(items: #""toMany": true, "ordered": {"prev": "p", "next": "n"}, "inverse": "l""#,
                              member: #"{"relationships": {"l": {"destination": "L", "inverse": "items"}, "p": {"inverse": "n"}, "n": {"destination": "I", "inverse": "p"}}}"#),
                       [#"3:72: missing "destination""#])
    }

    func test_oneAttributeOrdersOneRelationship() {
        let text = """
            {"format": "graphdiff-schema/1", "name": "T", "entities": {
            "L": {"relationships": {"items": {"destination": "I", "toMany": true, "ordered": {"index": "pos"}, "inverse": "l"},
                                    "more": {"destination": "I", "toMany": true, "ordered": {"index": "pos"}, "inverse": "m"}}},
            "I": {"attributes": {"pos": {"type": "int32"}},
                  "relationships": {"l": {"destination": "L", "inverse": "items"}, "m": {"destination": "L", "inverse": "more"}}}
            }}
            """
        assertProblems(text, [#"3:82: "L.more": index attribute "I.pos" already orders "L.items"; an attribute orders one relationship"#])
    }

    func test_chainAndIndexNeedAToOneInverse_anArrayDoesNot() {
        let toMany = #"{"attributes": {"pos": {"type": "int32"}}, "relationships": {"ls": {"destination": "L", "toMany": true, "inverse": "items"}}}"#
        assertProblems(schema(items: #""toMany": true, "ordered": {"index": "pos"}, "inverse": "ls""#, member: toMany),
                       ["2:71: ordered relationship \"L.items\" kept as an index needs a to-one inverse (the owner of each member)"])
        assertProblems(schema(items: #""toMany": true, "ordered": {"index": "pos"}"#, member: #"{"attributes": {"pos": {"type": "int32"}}}"#),
                       ["2:71: ordered relationship \"L.items\" kept as an index needs a to-one inverse (the owner of each member)"])
        assertProblems(schema(items: #""toMany": true, "ordered": {"prev": "p", "next": "n"}"#,
                              member: #"{"relationships": {"p": {"destination": "I", "inverse": "n"}, "n": {"destination": "I", "inverse": "p"}}}"#),
                       ["2:71: ordered relationship \"L.items\" needs a to-one inverse (the owner of each chain)"])
        XCTAssertNoThrow(try Schema.load(Array(schema(items: #""toMany": true, "ordered": "array", "inverse": "ls""#, member: toMany).utf8)))
        XCTAssertNoThrow(try Schema.load(Array(schema(items: #""toMany": true, "ordered": "array""#, member: "{}").utf8)))
    }

    func test_onlyAToManyIsOrdered() {
        assertProblems(schema(items: #""ordered": "array""#, member: "{}"), ["2:55: \"L.items\": only a to-many relationship can be ordered"])
    }

    /// Found by a user-style session (round 3): an attribute a sub-entity
    /// inherits is the same attribute, so it orders one relationship only;
    /// an undecodable attribute of a parent, or one `diff.ignore` names, is
    /// reported once.
    func test_inheritedIndexAttribute_ordersOneRelationship_andUndecodableParentsAreReportedOnce() {
        let text = """
            {"format": "graphdiff-schema/1", "name": "T", "entities": {
            "Zone": {"relationships": {"items": {"destination": "Item", "toMany": true, "ordered": {"index": "pos"}, "inverse": "zone"}}},
            "Board": {"relationships": {"cards": {"destination": "Card", "toMany": true, "ordered": {"index": "pos"}, "inverse": "board"}}},
            "Item": {"attributes": {"pos": {"type": "int32"}}, "relationships": {"zone": {"destination": "Zone", "inverse": "items"}}},
            "Card": {"parent": "Item", "relationships": {"board": {"destination": "Board", "inverse": "cards"}}}
            }}
            """
        let messages = schemaProblems(text).map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.hasSuffix(#"already orders "Board.cards"; an attribute orders one relationship"#) ?? false, "\(messages)")
        XCTAssertTrue(messages.first?.hasPrefix(#""Zone.items": index attribute "Item.pos""#) ?? false, "\(messages)")
        let undecodable = """
            {"format": "graphdiff-schema/1", "name": "T", "diff": {"ignore": ["Card.note"]}, "entities": {
            "Board": {"relationships": {"cards": {"destination": "Card", "toMany": true, "ordered": {"index": "pos"}, "inverse": "board"}}},
            "Item": {"attributes": {"pos": {"type": "int"}, "note": {"type": "txt"}}},
            "Card": {"parent": "Item", "relationships": {"board": {"destination": "Board", "inverse": "cards"}}}
            }}
            """
        XCTAssertEqual(schemaProblems(undecodable).map(\.message), [
            #"unknown attribute type "int"; known types: string, bool, int16, int32, int64, float, double, decimal, date, uuid, uri, binary, json"#,
            #"unknown attribute type "txt"; known types: string, bool, int16, int32, int64, float, double, decimal, date, uuid, uri, binary, json"#,
        ])
    }
}
