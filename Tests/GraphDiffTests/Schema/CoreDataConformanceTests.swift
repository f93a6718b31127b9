import Foundation
import XCTest
@testable import GraphDiff

/// Imports every real model file in ../shared/conformance/coredata (copied
/// from public projects; see its README): each must give a valid schema
/// that survives its own encoding, with exactly the notes listed here.
final class CoreDataConformanceTests: XCTestCase {
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/coredata")

    static let layout = "model: the <elements> layout block is not kept"
    /// File (relative to the folder) → its notes.
    static let expectedNotes: [String: [String]] = [
        "JohnEstropia__CoreStore/Advanced.EvolutionDemo.V1.xcdatamodeld/Advanced.EvolutionDemo.V1.xcdatamodel.contents": [layout],
        "JohnEstropia__CoreStore/Advanced.EvolutionDemo.V1.xcdatamodeld/Advanced.EvolutionDemo.V2.xcdatamodel.contents": [layout],
        "JohnEstropia__CoreStore/Advanced.EvolutionDemo.V2.xcdatamodeld/Advanced.EvolutionDemo.V2.xcdatamodel.contents": [layout],
        "JohnEstropia__CoreStore/Advanced.EvolutionDemo.xcdatamodeld/Advanced.EvolutionDemo.V2.xcdatamodel.contents": [layout],
        "JohnEstropia__CoreStore/Advanced.EvolutionDemo.xcdatamodeld/Advanced.EvolutionDemo.xcdatamodel.contents": [layout],
        "JohnEstropia__CoreStore/Classic.ColorsDemo.xcdatamodeld/ColorsDemo.xcdatamodel.contents": [
            "Palette.testFetchProperty: fetched property: not imported", layout,
        ],
        "JohnEstropia__CoreStore/Model.xcdatamodeld/Model.xcdatamodel.contents": [
            #"TestEntity2.testToManyOrdered: ordered: chain links "TestEntity2.testToManyOrderedPrev" and "TestEntity2.testToManyOrderedNext" added to the member entity"#,
            #"model: configuration "Config1" is not kept"#,
            #"model: configuration "Config2" is not kept"#,
        ],
        "SwiftGen__SwiftGen/Model.xcdatamodeld/Model 2.xcdatamodel.contents": [
            #"ChildEntity.canonicalOptionalString: derived attribute: its expression "canonical:(optionalString)" is not kept; imported as a stored attribute"#,
            #"ChildEntity.derivedCount: derived attribute: its expression "oneToMany.@count" is not kept; imported as a stored attribute"#,
            #"ChildEntity.now: derived attribute: its expression "now()" is not kept; imported as a stored attribute"#,
            "MainEntity.fetchedProperty: fetched property: not imported",
            #"MainEntity.oneToMany: ordered: chain links "SecondaryEntity.oneToManyPrev" and "SecondaryEntity.oneToManyNext" added to the member entity"#,
            #"NewEntity: fetch index "byIdentifierIndex" is not kept"#,
            #"NewEntity: identity "identifier" (from uniqueness constraint) is not used, as a sub-entity has the identity of its root: the identity stays implicit"#,
            #"model: configuration "Custom" is not kept"#,
            #"model: fetch request "DictionaryFetchRequest" is not kept"#,
            #"model: fetch request "ObjectFetchRequest" is not kept"#,
            #"model: fetch request "ObjectIDFetchRequest" is not kept"#,
            layout,
        ],
        "SwiftGen__SwiftGen/Model.xcdatamodeld/Model.xcdatamodel.contents": [layout],
        "phimage__MomXML/Model.xcdatamodeld/Model.xcdatamodel.contents": [
            #"Produit.attribute1: composite "Composite" is imported as json; its fields are not checked"#,
        ],
        // favorites: a chain in version 3 (to-one inverse), an array in version 4 (to-many inverse).
        "duckduckgo__BrowserServicesKit/BookmarksModel.xcdatamodeld/BookmarksModel 3.xcdatamodel.contents": bookmarks + [
            #"BookmarkEntity.favorites: ordered: chain links "BookmarkEntity.favoritesPrev" and "BookmarkEntity.favoritesNext" added to the member entity"#,
        ],
        "duckduckgo__BrowserServicesKit/BookmarksModel.xcdatamodeld/BookmarksModel 4.xcdatamodel.contents": bookmarks,
        "artsy__energy/ArtsyPartner.xcdatamodeld/ArtsyPartner.xcdatamodel.contents": [
            #"Image.artist: its inverse "Artist.thumbnail" names "Image.thumbnail" back, which claims it too: imported as a one-way reference"#,
            layout,
            #"model: unknown XML attribute "name" on <model>: skipped"#,
        ],
    ]

