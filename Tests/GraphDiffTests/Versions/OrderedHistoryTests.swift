import Foundation
import XCTest
@testable import GraphDiff

/// A real model's history (../shared/conformance/coredata): the bookmarks
/// model's `favorites` is an ordered to-many with a to-one inverse in
/// version 3 (a chain) and stays ordered while its inverse becomes a
/// to-many in version 4 (an ordered many-to-many: an array). schema diff
/// reports one change of storage, and migrate keeps every folder's order.
final class OrderedHistoryTests: XCTestCase {
    func bookmarks(_ version: Int) throws -> Schema {
        guard let dir = conformanceDirectory() else { throw XCTSkip("../shared/conformance is absent; the bookmarks history is not checked") }
        let url = dir.appendingPathComponent("coredata/duckduckgo__BrowserServicesKit/BookmarksModel.xcdatamodeld/BookmarksModel \(version).xcdatamodel.contents")
        return try CoreDataImport.load(Array(try Data(contentsOf: url)), name: "BookmarksModel",
                                       options: .init(identities: ["BookmarkEntity": "uuid"])).schema
    }

    func test_schemaDiff_reportsTheStorageChange_notTheChainLinks() throws {
        let changes = SchemaDiff.changes(from: try bookmarks(3), to: try bookmarks(4))
        XCTAssertEqual(changes.map { c in
            "\(c.kind.rawValue) \(c.entity).\(c.property ?? "") \(c.aspect ?? "") \(c.oldValue.map { JSONWriter.string($0) } ?? "") → \(c.newValue.map { JSONWriter.string($0) } ?? "") (\(c.migration.rawValue): \(c.reason))"
        }, [
            "renamed BookmarkEntity.favoriteFolders   →  (inferred: paired by its renaming identifier)",
            "modified BookmarkEntity.favoriteFolders toMany false → true (inferred: a to-one becomes a to-many: each reference becomes a list of one)",
            #"modified BookmarkEntity.favorites ordered {"prev":"favoritesPrev","next":"favoritesNext"} → "array" (inferred: each owner's order is kept: chain → array)"#,
        ])
    }

    func test_migrate_keepsEveryFavoritesOrder() throws {
        let v3 = try bookmarks(3), v4 = try bookmarks(4)
        // Two folders of favourites; b2 is a favourite of none.
        var text = #"{"objects": {"BookmarkEntity": {"#
        func bookmark(_ id: String, folder: Bool = false, parent: String? = "root", favoriteFolder: String? = nil,
                      children: (String?, String?) = (nil, nil), favorites: (String?, String?) = (nil, nil)) -> String {
            func ref(_ s: String?) -> String { s.map { "\"\($0)\"" } ?? "null" }
            return #""\#(id)": {"isFolder": \#(folder), "title": "\#(id)", "url": null, "modifiedAt": null, "isPendingDeletion": false, "parent": \#(ref(parent)), "favoriteFolder": \#(ref(favoriteFolder)), "childrenPrev": \#(ref(children.0)), "childrenNext": \#(ref(children.1)), "favoritesPrev": \#(ref(favorites.0)), "favoritesNext": \#(ref(favorites.1))}"#
        }
        text += [
            bookmark("root", folder: true, parent: nil),
            bookmark("f1", folder: true, parent: nil), bookmark("f2", folder: true, parent: nil),
            // root's children: b1 b2 b3 b4; f1's favourites: b3 b1 b4; f2's: b2.
            bookmark("b1", favoriteFolder: "f1", children: (nil, "b2"), favorites: ("b3", "b4")),
            bookmark("b2", favoriteFolder: "f2", children: ("b1", "b3")),
            bookmark("b3", favoriteFolder: "f1", children: ("b2", "b4"), favorites: (nil, "b1")),
            bookmark("b4", favoriteFolder: "f1", children: ("b3", nil), favorites: ("b1", nil)),
        ].joined(separator: ",") + "}}}"
        let graph = try Graph.load(Array(text.utf8), schema: v3)
        let migrated = try graph.migrated(to: v4)
        XCTAssertEqual(migrated.consistencyProblems(), [])
        guard let favorites = v4.entity(named: "BookmarkEntity")?.property(named: "favorites")?.relationship,
            let children = v4.entity(named: "BookmarkEntity")?.property(named: "children")?.relationship
        else { return XCTFail("no favorites") }
        func order(_ owner: String, _ r: Relationship) -> [String] {
            migrated.order(of: ObjectID(entity: "BookmarkEntity", identity: owner), through: r).map(\.identity)
        }
        XCTAssertEqual(order("f1", favorites), ["b3", "b1", "b4"])
        XCTAssertEqual(order("f2", favorites), ["b2"])
        XCTAssertEqual(order("root", children), ["b1", "b2", "b3", "b4"])
        XCTAssertEqual(migrated.value(of: ObjectID(entity: "BookmarkEntity", identity: "b1"), "favoriteFolders"), ["f1"])
        XCTAssertEqual(migrated.value(of: ObjectID(entity: "BookmarkEntity", identity: "root"), "favoriteFolders"), [])
        // And back: the array becomes a chain again, in the same order (a
        // to-many that becomes a to-one needs a mapping, so only the
        // order's storage is tried here, through a schema without that change).
        XCTAssertEqual(Migration(from: v4, to: v3).mappingChanges.map(\.aspect), ["toMany"])
    }
}
