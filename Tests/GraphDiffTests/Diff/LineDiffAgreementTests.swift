import Foundation
import XCTest
@testable import GraphDiff
import GraphDiffGenerator

/// The line diff's hunks against the real `git diff` and `diff -u` on
/// generated files (``LineTextGenerator``: CRLF and mixed line ends,
/// missing final newlines, NUL bytes, invalid UTF-8, NFC and NFD spellings,
/// repeated lines). Headers with names and times are left out.
///
/// - Against `git diff --no-index -a --no-indent-heuristic` (xdiff, whose
///   alignment graphdiff follows): every pair agrees byte for byte.
/// - Against GNU `diff -a -u`: every pair agrees byte for byte, except where
///   diff chooses another alignment of the same size. GNU diff keeps the
///   lines common to both ends (but for `context` of them) out of its
///   search and does not slide a change into them, and it drops lines seen
///   many times by rules of its own; in a run of equal lines it may then
///   place a change a line or two from where git places it. Such a pair
///   must still be a tie: the same numbers of `-` and `+` lines, and both
///   diffs turn the old file into the new one. At the default 300 cases
///   (600 pairs) none differs; over 5,000 cases about 2 pairs in 1,000 do.
///
/// 300 cases by default (each gives base → mine and base → theirs);
/// `GRAPHDIFF_LINE_CASES=N` sets the number, and a failure names its seed:
/// `GRAPHDIFF_LINE_SEED=S` reruns that case.
final class LineDiffAgreementTests: XCTestCase {
    func test_unified_generatedFiles_agreeWithGitDiff_byteForByte() throws {
        try ExternalLineTools.require("git")
        let (pairs, seeds) = generatedPairs()
        let expected = try ExternalLineTools.hunks(pairs, by: .gitDiff, in: try scratchDirectory())
        var agreed = 0
        for (i, p) in pairs.enumerated() {
            let ours = LineDiff.unified(old: p.old, new: p.new)
            if ours == expected[i] {
                agreed += 1
            } else if pairs.count - agreed <= 5 {
                XCTFail(report("git diff", seeds[i], p, expected[i], ours))
            }
        }
        XCTAssertEqual(agreed, pairs.count, "\(pairs.count - agreed) of \(pairs.count) pairs disagree")
    }

    func test_unified_generatedFiles_agreeWithDiffU_orTieWithIt() throws {
        try ExternalLineTools.require("diff")
        let (pairs, seeds) = generatedPairs()
        let expected = try ExternalLineTools.hunks(pairs, by: .diffU, in: try scratchDirectory())
        var agreed = 0, ties = 0, failures = 0
        for (i, p) in pairs.enumerated() {
            let ours = LineDiff.unified(old: p.old, new: p.new)
            let theirs = expected[i]
            XCTAssertEqual(try apply(ours, to: p.old), p.new, "seed \(seeds[i]): our hunks do not turn old into new")
            if ours == theirs {
                agreed += 1
                continue
            }
            let size = { (hunks: [UInt8]) in (Self.count(UInt8(ascii: "-"), in: hunks), Self.count(UInt8(ascii: "+"), in: hunks)) }
            if size(ours) == size(theirs), (try? apply(theirs, to: p.old)) == p.new {
                ties += 1
                continue
            }
            failures += 1
            if failures <= 5 { XCTFail(report("diff -u", seeds[i], p, theirs, ours)) }
        }
        XCTAssertEqual(agreed + ties, pairs.count, "\(pairs.count - agreed - ties) of \(pairs.count) pairs disagree")
        if ties > 0 { print("LineDiffAgreementTests: \(agreed) of \(pairs.count) pairs as diff -u prints them, \(ties) other alignments of the same size") }
    }

