import Foundation
import XCTest

/// The diff driver for Core Data model files: `git diff` and
/// `git log -p --ext-diff` show the schema diff of the versions of a
/// `*.xcdatamodel/contents` file, and nothing for what Xcode rewrites
/// without changing the model.
final class GitModelDiffTests: XCTestCase {
    static let path = "Notes.xcdatamodeld/Notes.xcdatamodel/contents"

    static func model(tools: String, system: String, _ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="\(tools)" systemVersion="\(system)" minimumToolsVersion="Automatic" sourceLanguage="Swift">
        \(body)
        </model>

        """
    }

    static let v1 = model(tools: "22522", system: "23A344", """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="body" optional="YES" attributeType="String"/>
                <attribute name="title" attributeType="String"/>
            </entity>
        """)
    /// v1 as a newer Xcode saves it: other tool versions, attributes in another order.
    static let v1Resaved = model(tools: "23231", system: "24A335", """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="title" attributeType="String"/>
                <attribute name="body" optional="YES" attributeType="String"/>
            </entity>
        """)
    static let v2 = model(tools: "23231", system: "24A335", """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="body" optional="YES" attributeType="String"/>
                <attribute name="heading" attributeType="String" elementID="title"/>
                <attribute name="pinned" attributeType="Boolean" usesScalarValueType="YES"/>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="label" optional="YES" attributeType="String"/>
            </entity>
        """)

    /// What git shows for the change from v1 to v2.
    static let v1ToV2 = """
        diff --git a/Notes.xcdatamodeld/Notes.xcdatamodel/contents b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
        --- a/Notes.xcdatamodeld/Notes.xcdatamodel/contents
        +++ b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
        ~ Note
            ~ heading: renamed from title  (inferred: paired by its renaming identifier)
            + pinned  (mapping: required without a default)
        + Tag  (inferred: new entity, no existing objects)

        3 changes: 2 inferred, 1 needs a mapping

        """

    func repository() throws -> GitIntegrationTests.Repo {
        let repo = try GitIntegrationTests.Repo(self)
        let r = repo.tool("git", "install", "--force")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("added to \(repo.dir.path)/.gitattributes: **/*.xcdatamodel/contents diff=graphdiff\n"), r.stdout)
        try FileManager.default.createDirectory(at: repo.dir.appendingPathComponent("Notes.xcdatamodeld/Notes.xcdatamodel"),
                                                withIntermediateDirectories: true)
        return repo
    }

    func test_logPatch_showsSchemaDiffs_andNothingForAResave() throws {
        let repo = try repository()
        try repo.write(Self.path, Self.v1)
        repo.commit("v1")
        try repo.write(Self.path, Self.v1Resaved)
        repo.commit("resaved by a newer Xcode")
        try repo.write(Self.path, Self.v2)
        repo.commit("v2")
        let log = repo.git("log", "-p", "--ext-diff", "--format=%s", "--", Self.path)
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(log.stdout, "v2\n\n" + Self.v1ToV2 + """
            resaved by a newer Xcode

            v1

            diff --git a/Notes.xcdatamodeld/Notes.xcdatamodel/contents b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
            new file mode 100644
            --- /dev/null
            +++ b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
            + Note  (inferred: new entity, no existing objects)

            1 change: 1 inferred, 0 need a mapping

            """)
    }

    func test_workTreeDiff_showsTheSchemaDiff_andAnUnreadableVersionByLines() throws {
        let repo = try repository()
        try repo.write(Self.path, Self.v1)
        repo.commit("v1")
        try repo.write(Self.path, Self.v2)
        let diff = repo.git("diff")
        XCTAssertEqual(diff.stdout, Self.v1ToV2)
        try repo.write(Self.path, "<model>\n  <bogus/>\n</model>\n")
        let broken = repo.git("diff")
        XCTAssertEqual(broken.stdout, """
            diff --git a/Notes.xcdatamodeld/Notes.xcdatamodel/contents b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
            --- a/Notes.xcdatamodeld/Notes.xcdatamodel/contents
            +++ b/Notes.xcdatamodeld/Notes.xcdatamodel/contents
            @@ -1,7 +1,3 @@
            -<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            -<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            -    <entity name="Note" representedClassName="Note" syncable="YES">
            -        <attribute name="body" optional="YES" attributeType="String"/>
            -        <attribute name="title" attributeType="String"/>
            -    </entity>
            +<model>
            +  <bogus/>
             </model>

            """)
        XCTAssertEqual(broken.stderr, "graphdiff: Notes.xcdatamodeld/Notes.xcdatamodel/contents: diffing by lines: new is not a Core Data model that imports: 2:3: unknown XML element <bogus> in <model>\n")
    }
}
