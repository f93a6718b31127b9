import Foundation
import XCTest

/// The library's public surface is documented: every `public` declaration
/// in Sources/GraphDiff and Sources/GraphDiffJSON (the library product's two
/// targets) has a doc comment (`///`) right above it (or above
/// its attributes). Members that only fulfil a standard protocol (`==`,
/// `hash(into:)`, `description`, literal initialisers, iteration) take the
/// protocol's documentation.
final class PublicSurfaceTests: XCTestCase {
    func test_everyPublicDeclaration_hasADocComment() throws {
        let exempt = try NSRegularExpression(pattern: #"(static func (==|<) |func hash\(into|var description: String|init\((stringLiteral|booleanLiteral|integerLiteral|nilLiteral|arrayLiteral|dictionaryLiteral)|func makeIterator|mutating func next\(\)|var underestimatedCount)"#)
        let declaration = try NSRegularExpression(pattern: #"^(@\w+(\(.*?\))? )*public "#)
        var undocumented: [String] = []
        let files = librarySourceFiles()
        XCTAssertGreaterThan(files.count, 50)
        XCTAssertTrue(files.contains { $0.lastPathComponent == "JSONReader.swift" })
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                let s = line.trimmingCharacters(in: .whitespaces)
                let range = NSRange(s.startIndex..., in: s)
                guard declaration.firstMatch(in: s, range: range) != nil, !s.hasPrefix("public extension"),
                    exempt.firstMatch(in: s, range: range) == nil
                else { continue }
                var j = i - 1
                while j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
                if j < 0 || !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    undocumented.append("\(file.lastPathComponent):\(i + 1): \(s)")
                }
            }
        }
        XCTAssertEqual(undocumented, [])
    }

    /// The Swift files of the library product: both targets.
    func librarySourceFiles() -> [URL] {
        ["Sources/GraphDiffJSON", "Sources/GraphDiff"].flatMap { folder in
            let sources = packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            return files.filter { $0.pathExtension == "swift" }
        }
    }

    /// Every Swift source line of the library, by file name.
    func libraryLines() throws -> [(file: String, lines: [String])] {
        try librarySourceFiles().sorted { $0.path < $1.path }.map {
            ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    /// Helpers the command line, benchmark and tests share with the library
    /// are `package`: an app needs none of them.
    func test_helpersThatAreNoAPI_areNotPublic() throws {
        let helpers = ["ExactString", "onLargeStack", "inParallel", "defaultLargeStackSize", "longestIncreasingSubsequence",
                       "membersOfSomeLongestIncreasingSubsequence", "hashUTF8", "utf8Compare", "utf8Less", "utf8Equal",
                       "ByteLines", "LineAlignment", "LineChange", "LineDiff", "LineMerge", "SequenceAlignment", "AlignmentStep",
                       "SequenceMerge", "GitDiffArguments", "GitMergeArguments"]
        let declaration = try NSRegularExpression(pattern: #"^(@\w+(\(.*?\))? )*public .*\b(struct|enum|class|func|let|var|typealias) `?(\w+)"#)
        var found: [String] = []
        for (file, lines) in try libraryLines() {
            for (i, line) in lines.enumerated() {
                let s = line.trimmingCharacters(in: .whitespaces)
                guard let m = declaration.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                      let name = Range(m.range(at: 4), in: s).map({ String(s[$0]) }), helpers.contains(name) else { continue }
                found.append("\(file):\(i + 1): \(s)")
            }
        }
        XCTAssertEqual(found, [])
    }

    /// A doc comment of a public declaration links (``Name``) only to
    /// symbols an app can see. The check is by name: the link's last
    /// component must be declared public somewhere in the library (an enum
    /// case counts, as the cases of a public enum are public).
    func test_publicDocComments_linkOnlyToPublicSymbols() throws {
        let all = try libraryLines()
        let name = try NSRegularExpression(pattern: #"\b(?:func|var|let|struct|enum|class|typealias|init|subscript)\b\s*`?(\w*)"#)
        var publicNames: Set<String> = ["init", "subscript", "=="]
        for (_, lines) in all {
            for line in lines {
                let s = line.trimmingCharacters(in: .whitespaces)
                if s.hasPrefix("case ") {
                    for part in s.dropFirst(5).split(separator: ",") {
                        publicNames.insert(String(part.prefix { $0.isLetter || $0.isNumber || $0 == "_" }).trimmingCharacters(in: .whitespaces))
                    }
                }
                guard !s.hasPrefix("//"), s.range(of: #"\b(public|open)\b"#, options: .regularExpression) != nil else { continue }
                for m in name.matches(in: s, range: NSRange(s.startIndex..., in: s)) {
                    if let r = Range(m.range(at: 1), in: s), !r.isEmpty { publicNames.insert(String(s[r])) }
                }
            }
        }
        let declaration = try NSRegularExpression(pattern: #"^(@\w+(\(.*?\))? )*public "#)
        let link = try NSRegularExpression(pattern: "``([^`]+)``")
        var wrong: [String] = []
        for (file, lines) in all {
            for (i, line) in lines.enumerated() {
                let s = line.trimmingCharacters(in: .whitespaces)
                guard declaration.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil else { continue }
                var j = i - 1
                while j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
                while j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    let doc = lines[j]
                    for m in link.matches(in: doc, range: NSRange(doc.startIndex..., in: doc)) {
                        guard let r = Range(m.range(at: 1), in: doc) else { continue }
                        let target = String(doc[r])
                        let path = target.split(separator: "(")[0].split(separator: "-")[0]
                        let last = path.split(whereSeparator: { $0 == "/" || $0 == "." }).last.map(String.init) ?? target
                        if !publicNames.contains(last) { wrong.append("\(file):\(j + 1): ``\(target)``") }
                    }
                    j -= 1
                }
            }
        }
        XCTAssertEqual(wrong, [])
    }
}
