import Foundation
import XCTest
@testable import GraphDiffJSON

/// ``SourceBytes`` lends its bytes without copying them, and the readers
/// that walk a whole input tell it which ranges they are done with.
final class SourceBytesTests: XCTestCase {
    /// Records the ranges released, from any thread.
    final class Releases: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []
        func add(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }
        var all: [Range<Int>] { lock.withLock { ranges } }
    }

    /// `bytes` lent from memory this test owns, releases recorded, and
    /// the deallocation counted.
    func lent(_ bytes: [UInt8], releases: Releases, freed: Releases? = nil) -> SourceBytes {
        nonisolated(unsafe) let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        memory.copyBytes(from: bytes)
        return SourceBytes(lending: UnsafeRawBufferPointer(rebasing: memory[0..<bytes.count]),
                           release: { releases.add($0) },
                           deallocate: {
                               freed?.add(0..<1)
                               memory.deallocate()
                           })
    }

    func test_lentBytes_readInPlaceAndFreedOnce() {
        let releases = Releases(), freed = Releases()
        do {
            let source = lent(Array("{\"a\": [1, 2]}".utf8), releases: releases, freed: freed)
            XCTAssertEqual(source.count, 13)
            XCTAssertEqual(source.bytes, Array("{\"a\": [1, 2]}".utf8))
            XCTAssertEqual(try source.withUnsafeBufferPointer { try JSONReader.parse($0) }, try JSONReader.parse("{\"a\": [1, 2]}"))
            XCTAssertTrue(freed.all.isEmpty)
        }
        XCTAssertEqual(freed.all.count, 1)
        XCTAssertTrue(releases.all.isEmpty)
    }

    func test_release_clampsToTheBytesAndIgnoresEmptyRanges() {
        let releases = Releases()
        let source = lent([1, 2, 3, 4], releases: releases)
        source.release(2..<10)
        source.release(3..<3)
        source.release(0..<1)
        XCTAssertEqual(releases.all, [2..<4, 0..<1])
        // An array has nothing to give back.
        SourceBytes([1, 2]).release(0..<2)
    }

    func test_elementsEqual_comparesEveryByteAndReleasesWhatItCompared() {
        let releases = Releases()
        let text = Array(repeating: UInt8(ascii: "x"), count: SourceBytes.releaseStep + 5)
        let source = lent(text, releases: releases)
        XCTAssertTrue(source.elementsEqual(text))
        XCTAssertEqual(releases.all, [0..<SourceBytes.releaseStep, SourceBytes.releaseStep..<(SourceBytes.releaseStep + 5)])
        var last = text
        last[last.count - 1] = UInt8(ascii: "y")
        XCTAssertFalse(source.elementsEqual(last))
        XCTAssertFalse(source.elementsEqual(Array(text.dropLast())))
        XCTAssertTrue(SourceBytes([]).elementsEqual([]))
        XCTAssertFalse(SourceBytes([1]).elementsEqual([2]))
    }

    /// The line table is built in one walk that releases everything it
    /// passed, in order, and each lookup releases the bytes it read;
    /// positions are those of the same text as an array.
    func test_sourceText_overLentBytes_releasesBehindItsTableAndAgreesWithTheArray() {
        let releases = Releases()
        // 17 MB of lines: more than one release step.
        let line = Array("  \"k\": \"é\",\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SourceBytes.releaseStep + (1 << 20))
        while bytes.count < SourceBytes.releaseStep + (1 << 20) { bytes += line }
        let text = JSONSourceText(lent(bytes, releases: releases))
        let array = JSONSourceText(bytes)
        // The first lookup (of offset 0, which reads nothing more) builds the table.
        XCTAssertEqual(text.location(ofOffset: 0), SourceLocation(line: 1, column: 1, offset: 0))
        let ranges = releases.all
        XCTAssertEqual(ranges.first?.lowerBound, 0)
        XCTAssertEqual(ranges.last?.upperBound, bytes.count)
        XCTAssertGreaterThanOrEqual(ranges.count, 2)
        for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
        // Built once: a later lookup reads only from the table entry before
        // it (line 65 starts at 64 lines of 13 bytes), and holds what it
        // read until the lookups are released.
        XCTAssertEqual(text.location(ofOffset: 64 * 13 + 5), array.location(ofOffset: 64 * 13 + 5))
        XCTAssertEqual(releases.all.count, ranges.count)
        text.releaseLookups()
        XCTAssertEqual(releases.all.count, ranges.count + 1)
        XCTAssertEqual(releases.all.last, (64 * 13)..<(64 * 13 + 5))
        text.releaseLookups()
        XCTAssertEqual(releases.all.count, ranges.count + 1)
        for offset in [5, 13, bytes.count / 2 + 7, SourceBytes.releaseStep + 3, bytes.count - 1, bytes.count] {
            XCTAssertEqual(text.location(ofOffset: offset), array.location(ofOffset: offset), "offset \(offset)")
        }
        XCTAssertEqual(text.bytes, bytes)
    }

    /// Lookups from two threads, each in order through its half of a
    /// text: what they read is released in spans of at most
    /// ``JSONSourceText/releasedLookupSpan`` bytes, far fewer releases than
    /// lookups, with at most ``JSONSourceText/heldLookupSpans`` spans held
    /// at a time; once released, every byte a lookup read is released,
    /// and every position is the array's.
    func test_lookups_fromTwoThreads_releaseWhatTheyReadInFewSpans() {
        let releases = Releases()
        let line = Array("    \"name\": \"ü\",\n".utf8)
        var bytes: [UInt8] = []
        while bytes.count < 24 << 20 { bytes += line }
        let text = JSONSourceText(lent(bytes, releases: releases))
        let array = JSONSourceText(bytes)
        text.preparePositions()
        let afterTable = releases.all.count
        let step = 5_003, half = bytes.count / 2
        let offsets = Array(stride(from: 0, to: bytes.count, by: step))
        let firstHalf = offsets.filter { $0 < half }, secondHalf = offsets.filter { $0 >= half }
        let (a, b) = inParallel({ firstHalf.map { text.location(ofOffset: $0) } }, { secondHalf.map { text.location(ofOffset: $0) } })
        XCTAssertEqual(a + b, offsets.map { array.location(ofOffset: $0) })
        let duringLookups = releases.all.dropFirst(afterTable)
        XCTAssertGreaterThan(duringLookups.count, 0)
        XCTAssertLessThan(duringLookups.count, offsets.count / 50)
        for r in duringLookups { XCTAssertLessThanOrEqual(r.count, JSONSourceText.releasedLookupSpan) }
        // Still held: no more than the spans allowed.
        let releasedSoFar = duringLookups.reduce(0) { $0 + $1.count }
        text.releaseLookups()
        let held = releases.all.dropFirst(afterTable + duringLookups.count)
        XCTAssertLessThanOrEqual(held.count, JSONSourceText.heldLookupSpans)
        XCTAssertGreaterThan(releasedSoFar, 0)
        // Every byte read (from the table entry before each offset: every
        // 64th line start) is released.
        let released = releases.all.dropFirst(afterTable).sorted { $0.lowerBound < $1.lowerBound }
        for offset in offsets where offset % (64 * line.count) != 0 {
            let read = (offset - 1)..<offset
            XCTAssertTrue(released.contains { $0.contains(read.lowerBound) }, "offset \(offset)")
        }
    }

    func test_memberOffset_inLentBytes_releasesWhatItRead() {
        let releases = Releases()
        let bytes = Array(#"{"o": {"a": 1, "b": 2}}"#.utf8)
        let text = JSONSourceText(lent(bytes, releases: releases))
        XCTAssertEqual(text.memberOffset(inObjectKeyedAt: 1, member: "b"), 15)
        // The key, then the object read: up to its closing brace.
        XCTAssertEqual(releases.all, [])
        text.releaseLookups()
        XCTAssertEqual(releases.all, [1..<22])
        XCTAssertNil(text.memberOffset(inObjectKeyedAt: 1, member: "c"))
        XCTAssertNil(text.memberOffset(inObjectKeyedAt: 0, member: "b"))
    }

    func test_textLayout_ofLentBytes_isTheArraysLayout() {
        let releases = Releases()
        for text in ["{\n\t\"a\": 1\r\n}", "\u{FEFF}{\n    \"a\": 1\n}\n", "{}"] {
            let bytes = Array(text.utf8)
            XCTAssertEqual(TextLayout(of: lent(bytes, releases: releases)), TextLayout(of: bytes), text)
        }
    }
}

/// Line and column lookups against counting from the start, over seeded
/// texts of short, long (minified) and multi-byte lines.
final class SourceLocationLawTests: XCTestCase {
    func test_locations_equalCountingFromTheStart_inLongLinesToo() {
        var numbers = SeededNumbers(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ n: Int) -> Int { numbers.next(n) }
        let pieces: [[UInt8]] = [Array("{\"a\":1,".utf8), Array("é".utf8), Array("😀".utf8), [0x0A], Array("  ".utf8), Array("\"key\": [1, 2, 3],".utf8)]
        for round in 0..<40 {
            var bytes: [UInt8] = []
            let length = [100, 5000, 20_000, 70_000][round % 4]
            while bytes.count < length {
                // Long runs without a newline, now and then one.
                let piece = pieces[next(pieces.count)]
                if piece == [0x0A] && next(round % 2 == 0 ? 200 : 3) != 0 { continue }
                bytes += piece
            }
            let text = JSONSourceText(bytes)
            for _ in 0..<200 {
                let offset = next(bytes.count + 1)
                let expected = bytes.withUnsafeBufferPointer { JSONSourceText.location(ofOffset: offset, in: $0) }
                XCTAssertEqual(text.location(ofOffset: offset), expected, "round \(round), offset \(offset) of \(bytes.count)")
            }
        }
    }
}
