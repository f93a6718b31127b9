import Foundation
import XCTest
@testable import GraphDiff

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The bytes of `Samples/PATH`.
func sampleBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: packageRoot.appendingPathComponent("Samples").appendingPathComponent(path)))
}

func sampleSchema(_ path: String) throws -> Schema {
    try Schema.load(sampleBytes(path))
}

func sampleGraph(_ path: String, schema: String) throws -> Graph {
    try Graph.load(sampleBytes(path), schema: sampleSchema(schema))
}

/// The schema problems of `text`, failing when it loads.
func schemaProblems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [SchemaProblem] {
    do {
        _ = try Schema.load(Array(text.utf8))
        XCTFail("schema accepted", file: file, line: line)
    } catch let e as SchemaError {
        return e.problems
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return []
}

/// The graph problems of `text` against `schema`, failing when it loads.
func graphProblems(_ text: String, schema: Schema, options: Graph.LoadOptions = .init(),
                   file: StaticString = #filePath, line: UInt = #line) -> [GraphProblem] {
    do {
        _ = try Graph.load(Array(text.utf8), schema: schema, options: options)
        XCTFail("graph accepted", file: file, line: line)
    } catch let e as GraphError {
        return e.problems
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return []
}

/// A small schema with every kind of relationship, built in code:
/// `Owner` owns an ordered chain of `Item`s and a one-to-one `Badge`;
/// `Item`s and `Tag`s are many-to-many; `Special` inherits from `Item`.
func kitchenSinkSchema() throws -> Schema {
    try Schema(name: "Sink", version: 1, entities: [
        Entity(name: "Owner", identity: "id",
               attributes: [Attribute(name: "id", type: .string),
                            Attribute(name: "name", type: .string, isOptional: true)],
               relationships: [
                Relationship(name: "items", destination: "Item", toMany: true,
                             ordered: .chain(prev: "prev", next: "next"), inverse: "owner", deleteRule: .cascade),
                Relationship(name: "badge", destination: "Badge", inverse: "holder", deleteRule: .cascade),
               ]),
        Entity(name: "Item", identity: "id",
               attributes: [Attribute(name: "id", type: .string),
                            Attribute(name: "count", type: .int16, defaultValue: 0),
                            Attribute(name: "when", type: .date, isOptional: true)],
               relationships: [
                Relationship(name: "owner", destination: "Owner", inverse: "items"),
                Relationship(name: "prev", destination: "Item", inverse: "next"),
                Relationship(name: "next", destination: "Item", inverse: "prev"),
                Relationship(name: "tags", destination: "Tag", toMany: true, inverse: "items"),
               ]),
        Entity(name: "Special", parent: "Item",
               attributes: [Attribute(name: "extra", type: .json, isOptional: true)]),
        Entity(name: "Tag", identity: "id",
               attributes: [Attribute(name: "id", type: .string)],
               relationships: [Relationship(name: "items", destination: "Item", toMany: true, inverse: "tags")]),
        Entity(name: "Badge", identity: "id",
               attributes: [Attribute(name: "id", type: .string)],
               relationships: [Relationship(name: "holder", destination: "Owner", inverse: "badge")]),
    ])
}

/// `../shared/conformance` beside the package root, or `nil` when absent.
func conformanceDirectory() -> URL? {
    let dir = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    return FileManager.default.fileExists(atPath: dir.path) ? dir : nil
}

/// The parsed conformance file at `path`, or a skip naming what is missing.
func conformanceJSON(_ path: String) throws -> JSONValue {
    guard let dir = conformanceDirectory() else {
        throw XCTSkip("../shared/conformance is absent; \(path) not run")
    }
    // Some fixtures repeat a member name on purpose (in disabled records).
    return try JSONReader.parse(Array(try Data(contentsOf: dir.appendingPathComponent(path))), duplicateMembers: .keepLast)
}

/// Parses JSON text, for test inputs.
func json(_ text: String) throws -> JSONValue { try JSONReader.parse(text) }

/// The path of `Samples/PATH`.
func samplePath(_ path: String) -> String {
    packageRoot.appendingPathComponent("Samples").appendingPathComponent(path).path
}
