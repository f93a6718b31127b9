import Foundation
import XCTest
@testable import GraphDiff
import GraphDiffGenerator

/// The line merge against the real `git merge-file -p --diff3 -L mine -L
/// base -L theirs`, on generated files (``LineTextGenerator``: CRLF and
/// mixed line ends, missing final newlines, NUL bytes, invalid UTF-8, NFC
/// and NFD spellings, repeated lines). Every case must agree byte for byte,
/// conflicts included, and the conflict count must be git's exit status:
/// graphdiff aligns lines as xdiff does, so no case is left out.
///
/// git refuses files with NUL bytes; it is given them with 0x00 written as
/// 0x01 (see ``ExternalLineTools/mergeFile(_:in:markerSize:)``).
///
/// 600 cases by default; `GRAPHDIFF_LINE_CASES=N` runs more or fewer, and a
/// failure names its seed: `GRAPHDIFF_LINE_SEED=S` reruns that case.
final class LineMergeGitAgreementTests: XCTestCase {
    func test_merge_generatedFiles_agreeWithGitMergeFile_byteForByte() throws {
        try ExternalLineTools.require("git")
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRAPHDIFF_LINE_CASES"].flatMap(Int.init) ?? 600
        let seeds: [UInt64] = environment["GRAPHDIFF_LINE_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(count, 1))).map { $0 }
        let cases = seeds.map { seed in
            var generator = LineTextGenerator(seed: seed)
            return generator.next()
        }
        let dir = try scratchDirectory()
        let git = try ExternalLineTools.mergeFile(cases, in: dir)
        var agreed = 0, conflicted = 0, failures = 0
        for (i, c) in cases.enumerated() {
            let ours = LineMerge.merge(base: c.base, mine: c.mine, theirs: c.theirs, markers: .init())
            if ours.text == git[i].output && Int32(min(ours.conflicts, 127)) == git[i].status {
                agreed += 1
                if ours.conflicts > 0 { conflicted += 1 }
                continue
            }
            failures += 1
            if failures <= 5 {
                XCTFail("""
                    seed \(seeds[i]) (rerun with GRAPHDIFF_LINE_SEED=\(seeds[i])): git merge-file disagrees
                    base:   \(escaped(c.base))
                    mine:   \(escaped(c.mine))
                    theirs: \(escaped(c.theirs))
                    git (\(git[i].status) conflicts): \(escaped(git[i].output))
                    ours (\(ours.conflicts) conflicts): \(escaped(ours.text))
                    """)
            }
        }
        XCTAssertEqual(agreed, cases.count, "\(cases.count - agreed) of \(cases.count) cases disagree")
        if seeds.count > 100 {
            XCTAssertGreaterThan(conflicted, seeds.count / 10, "the generated cases should conflict often enough to test markers")
        }
    }

    func test_merge_markerSizeOtherThanSeven_agreesWithGitMergeFile() throws {
        try ExternalLineTools.require("git")
        let cases = (1...UInt64(60)).map { seed -> (base: [UInt8], mine: [UInt8], theirs: [UInt8]) in
            var generator = LineTextGenerator(seed: 10_000 + seed)
            return generator.next()
        }
        let git = try ExternalLineTools.mergeFile(cases, in: try scratchDirectory(), markerSize: 11)
        for (i, c) in cases.enumerated() {
            let ours = LineMerge.merge(base: c.base, mine: c.mine, theirs: c.theirs, markers: .init(size: 11))
            XCTAssertEqual(escaped(ours.text), escaped(git[i].output), "seed \(10_000 + i + 1)")
        }
    }

    /// Long files that differ a lot, where the search stops early (past 256
    /// edits in a sub-problem it takes a diagonal that reached a snake of
    /// 20 equal lines far along, or else the furthest-reaching point): git's
    /// limits, followed exactly.
    func test_merge_largeFilesPastTheSearchLimits_agreeWithGitMergeFile() throws {
        try ExternalLineTools.require("git")
        var random = SplitMix64(seed: 2026)
        func file(_ lines: Int, _ alphabet: Int) -> [UInt8] {
            (0..<lines).flatMap { _ in Array("line \(random.below(alphabet))\n".utf8) }
        }
        func edited(_ text: [UInt8], _ edits: Int) -> [UInt8] {
            let source = ByteLines(text)
            var lines = (0..<source.count).map { Array(source[$0]) }
            for _ in 0..<edits {
                let at = random.below(lines.count)
                if random.below(2) == 0 { lines.remove(at: at) } else { lines.insert(Array("new \(random.below(5))\n".utf8), at: at) }
            }
            return lines.flatMap { $0 }
        }
        // Shared blocks of 30 lines between long stretches that differ: snakes to stop at.
        func blocks(_ stretch: Int) -> [UInt8] {
            (0..<8).flatMap { k in file(stretch, 3) + (0..<30).flatMap { Array("block \(k) line \($0)\n".utf8) } }
        }
        var cases: [(base: [UInt8], mine: [UInt8], theirs: [UInt8])] = [(blocks(150), blocks(150), blocks(150))]
        for (lines, alphabet) in [(3000, 3), (2000, 50)] {
            let base = file(lines, alphabet)
            cases.append((base, file(lines, alphabet), file(lines, alphabet)))
            cases.append((base, edited(base, lines / 5), edited(base, lines / 5)))
        }
        let git = try ExternalLineTools.mergeFile(cases, in: try scratchDirectory())
        for (i, c) in cases.enumerated() {
            let ours = LineMerge.merge(base: c.base, mine: c.mine, theirs: c.theirs, markers: .init())
            XCTAssertTrue(ours.text == git[i].output, "case \(i): the merge differs from git's")
            XCTAssertEqual(Int32(min(ours.conflicts, 127)), git[i].status, "case \(i)")
        }
    }

    /// A fresh directory, removed when the test ends.
    func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
