import XCTest
@testable import GraphDiffCLI

/// Every mode of merge (markers, `--conflicts report`, each `--prefer`)
/// reports the same conflicts, each open or settled alike: found by
/// testing, where the report mode alone had a conflict more (a spouse
/// claimed by an object an open conflict keeps), or left open a conflict
/// the others settled (a required reference to an object the other side
/// both deleted and changed).
final class MergeModeAgreementTests: XCTestCase {
    /// Runs merge in each mode over the three graphs (objects as JSON text)
    /// of `schema`: per mode, the exit status and the lines on standard error.
    func modes(schema: String, _ base: String, _ mine: String, _ theirs: String) throws -> [String: String] {
        let dir = try temporaryDirectory(self)
        try schema.write(to: dir.appendingPathComponent("s.schema.json"), atomically: true, encoding: .utf8)
        var paths: [String] = []
        for (name, objects) in [("base", base), ("mine", mine), ("theirs", theirs)] {
            let url = dir.appendingPathComponent("\(name).graph.json")
            try "{\"$schema\":\"s.schema.json\",\"objects\":{\(objects)}}\n".write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        var out: [String: String] = [:]
        for (mode, options) in [("markers", []), ("report", ["--conflicts", "report"]), ("mine", ["--prefer", "mine"]), ("theirs", ["--prefer", "theirs"])] {
            let output = dir.appendingPathComponent("out-\(mode).graph.json").path
            let r = graphdiff(["merge"] + options + paths + ["-o", output])
            out[mode] = "\(r.status)\n" + r.stderr
            if mode != "markers" {
                XCTAssertEqual(graphdiff(["validate", "-q", output]).status, 0, mode)
            }
        }
        return out
    }

    func test_spouseClaimedByAnObjectAnOpenConflictKeeps_isNoConflictOfItsOwn() throws {
        let schema = #"{"format":"graphdiff-schema/1","name":"S","entities":{"Person":{"attributes":{"name":{"type":"string","optional":true}},"relationships":{"spouse":{"destination":"Person","inverse":"spouse"}}}}}"#
        // b was married to e; both sides marry a and b; mine deletes e.
        let r = try modes(schema: schema, #""Person":{"a":{"spouse":null},"b":{"spouse":"e"},"e":{"spouse":"b"}}"#,
                          #""Person":{"a":{"spouse":"b"},"b":{"spouse":"a"}}"#,
                          #""Person":{"a":{"spouse":"b"},"b":{"spouse":"a"},"e":{"spouse":null}}"#)
        let conflict = #"Person "e": deleted by mine, changed by theirs: base {"name":null,"spouse":"b"}, mine (absent), theirs {"name":null,"spouse":null}"#
        XCTAssertEqual(r["report"], "1\ngraphdiff merge: CONFLICT \(conflict)\n")
        XCTAssertEqual(r["markers"], r["report"])
        XCTAssertEqual(r["mine"], "0\ngraphdiff merge: resolved \(conflict) (took mine)\n")
        XCTAssertEqual(r["theirs"], "0\ngraphdiff merge: resolved \(conflict) (took theirs)\n")
    }

    func test_requiredReferenceToAnObjectDeletedAndChanged_isSettledInEveryMode() throws {
        let schema = #"{"format":"graphdiff-schema/1","name":"N","entities":{"User":{"attributes":{"name":{"type":"string"}}},"Note":{"attributes":{"text":{"type":"string"}},"relationships":{"author":{"destination":"User","optional":false}}}}}"#
        // Mine deletes u2; theirs renames u2 and adds a note by u2.
        let r = try modes(schema: schema, #""User":{"u1":{"name":"u1"},"u2":{"name":"u2"}},"Note":{"n1":{"text":"x","author":"u1"}}"#,
                          #""User":{"u1":{"name":"u1"}},"Note":{"n1":{"text":"x","author":"u1"}}"#,
                          #""User":{"u1":{"name":"u1"},"u2":{"name":"u2 renamed"}},"Note":{"n1":{"text":"x","author":"u1"},"n2":{"text":"y","author":"u2"}}"#)
        let reference = #"resolved Note "n2".author: refers to an object the other side deleted: base (absent), mine (absent), theirs "u2" (took theirs)"#
        let deleted = #"User "u2": deleted by mine, changed by theirs: base {"name":"u2"}, mine (absent), theirs {"name":"u2 renamed"}"#
        XCTAssertEqual(r["report"], "1\ngraphdiff merge: \(reference)\ngraphdiff merge: CONFLICT \(deleted)\n")
        XCTAssertEqual(r["markers"], r["report"])
        XCTAssertEqual(r["mine"], "0\ngraphdiff merge: \(reference)\ngraphdiff merge: resolved \(deleted) (took mine)\n")
        XCTAssertEqual(r["theirs"], "0\ngraphdiff merge: \(reference)\ngraphdiff merge: resolved \(deleted) (took theirs)\n")
    }
}
