import GraphDiffGenerator
import XCTest
@testable import GraphDiff

final class IgnoredPathsTests: XCTestCase {
    func text(_ value: JSONValue) -> String { JSONWriter.string(value, style: .compactSorted) }

    func test_removing_starMatchesOneSegment_doubleStarAnyDepth_elementsAreNeverRemoved() throws {
        let document = try json(#"""
            {"metadata": {"lastSync": 1, "device": "d"}, "etag": "e0",
             "items": [{"id": 1, "updatedAt": "x", "sub": {"etag": "e1", "k": 1}}, {"id": 2}, 3],
             "tags": ["a", "b"], "0": {"updatedAt": "y"}}
            """#)
        let ignored = try IgnoredPaths(["/metadata/lastSync", "/items/*/updatedAt", "/**/etag", "/tags/*", "/0/updatedAt"])
        XCTAssertEqual(text(ignored.removing(from: document)),
                       #"{"0":{},"items":[{"id":1,"sub":{"k":1}},{"id":2},3],"metadata":{"device":"d"},"tags":["a","b"]}"#)
        // A number names a member of an object and the element at that index of an array; elements themselves stay.
        XCTAssertEqual(text(try IgnoredPaths(["/items/0/id", "/items/0", "/items/7/id"]).removing(from: document)),
                       #"{"0":{"updatedAt":"y"},"etag":"e0","items":[{"sub":{"etag":"e1","k":1},"updatedAt":"x"},{"id":2},3],"metadata":{"device":"d","lastSync":1},"tags":["a","b"]}"#)
        // `**` matches no segment too, and a trailing `**` everything below.
        XCTAssertEqual(text(try IgnoredPaths(["/metadata/**"]).removing(from: try json(#"{"metadata": {"a": 1}, "b": 2}"#))), #"{"b":2}"#)
        XCTAssertEqual(text(try IgnoredPaths(["/**"]).removing(from: document)), "{}")
        // RFC 6901 escapes: ~1 is '/', ~0 is '~'.
        XCTAssertEqual(text(try IgnoredPaths(["/a~1b", "/c~0d"]).removing(from: try json(#"{"a/b": 1, "c~d": 2, "e": 3}"#))), #"{"e":3}"#)
        XCTAssertTrue(IgnoredPaths().isEmpty)
    }

    func test_removing_keySegments_matchElementsWhoseMemberEqualsTheValue() throws {
        let document = try json(#"{"l": [{"name": "six", "v": 1, "etag": 1}, {"name": 7, "v": 2}, {"name": "7", "v": 3}, {"full name": "Ann", "v": 4}, {"name": "a/b]x[", "v": 5}, "six"], "[weird": {"v": 6}}"#)
        let ignored = try IgnoredPaths([#"/l/[name="six"]/v"#, "/l/[name=7]/v", #"/l/["full name"="Ann"]/v"#,
                                        #"/l/[name="a/b]x["]/v"#, "/~[weird/v", #"/l/[name="none"]/v"#])
        XCTAssertEqual(text(ignored.removing(from: document)),
                       #"{"[weird":{},"l":[{"etag":1,"name":"six"},{"name":7},{"name":"7","v":3},{"full name":"Ann"},{"name":"a/b]x["},"six"]}"#)
        XCTAssertEqual(ignored.unmatched(in: [document]), [#"/l/[name="none"]/v"#])
        XCTAssertEqual(try IgnoredPaths(["/l/0/etag", "/nosuch", "/l/*"]).unmatched(in: [document, try json(#"{"nosuch": 1}"#)]), ["/l/*"])
        // The key picks a different element on each side; only the one it picks loses the member.
        let a = try json(#"[{"k": 1, "v": 1}, {"k": 2, "v": 2}]"#), b = try json(#"[{"k": 2, "v": 2}, {"k": 1, "v": 9}]"#)
        let byKey = try IgnoredPaths(["/[k=1]/v"])
        XCTAssertEqual(text(byKey.removing(from: b)), #"[{"k":2,"v":2},{"k":1}]"#)
        XCTAssertFalse(byKey.isEqual(a, b, byKey.root))
        XCTAssertTrue(byKey.isEqual(try json(#"[{"k": 1, "v": 1}]"#), try json(#"[{"k": 1, "v": 5}]"#), byKey.root))
        for (pattern, message) in [("/l/[name]", #"invalid JSON Pointer "/l/[name]": has a key segment without '=' (write [NAME=VALUE], or ~[ for a member name beginning with '[')"#),
                                   ("/l/[name=six]", #"invalid JSON Pointer "/l/[name=six]": has a key whose value is not JSON text (a string is written in quotes: [name="six"])"#),
                                   ("/l/[name=1", #"invalid JSON Pointer "/l/[name=1": has a key segment without its closing ']'"#)] {
            XCTAssertThrowsError(try IgnoredPaths([pattern])) { error in
                XCTAssertEqual((error as? JSONError)?.message, message)
            }
        }
    }

    func test_init_refusesTheWholeDocumentAndBadEscapes() {
        for (pattern, message) in [("", #"invalid JSON Pointer "": names the whole document, which cannot be ignored"#),
                                   ("a/b", #"invalid JSON Pointer "a/b": must be empty or start with '/'"#),
                                   ("/a~2", #"invalid JSON Pointer "/a~2": '~' must be followed by '0' or '1'"#)] {
            XCTAssertThrowsError(try IgnoredPaths(["/ok", pattern])) { error in
                XCTAssertEqual((error as? JSONError)?.message, message)
            }
        }
    }

    // MARK: Property: the automaton agrees with a brute-force matcher

    /// Whether `pattern` (segments) matches the path `tokens` (the last one a member name).
    static func oracleMatches(_ pattern: ArraySlice<String>, _ path: ArraySlice<(String, Bool)>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            // Zero segments, or one more.
            return oracleMatches(pattern.dropFirst(), path) || (!path.isEmpty && oracleMatches(pattern, path.dropFirst()))
        }
        guard let (token, isIndex) = path.first else { return false }
        guard first == "*" || (!isIndex && first == token) else { return false }
        return oracleMatches(pattern.dropFirst(), path.dropFirst())
    }

    static func oracleRemoving(_ value: JSONValue, _ patterns: [[String]], _ path: [(String, Bool)] = []) -> JSONValue {
        switch value {
        case .object(let o):
            var result = JSONObject()
            for m in o.members {
                let inner = path + [(m.key, false)]
                if patterns.contains(where: { oracleMatches($0[...], inner[...]) }) { continue }
                result.members.append(JSONObject.Member(key: m.key, value: oracleRemoving(m.value, patterns, inner)))
            }
            return .object(result)
        case .array(let a):
            return .array(a.enumerated().map { oracleRemoving($1, patterns, path + [(String($0), true)]) })
        default:
            return value
        }
    }

    static let patternPool = ["/k1", "/*/k2", "/**/k3", "/k0/*", "/k4/**/k1", "/*/*/k5", "/**/*/k0", "/k2/**", "/a/*/k1", "/**/a/*/k2"]

    /// A document with objects, arrays of objects and scalars, names k0…k5 and a.
    static func document(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        var o = JSONObject()
        for i in 0..<random.below(6) {
            let key = random.below(5) == 0 ? "a" : "k\(i)"
            guard o[key] == nil else { continue }
            switch depth > 0 ? random.below(4) : 3 {
            case 0: o[key] = document(&random, depth: depth - 1)
            case 1: o[key] = .array((0..<random.below(4)).map { _ in document(&random, depth: depth - 1) })
            default: o[key] = RandomJSON.scalar(&random)
            }
        }
        return .object(o)
    }

    func test_property_removingAgreesWithABruteForceMatcher() throws {
        for seed in UInt64(1)...1500 {
            var random = SplitMix64(seed: seed)
            let doc = Self.document(&random, depth: 4)
            let patterns = (0..<random.below(4) + 1).map { _ in Self.patternPool[random.below(Self.patternPool.count)] }
            let ignored = try IgnoredPaths(patterns)
            let expected = Self.oracleRemoving(doc, patterns.map { try! JSONPointer(parsing: $0).tokens })
            XCTAssertEqual(text(ignored.removing(from: doc)), text(expected), "seed \(seed), patterns \(patterns)")
            XCTAssertTrue(ignored.isEqual(doc, expected, ignored.root), "seed \(seed): equal without the ignored members")
        }
    }

    // MARK: Plain JSON merge

    func test_merge_ignoredMemberChangedOnBothSides_takesMine_noConflict() throws {
        let base = try json(#"{"title": "a", "lastSync": 1, "items": [{"id": 1, "updatedAt": 1, "n": 1}, {"id": 2, "updatedAt": 1}]}"#)
        let mine = try json(#"{"title": "a", "lastSync": 2, "items": [{"id": 1, "updatedAt": 2, "n": 1}, {"id": 2, "updatedAt": 2}]}"#)
        let theirs = try json(#"{"title": "b", "lastSync": 3, "items": [{"id": 1, "updatedAt": 3, "n": 5}, {"id": 2, "updatedAt": 3}], "extra": {"updatedAt": 9}}"#)
        let ignored = try IgnoredPaths(["/lastSync", "/**/updatedAt"])
        let plain = JSONMerge.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(plain.conflicts.map(\.path.description), ["/lastSync", "/items/0/updatedAt", "/items/1/updatedAt"])
        let merged = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: .init(ignored: ignored))
        XCTAssertEqual(merged.conflicts, [])
        XCTAssertEqual(text(merged.value),
                       #"{"extra":{"updatedAt":9},"items":[{"id":1,"n":5,"updatedAt":2},{"id":2,"updatedAt":2}],"lastSync":2,"title":"b"}"#)
        // Theirs changed only ignored members: mine's document whole.
        let quiet = JSONMerge.merge(base: base, mine: mine, theirs: try json(#"{"title": "a", "lastSync": 7, "items": [{"id": 1, "updatedAt": 7, "n": 1}, {"id": 2}]}"#),
                                    options: .init(ignored: ignored))
        XCTAssertEqual(quiet.conflicts, [])
        XCTAssertEqual(text(quiet.value), text(mine))
        // Mine changed nothing, theirs inserted an element and touched an ignored member: mine's value stays where the stretch pairs.
        let keyed = JSONMerge.merge(base: base, mine: base, theirs: try json(#"{"title": "a", "lastSync": 1, "items": [{"id": 0}, {"id": 1, "updatedAt": 8, "n": 1}, {"id": 2, "updatedAt": 8}]}"#),
                                    options: .init(arrayKey: "id", ignored: ignored))
        XCTAssertEqual(text(keyed.value), #"{"items":[{"id":0},{"id":1,"n":1,"updatedAt":1},{"id":2,"updatedAt":1}],"lastSync":1,"title":"a"}"#)
    }

    func test_property_mergeWithIgnores_isTheMergeOfTheDocumentsWithoutThem() throws {
        for seed in UInt64(1)...1000 {
            var random = SplitMix64(seed: seed)
            let base = Self.document(&random, depth: 3)
            let mine = RandomJSON.edit(base, &random), theirs = RandomJSON.edit(base, &random)
            let patterns = (0..<random.below(3) + 1).map { _ in Self.patternPool[random.below(Self.patternPool.count)] }
            let ignored = try IgnoredPaths(patterns)
            for key in [nil, "k0"] as [String?] {
                let merged = JSONMerge.merge(base: base, mine: mine, theirs: theirs, options: .init(arrayKey: key, ignored: ignored))
                let stripped = JSONMerge.merge(base: ignored.removing(from: base), mine: ignored.removing(from: mine),
                                               theirs: ignored.removing(from: theirs), options: .init(arrayKey: key))
                XCTAssertEqual(text(ignored.removing(from: merged.value)), text(stripped.value), "seed \(seed), \(patterns), key \(key ?? "-")")
                XCTAssertEqual(merged.conflicts.map(\.path), stripped.conflicts.map(\.path), "seed \(seed), \(patterns), key \(key ?? "-")")
            }
        }
    }
}
