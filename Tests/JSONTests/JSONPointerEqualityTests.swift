import XCTest
@testable import GraphDiffJSON

/// JSON Pointers name members by their bytes: equality, hashing and order
/// agree and apply no Unicode normalisation.
final class JSONPointerEqualityTests: XCTestCase {
    let nfc = JSONPointer(["objects", "caf\u{E9}"])
    let nfd = JSONPointer(["objects", "cafe\u{301}"])

    func test_equality_nfcAndNfdTokens_areDifferentPointers() {
        XCTAssertEqual("caf\u{E9}", "cafe\u{301}", "Swift's String calls the tokens equal")
        XCTAssertNotEqual(nfc, nfd)
        XCTAssertEqual(nfc, JSONPointer(["objects", "caf\u{E9}"]))
        XCTAssertEqual(Set([nfc, nfd]).count, 2)
        XCTAssertEqual([nfc: 1, nfd: 2][nfd], 2)
    }

    func test_equality_agreesWithOrder() {
        // Ordered by bytes already: "e" (0x65) sorts before "é" (0xC3 0xA9).
        XCTAssertTrue(nfd < nfc)
        XCTAssertFalse(nfc < nfd)
        XCTAssertFalse(nfc < nfc)
    }

    func test_equality_tokenBoundariesCount() {
        XCTAssertNotEqual(JSONPointer(["ab", "c"]), JSONPointer(["a", "bc"]))
        XCTAssertNotEqual(JSONPointer(["a"]), JSONPointer(["a", ""]))
        XCTAssertEqual(Set([JSONPointer(["ab", "c"]), JSONPointer(["a", "bc"]), JSONPointer(["a", "bc"])]).count, 2)
    }
}
