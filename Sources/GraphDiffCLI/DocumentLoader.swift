import Foundation
import GraphDiff

/// A file read for a command: its bytes, its JSON, and its graph when a schema
/// applies (given with `--schema`, or named by the document's `$schema`).
///
/// A graph read straight from its bytes has no JSON tree in memory:
/// ``json`` parses the bytes again when a command asks for it (a JSON
/// patch applied to a graph target), which no other path does. The bytes
/// of a regular file are the file mapped, not copied
/// (``FileAccess/readInput(_:io:)``).
struct LoadedDocument {
    enum Content {
        /// Plain JSON: no schema applies.
        case json
        /// A graph of `schema`.
        case graph(Graph)
        /// A schema document (`"format": "graphdiff-schema/1"`).
        case schema(Schema)
    }

    let path: String
    /// Where the document lives, for its relative `$schema`: its path, or
    /// for standard input (`-`) the `--stdin-path`, or the input read
    /// beside it that names the same schema (``DocumentLoader/home(of:reference:)``);
    /// `-` when none says.
    let home: String
    let bytes: SourceBytes
    /// The parsed document; `nil` for a graph read straight from its bytes.
    let parsed: JSONValue?
    let content: Content
    /// Where the schema was read from, when one applies.
    let schemaPath: String?

    init(path: String, home: String? = nil, bytes: SourceBytes, json: JSONValue?, content: Content, schemaPath: String?) {
        self.path = path
        self.home = home ?? path
        self.bytes = bytes
        self.parsed = json
        self.content = content
        self.schemaPath = schemaPath
    }

    /// The document as JSON.
    ///
    /// - Complexity: O(1) when it was parsed on loading; otherwise (a graph
    ///   read from bytes) O(*n*) in the size of the file, on every call.
    var json: JSONValue {
        if let parsed { return parsed }
        // The bytes loaded as a graph, so they are JSON.
        return (try? bytes.withUnsafeBufferPointer { try JSONReader.parse($0) }) ?? .null
    }

    var graph: Graph? {
        if case .graph(let g) = content { return g }
        return nil
    }

    /// The document without its bytes when it is a graph (a command that
    /// needs neither positions nor the text frees a file's bytes as soon as
    /// its graph is built); other documents as they are.
    func droppingGraphBytes() -> LoadedDocument {
        guard graph != nil else { return self }
        return LoadedDocument(path: path, home: home, bytes: SourceBytes([]), json: parsed, content: content, schemaPath: schemaPath)
    }

    /// The document's `$schema` when it names a file (``Graph/schemaReference(in:)``),
    /// without parsing a graph's bytes again.
    var schemaReference: String? {
        if let graph { return Graph.schemaFileReference(graph.schemaReference) }
        return Graph.schemaReference(in: json)
    }
}

/// Why a document could not be loaded: `invalid` when the file itself is
/// wrong (validate reports it with status 1), `trouble` when something around
/// it is (unreadable file, missing or broken schema: status 2).
struct DocumentFailure: Error {
    enum Kind { case invalid, trouble }
    var kind: Kind
    var lines: [String]
}

/// Reads documents and their schemas, caching each schema file once.
final class DocumentLoader {
    let io: CommandIO
    let schemaOverride: String?
    let force: Bool
    /// `--no-schema`: every document is read as plain JSON, whatever its
    /// `$schema` says.
    let readsSchemas: Bool
    private var schemas: [String: Schema] = [:]
    /// `--identity` (entity → attribute), applied to each Core Data model
    /// read as a schema (`migrate`); empty for the other commands.
    var modelOptions = CoreDataImport.Options()
    /// The choices of ``modelOptions`` that the Core Data models read have
    /// (see ``ModelInput/usedChoices``).
    private(set) var usedChoices: Set<String> = []
    /// Whether a schema read was a Core Data model.
    private(set) var readCoreDataModel = false
    /// `--stdin-path`: where standard input's content lives.
    var stdinPath: String?
    /// For standard input without `--stdin-path`: the relative `$schema`
    /// references the other inputs of the command write, each with the
    /// first such input's path (see ``home(of:reference:)``).
    var homesOfReferences: [String: String] = [:]
    /// A graph read before (the first input of a diff or merge) whose
    /// values the objects of the same text share
    /// (``Graph/LoadOptions/sharingValuesWith``).
    var sharingValuesWith: Graph?
    /// Whether a graph's table of line starts is made as it is read
    /// (``Graph/LoadOptions/recordsLines``): for a command that reports
    /// positions in its inputs.
    var recordsLines = false

