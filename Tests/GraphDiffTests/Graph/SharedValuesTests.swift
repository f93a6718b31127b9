import Foundation
import GraphDiffGenerator
import GraphDiffJSON
import XCTest

@testable import GraphDiff

/// A file read beside a graph read before (``Graph/LoadOptions/sharingValuesWith``):
/// each object whose text is the earlier object's, byte for byte, shares
/// its values. Sharing must change nothing but time and memory: the
/// graph, its source offsets and spans, its errors are the ones the file
/// gives alone.
///
/// `GRAPHDIFF_SHARING_CASES=N` runs N seeds (default 1,000); a failure
/// names its seed.
final class SharedValuesTests: XCTestCase {
    /// Why `a` is not `b` as read alone, or `nil`: `==`, and the same source
    /// offsets, spans and spelling of every value.
    func difference(_ a: Graph, _ b: Graph) -> String? {
        guard a == b else { return "graphs differ" }
        guard JSONValue.object(a.metadata).isIdentical(to: .object(b.metadata)), a.schemaReference == b.schemaReference else {
            return "metadata or $schema differs"
        }
        for (id, object) in b.objects {
            guard let other = a.objects[id] else { return "\(id) missing" }
            guard other.sourceOffset == object.sourceOffset, other.canonicalSource == object.canonicalSource else {
                return "\(id): offset \(other.sourceOffset) span \(other.canonicalSource), alone \(object.sourceOffset) \(object.canonicalSource)"
            }
            for (x, y) in zip(other.values, object.values) where !x.isIdentical(to: y) {
                return "\(id): value \(JSONWriter.string(x)), alone \(JSONWriter.string(y))"
            }
        }
        return nil
    }

