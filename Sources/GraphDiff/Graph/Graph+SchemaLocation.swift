import Foundation
import GraphDiffJSON
/// Where a document's schema is: the one rule that `graphdiff`'s commands,
/// the git drivers and ``Graph/load(contentsOf:schema:options:)`` follow.
///
/// 1. A schema given (`--schema`, or the `schema` argument) wins.
/// 2. Else the file the document's `$schema` names, relative to the
///    directory of the file that holds the document
///    (``SchemaReference/resolve(_:inDirectoryOf:)``).
/// 3. Else none applies: the document is plain JSON. So is a document whose
///    `$schema` is a URI (`https://json.schemastore.org/…`), or names a
///    file that is JSON but no graphdiff schema (a JSON Schema, as editors
///    use: ``Schema/mayBeSchema(_:)`` is false).
extension Graph {
    /// The schema file of a document: `given` when there is one, else the
    /// file its `$schema` `reference` names, resolved against the directory
    /// of `home` (the document's path; `-` for the current directory);
    /// `nil` when neither applies.
    ///
    ///     Graph.schemaLocation(given: nil, reference: "people.schema.json", home: "Samples/people/v1.graph.json")
    ///     // "Samples/people/people.schema.json"
    ///
    /// - Complexity: O(*k*) in the length of the paths.
    public static func schemaLocation(given: String?, reference: String?, home: String) -> String? {
        if let given { return given }
        return reference.map { SchemaReference.resolve($0, inDirectoryOf: home) }
    }

    /// The `$schema` of the document `bytes` when it names a file: found by
    /// scanning the top-level members (``schemaReference(scanning:)-([UInt8])``),
    /// else, when the scan finds none, by parsing the document
    /// (``schemaReference(in:)``).
    ///
    /// - Complexity: O(*p*) in the bytes before `$schema`; O(*n*) in the
    ///   document's size when it has none.
    public static func schemaReference(of bytes: [UInt8]) -> String? {
        schemaReference(scanning: bytes) ?? (try? JSONReader.parse(bytes)).flatMap(schemaReference(in:))
    }

    /// The `$schema` member of a graph document, if it is a string that
    /// names a file (a URI with a scheme, such as
    /// `https://json.schemastore.org/…`, names a JSON Schema).
    public static func schemaReference(in document: JSONValue) -> String? {
        schemaFileReference(document["$schema"]?.stringValue)
    }

    /// `reference` (a `$schema` string, such as ``schemaReference``) when it
    /// names a file, `nil` when it is a URI with a scheme (a JSON Schema's,
    /// such as `https://json.schemastore.org/…`) or absent.
    ///
    ///     Graph.schemaFileReference("people.schema.json")      // "people.schema.json"
    ///     Graph.schemaFileReference("https://example.org/s")    // nil
    ///
    /// - Complexity: O(*k*) in the length of the reference.
    public static func schemaFileReference(_ reference: String?) -> String? {
        guard let reference, !isURI(reference) else { return nil }
        return reference
    }

    /// The `$schema` string of the graph document `bytes` when it names a
    /// file, found by reading the top-level members only up to `$schema`
    /// (the first member of a canonical file): the same answer as
    /// ``schemaReference(in:)`` for every valid document, without parsing it.
    /// For a malformed document the answer means nothing; loading it decides.
    ///
    /// - Complexity: O(*p*) in the bytes before `$schema`.
    public static func schemaReference(scanning bytes: [UInt8]) -> String? {
        schemaFileReference(JSONReader.topLevelMember("$schema", in: bytes)?.stringValue)
    }

    /// ``schemaReference(scanning:)-([UInt8])`` of bytes held as ``SourceBytes``, read in place.
    ///
    ///     Graph.schemaReference(scanning: SourceBytes(Array(#"{"$schema": "s.json"}"#.utf8)))   // "s.json"
    ///
    /// - Complexity: O(*p*) in the bytes before `$schema`.
    public static func schemaReference(scanning source: SourceBytes) -> String? {
        source.withUnsafeBufferPointer { schemaFileReference(JSONReader.topLevelMember("$schema", in: $0)?.stringValue) }
    }

    /// Whether `reference` is a URI with a scheme (`https://json.schemastore.org/…`):
    /// such a `$schema` names a JSON Schema, as in `tsconfig.json`, and the
    /// document is plain JSON, not a graph.
    static func isURI(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isASCII, first.isLetter else { return false }
        let scheme = reference[..<colon]
        return scheme.count >= 2 && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
