import Foundation
import XCTest

/// `diff --format mermaid` and `--format dot`: the changed subgraph of two
/// graphs as text to draw, whole; plain JSON is a usage error; Graphviz
/// reads the DOT.
final class DiffPictureCommandTests: XCTestCase {
    let base = samplePath("tasks/base.graph.json"), theirs = samplePath("tasks/theirs.graph.json")

    func test_mermaid_tasksBaseToTheirs_isTheWholeFlowchart_exit1() {
        let r = graphdiff(["diff", "--format", "mermaid", base, theirs])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, Self.tasksMermaid)
    }

    func test_dot_sameFile_exit0_anEmptyDigraph() {
        let r = graphdiff(["diff", "-f", "dot", base, base])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            digraph graphdiff {
              rankdir=LR;
              node [shape=box, style="rounded,filled", fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
            }

            """)
    }

    func test_pictureOfPlainJSON_isAUsageError_exit2() {
        for format in ["mermaid", "dot"] {
            let r = graphdiff(["diff", "-f", format, samplePath("pip/old.json"), samplePath("pip/new.json")])
            XCTAssertEqual(r.status, 2)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, """
                graphdiff diff: --format \(format) needs graphs (a schema); these are plain JSON
                Usage: graphdiff diff [OPTIONS] OLD NEW
                See 'graphdiff help diff'.

                """)
        }
    }

    func test_dotOutput_isReadByGraphviz() throws {
        let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let dot else { throw XCTSkip("Graphviz (dot) is not installed: the DOT output was not given to it") }
        for (old, new) in [(base, theirs), (samplePath("people/v1.graph.json"), samplePath("people/v2.graph.json"))] {
            let text = graphdiff(["diff", "-f", "dot", old, new]).stdout
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg"]
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, complaints)
            XCTAssertEqual(complaints, "")
            XCTAssertTrue(svg.contains("<svg"), svg)
        }
    }

    /// Found by testing: an entity named `A:b` and an identity `b:c` of
    /// entity `A` made one DOT node of two objects (`"A:b:c"`), and `&` in a
    /// label was read by Graphviz as an entity. Nodes are named by position
    /// now, and `&` is written `&amp;`.
    func test_dot_keysThatLookAlike_areTwoNodes_andAmpersandsStayAsWritten() throws {
        let dir = try temporaryDirectory(self)
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        _ = try write("s.schema.json", """
            {"format":"graphdiff-schema/1","name":"S","version":1,"entities":{
             "A":{"identity":"id","attributes":{"id":{"type":"string"},"v":{"type":"string"}},"relationships":{"r":{"destination":"A:b"}}},
             "A:b":{"identity":"id","attributes":{"id":{"type":"string"},"v":{"type":"string"}},"relationships":{}}}}
            """)
        let old = try write("old.graph.json", #"{"$schema":"s.schema.json","objects":{"A":{"b:c":{"v":"1","r":"c"}},"A:b":{"c":{"v":"1"},"&amp;":{"v":"1"}}}}"#)
        let new = try write("new.graph.json", #"{"$schema":"s.schema.json","objects":{"A":{"b:c":{"v":"2","r":null}},"A:b":{"c":{"v":"2"},"&amp;":{"v":"2"}}}}"#)
        let r = graphdiff(["diff", "-f", "dot", old, new])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains(#"n0 [label="~ b:c", tooltip="A b:c: changed""#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"n1 [label="~ &amp;amp;", tooltip="A:b &amp;amp;: changed""#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"n2 [label="~ c", tooltip="A:b c: changed""#), r.stdout)
        XCTAssertTrue(r.stdout.contains("n0 -> n2 "), r.stdout)
    }

    /// A page or a picture is one document of one pair of files.
    func test_pageOrPicture_ofTwoDirectories_isAUsageError() throws {
        let dir = try temporaryDirectory(self)
        for side in ["old", "new"] {
            try FileManager.default.createDirectory(atPath: dir.appendingPathComponent(side).path, withIntermediateDirectories: true)
            try #"{"a": "\(side)"}"#.write(toFile: dir.appendingPathComponent(side + "/x.json").path, atomically: true, encoding: .utf8)
        }
        for format in ["html", "mermaid", "dot"] {
            let r = graphdiff(["diff", "-f", format, dir.appendingPathComponent("old").path, dir.appendingPathComponent("new").path])
            XCTAssertEqual(r.status, 2, format)
            XCTAssertEqual(r.stdout, "", format)
            XCTAssertTrue(r.stderr.contains("--format \(format) is for two files, not two directories"), r.stderr)
        }
    }

    /// Eggs renamed, Tea appended, Coffee moved to the top, the chores renamed.
    static let tasksMermaid = """
        flowchart LR
          subgraph g0["Task"]
            n0["c1"]:::context
            n1["c2"]:::context
            n2["t1"]:::context
            n3["t2"]:::context
            n4["~ t3"]:::changed
            n5["↕ t4"]:::moved
            n6["+ t6"]:::added
          end
          subgraph g1["TaskList"]
            n7["~ chores"]:::changed
            n8["~ groceries"]:::changed
          end
          n0 -->|"list"| n7
          n1 -->|"list"| n7
          n2 -->|"list"| n8
          n3 -->|"list"| n8
          n4 -->|"list"| n8
          n5 -->|"list"| n8
          n6 ==>|"+ list"| n8
          classDef added fill:#e6f4ea,stroke:#1a7f37,color:#1f2328
          classDef removed fill:#fde7e9,stroke:#cf222e,color:#1f2328
          classDef changed fill:#fff4d6,stroke:#9a6700,color:#1f2328
          classDef moved fill:#e7f0fd,stroke:#0969da,color:#1f2328
          classDef context fill:#f6f8fa,stroke:#6e7781,color:#1f2328,stroke-dasharray:4 3

        """
}
