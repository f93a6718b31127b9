import Foundation
import GraphDiff

/// What the git drivers ignore in one file: `--ignore` values from their
/// command line, and the repository's `.graphdiff` file, which git's
/// working directory for drivers (the repository root) holds.
enum IgnoreFileAccess {
    /// JSON Pointer patterns (`--ignore /…` and `.graphdiff`'s for `path`)
    /// and `ENTITY.PROPERTY` names (the other `--ignore` values).
    ///
    /// A `.graphdiff` that cannot be read or is broken is reported on
    /// standard error (`graphdiff: .graphdiff:LINE:COL: …`) and ignores
    /// nothing: the drivers go on as without it, never failing git.
    ///
    /// - Throws: ``CommandFailure`` (usage) for an `--ignore` pattern that
    ///   is no JSON Pointer.
    static func ignores(_ values: [String], path: String, io: CommandIO) throws -> (paths: IgnoredPaths, properties: [String]) {
        let pointers = values.filter { $0.hasPrefix("/") }, properties = values.filter { !$0.hasPrefix("/") }
        var patterns = try IgnoreOption.paths(pointers).patterns
        if FileManager.default.fileExists(atPath: IgnoreFile.name) {
            do {
                let file = try IgnoreFile(parsing: try FileAccess.readAll(path: IgnoreFile.name))
                patterns += file.ignoredPaths(forPath: path).patterns
            } catch let problem as IgnoreFile.Problem {
                io.err("graphdiff: \(IgnoreFile.name):\(problem); ignoring no path from it\n")
            } catch {
                io.err("graphdiff: \(IgnoreFile.name): cannot be read (\(error)); ignoring no path from it\n")
            }
        }
        return ((try? IgnoredPaths(patterns)) ?? IgnoredPaths(), properties)
    }
}
