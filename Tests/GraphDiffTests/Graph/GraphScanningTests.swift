import Foundation
import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// The pull decoder (``Graph/scan(_:schema:options:)``) against the tree
/// path (``JSONReader/parse(_:maximumDepth:)-([UInt8],_)`` then
/// ``Graph/load(_:schema:source:options:)``), on seeded random graphs in
/// every form the loader reads, on the samples, and on inputs broken at
/// the JSON and at the graph level: a valid file scans to the tree's graph
/// (same objects, values spelt alike, same source offsets, metadata and
/// `$schema`); an invalid one is not scanned, and ``Graph/load(_:schema:options:)-([UInt8],_,_)``
/// throws the tree path's error, word for word.
///
/// `GRAPHDIFF_SCAN_CASES=N` runs N random graphs (default 600, each read
/// in four forms and broken six ways); a failure names its seed, and
/// `GRAPHDIFF_SCAN_SEED=S` reruns that one.
final class GraphScanningTests: XCTestCase {
    // MARK: Comparing the two paths

    /// How many of the inputs compared were valid graphs.
    var validCount = 0, invalidCount = 0

    /// Loads `bytes` both ways and fails when they disagree.
    func assertSameLoad(
        _ bytes: [UInt8], schema: Schema, options: Graph.LoadOptions = .init(), _ label: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let tree = Result { try Graph.load(try JSONReader.parse(bytes), schema: schema, source: JSONSourceText(bytes), options: options) }
        let scanned = Graph.scan(bytes, schema: schema, options: options)
        let loaded = Result { try Graph.load(bytes, schema: schema, options: options) }
        // Read on two cores wherever the layout allows a split (any size):
        // the same graph, or the same refusal.
        let halves = Graph.scan(bytes, schema: schema, options: options, parallelAbove: 0)
        switch (scanned, halves) {
        case (nil, nil): break
        case (let one?, let two?):
            if let why = difference(two, one) { XCTFail("\(label()): read in two halves: \(why)", file: file, line: line) }
        default:
            XCTFail("\(label()): read in two halves \(halves == nil ? "refused" : "accepted") what one reader \(scanned == nil ? "refuses" : "accepts")",
                    file: file, line: line)
        }
        switch tree {
        case .success(let expected):
            validCount += 1
            guard let scanned else {
                return XCTFail("\(label()): a valid graph was not scanned", file: file, line: line)
            }
            if let why = difference(scanned, expected) { XCTFail("\(label()): \(why)", file: file, line: line) }
            if case .success(let graph) = loaded, difference(graph, expected) == nil {} else {
                XCTFail("\(label()): load(bytes) differs from the tree path", file: file, line: line)
            }
        case .failure(let expected):
            invalidCount += 1
            XCTAssertNil(scanned, "\(label()): an invalid file was scanned: \(expected)", file: file, line: line)
            switch loaded {
            case .success:
                XCTFail("\(label()): load(bytes) accepted a file the tree path rejects: \(expected)", file: file, line: line)
            case .failure(let error):
                XCTAssertEqual(String(reflecting: type(of: error)), String(reflecting: type(of: expected)), label(), file: file, line: line)
                XCTAssertEqual("\(error)", "\(expected)", label(), file: file, line: line)
            }
        }
    }

    /// Why `a` is not the tree path's `b`, or `nil`: `==`, and beyond it the
    /// same source offsets and the same spelling of every value.
    func difference(_ a: Graph, _ b: Graph) -> String? {
        guard a == b else { return "graphs differ" }
        guard a.schemaReference == b.schemaReference else { return "$schema differs" }
        guard JSONValue.object(a.metadata).isIdentical(to: .object(b.metadata)) else { return "metadata differs" }
        for (id, object) in b.objects {
            guard let other = a.objects[id] else { return "\(id) missing" }
            guard other.sourceOffset == object.sourceOffset else {
                return "\(id): source offset \(other.sourceOffset), tree \(object.sourceOffset)"
            }
            for (x, y) in zip(other.values, object.values) where !x.isIdentical(to: y) {
                return "\(id): value \(JSONWriter.string(x)), tree \(JSONWriter.string(y))"
            }
        }
        return nil
    }

