#!/usr/bin/env bash
# Builds the README's library examples in a package of their own that
# depends on this one by path, as an app would: it sees only the library's
# public API (a target inside this package also sees its `package`
# declarations). Runs both programs from the repository root and compares
# their output with the README's blocks, and runs a test target that
# compiles the README's snippets (editing a graph, the GraphDiffTesting
# assertion) with XCTest and Swift Testing. Run from anywhere:
#
#   Tests/scripts/check-client-package.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
client=$(mktemp -d)
trap 'rm -rf "$client"' EXIT
fail() { echo "check-client-package: $*" >&2; exit 1; }

mkdir -p "$client/Sources/LibraryExample" "$client/Sources/CodableExample" "$client/Tests/ClientTests"
cp Sources/LibraryExample/main.swift "$client/Sources/LibraryExample/main.swift"
cp Sources/CodableExample/main.swift "$client/Sources/CodableExample/main.swift"

# The README's Library section: its swift and text blocks, in order.
python3 - "$root/README.md" "$client" <<'PY'
import sys, re, pathlib
readme, client = sys.argv[1], pathlib.Path(sys.argv[2])
text = open(readme, encoding="utf-8").read()
section = text[text.index("\n## Library\n"):]
section = section[:section.index("\n## ", 1)]
blocks = re.findall(r"^```(\w*)\n(.*?)^```$", section, re.S | re.M)
swift = [b for info, b in blocks if info == "swift"]
outputs = [b for info, b in blocks if info == "text"]
(client / "library.out").write_text(outputs[0], encoding="utf-8")
(client / "codable.out").write_text(outputs[1], encoding="utf-8")
edit = next(b for b in swift if b.startswith("try graph.edit"))
assertion = next(b for b in swift if b.startswith("import GraphDiffTesting"))
assertion = "\n".join(l for l in assertion.splitlines() if not l.startswith("import ") and not l.startswith("//"))
body = '''import Foundation
import GraphDiff
import GraphDiffTesting
import XCTest

struct TaskList: Codable { var id: String; var title: String; var items: [String] }
struct Task: Codable { var id: String; var title: String; var done = false; var due: Date? = nil }

final class ClientTests: XCTestCase {
    let root = "%s"

    func test_theReadmesEditingSnippet_compilesAndRuns() throws {
        var graph = try Graph.load(contentsOfFile: root + "/Samples/tasks/base.graph.json")
%s
        XCTAssertEqual(graph.value(of: graph.id(entity: "Task", identity: "t7"), "list"), "errands")
    }

    func test_theReadmesAssertion_compilesAndPasses() throws {
        let coder = try GraphCoder(name: "Tasks", entities: [
            .init(TaskList.self, identity: "id", references: [.ordered("items", to: "Task")]),
            .init(Task.self, identity: "id"),
        ])
        let expected = (lists: [TaskList(id: "g", title: "G", items: ["t1"])], tasks: [Task(id: "t1", title: "Milk")])
        let store = expected
%s
        XCTAssertNoJSONDifference(expected.tasks.map(\\.title), store.tasks.map(\\.title))
    }
}
''' % (str(pathlib.Path(readme).parent), "\n".join("        " + l for l in edit.splitlines()),
       "\n".join("        " + l for l in assertion.splitlines()))
(client / "Tests/ClientTests/ClientTests.swift").write_text(body, encoding="utf-8")
(client / "Tests/ClientTests/ClientExpectations.swift").write_text('''import GraphDiff
import GraphDiffTesting
import Testing

@Test func expectationsCompileAndPass() throws {
    expectNoJSONDifference(["a": 1], ["a": 1])
}
''', encoding="utf-8")
PY

name=$(basename "$root")
cat >"$client/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "client",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(name: "LibraryExample", dependencies: [.product(name: "GraphDiff", package: "$name")]),
        .executableTarget(name: "CodableExample", dependencies: [.product(name: "GraphDiff", package: "$name")]),
        .testTarget(name: "ClientTests", dependencies: [
            .product(name: "GraphDiff", package: "$name"), .product(name: "GraphDiffTesting", package: "$name"),
        ]),
    ],
    swiftLanguageModes: [.v5]
)
EOF

(cd "$client" && swift build --build-tests) || fail "the client package does not build against the public API"
bin=$(cd "$client" && swift build --show-bin-path)
"$bin/LibraryExample" >"$client/library.got" || fail "LibraryExample failed"
"$bin/CodableExample" >"$client/codable.got" || fail "CodableExample failed"
diff -u "$client/library.out" "$client/library.got" || fail "LibraryExample's output is not the README's"
diff -u "$client/codable.out" "$client/codable.got" || fail "CodableExample's output is not the README's"
(cd "$client" && swift test --skip-build) || fail "the client package's tests fail"
echo "check-client-package: both examples and the snippets build against the public API and run as the README says"
