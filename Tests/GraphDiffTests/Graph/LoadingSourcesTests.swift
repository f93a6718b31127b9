import Foundation
import XCTest
@testable import GraphDiff

/// Schemas, graphs, patches and JSON load from what apps hold: a String,
/// Data, or a file; a graph file's `$schema` is resolved next to the file.
final class LoadingSourcesTests: XCTestCase {
    let samples = packageRoot.appendingPathComponent("Samples")

    func test_stringDataAndBytes_loadTheSameGraph() throws {
        let schema = try Schema.load(contentsOf: samples.appendingPathComponent("people/people.schema.json"))
        let bytes = try sampleBytes("people/v1.graph.json")
        let fromBytes = try Graph.load(bytes, schema: schema)
        XCTAssertEqual(try Graph.load(String(decoding: bytes, as: UTF8.self), schema: schema), fromBytes)
        XCTAssertEqual(try Graph.load(Data(bytes), schema: schema), fromBytes)
        XCTAssertEqual(try Schema.load(String(decoding: try sampleBytes("people/people.schema.json"), as: UTF8.self)).fingerprint, schema.fingerprint)
        XCTAssertEqual(try Schema.load(Data(try sampleBytes("people/people.schema.json"))).fingerprint, schema.fingerprint)
        XCTAssertEqual(try JSONReader.parse(Data(bytes)), try JSONReader.parse(bytes))
        XCTAssertEqual(try JSONReader.parse(contentsOf: samples.appendingPathComponent("people/v1.graph.json")), try JSONReader.parse(bytes))
        XCTAssertEqual(try JSONReader.parse(contentsOfFile: samples.appendingPathComponent("people/v1.graph.json").path), try JSONReader.parse(bytes))
    }

    func test_graphFile_resolvesItsSchemaNextToTheFile_fromAnyCurrentDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data/schemas"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try Data(try sampleBytes("people/people.schema.json")).write(to: dir.appendingPathComponent("data/schemas/people.json"))
        let text = String(decoding: try sampleBytes("people/v1.graph.json"), as: UTF8.self)
            .replacingOccurrences(of: #""$schema": "people.schema.json""#, with: #""$schema": "schemas/people.json""#)
        let file = dir.appendingPathComponent("data/v1.graph.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let graph = try Graph.load(contentsOf: file)
        XCTAssertEqual(graph.schema.name, "People")
        XCTAssertEqual(graph.schemaReference, "schemas/people.json")
        XCTAssertEqual(graph, try Graph.load(contentsOfFile: file.path))
        XCTAssertEqual(Graph.schemaLocation(of: Array(text.utf8), at: file)?.path, dir.appendingPathComponent("data/schemas/people.json").path)
    }

    func test_graphFile_withoutSchemaReference_saysSo_andAGivenSchemaWins() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain.graph.json")
        try #"{"objects": {"Person": {}}}"#.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Graph.load(contentsOf: file)) { error in
            XCTAssertEqual((error as? GraphError)?.problems.map(\.kind), [.notAGraph])
            XCTAssertEqual("\(error)", #"no "$schema" names a schema file, and no schema was given"#)
        }
        let schema = try Schema.load(contentsOf: samples.appendingPathComponent("people/people.schema.json"))
        XCTAssertEqual(try Graph.load(contentsOf: file, schema: schema).count, 0)
        // Not JSON: the reader's error, with its position.
        try "{".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Graph.load(contentsOf: file)) { XCTAssertTrue($0 is JSONError, "\($0)") }
        // A missing file: a FileError naming it.
        let missing = dir.appendingPathComponent("missing.json")
        XCTAssertThrowsError(try Graph.load(contentsOf: missing)) { error in
            XCTAssertEqual(error as? FileError, FileError(path: missing.path, reason: .notFound))
            XCTAssertEqual("\(error)", "\(missing.path): no such file")
        }
    }

    func test_fileLoaders_missingOrDirectory_throwFileErrorNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nothing.json")
        let notFound = FileError(path: missing.path, reason: .notFound)
        XCTAssertThrowsError(try Schema.load(contentsOf: missing)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try Schema.load(contentsOfFile: missing.path)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try Graph.load(contentsOfFile: missing.path)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try JSONReader.parse(contentsOf: missing)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try PatchDocument.decode(contentsOf: missing)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try JSONReader.parse(contentsOfFile: missing.path)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try PatchDocument.decode(contentsOfFile: missing.path)) { XCTAssertEqual($0 as? FileError, notFound) }
        XCTAssertThrowsError(try Schema.load(contentsOf: dir)) { error in
            XCTAssertEqual(error as? FileError, FileError(path: dir.path, reason: .isDirectory))
            XCTAssertEqual("\(error)", "\(dir.path): is a directory")
        }
    }

    func test_graphFile_whoseSchemaIsMissing_namesTheGraphAndTheResolvedSchemaPath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("data/v1.graph.json")
        try #"{"$schema": "../schemas/gone.schema.json", "objects": {}}"#.write(to: file, atomically: true, encoding: .utf8)
        let resolved = try XCTUnwrap(Graph.schemaLocation(of: Array(try Data(contentsOf: file)), at: file)).path
        XCTAssertEqual(URL(fileURLWithPath: resolved).standardizedFileURL.path, dir.appendingPathComponent("schemas/gone.schema.json").standardizedFileURL.path)
        XCTAssertThrowsError(try Graph.load(contentsOf: file)) { error in
            XCTAssertEqual(error as? FileError, FileError(path: resolved, reason: .notFound, referencedBy: file.path))
            XCTAssertEqual("\(error)", "\(file.path): \"$schema\" names \(resolved): no such file")
        }
    }

    func test_patchDocument_fromTextAndFile_carriesPositions() throws {
        let a = try sampleGraph("people/v1.graph.json", schema: "people/people.schema.json")
        let b = try sampleGraph("people/v2.graph.json", schema: "people/people.schema.json")
        let changes = try ChangeSet.diff(from: a, to: b)
        let text = String(decoding: JSONWriter.canonical(PatchDocument.encode(changes)), as: UTF8.self)
        guard case .graph(let decoded) = try PatchDocument.decode(text, schema: a.schema) else { return XCTFail() }
        XCTAssertEqual(try decoded.apply(to: a).graph.canonicalText(), b.canonicalText())
        XCTAssertEqual(try PatchDocument.decode(Data(text.utf8), schema: a.schema), .graph(decoded))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graphdiff-patch-\(UUID().uuidString).json")
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try PatchDocument.decode(contentsOf: file, schema: a.schema), .graph(decoded))
        XCTAssertEqual(try PatchDocument.decode(contentsOfFile: file.path, schema: a.schema), .graph(decoded))
        let broken = text.replacingOccurrences(of: #""op": "update""#, with: #""op": "upgrade""#)
        XCTAssertThrowsError(try PatchDocument.decode(broken, schema: a.schema)) { error in
            XCTAssertNotNil((error as? PatchError)?.location, "\(error)")
            XCTAssertTrue("\(error)".contains(#"unknown op "upgrade""#), "\(error)")
        }
    }
}
