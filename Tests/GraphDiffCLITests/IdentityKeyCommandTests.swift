import XCTest
@testable import GraphDiffCLI

/// Typed identities on the command line: errors with positions, the
/// canonical spelling written by fmt, matching across spellings.
final class IdentityKeyCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        try """
            {"format": "graphdiff-schema/1", "name": "Agents", "entities": {
              "Agent": {"identity": "id", "attributes": {"id": {"type": "int64"}, "name": {"type": "string"}},
                "relationships": {"boss": {"destination": "Agent", "inverse": "reports"},
                                  "reports": {"destination": "Agent", "toMany": true, "inverse": "boss"},
                                  "devices": {"destination": "Device", "toMany": true, "inverse": "users"}}},
              "Device": {"identity": "uuid", "attributes": {"uuid": {"type": "uuid"}},
                "relationships": {"users": {"destination": "Agent", "toMany": true, "inverse": "devices"}}}
            }}
            """.write(to: dir.appendingPathComponent("agents.schema.json"), atomically: true, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func test_validate_keysThatAreNoIdentityOfTheType_andTwoSpellings_fileLineColumn_exit1() throws {
        let file = try write("bad.graph.json", """
            {"$schema": "agents.schema.json",
             "objects": {
              "Agent": {"abc": {"name": "A"},
                        "1": {"name": "M", "boss": "x"},
                        "01": {"name": "N"}},
              "Device": {"0b7e1c52": {}}
             }}
            """)
        let r = graphdiff(["validate", file])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            \(file):3:13: Agent "abc".id: identity is not an integer (int64)
            \(file):4:32: Agent "1".boss: reference "x" to Agent is not an integer (int64)
            \(file):5:13: Agent "01": duplicate identity in entity hierarchy "Agent": "1" and "01" are one int64 identity (first at 4:13)
            \(file):6:14: Device "0b7e1c52".uuid: identity is not a UUID (8-4-4-4-12 hex digits)

            """)
    }

    func test_fmt_writesTheCanonicalSpelling_andDiffMatchesSpellings() throws {
        let spelt = try write("spelt.graph.json", """
            {"$schema": "agents.schema.json",
             "objects": {
              "Agent": {"007": {"name": "Bond", "boss": "01", "devices": ["0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60"]},
                        "1": {"name": "M"}},
              "Device": {"0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60": {"users": ["0007"]}}
             }}
            """)
        let fmt = graphdiff(["fmt", spelt])
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertEqual(fmt.stdout, """
            {
              "$schema": "agents.schema.json",
              "objects": {
                "Agent": {
                  "1": {
                    "boss": null,
                    "devices": [],
                    "name": "M"
                  },
                  "7": {
                    "boss": "1",
                    "devices": ["0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60"],
                    "name": "Bond"
                  }
                },
                "Device": {
                  "0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {
                    "users": ["7"]
                  }
                }
              }
            }

            """)
        XCTAssertEqual(graphdiff(["fmt", "--check", spelt]).status, 1, "not canonical")
        let canonical = try write("canonical.graph.json", fmt.stdout)
        let diff = graphdiff(["diff", spelt, canonical])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        XCTAssertEqual(diff.stdout, "")
        // --root names the object in any spelling.
        let rooted = graphdiff(["diff", "--stat", "--root", "Agent:0007", spelt, canonical])
        XCTAssertEqual(rooted.status, 0, rooted.stderr)
        let unknown = graphdiff(["diff", "--root", "Agent:x", spelt, canonical])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "graphdiff diff: --root: identity \"x\" is not an integer (int64) of Agent\n")
    }
}
