import GraphDiffJSON

/// Why a patch could not be read or applied: the one error type of the
/// patch stage, for every patch format.
///
/// ``reason`` says what went wrong; the error says where: the change (or
/// RFC 6902 operation) by its position in the patch, with its line and
/// column when the patch was read from text, and for a patch that does not
/// fit its target, the entity, identity and property of each mismatch
/// (``PatchMismatch``) or problem (``GraphProblem``).
///
///     do {
///         let outcome = try changes.apply(to: graph)
///         print(outcome.applied, "change(s) applied")
///     } catch {
///         switch error.reason {
///         case .rejected(let mismatches): mismatches.forEach { print($0) }
///         default: print(error)
///         }
///     }
public struct PatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The patch document is not well formed; the text says what and
        /// which change.
        case malformed(String)
        /// A graphdiff patch document whose `format` is a tag this version
        /// does not know (``PatchFormat/detect(_:)``).
        case unknownFormat(String)
        /// An RFC 6902 operation does not fit the document (a path that is
        /// not there, a `test` that fails); the text names the operation.
        case operationFailed(String)
        /// Old values that the target does not have: every change that does
        /// not match. Nothing was applied.
        case rejected([PatchMismatch])
        /// The patched graph would break the schema's rules (an invalid
        /// value, a dangling reference, a broken chain): the patch does not
        /// fit this target. Nothing was applied.
        case inconsistent([GraphProblem])
        /// The patch was made for another schema (fingerprints).
        case schemaMismatch(patch: String, target: String)
        /// The patch was asked for in reverse, and its format carries no
        /// old values to invert (``PatchFormat/isInvertible``).
        case notInvertible(PatchFormat)
        /// A graphdiff patch of a graph, and a target that is plain JSON
        /// (no schema applies to it).
        case needsGraphTarget
    }

    /// What went wrong.
    public var reason: Reason
    /// The position of the change (or operation) at fault in the patch,
    /// when one change is.
    public var change: Int?
    /// Where that change is in the patch's text, when the patch was read
    /// from text (``PatchDocument/decode(_:schema:source:)``).
    public var location: SourceLocation?

    /// An error for `reason`, at `change` and `location` when known.
    public init(_ reason: Reason, change: Int? = nil, location: SourceLocation? = nil) {
        self.reason = reason
        self.change = change
        self.location = location
    }

    /// Whether the patch itself is at fault (malformed, or made for another
    /// schema) rather than its fit to this target (rejected, inconsistent,
    /// an operation that fails).
    public var isAboutThePatch: Bool {
        switch reason {
        case .malformed, .unknownFormat, .schemaMismatch, .notInvertible: return true
        case .operationFailed, .rejected, .inconsistent, .needsGraphTarget: return false
        }
    }

    /// The changes that do not match the target, when the patch was
    /// rejected for them; empty otherwise.
    public var mismatches: [PatchMismatch] {
        if case .rejected(let list) = reason { return list }
        return []
    }

    /// What would be wrong with the patched graph, when the patch was
    /// refused for it; empty otherwise.
    public var problems: [GraphProblem] {
        if case .inconsistent(let list) = reason { return list }
        return []
    }

    /// The reason in words, without the position: one line per mismatch or
    /// problem.
    public var message: String {
        switch reason {
        case .malformed(let why), .operationFailed(let why): return why
        case .unknownFormat(let tag): return "unknown patch format \"\(tag)\""
        case .rejected(let mismatches): return mismatches.map(\.description).joined(separator: "\n")
        case .inconsistent(let problems): return problems.map(\.description).joined(separator: "\n")
        case .schemaMismatch(let patch, let target): return "the patch is for schema \(patch), the target has \(target)"
        case .notInvertible(let format): return "a \(format.rawValue) cannot be inverted: only a graphdiff patch carries old values"
        case .needsGraphTarget: return "a graph patch needs a graph target, and no schema applies"
        }
    }

    /// `LINE:COLUMN: message` when the position is known, else the message.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}

extension PatchError {
    /// Where `value` is in `source`: the name of its first member, for an
    /// object read from that text (the reader keeps the names' offsets);
    /// `nil` otherwise.
    package static func location(of value: JSONValue, in source: JSONSourceText?) -> SourceLocation? {
        guard let source, let first = value.objectValue?.members.first, first.keyOffset >= 0 else { return nil }
        return source.location(ofOffset: first.keyOffset)
    }
}
