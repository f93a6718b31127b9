import GraphDiffJSON

/// The identity of an object: its inheritance root and its identity string.
///
/// Objects are matched by identity, never by position: two objects with equal
/// `ObjectID`s in two versions of a graph are the same object. Identities are
/// compared by exact bytes, so two spellings that differ only in Unicode
/// normalisation are two different objects. The loader stores integer and
/// UUID identities in their canonical spelling
/// (``AttributeType/canonicalIdentity(_:)``), so `007` and `7`, or a UUID
/// in upper and in lower case, are one object.
///
///     ObjectID(entity: "Person", identity: "p1").description   // "Person:p1"
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The root of the object's entity hierarchy.
    public var entity: String
    /// The identity: as written in the file for string identities, in
    /// canonical spelling for integer and UUID identities.
    public var identity: String

    /// The object `identity` of the hierarchy rooted at `entity`.
    public init(entity: String, identity: String) {
        self.entity = entity
        self.identity = identity
    }

    public static func == (a: ObjectID, b: ObjectID) -> Bool {
        utf8Equal(a.identity, b.identity) && utf8Equal(a.entity, b.entity)
    }

    /// Hashes the identity only: identities rarely repeat across entity
    /// roots, and `==` still compares the root. One string to hash instead of
    /// two makes every lookup by identity cheaper.
    public func hash(into hasher: inout Hasher) {
        hashUTF8(identity, into: &hasher)
    }

    /// Entity first, then identity, both in byte order of UTF-8.
    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        let c = utf8Compare(a.entity, b.entity)
        return c != 0 ? c < 0 : utf8Less(a.identity, b.identity)
    }

    /// `ENTITY:IDENTITY`.
    public var description: String { "\(entity):\(identity)" }
}
