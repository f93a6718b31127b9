/// The identity of an object: its inheritance root and its identity string.
///
/// Objects are matched by identity, never by position: two objects with equal
/// `ObjectID`s in two versions of a graph are the same object. Identities are
/// compared by exact bytes, so two spellings that differ only in Unicode
/// normalisation are two different objects.
///
///     ObjectID(entity: "Person", identity: "p1").description   // "Person:p1"
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The root of the object's entity hierarchy.
    public var entity: String
    /// The identity, exactly as written in the file.
    public var identity: String

    public init(entity: String, identity: String) {
        self.entity = entity
        self.identity = identity
    }

    public static func == (a: ObjectID, b: ObjectID) -> Bool {
        a.entity == b.entity && a.identity.utf8.elementsEqual(b.identity.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        var id = identity
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Entity first, then identity, both in byte order of UTF-8.
    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        if a.entity != b.entity { return a.entity.utf8.lexicographicallyPrecedes(b.entity.utf8) }
        return a.identity.utf8.lexicographicallyPrecedes(b.identity.utf8)
    }

    /// `ENTITY:IDENTITY`.
    public var description: String { "\(entity):\(identity)" }
}
