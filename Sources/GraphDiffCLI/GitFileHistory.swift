import Foundation
import GraphDiff

/// The history of one file as the real git tells it: `git log --follow`
/// for the commits and the file's blob before and after each, and one
/// `git cat-file --batch` for the blobs, each read once. For `graphdiff
/// log` and `graphdiff blame`; git's own errors are reported as git's.
final class GitFileHistory {
    /// One commit that changed the file.
    struct Entry {
        var commit: String
        var shortCommit: String
        var author: String
        var date: String
        var summary: String
        /// The file's path in this commit, from the top of the work tree.
        var path: String
        /// Its path in the parent (another one across a rename).
        var oldPath: String
        /// The blobs before and after; `nil` where the file does not exist.
        var oldBlob: String?
        var newBlob: String?
    }

    /// The commits of `revisions` that changed `path` (relative to the
    /// current directory, as git takes it), newest first, the file followed
    /// through renames; merge commits compared with their first parent;
    /// with `firstParent`, only the first-parent chain.
    static func entries(path: String, revisions: [String], firstParent: Bool) throws -> [Entry] {
        // Options that change what git prints cannot be read back.
        for option in revisions where outputOptions.contains(where: { option == $0 || option.hasPrefix($0 + "=") }) || option == "-p" || option.hasPrefix("-L") {
            throw CommandFailure.usage("\(option) changes what git log prints, which graphdiff reads; leave it out")
        }
        // The revisions (and options) first: graphdiff's own options after them win.
        var arguments = ["git", "log"] + (revisions.isEmpty ? ["HEAD"] : revisions)
        arguments += ["--follow", "--no-abbrev", "--raw", "-z", "--diff-merges=first-parent",
                      "--no-color", "--no-ext-diff", "--no-textconv",
                      "--format=%x1e%H%x1f%an%x1f%aI%x1f%s"]
        if firstParent { arguments.append("--first-parent") }
        arguments += ["--", path]
        let r = ProcessRunner.run(arguments)
        guard r.status == 0 else { throw CommandFailure.trouble(gitMessage(r.stderr, "git log")) }
        var entries: [Entry] = []
        for record in r.stdout.split(separator: 0x1E, omittingEmptySubsequences: true) {
            let tokens = record.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard let header = tokens.first else { continue }
            let fields = header.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { continue }
            var i = 1
            while i < tokens.count {
                let raw = tokens[i].trimmingCharacters(in: .newlines)
                i += 1
                guard raw.hasPrefix(":") else { continue }
                let parts = raw.split(separator: " ")
                guard parts.count >= 5, i < tokens.count else { break }
                let status = parts[4]
                let twoPaths = status.hasPrefix("R") || status.hasPrefix("C")
                let oldPath = tokens[i]
                let newPath = twoPaths && i + 1 < tokens.count ? tokens[i + 1] : oldPath
                i += twoPaths ? 2 : 1
                func blob(_ s: Substring) -> String? { s.allSatisfy { $0 == "0" } ? nil : String(s) }
                entries.append(Entry(commit: fields[0], shortCommit: String(fields[0].prefix(7)), author: fields[1], date: fields[2],
                                     summary: fields[3...].joined(separator: "\u{1F}"), path: newPath, oldPath: oldPath,
                                     oldBlob: blob(parts[2]), newBlob: blob(parts[3])))
                break
            }
        }
        // Following a file through merges, git names the commit of a side
        // branch that renamed it as deleting it: what it renamed it to is
        // asked of that commit alone.
        for (i, entry) in entries.enumerated() where entry.newBlob == nil && entry.oldBlob != nil {
            if let renamed = renamedTo(entry) { entries[i] = renamed }
        }
        return entries
    }

    /// `entry`, a deletion, as the rename its commit made of the file, if it made one.
    static func renamedTo(_ entry: Entry) -> Entry? {
        let r = ProcessRunner.run(["git", "diff-tree", "-M", "-r", "--no-abbrev", "--raw", "-z", "--no-commit-id", entry.commit + "^1", entry.commit])
        guard r.status == 0 else { return nil }
        let tokens = r.stdout.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var i = 0
        while i + 2 < tokens.count {
            let parts = tokens[i].split(separator: " ")
            let twoPaths = parts.count >= 5 && (parts[4].hasPrefix("R") || parts[4].hasPrefix("C"))
            if twoPaths, parts[4].hasPrefix("R"), tokens[i + 1] == entry.oldPath {
                var renamed = entry
                renamed.path = tokens[i + 2]
                renamed.newBlob = String(parts[3])
                return renamed
            }
            i += twoPaths ? 3 : 2
        }
        return nil
    }

    /// The options of `git log` that change its output beyond what
    /// graphdiff's own options (given after them) set again.
    static let outputOptions = ["--graph", "--name-only", "--name-status", "--stat", "--numstat", "--shortstat", "--dirstat",
                                "--summary", "--patch", "--patch-with-raw", "--patch-with-stat", "--cc", "--output",
                                "--left-right", "--show-signature", "--notes", "--children", "--parents", "--decorate",
                                "--null", "--line-prefix", "--walk-reflogs", "-g", "-u", "-m", "-c", "-z"]

    /// git's message: its standard error, trimmed, or what failed.
    static func gitMessage(_ stderr: String, _ command: String) -> String {
        let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "\(command) failed" : text
    }

    // MARK: Objects

    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []
    var start = 0

    /// A running `git cat-file --batch`.
    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "cat-file", "--batch"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw CommandFailure.trouble("cannot run git cat-file: \(error)") }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The object `name` (a blob's id, or `REV:PATH`); `nil` when git has
    /// no such object.
    func object(_ name: String) throws -> [UInt8]? {
        guard !name.contains("\n") else { return nil }
        input.fileHandleForWriting.write(Data((name + "\n").utf8))
        let header = String(decoding: try line(), as: UTF8.self)
        if header.hasSuffix(" missing") || header.hasSuffix(" ambiguous") { return nil }
        let parts = header.split(separator: " ")
        guard parts.count == 3, let size = Int(parts[2]) else { throw CommandFailure.trouble("git cat-file: unexpected answer '\(header)'") }
        let bytes = try read(size + 1)
        return Array(bytes.dropLast())
    }

    func line() throws -> [UInt8] {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            try fill()
        }
    }

    func read(_ count: Int) throws -> [UInt8] {
        while buffer.count - start < count { try fill() }
        let bytes = Array(buffer[start..<start + count])
        start += count
        return bytes
    }

    func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { throw CommandFailure.trouble("git cat-file ended early") }
        buffer += data
    }
}
