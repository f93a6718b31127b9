import XCTest
@testable import GraphDiffJSON

/// Every rejection the reader promises, with its reason and position.
final class JSONRejectionTests: XCTestCase {
    private func assertRejects(
        _ text: String, _ reason: JSONError.Reason, at position: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let e = rejection(text, file: file, line: line) else { return }
        XCTAssertEqual(e.reason, reason, file: file, line: line)
        XCTAssertEqual(e.location.description, position, file: file, line: line)
    }

    func test_reject_trailingGarbage() {
        assertRejects("[1] x", .trailingContent, at: "1:5")
        assertRejects("{}\n{}", .trailingContent, at: "2:1")
    }

    func test_reject_duplicateMember_namesBothPositions() throws {
        let e = try XCTUnwrap(rejection("{\"a\": 1,\n \"a\": 2}"))
        XCTAssertEqual(e.reason, .duplicateMember(name: "a"))
        XCTAssertEqual(e.location.description, "2:2")
        XCTAssertEqual(e.previous?.description, "1:2")
        XCTAssertEqual(e.description, "2:2: duplicate member name \"a\" (first at 1:2)")
    }

    func test_reject_duplicateMember_inLargeObject() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let e = try XCTUnwrap(rejection("{\(members), \"k42\": 0}"))
        XCTAssertEqual(e.reason, .duplicateMember(name: "k42"))
    }

    func test_reject_invalidUTF8() throws {
        let e = try XCTUnwrap(rejection([0x22, 0x61, 0xFF, 0x22]))
        XCTAssertEqual(e.reason, .invalidUTF8)
        XCTAssertEqual(e.location.description, "1:3")
        // Overlong, surrogate, truncated, and in a member name.
        XCTAssertEqual(rejection([0x22, 0xC0, 0xAF, 0x22])?.reason, .invalidUTF8)
        XCTAssertEqual(rejection([0x22, 0xED, 0xA0, 0x80, 0x22])?.reason, .invalidUTF8)
        XCTAssertEqual(rejection([0x22, 0xE2, 0x82])?.reason, .invalidUTF8)
        XCTAssertEqual(rejection([0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D])?.reason, .invalidUTF8)
        XCTAssertEqual(rejection([0x22, 0x5C, 0x6E, 0xF5, 0x80, 0x80, 0x80, 0x22])?.reason, .invalidUTF8)
    }

    func test_reject_unescapedControlCharacters() {
        assertRejects("\"a\tb\"", .controlCharacterInString(0x09), at: "1:3")
        assertRejects("\"a\u{0}\"", .controlCharacterInString(0), at: "1:3")
        assertRejects("\"\\n\n\"", .controlCharacterInString(0x0A), at: "1:4")
    }

    func test_reject_loneSurrogates() {
        assertRejects(#"["\ud800"]"#, .loneSurrogate("\\uD800"), at: "1:3")
        assertRejects(#"["\udc00"]"#, .loneSurrogate("\\uDC00"), at: "1:3")
        assertRejects(#"["\ud800\u0041"]"#, .loneSurrogate("\\uD800"), at: "1:3")
        assertRejects(#"["\ud800x"]"#, .loneSurrogate("\\uD800"), at: "1:3")
    }

    func test_reject_badEscapes() {
        assertRejects(#""\x""#, .invalidEscape("\\x"), at: "1:2")
        assertRejects(#""\u12G4""#, .invalidEscape("\\u12G4"), at: "1:2")
    }

    func test_reject_leadingZeros() {
        assertRejects("01", .leadingZero, at: "1:1")
        assertRejects("[-012]", .leadingZero, at: "1:2")
        assertRejects("{\"a\": 00}", .leadingZero, at: "1:7")
    }

    func test_reject_malformedNumbers() {
        assertRejects("1.", .invalidNumber("unexpected end of input"), at: "1:3")
        assertRejects("-", .invalidNumber("unexpected end of input"), at: "1:2")
        assertRejects("1e+", .invalidNumber("unexpected end of input"), at: "1:4")
        assertRejects(".5", .unexpectedCharacter(found: "'.'", expected: "a value"), at: "1:1")
        assertRejects("+1", .unexpectedCharacter(found: "'+'", expected: "a value"), at: "1:1")
    }

    func test_reject_NaNAndInfinity() {
        assertRejects("NaN", .unexpectedCharacter(found: "'N'", expected: "a value"), at: "1:1")
        assertRejects("[Infinity]", .unexpectedCharacter(found: "'I'", expected: "a value"), at: "1:2")
        assertRejects("-Infinity", .invalidNumber("unexpected 'I'"), at: "1:2")
    }

    func test_reject_comments() {
        assertRejects("// c\n1", .unexpectedCharacter(found: "'/'", expected: "a value"), at: "1:1")
        assertRejects("[1 /* c */]", .unexpectedCharacter(found: "'/'", expected: "',' or ']'"), at: "1:4")
    }

    func test_reject_structuralErrors() {
        assertRejects("", .emptyInput, at: "1:1")
        assertRejects("  \n ", .emptyInput, at: "2:2")
        assertRejects("[1,]", .unexpectedCharacter(found: "']'", expected: "a value"), at: "1:4")
        assertRejects("{\"a\" 1}", .unexpectedCharacter(found: "'1'", expected: "':'"), at: "1:6")
        assertRejects("{a: 1}", .unexpectedCharacter(found: "'a'", expected: "a member name in quotes"), at: "1:2")
        assertRejects("[1", .unexpectedEnd(expected: "',' or ']'"), at: "1:3")
        assertRejects("\"abc", .unexpectedEnd(expected: "'\"' closing the string"), at: "1:5")
        assertRejects("tru", .unexpectedEnd(expected: "'true'"), at: "1:4")
        assertRejects("nul1", .unexpectedCharacter(found: "'n'", expected: "a value"), at: "1:1")
    }

    func test_reject_nestingPastTheLimit_withoutOverflow() throws {
        for opener in ["[", "{\"a\":"] {
            let text = String(repeating: opener, count: 100_000)
            let e = try XCTUnwrap(onLargeStack { rejection(text) })
            XCTAssertEqual(e.reason, .nestingTooDeep(limit: JSONReader.defaultMaximumDepth))
        }
        XCTAssertThrowsError(try JSONReader.parse("[[[]]]", maximumDepth: 2))
    }

    func test_reject_secondByteOrderMark() {
        XCTAssertNotNil(rejection([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("1".utf8)))
    }
}
