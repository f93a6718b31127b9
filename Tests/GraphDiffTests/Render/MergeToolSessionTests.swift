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
            conflict 3 of 3  (0 settled)  doc.json
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
            "summary: 2 of 3 settled  doc.json",
            String(repeating: "-", count: 60),
            " 1. /tags: union",
            " 2. /title: theirs",
            " 3. /order: (none)",
        ])
        XCTAssertEqual(summary[9], "every conflict needs a choice before writing")
        // Writing needs a choice for every conflict (git mergetool would put the old file back).
        XCTAssertEqual(session.press("y"), .none)
        XCTAssertEqual(session.message, "1 without a choice: n goes back to them")
        XCTAssertEqual(session.press("n"), .none)
        XCTAssertEqual(session.phase, .choosing)
        XCTAssertEqual(session.current, 2)
        XCTAssertEqual(session.press("b"), .none)
        XCTAssertEqual(session.press("w"), .none)
        XCTAssertEqual(session.press("y"), .write)
        // The choices as decisions: each side recorded for its conflict.
        let decisions = session.decisions(adding: MergeDecisions())
        XCTAssertEqual(decisions.recorded.count, 3)
        XCTAssertEqual(session.press("q"), .quit)
    }

    func test_eachColumnSaysHowManyOfItsLinesAreLeftOut_andOrdersAreNoPropertyToEdit() throws {
        let big = JSONValue.object(JSONObject((0..<30).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) }))
        let c = MergeConflict(kind: .property, path: JSONPointer(["v"]), base: try json(#"{"k": 1}"#), mine: big, theirs: "just a string")
        let screen = MergeToolSession(conflicts: [c], file: "v.json").screen(width: 80, height: 24)
        let last = screen.last { $0.contains("more lines") } ?? ""
        XCTAssertEqual(last, Self.row(["", "… 17 more lines", ""]), screen.joined(separator: "\n"))
        // A place in an order: not a property's value.
        let order = MergeConflict(kind: .insertInsert, entity: "TaskList", identity: "L", property: "items", path: JSONPointer(["objects", "TaskList", "L", "items"]),
                                  base: nil, mine: try json(#"{"member": "n", "after": "a"}"#), theirs: try json(#"{"member": "n", "after": "b"}"#))
        XCTAssertFalse(MergeToolSession.canEdit(order))
        var session = MergeToolSession(conflicts: [order], file: "l.json", remembered: 2)
        XCTAssertEqual(session.message, "2 settled from earlier decisions")
        XCTAssertEqual(session.press("e"), .none)
        XCTAssertEqual(session.message, "only a property's value can be edited; choose a side")
    }

    /// Three cells as the 80-column screen writes them.
    static func row(_ cells: [String]) -> String {
        cells.map { $0 + String(repeating: " ", count: max(0, 24 - $0.count)) }.joined(separator: " | ")
    }

    func test_narrowTerminal_keepsTheCountAndTheKeys() throws {
        let base = String(repeating: "word ", count: 30)
        let c = MergeConflict(kind: .property, path: JSONPointer(["note"]), base: .string(base),
                              mine: .string(base + "mine"), theirs: .string(base + "theirs"))
        let screen = MergeToolSession(conflicts: [c], file: "a-long-file-name.json", remembered: 0).screen(width: 40, height: 10)
        XCTAssertEqual(screen.count, 10)
        XCTAssertTrue(screen[0].hasPrefix("conflict 1 of 1  (0 settled)"), screen[0])
        XCTAssertEqual(Array(screen.suffix(2)), ["m mine t theirs b base u union e edit", "n/p next/prev z undo w write q quit"])
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
