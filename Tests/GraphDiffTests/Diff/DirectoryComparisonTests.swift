import XCTest
@testable import GraphDiff

/// The pairing of two trees' listings, as `diff -r` pairs them.
final class DirectoryComparisonTests: XCTestCase {
    typealias Entry = DirectoryComparison.Entry

    private func file(_ path: String) -> Entry { Entry(path: path, kind: .file(empty: false)) }
    private func dir(_ path: String) -> Entry { Entry(path: path, kind: .directory) }

    /// The items as the lines a user sees, `X` and `Y` the roots, `=` a pair to compare.
    private func lines(_ old: [Entry], _ new: [Entry]) -> [String] {
        DirectoryComparison.pair(old: old, new: new).map { item in
            switch item {
            case .files(let path): return "= \(path)"
            case .problem(let side, let path, let message): return "! \(side) \(path): \(message)"
            default: return String(DirectoryComparison.line(item, oldRoot: "X", newRoot: "Y")?.dropLast() ?? "")
            }
        }
    }

    func test_pair_sameTrees_pairsEveryFile_inPathOrder() {
        let tree = [file("b"), dir("a"), file("a/y"), file("a.txt"), dir("a/sub"), file("a/sub/z"), file("a/x")]
        // A directory's entries come before its next sibling: a/… before a.txt.
        XCTAssertEqual(lines(tree, tree.reversed()), ["= a/sub/z", "= a/x", "= a/y", "= a.txt", "= b"])
    }

    func test_pair_onlyIn_bothWays_directoriesNotEntered() {
        let old = [dir("d"), file("d/1"), file("d/2"), file("same"), dir("sub"), file("sub/old")]
        let new = [file("same"), dir("sub"), file("sub/new"), file("top"), dir("sub/deep"), file("sub/deep/x")]
        XCTAssertEqual(lines(old, new), [
            "Only in X: d", "= same", "Only in Y/sub: deep", "Only in Y/sub: new", "Only in X/sub: old", "Only in Y: top",
        ])
    }

    func test_pair_kindsThatDiffer_reportedOnce_entriesBelowHidden() {
        let old = [dir("k"), file("k/inside"), file("e"), Entry(path: "p", kind: .other("fifo"))]
        let new = [file("k"), Entry(path: "e", kind: .file(empty: true)), Entry(path: "p", kind: .other("fifo"))]
        XCTAssertEqual(lines(old, new), [
            "= e",  // an empty file is a file: the contents are compared
            "File X/k is a directory while file Y/k is a regular file",
            "File X/p is a fifo while file Y/p is a fifo",
        ])
        XCTAssertEqual(lines([dir("m")], [Entry(path: "m", kind: .file(empty: true))]),
                       ["File X/m is a directory while file Y/m is a regular empty file"])
    }

    func test_pair_problems_reportedWhenBothSidesHaveThePath_onlyInOtherwise() {
        let old = [Entry(path: "loop", kind: .directory, problem: "recursive directory loop"), Entry(path: "gone", kind: .file(empty: true), problem: "No such file or directory"), file("f")]
        let new = [dir("loop"), file("loop/x"), file("f"), Entry(path: "lonely", kind: .file(empty: true), problem: "No such file or directory")]
        XCTAssertEqual(lines(old, new), [
            "= f", "Only in X: gone", "Only in Y: lonely", "! old loop: recursive directory loop",
        ])
    }

    func test_pair_gitFolders_leftOut_emptyTrees_nothing() {
        XCTAssertEqual(lines([dir(".git"), file(".git/HEAD"), file(".hidden")], [file(".git"), file(".hidden")]), ["= .hidden"])
        XCTAssertEqual(lines([], []), [])
        XCTAssertEqual(lines([dir("e")], [dir("e")]), [])
        XCTAssertEqual(lines([dir("e")], []), ["Only in X: e"])
    }

    func test_pair_bytesOrder_notLocale_andRootsWithSlash() {
        XCTAssertEqual(lines([file("B"), file("a"), file("é"), file("z")], [file("B"), file("a"), file("é"), file("z")]),
                       ["= B", "= a", "= z", "= é"])
        XCTAssertEqual(DirectoryComparison.line(.onlyIn(.new, directory: "", name: "x"), oldRoot: "a/", newRoot: "b/"), "Only in b/: x\n")
        XCTAssertEqual(DirectoryComparison.line(.onlyIn(.old, directory: "s", name: "x"), oldRoot: "a/", newRoot: "b/"), "Only in a/s: x\n")
    }

    func test_pair_largeTrees_linearithmic() {
        // 20,000 files each side, half of them shared: sorting dominates.
        let old = (0..<20_000).map { file("d\($0 % 100)/f\($0)") } + (0..<100).map { dir("d\($0)") }
        let new = (10_000..<30_000).map { file("d\($0 % 100)/f\($0)") } + (0..<100).map { dir("d\($0)") }
        let items = DirectoryComparison.pair(old: old.reversed(), new: new)
        XCTAssertEqual(items.count, 30_000)
        XCTAssertEqual(items.filter { if case .files = $0 { return true } else { return false } }.count, 10_000)
    }

    func test_textDiff_unified_binary_same() {
        let text = DirectoryComparison.textDiff(old: Array("a\nb\nc\n".utf8), new: Array("a\nB\nc".utf8), oldName: "X/t", newName: "Y/t")
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "--- X/t\n+++ Y/t\n@@ -1,3 +1,3 @@\n a\n-b\n-c\n+B\n+c\n\\ No newline at end of file\n")
        XCTAssertEqual(String(decoding: DirectoryComparison.textDiff(old: [0, 1], new: [0, 2], oldName: "X/b", newName: "Y/b"), as: UTF8.self),
                       "Binary files X/b and Y/b differ\n")
        XCTAssertEqual(DirectoryComparison.textDiff(old: [0, 1], new: [0, 1], oldName: "X/b", newName: "Y/b"), [])
    }
}
