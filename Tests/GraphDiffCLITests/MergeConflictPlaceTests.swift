import XCTest

/// Where plain-JSON merge conflicts are: keyed elements by their key (as diff
/// names them), diff3 elements by their index in the merged result, marked
/// `(result)`; the report's "path" is a JSON Pointer into the result.
final class MergeConflictPlaceTests: XCTestCase {
    func write(_ dir: URL, _ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func test_keyedMerge_conflictsNamedByKey_reportHasPointerAndKeyPath() throws {
        let dir = try temporaryDirectory(self)
        let b = try write(dir, "b.json", #"{"packages": [{"name": "six/x", "version": "1"}, {"name": 7, "version": "1"}]}"#)
        let m = try write(dir, "m.json", #"{"packages": [{"name": "six/x", "version": "2"}, {"name": 7, "version": "2"}]}"#)
        let t = try write(dir, "t.json", #"{"packages": [{"name": "six/x", "version": "3"}, {"name": 7, "version": "3"}]}"#)
        let report = dir.appendingPathComponent("report.json").path
        let r = graphdiff(["merge", "--array-key", "name", "--conflicts", "report", "--report", report, b, m, t])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, """
            graphdiff merge: CONFLICT /packages/[name=7]/version: changed differently: base "1", mine "2", theirs "3"
            graphdiff merge: CONFLICT /packages/[name="six/x"]/version: changed differently: base "1", mine "2", theirs "3"

            """)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertEqual(text, """
            {
              "conflicts": [
                {
                  "base": "1",
                  "keyPath": "/packages/[name=7]/version",
                  "kind": "property",
                  "mine": "2",
                  "path": "/packages/1/version",
                  "present": {
                    "base": true,
                    "mine": true,
                    "theirs": true
                  },
                  "theirs": "3"
                },
                {
                  "base": "1",
                  "keyPath": "/packages/[name=\\"six/x\\"]/version",
                  "kind": "property",
                  "mine": "2",
                  "path": "/packages/0/version",
                  "present": {
                    "base": true,
                    "mine": true,
                    "theirs": true
                  },
                  "theirs": "3"
                }
              ]
            }

            """)
    }

    func test_unkeyedMerge_conflictIndexCountsInResult_andSaysSo() throws {
        let dir = try temporaryDirectory(self)
        let b = try write(dir, "b.json", #"{"p": [{"n": "a", "v": 1}, {"n": "b", "v": 1}]}"#)
        let m = try write(dir, "m.json", #"{"p": [{"n": "a", "v": 1}, {"n": "b", "v": 2}]}"#)
        let t = try write(dir, "t.json", #"{"p": [{"n": "z", "v": 0}, {"n": "a", "v": 1}, {"n": "b", "v": 3}]}"#)
        let report = dir.appendingPathComponent("report.json").path
        let r = graphdiff(["merge", "--conflicts", "report", "--report", report, b, m, t])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "graphdiff merge: CONFLICT /p/2/v (result): changed differently: base 1, mine 2, theirs 3\n")
        XCTAssertEqual(r.stdout.filter { !$0.isWhitespace }, #"{"p":[{"n":"z","v":0},{"n":"a","v":1},{"n":"b","v":1}]}"#)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(text.contains(#""path": "/p/2/v","#), text)
        XCTAssertFalse(text.contains("keyPath"), text)
    }
}
