import XCTest
@testable import GraphDiff

final class AttributeTypeTests: XCTestCase {
    func test_values_acceptedAndRejectedPerType() throws {
        let cases: [(AttributeType, String, Bool)] = [
            (.string, #""x""#, true), (.string, "1", false),
            (.bool, "true", true), (.bool, #""true""#, false),
            (.int16, "32767", true), (.int16, "32768", false), (.int16, "1.5", false), (.int16, "2.0", true),
            (.int32, "-2147483648", true), (.int32, "2147483648", false),
            (.int64, "9223372036854775807", true), (.int64, "9223372036854775808", false),
            (.float, "3.4e38", true), (.float, "3.5e38", false), (.double, "1e308", true), (.double, "1e400", false),
            (.decimal, "12345678901234567890.125", true), (.decimal, #""1.50""#, true), (.decimal, #""abc""#, false),
            (.date, #""2026-11-20T10:00:00Z""#, true), (.date, #""2026-02-29""#, false), (.date, #""2024-02-29""#, true),
            (.date, #""2026-11-20T10:00:00.5+01:00""#, true), (.date, #""yesterday""#, false),
            (.uuid, #""0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60""#, true), (.uuid, #""0b7e1c52""#, false),
            (.binary, #""aGVsbG8=""#, true), (.binary, #""aGVsbG8""#, false), (.binary, #""a=GV""#, false),
            (.uri, #""https://example.org""#, true), (.json, #"{"any": [1]}"#, true),
        ]
        for (type, text, ok) in cases {
            let value = try JSONReader.parse(text)
            XCTAssertEqual(type.problem(with: value) == nil, ok, "\(type) \(text): \(type.problem(with: value) ?? "accepted")")
        }
    }

    func test_valuesEqual_comparesByType() throws {
        func v(_ t: String) throws -> JSONValue { try JSONReader.parse(t) }
        XCTAssertTrue(AttributeType.date.valuesEqual(try v(#""2026-11-20T10:00:00Z""#), try v(#""2026-11-20T11:00:00.000+01:00""#)))
        XCTAssertFalse(AttributeType.date.valuesEqual(try v(#""2026-11-20T10:00:00Z""#), try v(#""2026-11-20T10:00:00.001Z""#)))
        XCTAssertTrue(AttributeType.uuid.valuesEqual(try v(#""0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60""#), try v(#""0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60""#)))
        XCTAssertTrue(AttributeType.decimal.valuesEqual(try v("1.50"), try v(#""1.5""#)))
        XCTAssertTrue(AttributeType.double.valuesEqual(try v("1e2"), try v("100.0")))
        XCTAssertFalse(AttributeType.string.valuesEqual(try v("\"\u{E9}\""), try v("\"e\u{301}\"")))
    }
}
