import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// Reading marked text back into its three sides: the inverse of the
/// marker writer over seeded merges, and the errors.
final class ConflictMarkerReaderTests: XCTestCase {
    func test_sides_areTheResolutionsTheWriterWasGiven_overSeededMerges() throws {
        var checked = 0
        for seed in UInt64(1)...800 {
            var random = SplitMix64(seed: seed)
            let base = RandomJSON.object(&random, depth: 3)
            let (mine, theirs) = (RandomJSON.edit(base, &random), RandomJSON.edit(base, &random))
            let marked = MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(), markers: .init())
            guard !marked.open.isEmpty else { continue }
            checked += 1
            let sides = try ConflictMarkerReader.sides(of: marked.text)
            XCTAssertEqual(sides.mine, MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(prefer: .mine), markers: .init()).text)
            XCTAssertEqual(sides.theirs, MergeText.documents(base: base, mine: mine, theirs: theirs, options: .init(prefer: .theirs), markers: .init()).text)
            XCTAssertNoThrow(try JSONReader.parse(try XCTUnwrap(sides.base)), "seed \(seed)")
            XCTAssertEqual(sides.blocks, String(decoding: marked.text, as: UTF8.self).split(separator: "\n").count { $0.hasPrefix("<<<<<<<") })
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func test_blockWithoutBase_hasNoBase_andLabelsAreRead() throws {
        let text = Array("a\n<<<<<<< HEAD\nm\n=======\nt\n>>>>>>> feature\nz\n".utf8)
        let sides = try ConflictMarkerReader.sides(of: text)
        XCTAssertEqual(String(decoding: sides.mine, as: UTF8.self), "a\nm\nz\n")
        XCTAssertNil(sides.base, "two-way markers: no base")
        XCTAssertEqual(String(decoding: sides.theirs, as: UTF8.self), "a\nt\nz\n")
        XCTAssertEqual(sides.blockLines, [2])
        // Longer markers, with --marker-size.
        let long = Array("<<<<<<<<<<\nm\n||||||||||\nb\n==========\nt\n>>>>>>>>>>\n".utf8)
        XCTAssertEqual(try ConflictMarkerReader.sides(of: long, size: 10).base.map { String(decoding: $0, as: UTF8.self) }, "b\n")
    }

    func test_markersOutOfPlace_nameTheLine() {
        for (text, line, message) in [("x\n=======\n", 2, "conflict marker ======= out of place"),
                                      ("<<<<<<<\na\n<<<<<<<\n", 3, "conflict marker <<<<<<< out of place"),
                                      ("<<<<<<<\na\n=======\nb\n", 1, "conflict block not closed")] {
            XCTAssertThrowsError(try ConflictMarkerReader.sides(of: Array(text.utf8))) { error in
                XCTAssertEqual(error as? ConflictMarkerReader.MarkerError, ConflictMarkerReader.MarkerError(line: line, message: message), text)
            }
        }
    }
}
