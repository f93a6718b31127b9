import XCTest
@testable import GraphDiffCLI

/// The `.gitattributes` text rules of `git install` and `uninstall`, on bytes.
final class GitAttributesFileTests: XCTestCase {
    let line = "*.graph.json diff=graphdiff merge=graphdiff"

    func test_adding_table() {
        let cases: [(before: String, after: String, line: UInt)] = [
            ("", "L\n", #line),
            ("a\n", "a\nL\n", #line),
            ("a", "a\nL\n", #line),
            ("a\r\nb\r\n", "a\r\nb\r\nL\r\n", #line),
            ("a\r\nb", "a\r\nb\r\nL\r\n", #line),
            ("a\r\n\r\n", "a\r\n\r\nL\r\n", #line),
            ("a\nb\r\nc\n", "a\nb\r\nc\nL\n", #line),
        ]
        for c in cases {
            let after = GitAttributesFile.adding([line], to: Array(c.before.utf8))
            XCTAssertEqual(String(decoding: after, as: UTF8.self), c.after.replacingOccurrences(of: "L", with: line),
                           c.before.debugDescription, line: c.line)
        }
    }

    func test_missing_ignoresCRAndRunsOfBlanks() {
        for present in ["\(line)\r\n", "*.graph.json  diff=graphdiff\tmerge=graphdiff\n", "  *.graph.json diff=graphdiff merge=graphdiff \r\n",
                        "x\n*.graph.json\t\tdiff=graphdiff merge=graphdiff"] {
            XCTAssertEqual(GitAttributesFile.missing([line], in: Array(present.utf8)), [], present.debugDescription)
        }
        XCTAssertEqual(GitAttributesFile.missing([line], in: Array("*.graph.json diff=graphdiff\r\n".utf8)), [line])
    }

    func test_removing_takesTheLineWithItsOwnTerminator_keepsEveryOtherByte() {
        let cases: [(before: String, after: String, line: UInt)] = [
            ("a\r\nL\r\nb\r\n", "a\r\nb\r\n", #line),
            ("a\r\n*.graph.json \t diff=graphdiff merge=graphdiff\r\nb", "a\r\nb", #line),
            ("a\nL", "a\n", #line),
            ("L\n", "", #line),
            ("a \t\r\nL\n\n", "a \t\r\n\n", #line),
            ("a\n", "a\n", #line),
        ]
        for c in cases {
            let before = c.before.replacingOccurrences(of: "L", with: line)
            let after = GitAttributesFile.removing([line], from: Array(before.utf8))
            XCTAssertEqual(String(decoding: after, as: UTF8.self), c.after, before.debugDescription, line: c.line)
        }
    }
}
