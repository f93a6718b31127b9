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

    /// All lines of `error` joined by newlines.
    static func describe(_ error: Error, file: String?) -> String {
        lines(error, file: file).joined(separator: "\n")
    }

    /// The position of the first line that starts with a merge conflict
    /// marker (`<<<<<<<`), if any: a file left from an unresolved merge.
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        var line = 1
        var atLineStart = true
        var i = 0
        while i < bytes.count {
            if atLineStart && i + 7 <= bytes.count && bytes[i..<(i + 7)].allSatisfy({ $0 == UInt8(ascii: "<") }) {
                return line
            }
            atLineStart = bytes[i] == UInt8(ascii: "\n")
            if atLineStart { line += 1 }
            i += 1
        }
        return nil
    }
}