    /// - Parameters:
    ///   - schemaOverride: the `--schema` path, which wins over `$schema`.
    ///   - force: load graphs whose recorded schema fingerprint differs.
    init(io: CommandIO, schemaOverride: String?, force: Bool, readsSchemas: Bool = true) {
        self.io = io
        self.readsSchemas = readsSchemas
        self.schemaOverride = schemaOverride
        self.force = force
    }

    /// Where the document read from `path` lives, for resolving its
    /// relative `$schema` `reference`: `path` itself; for standard input,
    /// `--stdin-path`, else the path of another input of the command that
    /// writes the same reference (it names the schema beside that input),
    /// else `-` (the current directory).
    func home(of path: String, reference: String?) -> String {
        guard path == "-" else { return path }
        // A folder (`data/`) holds standard input's content.
        if let stdinPath { return stdinPath.hasSuffix("/") ? stdinPath + "-" : stdinPath }
        return reference.flatMap { homesOfReferences[$0] } ?? path
    }

    /// Loads `path` (or standard input for `-`).
    ///
    /// - Parameters:
    ///   - useSchema: `false` reads plain JSON whatever the document says.
    ///   - schemaDocuments: read a `graphdiff-schema/1` document as a schema
    ///     (validate does); otherwise it is plain JSON.
    func load(_ path: String, useSchema: Bool = true, schemaDocuments: Bool = true) throws -> LoadedDocument {
        let document = try loadDocument(path, useSchema: useSchema, schemaDocuments: schemaDocuments)
        // The objects, not the bytes: freeing one buffer costs nothing.
        io.keepUntilExit(document.content)
        return document
    }

    func loadDocument(_ path: String, useSchema requested: Bool, schemaDocuments: Bool) throws -> LoadedDocument {
        let bytes: SourceBytes
        do {
            bytes = try FileAccess.readInput(path, io: io)
        } catch let f as CommandFailure {
            // A file that cannot be read: the command's prefix, as diff(1)'s.
            throw CommandFailure.trouble(f.message)
        }
        return try document(path, bytes: bytes, useSchema: requested, schemaDocuments: schemaDocuments)
    }

    /// The document `bytes`, read as the file at `path` would be (its
    /// relative `$schema` from `path`'s folder): text that never was a file
    /// of its own, such as one side of a file with conflict markers.
    func document(_ path: String, bytes: SourceBytes, useSchema requested: Bool = true, schemaDocuments: Bool = false) throws -> LoadedDocument {
        let useSchema = requested && readsSchemas
        if useSchema, let document = try scannedGraph(path, bytes: bytes) { return document }
        let json: JSONValue
        do {
            json = try bytes.withUnsafeBufferPointer { try JSONReader.parse($0) }
        } catch {
            throw notJSON(error, path: path, bytes: bytes)
        }
        let plain = LoadedDocument(path: path, home: home(of: path, reference: Graph.schemaReference(in: json)), bytes: bytes, json: json,
                                   content: .json, schemaPath: nil)
        if useSchema, let schemaPath = schemaLocation(for: path, document: json) {
            // A `$schema` naming a JSON Schema (not a graphdiff schema) is no graph's.
            guard let schema = try loadSchema(schemaPath, referencedBy: path) else { return plain }
            return try graph(of: plain, schema: schema, schemaPath: schemaPath)
        }
        if useSchema, schemaDocuments, Schema.isSchemaDocument(json) {
            do {
                let schema = try Schema.load(json, source: JSONSourceText(bytes))
                return LoadedDocument(path: path, home: plain.home, bytes: bytes, json: json, content: .schema(schema), schemaPath: nil)
            } catch {
                throw DocumentFailure(kind: .invalid, lines: Messages.lines(error, file: path))
            }
        }
        return plain
    }

    /// The failure for a file that is not JSON: the reader's error, and a
    /// hint when the file holds merge conflict markers.
    func notJSON(_ error: Error, path: String, bytes: SourceBytes) -> DocumentFailure {
        var lines = Messages.lines(error, file: path)
        if let line = Messages.conflictMarkerLine(in: bytes) {
            lines.append("\(path):\(line):1: unresolved merge conflict markers; resolve them (or run graphdiff merge again) first")
        }
        return DocumentFailure(kind: .invalid, lines: lines)
    }

