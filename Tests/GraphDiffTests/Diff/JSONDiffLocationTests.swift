import GraphDiffGenerator
import XCTest
@testable import GraphDiff

/// Key paths, the pairing of unkeyed array elements by content, and the
/// index spaces of the human report.
final class JSONDiffLocationTests: XCTestCase {
    func report(_ a: String, _ b: String, _ options: JSONDiff.Options = .init()) throws -> String {
        HumanRenderer.render(JSONDiff.entries(from: try json(a), to: try json(b), options: options), context: RenderContext())
    }

    /// Every patch format reproduces `b` from `a`, and the graphdiff patch
    /// inverts back to `a`.
    func assertPatchesReproduce(_ a: JSONValue, _ b: JSONValue, _ options: JSONDiff.Options, _ label: String,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let entries = JSONDiff.entries(from: a, to: b, options: options)
        let edits = entries.map(\.edit)
        XCTAssertEqual(try JSONPatch(edits: edits).apply(to: a), b, "json-patch \(label)", file: file, line: line)
        guard case .json(let decoded) = try PatchDocument.decode(PatchDocument.encode(entries)) else {
            return XCTFail("not a structural patch: \(label)", file: file, line: line)
        }
        XCTAssertEqual(decoded, edits, "keyPath is ignored when reading: \(label)", file: file, line: line)
        let forward = try JSONEdits.apply(decoded, to: a)
        XCTAssertEqual(forward.document, b, "graphdiff patch \(label)", file: file, line: line)
        XCTAssertEqual(try JSONEdits.apply(decoded.inverted(), to: b).document, a, "inverted \(label)", file: file, line: line)
        XCTAssertEqual(MergePatch.apply(try MergePatch.diff(from: a, to: b), to: a), b, "merge-patch \(label)", file: file, line: line)
        XCTAssertEqual(JSONDiff.diff(from: forward.document, to: b, options: options), [], "nothing left \(label)", file: file, line: line)
    }

    // MARK: Notation