    /// `text` with one byte changed, removed or doubled at random.
    func broken(_ text: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        guard !text.isEmpty else { return text }
        var bytes = text
        let i = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[i] = [UInt8(ascii: "\""), UInt8(ascii: "1"), UInt8(ascii: "}"), UInt8(ascii: " "), 0xC3][random.below(5)]
        case 1: bytes.remove(at: i)
        default: bytes.insert(bytes[i], at: i)
        }
        return bytes
    }

    /// Law, over seeded random pairs (a graph and an edit of it, the edit
    /// sometimes broken by a byte): the edit read sharing the first
    /// graph's values is the edit read alone (the same graph, offsets,
    /// spans and values; or the same error), on one core and in two
    /// halves; every object whose text both files hold alike shares the
    /// first graph's values; and writing the graph read so gives the file.
    func test_law_sharingChangesNothingButWhatIsRead() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_SHARING_CASES"].flatMap(Int.init) ?? 1_000
        let schema = GraphGenerator.schema
        var sharedCount = 0, brokenCount = 0
        for seed in 1...UInt64(cases) {
            var random = SplitMix64(seed: seed)
            var generator = GraphGenerator(seed: random.next())
            let base = generator.graph(objectCount: [1, 3, 8, 20, 45][random.below(5)])
            var editor = GraphEditor(seed: random.next())
            let (edited, _) = editor.edit(base, count: random.below(6))
            let baseText = base.canonicalText()
            let first = try Graph.load(SourceBytes(baseText), schema: schema)
            var text = edited.canonicalText()
            let isBroken = random.below(5) == 0
            if isBroken {
                text = broken(text, &random)
                brokenCount += 1
            }
            let source = SourceBytes(text)
            let alone = Result { try Graph.load(source, schema: schema) }
            let shared = Result { try Graph.load(source, schema: schema, options: .init(sharingValuesWith: first)) }
            switch (alone, shared) {
            case (.success(let expected), .success(let graph)):
                if let why = difference(graph, expected) { XCTFail("seed \(seed): \(why)") }
                // The canonical text, read sharing, is written as it was read.
                if !isBroken { XCTAssertTrue(graph.canonicalText() == text, "seed \(seed): written again differs") }
                // Read in two halves wherever the layout allows a split.
                let halves = SharedValues.withValues(of: first, schema: schema) { sharing in
                    text.withUnsafeBufferPointer { Graph.scan($0, schema: schema, parallelAbove: 0, sourceTag: source.tag, sharing: sharing) }
                }
                if let halves {
                    if let why = difference(halves, expected) { XCTFail("seed \(seed), two halves: \(why)") }
                } else {
                    XCTFail("seed \(seed): two halves refused a valid file")
                }
                // Each object whose text is the first file's shares its values.
                for (id, object) in graph.objects {
                    guard let before = first.objects[id], before.entityIndex == object.entityIndex,
                        before.canonicalSource.exists, object.canonicalSource.exists,
                        text[object.canonicalSource.start..<(object.canonicalSource.start + Int(object.canonicalSource.length))]
                            .elementsEqual(baseText[before.canonicalSource.start..<(before.canonicalSource.start + Int(before.canonicalSource.length))])
                    else {
                        if let before = first.objects[id] { XCTAssertFalse(before.row.isSameRun(as: object.row) && before != object, "seed \(seed): \(id)") }
                        continue
                    }
                    XCTAssertTrue(before.row.isSameRun(as: object.row), "seed \(seed): \(id) has the same text but was read again")
                    sharedCount += 1
                }
            case (.failure(let expected), .failure(let error)):
                XCTAssertEqual("\(error)", "\(expected)", "seed \(seed)")
            default:
                XCTFail("seed \(seed): alone \(alone), sharing \(shared)")
            }
            if (testRun?.failureCount ?? 0) > 0 { break }
        }
        print("sharing: \(cases) pairs, \(brokenCount) broken, \(sharedCount) objects shared")
        XCTAssertGreaterThan(sharedCount, cases * 5, "too few objects shared to say anything")
    }

    /// An object shared with the graph read before changes alone: editing
    /// it in the new graph leaves the first one as read.
    func test_sharedObject_changesAlone() throws {
        let schema = GraphGenerator.schema
        var generator = GraphGenerator(seed: 7)
        let base = generator.graph(objectCount: 20)
        let first = try Graph.load(base.canonicalText(), schema: schema)
        var second = try Graph.load(base.canonicalText(), schema: schema, options: .init(sharingValuesWith: first))
        let (id, object) = try XCTUnwrap(second.objects.first { $0.value.slotCount > 0 && first.objects[$0.key] != nil })
        XCTAssertTrue(try XCTUnwrap(first.objects[id]).row.isSameRun(as: object.row))
        let entity = schema.entities[object.entityIndex]
        let attribute = try XCTUnwrap(entity.attributes.first { $0.type == .string && $0.name != entity.identityAttribute })
        try second.update(id) { $0[attribute.name] = "changed after sharing" }
        XCTAssertEqual(second.value(of: id, attribute.name), "changed after sharing")
        XCTAssertEqual(first, try Graph.load(base.canonicalText(), schema: schema), "the first graph is as read")
        XCTAssertNotEqual(first.value(of: id, attribute.name), "changed after sharing")
    }

    /// An object whose text is unchanged but which moved to a sibling
    /// entity (same root, so the same identity) is read again, not shared:
    /// the graph is the one the file gives alone.
    func test_objectMovedToASiblingEntity_isReadAgain() throws {
        let schema = try Schema.load("""
            {"format": "graphdiff-schema/1", "name": "Shapes", "version": 1, "entities": {
              "Shape": {"identity": "id", "abstract": true, "attributes": {"id": {"type": "string"}, "size": {"type": "int64"}}},
              "Circle": {"parent": "Shape", "attributes": {"label": {"type": "string"}}},
              "Square": {"parent": "Shape", "attributes": {"label": {"type": "string"}}}}}
            """)
        var before = Graph(schema: schema), after = Graph(schema: schema)
        _ = try before.insert(entity: "Circle", identity: "s1") { $0.size = 3; $0.label = "a shape that is round for now" }
        _ = try before.insert(entity: "Square", identity: "s2") { $0.size = 4; $0.label = "square" }
        _ = try after.insert(entity: "Square", identity: "s1") { $0.size = 3; $0.label = "a shape that is round for now" }
        _ = try after.insert(entity: "Square", identity: "s2") { $0.size = 4; $0.label = "square" }
        let first = try Graph.load(SourceBytes(before.canonicalText()), schema: schema)
        let source = SourceBytes(after.canonicalText())
        let alone = try Graph.load(source, schema: schema)
        let shared = try Graph.load(source, schema: schema, options: .init(sharingValuesWith: first))
        XCTAssertNil(difference(shared, alone))
        let s1 = ObjectID(entity: "Shape", identity: "s1"), s2 = ObjectID(entity: "Shape", identity: "s2")
        XCTAssertEqual(shared.objects[s1].map { schema.entities[$0.entityIndex].name }, "Square")
        XCTAssertFalse(try XCTUnwrap(first.objects[s1]).sharesValues(with: try XCTUnwrap(shared.objects[s1])), "moved: read again")
        XCTAssertTrue(try XCTUnwrap(first.objects[s2]).sharesValues(with: try XCTUnwrap(shared.objects[s2])), "unchanged: shared")
    }

    /// A graph of another schema, or one whose objects were not read from
    /// one file, shares nothing and changes nothing.
    func test_otherSchemaOrNoSingleInput_sharesNothing() throws {
        var generator = GraphGenerator(seed: 3)
        let base = generator.graph(objectCount: 20)
        let text = base.canonicalText()
        let other = try Schema.load(GraphGenerator.schemaText(for: .array))
        XCTAssertNotEqual(other.fingerprint, GraphGenerator.schema.fingerprint)
        let read = try Graph.load(text, schema: GraphGenerator.schema)
        // `base` was made in memory: no input to compare with.
        let graph = try Graph.load(text, schema: GraphGenerator.schema, options: .init(sharingValuesWith: base))
        XCTAssertEqual(graph, read)
        for (id, object) in graph.objects {
            XCTAssertFalse(base.objects[id].map { $0.row.isSameRun(as: object.row) } ?? false, "\(id)")
        }
        SharedValues.withValues(of: read, schema: other) { XCTAssertNil($0, "another schema") }
        SharedValues.withValues(of: base, schema: GraphGenerator.schema) { XCTAssertNil($0, "no input") }
        SharedValues.withValues(of: read, schema: GraphGenerator.schema) { XCTAssertNotNil($0, "one input, same schema") }
    }
}
