import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class ZZDump: XCTestCase {
    func test_dump() throws {
        guard let s = ProcessInfo.processInfo.environment["DUMPSEED"].flatMap(UInt64.init) else { return }
        let orderName = ProcessInfo.processInfo.environment["DUMPORDER"] ?? "array"
        let order = GraphGenerator.ItemOrder.allCases.first { "\($0)" == orderName } ?? .array
        var random = SplitMix64(seed: s)
        let size = PropertySuiteTests.sizes[random.below(PropertySuiteTests.sizes.count)]
        var generator = GraphGenerator(seed: random.next(), order: order)
        let base = generator.graph(objectCount: size)
        var e1 = GraphEditor(seed: random.next(), order: order), e2 = GraphEditor(seed: random.next(), order: order)
        let (mine, _) = e1.edit(base, count: random.below(6) + 1, kinds: GraphEditor.Edit.allCases)
        let (theirs, _) = e2.edit(base, count: random.below(6) + 1, kinds: GraphEditor.Edit.allCases)
        try Data(GraphGenerator.schemaText(for: order).utf8).write(to: URL(fileURLWithPath: "/tmp/d/bench.schema.json"))
        try Data(base.canonicalText()).write(to: URL(fileURLWithPath: "/tmp/d/base.json"))
        try Data(mine.canonicalText()).write(to: URL(fileURLWithPath: "/tmp/d/mine.json"))
        try Data(theirs.canonicalText()).write(to: URL(fileURLWithPath: "/tmp/d/theirs.json"))
    }
}
