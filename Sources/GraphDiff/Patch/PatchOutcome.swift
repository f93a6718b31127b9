
/// The result of applying a patch.
public struct PatchOutcome: Sendable {
    /// The patched graph (the target itself when nothing was pending).
    public var graph: Graph
    /// Changes applied now.
    public var applied: Int
    /// Changes the target already had.
    public var alreadyPresent: Int
    /// Changes that did not match and were skipped (only with `force`).
    public var skipped: [PatchMismatch]

    /// Whether every change was already there: applying changed nothing.
    public var wasAlreadyApplied: Bool { applied == 0 && skipped.isEmpty && alreadyPresent > 0 }
}

/// A change whose old value does not match the target.
public struct PatchMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The position of the change in the patch document's `changes`.
    public var change: Int
    /// What the change is about: `update Person "p1".age`.
    public var subject: String
    /// What the patch expected to find, and what the target has (`nil`: absent).
    public var expected: JSONValue?
    public var found: JSONValue?
    /// What the patch expected, in words, when that is no single value: the
    /// positions an order change gives its members in the old order
    /// (``SequenceChange/oldOrderDescription(limit:)``). Shown instead of
    /// ``expected``.
    public var expectedDescription: String?
    public var reason: String

    public init(change: Int, subject: String, expected: JSONValue?, found: JSONValue?, reason: String,
                expectedDescription: String? = nil) {
        self.change = change
        self.subject = subject
        self.expected = expected
        self.found = found
        self.reason = reason
        self.expectedDescription = expectedDescription
    }

    public var description: String {
        func show(_ v: JSONValue?) -> String { v.map { JSONWriter.string($0) } ?? "(absent)" }
        var text = "change \(change): \(subject): \(reason)"
        if expected != nil || found != nil || expectedDescription != nil {
            text += ": expected \(expectedDescription ?? show(expected)), found \(show(found))"
        }
        return text
    }
}

extension PatchError {
    /// Thrown by verified application: the changes that do not match.
    public struct Rejected: Error, Sendable, CustomStringConvertible {
        public var mismatches: [PatchMismatch]
        public var description: String { mismatches.map(\.description).joined(separator: "\n") }
    }

    /// The patched graph breaks the schema's rules (a dangling reference, a
    /// broken chain): the patch does not fit this target.
    public struct Inconsistent: Error, Sendable, CustomStringConvertible {
        public var problems: [GraphProblem]
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    /// The patch was made for another schema.
    public struct SchemaMismatch: Error, Sendable, CustomStringConvertible {
        public var patch: String
        public var target: String
        public var description: String { "the patch is for schema \(patch), the target has \(target)" }
    }
}
