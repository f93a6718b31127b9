import Foundation
import GraphDiffGenerator
import GraphDiffJSON
import XCTest

@testable import GraphDiff

/// The table of line starts made as a graph file is read
/// (``Graph/LoadOptions/recordsLines``), and the builder it is made with
/// (``LineTableBuilder``): every point exact, whatever the layout, on one
/// core or in two halves, read alone or sharing a graph read before, so
/// that each position a report gives is the one a count of the whole text gives.
///
/// `GRAPHDIFF_LINE_TABLE_CASES=N` runs N seeds (default 600); a failure
/// names its seed.
final class LineTableTests: XCTestCase {
    /// The position of `offset` in `text` by a count from its start, which
    /// keeps no table: what every lookup must give.
    func counted(_ offset: Int, in text: [UInt8]) -> SourceLocation {
        text.withUnsafeBufferPointer { JSONSourceText.location(ofOffset: offset, in: $0) }
    }

    /// `text` in one of the layouts a graph file comes in: 0 as written
    /// (canonical), 1 compact on one line, 2 pretty with four spaces,
    /// 3 canonical with CRLF line ends, 4 canonical with one object
    /// written on one line.
    func laidOut(_ graph: Graph, layout: Int) -> [UInt8] {
        let canonical = graph.canonicalText()
        switch layout {
        case 1:
            return JSONWriter.write(graph.encoded(), style: .compactSorted)
        case 2:
            var style = JSONWriter.Style.canonical
            style.indent = Array("    ".utf8)
            return JSONWriter.write(graph.encoded(), style: style)
        case 3:
            var text: [UInt8] = []
            for byte in canonical {
                if byte == UInt8(ascii: "\n") { text.append(UInt8(ascii: "\r")) }
                text.append(byte)
            }
            return text
        case 4:
            // The first object's members joined onto its identity's line.
            guard let open = canonical.firstIndex(of: UInt8(ascii: "{")).flatMap({ first in
                canonical[(first + 1)...].firstIndex(of: UInt8(ascii: "{")).flatMap { canonical[($0 + 1)...].firstIndex(of: UInt8(ascii: "{")) }
            }), let close = canonical[open...].firstIndex(of: UInt8(ascii: "}"))
            else { return canonical }
            let inner = canonical[open..<close].filter { $0 != UInt8(ascii: "\n") }
            return Array(canonical[..<open]) + inner + canonical[close...]
        default:
            return canonical
        }
    }

