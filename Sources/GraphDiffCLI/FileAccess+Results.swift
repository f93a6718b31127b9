import Foundation
import GraphDiff

extension FileAccess {
    /// Writes a command's result, text in pieces written one after another
    /// (``Graph/canonicalTextPieces()``), to `output` (`-o OUT`) atomically, with
    /// its `$schema` rewritten for the directory where the file really ends
    /// up when that is not the directory of the input it came from, so that
    /// the result still finds its schema (see
    /// ``SchemaReference/relocating(_:to:from:currentDirectory:)``).
    ///
    /// Symbolic links are followed on both sides: those in the directories
    /// of the inputs and of `output`, and `output` itself when it is one (the
    /// file it points to is the one replaced). A target that is not a
    /// regular file (`/dev/stdout`, a pipe, a terminal) is no place the
    /// result is kept: `$schema` is written as in the input.
    ///
    /// - Parameters:
    ///   - inputs: the inputs the result comes from, the one whose
    ///     `$schema` the result keeps first (patch's TARGET, fmt's FILE,
    ///     merge's MINE then BASE then THEIRS).
    ///   - shape: what `text` is (a graph's canonical text, or markers from
    ///     a graph merge: its first member alone can say where `$schema` is).
    /// - Throws: ``CommandFailure`` (status 2) naming the file and the reason.
    static func writeResult(pieces: [[UInt8]], to output: String, from inputs: [LoadedDocument],
                            shape: SchemaReference.TextShape = .json) throws {
        guard let destination = physicalDestination(of: output) else {
            try writeAtomically(pieces, to: output)
            return
        }
        let pieces = relocatable(pieces, shape: shape)
        let text = pieces.first ?? []
        let references = inputs.map { document in
            (path: physicalLocation(of: document.home), reference: document.schemaReference)
        }
        // The `$schema` spliced in as the text is written: no second copy of it.
        let splices = SchemaReference.relocationSplices(text, to: destination, from: references,
                                                        currentDirectory: FileManager.default.currentDirectoryPath,
                                                        shape: shape)
        try writeAtomically(pieces, splicing: splices, to: output)
    }

    /// ``writeResult(pieces:to:from:shape:)`` of a graph's canonical text
    /// handed over a piece at a time as it is made
    /// (``Graph/canonicalText(deliveringPiecesTo:)``): each piece is
    /// written as it comes, the `$schema` in the first relocated, so that
    /// the text is written while it is still being made and is never held
    /// whole.
    static func writeResult(of graph: Graph, to output: String, from inputs: [LoadedDocument]) throws {
        try writeResult(delivering: graph.canonicalText(deliveringPiecesTo:), to: output, from: inputs, shape: .canonicalGraph)
    }

    /// ``writeResult(pieces:to:from:shape:)`` of a text that `deliverText`
    /// hands over a piece at a time as it is made (a graph's canonical
    /// text, a merge's: ``MergeText/deliverText(to:)``): each piece written
    /// as it comes, the `$schema` relocated in the first. (Markers whose
    /// first piece cannot say where `$schema` is are held, and relocated
    /// whole, as ``writeResult(pieces:to:from:shape:)`` does.)
    static func writeResult(delivering deliverText: (@escaping ([UInt8]) -> Bool) -> Void, to output: String,
                            from inputs: [LoadedDocument], shape: SchemaReference.TextShape) throws {
        let destination = physicalDestination(of: output)
        let references = inputs.map { document in
            (path: physicalLocation(of: document.home), reference: document.schemaReference)
        }
        func splices(_ text: [UInt8], to destination: String) -> SchemaReference.Splices {
            SchemaReference.relocationSplices(text, to: destination, from: references,
                                              currentDirectory: FileManager.default.currentDirectoryPath, shape: shape)
        }
        try writeAtomically(to: output) { fd in
            var first = true
            var held: [[UInt8]]?
            guard writeDelivered(deliverText, { piece in
                if held != nil {
                    held?.append(piece)
                    return true
                }
                var relocated: SchemaReference.Splices = []
                // Only the first piece can hold `$schema`.
                if first, let destination {
                    first = false
                    guard SchemaReference.readsFirstMemberOnly(piece, shape: shape) else {
                        held = [piece]
                        return true
                    }
                    relocated = splices(piece, to: destination)
                }
                first = false
                return writeAll([piece], splicing: relocated, to: fd)
            }) else { return false }
            guard let held, let destination else { return true }
            let text = joinedPieces(held)
            return writeAll([text], splicing: splices(text, to: destination), to: fd)
        }
    }

