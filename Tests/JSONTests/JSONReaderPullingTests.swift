import Foundation
import XCTest
@testable import GraphDiffJSON

/// The pull calls of ``JSONReader`` against ``JSONReader/parse(_:maximumDepth:)-([UInt8],_)``:
/// a document walked with them (objects and arrays opened by hand down two
/// levels, the rest read as values) is accepted exactly when `parse`
/// accepts it, and reads the same values; ``JSONReader/topLevelMember(_:in:)``
/// finds what `parse` finds in a valid document.
final class JSONReaderPullingTests: XCTestCase {
    /// Walks `bytes` with the pull calls and rebuilds the value, checking
    /// repeated names in the objects it opens itself, as a pulling caller must.
    func pulled(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(pulling: buffer)
            try reader.pullDocumentStart()
            let value = try walk(&reader, levels: 2)
            try reader.pullDocumentEnd()
            return value
        }
    }

    struct Repeated: Error {}

    func walk(_ reader: inout JSONReader, levels: Int) throws -> JSONValue {
        guard levels > 0 else { return try reader.pullValue() }
        switch reader.pullPeek() {
        case UInt8(ascii: "{"):
            var members: [JSONObject.Member] = []
            if try reader.pullObjectStart() {
                repeat {
                    let (name, offset) = try reader.pullMemberName()
                    if members.contains(where: { utf8Equal($0.key, name) }) { throw Repeated() }
                    members.append(JSONObject.Member(key: name, value: try walk(&reader, levels: levels - 1), keyOffset: offset))
                } while try reader.pullNextMember()
            }
            return .object(JSONObject(members))
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            if try reader.pullArrayStart() {
                repeat { elements.append(try walk(&reader, levels: levels - 1)) } while try reader.pullNextElement()
            }
            return .array(elements)
        default:
            return try reader.pullValue()
        }
    }

    func assertSameVerdict(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let parsed = Result { try JSONReader.parse(bytes) }
        let walked = Result { try pulled(bytes) }
        switch (parsed, walked) {
        case (.success(let a), .success(let b)):
            XCTAssertTrue(a.isIdentical(to: b), label, file: file, line: line)
        case (.failure, .failure):
            break
        case (.success, .failure(let e)):
            XCTFail("\(label): parse accepts, pulling rejects: \(e)", file: file, line: line)
        case (.failure(let e), .success):
            XCTFail("\(label): parse rejects (\(e)), pulling accepts", file: file, line: line)
        }
    }

    func test_pulling_agreesWithParse_onTheJSONTestSuite() throws {
        guard let dir = conformanceDirectory()?.appendingPathComponent("JSONTestSuite/test_parsing") else {
            throw XCTSkip("../shared/conformance is absent; JSONTestSuite not run")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertGreaterThan(names.count, 300)
        for name in names {
            let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(name)))
            onLargeStack { self.assertSameVerdict(bytes, name) }
        }
    }

    func test_pulling_agreesWithParse_onHandWrittenDocuments() {
        let texts = [
            #"{"a": 1, "b": [1, 2.50, "x"], "c": {"d": null}}"#, #"{"a": 1, "a": 2}"#, #"[{"a": 1, "a": 2}]"#,
            #"{"a": {"b": 1, "b": 2}}"#, #"{"a": [{"b": 1, "b": 2}]}"#, #"{}"#, #"[]"#, #"{"a": {}}"#, #"[[], {}]"#,
            #"{"a" 1}"#, #"{"a": 1,}"#, #"[1,]"#, #"{"a": 1} 2"#, "", " ", #"{"a": "\ud800"}"#, "\u{FEFF}[1]",
            #"{"a": 01}"#, #"{"\u0061": 1, "a": 2}"#, #"{"a": 1"#, #"[1"#, #"{"#, "[", "1", #""s""#,
        ]
        for text in texts { assertSameVerdict(Array(text.utf8), text) }
        assertSameVerdict([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], "invalid UTF-8 in a name")
        // The depth limit counts the levels opened by hand.
        let limit = JSONReader.defaultMaximumDepth
        for depth in [limit, limit + 1] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            onLargeStack { self.assertSameVerdict(Array(text.utf8), "nested \(depth)") }
        }
    }

    func test_topLevelMember_findsWhatParseFinds() throws {
        let texts = [
            #"{"$schema": "a.json", "objects": {}}"#,
            #"{"o": {"s": "}\"{", "t": [1, {"u": "]"}]}, "m": {"$schema": "b"}, "$schema": "c.json"}"#,
            #"{"o": {}}"#, #"{"x": "\\", "$schema": "d"}"#, #"{"x": 1e5,"$schema":["e"]}"#, #"{"x": true, "$schema": null}"#,
            "\u{FEFF} " + #"{"$schema": "g"}"#, #"{"$sch\u0065ma": "h"}"#, #"[{"$schema": "a"}]"#, #""$schema""#, "{}",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected: JSONValue? = try JSONReader.parse(bytes).objectValue?["$schema"]
            let found = JSONReader.topLevelMember("$schema", in: bytes)
            XCTAssertEqual(found.map { JSONWriter.string($0) }, expected.map { JSONWriter.string($0) }, text)
        }
        XCTAssertNil(JSONReader.topLevelMember("$schema", in: Array(#"{"x": "#.utf8)))
        XCTAssertNil(JSONReader.topLevelMember("$schema", in: Array(#"{"x": "\"#.utf8)))
        XCTAssertNil(JSONReader.topLevelMember("$schema", in: []))
    }
}
