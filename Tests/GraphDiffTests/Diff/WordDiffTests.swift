import XCTest
@testable import GraphDiff
import GraphDiffGenerator

final class WordDiffTests: XCTestCase {
    /// 123 scalars: longer than a line.
    let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."

    func words(_ text: String) -> [String] {
        let words = ByteLines(words: Array(text.utf8))
        return (0..<words.count).map { String(decoding: words[$0], as: UTF8.self) }
    }

    func test_words_runsOfLettersAndSpaces_singleOtherCharacters_marksStayWithTheirCharacter() {
        XCTAssertEqual(words("Hello, wörld  2x_y\r\n👩‍💻e\u{301}!?"),
                       ["Hello", ",", " ", "wörld", "  ", "2x_y", "\r\n", "👩‍💻", "e\u{301}", "!", "?"])
        XCTAssertEqual(words(""), [])
        XCTAssertEqual(words("\u{301}\u{302}a"), ["\u{301}\u{302}", "a"], "a mark with nothing before it is a character of its own")
        XCTAssertEqual(words("日本語 テキスト"), ["日本語", " ", "テキスト"])
        XCTAssertEqual(words("a\u{2003}b—c"), ["a", "\u{2003}", "b", "—", "c"])
    }

    func test_diff_shortStrings_areShownWhole() {
        XCTAssertNil(WordDiff.diff(from: "abc", to: "abd"))
        XCTAssertNil(WordDiff.diff(from: String(repeating: "a ", count: 40), to: String(repeating: "b ", count: 40)))
        XCTAssertNil(WordDiff.diff(from: lorem, to: lorem), "equal strings")
    }

    func test_diff_oneWordInTheMiddle_keepsFiveWordsEachSide() {
        let old = lorem + " " + lorem, new = lorem + " Changed " + lorem.dropFirst(6)
        XCTAssertEqual(WordDiff.diff(from: old, to: new)?.segments, [
            .elided(93), .unchanged("labore et dolore magna aliqua. "), .removed("Lorem"), .added("Changed"),
            .unchanged(" ipsum dolor sit amet, consectetur"), .elided(84),
        ])
    }

    func test_diff_aLineBreakMakesAShortStringLong_andIsAWordOfItsOwn() {
        XCTAssertEqual(WordDiff.diff(from: "one\ntwo", to: "one\r\ntwo")?.segments, [.unchanged("one"), .removed("\n"), .added("\r\n"), .unchanged("two")])
    }

    func test_diff_insertionAtStartAndEnd() {
        XCTAssertEqual(WordDiff.diff(from: lorem, to: "Note: " + lorem)?.segments, [.added("Note: "), .unchanged("Lorem ipsum dolor sit amet"), .elided(97)])
        XCTAssertEqual(WordDiff.diff(from: lorem, to: lorem + " Thanks!")?.segments, [.elided(93), .unchanged("labore et dolore magna aliqua."), .added(" Thanks!")])
    }

    func test_diff_lessThanHalfInCommon_isShownWhole_halfIsEnough() {
        let rewrite = "A slow green turtle walks under an energetic cat then strolls near home towards its family, seen often."
        XCTAssertNil(WordDiff.diff(from: lorem, to: rewrite))
        XCTAssertNil(WordDiff.diff(from: "", to: lorem))
        // 10 words of 5 letters, 5 of them replaced: exactly half in common.
        let old = "aaaaa bbbbb ccccc ddddd eeeee fffff ggggg hhhhh iiiii jjjjj\n"
        let half = "aaaaa bbbbb ccccc ddddd eeeee zzzzz zzzzz zzzzz zzzzz zzzzz\n"
        XCTAssertEqual(WordDiff.diff(from: old, to: half)?.segments,
                       [.unchanged("aaaaa bbbbb ccccc ddddd eeeee "), .removed("fffff ggggg hhhhh iiiii jjjjj"), .added("zzzzz zzzzz zzzzz zzzzz zzzzz"), .unchanged("\n")])
        XCTAssertNil(WordDiff.diff(from: old, to: half.replacingOccurrences(of: "eeeee", with: "zzzzz")))
    }

