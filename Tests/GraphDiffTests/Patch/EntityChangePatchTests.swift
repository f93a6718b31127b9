import XCTest
@testable import GraphDiff

/// An object whose concrete entity changes between two sub-entities of one
/// abstract parent is a delete and an insert of one identity: the patch
/// applies forwards, backwards and twice.
final class EntityChangePatchTests: XCTestCase {
    let jobID = ObjectID(entity: "Job", identity: "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f")
    var v1: Graph!
    /// v1 with the failed EmailJob turned into a ReportJob.
    var changed: Graph!

    override func setUpWithError() throws {
        v1 = try sampleGraph("jobs/v1.graph.json", schema: "jobs/jobs.schema.json")
        changed = try reportJob(report: "bounces")
    }

    /// v1 with the EmailJob `jobID` replaced by a ReportJob of `report`.
    func reportJob(report: String) throws -> Graph {
        var graph = try XCTUnwrap(v1)
        let entity = try XCTUnwrap(graph.schema.entity(named: "ReportJob"))
        let values: [String: JSONValue] = [
            "attempts": 2, "cost": .number("0.10"), "enqueuedAt": "2026-11-20T09:00:00Z", "options": .object(JSONObject()),
            "priority": 1, "queue": "default", "report": .string(report), "state": "failed",
        ]
        graph[jobID] = GraphObject(entity: entity, values: entity.storedProperties.map { values[$0.name] ?? .null })
        XCTAssertEqual(graph._invariantViolations(), [])
        return graph
    }

    func test_diff_isADeleteAndAnInsertOfOneIdentity() throws {
        let changes = try ChangeSet.diff(from: v1, to: changed)
        XCTAssertEqual(changes.objects.map { "\($0.kind) \($0.entity) \($0.id.identity)" }, [
            "deleted EmailJob 5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f",
            "inserted ReportJob 5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f",
        ])
    }

    func test_entityChange_appliesForwardBackwardAndTwice() throws {
        try assertRoundTrip(v1, changed, "EmailJob → ReportJob")
        try assertRoundTrip(changed, v1, "ReportJob → EmailJob")
        // Reversed and applied to a graph that has it reversed already.
        let changes = try ChangeSet.diff(from: v1, to: changed)
        let undone = try changes.inverted().apply(to: v1)
        XCTAssertTrue(undone.wasAlreadyApplied)
        XCTAssertEqual(undone.graph, v1)
        let forward = try changes.apply(to: v1)
        XCTAssertEqual([forward.applied, forward.alreadyPresent], [2, 0])
        XCTAssertEqual(forward.graph[jobID].map { forward.graph.entity(of: $0).name }, "ReportJob")
    }

    func test_entityChange_targetReplacedWithOtherValues_isRejected() throws {
        let changes = try ChangeSet.diff(from: v1, to: changed)
        XCTAssertThrowsError(try changes.apply(to: try reportJob(report: "sales"))) { error in
            XCTAssertEqual((error as? PatchError)?.mismatches.map(\.description), [
                #"change 1: insert ReportJob "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f".report: the object exists with another value: expected "bounces", found "sales""#,
            ])
        }
        // An EmailJob with other values: the delete does not match, and the insert finds an EmailJob.
        var other = try XCTUnwrap(v1)
        other.setValue("joe@example.org", of: jobID, "to")
        XCTAssertThrowsError(try changes.apply(to: other)) { error in
            XCTAssertEqual((error as? PatchError)?.mismatches.map(\.description), [
                #"change 0: delete EmailJob "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f".to: the object to delete has another value: expected "ann@example.org", found "joe@example.org""#,
                #"change 1: insert ReportJob "5f0c8d9e-2b3a-4c1d-8e7f-6a5b4c3d2e1f".(entity): the object exists with another value: expected "ReportJob", found "EmailJob""#,
            ])
        }
    }
}
