import Foundation
import XCTest
@testable import GraphDiffCLI

final class FormatCommandTests: XCTestCase {
    func test_fmt_graph_writesCanonicalForm_andIsIdempotent() throws {
        let r = graphdiff(["fmt", samplePath("people/v1.graph.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("{\n  \"$schema\": \"people.schema.json\",\n  \"metadata\": {\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"a2\": {\n        \"city\": \"Paris\",\n        \"person\": \"p1\",\n        \"street\": \"3 quai d'Orsay\",\n        \"zip\": null\n      }"), r.stdout)
        let dir = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: samplePath("people/people.schema.json"), toPath: dir.appendingPathComponent("people.schema.json").path)
        let file = dir.appendingPathComponent("v1.graph.json")
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        let again = graphdiff(["fmt", file.path])
        XCTAssertEqual(again.stdout, r.stdout)
        XCTAssertEqual(graphdiff(["fmt", "--check", file.path]).status, 0)
        // The same graph on fewer lines is not canonical.
        let compact = dir.appendingPathComponent("compact.graph.json")
        try r.stdout.replacingOccurrences(of: "\n        ", with: " ").write(to: compact, atomically: true, encoding: .utf8)
        let check = graphdiff(["fmt", "--check", compact.path])
        XCTAssertEqual(check.stderr, "\(compact.path): not in canonical form\n")
        XCTAssertEqual(check.status, 1)
    }

    func test_fmt_plainJSON_fromStandardInput() {
        let r = graphdiff(["fmt", "-"], stdin: #"{"b": [1, 2.50], "a": {"y": 1e400, "x": "\u00e9"}}"#)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "{\n  \"a\": {\n    \"x\": \"é\",\n    \"y\": 1e400\n  },\n  \"b\": [1, 2.50]\n}\n")
    }

    func test_fmt_output_andInPlace_writeAtomically() throws {
        let dir = try temporaryDirectory(self)
        let input = dir.appendingPathComponent("in.json")
        try #"{"z":1,"a":2}"#.write(to: input, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.json")
        XCTAssertEqual(graphdiff(["fmt", input.path, "-o", out.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "{\n  \"a\": 2,\n  \"z\": 1\n}\n")
        XCTAssertEqual(graphdiff(["fmt", "--in-place", input.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: input, encoding: .utf8), "{\n  \"a\": 2,\n  \"z\": 1\n}\n")
        // No temporary file is left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["in.json", "out.json"])
    }

    func test_fmt_invalidInput_exit2_andLeavesTheFileAlone() throws {
        let dir = try temporaryDirectory(self)
        let input = dir.appendingPathComponent("in.json")
        try "{\"a\": [1,]}".write(to: input, atomically: true, encoding: .utf8)
        let r = graphdiff(["fmt", "--in-place", input.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "\(input.path):1:10: expected a value, found ']'\n")
        XCTAssertEqual(try String(contentsOf: input, encoding: .utf8), "{\"a\": [1,]}")
    }

    func test_fmt_unwritableDestination_exit2_andNothingWritten() throws {
        let dir = try temporaryDirectory(self)
        let r = graphdiff(["fmt", "-", "-o", dir.appendingPathComponent("missing/out.json").path], stdin: "[]")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cannot create a temporary file"), r.stderr)
    }

    func test_fmt_usageErrors() {
        XCTAssertEqual(graphdiff(["fmt"]).status, 2)
        XCTAssertEqual(graphdiff(["fmt", "a", "b"]).status, 2)
        XCTAssertEqual(graphdiff(["fmt", "a", "-o", "x", "--in-place"]).status, 2)
        XCTAssertEqual(graphdiff(["fmt", "-", "--in-place"]).status, 2)
    }
}

final class OutputTargetTests: XCTestCase {
    func test_devices_areWrittenNotReplaced() throws {
        XCTAssertEqual(graphdiff(["fmt", "-", "-o", "/dev/null"], stdin: "[1]").status, 0)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")
    }

    /// Skipped where there is no `/dev/full` (macOS).
    func test_fullDevice_isWrittenNotReplaced_failsWithTheReason() throws {
        let device = try deviceFull()
        let full = graphdiff(["fmt", "-", "-o", device], stdin: "[1]")
        XCTAssertEqual(full.status, 2)
        XCTAssertEqual(full.stderr, "graphdiff fmt: /dev/full: cannot write: No space left on device\n")
    }

    func test_symlinkedTarget_replacesTheFile_keepsTheLink() throws {
        let dir = try temporaryDirectory(self)
        let real = dir.appendingPathComponent("real.json"), link = dir.appendingPathComponent("link.json")
        try #"{"b":1,"a":2}"#.write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        XCTAssertEqual(graphdiff(["fmt", "--in-place", link.path]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path)
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "{\n  \"a\": 2,\n  \"b\": 1\n}\n")
    }

    /// A target that is a dangling link: the file it names is created (as
    /// a shell's `>` creates it), the link stays; links that go round are
    /// refused, naming the target, and nothing is written.
    func test_danglingSymlinkTarget_createsItsFile_keepsTheLink() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("link.json"), hop = dir.appendingPathComponent("hop.json")
        // link.json -> hop.json -> sub/new.json (relative, not there yet).
        try FileManager.default.createSymbolicLink(atPath: hop.path, withDestinationPath: "sub/new.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "hop.json")
        let run = graphdiff(["fmt", "-", "-o", link.path], stdin: #"{"b":1,"a":2}"#)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "hop.json")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: hop.path), "sub/new.json")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("sub/new.json"), encoding: .utf8), "{\n  \"a\": 2,\n  \"b\": 1\n}\n")
        // A loop: refused, and both links stay.
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: "a.json")
        let loop = graphdiff(["fmt", "-", "-o", a.path], stdin: "[1]")
        XCTAssertEqual(loop.status, 2)
        XCTAssertEqual(loop.stderr, "graphdiff fmt: \(a.path): too many levels of symbolic links\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: a.path), "b.json")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: b.path), "a.json")
        // A dangling link whose target is not UTF-8: refused, never written
        // to a name read another way.
        let odd = dir.appendingPathComponent("odd.json")
        let target: [CChar] = [0x6E, 0x65, 0x77, -1, 0x2E, 0x6A, 0x73, 0x6F, 0x6E, 0]  // "new\xFF.json"
        XCTAssertEqual(symlink(target, odd.path), 0)
        let refused = graphdiff(["fmt", "-", "-o", odd.path], stdin: "[1]")
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "graphdiff fmt: \(odd.path): a symbolic link names a file that is not UTF-8: not followed\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("new") }, [])
    }
}

/// Writing to a full device and to a read-only file system: exit 2, a
/// message, and the target untouched. Needs a tmpfs mount (root); skipped
/// with a message where mounting is not allowed.
final class WriteFaultTests: XCTestCase {
    func mount(_ options: String, _ test: XCTestCase) throws -> URL {
        let dir = try temporaryDirectory(test).appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs here (needs root); write-fault tests not run") }
        test.addTeardownBlock {
            let u = Process()
            u.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            u.arguments = ["umount", dir.path]
            try? u.run()
            u.waitUntilExit()
        }
        return dir
    }

    func test_fullDevice_exit2_targetUntouched() throws {
        let dir = try mount("size=64k", self)
        let target = dir.appendingPathComponent("out.json")
        try "[\"previous\"]\n".write(to: target, atomically: false, encoding: .utf8)
        let big = "[" + (0..<20_000).map { "\"value \($0)\"" }.joined(separator: ",") + "]"
        let r = graphdiff(["fmt", "-", "-o", target.path], stdin: big)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("No space left on device"), r.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "[\"previous\"]\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.json"], "no temporary file left")
    }

    func test_readOnlyFileSystem_exit2_targetUntouched() throws {
        let dir = try mount("size=64k", self)
        let target = dir.appendingPathComponent("data.json")
        try "{\"b\":1,\"a\":2}".write(to: target, atomically: false, encoding: .utf8)
        let remount = Process()
        remount.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        remount.arguments = ["mount", "-o", "remount,ro", dir.path]
        try remount.run()
        remount.waitUntilExit()
        guard remount.terminationStatus == 0 else { throw XCTSkip("cannot remount read-only here") }
        let r = graphdiff(["fmt", "--in-place", target.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("Read-only file system"), r.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "{\"b\":1,\"a\":2}")
    }
}

/// `graphdiff textconv`: the identity-keyed lines of a file, for git.
final class TextconvCommandTests: XCTestCase {
    func test_graph_isOneLinePerProperty_andJSONOnePerLeaf() {
        let r = graphdiff(["textconv", samplePath("people/v1.graph.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix(#"""
            ."$schema" = "people.schema.json"
            .metadata.lastSync = "2026-11-20T10:00:00Z"
            Address a1.city = "Lyon"
            Address a1.person = "p1"

            """#), r.stdout)
        let plain = graphdiff(["textconv", "-"], stdin: #"{"b": [true], "a": {"c d": 1.0e3}}"#)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stdout, ".a.\"c d\" = 1.0e3\n.b[0] = true\n")
    }

    func test_notJSON_passesThroughUnchanged_unreadableFileIsTrouble() throws {
        let markers = "{\n<<<<<<< ours\n  \"a\": 1\n=======\n  \"a\": 2\n>>>>>>> theirs\n}\n"
        XCTAssertEqual(graphdiff(["textconv", "-"], stdin: markers).stdout, markers)
        XCTAssertEqual(graphdiff(["textconv", "-"], stdin: #"{"a": 1, "a": 2}"#).stdout, #"{"a": 1, "a": 2}"#, "repeated names: as written")
        let missing = graphdiff(["textconv", "/nonexistent/x.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "graphdiff textconv: /nonexistent/x.json: No such file or directory\n")
        XCTAssertEqual(graphdiff(["textconv"]).status, 2)
        XCTAssertEqual(graphdiff(["textconv", "a", "b"]).status, 2)
    }
}
