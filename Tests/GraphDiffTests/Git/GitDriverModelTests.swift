import XCTest
@testable import GraphDiff

/// The git diff driver on Core Data model files: which paths are model
/// files, the schema diff of two versions, noise, and the step down to lines.
final class GitDriverModelTests: XCTestCase {
    func model(_ tools: String, _ attributes: String) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="\(tools)" systemVersion="2\(tools)" minimumToolsVersion="Automatic" sourceLanguage="Swift">
                <entity name="Note" representedClassName="Note" syncable="YES">
            \(attributes)
                </entity>
            </model>

            """.utf8)
    }

    func describe(_ old: [UInt8]?, _ new: [UInt8]?, path: String = "M.xcdatamodeld/M.xcdatamodel/contents") -> GitDiffDriver.Report {
        GitDiffDriver.describe(path: path, newPath: path, old: old, new: new, schema: nil, color: false)
    }

    func text(_ r: GitDiffDriver.Report) -> String { String(decoding: r.text, as: UTF8.self) }

    func test_isModelFile() {
        XCTAssertTrue(GitDiffDriver.isModelFile("M.xcdatamodel/contents"))
        XCTAssertTrue(GitDiffDriver.isModelFile("a/b/M.xcdatamodeld/M 2.xcdatamodel/contents"))
        XCTAssertFalse(GitDiffDriver.isModelFile("contents"))
        XCTAssertFalse(GitDiffDriver.isModelFile("M.xcdatamodel/contents.bak"))
        XCTAssertFalse(GitDiffDriver.isModelFile("M.xcdatamodeld/contents"))
        XCTAssertFalse(GitDiffDriver.isModelFile("M.graph.json"))
    }

    func test_twoVersions_schemaDiff() {
        let old = model("1", #"        <attribute name="title" attributeType="String"/>"#)
        let new = model("1", """
                    <attribute name="heading" attributeType="String" elementID="title"/>
                    <attribute name="pinned" attributeType="Boolean" usesScalarValueType="YES"/>
            """)
        let r = describe(old, new)
        XCTAssertTrue(r.different)
        XCTAssertNil(r.note)
        XCTAssertEqual(text(r), """
            --- a/M.xcdatamodeld/M.xcdatamodel/contents
            +++ b/M.xcdatamodeld/M.xcdatamodel/contents
            ~ Note
                ~ heading: renamed from title  (inferred: paired by its renaming identifier)
                + pinned  (mapping: required without a default)

            2 changes: 1 inferred, 1 needs a mapping

            """)
    }

    func test_toolVersionsAndOrderOnly_areNoChange() {
        let old = model("1", """
                    <attribute name="a" attributeType="String"/>
                    <attribute name="b" optional="YES" attributeType="String"/>
            """)
        let new = model("2", """
                    <attribute name="b" optional="YES" attributeType="String"/>
                    <attribute name="a" attributeType="String"/>
            """)
        XCTAssertNotEqual(old, new)
        let r = describe(old, new)
        XCTAssertFalse(r.different)
        XCTAssertEqual(r.text, [])
        XCTAssertNil(r.note)
    }

    func test_addedFile_everyEntityAdded() {
        let r = describe(nil, model("1", #"        <attribute name="a" attributeType="String"/>"#))
        XCTAssertEqual(text(r), """
            --- /dev/null
            +++ b/M.xcdatamodeld/M.xcdatamodel/contents
            + Note  (inferred: new entity, no existing objects)

            1 change: 1 inferred, 0 need a mapping

            """)
    }

    func test_versionThatDoesNotImport_isDiffedByLines_withANote() {
        let old = model("1", #"        <attribute name="a" attributeType="String"/>"#)
        let new = Array("<model>\n  <bogus/>\n</model>\n".utf8)
        let r = describe(old, new)
        XCTAssertTrue(r.different)
        XCTAssertEqual(r.note.map { String($0.prefix(54)) }, "diffing by lines: new is not a Core Data model that im")
        XCTAssertTrue(text(r).hasPrefix("--- a/M.xcdatamodeld/M.xcdatamodel/contents\n+++ b/M.xcdatamodeld/M.xcdatamodel/contents\n@@ "), text(r))
    }

    func test_otherXMLFiles_stayLineDiffs() {
        let r = describe(model("1", ""), model("2", ""), path: "notes/contents")
        XCTAssertEqual(r.note?.hasPrefix("diffing by lines: old is not JSON"), true, "\(r.note ?? "")")
    }
}
