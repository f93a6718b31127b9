import XCTest
import GraphDiff

/// Which binaries `git install` refuses to register: those a build put in a
/// build folder.
final class GitDriverBinaryTests: XCTestCase {
    func test_buildFolder_ofSwiftPMAndXcodeBuilds_isFound() {
        let cases: [(String, [String], String?)] = [
            ("/src/graphdiff/.build/debug/graphdiff", [], "/src/graphdiff/.build"),
            ("/src/graphdiff/.build/x86_64-unknown-linux-gnu/release/graphdiff", [], "/src/graphdiff/.build"),
            ("/src/graphdiff/.build-asan/debug/graphdiff", [], "/src/graphdiff/.build-asan"),
            ("/Users/me/Library/Developer/Xcode/DerivedData/graphdiff-abc/Build/Products/Debug/graphdiff", [],
             "/Users/me/Library/Developer/Xcode/DerivedData"),
            // Any --scratch-path: SwiftPM's layout beside the binary.
            ("/tmp/scratch/debug/graphdiff", ["description.json", "GraphDiff.build", "graphdiff"], "/tmp/scratch/debug"),
        ]
        for (path, siblings, folder) in cases {
            XCTAssertEqual(GitDriverBinary.buildFolder(of: path, siblings: siblings), folder, path)
        }
    }

    func test_buildFolder_ofInstalledBinaries_isNil() {
        let cases: [(String, [String])] = [
            ("/usr/local/bin/graphdiff", ["git", "graphdiff", "swift"]),
            ("/home/me/.local/bin/graphdiff", []),
            // Names that only look alike, and a binary named .build.
            ("/opt/my.build/bin/graphdiff", []),
            ("/opt/.builds/bin/graphdiff", []),
            ("/opt/bin/.build", []),
            // One sign of a scratch folder is not enough.
            ("/opt/bin/graphdiff", ["description.json"]),
            ("/opt/bin/graphdiff", ["tool.build"]),
        ]
        for (path, siblings) in cases {
            XCTAssertNil(GitDriverBinary.buildFolder(of: path, siblings: siblings), path)
        }
    }
}