    /// The file as a graph read straight from its bytes, with no JSON tree
    /// (``Graph/load(_:schema:options:)-(SourceBytes,_,_)``, which releases
    /// a mapped file's pages behind it), when a schema
    /// applies: `--schema`, or a `$schema` found by scanning only the
    /// top-level members (``Graph/schemaReference(scanning:)``).
    ///
    /// `nil` leaves the file to the path that parses it first: no schema
    /// applies, the schema names a JSON Schema, or the schema cannot be
    /// read (that path reports a JSON error in the file before a schema's
    /// trouble, as it always has). The errors of a file that is not JSON or
    /// not a valid graph are the same either way.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    func scannedGraph(_ path: String, bytes: SourceBytes) throws -> LoadedDocument? {
        let reference = Graph.schemaReference(scanning: bytes)
        let home = home(of: path, reference: reference)
        guard let schemaPath = Graph.schemaLocation(given: schemaOverride, reference: reference, home: home), let schema = try? loadSchema(schemaPath, referencedBy: path) else { return nil }
        do {
            let graph = try Graph.load(bytes, schema: schema, options: .init(ignoreFingerprint: force, sharingValuesWith: sharingValuesWith,
                                                                                   recordsLines: recordsLines))
            return LoadedDocument(path: path, home: home, bytes: bytes, json: nil, content: .graph(graph), schemaPath: schemaPath)
        } catch let error as JSONError {
            throw notJSON(error, path: path, bytes: bytes)
        } catch {
            throw DocumentFailure(kind: .invalid, lines: Messages.lines(error, file: path))
        }
    }

    /// `document` (already read and parsed) as a graph of `schema`, read
    /// from `schemaPath`: the file is not read again, so standard input
    /// can be given this way too.
    ///
    /// - Throws: ``DocumentFailure`` (invalid) listing the graph's problems.
    func graph(of document: LoadedDocument, schema: Schema, schemaPath: String?) throws -> LoadedDocument {
        do {
            let graph = try Graph.load(document.json, schema: schema, source: JSONSourceText(document.bytes),
                                       options: .init(ignoreFingerprint: force))
            return LoadedDocument(path: document.path, home: document.home, bytes: document.bytes, json: document.json, content: .graph(graph),
                                  schemaPath: schemaPath)
        } catch {
            throw DocumentFailure(kind: .invalid, lines: Messages.lines(error, file: document.path))
        }
    }

    /// `--schema`, or the document's `$schema` resolved against the
    /// directory where it lives (``home(of:reference:)``).
    func schemaLocation(for path: String, document: JSONValue) -> String? {
        let reference = Graph.schemaReference(in: document)
        return Graph.schemaLocation(given: schemaOverride, reference: reference, home: home(of: path, reference: reference))
    }

    /// The schema at `schemaPath` (a schema file, or a Core Data model read
    /// by ``ModelInput``, as `migrate` names one); `nil` when a document's own `$schema`
    /// names a file that is JSON but no graphdiff schema (a JSON Schema, as
    /// editors use): that document is plain JSON.
    func loadSchema(_ schemaPath: String, referencedBy path: String) throws -> Schema? {
        if let cached = schemas[schemaPath] { return cached }
        if ModelInput.isCoreDataModel(schemaPath) {
            do {
                let model = try ModelInput.load(schemaPath, options: modelOptions, allModels: true, io: io)
                let schema = model.schema
                usedChoices.formUnion(model.usedChoices)
                readCoreDataModel = true
                schemas[schemaPath] = schema
                return schema
            } catch let f as CommandFailure {
                throw CommandFailure.trouble("\(schemaOverride == nil ? "\(path): schema " : "")\(f.message)")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.read(schemaPath, io: io)
        } catch let f as CommandFailure {
            let via = schemaOverride == nil ? "\(path): schema " : ""
            throw CommandFailure.trouble("\(via)\(f.message)")
        }
        if schemaOverride == nil, let json = try? JSONReader.parse(bytes), !Schema.mayBeSchema(json) {
            return nil
        }
        do {
            let schema = try Schema.load(bytes)
            schemas[schemaPath] = schema
            return schema
        } catch {
            throw DocumentFailure(kind: .trouble, lines: Messages.lines(error, file: schemaPath))
        }
    }
}

