import XCTest
@testable import GraphDiff

final class IgnoreFileTests: XCTestCase {
    func test_globs_matchPathsFromTheRoot_andNamesWithoutSlashAnywhere() throws {
        let file = try IgnoreFile(parsing: Array(#"""
            {"$comment": "noise", "ignore": {
              "package-lock.json": ["/packages/*/resolved"],
              "data/**/*.json": ["/metadata/lastSync"],
              "conf/?.json": ["/a"],
              "*.lock.json": ["/b"]}}
            """#.utf8))
        let cases: [(String, [String])] = [
            ("package-lock.json", ["/packages/*/resolved"]),
            ("web/app/package-lock.json", ["/packages/*/resolved"]),
            ("data/x.json", ["/metadata/lastSync"]),
            ("data/a/b/x.json", ["/metadata/lastSync"]),
            ("other/data/x.json", []),
            ("data/x.txt", []),
            ("conf/a.json", ["/a"]),
            ("conf/ab.json", []),
            ("x/y.lock.json", ["/b"]),
            ("data/z.lock.json", ["/metadata/lastSync", "/b"]),
        ]
        for (path, patterns) in cases {
            XCTAssertEqual(file.ignoredPaths(forPath: path).patterns, patterns, path)
        }
        XCTAssertTrue(IgnoreFile().ignoredPaths(forPath: "a.json").isEmpty)
    }

    func test_segmentGlob_starsAndQuestionMarks() {
        func m(_ glob: String, _ name: String) -> Bool {
            guard case .success(let tokens) = IgnoreFile.tokens(of: glob) else { XCTFail(glob); return false }
            return IgnoreFile.matches(segment: tokens, Array(name.unicodeScalars))
        }
        XCTAssertTrue(m("*", ""))
        XCTAssertTrue(m("a*b*c", "aXbYbc"))
        XCTAssertFalse(m("a*b*c", "aXbYbcd"))
        XCTAssertTrue(m("*.json", ".json"))
        XCTAssertTrue(m("?é?", "aéb"))
        XCTAssertFalse(m("??", "a"))
    }

    func test_segmentGlob_classesAndEscapes_asGitattributes() throws {
        func m(_ glob: String, _ name: String) -> Bool {
            guard case .success(let tokens) = IgnoreFile.tokens(of: glob) else { XCTFail(glob); return false }
            return IgnoreFile.matches(segment: tokens, Array(name.unicodeScalars))
        }
        XCTAssertEqual(["a.json", "b.json", "c.json", "ab.json"].map { m("[ab].json", $0) }, [true, true, false, false])
        XCTAssertEqual(["a1", "a5", "a9", "ax"].map { m("a[1-5]", $0) }, [true, true, false, false])
        XCTAssertEqual(["a", "b", "c"].map { m("[!a]", $0) }, [false, true, true])
        XCTAssertEqual(["a", "b"].map { m("[^a]", $0) }, [false, true])
        XCTAssertEqual(["]", "a", "b"].map { m("[]a]", $0) }, [true, true, false])
        XCTAssertEqual(["-", "a", "b"].map { m("[a-]", $0) }, [true, true, false])
        XCTAssertEqual(["*.json", "x.json"].map { m("\\*.json", $0) }, [true, false])
        XCTAssertEqual(["?", "a", "[x]", "x"].map { m("\\?", $0) } + [m("\\[x]", "[x]"), m("\\[x]", "x")], [true, false, false, false, true, false])
        XCTAssertEqual([m("[\\]]", "]"), m("[\\!]", "!"), m("[\\!]", "a")], [true, true, false])
        let file = try IgnoreFile(parsing: Array(#"{"ignore": {"[ab].json": ["/metadata/lastSync"], "d/\\*.json": ["/x"]}}"#.utf8))
        XCTAssertEqual(["a.json", "sub/b.json", "c.json", "d/*.json", "d/e.json"].map { file.ignoredPaths(forPath: $0).patterns },
                       [["/metadata/lastSync"], ["/metadata/lastSync"], [], ["/x"], []])
    }

    func test_brokenFiles_nameLineAndColumn() {
        let cases: [(String, String)] = [
            ("{\"ignore\": {\"a.json\": [\"/x\"]", "1:29: unexpected end of input, expected ',' or '}'"),
            ("[]", "1:1: expected an object with a member \"ignore\""),
            ("{\n  \"ignores\": {}\n}", "2:3: unknown member \"ignores\"; expected \"ignore\""),
            ("{\"ignore\": [\"/x\"]}", "1:2: \"ignore\" must be an object from file globs to arrays of JSON Pointer patterns"),
            ("{\"ignore\": {\n  \"a.json\": \"/x\"}}", "2:3: \"a.json\": expected an array of JSON Pointer patterns"),
            ("{\"ignore\": {\n\n    \"a.json\": [\"x\"]}}", "3:5: \"a.json\": \"x\" is not a JSON Pointer (it must start with '/')"),
            ("{\"ignore\": {\"a.json\": [\"/a~\"]}}", "1:13: \"a.json\": invalid JSON Pointer \"/a~\": '~' must be followed by '0' or '1'"),
            ("{\"ignore\": {\"\": [\"/a\"]}}", "1:13: an empty file glob"),
            ("{\"ignore\": {\n  \"[ab.json\": [\"/a\"]}}", "2:3: file glob \"[ab.json\": a '[' without its closing ']'"),
            ("{\"ignore\": {\"a\\\\\": [\"/a\"]}}", "1:13: file glob \"a\\\": a trailing '\\' escapes nothing"),
            ("{\"ignore\": {\"[[:alpha:]].json\": [\"/a\"]}}", "1:13: file glob \"[[:alpha:]].json\": character class names such as [:alpha:] are not supported; list the characters"),
            ("{\"ignore\": {\"[z-a].json\": [\"/a\"]}}", "1:13: file glob \"[z-a].json\": the range z-a is reversed"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try IgnoreFile(parsing: Array(text.utf8)), text) { error in
                XCTAssertEqual((error as? IgnoreFile.Problem)?.description, message, text)
            }
        }
    }

    let base = Array(#"{"items": [{"id": 1, "updatedAt": "a", "title": "Milk"}], "lastSync": "a"}"#.utf8)
    let ours = Array(#"{"items": [{"id": 1, "updatedAt": "b", "title": "Milk"}], "lastSync": "b"}"#.utf8)
    let theirs = Array(#"{"items": [{"id": 1, "updatedAt": "c", "title": "Oat milk"}], "lastSync": "c"}"#.utf8)

    func test_drivers_leaveOutIgnoredPaths_ofPlainJSON() throws {
        let ignored = try IgnoredPaths(["/lastSync", "/items/*/updatedAt"])
        let quiet = GitDiffDriver.describe(path: "a.json", newPath: "a.json", old: base, new: ours, schema: nil, color: false, ignoring: ignored)
        XCTAssertFalse(quiet.different)
        XCTAssertEqual(String(decoding: quiet.text, as: UTF8.self), "--- a/a.json\n+++ b/a.json\n")
        let loud = GitDiffDriver.describe(path: "a.json", newPath: "a.json", old: base, new: ours, schema: nil, color: false)
        XCTAssertTrue(loud.different)
        let markers = ConflictMarkerWriter.Markers(size: 7, mine: "HEAD", base: "base", theirs: "b")
        let merged = GitMergeDriver.merge(path: "a.json", base: base, current: ours, other: theirs, schema: nil, markers: markers, ignoring: ignored)
        XCTAssertEqual(merged.conflicts, [])
        XCTAssertEqual(String(decoding: merged.text, as: UTF8.self), """
            {
              "items": [
                {
                  "id": 1,
                  "updatedAt": "b",
                  "title": "Oat milk"
                }
              ],
              "lastSync": "b"
            }
            """, "ours' layout: no final newline")
        XCTAssertEqual(GitMergeDriver.merge(path: "a.json", base: base, current: ours, other: theirs, schema: nil, markers: markers).conflicts.count, 2)
    }
}
