import Foundation
import XCTest
@testable import GraphDiffJSON

/// `utf8Equal` and `utf8Compare` answer from the strings' bits when those
/// are the same (one short string's inline bytes, or one storage and
/// length); otherwise they compare bytes. Their oracle is the arrays of
/// UTF-8 bytes, over strings short and long, ASCII and not, NFC and NFD,
/// made in ways that give the same text other representations.
final class ExactStringTests: XCTestCase {
    func testEqualityAndOrderAreTheBytes_overSeededStrings() {
        var numbers = SeededNumbers(seed: 0xD1B5_4A32_D192_ED03)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let pieces = ["a", "b", "z", "0", "_", "é", "e\u{301}", "😀", "\u{0}", "ß", "Ω"]
        func word() -> String { (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined() }
        /// The same text made another way: through its bytes, or as part of a longer string.
        func remade(_ s: String) -> String {
            switch next(3) {
            case 0: return String(decoding: Array(s.utf8), as: UTF8.self)
            case 1: return String((s + "#padding beyond fifteen bytes").dropLast(29))
            default: return s
            }
        }
        let cases = max(1_000, Int(ProcessInfo.processInfo.environment["GRAPHDIFF_PROPERTY_CASES"] ?? "") ?? 20_000)
        for n in 0..<cases {
            let a = word()
            let b = next(3) == 0 ? remade(a) : (next(2) == 0 ? word() : a)
            let (x, y) = (Array(a.utf8), Array(b.utf8))
            XCTAssertEqual(utf8Equal(a, b), x == y, "case \(n): \(x) \(y)")
            XCTAssertEqual(utf8Compare(a, b).signum(), x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1), "case \(n): \(x) \(y)")
            XCTAssertEqual(utf8Less(a, b), x.lexicographicallyPrecedes(y), "case \(n): \(x) \(y)")
        }
    }

    func testNFCAndNFDSpellingsAreNotEqual_thoughStringSaysTheyAre() {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        XCTAssertEqual(composed, decomposed)
        XCTAssertFalse(utf8Equal(composed, decomposed))
        XCTAssertNotEqual(utf8Compare(composed, decomposed), 0)
        let long = String(repeating: "x", count: 40)
        XCTAssertFalse(utf8Equal(long + composed, long + decomposed))
        XCTAssertTrue(utf8Equal(long + composed, String(decoding: Array((long + composed).utf8), as: UTF8.self)))
    }
}
