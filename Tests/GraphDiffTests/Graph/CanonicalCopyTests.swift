import GraphDiffGenerator
import XCTest

@testable import GraphDiff

/// The writer copies the text of objects read from a canonical file
/// (``SourceSpan``) instead of encoding them again. In debug builds, which
/// the tests are, every copy is also encoded and compared (an assertion),
/// so each test here that writes also checks every span it uses.
final class CanonicalCopyTests: XCTestCase {
    /// The graph's canonical text, every object encoded value by value.
    func encodedOnly(_ graph: Graph) -> [UInt8] {
        var g = graph
        g.sources = []
        return g.canonicalText()
    }

    /// The number of objects that have a span.
    func spans(_ graph: Graph) -> Int {
        graph.objects.values.filter { $0.canonicalSource.exists }.count
    }

    /// Law, over random graphs in every storage of an order (250 of them,
    /// `GRAPHDIFF_COPY_CASES`): a canonical file read back writes itself
    /// byte for byte, as the encoder writes it; objects then changed value
    /// by value (strings with escapes, numbers, references, a new entity
    /// value) lose their spans and are written as encoded, the others are
    /// still copied; a merge with the untouched base and a patch write the
    /// same bytes as their graphs encoded.
    func test_law_copiesAreTheWritersText() throws {
        let cases = ProcessInfo.processInfo.environment["GRAPHDIFF_COPY_CASES"].flatMap(Int.init) ?? 250
        for seed in 0..<UInt64(cases) {
            let order = GraphGenerator.ItemOrder.allCases[Int(seed) % GraphGenerator.ItemOrder.allCases.count]
            var generator = GraphGenerator(seed: seed, order: order)
            let original = generator.graph(objectCount: 20 + Int(seed % 60))
            let text = original.canonicalText()
            let loaded = try Graph.load(SourceBytes(text), schema: original.schema)
            XCTAssertEqual(loaded.canonicalText(), text, "seed \(seed): a canonical file rewrites itself")
            XCTAssertGreaterThan(spans(loaded), 0, "seed \(seed): objects are copied")
            // Change some objects' values in place: their spans go.
            var random = SplitMix64(seed: seed)
            var edited = loaded
            let rows = Array(0..<edited.objects.rowCount)
            var changed: Set<ObjectID> = []
            for row in rows where random.next() % 4 == 0 {
                let id = edited.objects.id(atRow: row)
                edited.objects.update(atRow: row) { object in
                    guard object.slotCount > 0 else { return }
                    let slot = Int(random.next() % UInt64(object.slotCount))
                    if case .string(let s) = object.value(at: slot) {
                        object.setValue(.string(s + "\"\\\n"), at: slot)
                        changed.insert(id)
                    } else if case .number(let n) = object.value(at: slot) {
                        // (An identical value is not written: the span stays.)
                        let new = JSONNumber(Int(random.next() % 1000))
                        object.setValue(.number(new), at: slot)
                        if !utf8Equal(new.text, n.text) { changed.insert(id) }
                    }
                }
            }
            for (id, object) in edited.objects {
                let before = loaded.objects[id]?.canonicalSource.exists ?? false
                XCTAssertEqual(object.canonicalSource.exists, before && !changed.contains(id), "seed \(seed): \(id)")
            }
            XCTAssertEqual(edited.canonicalText(), encodedOnly(edited), "seed \(seed): \(changed.count) objects changed")
            // Merge and patch results write as their graphs encode.
            let merged = try Graph.merge(base: loaded, mine: loaded, theirs: loaded)
            XCTAssertEqual(merged.graph.canonicalText(), text, "seed \(seed): merge of the untouched three")
            XCTAssertEqual(spans(merged.graph), spans(loaded), "seed \(seed): the merge keeps every span")
            var other = GraphGenerator(seed: seed &+ 1_000, order: order)
            let second = try Graph.load(SourceBytes(other.graph(objectCount: 20 + Int(seed % 60)).canonicalText()), schema: original.schema)
            let changes = try ChangeSet.diff(from: loaded, to: second)
            let patched = try changes.apply(to: loaded).graph
            XCTAssertEqual(patched.canonicalText(), encodedOnly(patched), "seed \(seed): patched")
            XCTAssertEqual(patched, second, "seed \(seed)")
            let both = try Graph.merge(base: loaded, mine: second, theirs: loaded)
            XCTAssertEqual(both.graph.canonicalText(), encodedOnly(both.graph), "seed \(seed): merged with an edit")
        }
    }

