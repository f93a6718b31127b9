import Foundation
import GraphDiff

/// The git drivers' one fallback chain. The versions of a file are graphs
/// when `$schema` (or `--schema`) names a schema and every version loads as
/// a graph of it; else plain JSON when every version parses; else bytes.
/// Each step down has a reason, which the drivers print on one stderr line
/// (`graphdiff: PATH: merging as plain JSON: theirs is not a valid Tasks
/// graph: …`). Plain JSON without `$schema` is no step down: it has no reason.
enum GitInputs {
    /// One version of the file: its label (`mine`, `old`, …) and its bytes
    /// (`nil`: the file does not exist in that version).
    struct Version {
        var label: String
        var bytes: [UInt8]?
    }

    /// What the versions are.
    enum Kind {
        /// Graphs of one schema (absent versions are empty graphs).
        case graphs([Graph])
        /// JSON documents (`nil`: absent).
        case json([JSONValue?])
        /// Not all JSON.
        case bytes
    }

    /// Classifies `versions`; `schemaOrder` lists the indexes of the versions
    /// whose `$schema` counts, first match first.
    static func classify(_ versions: [Version], schemaOrder: [Int], workTreePath: String, override: String?) -> (kind: Kind, reason: String?) {
        if let graphs = graphsFromBytes(versions, schemaOrder: schemaOrder, workTreePath: workTreePath, override: override) {
            return (.graphs(graphs), nil)
        }
        var documents: [JSONValue?] = []
        for v in versions {
            guard let bytes = v.bytes else { documents.append(nil); continue }
            do {
                documents.append(try JSONReader.parse(bytes))
            } catch {
                return (.bytes, "\(v.label) is not JSON: \(firstLine(error))")
            }
        }
        var schemaPath = override
        if schemaPath == nil {
            for i in schemaOrder {
                if let document = documents[i], let reference = Graph.schemaReference(in: document) {
                    schemaPath = resolve(reference, workTreePath: workTreePath)
                    break
                }
            }
        }
        guard let schemaPath else { return (.json(documents), nil) }
        let schema: Schema
        do {
            guard FileManager.default.fileExists(atPath: schemaPath) else { return (.json(documents), "schema \(schemaPath) not found") }
            let bytes = try FileAccess.readAll(path: schemaPath)
            // A JSON Schema (as editors use), not a graphdiff schema: plain JSON, no step down.
            if override == nil, let json = try? JSONReader.parse(bytes), json["format"]?.stringValue != Schema.formatTag, json["entities"] == nil {
                return (.json(documents), nil)
            }
            schema = try Schema.load(bytes)
        } catch {
            return (.json(documents), "schema \(schemaPath) is not valid: \(firstLine(error))")
        }
        var graphs: [Graph] = []
        for (v, document) in zip(versions, documents) {
            guard let document else { graphs.append(Graph(schema: schema)); continue }
            do {
                graphs.append(try Graph.load(document, schema: schema, source: v.bytes.map(JSONSourceText.init),
                                             options: Graph.LoadOptions(ignoreFingerprint: true)))
            } catch {
                return (.json(documents), "\(v.label) is not a valid \(schema.name) graph: \(firstLine(error))")
            }
        }
        return (.graphs(graphs), nil)
    }

    /// The versions as graphs read straight from their bytes, with no JSON
    /// tree (``Graph/load(_:schema:options:)-([UInt8],_,_)``), when a schema
    /// applies and every version is a valid graph of it: the common case,
    /// and the answer ``classify(_:schemaOrder:workTreePath:override:)``
    /// gives then. `nil` at the first step down of any kind, which
    /// `classify` then takes from the top to name its reason.
    ///
    /// - Complexity: O(*n*) in the size of the versions.
    static func graphsFromBytes(_ versions: [Version], schemaOrder: [Int], workTreePath: String, override: String?) -> [Graph]? {
        var schemaPath = override
        if schemaPath == nil {
            for i in schemaOrder where versions.indices.contains(i) {
                if let bytes = versions[i].bytes, let reference = Graph.schemaReference(scanning: bytes) {
                    schemaPath = resolve(reference, workTreePath: workTreePath)
                    break
                }
            }
        }
        guard let schemaPath, FileManager.default.fileExists(atPath: schemaPath),
            let bytes = try? FileAccess.readAll(path: schemaPath)
        else { return nil }
        if override == nil, let json = try? JSONReader.parse(bytes), json["format"]?.stringValue != Schema.formatTag, json["entities"] == nil {
            return nil
        }
        guard let schema = try? Schema.load(bytes) else { return nil }
        var graphs: [Graph] = []
        for v in versions {
            guard let bytes = v.bytes else { graphs.append(Graph(schema: schema)); continue }
            guard let graph = try? Graph.load(bytes, schema: schema, options: Graph.LoadOptions(ignoreFingerprint: true)) else { return nil }
            graphs.append(graph)
        }
        return graphs
    }

    /// `$schema` resolved against the directory of the path in the work
    /// tree (``SchemaReference/resolve(_:inDirectoryOf:)``): git hands the
    /// versions as temporary files elsewhere, and runs drivers at the top of
    /// the work tree.
    static func resolve(_ reference: String, workTreePath: String) -> String {
        SchemaReference.resolve(reference, inDirectoryOf: workTreePath)
    }

    /// Whether git would take `bytes` for binary: a NUL in the first 8,000 bytes.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8_000).contains(0)
    }

    /// The first line of an error's description.
    static func firstLine(_ error: Error) -> String {
        String(describing: error).split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "\(error)"
    }
}
