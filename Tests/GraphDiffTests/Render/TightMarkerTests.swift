import XCTest
@testable import GraphDiff

/// A conflict block holds only the lines of the conflicting members or
/// elements, never a whole enclosing array written three times (issue 26).
final class TightMarkerTests: XCTestCase {
    /// The blocks of a text with markers: each block's line count, markers included.
    func blockSizes(_ text: [UInt8]) -> [Int] {
        var sizes: [Int] = [], inside = 0
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<<") { inside = 1; continue }
            if inside > 0 { inside += 1 }
            if line.hasPrefix(">>>>>>>") { sizes.append(inside); inside = 0 }
        }
        return sizes
    }

    func items(_ n: Int, _ change: (inout [JSONValue]) -> Void = { _ in }) -> JSONValue {
        var list: [JSONValue] = (0..<n).map { .object(["id": .number(JSONNumber($0)), "title": .string("item \($0)"), "v": 0]) }
        change(&list)
        return .object(["items": .array(list)])
    }

    /// One element's lines in the canonical layout (`{`, three members, `},`).
    let elementLines = 5

    func test_oneConflictingElement_blockIsBoundedWhateverTheArraysLength() throws {
        for n in [4, 50, 500] {
            // Both change one member of element 2 differently: only that line is marked.
            let base = items(n)
            let mine = items(n) { $0[2] = .object(["id": 2, "title": "item 2", "v": 1]) }
            let theirs = items(n) { $0[2] = .object(["id": 2, "title": "item 2", "v": 2]) }
            let merged = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(), markers: .init())
            XCTAssertEqual(blockSizes(merged.text), [7], "n = \(n): one member line per side and the base, and four markers")
            // One deletes element 2, the other changes it: the element, not the array.
            let deleted = items(n) { $0.remove(at: 2) }
            let changed = MergeText.documents(base: base, mine: deleted, theirs: theirs, options: .init(), markers: .init())
            let sizes = blockSizes(changed.text)
            XCTAssertEqual(sizes.count, 1, "n = \(n)")
            XCTAssertLessThanOrEqual(sizes.reduce(0, +), 3 * elementLines + 4, "n = \(n): \(String(decoding: changed.text, as: UTF8.self))")
        }
    }

    func test_sampleSyncMerge_marksOnlyTheTimestamps() throws {
        let read = { (name: String) in try JSONReader.parse(sampleBytes("sync/\(name).json")) }
        let merged = MergeText.documents(base: try read("base"), mine: try read("mine"), theirs: try read("theirs"), options: .init(), markers: .init())
        // Two items' updatedAt and the metadata's lastSync: one line a side each.
        XCTAssertEqual(blockSizes(merged.text), [7, 7, 7])
        XCTAssertEqual(merged.text.split(separator: UInt8(ascii: "\n")).count, 37)
    }
}
