import GraphDiffGenerator
import GraphDiffJSON
import XCTest

@testable import GraphDiff

/// Objects keep their values in runs of shared buffers (``ValueRow``):
/// the scanner gives thousands of objects one buffer. They must still
/// behave as values, each with an array of its own.
final class ValueRowTests: XCTestCase {
    /// A random value: strings long enough to be allocated, numbers by
    /// text, `null`, arrays.
    func value(_ random: inout SplitMix64) -> JSONValue {
        switch random.next() % 5 {
        case 0: return .null
        case 1: return .string("a value long enough to live on the heap \(random.next() % 7)")
        case 2: return .string("s\(random.next() % 3)")
        case 3: return .number(random.next() % 2 == 0 ? "1" : "1.0")
        default: return .array([.string("m\(random.next() % 3)")])
        }
    }

    /// Law, over 3,000 seeded runs of random steps: objects whose values
    /// share buffers (several runs of one buffer, copies of objects, the
    /// buffer filled to its last slot) read, compare and change exactly as
    /// objects with arrays of their own do. Writing a slot of one object
    /// changes no other, a copy included; equality and identical values
    /// agree with the arrays'; and every object's values are its array's
    /// at the end.
    func test_law_sharedRows_behaveAsArraysOfTheirOwn() {
        for seed in 0..<UInt64(3_000) {
            var random = SplitMix64(seed: seed)
            let slotCount = Int(random.next() % 4)
            // Room for a few objects; sometimes exactly full.
            let objectCount = 1 + Int(random.next() % 6)
            let slab = ValueSlab.make(capacity: slotCount * objectCount + Int(random.next() % 2))
            var model: [[JSONValue]] = []
            var objects: [GraphObject] = []
            for _ in 0..<objectCount {
                let values = (0..<slotCount).map { _ in value(&random) }
                let start = slab.claim(values)
                objects.append(GraphObject(entityIndex: 0, row: ValueRow(slab: slab, start: start, count: slotCount)))
                model.append(values)
            }
            for _ in 0..<12 {
                let i = Int(random.next() % UInt64(objects.count))
                switch random.next() % 3 {
                case 0:
                    // A copy shares the run.
                    objects.append(objects[i])
                    model.append(model[i])
                case 1 where slotCount > 0:
                    let slot = Int(random.next() % UInt64(slotCount)), v = value(&random)
                    XCTAssertTrue(objects[i].setValue(v, at: slot))
                    model[i][slot] = v
                default:
                    let j = Int(random.next() % UInt64(objects.count))
                    XCTAssertEqual(objects[i] == objects[j], model[i] == model[j], "seed \(seed)")
                    let identical = zip(model[i], model[j]).allSatisfy { $0.isIdentical(to: $1) }
                    XCTAssertEqual(objects[i].hasIdenticalValues(as: objects[j]), identical, "seed \(seed)")
                }
            }
            for (object, values) in zip(objects, model) {
                XCTAssertEqual(object.values, values, "seed \(seed)")
                XCTAssertEqual(object.slotCount, values.count)
                XCTAssertEqual((0..<slotCount + 1).map { object.value(at: $0) }, values + [.null], "seed \(seed)")
            }
        }
    }

    /// Objects read from a file share the scanner's buffers; changing one
    /// through the graph's editing API changes it alone, and the graph
    /// read again from the same bytes is the one first read.
    func test_scannedObjects_shareBuffers_andChangeAlone() throws {
        let schema = try Schema.load("""
            {"format": "graphdiff-schema/1", "name": "Tasks", "version": 1, "entities": {"Task": {"identity": "id", "attributes": {"id": {"type": "string"}, "title": {"type": "string"}, "done": {"type": "bool"}}}}}
            """)
        var text = #"{"objects": {"Task": {"# + "\n"
        text += (0..<50).map { #"    "t\#($0)": {"done": false, "title": "task number \#($0) of fifty"}"# }.joined(separator: ",\n")
        text += "\n}}}\n"
        let bytes = Array(text.utf8)
        var graph = try XCTUnwrap(Graph.scan(bytes, schema: schema, parallelAbove: .max))
        let read = graph
        let rows = graph.objects.values.map(\.row)
        XCTAssertEqual(Set(rows.map { ObjectIdentifier($0.slab) }).count, 1, "one buffer for the 50 objects")
        try graph.update(ObjectID(entity: "Task", identity: "t7")) { $0.title = "changed" }
        XCTAssertEqual(graph.value(of: ObjectID(entity: "Task", identity: "t7"), "title"), "changed")
        for i in 0..<50 where i != 7 {
            XCTAssertEqual(graph.value(of: ObjectID(entity: "Task", identity: "t\(i)"), "title"), .string("task number \(i) of fifty"))
        }
        XCTAssertEqual(read.value(of: ObjectID(entity: "Task", identity: "t7"), "title"), .string("task number 7 of fifty"))
        XCTAssertEqual(try XCTUnwrap(Graph.scan(bytes, schema: schema, parallelAbove: .max)), read)
    }
}
