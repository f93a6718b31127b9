import XCTest
@testable import GraphDiff

final class WordDiffRenderingTests: XCTestCase {
    let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."
    let summary = "\n0 added, 0 removed, 1 changed, 0 moved\n"

    func report(_ old: String, _ new: String, color: Bool = false, wordDiff: Bool = true) -> String {
        HumanRenderer.render(JSONDiff.diff(from: ["doc": .string(old)], to: ["doc": .string(new)]),
                             context: RenderContext(color: color, wordDiff: wordDiff))
    }

    func test_human_longString_changedWordInContext_withAndWithoutColour_andOff() {
        let old = lorem + " " + lorem, new = lorem + " Changed " + lorem.dropFirst(6)
        XCTAssertEqual(report(old, new), #"~ /doc: "…labore et dolore magna aliqua. [-Lorem-]{+Changed+} ipsum dolor sit amet, consectetur…""# + "\n" + summary)
        XCTAssertEqual(report(old, new, color: true),
                       "\u{1B}[33m~ /doc:\u{1B}[0m \"…labore et dolore magna aliqua. \u{1B}[31mLorem\u{1B}[0m\u{1B}[32mChanged\u{1B}[0m ipsum dolor sit amet, consectetur…\"\n" + summary)
        XCTAssertEqual(report(old, new, wordDiff: false), "~ /doc: \"\(old)\" → \"\(new)\"\n" + summary)
    }

    func test_human_shortString_andTotalRewrite_areShownWhole() {
        XCTAssertEqual(report("abc", "abd"), "~ /doc: \"abc\" → \"abd\"\n" + summary)
        let rewrite = "A slow green turtle walks under an energetic cat then strolls near home towards its family, seen often."
        XCTAssertEqual(report(lorem, rewrite), "~ /doc: \"\(lorem)\" → \"\(rewrite)\"\n" + summary)
    }

    func test_human_insertionAtStartAndEnd() {
        XCTAssertEqual(report(lorem, "Note: " + lorem), #"~ /doc: "{+Note: +}Lorem ipsum dolor sit amet…""# + "\n" + summary)
        XCTAssertEqual(report(lorem, lorem + " Thanks!"), #"~ /doc: "…labore et dolore magna aliqua.{+ Thanks!+}""# + "\n" + summary)
    }

    func test_human_multilineString_staysOneLine_markersInTheTextAreEscaped() {
        let old = "line one\nline [-two-] {+x+}\n… end", new = "line one\nline [-three-] {+x+}\n… end"
        XCTAssertEqual(report(old, new), #"~ /doc: "line one\nline \u005b-[-two-]{+three+}-\u005d \u007b+x+\u007d\n\u2026 end""# + "\n" + summary)
        XCTAssertEqual(report(old, new, color: true),
                       "\u{1B}[33m~ /doc:\u{1B}[0m " + #""line one\nline [-"# + "\u{1B}[31mtwo\u{1B}[0m\u{1B}[32mthree\u{1B}[0m" + #"-] {+x+}\n\u2026 end""# + "\n" + summary)
    }

    func test_human_bracketsAtTheEdgesOfAChange_areEscaped() {
        let old = lorem + " a[b] c{d}", new = lorem + " a[c] c{e}"
        XCTAssertEqual(report(old, new), #"~ /doc: "…et dolore magna aliqua. a\u005b[-b-]{+c+}\u005d c\u007b[-d-]{+e+}\u007d""# + "\n" + summary)
        let edge = lorem + " x[", edged = lorem + " x[-"
        XCTAssertEqual(report(edge, edged), #"~ /doc: "…et dolore magna aliqua. x\u005b{+-+}""# + "\n" + summary)
    }

    func test_human_unicode_wordsOfScalars_NFCAndNFDDiffer() {
        XCTAssertEqual(report(lorem + " Zoë loves 👩‍💻 and café", lorem + " Zoé loves 👩‍🔬 and cafe\u{301}"),
                       "~ /doc: \"…labore et dolore magna aliqua. [-Zoë-]{+Zoé+} loves [-👩‍💻-]{+👩‍🔬+} and [-café-]{+cafe\u{301}+}\"\n" + summary)
        XCTAssertEqual(report(lorem + " a b c", lorem + " x y c"), "~ /doc: \"…labore et dolore magna aliqua. [-a b-]{+x y+} c\"\n" + summary,
                       "changes apart by whitespace only are one")
    }
}
