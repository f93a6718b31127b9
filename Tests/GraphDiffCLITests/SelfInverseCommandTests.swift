import XCTest
@testable import GraphDiffCLI

/// A relationship that is its own inverse (`friends` ↔ `friends`, `spouse`
/// ↔ `spouse`): one slot holds both sides of each link, and merge, patch,
/// validate and diff keep the two sides in step.
final class SelfInverseCommandTests: XCTestCase {
    static let schema = """
        {"format":"graphdiff-schema/1","name":"F","entities":{"P":{"attributes":{"name":{"type":"string"}},"relationships":{
         "friends":{"destination":"P","inverse":"friends","toMany":true},
         "spouse":{"destination":"P","inverse":"spouse"},
         "likes":{"destination":"P","inverse":"likedBy","toMany":true},"likedBy":{"destination":"P","inverse":"likes","toMany":true}}}}}
        """

    /// Writes the schema and each named graph (objects of `P` as JSON text) into a fresh directory.
    func files(_ graphs: [String: String]) throws -> [String: String] {
        let dir = try temporaryDirectory(self)
        try Self.schema.write(to: dir.appendingPathComponent("f.schema.json"), atomically: true, encoding: .utf8)
        var paths: [String: String] = [:]
        for (name, objects) in graphs {
            let url = dir.appendingPathComponent("\(name).graph.json")
            try "{\"$schema\":\"f.schema.json\",\"objects\":{\"P\":{\(objects)}}}\n".write(to: url, atomically: true, encoding: .utf8)
            paths[name] = url.path
        }
        return paths
    }

    static let a = #""a":{"name":"A","friends":["b"],"spouse":"b","likes":["b"],"likedBy":[]}"#
    static let b = #""b":{"name":"B","friends":["a"],"spouse":"a","likes":[],"likedBy":["a"]}"#
    static let bee = #""b":{"name":"Bee","friends":["a"],"spouse":"a","likes":[],"likedBy":["a"]}"#
    static let aAlone = #""a":{"name":"A","friends":[],"spouse":null,"likes":[],"likedBy":[]}"#

    /// The merged graph of the test cases where a and b stay linked.
    static let linked = """
        {
          "$schema": "f.schema.json",
          "objects": {
            "P": {
              "a": {
                "friends": ["b"],
                "likedBy": [],
                "likes": ["b"],
                "name": "A",
                "spouse": "b"
              },
              "b": {
                "friends": ["a"],
                "likedBy": ["a"],
                "likes": [],
                "name": "Bee",
                "spouse": "a"
              }
            }
          }
        }

        """

