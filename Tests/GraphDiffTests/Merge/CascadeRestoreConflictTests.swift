import XCTest
@testable import GraphDiff

/// An object kept by a delete/modify conflict brings back what it refers to
/// that the deleting side deleted; each such reference is a conflict of its
/// own, under every preference (issue 25, finding 3).
final class CascadeRestoreConflictTests: XCTestCase {
    /// Boards own lists, lists own items (cascade both ways down).
    let schema = """
        {"format":"graphdiff-schema/1","name":"B","entities":{
         "Board":{"attributes":{"title":{"type":"string"}},"relationships":{
           "lists":{"destination":"List","inverse":"board","toMany":true,"deleteRule":"cascade"}}},
         "List":{"attributes":{"title":{"type":"string"}},"relationships":{
           "board":{"destination":"Board","inverse":"lists"},
           "items":{"destination":"Item","inverse":"list","toMany":true,"deleteRule":"cascade"}}},
         "Item":{"attributes":{"title":{"type":"string"}},"relationships":{
           "list":{"destination":"List","inverse":"items"}}}}}
        """

    func graph(_ objects: String) throws -> Graph {
        try Graph.load(Array("{\"objects\":{\(objects)}}".utf8), schema: Schema.load(Array(schema.utf8)))
    }

    static let board = #""Board":{"B":{"title":"Home"}}"#
    static let lists = #""List":{"A":{"title":"Chores","board":"B"},"Z":{"title":"Other","board":"B"}}"#
    static let items = #""Item":{"a1":{"title":"Vacuum","list":"A"},"a2":{"title":"Laundry","list":"A"},"z1":{"title":"Rest","list":"Z"}}"#

    /// One line per conflict: kind, place, and how it was settled.
    func lines(_ r: MergeResult) -> [String] {
        r.conflicts.map { "\($0.kind) \($0.entity ?? "") \($0.identity ?? "")\($0.property.map { ".\($0)" } ?? "") \($0.resolvedBy?.rawValue ?? "open")" }
    }

    func merges(_ b: Graph, _ m: Graph, _ t: Graph) throws -> [MergeSide?: MergeResult] {
        var results: [MergeSide?: MergeResult] = [:]
        for prefer in [nil, MergeSide.mine, .theirs] {
            let r = try Graph.merge(base: b, mine: m, theirs: t, prefer: prefer)
            XCTAssertNoThrow(try Graph.load(r.graph.canonicalText(), schema: r.graph.schema), "valid under \(String(describing: prefer))")
            results[prefer] = r
        }
        return results
    }

    func test_deletedListKeptForARenamedItem_isAConflictNamingTheList_underEveryPreference() throws {
        let base = try graph([Self.board, Self.lists, Self.items].joined(separator: ","))
        // Mine deletes list A (and so its items); theirs renames a2.
        let mine = try graph([Self.board, #""List":{"Z":{"title":"Other","board":"B"}}"#, #""Item":{"z1":{"title":"Rest","list":"Z"}}"#].joined(separator: ","))
        let theirs = try graph([Self.board, Self.lists, Self.items.replacingOccurrences(of: "Laundry", with: "Laundry (dark)")].joined(separator: ","))
        let r = try merges(base, mine, theirs)
        XCTAssertEqual(lines(try XCTUnwrap(r[nil])), ["deleteModify Item a2 open", "deletedReference Item a2.list open"])
        XCTAssertEqual(lines(try XCTUnwrap(r[.mine])), ["deleteModify Item a2 mine", "deletedReference Item a2.list mine"])
        XCTAssertEqual(lines(try XCTUnwrap(r[.theirs])), ["deleteModify Item a2 theirs", "deletedReference Item a2.list theirs"])
        let restore = try XCTUnwrap(r[nil]?.conflicts.last)
        XCTAssertEqual(restore.base, "A")
        XCTAssertNil(restore.mine)
        XCTAssertEqual(restore.theirs, "A")
        XCTAssertEqual(restore.description, #"Item "a2".list: refers to an object the other side deleted: base "A", mine (absent), theirs "A""#)
        let a = ObjectID(entity: "List", identity: "A")
        XCTAssertNotNil(r[nil]?.graph.objects[a], "open: a2 and the list it needs stay")
        XCTAssertNotNil(r[.theirs]?.graph.objects[a])
        XCTAssertNil(r[.mine]?.graph.objects[a], "mine's delete wins whole")
        XCTAssertNil(r[.mine]?.graph.objects[ObjectID(entity: "Item", identity: "a2")])
    }

    func test_restoresThroughTwoLevels_areEachAConflict() throws {
        let base = try graph([Self.board, Self.lists, Self.items].joined(separator: ","))
        // Theirs deletes the board and everything in it; mine renames a2.
        let mine = try graph([Self.board, Self.lists, Self.items.replacingOccurrences(of: "Laundry", with: "Wash")].joined(separator: ","))
        let theirs = try graph("")
        let r = try merges(base, mine, theirs)
        XCTAssertEqual(lines(try XCTUnwrap(r[nil])), ["deleteModify Item a2 open", "deletedReference Item a2.list open", "deletedReference List A.board open"])
        XCTAssertEqual(lines(try XCTUnwrap(r[.theirs])).map { $0.replacingOccurrences(of: " theirs", with: "") },
                       lines(try XCTUnwrap(r[.mine])).map { $0.replacingOccurrences(of: " mine", with: "") })
        let kept = try XCTUnwrap(r[.mine]).graph
        XCTAssertEqual(kept.objects.count, 3, "a2, its list and the list's board: nothing else comes back")
        XCTAssertEqual(try XCTUnwrap(r[.theirs]).graph.objects.count, 0)
    }

    func test_anObjectTheKeepingSideChanged_hasItsOwnConflict_notARestore() throws {
        let base = try graph([Self.board, Self.lists, Self.items].joined(separator: ","))
        let mine = try graph([Self.board, #""List":{"Z":{"title":"Other","board":"B"}}"#, #""Item":{"z1":{"title":"Rest","list":"Z"}}"#].joined(separator: ","))
        // Theirs renames both a2 and its list.
        let theirs = try graph([Self.board, Self.lists.replacingOccurrences(of: "Chores", with: "Jobs"),
                                Self.items.replacingOccurrences(of: "Laundry", with: "Laundry (dark)")].joined(separator: ","))
        let r = try merges(base, mine, theirs)
        XCTAssertEqual(lines(try XCTUnwrap(r[nil])), ["deleteModify Item a2 open", "deleteModify List A open"])
    }

    func test_aDeleteModifyWithNothingDeletedBehind_addsNoConflict() throws {
        let base = try graph([Self.board, Self.lists, Self.items].joined(separator: ","))
        // Mine deletes a2 alone; theirs renames it: its list is still there.
        let mine = try graph([Self.board, Self.lists, #""Item":{"a1":{"title":"Vacuum","list":"A"},"z1":{"title":"Rest","list":"Z"}}"#].joined(separator: ","))
        let theirs = try graph([Self.board, Self.lists, Self.items.replacingOccurrences(of: "Laundry", with: "Laundry (dark)")].joined(separator: ","))
        XCTAssertEqual(lines(try XCTUnwrap(merges(base, mine, theirs)[nil])), ["deleteModify Item a2 open"])
    }
}
