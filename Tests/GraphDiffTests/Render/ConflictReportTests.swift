import XCTest
@testable import GraphDiff

final class ConflictReportTests: XCTestCase {
    func test_report_listsEachConflict_withItsValuesAndPositions() throws {
        let bytes = try sampleBytes("tasks/base.graph.json")
        let schema = try sampleSchema("tasks/tasks.schema.json")
        let base = try Graph.load(bytes, schema: schema)
        let milk = base.id(entity: "Task", identity: "t1")
        var mine = base, theirs = base
        mine.setValue("Oat milk", of: milk, "title")
        theirs.setValue("Soy milk", of: milk, "title")
        let conflicts = try Graph.merge(base: base, mine: mine, theirs: theirs).conflicts
        let document = ConflictReport.document(conflicts, inputs: [
            .init(name: "base.graph.json", graph: base, source: JSONSourceText(bytes)),
            .init(name: "mine.graph.json", graph: mine, source: nil),
            .init(name: "theirs.graph.json", graph: nil, source: nil),
        ])
        XCTAssertEqual(JSONWriter.string(document), #"{"conflicts":[{"kind":"property","entity":"Task","id":"t1","property":"title","path":"/objects/Task/t1/title","base":"Milk","mine":"Oat milk","theirs":"Soy milk","present":{"base":true,"mine":true,"theirs":true},"positions":{"base":{"file":"base.graph.json","line":25,"column":7}}}]}"#)
    }
}