extension DocumentLoader {
    /// Loads several inputs of one command (diff's two, merge's three) on
    /// both cores. A plain JSON input next to a graph is read as a graph of
    /// the same schema; graphs of different schemas are refused (unless
    /// `force`).
    ///
    /// With `keepGraphBytes` false, a graph's bytes are freed as soon as it
    /// is built (``LoadedDocument/droppingGraphBytes()``): merge without
    /// `--report` needs no positions, and so holds three graphs, not three
    /// files besides. With `recordsLines`, each graph's table of line
    /// starts is made as it is read, for a report's positions.
    ///
    /// - Throws: ``DocumentFailure`` for the first input that fails.
    static func loadTogether(_ paths: [String], schema: String?, force: Bool, keepGraphBytes: Bool = true, readsSchemas: Bool = true,
                             recordsLines: Bool = false, stdinPath: String? = nil, io: CommandIO) throws -> [LoadedDocument] {
        let homes = stdinPath == nil && schema == nil && readsSchemas && paths.contains("-") ? homesOfReferences(in: paths, io: io) : [:]
        func load(_ path: String, sharing: Graph?) -> Result<LoadedDocument, Error> {
            Result {
                let loader = DocumentLoader(io: io, schemaOverride: schema, force: force, readsSchemas: readsSchemas)
                loader.stdinPath = stdinPath
                loader.homesOfReferences = homes
                loader.sharingValuesWith = sharing
                loader.recordsLines = recordsLines
                let document = try loader.load(path, schemaDocuments: false)
                return keepGraphBytes ? document : document.droppingGraphBytes()
            }
        }
        // The first input alone (on both cores when it is large); then the
        // others, each object whose text is the first's sharing its values,
        // the last on another core.
        guard let head = paths.first else { return [] }
        let firstDocument = try load(head, sharing: nil).get()
        let rest = paths.dropFirst()
        var documents = [firstDocument]
        if let lastPath = rest.last {
            let (middles, last) = inParallel({ rest.dropLast().map { load($0, sharing: firstDocument.graph) } }, { load(lastPath, sharing: firstDocument.graph) })
            documents += try (middles + [last]).map { try $0.get() }
        }
        let inputs = documents.map { d in d.graph.map(MixedInputs.Input.graph) ?? .json(d.json, source: JSONSourceText(d.bytes)) }
        guard let first = MixedInputs.schemaSource(inputs) else { return documents }
        let together: [MixedInputs.Input]
        do {
            together = try MixedInputs.readTogether(inputs, force: force)
        } catch {
            let i = error.input ?? first
            if error.problems.first?.kind == .schemaMismatch && inputs[i].graph != nil {
                throw CommandFailure.trouble("\(documents[first].path) and \(paths[i]) are \(error.problems[0].message)")
            }
            throw DocumentFailure(kind: .invalid, lines: Messages.lines(error, file: documents[i].path))
        }
        for i in documents.indices where documents[i].graph == nil {
            guard let graph = together[i].graph else { continue }
            documents[i] = LoadedDocument(path: documents[i].path, home: documents[i].home, bytes: documents[i].bytes, json: documents[i].parsed,
                                          content: .graph(graph),
                                          schemaPath: documents[first].schemaPath)
            io.keepUntilExit(documents[i].content)
            if !keepGraphBytes { documents[i] = documents[i].droppingGraphBytes() }
        }
        return documents
    }
}

extension DocumentLoader {
    /// The relative `$schema` each file among `paths` writes (found by
    /// scanning its top-level members), with the first file that writes
    /// it: where standard input, read beside them without `--stdin-path`,
    /// finds the schema it names alike. A file that cannot be read is
    /// left out here and reported when it is loaded.
    ///
    /// - Complexity: O(*p*) in the bytes before each file's `$schema` (the
    ///   files are mapped, not copied).
    static func homesOfReferences(in paths: [String], io: CommandIO) -> [String: String] {
        var homes: [String: String] = [:]
        for path in paths where path != "-" {
            guard let bytes = try? FileAccess.readInput(path, io: io), let reference = Graph.schemaReference(scanning: bytes),
                !SchemaReference.isAbsolute(reference), homes[reference] == nil else { continue }
            homes[reference] = path
        }
        return homes
    }
}

extension CommandIO {
    /// Writes each line to standard error.
    func err(lines: [String]) { err(lines.map { $0 + "\n" }.joined()) }
}
