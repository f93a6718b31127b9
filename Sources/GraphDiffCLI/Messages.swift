import GraphDiff

/// Turns the library's errors into the lines graphdiff prints:
/// `FILE:LINE:COL: message`, one per problem.
enum Messages {
    /// Every line for `error`, each prefixed with `file` and the position.
    static func lines(_ error: Error, file: String?) -> [String] {
        let prefix = file.map { "\($0):" } ?? ""
        switch error {
        case let e as JSONError:
            return ["\(prefix)\(e.location): \(e.message)"]
        case let e as SchemaError:
            return e.problems.map { p in
                if let l = p.location { return "\(prefix)\(l): \(p.message)" }
                return "\(prefix) \(p.path.joined(separator: ".")): \(p.message)"
            }
        case let e as GraphError:
            return e.problems.map { p in
                var subject = p.description
                if let l = p.location {
                    subject = String(subject.dropFirst("\(l): ".count))
                    return "\(prefix)\(l): \(subject)"
                }
                return prefix.isEmpty ? subject : "\(prefix) \(subject)"
            }
        case let e as CommandFailure:
            return [e.message]
        default:
            return ["\(prefix) \(error)"]
        }
    }

    /// What a command prints on standard error when it ends with `error`,
    /// and its exit status: the one place where the errors of the library
    /// and of the command line become text and a status.
    ///
    /// The status follows the rule of ``ExitStatus``: an input that is not
    /// valid is trouble (2) for every command but validate, whose answer it
    /// is (`invalidIsTheAnswer`: 1); a patch that does not fit its target
    /// is the answer of patch (1); a malformed patch, a usage error, a file
    /// that cannot be read or written, a missing or broken schema are
    /// trouble (2).
    static func report(_ error: Error, command: Subcommand.Type, invalidIsTheAnswer: Bool = false) -> (text: String, status: ExitStatus) {
        let prefix = "graphdiff \(command.name): "
        func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }
        switch error {
        case let failure as CommandFailure:
            var lines = [prefix + failure.message]
            if failure.showUsage { lines += ["Usage: \(command.usage)", "See 'graphdiff help \(command.name)'."] }
            return (text(lines), failure.status)
        case let failure as DocumentFailure:
            return (text(failure.lines), failure.kind == .invalid && invalidIsTheAnswer ? .failure : .trouble)
        case let failure as PatchFailure:
            let e = failure.error
            let patchAt = failure.patch + (e.location.map { ":\($0)" } ?? "")
            switch e.reason {
            case .malformed:
                return (text([prefix + "\(patchAt): \(e.message)"]), .trouble)
            case .unknownFormat:
                return (text([prefix + "\(patchAt): \(e.message); give --format to read it as a merge patch"]), .trouble)
            case .schemaMismatch:
                return (text([prefix + "\(patchAt): \(e.message) (use --force to go on)"]), .trouble)
            case .notInvertible, .needsGraphTarget:
                // (`patch` words these as its usage and target troubles.)
                return (text([prefix + "\(patchAt): \(e.message)"]), .trouble)
            case .operationFailed:
                return (text([prefix + "\(patchAt): \(e.message); nothing written"]), .failure)
            case .rejected(let mismatches):
                return (text([prefix + "\(failure.patch) does not apply to \(failure.target); nothing written"]
                             + mismatches.map { "\(failure.patch): \($0)" }), .failure)
            case .inconsistent(let problems):
                // The problems are the result's, not the (valid) target's.
                return (text([prefix + "the result of \(failure.patch) on \(failure.target) would be an invalid graph; nothing written"]
                             + problems.map { "result: \($0)" }), .failure)
            }
        case let failure as MigrationFailure:
            switch failure.error {
            case .needsMapping(let changes):
                let noun = changes.count == 1 ? "change needs" : "changes need"
                return (text([prefix + "\(failure.graph) cannot be migrated to \(failure.schema): \(changes.count) \(noun) a mapping; nothing written"]
                             + changes.map { c in
                                 let subject = c.entity + (c.property.map { "." + $0 } ?? "")
                                 return "\(failure.schema): \(subject): \(c.kind.rawValue)\(c.aspect.map { " (\($0))" } ?? ""): \(c.reason)"
                             }), .failure)
            case .invalidResult(let problems):
                return (text([prefix + "\(failure.graph) migrated to \(failure.schema) would be an invalid graph; nothing written"]
                             + problems.map { "result: \($0)" }), .failure)
            }
        default:
            return (text([prefix + describe(error, file: nil)]), .trouble)
        }
    }

    /// All lines of `error` joined by newlines.
    static func describe(_ error: Error, file: String?) -> String {
        lines(error, file: file).joined(separator: "\n")
    }

    /// The position of the first line that starts with a merge conflict
    /// marker (`<<<<<<<`; with `length`, at least that many `<`), if any: a
    /// file left from an unresolved merge.
    static func conflictMarkerLine(in source: SourceBytes, length: Int = 7) -> Int? {
        source.withUnsafeBufferPointer { conflictMarkerLine(in: $0, length: length) }
    }

    static func conflictMarkerLine(in bytes: UnsafeBufferPointer<UInt8>, length: Int = 7) -> Int? {
        var line = 1
        var atLineStart = true
        var i = 0
        while i < bytes.count {
            if atLineStart && i + length <= bytes.count && bytes[i..<(i + length)].allSatisfy({ $0 == UInt8(ascii: "<") }) {
                return line
            }
            atLineStart = bytes[i] == UInt8(ascii: "\n")
            if atLineStart { line += 1 }
            i += 1
        }
        return nil
    }
}
