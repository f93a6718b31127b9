import Foundation
import XCTest
@testable import GraphDiffCLI

/// `graphdiff resolve`: the conflicts left in a merged file, from its
/// markers or from git's index stages, and one side kept in all of them.
final class ResolveCommandTests: XCTestCase {
    let sync = (samplePath("sync/base.json"), samplePath("sync/mine.json"), samplePath("sync/theirs.json"))

    /// The sync sample merged with markers into a fresh folder.
    func markedSync() throws -> String {
        let file = try temporaryDirectory(self).appendingPathComponent("merged.json").path
        XCTAssertEqual(graphdiff(["merge", sync.0, sync.1, sync.2, "-o", file]).status, 1)
        return file
    }

    func test_list_plainJSON_typedConflicts_exit1() throws {
        let file = try markedSync()
        let r = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
            /items/0/updatedAt (result): changed differently: base "2026-11-20T09:00:00Z", mine "2026-11-21T07:59:00Z", theirs "2026-11-21T11:58:00Z"
            /items/1/updatedAt (result): changed differently: base "2026-11-20T09:00:00Z", mine "2026-11-21T07:59:00Z", theirs "2026-11-21T11:58:00Z"
            /metadata/lastSync: changed differently: base "2026-11-20T10:00:00Z", mine "2026-11-21T08:00:00Z", theirs "2026-11-21T12:00:00Z"

            """)
        let json = try JSONSerialization.jsonObject(with: Data(graphdiff(["resolve", file, "--list", "-f", "json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual((json?["conflicts"] as? [Any])?.count, 3)
    }

    func test_keepingOneSide_isThatSidesPreferResult_writtenInPlace() throws {
        for side in ["mine", "theirs"] {
            let file = try markedSync()
            let r = graphdiff(["resolve", file, "--\(side)"])
            XCTAssertEqual([r.status.description, r.stdout, r.stderr], ["0", "", ""], side)
            XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", side, sync.0, sync.1, sync.2]).stdout, side)
            XCTAssertEqual(graphdiff(["resolve", file, "--list"]).status, 0, "nothing left")
        }
        // The base's side everywhere: valid JSON, with the base's values there.
        let file = try markedSync()
        XCTAssertEqual(graphdiff(["resolve", file, "--base", "-o", "-"]).stdout.contains(#""lastSync": "2026-11-20T10:00:00Z""#), true)
        XCTAssertEqual(graphdiff(["validate", "-q", file]).status, 1, "-o - leaves the file as it was")
    }

    func test_graphMarkers_baseSideIsTheReport_sideKeptIsValidated() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        func graph(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
            var g = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json")))) as? [String: Any])
            edit(&g)
            let path = dir.appendingPathComponent("\(name).graph.json").path
            try JSONSerialization.data(withJSONObject: g).write(to: URL(fileURLWithPath: path))
            return path
        }
        // Mine deletes the chores list (and its tasks); theirs renames one of them.
        let base = try graph("base") { _ in }
        let mine = try graph("mine") { g in
            var objects = g["objects"] as! [String: [String: Any]]
            objects["TaskList"]?["chores"] = nil
            objects["Task"]?["c1"] = nil
            objects["Task"]?["c2"] = nil
            g["objects"] = objects
        }
        let theirs = try graph("theirs") { g in
            var objects = g["objects"] as! [String: [String: [String: Any]]]
            objects["Task"]?["c2"]?["title"] = "Laundry (dark)"
            g["objects"] = objects
        }
        let file = dir.appendingPathComponent("merged.graph.json").path
        XCTAssertEqual(graphdiff(["merge", base, mine, theirs, "-o", file]).status, 1)
        // The base's side is the --conflicts report result, a valid graph:
        // the conflicts are typed from the markers alone.
        let listed = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.stdout.hasPrefix("Task \"c2\": deleted by mine, changed by theirs"), listed.stdout)
        let based = graphdiff(["resolve", file, "--base", "-o", "-"])
        XCTAssertEqual([based.status.description, based.stdout], ["0", graphdiff(["merge", "--conflicts", "report", base, mine, theirs]).stdout])
        XCTAssertEqual(graphdiff(["resolve", file, "--theirs"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", "theirs", base, mine, theirs]).stdout)
        // A side that would be an invalid graph is refused, nothing written.
        try Data("{\n  \"$schema\": \"tasks.schema.json\",\n<<<<<<< mine\n  \"objects\": {\"Task\": {\"x\": {\"list\": \"nowhere\"}}}\n=======\n  \"objects\": {}\n>>>>>>> theirs\n}\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let marked = try Data(contentsOf: URL(fileURLWithPath: file))
        let refused = graphdiff(["resolve", file, "--mine"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("graphdiff resolve: \(file): keeping mine everywhere would give an invalid file; nothing written\n"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), marked, "nothing written")
    }

    func test_gitMergeInProgress_readsTheIndexStages() throws {
        let dir = try temporaryDirectory(self)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            process.currentDirectoryURL = dir
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertTrue(process.terminationStatus == 0 || arguments.first == "merge", "git \(arguments)")
        }
        try git("init", "-q")
        try git("config", "user.email", "a@b")
        try git("config", "user.name", "a")
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let file = dir.appendingPathComponent("list.graph.json")
        let base = try String(contentsOfFile: samplePath("tasks/base.graph.json"), encoding: .utf8)
        try base.write(to: file, atomically: true, encoding: .utf8)
        try git("add", "-A")
        try git("commit", "-qm", "base")
        try git("checkout", "-qb", "other")
        try base.replacingOccurrences(of: "\"Milk\"", with: "\"Oat milk\"").write(to: file, atomically: true, encoding: .utf8)
        try git("commit", "-qam", "theirs")
        try git("checkout", "-q", "-")
        try base.replacingOccurrences(of: "\"Milk\"", with: "\"Soy milk\"").write(to: file, atomically: true, encoding: .utf8)
        try git("commit", "-qam", "mine")
        try git("merge", "other")
        let listed = try runBinary(["resolve", "list.graph.json", "--list"], in: dir)
        XCTAssertEqual([listed.status.description, listed.stdout], ["1", "Task \"t1\".title: changed differently: base \"Milk\", mine \"Soy milk\", theirs \"Oat milk\"\n"], listed.stderr)
        // A file resolved by hand (no markers left) is not replaced.
        let marked = try Data(contentsOf: file)
        let byHand = base.replacingOccurrences(of: "\"Milk\"", with: "\"Almond milk\"")
        try byHand.write(to: file, atomically: true, encoding: .utf8)
        let refused = try runBinary(["resolve", "list.graph.json", "--theirs"], in: dir)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("graphdiff resolve: list.graph.json has no conflict markers left (resolved by hand?)"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), byHand)
        try marked.write(to: file)
        XCTAssertEqual(try runBinary(["resolve", "list.graph.json", "--theirs"], in: dir).status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), base.replacingOccurrences(of: "\"Milk\"", with: "\"Oat milk\""))
    }

    func test_misuse_andBrokenMarkers() throws {
        let file = try markedSync()
        let usage: [([String], String)] = [
            ([file], "choose one of --list, --mine, --theirs, --base, --union and --forget"),
            ([file, "--mine", "--theirs"], "choose one of --list, --mine, --theirs, --base, --union and --forget"),
            ([file, "--mine", "-f", "json"], "--format cannot be used with --mine: --format is for --list"),
            ([file, "--list", "-o", "x"], "--list cannot be used with --output: --list writes nothing"),
            (["-", "--list"], "resolve needs a file, not standard input"),
        ]
        for (arguments, message) in usage {
            let r = graphdiff(["resolve"] + arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.hasPrefix("graphdiff resolve: \(message)\n"), "\(arguments): \(r.stderr)")
        }
        let broken = try temporaryDirectory(self).appendingPathComponent("b.json").path
        try "{\n<<<<<<< mine\n\"a\": 1\n=======\n\"a\": 2\n}\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let r = graphdiff(["resolve", broken, "--list"])
        XCTAssertEqual([r.status.description, r.stderr], ["2", "graphdiff resolve: \(broken):2: conflict block not closed\n"])
        // A file with no markers has nothing left, and nothing a selection can name.
        let clean = graphdiff(["resolve", samplePath("sync/base.json"), "--list"])
        XCTAssertEqual([clean.status.description, clean.stdout], ["0", ""])
        let unmarked = try temporaryDirectory(self).appendingPathComponent("u.json").path
        try FileManager.default.copyItem(atPath: samplePath("sync/base.json"), toPath: unmarked)
        let selected = graphdiff(["resolve", unmarked, "--theirs", "--object", "Task:t1"])
        XCTAssertEqual([selected.status.description, selected.stderr], ["1", "graphdiff resolve: \(unmarked): no conflict markers in it; nothing written\n"])
    }

    /// Markers of another length than the one given are trouble for every
    /// action alike, before any side is read (a side would hold them).
    func test_markersOfAnotherLength_areTroubleForEveryAction() throws {
        let file = try markedSync()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let line = try XCTUnwrap(String(decoding: before, as: UTF8.self).components(separatedBy: "\n").firstIndex { $0.hasPrefix("<<<<<<<") }) + 1
        for action in [["--list"], ["--mine"], ["--theirs", "--path", "/metadata"], ["--union"]] {
            let r = graphdiff(["resolve", file, "--marker-size", "9"] + action)
            XCTAssertEqual([r.status.description, r.stderr],
                           ["2", "graphdiff resolve: \(file):\(line): conflict markers of another length than 9: give --marker-size\n"], "\(action)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        // Shorter markers than the length given (here the default 7) alike.
        let short = try temporaryDirectory(self).appendingPathComponent("short.json").path
        XCTAssertEqual(graphdiff(["merge", "--marker-size", "3", sync.0, sync.1, sync.2, "-o", short]).status, 1)
        let shortText = try Data(contentsOf: URL(fileURLWithPath: short))
        let shortLine = try XCTUnwrap(String(decoding: shortText, as: UTF8.self).components(separatedBy: "\n").firstIndex { $0.hasPrefix("<<< ") }) + 1
        for action in [["--list"], ["--mine"], ["--base"], ["--mine", "--path", "/metadata/lastSync"]] {
            let r = graphdiff(["resolve", short] + action)
            XCTAssertEqual([r.status.description, r.stderr],
                           ["2", "graphdiff resolve: \(short):\(shortLine): conflict markers of another length than 7: give --marker-size\n"], "\(action)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: short)), shortText)
        XCTAssertEqual(graphdiff(["resolve", short, "--marker-size", "3", "--mine"]).status, 0)
    }

    /// A selection of a property of an object one side deleted whole (a
    /// cascade) names what the blocks change: refused because the blocks
    /// decide the other deletes too, not taken for a selection of nothing.
    func test_markers_propertyOfAnObjectDeletedWhole_isRefusedNotUnnamed() throws {
        let dir = try temporaryDirectory(self)
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("s.schema.json", #"""
            {"format": "graphdiff-schema/1", "name": "S", "version": 1, "entities": {
              "Owner": {"identity": "id", "attributes": {"id": {"type": "string"}, "name": {"type": "string"}},
                "relationships": {"profile": {"destination": "Profile", "inverse": "owner", "deleteRule": "cascade"}}},
              "Profile": {"identity": "id", "attributes": {"id": {"type": "string"}, "level": {"type": "int32"}},
                "relationships": {"owner": {"destination": "Owner", "inverse": "profile", "deleteRule": "nullify"}}}}}
            """#)
        func graph(_ level: Int?) -> String {
            #"{"$schema": "s.schema.json", "objects": {"Owner": {"#
                + (level.map { #""o0": {"name": "zero", "profile": "p0"}, "o1": {"name": "one", "profile": null}}, "Profile": {"p0": {"level": \#($0), "owner": "o0"}}}}"# }
                    ?? #""o1": {"name": "one", "profile": null}}}}"#)
        }
        try write("base.json", graph(2))
        try write("mine.json", graph(3))
        try write("theirs.json", graph(nil))
        let marked = dir.appendingPathComponent("m.json").path
        XCTAssertEqual(graphdiff(["merge", dir.appendingPathComponent("base.json").path, dir.appendingPathComponent("mine.json").path,
                                  dir.appendingPathComponent("theirs.json").path, "-o", marked]).status, 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: marked))
        for selection in [["--object", "Profile:p0.owner"], ["--path", "/objects/Profile/p0/owner"]] {
            let r = graphdiff(["resolve", marked, "--theirs"] + selection)
            XCTAssertEqual(r.status, 1, "\(selection)")
            XCTAssertTrue(r.stderr.contains("no conflict block decides what \(selection[1]) names without deciding other conflicts too; nothing written"),
                          "\(selection): \(r.stderr)")
        }
        let nothing = graphdiff(["resolve", marked, "--theirs", "--object", "Profile:p9.owner"])
        XCTAssertTrue(nothing.stderr.contains("no conflict block changes what Profile:p9.owner names; nothing written"), nothing.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: marked)), before)
    }

    /// A chain member both sides moved: its links are in the blocks, so a
    /// selection of it names them (refused: they reorder its list, which
    /// it does not name); a member whose links stay is named by none.
    func test_markers_memberMovedInAChain_isNamedByItsLinks() throws {
        let dir = try temporaryDirectory(self)
        let base = try String(contentsOfFile: samplePath("tasks/base.graph.json"), encoding: .utf8)
        let titles = ["t1": "Milk", "t2": "Bread", "t3": "Eggs", "t4": "Coffee"]
        /// The groceries' members' link lines for `order`.
        func links(_ order: [String]) -> [String: String] {
            var lines: [String: String] = [:]
            for (i, t) in order.enumerated() {
                let next = i + 1 < order.count ? "\"\(order[i + 1])\"" : "null", prev = i > 0 ? "\"\(order[i - 1])\"" : "null"
                lines[t] = "\"next\": \(next),\n        \"prev\": \(prev),\n        \"title\": \"\(titles[t] ?? "")\""
            }
            return lines
        }
        func reordered(_ order: [String]) -> String {
            var text = base
            let (was, now) = (links(["t1", "t2", "t3", "t4"]), links(order))
            for t in order { text = text.replacingOccurrences(of: was[t] ?? "", with: now[t] ?? "") }
            return text
        }
        let paths = ["base", "mine", "theirs"].map { dir.appendingPathComponent("\($0).graph.json").path }
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        try base.write(toFile: paths[0], atomically: true, encoding: .utf8)
        try reordered(["t1", "t3", "t4", "t2"]).write(toFile: paths[1], atomically: true, encoding: .utf8)
        try reordered(["t2", "t1", "t3", "t4"]).write(toFile: paths[2], atomically: true, encoding: .utf8)
        let marked = dir.appendingPathComponent("m.graph.json").path
        XCTAssertEqual(graphdiff(["merge"] + paths + ["-o", marked]).status, 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: marked))
        let moved = graphdiff(["resolve", marked, "--theirs", "--object", "Task:t2"])
        XCTAssertEqual(moved.status, 1)
        XCTAssertTrue(moved.stderr.contains("no conflict block decides what Task:t2 names without deciding other conflicts too"), moved.stderr)
        let stays = graphdiff(["resolve", marked, "--theirs", "--object", "Task:t3"])
        XCTAssertTrue(stays.stderr.contains("no conflict block changes what Task:t3 names; nothing written"), stays.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: marked)), before)
        XCTAssertEqual(graphdiff(["resolve", marked, "--theirs", "--object", "TaskList:groceries"]).status, 0)
    }

    /// Outside git: the blocks that decide the selected conflicts, and only
    /// those, keep the side chosen; a block that would also settle another
    /// conflict is not taken.
    func test_markers_selection_keepsTheSideInTheBlocksThatDecideIt() throws {
        let file = try markedSync()
        let r = graphdiff(["resolve", file, "--theirs", "--path", "/metadata"])
        XCTAssertEqual([r.status.description, r.stderr], ["1", "graphdiff resolve: \(file): 2 conflict blocks left (marked)\n"])
        XCTAssertEqual(graphdiff(["resolve", file, "--list"]).stdout.components(separatedBy: "\n").filter { $0.hasPrefix("/metadata") }, [])
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains(#""lastSync": "2026-11-21T12:00:00Z""#))
        // A selection no block changes is told from one refused.
        let none = graphdiff(["resolve", file, "--mine", "--path", "/nothing"])
        XCTAssertEqual([none.status.description, none.stderr],
                       ["1", "graphdiff resolve: \(file): no conflict block changes what /nothing names; nothing written (resolve \(file) --list shows the conflicts)\n"])
        XCTAssertEqual(graphdiff(["resolve", file, "--mine", "--path", "/items"]).status, 0)
        XCTAssertEqual(graphdiff(["resolve", file, "--list"]).status, 0)
    }

    func test_markers_selection_inAGraph_takesDependentBlocksTogether_andSparesOthers() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        let base = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: samplePath("tasks/base.graph.json")))) as? [String: Any])
        func write(_ name: String, _ edit: (inout [String: [String: [String: Any]]]) -> Void) throws -> String {
            var g = base
            var objects = try XCTUnwrap(g["objects"] as? [String: [String: [String: Any]]])
            edit(&objects)
            g["objects"] = objects
            let path = dir.appendingPathComponent("\(name).graph.json").path
            try JSONSerialization.data(withJSONObject: g).write(to: URL(fileURLWithPath: path))
            return path
        }
        // Mine deletes c1 (first of its chain) and renames t1; theirs changes both.
        let b = try write("base") { _ in }
        let m = try write("mine") { o in
            o["Task"]?["c1"] = nil
            o["Task"]?["c2"]?["prev"] = NSNull()
            o["Task"]?["t1"]?["title"] = "Oat milk"
        }
        let t = try write("theirs") { o in
            o["Task"]?["c1"]?["title"] = "Hoover"
            o["Task"]?["t1"]?["title"] = "Soy milk"
        }
        let file = dir.appendingPathComponent("merged.graph.json").path
        XCTAssertEqual(graphdiff(["merge", b, m, t, "-o", file]).status, 1)
        let c1 = graphdiff(["resolve", file, "--mine", "--object", "Task:c1"])
        XCTAssertEqual([c1.status.description, c1.stderr], ["1", "graphdiff resolve: \(file): 1 conflict block left (marked)\n"])
        XCTAssertEqual(graphdiff(["resolve", file, "--list"]).stdout, "Task \"t1\".title: changed differently: base \"Milk\", mine \"Oat milk\", theirs \"Soy milk\"\n")
        XCTAssertEqual(graphdiff(["resolve", file, "--theirs", "--object", "Task:t1.title"]).status, 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertFalse(text.contains("\"c1\""), text)
        XCTAssertTrue(text.contains("\"title\": \"Soy milk\""), text)
        XCTAssertEqual(graphdiff(["validate", "-q", file]).status, 0)
    }

    /// A chain order conflict outside git: the base's part is the report's
    /// (valid), and every block is accounted for: by a typed conflict, or
    /// listed by its line (found by testing: none may be dropped).
    func test_markers_orderConflictOfAChain_everyBlockIsAccountedFor() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        func chain(_ order: [String]) -> String {
            func link(_ i: Int) -> String { order.indices.contains(i) ? "\"" + order[i] + "\"" : "null" }
            let tasks = order.enumerated().map { i, id in
                "\"\(id)\": {\"list\": \"w\", \"title\": \"\(id)\", \"prev\": \(link(i - 1)), \"next\": \(link(i + 1))}"
            }
            return "{\"$schema\": \"tasks.schema.json\", \"objects\": {\"TaskList\": {\"w\": {\"title\": \"W\"}}, \"Task\": {" + tasks.joined(separator: ", ") + "}}}"
        }
        var inputs: [String] = []
        for (name, order) in [("b", ["a", "b", "c", "d", "e"]), ("m", ["b", "a", "c", "d", "e"]), ("t", ["a", "c", "b", "d", "e"])] {
            let path = dir.appendingPathComponent("\(name).graph.json").path
            try chain(order).write(toFile: path, atomically: true, encoding: .utf8)
            inputs.append(path)
        }
        let file = dir.appendingPathComponent("merged.graph.json").path
        XCTAssertEqual(graphdiff(["merge"] + inputs + ["-o", file]).status, 1)
        let listed = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual(listed.status, 1)
        XCTAssertFalse(listed.stdout.isEmpty)
        // Each block is named by a conflict that decides it, or by its line.
        let blocks = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n").filter { $0.hasPrefix("<<<<<<<") }.count
        let lines = listed.stdout.components(separatedBy: "\n").filter { $0.contains(": conflict block (") }.count
        XCTAssertTrue(lines == blocks || listed.stdout.contains("reordered in contradiction"), listed.stdout)
        XCTAssertEqual(graphdiff(["resolve", file, "--base", "-o", "-"]).stdout, graphdiff(["merge", "--conflicts", "report"] + inputs).stdout)
    }

    /// Base, mine and theirs of one task list `w` kept as a chain, written
    /// with the tasks schema into a fresh folder: each version's members in
    /// order (one letter each) and each member's title. Returns the paths
    /// and the path of the merged file to write.
    func chainVersions(_ versions: [(name: String, order: String, title: (String) -> String)]) throws -> (inputs: [String], merged: String) {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("tasks/tasks.schema.json"), toPath: dir.appendingPathComponent("tasks.schema.json").path)
        var inputs: [String] = []
        for version in versions {
            let ids = version.order.map(String.init)
            func link(_ i: Int) -> String { ids.indices.contains(i) ? "\"" + ids[i] + "\"" : "null" }
            let tasks = ids.enumerated().map { i, id in
                "\"\(id)\": {\"list\": \"w\", \"title\": \"\(version.title(id))\", \"prev\": \(link(i - 1)), \"next\": \(link(i + 1))}"
            }
            let path = dir.appendingPathComponent("\(version.name).graph.json").path
            try ("{\"$schema\": \"tasks.schema.json\", \"objects\": {\"TaskList\": {\"w\": {\"title\": \"W\"}}, \"Task\": {"
                 + tasks.joined(separator: ", ") + "}}}").write(toFile: path, atomically: true, encoding: .utf8)
            inputs.append(path)
        }
        return (inputs, dir.appendingPathComponent("merged.graph.json").path)
    }

    /// A member moved to different places in a chain, settled by its list
    /// outside git: its blocks load only together (found by testing: they
    /// were tried in pairs only, and a 5,000-object file took minutes).
    func test_markers_chainMemberMovedTwice_settledByItsList_inOneGroup() throws {
        let (inputs, file) = try chainVersions([("b", "abcdefg", { $0 }), ("m", "acdbefg", { $0 }), ("t", "acdefbg", { $0 })])
        XCTAssertEqual(graphdiff(["merge"] + inputs + ["-o", file]).status, 1)
        let listed = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual([listed.status.description, listed.stdout],
                       ["1", #"TaskList "w".items: moved to different places: base {"member":"b","after":"a"}, mine {"member":"b","after":"d"}, "#
                        + #"theirs {"member":"b","after":"f"}"# + "\n"], "every block is the conflict's")
        let kept = graphdiff(["resolve", file, "--theirs", "--object", "TaskList:w"])
        XCTAssertEqual([kept.status.description, kept.stderr], ["0", ""])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", "theirs", "-o", "-"] + inputs).stdout)
    }

    /// A member's title and its place in a chain, both changed differently:
    /// one block holds its title and links, so choosing the title alone
    /// would also reorder the list, a conflict the three sides merged again
    /// do not name (the report kept one order). Found by testing: it was
    /// settled silently; now the blocks are listed, and only a selection
    /// naming both settles them.
    func test_markers_titleAndOrderInOneBlock_notSettledByTheTitleAlone() throws {
        let (inputs, file) = try chainVersions([("b", "abcde", { $0 == "c" ? "C" : $0 }), ("m", "cabde", { $0 == "c" ? "mine C" : $0 }),
                                                ("t", "abdce", { $0 == "c" ? "theirs C" : $0 })])
        let merged = graphdiff(["merge"] + inputs + ["-o", file])
        XCTAssertEqual(merged.status, 1)
        XCTAssertTrue(merged.stderr.contains(#"TaskList "w".items: reordered in contradiction"#), merged.stderr)
        let marked = try String(contentsOfFile: file, encoding: .utf8)
        let listed = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.stdout.hasPrefix(#"Task "c".title: changed differently: base "C", mine "mine C", theirs "theirs C""# + "\n"), listed.stdout)
        XCTAssertGreaterThan(listed.stdout.components(separatedBy: ": conflict block (").count - 1, 1, listed.stdout)
        let title = graphdiff(["resolve", file, "--theirs", "--object", "Task:c.title"])
        XCTAssertEqual(title.status, 1)
        XCTAssertTrue(title.stderr.contains("no conflict block decides what Task:c.title names without deciding other conflicts too; nothing written"), title.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), marked)
        let both = graphdiff(["resolve", file, "--theirs", "--object", "Task:c.title", "--object", "TaskList:w"])
        XCTAssertEqual([both.status.description, both.stderr], ["0", ""])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", "theirs", "-o", "-"] + inputs).stdout)
    }

    /// An order kept in position attributes, moved differently by both
    /// sides, with the moved card's title changed differently too: its
    /// block holds both. Found by testing: `--object Board:b.cards` took
    /// the other cards' positions and left that one, an order of neither
    /// side; now the order is settled whole or not at all.
    func test_markers_orderOfPositions_settledWholeOrNotAtAll() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("board/board.schema.json"), toPath: dir.appendingPathComponent("board.schema.json").path)
        var inputs: [String] = []
        for (name, order, title) in [("b", "abcde", "B"), ("m", "acdeb", "mine B"), ("t", "bacde", "theirs B")] {
            let cards = order.map(String.init).enumerated().map { i, id in
                "\"\(id)\": {\"board\": \"s\", \"position\": \(i), \"title\": \"\(id == "b" ? title : id)\"}"
            }
            let path = dir.appendingPathComponent("\(name).graph.json").path
            try ("{\"$schema\": \"board.schema.json\", \"objects\": {\"Board\": {\"s\": {\"title\": \"S\"}}, \"Card\": {"
                 + cards.joined(separator: ", ") + "}}}").write(toFile: path, atomically: true, encoding: .utf8)
            inputs.append(path)
        }
        let file = dir.appendingPathComponent("merged.graph.json").path
        XCTAssertEqual(graphdiff(["merge"] + inputs + ["-o", file]).status, 1)
        let marked = try String(contentsOfFile: file, encoding: .utf8)
        let order = graphdiff(["resolve", file, "--theirs", "--object", "Board:s.cards"])
        XCTAssertEqual(order.status, 1)
        XCTAssertTrue(order.stderr.contains("no conflict block decides what Board:s.cards names without deciding other conflicts too; nothing written"),
                      order.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), marked)
        let both = graphdiff(["resolve", file, "--theirs", "--object", "Board:s.cards", "--object", "Card:b.title"])
        XCTAssertEqual([both.status.description, both.stderr], ["0", ""])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", "theirs", "-o", "-"] + inputs).stdout)
    }

    /// Two members of one chain, apart, deleted by mine and retitled by
    /// theirs: selecting one settles it alone (the order it changes is not
    /// named, so the other's blocks, which change it too, do not hold it
    /// back).
    func test_markers_twoDeletesInOneChain_oneSettledAlone() throws {
        let (inputs, file) = try chainVersions([("b", "abcdefg", { $0 }), ("m", "acdeg", { $0 }),
                                                ("t", "abcdefg", { $0 == "b" || $0 == "f" ? "new " + $0 : $0 })])
        XCTAssertEqual(graphdiff(["merge"] + inputs + ["-o", file]).status, 1)
        let one = graphdiff(["resolve", file, "--mine", "--object", "Task:b"])
        XCTAssertEqual(one.status, 1, one.stderr)
        XCTAssertTrue(one.stderr.hasSuffix("conflict blocks left (marked)\n") || one.stderr.hasSuffix("conflict block left (marked)\n"), one.stderr)
        let listed = graphdiff(["resolve", file, "--list"]).stdout
        XCTAssertFalse(listed.contains(#"Task "b""#), listed)
        XCTAssertTrue(listed.contains(#"Task "f""#), listed)
        XCTAssertEqual(graphdiff(["resolve", file, "--mine", "--object", "Task:f"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), graphdiff(["merge", "--prefer", "mine", "-o", "-"] + inputs).stdout)
    }

    /// The README's example, run as shown (with `Samples` linked into a fresh
    /// folder): each command, then what it writes to standard output and
    /// standard error (the merge's conflict lines).
    func test_readmeExample_printsWhatTheReadmeShows() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try XCTUnwrap(readme.components(separatedBy: "```console\n").first { $0.hasPrefix("$ graphdiff merge Samples/sync/base.json") }?
            .components(separatedBy: "```").first)
        let dir = try temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Samples"), withDestinationURL: packageRoot.appendingPathComponent("Samples"))
        var shown = ""
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("$ graphdiff ") {
            shown += line + "\n"
            let r = try runBinary(line.dropFirst("$ graphdiff ".count).split(separator: " ").map(String.init), in: dir)
            shown += r.stdout + r.stderr
            if line.contains("--list") || line.hasPrefix("$ graphdiff merge ") { XCTAssertEqual(r.status, 1) }
        }
        XCTAssertEqual(shown.components(separatedBy: "\n").filter { !$0.isEmpty }, block.components(separatedBy: "\n").filter { !$0.isEmpty })
        XCTAssertEqual(try runBinary(["resolve", "merged.json", "--list"], in: dir).status, 0, "resolved")
    }

    // MARK: Found by testing

    /// Writes the three documents and merges them with markers: the marked file.
    func marked(_ base: String, _ mine: String, _ theirs: String, _ options: [String] = []) throws -> (file: String, inputs: [String]) {
        let dir = try temporaryDirectory(self)
        var inputs: [String] = []
        for (name, text) in [("b", base), ("m", mine), ("t", theirs)] {
            let path = dir.appendingPathComponent("\(name).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            inputs.append(path)
        }
        let file = dir.appendingPathComponent("merged.json").path
        XCTAssertEqual(graphdiff(["merge"] + options + inputs + ["-o", file]).status, 1)
        return (file, inputs)
    }

    func test_baseSide_isTheReportsResult_andListNeverSaysNothingIsLeft() throws {
        // A member pulled into a block by its comma keeps the merged value;
        // an element reordered by one side and changed by the other.
        for (base, mine, theirs) in [(#"{"a":1,"b":2}"#, #"{"a":1,"b":3}"#, #"{"a":5}"#),
                                     (#"[{"a":1},{"b":2}]"#, #"[{"b":2},{"a":1}]"#, #"[{"b":2,"c":3},{"a":1}]"#)] {
            let (file, inputs) = try marked(base, mine, theirs)
            let report = graphdiff(["merge", "--conflicts", "report"] + inputs)
            XCTAssertEqual(graphdiff(["resolve", file, "--base", "-o", "-"]).stdout, report.stdout, base)
            XCTAssertEqual(graphdiff(["resolve", file, "--list"]).status, 1, base)
        }
    }

    func test_twoWayMarkers_haveNoBase_theirBlocksAreListedByLine() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("twoway.json").path
        try "{\n<<<<<<< mine\n  \"b\": 3\n=======\n  \"b\": 4\n>>>>>>> theirs\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let listed = graphdiff(["resolve", file, "--list"])
        XCTAssertEqual([listed.status.description, listed.stdout], ["1", "\(file):2: conflict block (two-way markers, without the base's part)\n"])
        XCTAssertEqual(graphdiff(["resolve", file, "--list", "-f", "json"]).stdout, "{\n  \"blocks\": [\n    {\n      \"line\": 2\n    }\n  ],\n  \"conflicts\": []\n}\n")
        let base = graphdiff(["resolve", file, "--base"])
        XCTAssertEqual([base.status.description, base.stderr], ["1", "graphdiff resolve: \(file): two-way markers hold no base's part; nothing written\n"])
        XCTAssertEqual(graphdiff(["resolve", file, "--theirs", "-o", "-"]).stdout, "{\n  \"b\": 4\n}\n")
    }

    func test_aFolder_isNoFile() throws {
        for path in [".", "./", packageRoot.path] {
            let r = graphdiff(["resolve", path, "--list"])
            XCTAssertEqual(r.status, 2, path)
            XCTAssertTrue(r.stderr.hasSuffix("is a directory\n"), "\(path): \(r.stderr)")
        }
    }

    func test_arrayKey_typesTheConflictsAsMergeDid() throws {
        let (file, _) = try marked(#"{"xs":[{"id":1},{"id":2,"v":2}]}"#, #"{"xs":[{"id":1}]}"#, #"{"xs":[{"id":1},{"id":2,"v":3}]}"#,
                                   ["--array-key", "id"])
        let r = graphdiff(["resolve", file, "--list", "--array-key", "id"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("/xs/[id=2]: "), r.stdout)
    }
}
