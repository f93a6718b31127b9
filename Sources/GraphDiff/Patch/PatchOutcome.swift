import GraphDiffJSON

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
    public var wasAlreadyApplied: Bool { Self.wasAlreadyApplied(applied: applied, alreadyPresent: alreadyPresent, skipped: skipped.count) }

    /// The rule of ``wasAlreadyApplied``: nothing applied, nothing skipped,
    /// something already there (``PatchResult`` asks it too).
    static func wasAlreadyApplied(applied: Int, alreadyPresent: Int, skipped: Int) -> Bool {
        applied == 0 && skipped == 0 && alreadyPresent > 0
    }
}

/// A change whose old value does not match the target, with where: the
/// change's position in the patch, and the entity, identity and property it
/// is about.
///
///     // change 0: update Person "p1".age: old value does not match: expected 41, found 42
public struct PatchMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The position of the change in the patch document's `changes` (-1:
    /// the order edits of several changes together).
    public var change: Int
    /// What the change is about: `update Person "p1".age`.
    public var subject: String
    /// The entity of the object the change is about, as the patch names it
    /// (`nil` for metadata and structural edits).
    public var entity: String?
    /// The identity of that object.
    public var identity: String?
    /// The property (attribute, relationship, or metadata key) the change
    /// is about, when one is.
    public var property: String?
    /// What the patch expected to find, and what the target has (`nil`: absent).
    public var expected: JSONValue?
    /// What the target has (`nil`: absent).
    public var found: JSONValue?
    /// What the patch expected, in words, when that is no single value: the
    /// positions an order change gives its members in the old order
    /// (``SequenceChange/oldOrderDescription(limit:)``). Shown instead of
    /// ``expected``.
    public var expectedDescription: String?
    /// Why the change does not match, in words.
    public var reason: String

    /// A mismatch of change `change`, about `subject` (the object `entity`
    /// `identity`, its `property`, when known).
    public init(change: Int, subject: String, expected: JSONValue?, found: JSONValue?, reason: String,
                expectedDescription: String? = nil, entity: String? = nil, identity: String? = nil, property: String? = nil) {
        self.change = change
        self.subject = subject
        self.entity = entity
        self.identity = identity
        self.property = property
        self.expected = expected
        self.found = found
        self.reason = reason
        self.expectedDescription = expectedDescription
    }

    /// `change N: SUBJECT: reason: expected X, found Y`.
    public var description: String {
        func show(_ v: JSONValue?) -> String { v.map { JSONWriter.string($0) } ?? "(absent)" }
        var text = "change \(change): \(subject): \(reason)"
        if expected != nil || found != nil || expectedDescription != nil {
            text += ": expected \(expectedDescription ?? show(expected)), found \(show(found))"
        }
        return text
    }
}
