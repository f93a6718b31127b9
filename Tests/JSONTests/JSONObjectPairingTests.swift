import XCTest
@testable import GraphDiffJSON

final class JSONObjectPairingTests: XCTestCase {
    func object(_ names: String) -> JSONObject {
        JSONObject(names.split(separator: " ").map { JSONObject.Member(key: String($0), value: .null) })
    }

    func test_pairing_cases() {
        let cases: [(String, String, [Int], String)] = [
            ("a b c", "a b c", [0, 1, 2], "same order"),
            ("a b c", "a c d", [0, 2, -1], "removed and added"),
            ("a b c", "c b a", [2, 1, 0], "reversed: paired by name"),
            ("a b c d e", "a x b c e", [0, -1, 1, 2, 4], "insert and remove in one walk"),
            ("a b c d", "d a b c", [3, 0, 1, 2], "moved to the front"),
            ("", "a", [-1], "empty"),
            ("a", "", [], "to empty"),
        ]
        for (a, b, expected, name) in cases {
            XCTAssertEqual(object(a).pairing(with: object(b)), expected, name)
        }
    }

    func test_pairing_isByExactBytes() {
        let nfc = JSONObject([JSONObject.Member(key: "caf\u{E9}", value: .null)])
        let nfd = JSONObject([JSONObject.Member(key: "cafe\u{301}", value: .null)])
        XCTAssertEqual(nfc.pairing(with: nfd), [-1])
    }

    /// The walk agrees with hashing every name, over random edits.
    func test_pairing_agreesWithHashing() {
        var state: UInt64 = 42
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return n > 0 ? Int((state >> 33) % UInt64(n)) : 0
        }
        for _ in 0..<2_000 {
            var a = (0..<next(40)).map { "k\($0)" }
            var b = a
            for _ in 0..<next(6) {
                switch next(3) {
                case 0 where !b.isEmpty: b.remove(at: next(b.count))
                case 1: b.insert("n\(next(50))", at: next(b.count + 1))
                default:
                    guard !b.isEmpty else { continue }
                    let x = b.remove(at: next(b.count))
                    b.insert(x, at: next(b.count + 1))
                }
            }
            b = b.enumerated().filter { e in !b[..<e.offset].contains(e.element) }.map(\.element)
            a = Array(a)
            let x = object(a.joined(separator: " ")), y = object(b.joined(separator: " "))
            XCTAssertEqual(x.pairing(with: y), x.hashedPairing(with: y), "\(a) → \(b)")
        }
    }
}
