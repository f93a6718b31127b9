import XCTest
@testable import GraphDiffJSON

final class JSONReaderTests: XCTestCase {
    func test_parse_scalars() {
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(parse("true"), .bool(true))
        XCTAssertEqual(parse(" false "), .bool(false))
        XCTAssertEqual(parse("\"a\""), .string("a"))
        XCTAssertEqual(parse("-0.5e+3"), .number("-0.5e+3"))
    }

    func test_parse_numbers_keepTheirExactText() throws {
        for text in ["12345678901234567890", "1.0", "1e400", "-0", "0.000001", "1E-7", "908129280192387897129837"] {
            let v = try XCTUnwrap(parse("[\(text)]")?.arrayValue?.first?.numberValue)
            XCTAssertEqual(v.text, text)
            XCTAssertEqual(JSONWriter.string(.array([.number(v)])), "[\(text)]")
        }
    }

    func test_parse_objects_keepMemberOrderAndOffsets() throws {
        let v = try XCTUnwrap(parse(#"{"b": 1, "a": {"c": []}}"#)?.objectValue)
        XCTAssertEqual(v.keys, ["b", "a"])
        XCTAssertEqual(v.members.map(\.keyOffset), [1, 9])
        XCTAssertEqual(v["a"], .object(JSONObject([.init(key: "c", value: .array([]))])))
    }

    func test_parse_escapes_decodeExactly() {
        XCTAssertEqual(parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(parse(#""\u0000x""#), .string("\u{0}x"))
        XCTAssertEqual(parse(#""\u00e9\u00C9""#), .string("éÉ"))
        XCTAssertEqual(parse(#""\ud834\udd1e""#), .string("\u{1D11E}"))
        XCTAssertEqual(parse("\"snow ☃ \u{1F600}\""), .string("snow ☃ \u{1F600}"))
    }

    func test_parse_strings_areNotNormalised() throws {
        let composed = try XCTUnwrap(parse("\"\u{E9}\""))
        let decomposed = try XCTUnwrap(parse("\"e\u{301}\""))
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(Array(decomposed.stringValue?.utf8 ?? "".utf8), [0x65, 0xCC, 0x81])
    }

    func test_parse_namesDifferingOnlyInNormalisation_areDistinctMembers() throws {
        let v = try XCTUnwrap(parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")?.objectValue)
        XCTAssertEqual(v.count, 2)
    }

    func test_parse_skipsByteOrderMark() {
        XCTAssertEqual(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([1]))
    }

    func test_parse_nestingAtTheLimit_isAccepted() throws {
        let depth = 1000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try JSONReader.parse(text, maximumDepth: depth))
    }

    func test_equality_numbersByValue_stringsByBytes_objectsUnordered() throws {
        let a = try XCTUnwrap(parse(#"{"n": 1.0, "s": "x", "big": 12345678901234567890}"#))
        let b = try XCTUnwrap(parse(#"{"s": "x", "big": 12345678901234567890, "n": 1}"#))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertFalse(a.isIdentical(to: b))
        let c = try XCTUnwrap(parse(#"{"s": "x", "big": 12345678901234567891, "n": 1}"#))
        XCTAssertNotEqual(a, c)
    }

    func test_sourceText_locatesOffsets() {
        let text = JSONSourceText(Array("{\n  \"é\": 1,\n  \"b\": 2\n}".utf8))
        XCTAssertEqual(text.location(ofOffset: 0), SourceLocation(line: 1, column: 1, offset: 0))
        // "b" is after the é (two bytes, one column) line.
        let offset = Array(text.bytes).firstIndex(of: UInt8(ascii: "b"))! - 1
        XCTAssertEqual(text.location(ofOffset: offset).description, "3:3")
        XCTAssertEqual(text.location(ofOffset: 9).description, "2:7")
    }
}

final class JSONReaderLenientTests: XCTestCase {
    func test_keepLast_keepsTheLastValueOfARepeatedName_inFirstPosition() throws {
        let v = try JSONReader.parse(Array(#"{"op": "add", "path": "/a", "op": "remove"}"#.utf8), duplicateMembers: .keepLast)
        XCTAssertEqual(v.objectValue?.keys, ["op", "path"])
        XCTAssertEqual(v["op"], "remove")
        XCTAssertThrowsError(try JSONReader.parse(#"{"op": 1, "op": 2}"#))
    }
}
