import GraphDiff
import GraphDiffTesting
import Testing

/// The Swift Testing expectations record an issue with the human report
/// when values differ, and none when they do not.
@Suite struct GraphExpectationTests {
    struct Note: Codable { var id: Int; var text: String }

    @Test func equalValues_recordNothing() throws {
        let coder = try GraphCoder(entities: [.init(Note.self, identity: "id")])
        expectNoGraphDifference([[Note(id: 1, text: "a")]], [[Note(id: 1, text: "a")]], coder: coder)
        expectNoJSONDifference(Note(id: 1, text: "a"), Note(id: 1, text: "a"))
    }

    @Test func differentValues_recordTheReport() throws {
        let coder = try GraphCoder(entities: [.init(Note.self, identity: "id")])
        withKnownIssue {
            expectNoGraphDifference([[Note(id: 1, text: "a")]], [[Note(id: 1, text: "b")]], coder: coder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("~ Note \"1\"\n    text: \"a\" → \"b\"") }
        }
    }
}