    /// Text that is not the writer's, object by object: each such object is
    /// encoded again and every other copied, so `fmt` of the file gives the
    /// canonical text.
    func test_objectsInAnotherLayout_areEncoded_theOthersCopied() throws {
        let schema = try Schema.load(Array("""
            {"format": "graphdiff-schema/1", "name": "Boxes", "version": 1, "entities": {
              "Box": {"identity": "n", "attributes": {"n": {"type": "int64"}, "label": {"type": "string", "optional": true},
                      "tags": {"type": "json", "optional": true}, "weight": {"type": "double", "optional": true}},
                      "relationships": {"inside": {"destination": "Box", "optional": true}}}
            }}
            """.utf8))
        let canonical = """
            {
              "objects": {
                "Box": {
                  "1": {
                    "inside": null,
                    "label": "plain",
                    "tags": [],
                    "weight": 1.50
                  },
                  "2": {
                    "inside": "1",
                    "label": "plain",
                    "tags": null,
                    "weight": null
                  },
                  "3": {
                    "inside": "007",
                    "label": "plain",
                    "tags": null,
                    "weight": null
                  },
                  "4": {
                    "inside": "1",
                    "label": "tab\\there",
                    "tags": null,
                    "weight": null
                  },
                  "5": {
                    "inside": "1",
                    "label" : "space before the colon",
                    "tags": null,
                    "weight": null
                  },
                  "6": {
                    "label": "inside left out",
                    "tags": null,
                    "weight": null
                  },
                  "7": {
                    "inside": "1",
                    "tags": null,
                    "label": "out of order",
                    "weight": null
                  },
                  "8": {
                    "inside": "1",
                    "label": "tags not empty",
                    "tags": {"a": 1},
                    "weight": null
                  },
                  "9": {
                      "inside": "1",
                      "label": "indented more",
                      "tags": null,
                      "weight": null
                  },
                  "10": {
                    "inside": "1",
                    "label": "escaped \\u0041",
                    "tags": null,
                    "weight": null
                  },
                  "11": {
                    "inside": "1",
                    "label": "trailing space",
                    "tags": null,
                    "weight": null 
                  },
                  "12": {
                    "inside": "1",
                    "label": "n repeated",
                    "n": 12,
                    "tags": null,
                    "weight": null
                  },
                  "13": {"inside": "1", "label": "one line", "tags": null, "weight": null}
                }
              }
            }

            """
        let graph = try Graph.load(SourceBytes(Array(canonical.utf8)), schema: schema)
        let copied = Set(graph.objects.compactMap { $0.value.canonicalSource.exists ? $0.key.identity : nil })
        XCTAssertEqual(copied, ["1", "2"], "only the objects in the writer's layout are copied")
        XCTAssertEqual(graph.canonicalText(), encodedOnly(graph))
        // Written once, every object is in the layout: read back, all are copied.
        let again = try Graph.load(SourceBytes(graph.canonicalText()), schema: schema)
        let all = Set(again.objects.compactMap { $0.value.canonicalSource.exists ? $0.key.identity : nil })
        // Box 4's tab is written escaped again; box 8's tags are an object
        // the writer spreads over lines.
        XCTAssertEqual(all, Set((1...13).map(String.init)).subtracting(["4", "8"]))
        XCTAssertEqual(again.canonicalText(), graph.canonicalText())
    }

    /// A span is the input's: an object moved into a graph that does not
    /// hold that input, or a graph whose input is another one of the same
    /// bytes, encodes it; a change to an object's entity drops its span.
    func test_spansAreUsedOnlyWithTheirInput() throws {
        var generator = GraphGenerator(seed: 5)
        let original = generator.graph(objectCount: 30)
        let text = original.canonicalText()
        let a = try Graph.load(SourceBytes(text), schema: original.schema)
        let b = try Graph.load(SourceBytes(text), schema: original.schema)
        XCTAssertNotEqual(a.sources.map(\.tag), b.sources.map(\.tag))
        // b's objects in a graph holding a's input only: encoded, and right.
        var mixed = a
        for (id, object) in b.objects { mixed.objects.updateValue(object, forKey: id) }
        XCTAssertEqual(mixed.canonicalText(), text)
        var swapped = b
        swapped.sources = a.sources
        XCTAssertEqual(swapped.canonicalText(), text)
        var object = try XCTUnwrap(a.objects.values.first)
        XCTAssertTrue(object.canonicalSource.exists)
        let entityIndex = object.entityIndex
        object.entityIndex = entityIndex
        XCTAssertFalse(object.canonicalSource.exists, "a change to the entity drops the span")
    }
}
