/// An object as a person names it on the command line, `ENTITY:ID`: an
/// entity (as the file names it, or its root) and an identity. What
/// `graphdiff log --object` and `graphdiff blame` take.
///
///     ObjectName("Task:t3")     // entity "Task", identity "t3"
///     ObjectName("Task:a:b")    // identity "a:b": the first colon splits
public struct ObjectName: Hashable, Sendable {
    /// The entity.
    public var entity: String
    /// The identity.
    public var identity: String

    /// The object `identity` of `entity`.
    public init(entity: String, identity: String) {
        self.entity = entity
        self.identity = identity
    }

    /// `text` split at its first colon; `nil` when either side is empty.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return nil }
        self.init(entity: String(text[..<colon]), identity: String(text[text.index(after: colon)...]))
    }
}
