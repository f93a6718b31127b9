import Foundation
import GraphDiff

/// Decisions kept in files: `merge --decisions FILE`, and the resolutions
/// remembered in a repository's git directory (`graphdiff/decisions/`,
/// one file per conflict, named by its key: ``MergeDecisions/key(of:)``).
enum DecisionsFile {
    /// Records the choices of the decisions file at `path`.
    static func read(_ path: String, into decisions: inout MergeDecisions, io: CommandIO) throws {
        let bytes = try FileAccess.read(path, io: io)
        let json: JSONValue
        do {
            json = try JSONReader.parse(bytes)
        } catch {
            throw CommandFailure.trouble(Messages.lines(error, file: path).joined(separator: "\n"))
        }
        do {
            try decisions.record(decisionsFile: json)
        } catch {
            throw CommandFailure.trouble("\(path): \(error)")
        }
    }

    /// The folder of remembered resolutions of the repository that holds
    /// `folder` (the current one when `nil`), or `nil` outside a repository.
    static func rememberedFolder(near folder: String?) -> String? {
        let found = ProcessRunner.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], in: folder)
        guard found.status == 0, let dir = found.lineText, !dir.isEmpty else { return nil }
        return dir + "/graphdiff/decisions"
    }

    /// Records every remembered resolution in `folder` (a file that cannot
    /// be read is passed over with a warning: it is only a memory).
    static func readRemembered(_ folder: String, into decisions: inout MergeDecisions, io: CommandIO) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = folder + "/" + name
            guard let bytes = FileManager.default.contents(atPath: path), let json = try? JSONReader.parse([UInt8](bytes)) else {
                io.err("graphdiff: warning: \(path): not a remembered resolution; passed over\n")
                continue
            }
            do {
                try decisions.record(decisionsFile: json)
            } catch {
                io.err("graphdiff: warning: \(path): \(error); passed over\n")
            }
        }
    }

    /// Remembers `side` for `conflict` in `folder`.
    static func remember(_ conflict: MergeConflict, _ side: MergeSide, in folder: String) throws {
        var entry = ConflictReport.document([conflict], inputs: [])
        if case .object(var o) = entry, case .array(var list)? = o["conflicts"], case .object(var c)? = list.first {
            c["resolvedBy"] = nil
            c["choice"] = .string(side.rawValue)
            list[0] = .object(c)
            o["conflicts"] = .array(list)
            entry = .object(o)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.trouble("\(folder): cannot make the folder of remembered resolutions: \(error.localizedDescription)")
        }
        try FileAccess.writeAtomically(JSONWriter.canonical(entry), to: folder + "/" + MergeDecisions.key(of: conflict) + ".json")
    }

    /// Forgets the remembered resolution of `conflict`; whether there was one.
    static func forget(_ conflict: MergeConflict, in folder: String) -> Bool {
        let path = folder + "/" + MergeDecisions.key(of: conflict) + ".json"
        guard FileManager.default.fileExists(atPath: path) else { return false }
        return (try? FileManager.default.removeItem(atPath: path)) != nil
    }
}
