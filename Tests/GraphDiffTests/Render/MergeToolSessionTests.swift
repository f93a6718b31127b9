import XCTest
@testable import GraphDiff

/// The mergetool's session as a value: keys, choices, undo, the screens.
final class MergeToolSessionTests: XCTestCase {
    func conflicts() throws -> [MergeConflict] {
        let b = try json(#"{"tags": ["a", "b"], "title": "x", "order": ["p", "q", "r"]}"#)
        let m = try json(#"{"tags": ["a", "b", "c"], "title": "y", "order": ["q", "p", "r"]}"#)
        let t = try json(#"{"tags": ["b", "d"], "title": "z", "order": ["p", "r", "q"]}"#)
        return JSONMerge.merge(base: b, mine: m, theirs: t).conflicts
    }

    func test_screen_showsTheThreeVersionsSideBySide_andTheKeys() throws {
        var session = MergeToolSession(conflicts: try conflicts(), file: "doc.json")
        XCTAssertEqual(session.conflicts.map(\.subject), ["/tags", "/title", "/order"])
        // An order, one member a line; the keys on two lines when narrow.
        _ = session.press("p")
        XCTAssertEqual(session.screen(width: 60, height: 14).joined(separator: "\n"), """
            graphdiff mergetool  doc.json  conflict 3 of 3  (0 settled)
            /order: array changed differently
            ------------------------------------------------------------
            BASE               | MINE               | THEIRS            
            1. q               | 1. r               | 1. r              
            2. r               |                    | 2. q              




            choice: (none)
            ------------------------------------------------------------
            m mine t theirs b base u union e edit
            n/p next/prev z undo w write q quit
            """)
    }

    func test_keys_chooseMoveUndo_andSummary() throws {
        var session = MergeToolSession(conflicts: try conflicts(), file: "doc.json")
        XCTAssertEqual(session.press("e"), .none, "an array stretch is no property's value")
        XCTAssertEqual(session.message, "only a property's value can be edited; choose a side")
        XCTAssertEqual(session.press("u"), .none)
        XCTAssertEqual(session.choices[0], .side(.union))
        XCTAssertEqual(session.current, 1, "on to the next without a choice")
        XCTAssertEqual(session.press("u"), .none)
        XCTAssertEqual(session.message, "union applies only to arrays")
        XCTAssertEqual(session.press("e"), .edit(.string("y")), "mine's value to start from")
        session.edited(.string("w"))
        XCTAssertEqual(session.current, 2)
        XCTAssertEqual(session.press("z"), .none)
        XCTAssertEqual([session.current, session.settled], [1, 1])
        XCTAssertEqual(session.press("t"), .none)
        XCTAssertEqual(session.press("p"), .none)
        XCTAssertEqual(session.current, 1)
        XCTAssertEqual(session.press("w"), .none)
        XCTAssertEqual(session.phase, .summary)
        let summary = session.screen(width: 60, height: 12)
        XCTAssertEqual(Array(summary.prefix(5)), [
            "graphdiff mergetool  doc.json  summary: 2 of 3 settled",
            String(repeating: "-", count: 60),
            " 1. /tags: union",
            " 2. /title: theirs",
            " 3. /order: (none)",
        ])
        XCTAssertEqual(summary[9], "the conflicts without a choice stay marked")
        XCTAssertEqual(session.press("n"), .none)
        XCTAssertEqual(session.phase, .choosing)
        XCTAssertEqual(session.press("w"), .none)
        XCTAssertEqual(session.press("y"), .write)
        // The choices as decisions: each side recorded for its conflict.
        let decisions = session.decisions(adding: MergeDecisions())
        XCTAssertEqual(decisions.recorded.count, 2)
        XCTAssertEqual(session.press("q"), .quit)
    }

    func test_longStrings_areShownWordByWord_andWrappedInTheirColumns() throws {
        let base = "The quick brown fox jumps over the lazy dog near the river bank in the early morning light today"
        let c = MergeConflict(kind: .property, path: JSONPointer(["note"]), base: .string(base),
                              mine: .string(base.replacingOccurrences(of: "lazy", with: "sleepy")),
                              theirs: .string(base.replacingOccurrences(of: "river", with: "lake")))
        let screen = MergeToolSession(conflicts: [c], file: "n.json").screen(width: 80, height: 24)
        XCTAssertTrue(screen.contains("mine: \"…brown fox jumps over the [-lazy-]{+sleepy+} dog near the river bank…\""), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains("theirs: \"…the lazy dog near the [-river-]{+lake+} bank in the early morning…\""), screen.joined(separator: "\n"))
        XCTAssertEqual(screen[4], "\"The quick brown fox jum | \"The quick brown fox jum | \"The quick brown fox jum")
        XCTAssertEqual(screen.count, 24)
        XCTAssertTrue(screen.allSatisfy { $0.unicodeScalars.count <= 80 })
    }
}
