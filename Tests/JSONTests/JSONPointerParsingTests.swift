import XCTest
@testable import GraphDiffJSON

/// A pointer that is not well formed is a JSONError (the JSON stage's one
/// error type), at the character at fault.
final class JSONPointerParsingTests: XCTestCase {
    func test_parse_wellFormed() throws {
        XCTAssertEqual(try JSONPointer(parsing: "/a~0b/c~1d/0").tokens, ["a~b", "c/d", "0"])
        XCTAssertEqual(try JSONPointer(parsing: "").tokens, [])
    }

    func test_parse_errors_areJSONErrors_atTheCharacterAtFault() {
        let cases: [(String, Int, String)] = [
            ("a/b", 1, #"invalid JSON Pointer "a/b": must be empty or start with '/'"#),
            ("/é~2", 3, #"invalid JSON Pointer "/é~2": '~' must be followed by '0' or '1'"#),
            ("/ok~", 4, #"invalid JSON Pointer "/ok~": '~' must be followed by '0' or '1'"#),
        ]
        for (text, column, message) in cases {
            do {
                _ = try JSONPointer(parsing: text)
                XCTFail("parsed \(text)")
            } catch {
                XCTAssertEqual(error.location.line, 1, text)
                XCTAssertEqual(error.location.column, column, text)
                XCTAssertEqual(error.message, message)
                XCTAssertEqual(error.description, "1:\(column): \(message)")
            }
        }
    }
}
