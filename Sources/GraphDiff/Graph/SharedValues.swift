import Foundation
import GraphDiffJSON

/// The objects of a graph read before, whose values an object of the file
/// being read shares when its text is theirs byte for byte
/// (``Graph/LoadOptions/sharingValuesWith``): equal bytes are equal
/// values, so such an object is neither decoded nor checked again.
///
///     old file:  "t1": {\n        "done": false,\n        "title": "Milk"\n      }
///     new file:  "t1": {\n        "done": false,\n        "title": "Milk"\n      }
///                      └ the same bytes as old t1's span: new t1 shares old t1's ValueRow
///
/// Only the text of a ``SourceSpan`` qualifies: the scanner checked it is
/// the canonical writer's, so it holds every stored property once, in
/// order, with nothing the rules change, and the same bytes under the same
/// schema (compared by fingerprint) give the same values. The bytes that
/// were read before are kept readable by the graph (``Graph/sources``);
/// the scanner gives their pages back behind it as it gives back its own
/// (``CopiedPages``).
///
/// A class, so that the scanner's look at it for every object retains one
/// reference rather than copying the store's arrays.
final class SharedValues {
    /// The objects read before.
    let objects: ObjectStore
    /// The input they were read from, and its bytes.
    let source: SourceBytes
    let bytes: UnsafeBufferPointer<UInt8>

    init(objects: ObjectStore, source: SourceBytes, bytes: UnsafeBufferPointer<UInt8>) {
        self.objects = objects
        self.source = source
        self.bytes = bytes
    }

    /// The same values, in an object of its own, for a reader on another
    /// core: each look at the objects retains the reference it is given,
    /// and two cores retaining one object write one cache line in turn
    /// (in a profile of the 1M diff, a tenth of the scanner's samples
    /// waited on that line).
    ///
    /// - Complexity: O(1).
    func forAnotherCore() -> SharedValues {
        SharedValues(objects: objects, source: source, bytes: bytes)
    }

    /// Calls `body` with the values of `graph` to share when reading a
    /// file of `schema`, or with `nil` when there are none to share: no
    /// graph, another schema, or objects read from more than one input.
    static func withValues<R>(of graph: Graph?, schema: Schema, _ body: (SharedValues?) -> R) -> R {
        guard let graph, graph.schema.fingerprint == schema.fingerprint, graph.sources.count == 1, let source = graph.sources.first else {
            return body(nil)
        }
        return source.withUnsafeBufferPointer { bytes in
            body(SharedValues(objects: graph.objects, source: source, bytes: bytes))
        }
    }

    /// The object `id` read before, when its text is `text`'s start,
    /// byte for byte, and its entity is `entityIndex`.
    ///
    /// - Parameter cursor: the row to look at first (the two files list
    ///   their objects in the same order); moved past the row found.
    /// - Complexity: O(*k*) in the length of the object's text: one
    ///   lookup, expected O(1), and one comparison of bytes.
    func object(_ id: ObjectID, entityIndex: Int, text: UnsafeBufferPointer<UInt8>, cursor: inout Int) -> GraphObject? {
        guard let object = objects.object(id, cursor: &cursor), object.entityIndex == entityIndex else { return nil }
        let span = object.canonicalSource
        let length = Int(span.length)
        guard span.exists, span.source == source.tag, length <= text.count, span.start >= 0, span.start + length <= bytes.count,
            let mine = bytes.baseAddress, let theirs = text.baseAddress, memcmp(mine + span.start, theirs, length) == 0
        else { return nil }
        return object
    }
}
