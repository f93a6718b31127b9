import XCTest
@testable import GraphDiff

/// Problems name their cause: a chain without a head says why, a cycle
/// names its members, one broken link is one problem, and an unknown
/// entity comes first without the dangling references it explains.
final class ProblemMessageTests: XCTestCase {
    var schema: Schema!

    override func setUpWithError() throws { schema = try sampleSchema("tasks/tasks.schema.json") }

    /// A graph of the tasks schema: one task per line, from line 3.
    func graph(_ tasks: [String], lists: String = #""TaskList": {"g": {"title": "G"}, "c": {"title": "C"}}"#) -> String {
        "{\"objects\": {\n \"Task\": {\n" + tasks.map { "  " + $0 }.joined(separator: ",\n") + "\n },\n " + lists + "}}\n"
    }

    func descriptions(_ tasks: [String], lists: String = #""TaskList": {"g": {"title": "G"}, "c": {"title": "C"}}"#,
                      line: UInt = #line) -> [String] {
        graphProblems(graph(tasks, lists: lists), schema: schema, line: line).map(\.description)
    }

    let groceries = [
        #""t1": {"list": "g", "next": "t2", "prev": null, "title": "Milk"}"#,
        #""t2": {"list": "g", "next": null, "prev": "t1", "title": "Bread"}"#,
    ]

    // MARK: - Chains without a head

    func test_onlyMember_prevIntoAnotherOwnersChain_saysSo_notACycle() {
        let problems = descriptions(groceries + [#""c1": {"list": "c", "next": null, "prev": "t2", "title": "Vacuum"}"#])
        XCTAssertEqual(problems, [
            #"5:37: Task "c1".prev: "prev" is "t2", which belongs to another owner than "c""#,
            #"7:36: TaskList "c".items: chain has no head: the "prev" of "c1" leads out of it, to "t2" in the chain of "g""#,
        ])
    }

    func test_onlyMember_prevToNoObject_danglingOnce_andTheHeadlessChainSaysWhy() {
        let problems = descriptions(groceries + [#""c1": {"list": "c", "next": null, "prev": "t9", "title": "Vacuum"}"#])
        XCTAssertEqual(problems, [
            #"5:37: Task "c1".prev: dangling reference to Task "t9": no such object"#,
            #"7:36: TaskList "c".items: chain has no head: the "prev" of "c1" leads out of it, to "t9", which does not exist"#,
        ])
    }

    func test_onlyMember_prevToATaskInNoChain_saysSo() {
        let problems = descriptions(groceries + [
            #""c1": {"list": "c", "next": null, "prev": "x", "title": "Vacuum"}"#,
            #""x": {"list": null, "next": null, "prev": null, "title": "Loose"}"#,
        ])
        XCTAssertEqual(problems, [
            #"5:37: Task "c1".prev: "prev" is "x", which has no "list""#,
            #"8:36: TaskList "c".items: chain has no head: the "prev" of "c1" leads out of it, to "x", which is in no chain"#,
        ])
    }

    func test_cycle_namesItsMembers_inChainOrder_fromTheSmallest() {
        let problems = descriptions([
            #""a2": {"list": "g", "next": "a3", "prev": "a1", "title": "B"}"#,
            #""a1": {"list": "g", "next": "a2", "prev": "a3", "title": "A"}"#,
            #""a3": {"list": "g", "next": "a1", "prev": "a2", "title": "C"}"#,
        ], lists: #""TaskList": {"g": {"title": "G"}}"#)
        XCTAssertEqual(problems, [#"7:15: TaskList "g".items: chain "a1" → "a2" → "a3" → "a1" has no head"#])
    }

    func test_longCycle_namesTenMembers_andTheCount() {
        let n = 12
        let tasks = (1...n).map { i in
            #""m\#(String(format: "%02d", i))": {"list": "g", "next": "m\#(String(format: "%02d", i % n + 1))", "prev": "m\#(String(format: "%02d", (i + n - 2) % n + 1))", "title": "T"}"#
        }
        let problems = descriptions(tasks, lists: #""TaskList": {"g": {"title": "G"}}"#)
        XCTAssertEqual(problems, [
            #"16:15: TaskList "g".items: chain "m01" → "m02" → "m03" → "m04" → "m05" → "m06" → "m07" → "m08" → "m09" → … → "m12" → "m01" has no head (a cycle of 12 members)"#,
        ])
    }

    func test_selfLoop_isACycleOfOne() {
        let problems = descriptions([#""a1": {"list": "g", "next": "a1", "prev": "a1", "title": "A"}"#],
                                    lists: #""TaskList": {"g": {"title": "G"}}"#)
        XCTAssertEqual(problems, [#"5:15: TaskList "g".items: chain "a1" → "a1" has no head"#])
    }

    // MARK: - One problem per broken link

    func test_danglingNext_isReportedOnce() {
        let problems = descriptions([
            #""t1": {"list": "g", "next": "t2", "prev": null, "title": "Milk"}"#,
            #""t2": {"list": "g", "next": "t9", "prev": "t1", "title": "Bread"}"#,
        ])
        XCTAssertEqual(problems, [#"4:23: Task "t2".next: dangling reference to Task "t9": no such object"#])
    }

    // MARK: - Unknown entities

    func test_misspeltEntity_isReportedFirst_withoutDanglingEchoes() {
        let problems = descriptions(groceries, lists: #""TaskLsit": {"g": {"title": "G"}}"#)
        XCTAssertEqual(problems, [#"6:2: TaskLsit: unknown entity "TaskLsit""#])
    }

    func test_misspeltEntity_first_aReferenceToAnObjectNowhere_stillDangles() {
        let problems = descriptions(groceries + [#""c1": {"list": "nowhere", "next": null, "prev": null, "title": "Vacuum"}"#],
                                    lists: #""TaskLsit": {"g": {"title": "G"}}"#)
        XCTAssertEqual(problems, [
            #"7:2: TaskLsit: unknown entity "TaskLsit""#,
            #"5:10: Task "c1".list: dangling reference to TaskList "nowhere": no such object"#,
        ])
    }

    func test_misspeltEntity_flatForm_reportedFirst_withoutDanglingEchoes() {
        let text = """
            {"objects": [
              {"entity": "Task", "id": "t1", "list": "g", "next": null, "prev": null, "title": "Milk"},
              {"entity": "TaskLsit", "id": "g", "title": "G"}
            ]}
            """
        XCTAssertEqual(graphProblems(text, schema: schema).map(\.description), [#"3:4: TaskLsit: unknown entity "TaskLsit""#])
    }
}
