import Foundation
import XCTest
@testable import GraphDiff

/// The changed subgraph of the samples, as Mermaid, DOT and SVG, compared whole.
final class ChangeDiagramTests: XCTestCase {
    func diagram(_ old: String, _ new: String, schema: String, nodeLimit: Int = ChangeDiagram.defaultNodeLimit) throws -> ChangeDiagram {
        let a = try sampleGraph(old, schema: schema), b = try sampleGraph(new, schema: schema)
        return ChangeDiagram(changes: try ChangeSet.diff(from: a, to: b), old: a, new: b, nodeLimit: nodeLimit)
    }

    func test_mermaid_peopleV1ToV2_isTheWholeFlowchart() throws {
        let d = try diagram("people/v1.graph.json", "people/v2.graph.json", schema: "people/people.schema.json")
        XCTAssertEqual(d.mermaid(), """
            flowchart LR
              subgraph g0["Address"]
                n0["~ a1"]:::changed
                n1["\u{2212} a2"]:::removed
                n2["a3"]:::context
                n3["+ a4"]:::added
              end
              subgraph g1["Dog"]
                n4["d1"]:::context
                n5["+ d2"]:::added
              end
              subgraph g2["Person"]
                n6["~ p1"]:::changed
                n7["~ p2"]:::changed
              end
              n0 -->|"person"| n6
              n1 -.->|"\u{2212} person"| n6
              n2 -->|"person"| n7
              n3 ==>|"+ person"| n6
              n4 -->|"owner"| n6
              n5 ==>|"+ owner"| n7
              classDef added fill:#e6f4ea,stroke:#1a7f37,color:#1f2328
              classDef removed fill:#fde7e9,stroke:#cf222e,color:#1f2328
              classDef changed fill:#fff4d6,stroke:#9a6700,color:#1f2328
              classDef moved fill:#e7f0fd,stroke:#0969da,color:#1f2328
              classDef context fill:#f6f8fa,stroke:#6e7781,color:#1f2328,stroke-dasharray:4 3

            """)
    }

    func test_dot_tasksBaseToMine_isTheWholeDigraph_movesMarked_chainLinksNoEdges() throws {
        let d = try diagram("tasks/base.graph.json", "tasks/mine.graph.json", schema: "tasks/tasks.schema.json")
        XCTAssertEqual(d.dot(), """
            digraph graphdiff {
              rankdir=LR;
              node [shape=box, style="rounded,filled", fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              subgraph "cluster_0" {
                label="Task";
                n0 [label="c1", tooltip="Task c1: context", class="context", fillcolor="#f6f8fa", color="#6e7781", style="rounded,filled,dashed"];
                n1 [label="\u{2195} c2", tooltip="Task c2: moved", class="moved", fillcolor="#e7f0fd", color="#0969da"];
                n2 [label="~ t1", tooltip="Task t1: changed", class="changed", fillcolor="#fff4d6", color="#9a6700"];
                n3 [label="t2", tooltip="Task t2: context", class="context", fillcolor="#f6f8fa", color="#6e7781", style="rounded,filled,dashed"];
                n4 [label="t3", tooltip="Task t3: context", class="context", fillcolor="#f6f8fa", color="#6e7781", style="rounded,filled,dashed"];
                n5 [label="t4", tooltip="Task t4: context", class="context", fillcolor="#f6f8fa", color="#6e7781", style="rounded,filled,dashed"];
                n6 [label="+ t5", tooltip="Task t5: added", class="added", fillcolor="#e6f4ea", color="#1a7f37"];
              }
              subgraph "cluster_1" {
                label="TaskList";
                n7 [label="~ chores", tooltip="TaskList chores: changed", class="changed", fillcolor="#fff4d6", color="#9a6700"];
                n8 [label="~ groceries", tooltip="TaskList groceries: changed", class="changed", fillcolor="#fff4d6", color="#9a6700"];
              }
              n0 -> n7 [label="list", class="unchanged"];
              n1 -> n7 [label="list", class="unchanged"];
              n2 -> n8 [label="list", class="unchanged"];
              n3 -> n8 [label="list", class="unchanged"];
              n4 -> n8 [label="list", class="unchanged"];
              n5 -> n8 [label="list", class="unchanged"];
              n6 -> n8 [label="+ list", class="added", style=bold, color="#1a7f37"];
            }

            """)
    }