    /// Long files with many edits, where git's search stops early: past 256
    /// edits in a sub-problem of more than 65,533 lines it may take a
    /// diagonal that reached a snake of 20 equal lines far along, and at
    /// max(256, about √(*n* + *m*)) edits the furthest-reaching point.
    func test_unified_longFilesPastTheSearchLimits_agreeWithGitDiff() throws {
        try ExternalLineTools.require("git")
        var random = SplitMix64(seed: 5)
        func line(_ alphabet: Int) -> [UInt8] { Array("line \(random.below(alphabet))\n".utf8) }
        var pairs: [(old: [UInt8], new: [UInt8])] = []
        for (count, alphabet, edits) in [(36_000, 8, 3_000), (3_000, 3, 600)] {
            let old = (0..<count).map { _ in line(alphabet) }
            var new = old
            for _ in 0..<edits {
                let at = random.below(new.count)
                if random.below(2) == 0 { new.remove(at: at) } else { new.insert(line(alphabet), at: at) }
            }
            pairs.append((old.flatMap { $0 }, new.flatMap { $0 }))
        }
        let expected = try ExternalLineTools.hunks(pairs, by: .gitDiff, in: try scratchDirectory())
        for (i, p) in pairs.enumerated() {
            XCTAssertTrue(LineDiff.unified(old: p.old, new: p.new) == expected[i], "pair \(i): the hunks differ from git's")
        }
    }

    /// Two pairs a case: base → mine and base → theirs.
    func generatedPairs() -> (pairs: [(old: [UInt8], new: [UInt8])], seeds: [UInt64]) {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRAPHDIFF_LINE_CASES"].flatMap(Int.init) ?? 300
        let seeds: [UInt64] = environment["GRAPHDIFF_LINE_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(max(count, 1))).map { $0 }
        var pairs: [(old: [UInt8], new: [UInt8])] = [], pairSeeds: [UInt64] = []
        for seed in seeds {
            var generator = LineTextGenerator(seed: seed)
            let c = generator.next()
            pairs += [(c.base, c.mine), (c.base, c.theirs)]
            pairSeeds += [seed, seed]
        }
        return (pairs, pairSeeds)
    }

    func report(_ tool: String, _ seed: UInt64, _ pair: (old: [UInt8], new: [UInt8]), _ expected: [UInt8], _ ours: [UInt8]) -> String {
        """
        seed \(seed) (rerun with GRAPHDIFF_LINE_SEED=\(seed)): \(tool) disagrees
        old: \(escaped(pair.old))
        new: \(escaped(pair.new))
        \(tool): \(escaped(expected))
        ours: \(escaped(ours))
        """
    }

    /// The number of hunk lines marked `mark`.
    static func count(_ mark: UInt8, in hunks: [UInt8]) -> Int {
        hunks.split(separator: 0x0A).filter { $0.first == mark }.count
    }

    struct NotApplicable: Error {}

    /// `old` with unified `hunks` applied (each context and removed line
    /// checked against `old`), as `patch` would.
    func apply(_ hunks: [UInt8], to old: [UInt8]) throws -> [UInt8] {
        let source = ByteLines(old)
        // Body lines with their own bytes: "\ No newline" takes the newline off the line before.
        var body: [(mark: UInt8, line: [UInt8], oldStart: Int?)] = []
        for raw in hunks.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if raw.starts(with: Array("@@ -".utf8)) {
                // "@@ -start[,count] +…": the old range; a count of 0 names the line before.
                let range = raw.dropFirst(4).prefix { $0 != 0x20 }.split(separator: 0x2C).map { Int(String(decoding: $0, as: UTF8.self)) }
                guard let first = range.first, let start = first else { throw NotApplicable() }
                let count = range.count > 1 ? range[1] ?? 1 : 1
                body.append((0x40, [], count == 0 ? start : start - 1))
            } else if raw.first == UInt8(ascii: "\\") {
                guard let last = body.indices.last, body[last].line.last == 0x0A else { throw NotApplicable() }
                body[last].line.removeLast()
            } else if let mark = raw.first {
                body.append((mark, Array(raw.dropFirst()) + [0x0A], nil))
            } else {
                throw NotApplicable()
            }
        }
        var out: [UInt8] = []
        var next = 0
        for entry in body {
            switch entry.mark {
            case 0x40:
                guard let start = entry.oldStart, start >= next, start <= source.count else { throw NotApplicable() }
                out += source[next..<start]
                next = start
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                guard next < source.count, Array(source[next]) == entry.line else { throw NotApplicable() }
                if entry.mark == UInt8(ascii: " ") { out += entry.line }
                next += 1
            case UInt8(ascii: "+"):
                out += entry.line
            default:
                throw NotApplicable()
            }
        }
        return out + source[next..<source.count]
    }

    /// A fresh directory, removed when the test ends.
    func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
