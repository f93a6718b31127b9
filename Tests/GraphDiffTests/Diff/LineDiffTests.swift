import XCTest
@testable import GraphDiff

final class LineDiffTests: XCTestCase {
    func test_unified_matchesDiffU() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n").replacingOccurrences(of: "line 10\n", with: "line 10\nline 11\n")
        XCTAssertEqual(LineDiff.unified(old: old, new: new), """
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
        XCTAssertEqual(LineDiff.unified(old: "a\n", new: "a\n"), "")
    }

    func test_lineMerge_likeMergeFile() {
        let markers = ConflictMarkerWriter.Markers()
        XCTAssertEqual(LineMerge.merge(base: "a\nb\nc\n", mine: "A\nb\nc\n", theirs: "a\nb\nC\n", markers: markers).text, "A\nb\nC\n")
        let conflict = LineMerge.merge(base: "a\nb\n", mine: "x\nb\n", theirs: "y\nb\n", markers: markers)
        XCTAssertEqual(conflict.conflicts, 1)
        XCTAssertEqual(conflict.text, "<<<<<<< mine\nx\n||||||| base\na\n=======\ny\n>>>>>>> theirs\nb\n")
    }
}
