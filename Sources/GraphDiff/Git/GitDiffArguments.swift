/// What git passes to an external diff driver (`diff.<driver>.command`),
/// as data. See git(1), GIT_EXTERNAL_DIFF.
///
/// - 7 arguments for an added, deleted or modified path:
///   `PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`; a missing
///   side is `/dev/null` with hex and mode `.`.
/// - 9 for a rename or copy: the same, then the new path and git's
///   metainfo text (similarity index, rename from/to).
/// - 1 for an unmerged path: `PATH`.
package enum GitDiffArguments: Equatable, Sendable {
    package struct Side: Equatable, Sendable {
        package var file: String
        package var hex: String
        package var mode: String

        /// Whether this side does not exist (an added or deleted path).
        package var isMissing: Bool { file == "/dev/null" || mode == "." }
    }

    case change(path: String, old: Side, new: Side, newPath: String?, metainfo: String?)
    case unmerged(path: String)

    /// Reads git's arguments; `nil` when their number is not 1, 7 or 9.
    package init?(_ arguments: [String]) {
        switch arguments.count {
        case 1:
            self = .unmerged(path: arguments[0])
        case 7, 9:
            let old = Side(file: arguments[1], hex: arguments[2], mode: arguments[3])
            let new = Side(file: arguments[4], hex: arguments[5], mode: arguments[6])
            self = .change(path: arguments[0], old: old, new: new,
                           newPath: arguments.count == 9 ? arguments[7] : nil, metainfo: arguments.count == 9 ? arguments[8] : nil)
        default:
            return nil
        }
    }

    /// The header git prints for a path: `diff --git a/P b/Q`, mode lines,
    /// and the rename metainfo.
    package var header: String {
        switch self {
        case .unmerged(let path):
            return "* Unmerged path \(path)\n"
        case .change(let path, let old, let new, let newPath, let metainfo):
            var text = "diff --git \(GitDiffArguments.quoted("a/" + path)) \(GitDiffArguments.quoted("b/" + (newPath ?? path)))\n"
            if old.isMissing {
                text += "new file mode \(new.mode)\n"
            } else if new.isMissing {
                text += "deleted file mode \(old.mode)\n"
            } else if old.mode != new.mode {
                text += "old mode \(old.mode)\nnew mode \(new.mode)\n"
            }
            if let metainfo, !metainfo.isEmpty { text += metainfo.hasSuffix("\n") ? metainfo : metainfo + "\n" }
            return text
        }
    }
}

extension GitDiffArguments {
    /// A path as git writes it in a diff header (``ByteText/quotedPath(_:escapingNonASCII:)``).
    package static func quoted(_ path: String, escapingNonASCII: Bool = true) -> String {
        ByteText.quotedPath(path, escapingNonASCII: escapingNonASCII)
    }
}

/// What git passes to a merge driver configured with
/// `%O %A %B %L %P %S %X %Y`: the base, current and other versions (the
/// result goes over CURRENT), the conflict marker size, the path in the work
/// tree, and the three labels.
package struct GitMergeArguments: Equatable, Sendable {
    package var base: String
    package var current: String
    package var other: String
    package var markerSize: Int
    package var path: String
    package var labelBase: String
    package var labelCurrent: String
    package var labelOther: String

    /// Reads `BASE CURRENT OTHER MARKER-SIZE PATH [LABEL-BASE LABEL-CURRENT LABEL-OTHER]`.
    package init?(_ arguments: [String]) {
        guard arguments.count == 5 || arguments.count == 8, let size = Int(arguments[3]), size > 0, size <= 4096 else { return nil }
        base = arguments[0]
        current = arguments[1]
        other = arguments[2]
        markerSize = size
        path = arguments[4]
        // Git before 2.44 passes %S %X %Y through unsubstituted: no label then.
        func label(_ i: Int, _ fallback: String) -> String {
            guard arguments.count == 8, !arguments[i].isEmpty, !(arguments[i].count == 2 && arguments[i].hasPrefix("%")) else { return fallback }
            return arguments[i]
        }
        labelBase = label(5, "base")
        labelCurrent = label(6, "ours")
        labelOther = label(7, "theirs")
    }

    /// The placeholders the installer writes into `merge.<driver>.driver`.
    package static let placeholders = "%O %A %B %L %P %S %X %Y"
}
