import Foundation
import XCTest
@testable import GraphDiffCLI

/// The messages that point at the cause, as validate and patch print them.
final class ProblemMessageCommandTests: XCTestCase {
    /// Writes `files` (name → text) beside a copy of the tasks schema.
    func directory(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    func test_validate_misspeltEntity_causeOnly_exit1() throws {
        let dir = try directory(["bad.graph.json": """
            {"$schema": "tasks.schema.json", "objects": {
             "Task": {
              "t1": {"list": "g", "next": "t2", "prev": null, "title": "Milk"},
              "t2": {"list": "g", "next": null, "prev": "t1", "title": "Bread"}
             },
             "TaskLsit": {"g": {"title": "G"}}}}

            """])
        let path = dir.appendingPathComponent("bad.graph.json").path
        let r = graphdiff(["validate", path])
        XCTAssertEqual(r.stderr, "\(path):6:2: TaskLsit: unknown entity \"TaskLsit\"\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 1)
    }

    func test_validate_cycleAndChainLeavingIt_exit1() throws {
        let dir = try directory(["bad.graph.json": """
            {"$schema": "tasks.schema.json", "objects": {
             "Task": {
              "a1": {"list": "g", "next": "a2", "prev": "a3", "title": "A"},
              "a2": {"list": "g", "next": "a3", "prev": "a1", "title": "B"},
              "a3": {"list": "g", "next": "a1", "prev": "a2", "title": "C"},
              "c1": {"list": "c", "next": null, "prev": "a2", "title": "D"}
             },
             "TaskList": {"g": {"title": "G"}, "c": {"title": "C"}}}}

            """])
        let path = dir.appendingPathComponent("bad.graph.json").path
        let r = graphdiff(["validate", path])
        XCTAssertEqual(r.stderr, """
            \(path):6:37: Task "c1".prev: "prev" is "a2", which belongs to another owner than "c"
            \(path):8:15: TaskList "g".items: chain "a1" → "a2" → "a3" → "a1" has no head
            \(path):8:36: TaskList "c".items: chain has no head: the "prev" of "c1" leads out of it, to "a2" in the chain of "g"

            """)
        XCTAssertEqual(r.status, 1)
    }

    func test_patch_orderMismatch_showsThePatchsOldOrder_exit1() throws {
        func list(_ order: [String]) -> String {
            let tasks = order.indices.map { i in
                let prev = i > 0 ? "\"\(order[i - 1])\"" : "null", next = i + 1 < order.count ? "\"\(order[i + 1])\"" : "null"
                return "\"\(order[i])\": {\"list\": \"g\", \"next\": \(next), \"prev\": \(prev), \"title\": \"\(order[i])\"}"
            }
            return "{\"$schema\": \"tasks.schema.json\", \"objects\": {\"Task\": {\(tasks.joined(separator: ", "))}, \"TaskList\": {\"g\": {\"title\": \"G\"}}}}\n"
        }
        let dir = try directory(["a.graph.json": list(["t1", "t2", "t3"]), "b.graph.json": list(["t2", "t1", "t3"]),
                                 "c.graph.json": list(["t1", "t3", "t2"])])
        let (a, b, c) = (dir.appendingPathComponent("a.graph.json").path, dir.appendingPathComponent("b.graph.json").path,
                         dir.appendingPathComponent("c.graph.json").path)
        let patch = dir.appendingPathComponent("change.json").path
        XCTAssertEqual(graphdiff(["diff", "-f", "json", "-o", patch, a, b]).status, 1)
        let r = graphdiff(["patch", c, patch])
        XCTAssertEqual(r.stderr, """
            graphdiff patch: \(patch) does not apply to \(c); nothing written
            \(patch): change 0: order TaskList "g".items: the order does not match the patch's old order: expected "t2" after "t1", found ["t1","t3","t2"]

            """)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.status, 1)
    }
}