    /// Hands each piece `deliverText` makes to `write` until one is not
    /// written; returns whether all were, with `errno` as the failed write
    /// left it (the text's making, on two threads, may call the system
    /// after it).
    static func writeDelivered(_ deliverText: (@escaping ([UInt8]) -> Bool) -> Void, _ write: @escaping ([UInt8]) -> Bool) -> Bool {
        var written = true
        var failure: Int32 = 0
        deliverText({ piece in
            written = write(piece)
            if !written { failure = errno }
            return written
        })
        if !written { errno = failure }
        return written
    }

    /// A graph's canonical text written to `path` atomically as it is made
    /// (``Graph/canonicalText(deliveringPiecesTo:)``), as it is: its
    /// `$schema` already says where it is written (`migrate`).
    static func writeAtomically(canonicalTextOf graph: Graph, to path: String) throws {
        try writeAtomically(to: path) { fd in
            writeDelivered(graph.canonicalText(deliveringPiecesTo:)) { piece in writeAll([piece], to: fd) }
        }
    }

    /// `pieces`, a result going to standard output, with its `$schema`
    /// rewritten as ``writeResult(pieces:to:from:shape:)`` rewrites it when
    /// standard output is a regular file (`> out/merged.graph.json`); as it
    /// is for a pipe or a terminal.
    static func resultForStandardOutput(pieces: [[UInt8]], io: CommandIO, from inputs: [LoadedDocument],
                                        shape: SchemaReference.TextShape = .json) -> [[UInt8]] {
        guard let file = io.stdoutFile, let destination = physicalDestination(of: file) else { return pieces }
        let references = inputs.map { document in
            (path: physicalLocation(of: document.home), reference: document.schemaReference)
        }
        var result = relocatable(pieces, shape: shape)
        guard let first = result.first else { return result }
        result[0] = SchemaReference.relocating(first, to: destination, from: references,
                                               currentDirectory: FileManager.default.currentDirectoryPath, shape: shape)
        return result
    }

    /// `pieces` with whatever `$schema` there is to relocate in the first:
    /// a graph's canonical text has it as its first member, in its first
    /// piece, and so do markers of a graph merge that begin with it; other
    /// text is read whole, so it is joined.
    static func relocatable(_ pieces: [[UInt8]], shape: SchemaReference.TextShape) -> [[UInt8]] {
        guard pieces.count > 1, let first = pieces.first, !SchemaReference.readsFirstMemberOnly(first, shape: shape) else { return pieces }
        return [joinedPieces(pieces)]
    }

    /// The path of the regular file open at descriptor `fd`, if it is one
    /// and its path can be found (`/proc/self/fd` on Linux, `F_GETPATH` on
    /// macOS); `nil` for a pipe, a terminal, a device or a deleted file.
    static func regularFilePath(ofDescriptor fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(fd, F_GETPATH, &buffer) != -1 else { return nil }
        let path = String(cString: buffer)
        #else
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)") else { return nil }
        #endif
        // The file must still be there, under that name.
        var named = stat()
        guard path.hasPrefix("/"), stat(path, &named) == 0, named.st_ino == info.st_ino, named.st_dev == info.st_dev else { return nil }
        return path
    }

    /// Where a file written at `output` really is: `output` itself resolved
    /// when it is a symbolic link, else its name in its resolved directory;
    /// `nil` when the target exists and is not a regular file (a device,
    /// a pipe), so that nothing is kept in its directory.
    static func physicalDestination(of output: String) -> String? {
        var info = stat()
        if stat(output, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type != S_IFREG && type != S_IFDIR { return nil }
            if lstat(output, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, let real = realPath(output) {
                return real
            }
        }
        // A new file, or one a dangling link names: where it will be.
        return physicalLocation(of: (try? linkDestination(of: output)) ?? output)
    }

    /// `path` with the symbolic links of its directory resolved (the last
    /// component kept as written, as `$schema` is read against the
    /// directory that names the file); `path` itself when the directory
    /// cannot be resolved, and `-` as it is.
    static func physicalLocation(of path: String) -> String {
        guard path != "-" else { return path }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != "..", name != ".", let directory = realPath(url.deletingLastPathComponent().path) else {
            return path
        }
        return directory == "/" ? "/" + name : directory + "/" + name
    }

    /// realpath(3) of `path`, or `nil` when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