    func test_location_notation_keysAsJSON_membersEscaped() {
        let cases: [(JSONLocation, String)] = [
            (JSONLocation([]), ""),
            (JSONLocation([.member("packages"), .key(name: "name", value: "six"), .member("version")]), #"/packages/[name="six"]/version"#),
            (JSONLocation([.key(name: "id", value: 42)]), "/[id=42]"),
            (JSONLocation([.key(name: "id", value: "42")]), #"/[id="42"]"#),
            (JSONLocation([.key(name: "id", value: "a.b/c\"]")]), #"/[id="a.b/c\"]"]"#),
            (JSONLocation([.key(name: "id", value: .null), .key(name: "id", value: true)]), "/[id=null]/[id=true]"),
            (JSONLocation([.key(name: "full name", value: "x")]), #"/["full name"="x"]"#),
            (JSONLocation([.key(name: "a=b]", value: 1)]), #"/["a=b]"=1]"#),
            (JSONLocation([.key(name: "x.y_z-1", value: 1)]), "/[x.y_z-1=1]"),
            (JSONLocation([.member("a/b"), .member("~"), .member("[id=1]"), .member("x[0]")]), "/a~1b/~0/~[id=1]/x[0]"),
            (JSONLocation([.member("list"), .index(3)], side: .old), "/list/3"),
        ]
        for (location, text) in cases { XCTAssertEqual(location.description, text) }
        XCTAssertTrue(JSONLocation([.index(0)]).hasIndex)
        XCTAssertFalse(JSONLocation([.key(name: "k", value: 1)]).hasIndex)
        XCTAssertTrue(JSONLocation([.key(name: "k", value: 1)]).hasKey)
    }

    // MARK: Keyed arrays

    func test_keyed_everyEditNamesItsElementByKey_pointersStayNumeric() throws {
        let a = #"{"packages": [{"name": "attrs", "version": "1"}, {"name": "six", "version": "1.16", "deps": [{"id": 1, "v": 1}, {"id": 2, "v": 2}]}, {"name": "old", "version": "0"}, {"name": "z", "version": "1"}]}"#
        let b = #"{"packages": [{"name": "new", "version": "9"}, {"name": "six", "version": "1.17", "deps": [{"id": 2, "v": 2}, {"id": 1, "v": 3}]}, {"name": "z", "version": "1"}, {"name": "attrs", "version": "1"}]}"#
        let options = JSONDiff.Options(arrayKey: "name")
        let entries = JSONDiff.entries(from: try json(a), to: try json(b), options: options)
        // The deps have no "name": they are an unkeyed array inside a keyed element.
        XCTAssertEqual(try report(a, b, options), """
            - /packages/[name="old"]: {"name":"old","version":"0"}
            > /packages/[name="attrs"]: index 0 → 3
            + /packages/[name="new"]: {"name":"new","version":"9"}
            - /packages/[name="six"]/deps/0 (old): {"id":1,"v":1}
            + /packages/[name="six"]/deps/1: {"id":1,"v":3}
            ~ /packages/[name="six"]/version: "1.16" → "1.17"

            2 added, 2 removed, 1 changed, 1 moved

            """)
        // RFC 6902 keeps numeric indices, valid in application order.
        XCTAssertEqual(entries.map { $0.edit.path.description },
                       ["/packages/2", "/packages/2", "/packages/0", "/packages/1/deps/0", "/packages/1/deps/1", "/packages/1/version"])
        XCTAssertEqual(entries[1].edit, .move(from: JSONPointer(["packages", "0"]), path: JSONPointer(["packages", "2"])))
        try assertPatchesReproduce(try json(a), try json(b), options, "keyed")
    }

    func test_moves_theElementThatTravelledIsTheOneReported() throws {
        // attrs (index 0 → 2) and six (index 1 → 1) swapped order: one move
        // either way; attrs is the one that travelled.
        let a = #"[{"name": "attrs"}, {"name": "six"}, {"name": "old"}]"#, b = #"[{"name": "new"}, {"name": "six"}, {"name": "attrs"}]"#
        XCTAssertEqual(try report(a, b, .init(arrayKey: "name")), """
            - /[name="old"]: {"name":"old"}
            > /[name="attrs"]: index 0 → 2
            + /[name="new"]: {"name":"new"}

            1 added, 1 removed, 0 changed, 1 moved

            """)
        XCTAssertEqual(try report(#"["a", "b", "c"]"#, #"["c", "a", "b"]"#), "> /0: index 2 → 0\n\n0 added, 0 removed, 0 changed, 1 moved\n")
        XCTAssertEqual(try report(#"["a", "b", "c"]"#, #"["b", "c", "a"]"#), "> /2: index 0 → 2\n\n0 added, 0 removed, 0 changed, 1 moved\n")
        try assertPatchesReproduce(try json(a), try json(b), .init(arrayKey: "name"), "swap")
    }

    func test_reversal_movesTheElementsThatChangedIndex_neverIndexIToI() throws {
        let a = #"[{"name": "x"}, {"name": "y"}, {"name": "z"}]"#, b = #"[{"name": "z"}, {"name": "y"}, {"name": "x"}]"#
        XCTAssertEqual(try report(a, b, .init(arrayKey: "name")), """
            > /[name="z"]: index 2 → 0
            > /[name="x"]: index 0 → 2

            0 added, 0 removed, 0 changed, 2 moved

            """)
        XCTAssertEqual(try report(a, b), "> /0: index 2 → 0\n> /2: index 0 → 2\n\n0 added, 0 removed, 0 changed, 2 moved\n")
        XCTAssertEqual(try report("[1, 2, 3, 4, 5]", "[5, 4, 3, 2, 1]"), """
            > /0: index 4 → 0
            > /1: index 3 → 1
            > /3: index 1 → 3
            > /4: index 0 → 4

            0 added, 0 removed, 0 changed, 4 moved

            """)
        // 2 is off every longest ordered run ([3, 4] or [0, 1]) but keeps its index: said so.
        XCTAssertEqual(try report("[0, 1, 2, 3, 4]", "[3, 4, 2, 0, 1]"), """
            > /0: index 3 → 0
            > /1: index 4 → 1
            > /2: moved, at index 2 in both

            0 added, 0 removed, 0 changed, 3 moved

            """)
        try assertPatchesReproduce(try json(a), try json(b), .init(arrayKey: "name"), "reversal")
        try assertPatchesReproduce(try json("[1, 2, 3, 4, 5]"), try json("[5, 4, 3, 2, 1]"), .init(), "reversal")
        try assertPatchesReproduce(try json("[0, 1, 2, 3, 4]"), try json("[3, 4, 2, 0, 1]"), .init(), "fixed")
    }

    func test_unkeyed_shuffledEqualElements_allPairedByContent_beyondAThousandMoves() throws {
        // 2,500 distinct objects, re-ordered by i → 7i mod 2500: every element is in both.
        let n = 2500
        let old = (0..<n).map { i -> JSONValue in ["name": .string("p\(i)"), "v": 1] }
        let order = (0..<n).map { ($0 * 7) % n }
        let new = order.map { old[$0] }
        let entries = JSONDiff.entries(from: .array(old), to: .array(new))
        let moved = n - longestIncreasingSubsequence(order).count
        XCTAssertGreaterThan(moved, 1000)
        XCTAssertEqual(entries.count, moved)
        XCTAssertTrue(entries.allSatisfy { if case .move = $0.edit { return $0.movedFrom != $0.movedTo } else { return false } })
        XCTAssertEqual(HumanRenderer.render(entries, context: RenderContext()).split(separator: "\n").last.map(String.init),
                       "0 added, 0 removed, 0 changed, \(moved) moved")
        try assertPatchesReproduce(.array(old), .array(new), .init(), "shuffled")
    }

    func test_keyed_nonStringKeysAndKeysWithQuotes() throws {
        let a = #"[{"k": 1, "v": "a"}, {"k": "1", "v": "b"}, {"k": "say \"hi\"", "v": "c"}, {"k": null, "v": "d"}]"#
        let b = #"[{"k": 1, "v": "A"}, {"k": "1", "v": "B"}, {"k": "say \"hi\"", "v": "C"}, {"k": null, "v": "D"}]"#
        XCTAssertEqual(try report(a, b, .init(arrayKey: "k")), #"""
            ~ /[k=1]/v: "a" → "A"
            ~ /[k="1"]/v: "b" → "B"
            ~ /[k="say \"hi\""]/v: "c" → "C"
            ~ /[k=null]/v: "d" → "D"

            0 added, 0 removed, 4 changed, 0 moved

            """#)
    }

    func test_keyed_patchDocument_carriesKeyPath_onlyForKeyedElements() throws {
        let a = try json(#"{"n": 1, "l": [{"id": "x", "v": 1}]}"#), b = try json(#"{"n": 2, "l": [{"id": "x", "v": 2}]}"#)
        let document = PatchDocument.encode(JSONDiff.entries(from: a, to: b, options: .init(arrayKey: "id")))
        XCTAssertEqual(JSONWriter.string(document),
                       #"{"format":"graphdiff-patch/1","changes":[{"op":"replace","path":"/l/0/v","old":1,"new":2,"keyPath":"/l/[id=\"x\"]/v"},{"op":"replace","path":"/n","old":1,"new":2}]}"#)
        XCTAssertEqual(PatchDocument.encode(JSONDiff.entries(from: a, to: b)), PatchDocument.encode(JSONDiff.diff(from: a, to: b)),
                       "without a key, the document is the pointer-only one")
    }

    // MARK: Unkeyed arrays

    func test_unkeyed_insertAtTheFront_leavesTheRestAlone() throws {
        XCTAssertEqual(try report(#"{"a": [1, 2, 3, 4]}"#, #"{"a": [0, 1, 2, 3]}"#), """
            - /a/3 (old): 4
            + /a/0: 0

            1 added, 1 removed, 0 changed, 0 moved

            """)
    }

    func test_unkeyed_objectsPairByASharedMember_notByPosition() throws {
        // The issue's pip list without a key: a package inserted before a
        // changed one used to become "/0/name: argcomplete → annotated-types".
        let a = #"[{"name": "argcomplete", "version": "3.1"}, {"name": "attrs", "version": "23.1"}]"#
        let b = #"[{"name": "annotated-types", "version": "0.7"}, {"name": "argcomplete", "version": "3.2"}, {"name": "attrs", "version": "23.1"}]"#
        XCTAssertEqual(try report(a, b), """
            + /0: {"name":"annotated-types","version":"0.7"}
            ~ /1/version: "3.1" → "3.2"

            1 added, 0 removed, 1 changed, 0 moved

            """)
        // Objects with nothing in common still pair by position.
        XCTAssertEqual(try report(#"[{"a": 1}, {"b": 2}]"#, #"[{"a": 2}, {"b": 2}]"#), "~ /0/a: 1 → 2\n\n0 added, 0 removed, 1 changed, 0 moved\n")
    }

    func test_unkeyed_equalElementElsewhere_isAMove_notAChange() throws {
        XCTAssertEqual(try report(#"["x", "a", "b", "c", "d"]"#, #"["a", "b", "c", "d", "x"]"#), """
            > /4: index 0 → 4

            0 added, 0 removed, 0 changed, 1 moved

            """)
        // [1] (index 2 → 1) changed index least: it stays, the two objects move.
        let a = try json(#"[{"k": 1}, "s", [1], {"k": 2}]"#), b = try json(#"[{"k": 2}, [1], "t", {"k": 1}]"#)
        XCTAssertEqual(JSONDiff.entries(from: a, to: b).map { HumanRenderer.render([$0], context: RenderContext()).split(separator: "\n").first.map(String.init) ?? "" },
                       ["- /1 (old): \"s\"", "> /0: index 3 → 0", "> /3: index 0 → 3", "+ /2: \"t\""])
        try assertPatchesReproduce(a, b, .init(), "moves")
    }

    func test_unkeyed_removalsAndAdditions_sayWhichIndexSpace() throws {
        // Old [a b c d e], new [b x d e y]: every "-" index is in OLD
        // (marked), every other index in NEW.
        XCTAssertEqual(try report(#"["a", "b", "c", "d", "e"]"#, #"["b", "x", "d", "e", "y"]"#), """
            - /0 (old): "a"
            + /4: "y"
            ~ /1: "c" → "x"

            1 added, 1 removed, 1 changed, 0 moved

            """)
        // A removal inside an element that moved up names the element's old index.
        XCTAssertEqual(try report(#"[0, {"k": 1, "x": [1, 2]}]"#, #"[{"k": 1, "x": [2]}]"#), """
            - /0 (old): 0
            - /1/x/0 (old): 1

            0 added, 2 removed, 0 changed, 0 moved

            """)
        // Object members are the same in both documents: no mark.
        XCTAssertEqual(try report(#"{"a": 1, "b": 2}"#, #"{"a": 1}"#), "- /b: 2\n\n0 added, 1 removed, 0 changed, 0 moved\n")
    }

    func test_unkeyed_duplicates_pairInOrder() throws {
        let a = try json("[1, 1, 2, 1]"), b = try json("[2, 1, 1, 1, 1]")
        XCTAssertEqual(try report("[1, 1, 2, 1]", "[2, 1, 1, 1, 1]"), """
            > /0: index 2 → 0
            + /1: 1

            1 added, 0 removed, 0 changed, 1 moved

            """)
        try assertPatchesReproduce(a, b, .init(), "duplicates")
    }

    // MARK: Laws

    /// Random arrays of few distinct values (many duplicates), shuffled,
    /// with elements inserted, removed and changed; with and without a key.
    func test_roundTrip_arraysWithDuplicatesAndMoves_everyPatchFormat() throws {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let keyed = seed % 2 == 0
            func element(_ n: Int) -> JSONValue {
                if keyed { return .object(JSONObject([.init(key: "id", value: .number(JSONNumber(n))), .init(key: "v", value: .number(JSONNumber(random.below(3))))])) }
                switch random.below(4) {
                case 0: return .object(JSONObject([.init(key: "k", value: .number(JSONNumber(random.below(3)))), .init(key: "v", value: .number(JSONNumber(random.below(2))))]))
                case 1: return .array([.number(JSONNumber(random.below(2)))])
                default: return .number(JSONNumber(random.below(4)))
                }
            }
            var next = 0
            func fresh() -> JSONValue { next += 1; return element(next) }
            let old = (0..<random.below(12)).map { _ in fresh() }
            var new = old
            for _ in 0..<random.below(6) {
                switch random.below(4) {
                case 0: new.insert(fresh(), at: random.below(new.count + 1))
                case 1: if !new.isEmpty { new.remove(at: random.below(new.count)) }
                case 2: if !new.isEmpty { let e = new.remove(at: random.below(new.count)); new.insert(e, at: random.below(new.count + 1)) }
                default:
                    if !new.isEmpty {
                        let i = random.below(new.count)
                        if keyed, case .object(var o) = new[i] { o["v"] = .number(JSONNumber(7)); new[i] = .object(o) } else { new[i] = element(0) }
                    }
                }
            }
            let a = JSONValue.object(["list": .array(old)]), b = JSONValue.object(["list": .array(new)])
            try assertPatchesReproduce(a, b, .init(arrayKey: keyed ? "id" : nil), "seed \(seed)")
            // Every location exists where it says: removals in a, the rest in b.
            for entry in JSONDiff.entries(from: a, to: b, options: .init(arrayKey: keyed ? "id" : nil)) where !entry.location.hasKey {
                let pointer = JSONPointer(entry.location.segments.map { segment -> String in
                    switch segment {
                    case .member(let m): return m
                    case .index(let i): return String(i)
                    case .key: return ""
                    }
                })
                let document = entry.location.side == .old ? a : b
                XCTAssertNotNil(try? JSONPatch.value(at: pointer.tokens[...], in: document), "seed \(seed): \(entry.location)")
            }
        }
    }

    /// 10,000 keyed elements with a few edits: a hash join, fast even in a debug build.
    func test_keyed_tenThousandElements_fewEdits() throws {
        let old = (0..<10_000).map { JSONValue.object(["id": .string("p\($0)"), "version": .number(JSONNumber(1))]) }
        var new = old
        new[5_000] = ["id": "p5000", "version": 2]
        new.remove(at: 7_000)
        new.insert(["id": "fresh", "version": 1], at: 0)
        new.append(new.remove(at: 1))
        let entries = JSONDiff.entries(from: .array(old), to: .array(new), options: .init(arrayKey: "id"))
        XCTAssertEqual(entries.map(\.location.description), [#"/[id="p7000"]"#, #"/[id="p0"]"#, #"/[id="fresh"]"#, #"/[id="p5000"]/version"#])
        try assertPatchesReproduce(.array(old), .array(new), .init(arrayKey: "id"), "10k")
    }
}
