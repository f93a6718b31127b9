import GraphDiffJSON

/// The formats a patch document is written in, and how to tell them apart.
///
///     let format = try PatchFormat.detect(try JSONReader.parse(#"[{"op": "remove", "path": "/a"}]"#))
///     // .jsonPatch
public enum PatchFormat: String, Sendable, Hashable, CaseIterable {
    /// graphdiff's own patch document (`"format": "graphdiff-patch/1"`),
    /// made by ``PatchDocument/encode(_:)-(ChangeSet)``: every change
    /// carries its old value, so it is verified and can be inverted.
    case graphdiff
    /// An RFC 6902 JSON Patch: an array of operations.
    case jsonPatch = "json-patch"
    /// An RFC 7386 JSON merge patch: any other object, or an array that is
    /// not a list of operations (which replaces the target whole).
    case mergePatch = "merge-patch"

    /// The format `document` is written in: an empty array, or an array
    /// whose every element is an object with an `op` member, is a JSON
    /// Patch; any other array is a merge patch (RFC 7386: a patch that is no
    /// object replaces the target, as `diff -f merge-patch` writes for a
    /// top-level array); an object with a `format` member is a graphdiff
    /// patch (whose tag must be ``PatchDocument/formatTag``); any other
    /// object is a merge patch.
    ///
    /// - Throws: ``PatchError`` (``PatchError/Reason/unknownFormat(_:)``)
    ///   for an object whose `format` is another tag, and
    ///   (``PatchError/Reason/malformed(_:)``) for a document that is no
    ///   array or object.
    /// - Complexity: O(*n*) for an array of *n* elements, O(1) otherwise.
    public static func detect(_ document: JSONValue) throws(PatchError) -> PatchFormat {
        switch document {
        case .array(let elements):
            let operations = elements.allSatisfy { element in
                if case .object(let o) = element { return o["op"] != nil }
                return false
            }
            return operations ? .jsonPatch : .mergePatch
        case .object(let o):
            guard let format = o["format"]?.stringValue else { return .mergePatch }
            guard format == PatchDocument.formatTag else { throw PatchError(.unknownFormat(format)) }
            return .graphdiff
        default:
            throw PatchError(.malformed("a patch is an array (RFC 6902) or an object (graphdiff patch, RFC 7386 merge patch), found \(document.kindName)"))
        }
    }

    /// Whether a patch of this format can be inverted: only graphdiff's,
    /// which carries the old values.
    public var isInvertible: Bool { self == .graphdiff }
}

extension Graph {
    /// The graph with an RFC 6902 JSON Patch applied to its document
    /// (``encoded()``), read back as a graph of the same schema.
    ///
    /// The result is checked as loading checks a file (types, required
    /// values, known properties, references, chains), and keeps the
    /// graph's `$schema`.
    ///
    ///     let patch = try JSONPatch(parsing: try JSONReader.parse(#"[{"op": "replace", "path": "/objects/Person/p1/age", "value": 43}]"#))
    ///     let older = try people.applying(patch)
    ///
    /// - Parameter ignoreFingerprint: accept a result whose metadata names
    ///   another schema fingerprint.
    /// - Throws: ``PatchError``: ``PatchError/Reason/operationFailed(_:)``
    ///   at the first operation that does not apply,
    ///   ``PatchError/Reason/inconsistent(_:)`` when the result is no valid
    ///   graph of the schema.
    /// - Complexity: O(*n* + *k* · *s*) for *n* objects and *k* operations
    ///   along paths of containers of size *s*.
    public func applying(_ patch: JSONPatch, ignoreFingerprint: Bool = false) throws(PatchError) -> Graph {
        try reloaded(try patch.apply(to: encoded()), ignoreFingerprint: ignoreFingerprint)
    }

    /// The graph with an RFC 7386 merge patch applied to its document
    /// (``encoded()``), read back and checked as ``applying(_:ignoreFingerprint:)``
    /// does.
    ///
    /// - Throws: ``PatchError`` (``PatchError/Reason/inconsistent(_:)``)
    ///   when the result is no valid graph of the schema.
    /// - Complexity: O(*n* + *p*) for *n* objects and a patch of size *p*.
    public func applying(mergePatch: JSONValue, ignoreFingerprint: Bool = false) throws(PatchError) -> Graph {
        try reloaded(MergePatch.apply(mergePatch, to: encoded()), ignoreFingerprint: ignoreFingerprint)
    }

    /// `document` as a graph of this graph's schema, with its `$schema`.
    func reloaded(_ document: JSONValue, ignoreFingerprint: Bool) throws(PatchError) -> Graph {
        do {
            var again = try Graph.load(document, schema: schema, source: nil, options: .init(ignoreFingerprint: ignoreFingerprint))
            again.schemaReference = schemaReference
            return again
        } catch let error as GraphError {
            throw PatchError(.inconsistent(error.problems))
        } catch {
            throw PatchError(.inconsistent([GraphProblem(.notAGraph, "\(error)")]))
        }
    }
}
