import XCTest
@testable import GraphDiffJSON

/// ``JSONSourceText`` finds lines from a sparse table; its oracle is the
/// table-free scan ``JSONSourceText/location(ofOffset:in:)``.
final class SourceLocationTests: XCTestCase {
    func testEveryOffsetAgreesWithTheScanOverRandomTexts() {
        var numbers = SeededNumbers(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let alphabet: [[UInt8]] = [[0x0A], [0x0A], [0x20], [0x61], Array("é".utf8), Array("😀".utf8), [0x0D, 0x0A], [0x7B]]
        for _ in 0..<60 {
            var bytes: [UInt8] = []
            let length = next(3000)
            while bytes.count < length { bytes += alphabet[next(alphabet.count)] }
            let text = JSONSourceText(bytes)
            for offset in stride(from: -2, through: bytes.count + 2, by: 1 + next(3)) {
                let expected = bytes.withUnsafeBufferPointer { JSONSourceText.location(ofOffset: offset, in: $0) }
                XCTAssertEqual(text.location(ofOffset: offset), expected, "offset \(offset)")
            }
        }
    }

    func testLinesAroundTheTableEntries() {
        // 200 lines of "x\n": line k starts at offset 2(k-1).
        let text = JSONSourceText(Array(String(repeating: "x\n", count: 200).utf8))
        for line in [1, 63, 64, 65, 66, 128, 129, 130, 200] {
            XCTAssertEqual(text.location(ofOffset: 2 * (line - 1)), SourceLocation(line: line, column: 1, offset: 2 * (line - 1)))
            XCTAssertEqual(text.location(ofOffset: 2 * (line - 1) + 1), SourceLocation(line: line, column: 2, offset: 2 * (line - 1) + 1))
        }
        XCTAssertEqual(text.location(ofOffset: 400), SourceLocation(line: 201, column: 1, offset: 400))
    }
}
