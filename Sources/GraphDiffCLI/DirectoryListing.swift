import Foundation
import GraphDiff

/// Lists a directory tree for ``DirectoryComparison``: every entry below
/// the root, symbolic links followed (as `diff -r` follows them), `.git`
/// not entered (``DirectoryComparison/isSkipped(name:)``).
///
/// A directory that is one of its own ancestors, or an ancestor of the
/// root (a link back up the tree: `..`, `/`), is listed with the problem `recursive directory loop`, as GNU diff
/// words it, and not entered; a link that leads nowhere, or a directory
/// that cannot be read, is listed with the system's reason.
enum DirectoryListing {
    /// A file's identity: its device and inode.
    struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Whether `path` names a directory (after following links); `-` never does.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every entry below the directory `root`, with paths relative to it.
    ///
    /// - Throws: ``CommandFailure`` (trouble) when `root` itself cannot be
    ///   read.
    /// - Complexity: O(*n* · *d*) for *n* entries at most *d* deep.
    static func list(_ root: String) throws -> [DirectoryComparison.Entry] {
        var info = stat()
        guard stat(root, &info) == 0 else { throw CommandFailure.trouble("\(root): \(FileAccess.errnoText())") }
        var entries: [DirectoryComparison.Entry] = []
        if let problem = walk(root, relative: "", ancestors: ancestors(of: root, info), into: &entries) {
            throw CommandFailure.trouble("\(root): \(problem)")
        }
        return entries
    }

    /// The directory `root` (whose `stat` is `info`) and every directory
    /// above it, up to the file system's root: a link to any of them (`..`
    /// from the root, `/`) is a loop, found before the walk enters it.
    ///
    /// - Complexity: O(*h*) calls of `stat`, where *h* is the depth of
    ///   `root` below `/`.
    static func ancestors(of root: String, _ info: stat) -> [FileID] {
        var ids = [FileID(info)]
        var path = root.hasSuffix("/") ? root : root + "/"
        while ids.count < 4_096 {
            path += "../"
            var parent = stat()
            guard stat(path, &parent) == 0, !ids.contains(FileID(parent)) else { break }
            ids.append(FileID(parent))
        }
        return ids
    }

    /// Appends the entries below `directory` (`relative` to the root) to
    /// `entries`, depth first.
    ///
    /// - Returns: why `directory` cannot be read, or `nil`.
    static func walk(_ directory: String, relative: String, ancestors: [FileID],
                     into entries: inout [DirectoryComparison.Entry]) -> String? {
        guard let stream = opendir(directory) else { return FileAccess.errnoText() }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." && !DirectoryComparison.isSkipped(name: name) { names.append(name) }
        }
        closedir(stream)
        for name in names.sorted() {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                entries.append(.init(path: child, kind: .file(empty: true), problem: FileAccess.errnoText()))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                entries.append(.init(path: child, kind: .file(empty: info.st_size == 0)))
            case S_IFDIR:
                let id = FileID(info)
                if ancestors.contains(id) {
                    entries.append(.init(path: child, kind: .directory, problem: "recursive directory loop"))
                    continue
                }
                let index = entries.count
                entries.append(.init(path: child, kind: .directory))
                if let problem = walk(path, relative: child, ancestors: ancestors + [id], into: &entries) {
                    entries[index].problem = problem
                }
            case S_IFIFO: entries.append(.init(path: child, kind: .other("fifo")))
            case S_IFSOCK: entries.append(.init(path: child, kind: .other("socket")))
            case S_IFCHR: entries.append(.init(path: child, kind: .other("character special file")))
            case S_IFBLK: entries.append(.init(path: child, kind: .other("block special file")))
            default: entries.append(.init(path: child, kind: .other("weird file")))
            }
        }
        return nil
    }
}
