import XCTest
@testable import GraphDiff

/// The line diff of the git diff driver's fallback: bytes in, bytes out,
/// as `diff -u` prints the hunks.
final class LineDiffTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func unified(_ old: [UInt8], _ new: [UInt8]) -> String {
        String(decoding: LineDiff.unified(old: old, new: new), as: UTF8.self)
    }

    func test_unified_matchesDiffU() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n").replacingOccurrences(of: "line 10\n", with: "line 10\nline 11\n")
        XCTAssertEqual(unified(bytes(old), bytes(new)), """
            @@ -2,9 +2,10 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
             line 9
             line 10
            +line 11

            """)
        XCTAssertEqual(LineDiff.unified(old: bytes("a\n"), new: bytes("a\n")), [])
    }

    func test_unified_oneLineRanges_leaveOutTheCount_andEmptyRangesNameTheLineBefore() {
        XCTAssertEqual(unified(bytes("a\n"), bytes("b\n")), "@@ -1 +1 @@\n-a\n+b\n")
        XCTAssertEqual(unified([], bytes("x\ny\n")), "@@ -0,0 +1,2 @@\n+x\n+y\n")
        XCTAssertEqual(unified(bytes("x\n"), []), "@@ -1 +0,0 @@\n-x\n")
    }

    func test_unified_farApartChanges_makeTwoHunks() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "\n2\n", with: "\nII\n").replacingOccurrences(of: "\n19\n", with: "\nXIX\n")
        XCTAssertEqual(unified(bytes(old), bytes(new)),
                       "@@ -1,5 +1,5 @@\n 1\n-2\n+II\n 3\n 4\n 5\n@@ -16,5 +16,5 @@\n 16\n 17\n 18\n-19\n+XIX\n 20\n")
    }

    func test_unified_crlfLines_keepTheirCarriageReturns_andAMissingNewlineIsNoted() {
        // As `diff -u` prints it: the \r stays inside each line.
        XCTAssertEqual(LineDiff.unified(old: bytes("one\r\ntwo\r\nthree"), new: bytes("one\r\n2\r\nthree")),
                       bytes("@@ -1,3 +1,3 @@\n one\r\n-two\r\n+2\r\n three\n\\ No newline at end of file\n"))
    }

    func test_unified_finalNewlineAddedOrRemoved_isAChange() {
        XCTAssertEqual(unified(bytes("a\nb"), bytes("a\nb\n")),
                       "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
        XCTAssertEqual(unified(bytes("a\nb\n"), bytes("a\nb")),
                       "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
    }

    func test_unified_comparesBytes_nfcAndNfdDiffer() {
        let nfc = bytes("caf\u{E9}\n"), nfd = bytes("cafe\u{301}\n")
        XCTAssertEqual(String(decoding: nfc, as: UTF8.self), String(decoding: nfd, as: UTF8.self), "Swift's String calls them equal")
        XCTAssertEqual(LineDiff.unified(old: nfc, new: nfd), bytes("@@ -1 +1 @@\n-") + nfc + bytes("+") + nfd)
    }

    func test_unified_invalidUTF8AndNULBytes_passThroughUnchanged() {
        let old: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x00, 0x01, 0x0A]  // "caf\xE9\n\0\x01\n"
        let new: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x00, 0x02, 0x0A]
        XCTAssertEqual(LineDiff.unified(old: old, new: new),
                       bytes("@@ -1,2 +1,2 @@\n caf") + [0xE9, 0x0A, 0x2D, 0x00, 0x01, 0x0A, 0x2B, 0x00, 0x02, 0x0A])
    }

    func test_byteLines_splitAfterEachNewline_keepingTerminators() {
        let lines = ByteLines(bytes("a\r\n\nb"))
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(Array(lines[0]), bytes("a\r\n"))
        XCTAssertEqual(Array(lines[1]), bytes("\n"))
        XCTAssertEqual(Array(lines[2]), bytes("b"))
        XCTAssertEqual([lines.endsWithCRLF(0), lines.endsWithCRLF(1), lines.endsWithNewline(2)], [true, false, false])
        XCTAssertEqual(ByteLines([]).count, 0)
        XCTAssertEqual(ByteLines(bytes("\n")).count, 1)
    }

    func test_alignment_slidesAnInsertedRunDown_asGitDoes() {
        // "b" inserted between two "b"s could be the first, second or third: git
        // and diff -u report the last.
        let changes = LineAlignment.changes(from: ByteLines(bytes("a\nb\nb\nc\n")), to: ByteLines(bytes("a\nb\nb\nb\nc\n")))
        XCTAssertEqual(changes, [LineChange(oldStart: 3, oldCount: 0, newStart: 3, newCount: 1)])
    }
}
