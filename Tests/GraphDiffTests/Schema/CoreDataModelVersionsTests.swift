import Foundation
import XCTest
@testable import GraphDiff

func currentVersionPlist(_ name: String?) -> [UInt8] {
    let body = name.map { "<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>\($0)</string>\n</dict>" } ?? "<dict/>"
    return Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """.utf8)
}

final class CoreDataModelVersionsTests: XCTestCase {
    let versions = ["Model 10.xcdatamodel", "Model.xcdatamodel", "Model 2.xcdatamodel", "Model 9.xcdatamodel"]

    func test_theCurrentVersion_isTheOneXCCurrentVersionNames() throws {
        let chosen = try CoreDataModelVersions.select(from: versions, currentVersionPlist: currentVersionPlist("Model 2.xcdatamodel"), requested: nil)
        XCTAssertEqual(chosen.version, "Model 2.xcdatamodel")
        XCTAssertNil(chosen.note)
    }

    func test_withoutXCCurrentVersion_theNewestByNaturalSort() throws {
        let chosen = try CoreDataModelVersions.select(from: versions, currentVersionPlist: nil, requested: nil)
        XCTAssertEqual(chosen.version, "Model 10.xcdatamodel")
        XCTAssertNil(chosen.note)
        XCTAssertEqual(versions.sorted(by: CoreDataModelVersions.naturallyPrecedes),
                       ["Model.xcdatamodel", "Model 2.xcdatamodel", "Model 9.xcdatamodel", "Model 10.xcdatamodel"])
        XCTAssertEqual(["v1.10", "v1.9", "v01.9", "v1.09b", "v1.9a"].sorted(by: CoreDataModelVersions.naturallyPrecedes),
                       ["v01.9", "v1.9", "v1.9a", "v1.09b", "v1.10"])
    }

    func test_anXCCurrentVersionThatNamesNothingUsable_fallsBackToTheNewest_withANote() throws {
        let empty = try CoreDataModelVersions.select(from: versions, currentVersionPlist: currentVersionPlist(nil), requested: nil)
        XCTAssertEqual(empty.version, "Model 10.xcdatamodel")
        XCTAssertEqual(empty.note?.description, #".xccurrentversion: names no current version: using the newest, "Model 10""#)
        let missing = try CoreDataModelVersions.select(from: versions, currentVersionPlist: currentVersionPlist("Model 3.xcdatamodel"), requested: nil)
        XCTAssertEqual(missing.version, "Model 10.xcdatamodel")
        XCTAssertEqual(missing.note?.description, #".xccurrentversion: names "Model 3", which is not in the model: using the newest, "Model 10""#)
        let garbage = try CoreDataModelVersions.select(from: versions, currentVersionPlist: Array("not a plist".utf8), requested: nil)
        XCTAssertEqual(garbage.version, "Model 10.xcdatamodel")
        XCTAssertEqual(garbage.note?.description, #".xccurrentversion: names no current version: using the newest, "Model 10""#)
    }

    func test_requestedVersion_withOrWithoutExtension_winsOverTheCurrentOne() throws {
        for name in ["Model", "Model.xcdatamodel"] {
            let chosen = try CoreDataModelVersions.select(from: versions, currentVersionPlist: currentVersionPlist("Model 2.xcdatamodel"), requested: name)
            XCTAssertEqual(chosen.version, "Model.xcdatamodel")
        }
    }

    func test_unknownRequestedVersion_orNoVersion_isAnError_listingTheVersions() {
        XCTAssertThrowsError(try CoreDataModelVersions.select(from: versions, currentVersionPlist: nil, requested: "Model 3")) {
            XCTAssertEqual(($0 as? SchemaError)?.description,
                           #"--version: no version "Model 3" in the model; its versions: "Model", "Model 2", "Model 9", "Model 10""#)
        }
        XCTAssertThrowsError(try CoreDataModelVersions.select(from: [], currentVersionPlist: nil, requested: nil)) {
            XCTAssertEqual(($0 as? SchemaError)?.description, "versions: no .xcdatamodel version in the folder")
        }
    }
}
