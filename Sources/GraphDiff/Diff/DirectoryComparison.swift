/// Two directory trees paired file by file, as `diff -r` pairs them: the
/// comparison of `graphdiff diff DIR1 DIR2`, as pure functions over the
/// trees' listings (the caller lists the directories and reads the files).
///
///     let items = DirectoryComparison.pair(
///         old: [.init(path: "a.json", kind: .file(empty: false)), .init(path: "sub", kind: .directory)],
///         new: [.init(path: "a.json", kind: .file(empty: false)), .init(path: "b.txt", kind: .file(empty: true))])
///     // [.files("a.json"), .onlyIn(.new, directory: "", name: "b.txt"), .onlyIn(.old, directory: "", name: "sub")]
///
/// Paths are relative to the trees' roots, their components joined by `/`.
/// They are ordered component by component, each compared by its bytes
/// (the order `diff -r` walks in: a directory's entries come before its
/// next sibling, so `a/x` before `a.txt`). A directory present on one side
/// only is reported once, by name, and not entered; so is an entry whose
/// kinds differ (a directory against a file). Entries named `.git` (a
/// repository's folder, or a work tree's link file) are left out on both
/// sides (``isSkipped(name:)``).
package enum DirectoryComparison {
    /// Which tree.
    package enum Side: Equatable, Sendable {
        case old, new
    }

    /// What a path names, once symbolic links are followed.
    package enum Kind: Equatable, Sendable {
        /// A regular file (`empty` when it has no bytes).
        case file(empty: Bool)
        case directory
        /// Anything else, by the name `diff` gives it (`fifo`, `socket`,
        /// `character special file`, `block special file`).
        case other(String)

        /// The words `diff` uses for the kind: `regular file`, `regular
        /// empty file`, `directory`, …
        package var description: String {
            switch self {
            case .file(let empty): return empty ? "regular empty file" : "regular file"
            case .directory: return "directory"
            case .other(let name): return name
            }
        }
    }

    /// One entry of a tree's listing.
    package struct Entry: Equatable, Sendable {
        /// The path relative to the tree's root, components joined by `/`.
        package var path: String
        package var kind: Kind
        /// Why the entry could not be examined (a dangling link, a
        /// directory that cannot be read, a directory loop); `nil` when it
        /// could. Reported only when the other tree has the same path.
        package var problem: String?

        package init(path: String, kind: Kind, problem: String? = nil) {
            self.path = path
            self.kind = kind
            self.problem = problem
        }
    }

    /// One line of the comparison, in the order it is reported.
    package enum Item: Equatable, Sendable {
        /// `name` exists in `directory` (relative, `""` for the root) of one tree only.
        case onlyIn(Side, directory: String, name: String)
        /// Two regular files at `path`, whose contents the caller compares.
        case files(String)
        /// Entries at `path` of different kinds (or of a kind that is not
        /// compared: fifos, sockets, devices): a difference.
        case kinds(String, old: Kind, new: Kind)
        /// The entry at `path` in tree `side` could not be examined: trouble.
        case problem(Side, path: String, message: String)
    }

    /// Whether an entry named `name` is left out of the comparison: `.git`,
    /// a repository's own folder (or a work tree's link to it), whose
    /// objects are no part of the files compared. A caller listing a tree
    /// does not enter it.
    package static func isSkipped(name: String) -> Bool { name == ".git" }

    /// The items of comparing the trees listed by `old` and `new`.
    ///
    /// Each listing holds every entry of its tree, directories included, in
    /// any order. Two directories at one path report nothing themselves
    /// (their entries do); a directory on one side only, or against an entry
    /// of another kind, hides its entries.
    ///
    /// - Parameters:
    ///   - old: the entries of the first tree.
    ///   - new: the entries of the second tree.
    /// - Returns: the items in path order (see the type's description).
    /// - Complexity: O((*n* + *m*) log(*n* + *m*)) comparisons of paths,
    ///   where *n* and *m* are the numbers of entries.
    package static func pair(old: [Entry], new: [Entry]) -> [Item] {
        let a = sorted(old), b = sorted(new)
        var items: [Item] = []
        var i = 0, j = 0
        // Skips the entries below `a[i]` (or `b[j]`): they follow it in path order.
        func skipBelow(_ list: [(key: [UInt8], entry: Entry)], _ k: inout Int) {
            let prefix = list[k].key + [0]
            k += 1
            while k < list.count && list[k].key.starts(with: prefix) { k += 1 }
        }
        while i < a.count || j < b.count {
            let order: Int
            if i == a.count { order = 1 } else if j == b.count { order = -1 } else { order = compare(a[i].key, b[j].key) }
            if order != 0 {
                let (side, entry) = order < 0 ? (Side.old, a[i].entry) : (Side.new, b[j].entry)
                let (directory, name) = split(entry.path)
                items.append(.onlyIn(side, directory: directory, name: name))
                if order < 0 { skipBelow(a, &i) } else { skipBelow(b, &j) }
                continue
            }
            let (x, y) = (a[i].entry, b[j].entry)
            if x.problem != nil || y.problem != nil {
                if let p = x.problem { items.append(.problem(.old, path: x.path, message: p)) }
                if let p = y.problem { items.append(.problem(.new, path: y.path, message: p)) }
                skipBelow(a, &i)
                skipBelow(b, &j)
                continue
            }
            switch (x.kind, y.kind) {
            case (.directory, .directory):
                i += 1
                j += 1
            case (.file, .file):
                items.append(.files(x.path))
                i += 1
                j += 1
            default:
                items.append(.kinds(x.path, old: x.kind, new: y.kind))
                skipBelow(a, &i)
                skipBelow(b, &j)
            }
        }
        return items
    }

    /// The entries with their sort keys (the path's bytes, `/` as 0, which
    /// no component holds), sorted, `.git` and what it holds left out.
    static func sorted(_ entries: [Entry]) -> [(key: [UInt8], entry: Entry)] {
        let kept = entries.filter { e in !e.path.split(separator: "/").contains { isSkipped(name: String($0)) } }
        return kept.map { e in (key: e.path.utf8.map { $0 == UInt8(ascii: "/") ? 0 : $0 }, entry: e) }
            .sorted { compare($0.key, $1.key) < 0 }
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`, byte by byte.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let order = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y -> Int in
                for k in 0..<min(x.count, y.count) where x[k] != y[k] { return x[k] < y[k] ? -1 : 1 }
                return 0
            }
        }
        if order != 0 { return order }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// `dir/sub/name` → (`dir/sub`, `name`); `name` → (`""`, `name`).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// The path of `relative` under the root `root` as given on the command
    /// line (`a` + `sub/x` → `a/sub/x`; `a/` + `x` → `a/x`; the root itself
    /// for `""`), as `diff -r` names files.
    package static func join(_ root: String, _ relative: String) -> String {
        if relative.isEmpty { return root }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}

extension DirectoryComparison {
    /// The lines `diff -r` prints for what is not a pair of files to
    /// compare, `oldRoot` and `newRoot` being the trees as given:
    /// `Only in a/sub: x`, `File a/x is a directory while file b/x is a
    /// regular file`. `nil` for ``Item/files(_:)`` and
    /// ``Item/problem(_:path:message:)`` (the first is the caller's to
    /// compare, the second goes to standard error).
    package static func line(_ item: Item, oldRoot: String, newRoot: String) -> String? {
        switch item {
        case .onlyIn(let side, let directory, let name):
            return "Only in \(quoted(join(side == .old ? oldRoot : newRoot, directory))): \(quoted(name))\n"
        case .kinds(let path, let old, let new):
            return "File \(quoted(join(oldRoot, path))) is a \(old.description) while file \(quoted(join(newRoot, path))) is a \(new.description)\n"
        case .files, .problem:
            return nil
        }
    }

    /// A path as the lines of a directory comparison name it: as is, or,
    /// when it holds a control character (a newline would break the line),
    /// `"` or `\`, between double quotes with C escapes (`"a/x\ny"`,
    /// `"a/tab\t.json"`), as `diff -r` quotes names in its `diff` and
    /// `---`/`+++` lines. Bytes above 0x7F are kept (UTF-8 names stay as
    /// they are).
    package static func quoted(_ path: String) -> String {
        ByteText.quotedPath(path, escapingNonASCII: false)
    }

    /// How two files that differ are compared when they are not both JSON:
    /// as `diff -r` compares them.
    ///
    /// - Returns: `Binary files X and Y differ` when either holds a NUL in
    ///   its first 8,000 bytes (``ByteText/looksBinary(_:)``); otherwise
    ///   `--- X`, `+++ Y` and the unified hunks of ``LineDiff`` (three
    ///   lines of context, no timestamps); empty when the files have the
    ///   same bytes.
    /// - Complexity: that of ``LineDiff/unified(old:new:context:)``.
    package static func textDiff(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> [UInt8] {
        if old == new { return [] }
        if ByteText.looksBinary(old) || ByteText.looksBinary(new) { return Array("Binary files \(oldName) and \(newName) differ\n".utf8) }
        let hunks = LineDiff.unified(old: old, new: new)
        return hunks.isEmpty ? [] : Array("--- \(oldName)\n+++ \(newName)\n".utf8) + hunks
    }
}
