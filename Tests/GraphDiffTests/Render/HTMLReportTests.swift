import Foundation
import XCTest
@testable import GraphDiff

/// The HTML report as a whole: one card per changed object with the ids
/// the links use, counts as the patch document's, nothing that reaches the
/// network, and embedded JSON that no string can end early.
final class HTMLReportTests: XCTestCase {
    /// The page's embedded data, read back as JSON.
    func pageData(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let open = #"<script type="application/json" id="graphdiff-data">"#
        let start = try XCTUnwrap(page.range(of: open), file: file, line: line)
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex), file: file, line: line)
        let text = String(page[start.upperBound..<end.lowerBound])
        XCTAssertFalse(text.contains("<"), "no < inside the data", file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], file: file, line: line)
    }

    func cards(_ data: [String: Any]) -> [[String: Any]] { data["cards"] as? [[String: Any]] ?? [] }

    func peoplePages() throws -> (ChangeSet, String) {
        let old = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let new = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        let changes = try ChangeSet.diff(from: old, to: new)
        return (changes, HTMLReport.document(changes, old: old, new: new, context: RenderContext(oldName: "v1.graph.json", newName: "v2.graph.json")))
    }

    func test_graphPage_hasOneCardPerChangedObject_withItsID_andTheCountsOfThePatchDocument() throws {
        let (changes, page) = try peoplePages()
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        XCTAssertTrue(page.hasSuffix("</html>\n"))
        XCTAssertTrue(page.contains("<pre id=\"graphdiff-selfcheck\""))
        let data = try pageData(page)
        XCTAssertEqual(data["mode"] as? String, "graph")
        XCTAssertEqual(data["schema"] as? String, changes.schemaName)
        let ids = cards(data).compactMap { $0["id"] as? String }
        var expected = changes.objects.map { HTMLReport.cardID(root: $0.id.entity, identity: $0.id.identity) }
        for s in changes.sequences where !changes.objects.contains(where: { $0.id == s.owner && $0.kind != .deleted }) {
            expected.append(HTMLReport.cardID(root: s.owner.entity, identity: s.owner.identity))
        }
        if !changes.metadata.isEmpty { expected.append("card-metadata") }
        XCTAssertEqual(ids, expected)
        XCTAssertEqual(Set(ids).count, ids.count, "ids are unique")

        // The counts are those of the patch document's operations.
        let patch = try XCTUnwrap(PatchDocument.encode(changes, context: RenderContext()).objectValue?["changes"]?.arrayValue)
        func ops(_ op: String) -> Int { patch.filter { $0.objectValue?["op"]?.stringValue == op }.count }
        let moves = patch.compactMap { $0.objectValue?["move"]?.arrayValue?.count }.reduce(0, +)
        let counts = try XCTUnwrap(data["counts"] as? [String: Int])
        XCTAssertEqual(counts, ["inserted": ops("insert"), "deleted": ops("delete"), "updated": ops("update"), "orders": ops("order"),
                                "moved": moves, "metadata": ops("metadata"), "renumbered": 0])
        // The summary table is in the markup too, before any script runs.
        XCTAssertTrue(page.contains("<tr><th scope=\"row\">Address</th>"), page)
    }

    func test_graphPage_referencesNothingOnTheNetwork() throws {
        let (_, page) = try peoplePages()
        for forbidden in ["http://", "https://", "//", "src=", "@import", "url(http"] {
            XCTAssertFalse(page.contains(forbidden), forbidden)
        }
        XCTAssertFalse(page.contains("<link"), "no external style sheet")
    }

    func test_orderChange_listsBeforeAndAfter_withTheMovesMarked() throws {
        let old = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let new = try sampleGraph("tasks/theirs.graph.json", schema: "tasks/tasks.schema.json")
        let changes = try ChangeSet.diff(from: old, to: new)
        let sequence = try XCTUnwrap(changes.sequences.first)
        let data = try pageData(HTMLReport.document(changes, old: old, new: new, context: RenderContext()))
        let owner = try XCTUnwrap(cards(data).first { $0["id"] as? String == HTMLReport.cardID(root: sequence.owner.entity, identity: sequence.owner.identity) })
        let order = try XCTUnwrap((owner["orders"] as? [[String: Any]])?.first)
        XCTAssertEqual(order["relationship"] as? String, sequence.relationship)
        XCTAssertEqual(order["complete"] as? Bool, true)
        let relationship = try XCTUnwrap(old.schema.entity(named: sequence.ownerEntity)?.property(named: sequence.relationship)?.relationship)
        func ids(_ key: String) -> [String] { (order[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        XCTAssertEqual(ids("before"), old.order(of: sequence.owner, through: relationship).map(\.identity))
        XCTAssertEqual(ids("after"), new.order(of: sequence.owner, through: relationship).map(\.identity))
        let marked = (order["after"] as? [[String: Any]] ?? []).filter { $0["mark"] as? String == "moved" }.compactMap { $0["id"] as? String }
        XCTAssertEqual(Set(marked), Set(sequence.moved.map(\.member)))
        XCTAssertEqual(order["moves"] as? Int, sequence.moved.count)
    }

    func test_plainJSONPage_isATree_ofKeyPaths_andNoStringEndsTheScript() throws {
        let a = try json(#"{"items": [{"id": "x", "name": "</script><!-- a"}, {"id": "y", "name": "b"}], "note": "it's <b>&"}"#)
        let b = try json(#"{"items": [{"id": "y", "name": "b"}, {"id": "x", "name": "</script><!-- c"}], "note": "it's <i>&"}"#)
        let entries = JSONDiff.entries(from: a, to: b, options: .init(arrayKey: "id"))
        let page = HTMLReport.document(entries, context: RenderContext(oldName: "a<1>.json", newName: "b&'2'.json"))
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2, "only the two script elements end")
        XCTAssertFalse(page.contains("<!-- "))
        XCTAssertTrue(page.contains("<title>graphdiff: a&lt;1&gt;.json → b&amp;&#39;2&#39;.json</title>"), page)
        let data = try pageData(page)
        XCTAssertEqual(data["mode"] as? String, "json")
        let all = cards(data)
        XCTAssertEqual(all.count, entries.count)
        XCTAssertEqual(all.compactMap { $0["id"] as? String }, entries.indices.map { "card-e\($0)" })
        let keyed = try XCTUnwrap(all.first { ($0["identity"] as? String)?.hasPrefix("/items/[id=\"x\"]") == true })
        XCTAssertEqual(keyed["keyPath"] as? Bool, true)
        XCTAssertEqual(keyed["steps"] as? [String], ["items", "[id=\"x\"]", "name"])
        let row = try XCTUnwrap((keyed["rows"] as? [[String: Any]])?.first)
        XCTAssertEqual(row["old"] as? String, #""</script><!-- a""#, "the data reads back as the value")
        XCTAssertTrue(all.contains { $0["kind"] as? String == "moved" }, "the keyed element moved")
        XCTAssertEqual(data["counts"] as? [String: Int], ["added": 0, "removed": 0, "changed": 2, "moved": 1])
    }

    func test_mergePage_showsBaseMineAndTheirs_andWhatEachPreferKeeps() throws {
        let base = try sampleGraph("tasks/base.graph.json", schema: "tasks/tasks.schema.json")
        let milk = base.id(entity: "Task", identity: "t1")
        var mine = base, theirs = base
        mine.setValue("Oat milk", of: milk, "title")
        theirs.setValue("Soy milk", of: milk, "title")
        let conflicts = try Graph.merge(base: base, mine: mine, theirs: theirs).conflicts
        let page = HTMLReport.document(conflicts: conflicts, names: ["base.json", "mine.json", "theirs.json"])
        let data = try pageData(page)
        XCTAssertEqual(data["mode"] as? String, "merge")
        XCTAssertEqual(data["names"] as? [String], ["base.json", "mine.json", "theirs.json"])
        let all = cards(data)
        XCTAssertEqual(all.count, 1)
        let card = try XCTUnwrap(all.first)
        XCTAssertEqual(card["identity"] as? String, #"Task "t1".title"#)
        XCTAssertEqual(card["sides"] as? [String: String], ["base": #""Milk""#, "mine": #""Oat milk""#, "theirs": #""Soy milk""#])
        let prefer = try XCTUnwrap(card["prefer"] as? [String: Any])
        XCTAssertEqual(prefer["mine"] as? String, #""Oat milk""#)
        XCTAssertEqual(prefer["theirs"] as? String, #""Soy milk""#)
        XCTAssertEqual(prefer["base"] as? String, #""Milk""#)
        XCTAssertTrue(prefer["union"] is NSNull, "union leaves a conflict of strings open")
        XCTAssertEqual(data["counts"] as? [String: Int], ["conflicts": 1, "resolved": 0])
    }

    func test_diagram_isEmbeddedInItsSection_onlyWhenGiven() throws {
        let (changes, page) = try peoplePages()
        XCTAssertFalse(page.contains("id=\"diagram\""))
        let old = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let new = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#
        let drawn = HTMLReport.document(changes, old: old, new: new, context: RenderContext(), diagramSVG: svg)
        XCTAssertTrue(drawn.contains("<section id=\"diagram\" aria-label=\"Diagram\">\n<h2>Diagram</h2>\n<svg viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></svg>\n</section>\n"), drawn)
        XCTAssertFalse(drawn.contains("http://"))
    }

    func test_escaping_ofText_andOfIDs() {
        XCTAssertEqual(HTMLReport.escapeHTML(#"a & <b> "c" 'd'"#), "a &amp; &lt;b&gt; &quot;c&quot; &#39;d&#39;")
        XCTAssertEqual(HTMLReport.cardID(root: "Task", identity: "t 1"), "card-Task.t_201")
        XCTAssertEqual(HTMLReport.cardID(root: "A", identity: "_x.é"), "card-A._5Fx_2E_C3_A9")
        XCTAssertEqual(HTMLReport.scriptJSON(.string("</script><!--&>")), #""\u003c/script\u003e\u003c!--\u0026\u003e""#)
    }
}

extension HTMLReportTests {
    /// Members whose identities are one string to Swift (NFC and NFD) are
    /// still two members on the page: only the removed one is marked.
    func test_orderMarks_tellMembersApartByTheirBytes() throws {
        let schema = try sampleSchema("tasks/tasks.schema.json")
        func task(_ id: String, prev: String?, next: String?) -> String {
            let link = { (v: String?) in v.map { "\"\($0)\"" } ?? "null" }
            return #""\#(id)": {"done": false, "due": null, "list": "l", "next": \#(link(next)), "prev": \#(link(prev)), "title": "T"}"#
        }
        func graph(_ tasks: [String]) throws -> Graph {
            let body = tasks.enumerated().map { k, id in
                task(id, prev: k > 0 ? tasks[k - 1] : nil, next: k + 1 < tasks.count ? tasks[k + 1] : nil)
            }
            let text = #"{"objects": {"Task": {"# + body.joined(separator: ", ") + #"}, "TaskList": {"l": {"title": "L"}}}}"#
            return try Graph.load(Array(text.utf8), schema: schema)
        }
        let nfc = #"\u00e9"#, nfd = #"e\u0301"#
        let old = try graph([nfc, nfd, "x"]), new = try graph([nfd, "x"])
        let changes = try ChangeSet.diff(from: old, to: new)
        let data = try pageData(HTMLReport.document(changes, old: old, new: new, context: RenderContext()))
        let owner = try XCTUnwrap(cards(data).first { $0["id"] as? String == "card-TaskList.l" })
        let order = try XCTUnwrap((owner["orders"] as? [[String: Any]])?.first)
        func marks(_ key: String) -> [String] {
            (order[key] as? [[String: Any]] ?? []).map { member in
                let id = (member["id"] as? String).map { Array($0.utf8).map { String($0, radix: 16) }.joined() } ?? "?"
                return id + ":" + (member["mark"] as? String ?? "-")
            }
        }
        XCTAssertEqual(marks("before"), ["c3a9:removed", "65cc81:-", "78:-"])
        XCTAssertEqual(marks("after"), ["65cc81:-", "78:-"])
    }
}
