import Foundation
import XCTest

/// The library's public surface is documented: every `public` declaration
/// in Sources/GraphDiff has a doc comment (`///`) right above it (or above
/// its attributes). Members that only fulfil a standard protocol (`==`,
/// `hash(into:)`, `description`, literal initialisers, iteration) take the
/// protocol's documentation.
final class PublicSurfaceTests: XCTestCase {
    func test_everyPublicDeclaration_hasADocComment() throws {
        let exempt = try NSRegularExpression(pattern: #"(static func (==|<) |func hash\(into|var description: String|init\((stringLiteral|booleanLiteral|integerLiteral|nilLiteral|arrayLiteral|dictionaryLiteral)|func makeIterator|mutating func next\(\)|var underestimatedCount)"#)
        let declaration = try NSRegularExpression(pattern: #"^(@\w+(\(.*?\))? )*public "#)
        let sources = packageRoot.appendingPathComponent("Sources/GraphDiff")
        var undocumented: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        XCTAssertGreaterThan(files.count, 50)
        for file in files where file.pathExtension == "swift" {
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
}
