import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class JSONDiffTests: XCTestCase {
    func edits(_ a: String, _ b: String, _ options: JSONDiff.Options = .init()) throws -> [String] {
        JSONDiff.diff(from: try json(a), to: try json(b), options: options).map { edit in
            switch edit {
            case .add(let p, let v): return "+ \(p) \(JSONWriter.string(v))"
            case .remove(let p, let v): return "- \(p) \(JSONWriter.string(v))"
            case .replace(let p, let o, let n): return "~ \(p) \(JSONWriter.string(o)) \(JSONWriter.string(n))"
            case .move(let f, let p): return "> \(f) \(p)"
            }
        }
    }

    /// `apply(diff(a, b), a) == b`, through RFC 6902.
    func assertRoundTrip(_ a: JSONValue, _ b: JSONValue, _ options: JSONDiff.Options = .init(), file: StaticString = #filePath, line: UInt = #line) throws {
        let patch = JSONPatch(edits: JSONDiff.diff(from: a, to: b, options: options))
        let result = try patch.apply(to: a)
        XCTAssertTrue(result.isEqual(to: b, numbersByText: options.numbersByText), "\(JSONWriter.string(result)) ≠ \(JSONWriter.string(b))", file: file, line: line)
    }

    func test_objects_memberByMember_inNameOrder() throws {
        XCTAssertEqual(try edits(#"{"b": 1, "a": {"x": 1, "y": 2}, "c": 3}"#, #"{"a": {"x": 1, "y": 3}, "d": 4, "b": 1}"#),
                       ["~ /a/y 2 3", "- /c 3", "+ /d 4"])
    }

    func test_numbers_byValue_unlessByText() throws {
        XCTAssertEqual(try edits("[1, 1e2, 12345678901234567890]", "[1.0, 100, 12345678901234567891]"),
                       ["~ /2 12345678901234567890 12345678901234567891"])
        XCTAssertEqual(try edits("[1, 2]", "[1.0, 2]", .init(numbersByText: true)), ["~ /0 1 1.0"])
    }

    func test_arrays_insertDeleteReplace_withIndicesValidInOrder() throws {
        // Removals first, from the end (old indices), then additions and
        // changes (new indices).
        XCTAssertEqual(try edits("[1, 2, 3, 4]", "[0, 1, 3, 5]"), ["- /1 2", "+ /0 0", "~ /3 4 5"])
        XCTAssertEqual(try edits(#"[{"a": 1}, {"b": 2}]"#, #"[{"a": 2}, {"b": 2}]"#), ["~ /0/a 1 2"])
        XCTAssertEqual(try edits("[]", "[1, 2]"), ["+ /0 1", "+ /1 2"])
        XCTAssertEqual(try edits("[1, 2]", "[]"), ["- /1 2", "- /0 1"])
    }

    func test_scalarsAndKinds() throws {
        XCTAssertEqual(try edits("1", "1"), [])
        XCTAssertEqual(try edits(#"{"a": [1]}"#, #"{"a": {"0": 1}}"#), [#"~ /a [1] {"0":1}"#])
        XCTAssertEqual(try edits(#"{"a/b": {"~": 1}}"#, #"{"a/b": {"~": 2}}"#), ["~ /a~1b/~0 1 2"])
        XCTAssertEqual(try edits("\"\u{E9}\"", "\"e\u{301}\""), ["~  \"\u{E9}\" \"e\u{301}\""])
    }

    func test_arrayKey_matchesByIdentity_andReportsMoves() throws {
        let a = #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]"#
        let b = #"[{"id": 3, "v": "c"}, {"id": 1, "v": "A"}, {"id": 2, "v": "b"}, {"id": 4, "v": "d"}]"#
        let options = JSONDiff.Options(arrayKey: "id")
        XCTAssertEqual(try edits(a, b, options), ["> /2 /0", #"+ /3 {"id":4,"v":"d"}"#, "~ /1/v \"a\" \"A\""])
        try assertRoundTrip(try json(a), try json(b), options)
        // Without the key, it is a positional diff.
        try assertRoundTrip(try json(a), try json(b))
    }

    func test_arrayKey_firstToLast_isOneMove() throws {
        let a = JSONValue.array((0..<20).map { .object(JSONObject([.init(key: "id", value: .number(JSONNumber($0)))])) })
        var elements = a.arrayValue ?? []
        elements.append(elements.removeFirst())
        let edits = JSONDiff.diff(from: a, to: .array(elements), options: .init(arrayKey: "id"))
        XCTAssertEqual(edits, [.move(from: JSONPointer(["0"]), path: JSONPointer(["19"]))])
    }

    func test_roundTrip_randomDocuments() throws {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let a = random.value(depth: 3), b = random.mutate(a, depth: 3)
            try assertRoundTrip(a, b)
            XCTAssertEqual(JSONDiff.diff(from: a, to: a), [], "seed \(seed)")
        }
    }

    func test_largeArray_fewEdits_isLinear() throws {
        let a = JSONValue.array((0..<100_000).map { .number(JSONNumber($0)) })
        var elements = a.arrayValue ?? []
        elements[10] = "x"
        elements.remove(at: 50_000)
        elements.append(true)
        let b = JSONValue.array(elements)
        let edits = JSONDiff.diff(from: a, to: b)
        XCTAssertEqual(edits.count, 3)
        try assertRoundTrip(a, b)
    }
}

/// Random JSON values for round-trip tests (seeded).
extension SplitMix64 {
    mutating func value(depth: Int) -> JSONValue {
        switch below(depth > 0 ? 7 : 4) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .number(JSONNumber(below(5)))
        case 3: return .string(["a", "b", "é", ""][below(4)])
        case 4, 5: return .array((0..<below(5)).map { _ in value(depth: depth - 1) })
        default:
            var o = JSONObject()
            for _ in 0..<below(4) { o[["k", "l", "m", "n/o", "~"][below(5)]] = value(depth: depth - 1) }
            return .object(o)
        }
    }

    mutating func mutate(_ v: JSONValue, depth: Int) -> JSONValue {
        if below(4) == 0 { return value(depth: depth) }
        switch v {
        case .array(var a):
            for _ in 0..<below(3) {
                switch below(3) {
                case 0: a.insert(value(depth: depth - 1), at: below(a.count + 1))
                case 1: if !a.isEmpty { a.remove(at: below(a.count)) }
                default: if !a.isEmpty { let i = below(a.count); a[i] = mutate(a[i], depth: depth - 1) }
                }
            }
            return .array(a)
        case .object(var o):
            for _ in 0..<below(3) {
                let key = ["k", "l", "m", "p"][below(4)]
                if let existing = o[key], below(2) == 0 { o[key] = mutate(existing, depth: depth - 1) } else if below(2) == 0 { o[key] = nil } else { o[key] = value(depth: depth - 1) }
            }
            return .object(o)
        default:
            return below(2) == 0 ? v : value(depth: depth)
        }
    }
}
