/// Which binary `graphdiff git install` may register as git's driver.
///
/// git runs the registered path on every `git diff` and `git merge` of a
/// graph file, long after the install. A binary inside a build folder is
/// replaced by the next build (or removed by `swift package clean`), so
/// registering one leaves drivers that break later; the rule finds such a
/// folder from the binary's path and the names beside it.
package enum GitDriverBinary {
    /// Where a build put `path`, or nil when it looks installed.
    ///
    /// A build folder is a path component named `.build` or starting with
    /// `.build-` (SwiftPM's default scratch folder and the usual
    /// `--scratch-path` spellings), Xcode's `DerivedData`, or a folder that
    /// SwiftPM's scratch layout shows in the binary's own folder: a
    /// `description.json` beside module folders named `*.build`, as any
    /// `--scratch-path` has them.
    ///
    ///     GitDriverBinary.buildFolder(of: "/src/graphdiff/.build/debug/graphdiff", siblings: [])
    ///     // "/src/graphdiff/.build"
    ///
    /// - Parameters:
    ///   - path: the binary's absolute path, symbolic links resolved.
    ///   - siblings: the names in the binary's folder.
    /// - Returns: the build folder: the `.build` or `DerivedData` folder, or
    ///   the binary's folder for a scratch layout.
    /// - Complexity: O(*p* + *s*), where *p* is the length of the path and
    ///   *s* the number of siblings.
    package static func buildFolder(of path: String, siblings: [String]) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, component) in components.enumerated().dropLast()
        where component == ".build" || component.hasPrefix(".build-") || component == "DerivedData" {
            return components[...index].joined(separator: "/")
        }
        if siblings.contains("description.json") && siblings.contains(where: { $0.hasSuffix(".build") }) {
            return components.dropLast().joined(separator: "/")
        }
        return nil
    }
}
