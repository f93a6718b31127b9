import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class IdentityTableTests: XCTestCase {
    func test_insertAndLookUp_rowsInOrderAdded() {
        var table = IdentityTable()
        XCTAssertEqual(table.row(of: "t1"), nil)
        XCTAssertEqual(table.insert("t1").row, 0)
        XCTAssertEqual(table.insert("t2").row, 1)
        let again = table.insert("t1")
        XCTAssertEqual(again.row, 0)
        XCTAssertFalse(again.inserted)
        XCTAssertEqual(table.row(of: "t2"), 1)
        XCTAssertEqual(table.row(of: "t3"), nil)
        XCTAssertEqual(table.count, 2)
    }

    /// Keys are bytes: NFC and NFD spellings, the empty string, keys of
    /// every length around the 8-byte words the hash reads.
    func test_keysAreExactBytes() {
        var table = IdentityTable()
        let keys = ["\u{E9}", "e\u{301}", "", "a", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghabcdefgh", "abcdefghabcdefgh1",
                    String(repeating: "ü", count: 40), "a\u{0}b", "a\u{0}c"]
        for (i, k) in keys.enumerated() { XCTAssertEqual(table.insert(k).row, i, k) }
        for (i, k) in keys.enumerated() { XCTAssertEqual(table.row(of: k), i, k) }
        XCTAssertEqual(table.row(of: "abcdefgh1"), nil)
    }

    /// Growth keeps every row, against a `Dictionary` by exact bytes.
    func test_growth_matchesADictionary() {
        var random = SplitMix64(seed: 3)
        var table = IdentityTable()
        var reference: [ExactString: Int] = [:]
        for _ in 0..<50_000 {
            let key = "k\(random.next() % 30_000)"
            let (row, inserted) = table.insert(key)
            if let known = reference[ExactString(key)] {
                XCTAssertFalse(inserted)
                XCTAssertEqual(row, known)
            } else {
                XCTAssertTrue(inserted)
                reference[ExactString(key)] = row
            }
        }
        XCTAssertEqual(table.count, reference.count)
        for (key, row) in reference { XCTAssertEqual(table.row(of: key.string), row) }
        XCTAssertEqual(table.row(of: "k30000"), nil)
    }
}
