import XCTest

/// `diff --array-key` on two `pip list --format json` outputs (Samples/pip:
/// 101 packages, 2 added, 2 removed, 5 upgraded): changes named by key in the
/// human and json formats, numeric indices in RFC 6902; without a key,
/// packages pair by content and indices say which document they count in.
final class KeyPathCommandTests: XCTestCase {
    let old = samplePath("pip/old.json"), new = samplePath("pip/new.json")

    func test_pipList_arrayKeyName_printsChangesByName() {
        let r = graphdiff(["diff", "--array-key", "name", old, new])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
            - /[name="pickleshare"]: {"name":"pickleshare","version":"0.7.5"}
            - /[name="backcall"]: {"name":"backcall","version":"0.2.0"}
            + /[name="aiohttp"]: {"name":"aiohttp","version":"3.10.10"}
            + /[name="tomli"]: {"name":"tomli","version":"2.0.2"}
            ~ /[name="boto3"]/version: "1.35.20" → "1.35.44"
            ~ /[name="botocore"]/version: "1.35.20" → "1.35.44"
            ~ /[name="requests"]/version: "2.32.2" → "2.32.3"
            ~ /[name="six"]/version: "1.16.0" → "1.17.0"
            ~ /[name="urllib3"]/version: "2.2.2" → "2.2.3"

            2 added, 2 removed, 5 changed, 0 moved

            """)
    }

    func test_pipList_withoutKey_pairsByContent_andMarksOldIndices() {
        let r = graphdiff(["diff", old, new])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
            - /58 (old): {"name":"pickleshare","version":"0.7.5"}
            - /7 (old): {"name":"backcall","version":"0.2.0"}
            + /0: {"name":"aiohttp","version":"3.10.10"}
            + /90: {"name":"tomli","version":"2.0.2"}
            ~ /9/version: "1.35.20" → "1.35.44"
            ~ /10/version: "1.35.20" → "1.35.44"
            ~ /78/version: "2.32.2" → "2.32.3"
            ~ /85/version: "1.16.0" → "1.17.0"
            ~ /96/version: "2.2.2" → "2.2.3"

            2 added, 2 removed, 5 changed, 0 moved

            """)
    }

    func test_pipList_jsonFormat_keyPathBesidePath_jsonPatchNumeric() throws {
        let json = graphdiff(["diff", "-f", "json", "--array-key", "name", old, new])
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertTrue(json.stdout.hasPrefix("""
            {
              "changes": [
                {
                  "keyPath": "/[name=\\"pickleshare\\"]",
                  "old": {
                    "name": "pickleshare",
                    "version": "0.7.5"
                  },
                  "op": "remove",
                  "path": "/58"
                },
            """), json.stdout)
        XCTAssertTrue(json.stdout.contains("""
                {
                  "keyPath": "/[name=\\"six\\"]/version",
                  "new": "1.17.0",
                  "old": "1.16.0",
                  "op": "replace",
                  "path": "/85/version"
                },
            """), json.stdout)
        XCTAssertEqual(json.stdout.components(separatedBy: "\"keyPath\"").count - 1, 9)
        let patch = graphdiff(["diff", "-f", "json-patch", "--array-key", "name", old, new])
        XCTAssertEqual(patch.status, 1, patch.stderr)
        XCTAssertFalse(patch.stdout.contains("[name="), "no key notation in RFC 6902 output")
        XCTAssertFalse(patch.stdout.contains("keyPath"))
        XCTAssertTrue(patch.stdout.contains("\"path\": \"/85/version\""), patch.stdout)
        // The json patch (with keyPath) applies, forward and reversed.
        let dir = try temporaryDirectory(self)
        let patchFile = dir.appendingPathComponent("p.json"), out = dir.appendingPathComponent("out.json")
        try json.stdout.write(to: patchFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["patch", old, patchFile.path, "-o", out.path]).status, 0)
        XCTAssertEqual(graphdiff(["diff", out.path, new]).status, 0)
        XCTAssertEqual(graphdiff(["patch", "-R", new, patchFile.path, "-o", out.path]).status, 0)
        XCTAssertEqual(graphdiff(["diff", out.path, old]).status, 0)
    }

    func test_arrayKey_withoutValue_isAUsageError() {
        let r = graphdiff(["diff", old, new, "--array-key"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "graphdiff diff: option '--array-key' needs a value\nUsage: graphdiff diff [OPTIONS] OLD NEW\nSee 'graphdiff help diff'.\n")
    }

    func test_readmeKeyPathExample_printsWhatTheReadmeShows() throws {
        let example = try readmeExample("$ graphdiff diff --array-key name ")
        let r = try runBinary(example.arguments, in: packageRoot)
        XCTAssertEqual(r.stdout, example.output)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 1)
    }

    func test_arrayKey_unusable_warnsOncePerArray_statusUnchanged() throws {
        let dir = try temporaryDirectory(self)
        func write(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let a = try write("a.json", #"{"dup": [{"id": 1, "v": 1}, {"id": 1, "v": 2}], "miss": [{"id": 1}, {"note": "x"}], "tags": ["a"], "ok": [{"id": 1, "v": 1}]}"#)
        let b = try write("b.json", #"{"dup": [{"id": 1, "v": 1}, {"id": 1, "v": 3}], "miss": [{"id": 1}, {"note": "y"}], "tags": ["b"], "ok": [{"id": 1, "v": 2}]}"#)
        let r = graphdiff(["diff", "--array-key", "id", a, b])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, """
            graphdiff diff: warning: --array-key id not used for the array at /dup: two elements of OLD have "id" 1; its elements are paired by content and position
            graphdiff diff: warning: --array-key id not used for the array at /miss: element 1 of OLD has no member "id"; its elements are paired by content and position

            """)
        XCTAssertEqual(r.stdout, """
            ~ /dup/1/v: 2 → 3
            ~ /miss/1/note: "x" → "y"
            ~ /ok/[id=1]/v: 1 → 2
            ~ /tags/0: "a" → "b"

            0 added, 0 removed, 4 changed, 0 moved

            """)
        let ignored = graphdiff(["diff", "--array-key", "id", "--ignore", "/ok/*/id", a, b])
        XCTAssertEqual(ignored.status, 1, ignored.stderr)
        XCTAssertTrue(ignored.stderr.hasSuffix("""
            graphdiff diff: warning: --array-key id not used for the array at /ok: --ignore removes the member "id"; its elements are paired by content and position

            """), ignored.stderr)
    }
}