    /// Law, over seeded random graphs and edits of them, in five layouts,
    /// some with strings of thousands of bytes and multi-byte characters:
    /// the table made while reading the edit (alone and sharing the
    /// base's values, on one core and in two halves) has every point
    /// exact, and positions looked up through it are those a count of
    /// the whole text gives. Lines skipped by member count in canonical
    /// objects, and the halves' lines joined, are what this checks.
    func test_law_tableMadeWhileReading_isExact() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_LINE_TABLE_CASES"].flatMap(Int.init) ?? 600
        let schema = GraphGenerator.schema
        var tables = 0, halves = 0, points = 0
        for seed in 1...UInt64(cases) {
            var random = SplitMix64(seed: seed)
            var generator = GraphGenerator(seed: random.next())
            var base = generator.graph(objectCount: [1, 4, 12, 40, 150][random.below(5)])
            if random.below(3) == 0, let (id, object) = base.objects.first(where: { _ in true }).map({ ($0.key, $0.value) }) {
                // A long line, with characters of two to four bytes.
                let entity = schema.entities[object.entityIndex]
                if let attribute = entity.attributes.first(where: { $0.type == .string && $0.name != entity.identityAttribute }) {
                    let long = String(repeating: "é字😀a", count: 500 + random.below(3_000))
                    try base.update(id) { $0[attribute.name] = .string(long) }
                }
            }
            var editor = GraphEditor(seed: random.next())
            let (edited, _) = editor.edit(base, count: random.below(6))
            let layout = random.below(5)
            let baseSource = SourceBytes(laidOut(base, layout: layout))
            let first = try Graph.load(baseSource, schema: schema, options: .init(recordsLines: true))
            let text = laidOut(edited, layout: layout)
            let source = SourceBytes(text)
            let sharing = random.below(2) == 0
            _ = try Graph.load(source, schema: schema, options: .init(sharingValuesWith: sharing ? first : nil, recordsLines: true))
            // Every layout here is one the fast reader reads, so it made the table.
            let table = try XCTUnwrap(source.lineTable, "seed \(seed), layout \(layout): no table made")
            tables += 1
            points += table.count
            text.withUnsafeBufferPointer { XCTAssertTrue(table.pointsAreExact(in: $0), "seed \(seed), layout \(layout)") }
            // Read again in two halves, where the layout allows a split.
            let verdict = SharedValues.withValues(of: sharing ? first : nil, schema: schema) { shared in
                text.withUnsafeBufferPointer {
                    Graph.scanVerdict($0, schema: schema, options: .init(recordsLines: true), parallelAbove: 0, sourceTag: source.tag, sharing: shared)
                }
            }
            guard case .graph(_, let split?) = verdict else { return XCTFail("seed \(seed), layout \(layout): two halves gave no table") }
            halves += 1
            text.withUnsafeBufferPointer { XCTAssertTrue(split.pointsAreExact(in: $0), "seed \(seed), layout \(layout), two halves") }
            // Positions through the table are the count's.
            let positions = JSONSourceText(source)
            for _ in 0..<20 {
                let offset = random.below(text.count + 2)
                XCTAssertEqual(positions.location(ofOffset: offset), counted(offset, in: text), "seed \(seed), layout \(layout), offset \(offset)")
            }
            for (_, object) in edited.objects.prefix(20) where object.sourceOffset >= 0 {
                XCTAssertEqual(positions.location(ofOffset: object.sourceOffset), counted(object.sourceOffset, in: text), "seed \(seed)")
            }
            if (testRun?.failureCount ?? 0) > 0 { break }
        }
        print("line tables: \(tables) made while reading, \(halves) in two halves, \(points) points")
        XCTAssertEqual(tables, cases)
    }

    /// Law, over seeded texts of short and long lines: a text counted in
    /// parts of random sizes, the parts from random offsets joined in
    /// order, gives a table whose points are exact; the whole counted in
    /// one go gives the lazily built table's positions.
    func test_law_partsCountedAndJoined_areExact() {
        for seed in 1...UInt64(300) {
            var random = SplitMix64(seed: seed)
            var text: [UInt8] = []
            let pieces = ["\n", "\r\n", "ab", "é", "字", "😀", "      \"key\": 1,\n", String(repeating: "x", count: 5_000)]
            for _ in 0..<(50 + random.below(800)) { text += Array(pieces[random.below(random.below(10) == 0 ? pieces.count : pieces.count - 1)].utf8) }
            text.withUnsafeBufferPointer { bytes in
                var cuts = Set<Int>()
                for _ in 0..<random.below(4) { cuts.insert(random.below(bytes.count + 1)) }
                let starts = [0] + cuts.sorted().filter { $0 > 0 }
                var joined: LineTableBuilder?
                for (k, start) in starts.enumerated() {
                    let end = k + 1 < starts.count ? starts[k + 1] : bytes.count
                    var part = start == 0 ? LineTableBuilder() : LineTableBuilder(partFrom: start, in: bytes)
                    while part.offset < end {
                        let to = min(end, part.offset + 1 + random.below(300))
                        part.count(upTo: to, in: bytes)
                    }
                    joined = joined.map { $0.joined(with: part) } ?? part
                    XCTAssertNotNil(joined, "seed \(seed): part \(k) did not join")
                }
                guard let table = joined?.table else { return }
                XCTAssertTrue(table.pointsAreExact(in: bytes), "seed \(seed), cuts \(starts)")
            }
            let positions = JSONSourceText(text)
            for _ in 0..<30 {
                let offset = random.below(text.count + 1)
                XCTAssertEqual(positions.location(ofOffset: offset), counted(offset, in: text), "seed \(seed), offset \(offset)")
            }
            if (testRun?.failureCount ?? 0) > 0 { break }
        }
    }

    /// A span skipped by its known line breaks counts as read; a part
    /// that does not start where the one before stopped is not joined.
    func test_skipAndJoin() {
        let text = Array("{\n  \"a\": {\n    \"x\": 1\n  },\n  \"b\": 2\n}\n".utf8)
        text.withUnsafeBufferPointer { bytes in
            var lines = LineTableBuilder()
            lines.count(upTo: 9, in: bytes)                          // through `"a": `
            lines.skip(upTo: 25, lineBreaks: 2, lastLineStart: 22)   // `{ … }`: two breaks, the last line `  }`
            lines.count(upTo: bytes.count, in: bytes)
            var whole = LineTableBuilder()
            whole.count(upTo: bytes.count, in: bytes)
            XCTAssertTrue(lines.table.pointsAreExact(in: bytes))
            XCTAssertEqual(lines.offset, whole.offset)

            var first = LineTableBuilder()
            first.count(upTo: 10, in: bytes)
            XCTAssertNil(first.joined(with: LineTableBuilder(partFrom: 12, in: bytes)), "a gap between parts")
            XCTAssertNotNil(first.joined(with: LineTableBuilder(partFrom: 10, in: bytes)))
        }
    }

    /// Positions in a diff's report come from the tables its loads made:
    /// a table is kept with each input's bytes, and a lookup gives what a
    /// count of the text gives.
    func test_loadRecordingLines_keepsTheTableWithTheBytes() throws {
        var generator = GraphGenerator(seed: 11)
        let graph = generator.graph(objectCount: 30)
        let text = graph.canonicalText()
        let recorded = SourceBytes(text), plain = SourceBytes(text)
        _ = try Graph.load(recorded, schema: GraphGenerator.schema, options: .init(recordsLines: true))
        _ = try Graph.load(plain, schema: GraphGenerator.schema)
        XCTAssertNotNil(recorded.lineTable)
        XCTAssertNil(plain.lineTable, "no table unless asked for")
        let last = text.count - 1
        XCTAssertEqual(JSONSourceText(recorded).location(ofOffset: last), counted(last, in: text))
        XCTAssertEqual(JSONSourceText(recorded).location(ofOffset: last), JSONSourceText(plain).location(ofOffset: last))
    }
}
