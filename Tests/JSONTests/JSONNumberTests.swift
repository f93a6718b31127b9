import XCTest
@testable import GraphDiffJSON

final class JSONNumberTests: XCTestCase {
    func test_equality_isByDecimalValue() {
        let equal: [(JSONNumber, JSONNumber)] = [
            ("1", "1.0"), ("1e2", "100"), ("0.1e1", "1"), ("10e-1", "1"), ("-0", "0"),
            ("0.0", "0e10"), ("1.500", "15e-1"), ("123456789012345678901234567890", "1.23456789012345678901234567890e29"),
        ]
        for (a, b) in equal {
            XCTAssertEqual(a, b, "\(a) = \(b)")
            XCTAssertEqual(a.hashValue, b.hashValue, "\(a) hash = \(b) hash")
        }
        let different: [(JSONNumber, JSONNumber)] = [
            ("12345678901234567890", "12345678901234567891"), ("1", "-1"), ("1e400", "1e401"), ("0.1", "0.01"),
        ]
        for (a, b) in different { XCTAssertNotEqual(a, b, "\(a) ≠ \(b)") }
    }

    func test_order_isNumeric() {
        let sorted: [JSONNumber] = ["-1e10", "-2", "-1.5", "0", "0.001", "1", "1.5", "2", "1e3", "12345678901234567890"]
        XCTAssertEqual(sorted.shuffled().sorted(), sorted)
    }

    func test_intValue() {
        XCTAssertEqual(JSONNumber("30e-1").intValue, 3)
        XCTAssertEqual(JSONNumber("-7.0").intValue, -7)
        XCTAssertEqual(JSONNumber("0").intValue, 0)
        XCTAssertNil(JSONNumber("1.5").intValue)
        XCTAssertNil(JSONNumber("99999999999999999999").intValue)
    }

    func test_validation() {
        XCTAssertNotNil(JSONNumber(validating: "-0.5E+7"))
        for bad in ["", "01", "1.", ".1", "+1", "1e", "NaN", "1 "] {
            XCTAssertNil(JSONNumber(validating: bad), bad)
        }
    }
}

/// A number built in code from any text never traps: its value is unknown
/// (compared by text), so no integer and no integral value.
final class JSONNumberAnyTextTests: XCTestCase {
    func test_textThatIsNoNumber_hasNoValue_andComparesByText() {
        for text in ["1,000", " 12", "+5", "$3", "1e.", "1e+-", "%", ""] {
            let n = JSONNumber(text)
            XCTAssertNil(n.intValue, text)
            XCTAssertEqual(n, JSONNumber(text), text)
            XCTAssertEqual(Set([n, JSONNumber(text)]).count, 1, text)
        }
        XCTAssertFalse(JSONNumber("1,000").isIntegral)
        XCTAssertNotEqual(JSONNumber("1,000"), JSONNumber("1000"))
        XCTAssertEqual(JSONNumber("30e-1").intValue, 3)
    }
}