    func test_merge_deleteModifyKeepsObject_keepsSelfInverseMemberships() throws {
        // Issue 17, finding 1: mine renames b, theirs deletes it (and so drops a's links to it).
        let f = try files(["base": "\(Self.a),\(Self.b)", "mine": "\(Self.a),\(Self.bee)", "theirs": Self.aAlone])
        let preferred = graphdiff(["merge", "--prefer", "mine", f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(preferred.status, 0, preferred.stderr)
        XCTAssertEqual(preferred.stdout, Self.linked)
        XCTAssertEqual(preferred.stderr, """
            graphdiff merge: resolved P "b": changed by mine, deleted by theirs: base {"friends":["a"],"likedBy":["a"],"name":"B","spouse":"a"}, mine {"friends":["a"],"likedBy":["a"],"name":"Bee","spouse":"a"}, theirs (absent) (took mine)

            """)
        let open = graphdiff(["merge", f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(open.status, 1)
        XCTAssertTrue(open.stdout.contains("""
                  "a": {
            <<<<<<< mine
                    "friends": ["b"],
            ||||||| base
                    "friends": ["b"],
            =======
                    "friends": [],
            >>>>>>> theirs
            """), open.stdout)
        XCTAssertEqual(open.stderr, """
            graphdiff merge: CONFLICT P "b": changed by mine, deleted by theirs: base {"friends":["a"],"likedBy":["a"],"name":"B","spouse":"a"}, mine {"friends":["a"],"likedBy":["a"],"name":"Bee","spouse":"a"}, theirs (absent)

            """)
    }

    func test_merge_unrelatedEdits_keepSelfInverseLinks() throws {
        // Both sides change an attribute only: the links stand as they are.
        let a2 = Self.a.replacingOccurrences(of: #""name":"A""#, with: #""name":"A2""#)
        let f = try files(["base": "\(Self.a),\(Self.b)", "mine": "\(Self.a),\(Self.bee)", "theirs": "\(a2),\(Self.b)"])
        let r = graphdiff(["merge", f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, Self.linked.replacingOccurrences(of: #""name": "A","#, with: #""name": "A2","#))
    }

    func test_merge_oneToOneSelfInverse_competingLinks_oneConflict() throws {
        // Mine marries a to b, theirs a to c: one conflict, on a's spouse.
        func p(_ id: String, _ spouse: String?) -> String {
            #""\#(id)":{"name":"\#(id.uppercased())","friends":[],"spouse":\#(spouse.map { "\"\($0)\"" } ?? "null"),"likes":[],"likedBy":[]}"#
        }
        let f = try files(["base": [p("a", nil), p("b", nil), p("c", nil)].joined(separator: ","),
                           "mine": [p("a", "b"), p("b", "a"), p("c", nil)].joined(separator: ","),
                           "theirs": [p("a", "c"), p("b", nil), p("c", "a")].joined(separator: ",")])
        let open = graphdiff(["merge", f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(open.status, 1)
        XCTAssertEqual(open.stderr, "graphdiff merge: CONFLICT P \"a\".spouse: changed differently: base null, mine \"b\", theirs \"c\"\n")
        let theirs = graphdiff(["merge", "--prefer", "theirs", f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(theirs.status, 0, theirs.stderr)
        XCTAssertEqual(theirs.stderr, "graphdiff merge: resolved P \"a\".spouse: changed differently: base null, mine \"b\", theirs \"c\" (took theirs)\n")
        XCTAssertEqual(theirs.stdout.filter { !$0.isWhitespace }, #"""
            {"$schema":"f.schema.json","objects":{"P":{"a":{"friends":[],"likedBy":[],"likes":[],"name":"A","spouse":"c"},"b":{"friends":[],"likedBy":[],"likes":[],"name":"B","spouse":null},"c":{"friends":[],"likedBy":[],"likes":[],"name":"C","spouse":"a"}}}}
            """#)
    }

    /// Found by testing: a conflict settled on one partner of a self-inverse
    /// one-to-one left the other disagreeing, and the merge exited 2 with
    /// nothing written. Every mode reports the conflict (exit 1) or settles
    /// it (exit 0), and every result, the markers resolved either way
    /// included, is a valid graph whose partners agree.
    func test_merge_oneToOneSelfInverse_conflictSettledOnOnePartner_everyResultValid() throws {
        func p(_ id: String, _ spouse: String?) -> String {
            #""\#(id)":{"name":"\#(id.uppercased())","friends":[],"spouse":\#(spouse.map { "\"\($0)\"" } ?? "null"),"likes":[],"likedBy":[]}"#
        }
        func graph(_ people: [(String, String?)]) -> String { people.map { p($0.0, $0.1) }.joined(separator: ",") }
        let married = graph([("a", "b"), ("b", "a"), ("c", nil), ("d", nil)])
        let cases: [(base: String, mine: String, theirs: String, expected: [String: [String: String]])] = [
            // Base a↔b; mine a↔c; theirs: a and b divorce.
            (married, graph([("a", "c"), ("b", nil), ("c", "a"), ("d", nil)]), graph([("a", nil), ("b", nil), ("c", nil), ("d", nil)]),
             ["open": ["a": "b", "b": "a"], "mine": ["a": "c", "c": "a"], "theirs": [:]]),
            // Base a↔b; mine a↔c; theirs a↔d.
            (married, graph([("a", "c"), ("b", nil), ("c", "a"), ("d", nil)]), graph([("a", "d"), ("b", nil), ("c", nil), ("d", "a")]),
             ["open": ["a": "b", "b": "a"], "mine": ["a": "c", "c": "a"], "theirs": ["a": "d", "d": "a"]]),
            // a and b single; mine deletes b; theirs marries a↔b.
            (graph([("a", nil), ("b", nil)]), graph([("a", nil)]), graph([("a", "b"), ("b", "a")]),
             ["open": [:], "mine": [:], "theirs": ["a": "b", "b": "a"]]),
        ]
        func spouses(_ text: String) -> [String: String]? {
            guard let data = text.data(using: .utf8), let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let people = (document["objects"] as? [String: Any])?["P"] as? [String: [String: Any]] else { return nil }
            return people.compactMapValues { $0["spouse"] as? String }
        }
        for (n, c) in cases.enumerated() {
            let f = try files(["base": c.base, "mine": c.mine, "theirs": c.theirs])
            let inputs = [f["base"]!, f["mine"]!, f["theirs"]!]
            let dir = URL(fileURLWithPath: f["base"]!).deletingLastPathComponent()
            func assertValid(_ text: String, _ what: String) throws {
                let url = dir.appendingPathComponent("\(what).graph.json")
                try text.write(to: url, atomically: true, encoding: .utf8)
                let v = graphdiff(["validate", url.path])
                XCTAssertEqual(v.status, 0, "case \(n), \(what): \(v.stdout)\(v.stderr)")
            }
            let report = graphdiff(["merge", "--conflicts", "report"] + inputs)
            XCTAssertEqual(report.status, 1, "case \(n): \(report.stderr)")
            XCTAssertTrue(report.stderr.contains("CONFLICT"), "case \(n): \(report.stderr)")
            XCTAssertEqual(spouses(report.stdout), c.expected["open"], "case \(n)")
            try assertValid(report.stdout, "report\(n)")
            for side in ["mine", "theirs"] {
                let r = graphdiff(["merge", "--prefer", side] + inputs)
                XCTAssertEqual(r.status, 0, "case \(n), --prefer \(side): \(r.stderr)")
                XCTAssertEqual(spouses(r.stdout), c.expected[side], "case \(n), --prefer \(side)")
                try assertValid(r.stdout, "\(side)\(n)")
            }
            let markers = graphdiff(["merge"] + inputs)
            XCTAssertEqual(markers.status, 1, "case \(n): \(markers.stderr)")
            for side in ["mine", "theirs"] {
                var kept: [Substring] = [], state = ""
                for line in markers.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("<<<<<<<") { state = "mine"; continue }
                    if line.hasPrefix("|||||||") { state = "base"; continue }
                    if line.hasPrefix("=======") { state = "theirs"; continue }
                    if line.hasPrefix(">>>>>>>") { state = ""; continue }
                    if state.isEmpty || state == side { kept.append(line) }
                }
                let resolved = kept.joined(separator: "\n")
                XCTAssertEqual(spouses(resolved), c.expected[side], "case \(n), markers resolved to \(side)")
                try assertValid(resolved, "markers-\(side)\(n)")
            }
        }
    }

    func test_merge_referenceToDeletedObject_restoresBothSidesOfTheLink() throws {
        // Mine deletes c; theirs befriends a and c. The reference brings c back
        // from the base (which has no link to a): c's side of the link is put back too.
        let c = #""c":{"name":"C","friends":[],"spouse":null,"likes":[],"likedBy":[]}"#
        let aWithC = #""a":{"name":"A","friends":["c"],"spouse":null,"likes":[],"likedBy":[]}"#
        let cWithA = #""c":{"name":"C","friends":["a"],"spouse":null,"likes":[],"likedBy":[]}"#
        let f = try files(["base": "\(Self.aAlone),\(c)", "mine": Self.aAlone, "theirs": "\(aWithC),\(cWithA)"])
        let report = try temporaryDirectory(self).appendingPathComponent("report.json").path
        let r = graphdiff(["merge", "--conflicts", "report", "--report", report, f["base"]!, f["mine"]!, f["theirs"]!])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout.filter { !$0.isWhitespace }, #"""
            {"$schema":"f.schema.json","objects":{"P":{"a":{"friends":["c"],"likedBy":[],"likes":[],"name":"A","spouse":null},"c":{"friends":["a"],"likedBy":[],"likes":[],"name":"C","spouse":null}}}}
            """#)
        let merged = try temporaryDirectory(self).appendingPathComponent("m.graph.json")
        try r.stdout.write(to: merged, atomically: true, encoding: .utf8)
        XCTAssertEqual(graphdiff(["validate", "--schema", f["base"]!.replacingOccurrences(of: "base.graph.json", with: "f.schema.json"), merged.path]).status, 0)
    }

    func test_patchAndDiff_changeBothSidesOfASelfInverseLink() throws {
        // a drops b and befriends the new c.
        let aWithC = #""a":{"name":"A","friends":["c"],"spouse":"b","likes":["b"],"likedBy":[]}"#
        let bAlone = #""b":{"name":"B","friends":[],"spouse":"a","likes":[],"likedBy":["a"]}"#
        let c = #""c":{"name":"C","friends":["a"],"spouse":null,"likes":[],"likedBy":[]}"#
        let f = try files(["base": "\(Self.a),\(Self.b)", "new": "\(aWithC),\(bAlone),\(c)"])
        let d = graphdiff(["diff", f["base"]!, f["new"]!])
        XCTAssertEqual(d.status, 1)
        XCTAssertEqual(d.stdout, """
            ~ P "a"  \(f["new"]!):1:44
                friends: +"c" -"b"
            ~ P "b"  \(f["new"]!):1:117
                friends: -"a"
            + P "c"  \(f["new"]!):1:187
                friends: ["a"]
                likedBy: []
                likes: []
                name: "C"
                spouse: null

            P: 1 inserted, 2 updated

            """)
        let patch = graphdiff(["diff", "--format", "json", f["base"]!, f["new"]!])
        let patchFile = try temporaryDirectory(self).appendingPathComponent("p.json")
        try patch.stdout.write(to: patchFile, atomically: true, encoding: .utf8)
        let applied = graphdiff(["patch", f["base"]!, patchFile.path])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let out = f["base"]!.replacingOccurrences(of: "base.graph.json", with: "applied.graph.json")
        try applied.stdout.write(toFile: out, atomically: true, encoding: .utf8)
        let same = graphdiff(["diff", out, f["new"]!])
        XCTAssertEqual(same.status, 0, same.stdout)
    }

    func test_validate_oneSidedSelfInverseLink_isAProblem() throws {
        let f = try files(["g": #""a":{"name":"A","friends":["b"],"spouse":null,"likes":[],"likedBy":[]},"b":{"name":"B","friends":[],"spouse":null,"likes":[],"likedBy":[]}"#])
        let r = graphdiff(["validate", f["g"]!])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(f["g"]!):1:60: P \"a\".friends: lists \"b\", whose inverse \"friends\" does not list \"a\"\n")
    }
}