    /// Regenerated CSV rows share their commas and "ok"s (more than half
    /// the words), but the marked text would be longer than both whole.
    func test_diff_longerThanBothWhole_isShownWhole() {
        var generator = SplitMix64(seed: 7)
        func rows() -> String { (0..<40).map { _ in "\(generator.below(100)),\(generator.below(10)),ok\n" }.joined() }
        let old = rows(), new = rows()
        XCTAssertNil(WordDiff.diff(from: old, to: new))
        // One row changed among the same rows: a word diff, much shorter.
        let edited = old.replacingOccurrences(of: "\n", with: "\n7,7,ok\n", options: [], range: old.range(of: "\n"))
        XCTAssertEqual(WordDiff.diff(from: old, to: edited).map { WordDiff._markedLength($0.segments) }, 34)
        // 17 bytes marked against 7 + 8 whole and 7 of quotes and arrow: still a word diff.
        XCTAssertEqual(WordDiff.diff(from: "one\ntwo", to: "one\r\ntwo")?.segments, [.unchanged("one"), .removed("\n"), .added("\r\n"), .unchanged("two")])
        XCTAssertEqual(WordDiff._markedLength([.unchanged("one"), .removed("\n"), .added("\r\n"), .unchanged("two")]), 17)
    }

    func test_diff_comparesBytes_NFCAndNFDDiffer() {
        let nfc = lorem + " café", nfd = lorem + " cafe\u{301}"
        XCTAssertEqual(WordDiff.diff(from: nfc, to: nfd)?.segments, [.elided(93), .unchanged("labore et dolore magna aliqua. "), .removed("café"), .added("cafe\u{301}")])
    }

    func test_diff_contextStopsAtFifteenWordsAndCharacters() {
        let old = "x " + String(repeating: "-", count: 100), new = "y " + String(repeating: "-", count: 100)
        XCTAssertEqual(WordDiff.diff(from: old, to: new)?.segments, [.removed("x"), .added("y"), .unchanged(" " + String(repeating: "-", count: 15)), .elided(85)])
    }

    /// Seeded random strings: the segments give back both strings, elided
    /// stretches standing for that many scalars of unchanged text.
    func test_diff_segmentsSpellBothStrings_seeded() {
        var generator = SplitMix64(seed: 1616)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        let vocabulary = ["a", "bb", "ccc", "é", "e\u{301}", " ", "  ", "\n", ",", "[-", "+}", "…", "👩‍💻", "\r\n"]
        for round in 0..<300 {
            let old = (0..<(20 + random(80))).map { _ in vocabulary[random(vocabulary.count)] }
            var new = old
            for _ in 0..<random(6) {
                let i = random(new.count)
                switch random(3) {
                case 0: new.remove(at: i)
                case 1: new.insert(vocabulary[random(vocabulary.count)], at: i)
                default: new[i] = vocabulary[random(vocabulary.count)]
                }
            }
            let a = old.joined(), b = new.joined()
            guard let diff = WordDiff.diff(from: a, to: b) else { continue }
            for (text, side) in [(a, "old"), (b, "new")] {
                var rest = Substring(text).unicodeScalars[...]
                for segment in diff.segments {
                    switch segment {
                    case .unchanged(let t): XCTAssertTrue(rest.starts(with: t.unicodeScalars), "round \(round), \(side)"); rest = rest.dropFirst(t.unicodeScalars.count)
                    case .elided(let n): rest = rest.dropFirst(n)
                    case .removed(let t) where side == "old", .added(let t) where side == "new":
                        XCTAssertTrue(rest.starts(with: t.unicodeScalars), "round \(round), \(side)"); rest = rest.dropFirst(t.unicodeScalars.count)
                    case .removed, .added: break
                    }
                }
                XCTAssertTrue(rest.isEmpty, "round \(round), \(side): \(diff.segments)")
            }
        }
    }
}
