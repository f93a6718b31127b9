import XCTest
import GraphDiff

/// An object built by hand with the wrong number of values, or an entity
/// position the schema does not have, is reported by `consistencyProblems()`
/// and refused by every operation; no public call traps (found by testing:
/// `ChangeSet.diff` stopped the app with "Index out of range").
final class GraphShapeTests: XCTestCase {
    func test_wrongShapes_areProblems_andNoPublicCallTraps() throws {
        let schema = try Schema.load(Array("""
            {"format": "graphdiff-schema/1", "name": "P", "entities": {
              "Person": {"identity": "id", "attributes": {"id": {"type": "string"}, "name": {"type": "string"}, "age": {"type": "int32", "optional": true}}}}}
            """.utf8))
        let person = try XCTUnwrap(schema.entity(named: "Person"))
        var good = Graph(schema: schema)
        good[ObjectID(entity: "Person", identity: "p1")] = GraphObject(entity: person, values: ["Ada", 36])
        for (label, bad) in [("too few", GraphObject(entity: person, values: [])),
                             ("too many", GraphObject(entity: person, values: ["Ada", 36, "extra"])),
                             ("no such entity", GraphObject(entityIndex: 7, values: ["Ada", 36])),
                             // Once the store's mark of a removed row: now an object like any other.
                             ("negative entity position", GraphObject(entityIndex: -1, values: ["Ada", 36]))] {
            var graph = good
            graph[ObjectID(entity: "Person", identity: "p2")] = bad
            XCTAssertEqual(graph.count, 2, label)
            XCTAssertEqual(graph.objects.map(\.key.identity), ["p1", "p2"], label)
            let problems = graph.consistencyProblems()
            XCTAssertEqual(problems.count, 1, label)
            XCTAssertEqual(problems.first?.identity, "p2", label)
            XCTAssertEqual(graph.shapeProblems(), problems, label)
            XCTAssertThrowsError(try ChangeSet.diff(from: good, to: graph), label)
            XCTAssertThrowsError(try ChangeSet.diff(from: graph, to: good), label)
            XCTAssertThrowsError(try Graph.merge(base: good, mine: graph, theirs: good), label)
            let changes = try ChangeSet.diff(from: good, to: good)
            XCTAssertThrowsError(try changes.apply(to: graph), label)
            XCTAssertThrowsError(try graph.migrated(to: schema), label)
            _ = graph.value(of: ObjectID(entity: "Person", identity: "p2"), "age")
            _ = graph.canonicalText()
            _ = graph.encoded()
            _ = try? MergePatch.diff(from: good, to: graph)
        }
        XCTAssertEqual(good.consistencyProblems(), [])
    }

    /// The consistency check finds shape problems in its one pass over the
    /// objects: an object of the wrong shape that others refer to (a to-one,
    /// a to-many's inverse, a chain's next and prev) is reported alone, and
    /// the references to it are not followed into its values.
    func test_wrongShape_referredToByOthers_isReportedAlone() throws {
        let good = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        XCTAssertEqual(good.consistencyProblems(), [])
        // Every object of the sample, one at a time, made ill-shaped in
        // each way: whatever refers to it, the check reports it alone.
        for id in good.sortedIDs {
            guard let object = good[id] else { continue }
            for (label, bad) in [("no such entity", GraphObject(entityIndex: 99, values: [])),
                                 ("negative entity position", GraphObject(entityIndex: -1, values: [])),
                                 ("too few", GraphObject(entityIndex: object.entityIndex, values: []))] {
                var graph = good
                graph[id] = bad
                let problems = graph.consistencyProblems()
                XCTAssertEqual(problems, graph.shapeProblems(), "\(id) \(label)")
                XCTAssertEqual(problems.map(\.identity), [id.identity], "\(id) \(label)")
            }
        }
    }
}