    func test_svg_peopleV1ToV2_isWellFormed_oneGroupPerNode_symbolsAndLegend_noExternalReference() throws {
        let d = try diagram("people/v1.graph.json", "people/v2.graph.json", schema: "people/people.schema.json")
        let svg = d.svg()
        let shape = try SVGShape(svg)
        XCTAssertEqual(shape.nodeIDs, d.nodes.map(\.key))
        XCTAssertEqual(shape.nodeIDs, ["Address:a1", "Address:a2", "Address:a3", "Address:a4", "Dog:d1", "Dog:d2", "Person:p1", "Person:p2"])
        XCTAssertEqual(shape.edgeCount, d.edges.count)
        XCTAssertTrue(svg.contains(#"<g class="gd-node gd-removed" data-id="Address:a2" data-entity="Address" data-identity="a2"><title>Address a2: removed</title>"#), svg)
        XCTAssertTrue(svg.contains(">\u{2212} a2</text>"), svg)
        for legend in ["+ added", "\u{2212} removed", "~ changed", "\u{2195} moved", "unchanged"] {
            XCTAssertTrue(svg.contains(">\(legend)</text>"), legend)
        }
        XCTAssertFalse(svg.contains("href"), "no link out of the picture")
        XCTAssertEqual(svg.components(separatedBy: "http").count, 2, "the namespace is the only URL")
    }

    func test_aboveTheLimit_groupsByEntityAndKind_withCounts_andSaysSo() throws {
        let d = try diagram("people/v1.graph.json", "people/v2.graph.json", schema: "people/people.schema.json", nodeLimit: 4)
        XCTAssertTrue(d.isGrouped)
        XCTAssertEqual(d.objectCount, 8)
        XCTAssertEqual(d.nodes.map(\.key), ["Address:added", "Address:removed", "Address:changed", "Address:context",
                                            "Dog:added", "Dog:context", "Person:changed"])
        XCTAssertEqual(d.nodes.map(\.label), ["+ 1 object", "\u{2212} 1 object", "~ 1 object", "1 object", "+ 1 object", "1 object", "~ 2 objects"])
        XCTAssertEqual(d.edges.map(\.label), ["+ person", "\u{2212} person", "person", "person", "+ owner", "owner"])
        XCTAssertTrue(d.mermaid().hasPrefix("flowchart LR\n  %% 8 objects, more than 4: one node per entity and kind, with counts\n"))
        XCTAssertTrue(d.dot().contains("  label=\"8 objects, more than 4: one node per entity and kind, with counts\";\n"))
        XCTAssertTrue(d.svg().contains(">8 objects, more than 4: one node per entity and kind, with counts</text>"))
        XCTAssertEqual(try SVGShape(d.svg()).nodeIDs.count, 7)
    }

    func test_noChanges_drawsNoNode() throws {
        let d = try diagram("people/v1.graph.json", "people/v1.graph.json", schema: "people/people.schema.json")
        XCTAssertEqual(d.nodes, [])
        XCTAssertEqual(d.edges, [])
        XCTAssertEqual(try SVGShape(d.svg()).nodeIDs, [])
        XCTAssertEqual(d.dot().components(separatedBy: "->").count, 1)
    }

    func test_escaping_quotesAndControls_inEveryFormat() {
        XCTAssertEqual(ChangeDiagram._mermaidText("a\"b|c#d<e>&\n"), "a#34;b#124;c#35;d#60;e#62;#38; ")
        XCTAssertEqual(ChangeDiagram._mermaidText("%%{init: {}}%%"), "#37;#37;{init: {}}#37;#37;")
        XCTAssertEqual(ChangeDiagram._dotString("a\"b\\c\nd\u{1}"), #""a\"b\\c\nd ""#)
        XCTAssertEqual(HTMLReport.escapeHTML("<a href='x'>&\"\u{1}</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;\u{FFFD}&lt;/a&gt;")
        XCTAssertEqual(HTMLReport.escapeHTML("a\tb\r\nc\u{FFFE}d\u{FFFF}e\u{FFFD}\u{EFBF}"), "a&#9;b&#13;&#10;c\u{FFFD}d\u{FFFD}e\u{FFFD}\u{EFBF}")
        XCTAssertEqual(DiagramLayout.shortLabel(String(repeating: "x", count: 50)), String(repeating: "x", count: 39) + "\u{2026}")
    }

    func test_nodeKeys_areUnambiguous_whenNamesHoldColons() {
        let a = ChangeDiagram.Node(entity: "A:b", identity: "c", kind: .changed, count: 1)
        let b = ChangeDiagram.Node(entity: "A", identity: "b:c", kind: .changed, count: 1)
        let c = ChangeDiagram.Node(entity: "A%3Ab", identity: "c", kind: .changed, count: 1)
        XCTAssertEqual([a.key, b.key, c.key], ["A%3Ab:c", "A:b:c", "A%253Ab:c"])
    }

    func test_mermaid_atTheNodeLimit_withLongIdentities_staysDrawable() throws {
        // 199 addresses with 120-character identities, all changed, and
        // their person: 200 nodes, the limit, so nothing is grouped.
        let long = String(repeating: "address-of-somebody-", count: 6)
        func graph(_ city: String) -> String {
            let addresses = (0..<199).map { #""\#(long)\#($0)": {"city": "\#(city)", "person": "p1", "street": "s"}"# }
            return #"{"objects": {"Address": {\#(addresses.joined(separator: ", "))}, "Person": {"p1": {"lastName": "P"}}}}"#
        }
        let schema = try sampleSchema("people/people.schema.json")
        let old = try Graph.load(Array(graph("Lyon").utf8), schema: schema)
        let new = try Graph.load(Array(graph("Paris").utf8), schema: schema)
        let d = ChangeDiagram(changes: try ChangeSet.diff(from: old, to: new), old: old, new: new)
        XCTAssertFalse(d.isGrouped)
        XCTAssertEqual(d.nodes.count, 200)
        let text = d.mermaid()
        XCTAssertLessThan(text.count, 25_000, "Mermaid draws up to 50,000 characters by default")
        XCTAssertTrue(text.contains("    n0[\"~ address-of-somebody-address-of-somebo\u{2026}\"]:::changed\n"), text)
    }
    func test_manyReferences_underTheNodeLimit_areGroupedToo() throws {
        // 30 playlists holding the same 30 tracks: 60 objects, 900 references.
        func graph(_ name: String) -> String {
            let owners = (0..<30).map { #""pl\#($0)""# }.joined(separator: ", ")
            let tracks = (0..<30).map { #""tr\#($0)": {"title": "\#(name)", "artist": "a", "seconds": 1, "playlists": [\#(owners)]}"# }
            let list = (0..<30).map { #""tr\#($0)""# }.joined(separator: ", ")
            let playlists = (0..<30).map { #""pl\#($0)": {"name": "\#(name)", "tracks": [\#(list)]}"# }
            return #"{"objects": {"Playlist": {\#(playlists.joined(separator: ", "))}, "Track": {\#(tracks.joined(separator: ", "))}}}"#
        }
        let schema = try sampleSchema("playlist/playlist.schema.json")
        let old = try Graph.load(Array(graph("a").utf8), schema: schema), new = try Graph.load(Array(graph("b").utf8), schema: schema)
        let d = ChangeDiagram(changes: try ChangeSet.diff(from: old, to: new), old: old, new: new)
        XCTAssertTrue(d.isGrouped)
        XCTAssertEqual(d.nodes.map(\.label), ["~ 30 objects", "~ 30 objects"])
        XCTAssertEqual(d.edges.map(\.label), ["tracks ×900"], "one edge per relationship and its inverse")
        XCTAssertEqual(d.groupingNote, "900 references, more than 400: one node per entity and kind, with counts")
        XCTAssertLessThan(d.mermaid().count, 2000)
    }
}