    // MARK: Random graphs

    func test_randomGraphs_scanEqualsTree_inEveryForm_andBroken() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["GRAPHDIFF_SCAN_CASES"].flatMap(Int.init) ?? 600
        let seeds: [UInt64] = environment["GRAPHDIFF_SCAN_SEED"].flatMap(UInt64.init).map { [$0] } ?? (1...UInt64(cases)).map { $0 }
        let schema = GraphGenerator.schema
        for seed in seeds {
            let failuresBefore = testRun?.failureCount ?? 0
            var random = SplitMix64(seed: seed)
            var generator = GraphGenerator(seed: random.next())
            let graph = generator.graph(objectCount: [1, 3, 8, 20, 45][random.below(5)])
            for (form, text) in forms(of: graph, random: &random) {
                assertSameLoad(text, schema: schema, "seed \(seed), \(form)")
            }
            let canonical = graph.canonicalText()
            for _ in 0..<3 {
                let (how, text) = brokenBytes(canonical, random: &random)
                assertSameLoad(text, schema: schema, "seed \(seed), bytes \(how)")
            }
            for _ in 0..<3 {
                let (how, document) = brokenDocument(graph.encoded(), random: &random)
                assertSameLoad(JSONWriter.canonical(document), schema: schema, "seed \(seed), document \(how)")
            }
            if (testRun?.failureCount ?? 0) > failuresBefore {
                XCTFail("seed \(seed) failed (rerun with GRAPHDIFF_SCAN_SEED=\(seed))")
                break
            }
        }
        print("scan vs tree: \(seeds.count) graphs, \(validCount) valid and \(invalidCount) invalid inputs")
        if seeds.count >= 1_000 {
            XCTAssertGreaterThan(validCount, seeds.count * 4, "too few valid inputs")
            XCTAssertGreaterThan(invalidCount, seeds.count * 4, "too few invalid inputs")
        }
    }

    /// The entity an object's shape names (how the second half learns its
    /// group without a search back) is, at every identity line of a
    /// canonical file, the group the object is in or none: never another.
    /// Over 40 seeded graphs, every object; and with two entities of one
    /// shape, none, so the group line is searched for.
    func test_entityByShape_isTheObjectsGroup_orNone() throws {
        func groups(_ text: [UInt8]) -> [(offset: Int, group: String)] {
            var found: [(Int, String)] = [], group = ""
            var i = 0
            while i < text.count {
                if text[i] == 0x0A {
                    let indent = text[(i + 1)...].prefix { $0 == 0x20 }.count
                    let start = i + 1 + indent
                    if start < text.count && text[start] == 0x22 {
                        let end = text[(start + 1)...].firstIndex(of: 0x22) ?? start
                        if indent == 4 { group = String(decoding: text[(start + 1)..<end], as: UTF8.self) }
                        if indent == 6 { found.append((start, group)) }
                    }
                }
                i += 1
            }
            return found
        }
        func guesses(_ text: [UInt8], schema: Schema) -> [(offset: Int, group: String, guess: String?)] {
            text.withUnsafeBufferPointer { buffer in
                let scanner = GraphScanner(schema: schema, buffer: buffer, parallelAbove: 0)
                return groups(text).map { ($0.offset, $0.group, scanner.entityByShape(at: $0.offset)?.name) }
            }
        }
        var told = 0, total = 0
        for seed in UInt64(1)...40 {
            var generator = GraphGenerator(seed: seed)
            let text = generator.graph(objectCount: 60).canonicalText()
            for (offset, group, guess) in guesses(text, schema: GraphGenerator.schema) {
                total += 1
                guard let guess else { continue }
                told += 1
                XCTAssertEqual(guess, group, "seed \(seed) at \(offset)")
            }
        }
        XCTAssertGreaterThan(told, total / 2, "most objects' shapes tell their entity")
        // Two entities of one shape: no guess.
        let twins = try Schema.load(Array(#"""
            {"format": "graphdiff-schema/1", "name": "T", "version": 1, "entities": {
              "A": {"attributes": {"name": {"type": "string"}}},
              "B": {"attributes": {"name": {"type": "string"}}},
              "C": {"attributes": {"name": {"type": "string"}, "size": {"type": "int64"}}}}}
            """#.utf8))
        let text = Array(#"""
            {
              "objects": {
                "A": {
                  "a1": {
                    "name": "x"
                  }
                },
                "B": {
                  "b1": {
                    "name": "y"
                  },
                  "b2": {}
                },
                "C": {
                  "c1": {
                    "name": "z",
                    "size": 1
                  }
                }
              }
            }
            """#.utf8)
        XCTAssertEqual(guesses(text, schema: twins).map(\.guess), [nil, nil, nil, "C"])
    }

    /// A canonical file is read in two halves that meet at the split; a file
    /// whose layout only looks canonical where the split falls (a member
    /// line indented like an identity) is found out and read again on one
    /// core, to the same graph.
    func test_twoHalves_meetAtTheSplit_orTheFileIsReadAgain() throws {
        let schema = GraphGenerator.schema
        var generator = GraphGenerator(seed: 11)
        let graph = generator.graph(objectCount: 400)
        let canonical = graph.canonicalText()
        func scanDirectly(_ bytes: [UInt8]) throws -> Graph {
            try bytes.withUnsafeBufferPointer { buffer in
                var scanner = GraphScanner(schema: schema, buffer: buffer, parallelAbove: 0)
                return try scanner.scanDocument(options: .init())
            }
        }
        func oneReader(_ bytes: [UInt8]) throws -> Graph {
            guard let graph = Graph.scan(bytes, schema: schema, parallelAbove: .max) else { throw GraphScanner.GiveUp() }
            return graph
        }
        XCTAssertNil(difference(try scanDirectly(canonical), try oneReader(canonical)), "the halves of a canonical file")
        // Every member line indented like an identity line: most lines that
        // look like a split are not one.
        let misleading = Array(String(decoding: canonical, as: UTF8.self).replacingOccurrences(of: "\n        \"", with: "\n      \"").utf8)
        XCTAssertThrowsError(try scanDirectly(misleading)) { XCTAssertTrue($0 is GraphScanner.SplitMissed, "\($0)") }
        guard let again = Graph.scan(misleading, schema: schema, parallelAbove: 0) else { return XCTFail("not read again") }
        XCTAssertNil(difference(again, try oneReader(misleading)))
        XCTAssertEqual(again, graph)
    }

    /// The word-at-a-time search for the last group key line before an
    /// offset (a line break, four spaces and a quote: how the second half
    /// finds its group) agrees with a byte-by-byte search, over 20,000
    /// seeded buffers and ranges: line breaks, spaces and quotes dense,
    /// sparse or absent, key lines at either end of a word and cut off by
    /// the buffer's end, and bytes that differ from them by one bit or by a
    /// borrow.
    func test_lastGroupKeyLine_agreesWithAByteByByteSearch() {
        var random = SplitMix64(seed: 31)
        let alphabet: [UInt8] = [0x0A, 0x20, 0x22, 0x20, 0x20, 0x0B, 0x08, 0x8A, 0x00, 0xFF, 0x21, 0x23, 0xA2, 0x09]
        let keyLine: [UInt8] = [0x0A, 0x20, 0x20, 0x20, 0x20, 0x22]
        func isKeyLine(_ bytes: [UInt8], _ i: Int) -> Bool { i + 6 <= bytes.count && Array(bytes[i..<(i + 6)]) == keyLine }
        for _ in 0..<20_000 {
            let count = Int(random.next() % 90)
            let density = Int(random.next() % 4)
            var bytes: [UInt8] = (0..<count).map { _ in
                density == 0 ? 0x20 : alphabet[Int(random.next() % UInt64(density == 1 ? 5 : alphabet.count))]
            }
            // Whole key lines, some cut off at the end.
            for _ in 0..<Int(random.next() % 4) where count > 0 {
                let at = Int(random.next() % UInt64(count))
                for (k, byte) in keyLine.enumerated() where at + k < count { bytes[at + k] = byte }
            }
            let lower = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
            let upper = lower + Int(random.next() % UInt64(count - lower + 1))
            let expected = (lower..<upper).last { isKeyLine(bytes, $0) }
            bytes.withUnsafeBufferPointer { buffer in
                XCTAssertEqual(GraphScanner.lastGroupKeyLine(in: buffer, from: lower, before: upper), expected, "\(bytes) \(lower)..<\(upper)")
            }
        }
        // Out of bounds: none, never a read past the buffer.
        Array("\n    \"".utf8).withUnsafeBufferPointer { buffer in
            XCTAssertEqual(GraphScanner.lastGroupKeyLine(in: buffer, from: 0, before: 6), 0)
            XCTAssertNil(GraphScanner.lastGroupKeyLine(in: buffer, from: 0, before: 7))
            XCTAssertNil(GraphScanner.lastGroupKeyLine(in: buffer, from: -1, before: 2))
        }
    }

    /// Graphs above the size where the consistency checks run in parallel
    /// (``TwoCores/minimumObjects``, lowered to 1,000 here; files read in
    /// two halves from 64,000 bytes), canonical and flat.
    func test_largeGraphs_scanEqualsTree() throws {
        try TwoCores.lowered(1_000) {
        let schema = GraphGenerator.schema
        for (seed, size) in [(UInt64(7), TwoCores.minimumObjects + 2_000)] {
            var generator = GraphGenerator(seed: seed)
            let graph = generator.graph(objectCount: size)
            XCTAssertGreaterThan(graph.count, TwoCores.minimumObjects)
            assertSameLoad(graph.canonicalText(), schema: schema, "large graph \(seed), canonical")
            var random = SplitMix64(seed: seed)
            assertSameLoad(JSONWriter.write(flatForm(graph.encoded(), schema: schema, random: &random), style: .compact),
                           schema: schema, "large graph \(seed), flat")
            // One dangling reference among them all.
            var broken = graph
            if let id = graph.objects.first(where: { graph.entity(of: $0.value).name == "Item" && graph.value(of: $0.key, "next")?.stringValue != nil })?.key,
                let slot = schema.entity(named: "Item")?.storedSlot["next"] {
                broken[id]?.values[slot] = .string("no-such-item")
                assertSameLoad(broken.canonicalText(), schema: schema, "large graph \(seed), dangling")
            }
        }
        }
        XCTAssertEqual(invalidCount, 1)
    }

    /// The texts of `graph` in every form the loader reads.
    func forms(of graph: Graph, random: inout SplitMix64) -> [(String, [UInt8])] {
        let document = graph.encoded()
        var shuffled = document
        shuffleMembers(&shuffled, random: &random)
        var repeated = document
        repeatIdentities(&repeated, schema: graph.schema)
        return [
            ("canonical", graph.canonicalText()),
            ("compact, members shuffled", JSONWriter.write(shuffled, style: .compact)),
            ("identity attribute repeated", JSONWriter.canonical(repeated)),
            ("flat", JSONWriter.write(flatForm(document, schema: graph.schema, random: &random), style: .compact)),
        ]
    }

    /// Every object's members (and the top level's) in a random order.
    func shuffleMembers(_ value: inout JSONValue, random: inout SplitMix64) {
        switch value {
        case .object(var object):
            object.members.shuffle(using: &random)
            for i in object.members.indices { shuffleMembers(&object.members[i].value, random: &random) }
            value = .object(object)
        case .array(var list):
            for i in list.indices { shuffleMembers(&list[i], random: &random) }
            value = .array(list)
        default:
            break
        }
    }

    /// Each canonical object given its identity attribute again, by value.
    func repeatIdentities(_ document: inout JSONValue, schema: Schema) {
        guard case .object(var top) = document, case .object(var groups)? = top["objects"] else { return }
        for g in groups.members.indices {
            guard let key = schema.entity(named: groups.members[g].key)?.identityAttribute,
                case .object(var byIdentity) = groups.members[g].value
            else { continue }
            for o in byIdentity.members.indices {
                guard case .object(var fields) = byIdentity.members[o].value else { continue }
                fields[key] = .string(byIdentity.members[o].key)
                byIdentity.members[o].value = .object(fields)
            }
            groups.members[g].value = .object(byIdentity)
        }
        top["objects"] = .object(groups)
        document = .object(top)
    }

    /// The flat form of a canonical document: `objects` an array of objects
    /// that name their entity and identity among their members, in any order.
    func flatForm(_ document: JSONValue, schema: Schema, random: inout SplitMix64) -> JSONValue {
        guard case .object(var top) = document, case .object(let groups)? = top["objects"] else { return document }
        var list: [JSONValue] = []
        for group in groups.members {
            let key = schema.entity(named: group.key)?.identityAttribute ?? "id"
            for member in group.value.objectValue?.members ?? [] {
                var fields = member.value.objectValue ?? JSONObject()
                fields["entity"] = .string(group.key)
                fields[key] = .string(member.key)
                fields.members.shuffle(using: &random)
                list.append(.object(fields))
            }
        }
        list.shuffle(using: &random)
        top["objects"] = .array(list)
        return .object(top)
    }

    // MARK: Breaking inputs

    /// `bytes` broken at the byte level: cut, a byte changed, removed or
    /// added, invalid UTF-8 in a string, a member line repeated.
    func brokenBytes(_ bytes: [UInt8], random: inout SplitMix64) -> (String, [UInt8]) {
        var b = bytes
        let at = random.below(b.count)
        switch random.below(8) {
        case 0:
            return ("cut at \(at)", Array(b[..<at]))
        case 1:
            let byte = UInt8(truncatingIfNeeded: random.next())
            b[at] = byte
            return ("byte \(at) set to \(byte)", b)
        case 2:
            b.remove(at: at)
            return ("byte \(at) removed", b)
        case 3:
            let byte: UInt8 = [0xFF, 0xC0, 0x80, 0xED, 0xF4, 0x00, 0x1F, 0x5C][random.below(8)]
            let quote = b[at...].firstIndex(of: UInt8(ascii: "\"")).map { $0 + 1 } ?? at
            b.insert(byte, at: min(quote, b.count))
            return ("byte \(byte) inserted at \(quote)", b)
        case 4:
            // A line repeated: a member of the same object twice (an identity, a group, metadata).
            let lines = b.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            let i = random.below(lines.count)
            var copy = lines
            var repeated = lines[i]
            if repeated.last != UInt8(ascii: ",") && i + 1 < lines.count && !repeated.isEmpty { repeated.append(UInt8(ascii: ",")) }
            copy.insert(repeated, at: i)
            return ("line \(i + 1) repeated", Array(copy.joined(separator: [UInt8(ascii: "\n")])))
        case 5:
            // A member repeated inside one object line: `{"a": 1, ` → `{"a": 1, "a": 1, `.
            guard let open = b[at...].firstIndex(of: UInt8(ascii: "{")), let comma = b[open...].firstIndex(of: UInt8(ascii: ",")) else {
                return ("unchanged", b)
            }
            let member = Array(b[(open + 1)...comma])
            b.insert(contentsOf: member + [UInt8(ascii: " ")], at: open + 1)
            return ("member at \(open + 1) repeated", b)
        case 6:
            return ("trailing content", b + Array("{}".utf8))
        default:
            let variants: [[UInt8]] = [[0xEF, 0xBB, 0xBF] + b, Array("  \n".utf8) + b, [], Array(" ".utf8), b + Array("\n\n".utf8)]
            let k = random.below(variants.count)
            return ("framing variant \(k)", variants[k])
        }
    }

    /// `document` broken at the graph level (still JSON): a value of
    /// another kind, a member removed or added or repeated, a dangling
    /// reference, an unknown entity, a bad top level.
    func brokenDocument(_ document: JSONValue, random: inout SplitMix64) -> (String, JSONValue) {
        guard case .object(var top) = document, case .object(var groups)? = top["objects"] else { return ("unchanged", document) }
        let palette: [JSONValue] = [
            .null, .bool(true), .number(JSONNumber("1")), .number(JSONNumber("-0")), .number(JSONNumber("1.5e3")),
            .number(JSONNumber("123456789012345678901234567890")), .string(""), .string("zzz"), .array([]),
            .array([.string("a"), .string("a")]), .object(JSONObject()), .object(["x": .array([.object(["y": .null])])]),
        ]
        let pick = palette[random.below(palette.count)]
        let kind = random.below(10)
        switch kind {
        case 0: top["$schema"] = pick; return ("$schema \(JSONWriter.string(pick))", .object(top))
        case 1: top["metadata"] = random.below(2) == 0 ? pick : .object(["schemaFingerprint": .string("sha256:0")])
            return ("metadata changed", .object(top))
        case 2: top["extra"] = pick; return ("top-level member added", .object(top))
        case 3: top["objects"] = random.below(2) == 0 ? nil : pick; return ("objects replaced", .object(top))
        default: break
        }
        guard !groups.members.isEmpty else { return ("unchanged", document) }
        let g = random.below(groups.members.count)
        guard case .object(var byIdentity) = groups.members[g].value, !byIdentity.members.isEmpty else { return ("unchanged", document) }
        let o = random.below(byIdentity.members.count)
        guard case .object(var fields) = byIdentity.members[o].value else { return ("unchanged", document) }
        let where_ = "\(groups.members[g].key) \(byIdentity.members[o].key)"
        var how: String
        switch kind {
        case 4 where !fields.isEmpty:
            let m = random.below(fields.count)
            how = "\(where_).\(fields.members[m].key) = \(JSONWriter.string(pick))"
            fields.members[m].value = pick
        case 5 where !fields.isEmpty:
            let m = random.below(fields.count)
            how = "\(where_).\(fields.members[m].key) removed"
            fields.members.remove(at: m)
        case 6 where !fields.isEmpty:
            let m = random.below(fields.count)
            how = "\(where_).\(fields.members[m].key) repeated"
            fields.members.append(fields.members[m])
        case 7:
            let name = ["unknown", "entity", "id", "guid", "items", "addresses"][random.below(6)]
            how = "\(where_).\(name) added"
            fields[name] = pick
        case 8:
            let reference = fields.members.indices.filter { ["person", "owner", "dog", "list", "prev", "next"].contains(fields.members[$0].key) }
            guard let m = reference.randomElement(using: &random) else { return ("unchanged", document) }
            how = "\(where_).\(fields.members[m].key) dangling"
            fields.members[m].value = .string("dangling")
        default:
            // The group renamed, or the object's identity respelt into another's.
            if random.below(2) == 0 {
                how = "group \(groups.members[g].key) renamed"
                groups.members[g].key = ["Nobody", "Person", "Item", ""][random.below(4)]
            } else {
                let other = byIdentity.members[random.below(byIdentity.members.count)].key
                how = "\(where_) renamed \(other)"
                byIdentity.members[o].key = other
            }
        }
        byIdentity.members[o].value = .object(fields)
        groups.members[g].value = .object(byIdentity)
        top["objects"] = .object(groups)
        return (how, .object(top))
    }

    // MARK: Samples and hand-written cases

    func test_samples_scanEqualsTree() throws {
        let samples = packageRoot.appendingPathComponent("Samples")
        var graphs = 0
        for directory in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let folder = samples.appendingPathComponent(directory)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
            guard let schemaFile = files.first(where: { $0.hasSuffix(".schema.json") }) else { continue }
            let schema = try Schema.load(Array(try Data(contentsOf: folder.appendingPathComponent(schemaFile))))
            for file in files where file.hasSuffix(".graph.json") {
                let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
                assertSameLoad(bytes, schema: schema, "\(directory)/\(file)")
                var random = SplitMix64(seed: UInt64(bytes.count))
                for _ in 0..<200 {
                    let (how, text) = brokenBytes(bytes, random: &random)
                    assertSameLoad(text, schema: schema, "\(directory)/\(file), \(how)")
                }
                graphs += 1
            }
        }
        XCTAssertGreaterThanOrEqual(graphs, 8)
        XCTAssertGreaterThanOrEqual(validCount, graphs)
    }

    func test_handWritten_typedIdentities_flatForm_derived_fingerprint() throws {
        let agents = try typedIdentitySchema()
        let texts = [
            #"{"objects": {"Agent": {"007": {"name": "A", "devices": ["0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60"]}}, "Device": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {}}}}"#,
            #"{"objects": {"Agent": {"7": {"name": "A"}, "007": {"name": "B"}}}}"#,
            #"{"objects": {"Agent": {"7": {"name": "A", "id": 7.0}}}}"#,
            #"{"objects": {"Agent": {"7": {"name": "A", "id": "07"}}}}"#,
            #"{"objects": {"Agent": {"7": {"name": "A", "id": 8}}}}"#,
            #"{"objects": {"Agent": {"7": {"name": "A", "id": 7, "id": 7}}}}"#,
            #"{"objects": {"Agent": {"1": {"name": "A", "reports": ["2"]}, "2": {"name": "B", "boss": "1"}}}}"#,
            #"{"objects": {"Agent": {"1": {"name": "A", "reports": ["3"]}, "2": {"name": "B", "boss": "1"}}}}"#,
            #"{"objects": {"Agent": {"1": {"name": "A", "reports": "2"}, "2": {"name": "B", "boss": "1"}}}}"#,
            #"{"objects": {"Agent": {"1": {"name": "A", "tasks": ["02", "1"]}}, "Task": {"1": {"title": "x", "agent": "1", "prev": "2"}, "2": {"title": "y", "agent": "1", "next": "01"}}}}"#,
            #"{"objects": {"Agent": {"abc": {"name": "A"}}}}"#,
            #"{"objects": {"Agent": {}, "Agent": {}}}"#,
            #"{"objects": {"Agent": {}, "Team": {}, "Tag": {"a": {}}}}"#,
            #"{"objects": {"Agent": []}}"#,
            #"{"objects": {"Agent": {"1": []}}}"#,
            #"{"objects": [{"entity": "Agent", "id": 7.0, "name": "A"}, {"entity": "Team", "code": "0012"}]}"#,
            #"{"objects": [{"name": "A", "id": "7", "entity": "Agent"}, {"code": 12, "entity": "Team"}]}"#,
            #"{"objects": [{"entity": "Agent", "id": 7, "name": "A"}, {"entity": "Agent", "id": "07", "name": "B"}]}"#,
            #"{"objects": [{"entity": "Agent", "id": 7, "name": "A", "entity": "Agent"}]}"#,
            #"{"objects": [{}, 1]}"#,
            #"{"objects": []}"#,
            #"{"objects": {}}"#,
            #"{"objects": {}, "objects": {}}"#,
            #"{"$schema": "a.json", "objects": {}, "$schema": "a.json"}"#,
            #"{"$schema": 1, "objects": {}}"#,
            #"{"$schema": "https://example.org/s", "metadata": {"a": 1.50, "b": {"c": [1, 2.0]}}, "objects": {}}"#,
            #"{"metadata": [], "objects": {}}"#,
            #"{"metadata": {"a": 1, "a": 2}, "objects": {}}"#,
            #"{"metadata": {"schemaFingerprint": "sha256:0"}, "objects": {}}"#,
            #"{"objects": {}, "extra": 1}"#,
            #"{"objects": {"Tag": {"t\u0031": {"lab\u0065l": "t1"}}}}"#,
            #"{"objects": {"Tag": {"t1": {"label": "t1", "lab\u0065l": "t1"}}}}"#,
            #"{"objects": {"Tag": {"t1": {"label": "t\u00e91"}}}}"#,
            #"{"objects": {"Nobody": {"x": {}}}}"#,
            #"[]"#, #"{}"#, "\"", #"{"objects": {"Agent": {"1": {"name": "A"}}}} x"#, "\u{FEFF}" + #"{"objects": {}}"#,
        ]
        for (i, text) in texts.enumerated() {
            assertSameLoad(Array(text.utf8), schema: agents, "agents text \(i): \(text)")
        }
        assertSameLoad(Array(#"{"metadata": {"schemaFingerprint": "sha256:0"}, "objects": {}}"#.utf8), schema: agents,
                       options: .init(ignoreFingerprint: true), "fingerprint ignored")
        assertSameLoad(Array(#"{"metadata": {"schemaFingerprint": "\#(agents.fingerprint)"}, "objects": {}}"#.utf8), schema: agents,
                       "fingerprint matches")

        let jobs = try sampleSchema("jobs/jobs.schema.json")
        let jobTexts = [
            #"{"objects": {"Queue": {"q": {}}, "Job": {}}}"#,
            #"{"objects": {"Queue": {"q": {}}, "EmailJob": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {"enqueuedAt": "2026-11-20T09:58:00Z", "queue": "q", "state": "s", "to": "x", "payload": {"a": 1, "a": 2}}}}}"#,
            #"{"objects": {"Queue": {"q": {}}, "EmailJob": {"0B7E1C52-6A51-4F0E-9A51-1D2F3C4B5A60": {"enqueuedAt": "2026-11-20T09:58:00Z", "queue": "q", "state": "s", "to": "x", "payload": {"a": [1.0, -0, 1E2]}}}}}"#,
            #"{"objects": {"Queue": {"q": {}}, "ReportJob": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {"enqueuedAt": "2026-11-20T09:58:00Z", "queue": "q", "state": "s", "report": "r"}}}}"#,
        ]
        for (i, text) in jobTexts.enumerated() {
            assertSameLoad(Array(text.utf8), schema: jobs, "jobs text \(i): \(text)")
        }
        XCTAssertGreaterThanOrEqual(validCount, 12)
    }

    /// The depth limit counts the levels of the graph's own structure, as
    /// the tree's reader does: a `json` attribute nested to the limit loads,
    /// one level more does not, either way.
    func test_depthLimit_countsTheGraphsOwnLevels() throws {
        let jobs = try sampleSchema("jobs/jobs.schema.json")
        // Top level, objects, group, object: the attribute's value opens level 5.
        for depth in [JSONReader.defaultMaximumDepth - 4, JSONReader.defaultMaximumDepth - 3] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = #"{"objects": {"Queue": {"q": {}}, "EmailJob": {"0b7e1c52-6a51-4f0e-9a51-1d2f3c4b5a60": {"enqueuedAt": "2026-11-20T09:58:00Z", "queue": "q", "state": "s", "to": "x", "payload": "#
                + nested + "}}}}"
            onLargeStack { self.assertSameLoad(Array(text.utf8), schema: jobs, "payload nested \(depth) deep") }
        }
        XCTAssertEqual(validCount, 1)
        XCTAssertEqual(invalidCount, 1)
    }

    // MARK: The top-level scan for $schema

    func test_schemaReferenceScanning_agreesWithTheParsedDocument() throws {
        let texts = [
            #"{"$schema": "a.json", "objects": {}}"#,
            #"{"objects": {"A": {"x": {"s": "}\"{", "t": [1, {"u": "]"}]}}}, "metadata": {"$schema": "b"}, "$schema": "c.json"}"#,
            #"{"objects": {}}"#, #"{"$schema": "https://json.schemastore.org/tsconfig"}"#, #"{"$schema": 3}"#,
            #"[{"$schema": "a.json"}]"#, #""$schema""#, #"{"x": "\\", "$schema": "d.json"}"#, #"{"x": 1e5, "$schema": "e.json"}"#,
            #"{"x": true,"$schema":"f.json"}"#, "\u{FEFF}" + #" {"$schema": "g.json"}"#, #"{"$sch\u0065ma": "h.json"}"#,
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            XCTAssertEqual(Graph.schemaReference(scanning: bytes), Graph.schemaReference(in: try JSONReader.parse(bytes)), text)
        }
        // A malformed document answers something or nothing; loading it decides.
        XCTAssertNil(Graph.schemaReference(scanning: Array(#"{"x": "#.utf8)))
        XCTAssertNil(Graph.schemaReference(scanning: []))
    }
}
