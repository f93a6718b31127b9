import XCTest
@testable import GraphDiff

/// The line merge of the git merge driver's fallback: bytes in, bytes out,
/// as `git merge-file -p --diff3` writes them (each expected value here is
/// what git 2.39 writes for the same three files).
final class LineMergeTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func merge(_ base: [UInt8], _ mine: [UInt8], _ theirs: [UInt8], markers: ConflictMarkerWriter.Markers = .init())
        -> (text: [UInt8], conflicts: Int)
    {
        LineMerge.merge(base: base, mine: mine, theirs: theirs, markers: markers)
    }

    func test_merge_changesOnBothSidesApart_takesBoth() {
        let r = merge(bytes("a\nb\nc\n"), bytes("A\nb\nc\n"), bytes("a\nb\nC\n"))
        XCTAssertEqual(r.text, bytes("A\nb\nC\n"))
        XCTAssertEqual(r.conflicts, 0)
    }

    func test_merge_conflict_diff3Markers() {
        let r = merge(bytes("a\nb\n"), bytes("x\nb\n"), bytes("y\nb\n"))
        XCTAssertEqual(r.conflicts, 1)
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), "<<<<<<< mine\nx\n||||||| base\na\n=======\ny\n>>>>>>> theirs\nb\n")
    }

    func test_merge_markerSizeAndLabels_asGitPassesThem() {
        let r = merge(bytes("a\n"), bytes("x\n"), bytes("y\n"), markers: .init(size: 3, mine: "HEAD", base: "merged common ancestors", theirs: "topic"))
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), "<<< HEAD\nx\n||| merged common ancestors\na\n===\ny\n>>> topic\n")
    }

    func test_merge_sameChangeOnBothSides_isTakenOnce() {
        let r = merge(bytes("a\nb\nc\n"), bytes("a\nB\nc\n"), bytes("a\nB\nc\n"))
        XCTAssertEqual(r.text, bytes("a\nB\nc\n"))
        XCTAssertEqual(r.conflicts, 0)
    }

    func test_merge_adjacentChanges_conflictAsInGit() {
        // git merge-file: changes that touch (b on one side, c on the other) conflict.
        let r = merge(bytes("a\nb\nc\nd\n"), bytes("a\nB\nc\nd\n"), bytes("a\nb\nC\nd\n"))
        XCTAssertEqual(r.conflicts, 1)
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), "a\n<<<<<<< mine\nB\nc\n||||||| base\nb\nc\n=======\nb\nC\n>>>>>>> theirs\nd\n")
    }

    func test_merge_latin1_onlyTheirsChanged_keepsEveryByte() {
        let base: [UInt8] = bytes("caf") + [0xE9] + bytes("\nbar\n")
        let theirs: [UInt8] = bytes("caf") + [0xE9] + bytes("\nBAR\n")
        let r = merge(base, base, theirs)
        XCTAssertEqual(r.text, theirs, "no U+FFFD")
        XCTAssertEqual(r.conflicts, 0)
    }

    func test_merge_latin1_bothSidesChanged_keepsEveryByte() {
        let base: [UInt8] = bytes("caf") + [0xE9] + bytes("\nx\nbar\n")
        let mine: [UInt8] = bytes("CAF") + [0xC9] + bytes("\nx\nbar\n")
        let theirs: [UInt8] = bytes("caf") + [0xE9] + bytes("\nx\nBAR\n")
        XCTAssertEqual(merge(base, mine, theirs).text, bytes("CAF") + [0xC9] + bytes("\nx\nBAR\n"))
    }

    func test_merge_utf16AndBinary_oneSideChanged_isThatSideByteForByte() {
        let utf16Base: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x62, 0x00, 0x0A, 0x00]
        let utf16Mine: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x63, 0x00, 0x0A, 0x00]
        XCTAssertEqual(merge(utf16Base, utf16Mine, utf16Base).text, utf16Mine)
        let binary: [UInt8] = (0...255).map { UInt8($0) }
        XCTAssertEqual(merge(binary, binary, binary.reversed()).text, binary.reversed())
    }

    func test_merge_crlf_oneSideChanged_noStrayNewline() {
        let base = bytes("a\r\nb\r\nc\r\n"), theirs = bytes("a\r\nB\r\nc\r\n")
        XCTAssertEqual(merge(base, base, theirs).text, theirs)
        XCTAssertEqual(merge(base, theirs, base).text, theirs)
    }

    func test_merge_crlf_prependAndAppend_isClean() {
        let r = merge(bytes("a\r\nb\r\nc\r\n"), bytes("new\r\na\r\nb\r\nc\r\n"), bytes("a\r\nb\r\nc\r\nend\r\n"))
        XCTAssertEqual(r.text, bytes("new\r\na\r\nb\r\nc\r\nend\r\n"))
        XCTAssertEqual(r.conflicts, 0)
    }

    func test_merge_crlf_conflictMarkersEndInCRLF() {
        let r = merge(bytes("a\r\nb\r\nc\r\n"), bytes("a\r\nX\r\nc\r\n"), bytes("a\r\nY\r\nc\r\n"))
        XCTAssertEqual(r.conflicts, 1)
        XCTAssertEqual(r.text, bytes("a\r\n<<<<<<< mine\r\nX\r\n||||||| base\r\nb\r\n=======\r\nY\r\n>>>>>>> theirs\r\nc\r\n"))
    }

    func test_merge_missingFinalNewline_staysMissing() {
        let r = merge(bytes("a\nb\nc"), bytes("A\nb\nc"), bytes("a\nb\nc"))
        XCTAssertEqual(r.text, bytes("A\nb\nc"))
        let both = merge(bytes("a\nb\nc\nd"), bytes("A\nb\nc\nd"), bytes("a\nb\nc\nD"))
        XCTAssertEqual(both.text, bytes("A\nb\nc\nD"))
        XCTAssertEqual(both.conflicts, 0)
    }

    func test_merge_conflictOnALastLineWithoutNewline_endsItsLinesInsideMarkers() {
        let r = merge(bytes("a\nb"), bytes("a\nx"), bytes("a\ny"))
        XCTAssertEqual(r.conflicts, 1)
        XCTAssertEqual(String(decoding: r.text, as: UTF8.self), "a\n<<<<<<< mine\nx\n||||||| base\nb\n=======\ny\n>>>>>>> theirs\n")
    }

    func test_merge_nfdEditOfAnNFCLine_isKept() {
        let nfc = bytes("caf\u{E9}\nother\n"), nfd = bytes("cafe\u{301}\nother\n")
        XCTAssertEqual(merge(nfc, nfd, nfc).text, nfd, "mine's NFD spelling is an edit")
        let r = merge(bytes("caf\u{E9}\nmiddle\nother\n"), bytes("cafe\u{301}\nmiddle\nother\n"), bytes("caf\u{E9}\nmiddle\nOTHER\n"))
        XCTAssertEqual(r.text, bytes("cafe\u{301}\nmiddle\nOTHER\n"))
        XCTAssertEqual(r.conflicts, 0)
    }

    func test_merge_nulBytes_areLinesLikeAnyOther() {
        let base: [UInt8] = [0x00, 0x0A, 0x01, 0x0A, 0x02, 0x0A]
        let mine: [UInt8] = [0x00, 0x00, 0x0A, 0x01, 0x0A, 0x02, 0x0A]
        let theirs: [UInt8] = [0x00, 0x0A, 0x01, 0x0A, 0x02, 0x02, 0x0A]
        XCTAssertEqual(merge(base, mine, theirs).text, [0x00, 0x00, 0x0A, 0x01, 0x0A, 0x02, 0x02, 0x0A])
    }
}
