import XCTest
@testable import GraphDiff

/// Loading an owner's array that lists a member twice reports that one
/// mistake, not its members' inverses as disagreeing with it (found by a
/// user-style session: each member was reported as unlisted).
final class RepeatedArrayMemberTests: XCTestCase {
    func test_aMemberListedTwice_isTheOnlyProblem() throws {
        let schema = try sampleSchema("playlist/playlist.schema.json")
        let problems = graphProblems("""
            {"objects": {
              "Playlist": {"p1": {"name": "P", "tracks": ["t1", "t2", "t1", "t3"]}},
              "Track": {
                "t1": {"title": "a", "artist": "x", "seconds": 1, "playlists": ["p1"]},
                "t2": {"title": "b", "artist": "x", "seconds": 1, "playlists": ["p1"]},
                "t3": {"title": "c", "artist": "x", "seconds": 1, "playlists": ["p1"]}}}}
            """, schema: schema)
        XCTAssertEqual(problems.map(\.message), ["member \"t1\" is listed twice"])
        XCTAssertEqual(problems.first?.identity, "p1")
        XCTAssertEqual(problems.first?.property, "tracks")
    }
}
