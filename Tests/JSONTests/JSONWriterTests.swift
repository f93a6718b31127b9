import XCTest
@testable import GraphDiffJSON

final class JSONWriterTests: XCTestCase {
    func test_canonical_sortsIndentsAndKeepsShortScalarArraysInline() throws {
        let v = try JSONReader.parse(#"{"b":[1,2.50,"x"],"a":{"z":null,"y":[]},"c":{},"d":[{"k":1}]}"#)
        let expected = """
            {
              "a": {
                "y": [],
                "z": null
              },
              "b": [1, 2.50, "x"],
              "c": {},
              "d": [
                {
                  "k": 1
                }
              ]
            }

            """
        XCTAssertEqual(String(decoding: JSONWriter.canonical(v), as: UTF8.self), expected)
    }

    func test_canonical_breaksLongScalarArrays() throws {
        let long = JSONValue.array((0..<30).map { .number(JSONNumber($0)) })
        let text = String(decoding: JSONWriter.canonical(long), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("[\n  0,\n  1,\n"))
    }

    func test_canonical_sortsByUTF8Bytes() throws {
        let v = try JSONReader.parse("{\"é\":1,\"z\":2,\"Z\":3,\"a\":4}")
        XCTAssertEqual(JSONWriter.string(v, style: .compactSorted), "{\"Z\":3,\"a\":4,\"z\":2,\"é\":1}")
    }

    func test_escaping_isMinimalAndRoundTrips() throws {
        let s = "q\"b\\s/\u{8}\u{C}\n\r\t\u{1}\u{1F}\u{7F}é\u{0}☃"
        let text = JSONWriter.string(.string(s))
        XCTAssertEqual(text, #""q\"b\\s/\b\f\n\r\t\u0001\u001f"# + "\u{7F}é" + #"\u0000"# + "☃\"")
        XCTAssertEqual(try JSONReader.parse(text).stringValue.map { Array($0.utf8) }, Array(s.utf8))
    }

    func test_compact_keepsOrder() throws {
        let text = #"{"b":1,"a":[true,false,null,-1e400]}"#
        XCTAssertEqual(JSONWriter.string(try JSONReader.parse(text)), text)
    }

    func test_canonical_isIdempotent() throws {
        let v = try JSONReader.parse(#"{"x": [1, {"b": "\u00e9", "a": [[], {}]}], "n": 1.10}"#)
        let once = JSONWriter.canonical(v)
        let twice = JSONWriter.canonical(try JSONReader.parse(once))
        XCTAssertEqual(once, twice)
    }
}
