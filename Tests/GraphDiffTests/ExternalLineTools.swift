import Foundation
import XCTest

/// Runs the real `git merge-file` and `diff -u` over many cases at once
/// (one shell loops over them, so the cost is the tools' own), for the tests
/// that hold graphdiff's line merge and line diff to them.
enum ExternalLineTools {
    /// A skip naming `tool` unless it runs here.
    static func require(_ tool: String, _ versionArgument: String = "--version") throws {
        let result = try? shell("\(tool) \(versionArgument) >/dev/null 2>&1", in: FileManager.default.temporaryDirectory)
        guard result == 0 else {
            throw XCTSkip("\(tool) is not installed: the comparison with the real \(tool) was not run")
        }
    }

    /// `git merge-file -p --diff3 -L mine -L base -L theirs` of each case:
    /// its output and exit status (the number of conflicts; 127 stands for
    /// 127 or more).
    ///
    /// git refuses files with a NUL byte ("Cannot merge binary files"); it
    /// is given the same files with each 0x00 written as 0x01 (a byte the
    /// cases must not hold), and 0x01 in its output is read back as 0x00.
    /// xdiff treats every byte but `\n` alike, so this is the merge git's
    /// line machinery makes of the files themselves.
    static func mergeFile(_ cases: [(base: [UInt8], mine: [UInt8], theirs: [UInt8])], in dir: URL,
                          markerSize: Int = 7) throws -> [(output: [UInt8], status: Int32)] {
        for (i, c) in cases.enumerated() {
            let caseDir = dir.appendingPathComponent("\(i)")
            try FileManager.default.createDirectory(at: caseDir, withIntermediateDirectories: true)
            for (name, bytes) in [("base", c.base), ("mine", c.mine), ("theirs", c.theirs)] {
                guard !bytes.contains(0x01) else { throw ToolFailure(what: "case \(i) holds 0x01, which stands for NUL") }
                try Data(bytes.map { $0 == 0x00 ? 0x01 : $0 }).write(to: caseDir.appendingPathComponent(name))
            }
        }
        let status = try shell("""
            i=0
            while [ -d "$i" ]; do
              git merge-file -p --diff3 --marker-size=\(markerSize) -L mine -L base -L theirs "$i/mine" "$i/base" "$i/theirs" > "$i/out" 2> "$i/err"
              echo $? > "$i/status"
              i=$((i+1))
            done
            """, in: dir)
        guard status == 0 else { throw ToolFailure(what: "the git merge-file loop exited with \(status)") }
        return try cases.indices.map { i in
            let caseDir = dir.appendingPathComponent("\(i)")
            let out = Array(try Data(contentsOf: caseDir.appendingPathComponent("out"))).map { $0 == 0x01 ? 0x00 : $0 }
            let code = try String(contentsOf: caseDir.appendingPathComponent("status"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let err = (try? String(contentsOf: caseDir.appendingPathComponent("err"), encoding: .utf8)) ?? ""
            guard let value = Int32(code), value >= 0, value <= 127, err.isEmpty else {
                throw ToolFailure(what: "git merge-file failed on case \(i) (status \(code)): \(err)")
            }
            return (out, value)
        }
    }

    /// The tools that print unified diffs, as shell commands taking `$1` and `$2`.
    enum UnifiedDiffTool: String {
        /// GNU diffutils, every byte as text.
        case diffU = "diff -a -u \"$1\" \"$2\""
        /// git's own diff (xdiff), every byte as text, without the indent
        /// heuristic that `git diff` turns on by default (git merge-file does
        /// not use it).
        case gitDiff = "git diff --no-index --no-color --no-ext-diff --no-indent-heuristic -a -U3 \"$1\" \"$2\""
    }

    /// The hunks `tool` prints for each pair: its output from the first
    /// `@@` line on, each `@@ -a,b +c,d @@` header cut after its second
    /// `@@` (git adds a function name there), so names, times and git's
    /// `index` line are left out.
    static func hunks(_ pairs: [(old: [UInt8], new: [UInt8])], by tool: UnifiedDiffTool, in dir: URL) throws -> [[UInt8]] {
        for (i, p) in pairs.enumerated() {
            let caseDir = dir.appendingPathComponent("\(i)")
            try FileManager.default.createDirectory(at: caseDir, withIntermediateDirectories: true)
            try Data(p.old).write(to: caseDir.appendingPathComponent("old"))
            try Data(p.new).write(to: caseDir.appendingPathComponent("new"))
        }
        let status = try shell("""
            show() { \(tool.rawValue); }
            i=0
            while [ -d "$i" ]; do
              show "$i/old" "$i/new" > "$i/out"
              echo $? > "$i/status"
              i=$((i+1))
            done
            """, in: dir)
        guard status == 0 else { throw ToolFailure(what: "the \(tool) loop exited with \(status)") }
        return try pairs.indices.map { i in
            let caseDir = dir.appendingPathComponent("\(i)")
            let code = try String(contentsOf: caseDir.appendingPathComponent("status"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard code == "0" || code == "1" else { throw ToolFailure(what: "\(tool) failed on case \(i) (status \(code))") }
            let out = Array(try Data(contentsOf: caseDir.appendingPathComponent("out")))
            var hunks: [UInt8] = []
            var inHunks = false
            for line in out.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
                if line.starts(with: Array("@@ -".utf8)) {
                    inHunks = true
                    // "@@ -a,b +c,d @@" and what follows the second "@@".
                    let rest = line.dropFirst(2)
                    guard let close = rest.indices.first(where: { rest[$0...].starts(with: Array("@@".utf8)) }) else {
                        throw ToolFailure(what: "\(tool): no closing @@ in case \(i)")
                    }
                    hunks += line[..<(close + 2)] + [0x0A]
                } else if inHunks {
                    hunks += line + [0x0A]
                }
            }
            return hunks
        }
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var what: String
        var description: String { what }
    }

    /// Runs `script` with `/bin/sh` in `dir`, with no user or system git
    /// configuration; returns the exit status.
    @discardableResult
    static func shell(_ script: String, in dir: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = dir.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["LC_ALL"] = "C"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
