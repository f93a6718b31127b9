import Foundation
import XCTest
@testable import GraphDiff

/// ``Graph/LoadOptions/progress`` and ``Graph/load(_:schema:options:)-(SourceBytes,_,_)``:
/// the scanner reports the bytes it has read in ranges that never overlap
/// and together cover the file exactly, on one core and in two halves, and
/// loading from ``SourceBytes`` releases every byte behind the scanner.
final class LoadingProgressTests: XCTestCase {
    final class Ranges: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []
        func add(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }
        var all: [Range<Int>] { lock.withLock { ranges } }
    }

    /// A canonical people graph of `count` persons.
    func people(_ count: Int, lastFirstName: String = "Joe") -> [UInt8] {
        var text = "{\n  \"$schema\": \"people.schema.json\",\n  \"objects\": {\n    \"Person\": {\n"
        for i in 0..<count {
            let first = i == count - 1 ? lastFirstName : "Joe"
            text += "      \"p\(100_000 + i)\": {\n        \"age\": \(i % 90),\n        \"birthday\": null,\n        \"dog\": null,\n"
            text += "        \"firstName\": \"\(first)\",\n        \"lastName\": \"Martin\"\n      }\(i == count - 1 ? "" : ",")\n"
        }
        return Array((text + "    }\n  }\n}\n").utf8)
    }

    /// Fails unless `ranges`, sorted, are disjoint and cover `0..<count` exactly.
    func assertCover(_ ranges: [Range<Int>], _ count: Int, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        XCTAssertEqual(sorted.first?.lowerBound, 0, label, file: file, line: line)
        XCTAssertEqual(sorted.last?.upperBound, count, label, file: file, line: line)
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            XCTAssertEqual(a.upperBound, b.lowerBound, "\(label): \(a) then \(b)", file: file, line: line)
        }
        XCTAssertFalse(sorted.contains { $0.isEmpty }, label, file: file, line: line)
    }

    func test_scan_reportsEveryStepOnceInOrder_onOneCore() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let bytes = people(3000)
        let ranges = Ranges()
        let options = Graph.LoadOptions(progress: { ranges.add($0) })
        let graph = try XCTUnwrap(Graph.scan(bytes, schema: schema, options: options, parallelAbove: .max, progressStep: 10_000))
        XCTAssertEqual(graph.objects.count, 3000)
        assertCover(ranges.all, bytes.count, "one core")
        // In file order, each but the last at least a step long.
        XCTAssertEqual(ranges.all, ranges.all.sorted { $0.lowerBound < $1.lowerBound })
        XCTAssertGreaterThan(ranges.all.count, bytes.count / 20_000)
        for range in ranges.all.dropLast() { XCTAssertGreaterThanOrEqual(range.count, 10_000) }
    }

    func test_scan_reportsEachHalfOwnBytes_onTwoCores() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let bytes = people(3000)
        let ranges = Ranges()
        let options = Graph.LoadOptions(progress: { ranges.add($0) })
        let halves = try XCTUnwrap(Graph.scan(bytes, schema: schema, options: options, parallelAbove: 0, progressStep: 10_000))
        let one = try XCTUnwrap(Graph.scan(bytes, schema: schema, parallelAbove: .max))
        XCTAssertEqual(halves, one)
        assertCover(ranges.all, bytes.count, "two halves")
        // Both halves reported as they went, not only at the end.
        XCTAssertGreaterThan(ranges.all.count, bytes.count / 20_000)
    }

    func test_loadFromSourceBytes_releasesTheWholeFileAndTellsProgress() throws {
        let schema = try sampleSchema("people/people.schema.json")
        let bytes = people(200)
        let released = Ranges(), told = Ranges()
        nonisolated(unsafe) let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        memory.copyBytes(from: bytes)
        let source = SourceBytes(lending: UnsafeRawBufferPointer(memory), release: { released.add($0) }, deallocate: { memory.deallocate() })
        let graph = try Graph.load(source, schema: schema, options: .init(progress: { told.add($0) }))
        XCTAssertEqual(graph, try Graph.load(bytes, schema: schema))
        assertCover(released.all, bytes.count, "released")
        XCTAssertEqual(told.all, released.all)
    }

    func test_loadFromSourceBytes_invalidFile_throwsTheArraysErrorWithItsPosition() throws {
        let schema = try sampleSchema("people/people.schema.json")
        var text = String(decoding: people(50), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"age\": 49", with: "\"age\": \"old\"")
        let bytes = Array(text.utf8)
        func message(_ load: () throws -> Graph) -> String {
            do {
                _ = try load()
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        let fromArray = message { try Graph.load(bytes, schema: schema) }
        XCTAssertTrue(fromArray.contains("p100049"), fromArray)
        XCTAssertEqual(message { try Graph.load(SourceBytes(bytes), schema: schema) }, fromArray)
        guard case .failure(let error as GraphError) = Result(catching: { try Graph.load(SourceBytes(bytes), schema: schema) }) else {
            return XCTFail("loaded")
        }
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("\"old\"") }.map { $0 + 1 }
        XCTAssertEqual(error.problems.first?.location?.line, line)
        XCTAssertEqual(error.problems.first?.location?.column, 9)
    }
}
