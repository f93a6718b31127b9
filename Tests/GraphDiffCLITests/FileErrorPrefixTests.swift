import XCTest
@testable import GraphDiffCLI

/// A file that cannot be read is reported with the command's prefix in
/// every command, as diff(1) does (`graphdiff diff: missing.json: No such
/// file or directory`), exit 2; found by testing, where two-file modes
/// printed the bare path.
final class FileErrorPrefixTests: XCTestCase {
    func test_missingInput_isPrefixedInEveryCommand() throws {
        let people = samplePath("people/v1.graph.json")
        let cases: [(String, [String])] = [
            ("diff", ["missing.json", people]),
            ("merge", ["missing.json", people, people]),
            ("patch", ["missing.json", people]),
            ("fmt", ["missing.json"]),
            ("validate", ["missing.json"]),
            ("migrate", ["missing.json", "--to", samplePath("people/people.schema.json")]),
        ]
        for (command, arguments) in cases {
            let r = graphdiff([command] + arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr],
                           ["2", "", "graphdiff \(command): missing.json: No such file or directory\n"], command)
        }
        // schema import and schema diff name the model as given, relative paths relative.
        for arguments in [["import", "../missing.xcdatamodeld"], ["diff", "../missing.xcdatamodeld", "x.json"]] {
            let r = graphdiff(["schema"] + arguments)
            XCTAssertEqual([r.status.description, r.stdout, r.stderr],
                           ["2", "", "graphdiff schema: ../missing.xcdatamodeld: No such file or directory\n"], "\(arguments)")
        }
    }
}