    static let bookmarks = [
        #"BookmarkEntity: fetch index "byIsPendingDeletion" is not kept"#,
        #"BookmarkEntity: fetch index "byURL" is not kept"#,
        #"BookmarkEntity: fetch index "byUUID" is not kept"#,
        #"BookmarkEntity.children: ordered: chain links "BookmarkEntity.childrenPrev" and "BookmarkEntity.childrenNext" added to the member entity"#,
    ]

    /// Every ordered to-many of every real model is ordered in its import.
    func test_everyOrderedRelationship_staysOrdered() throws {
        var seen = 0
        for file in try modelFiles() {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
            let model = try CoreDataModel.parse(bytes)
            let schema = try CoreDataImport.load(bytes, name: "Model").schema
            for e in model.entities {
                for r in e.relationships where r.isOrdered && r.isToMany && !r.isTransient {
                    seen += 1
                    XCTAssertNotNil(schema.entity(named: e.name)?.property(named: r.name)?.relationship?.ordered, "\(file): \(e.name).\(r.name)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(seen, 6)
    }

    func modelFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: Self.folder.path) else {
            throw XCTSkip("\(Self.folder.path) is absent: the import of real Core Data models is not checked")
        }
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".xcdatamodel.contents") }.sorted()
    }

    func test_everyRealModel_importsToAValidSchema_withTheExpectedNotes() throws {
        let files = try modelFiles()
        XCTAssertEqual(Set(files), Set(Self.expectedNotes.keys))
        for file in files {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
            let imported = try CoreDataImport.load(bytes, name: "Model")
            XCTAssertEqual(imported.notes.map(\.description), Self.expectedNotes[file] ?? [], file)
            // The document is what the schema encodes to, and reads back as it.
            let reread = try Schema.load(JSONWriter.canonical(imported.document))
            XCTAssertEqual(reread.fingerprint, imported.schema.fingerprint, file)
            XCTAssertEqual(JSONWriter.canonical(imported.schema.encoded()), JSONWriter.canonical(imported.document), file)
        }
    }

    func test_theRealXCCurrentVersionFiles_pickTheirVersion() throws {
        _ = try modelFiles()
        func plist(_ model: String) throws -> [UInt8] {
            Array(try Data(contentsOf: Self.folder.appendingPathComponent(model).appendingPathComponent("xccurrentversion.plist")))
        }
        let swiftGen = try CoreDataModelVersions.select(
            from: ["Model.xcdatamodel", "Model 2.xcdatamodel"],
            currentVersionPlist: plist("SwiftGen__SwiftGen/Model.xcdatamodeld"), requested: nil)
        XCTAssertEqual(swiftGen.version, "Model 2.xcdatamodel")
        XCTAssertNil(swiftGen.note)
        let earlyCurrent = try CoreDataModelVersions.select(
            from: ["Advanced.EvolutionDemo.V1.xcdatamodel", "Advanced.EvolutionDemo.V2.xcdatamodel"],
            currentVersionPlist: plist("JohnEstropia__CoreStore/Advanced.EvolutionDemo.V1.xcdatamodeld"), requested: nil)
        XCTAssertEqual(earlyCurrent.version, "Advanced.EvolutionDemo.V1.xcdatamodel")
        let none = try CoreDataModelVersions.select(
            from: ["Advanced.EvolutionDemo.xcdatamodel", "Advanced.EvolutionDemo.V2.xcdatamodel"],
            currentVersionPlist: plist("JohnEstropia__CoreStore/Advanced.EvolutionDemo.xcdatamodeld"), requested: nil)
        XCTAssertEqual(none.version, "Advanced.EvolutionDemo.V2.xcdatamodel")
        XCTAssertEqual(none.note?.description, #".xccurrentversion: names no current version: using the newest, "Advanced.EvolutionDemo.V2""#)
    }
}
