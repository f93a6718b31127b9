import Foundation
import XCTest
@testable import GraphDiffJSON

/// ``JSONSourceText`` finds lines from a sparse table; its oracle is the
/// table-free scan ``JSONSourceText/location(ofOffset:in:)``.
final class SourceLocationTests: XCTestCase {
    func testEveryOffsetAgreesWithTheScanOverRandomTexts() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
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

    /// Texts of long lines (the table's points inside them every 4 KiB)
    /// and of many short ones (a point every 64 lines), with multi-byte
    /// characters and stray continuation bytes: each looked-up offset
    /// agrees with the scan, around line breaks too.
    func testTheTableAgreesWithTheScan_longLinesAndShortOnes() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let cases = max(40, (Int(ProcessInfo.processInfo.environment["GRAPHDIFF_PROPERTY_CASES"] ?? "") ?? 400) / 2)
        for n in 0..<cases {
            // Mostly one kind of line: short, long, or a mix with multi-byte characters.
            let newlineOdds = [2, 8, 40, 3000, 20000][n % 5]
            var bytes: [UInt8] = Array(repeating: 0x20, count: next(9))
            let length = next(n % 3 == 0 ? 30000 : 4000)
            while bytes.count < length {
                switch next(newlineOdds) {
                case 0: bytes.append(0x0A)
                default:
                    switch next(6) {
                    case 0: bytes += Array("é".utf8)
                    case 1: bytes += Array("😀".utf8)
                    case 2: bytes.append(0x8A)   // a continuation byte alone, and one whose low bits are a line break's
                    default: bytes.append(UInt8(0x21 + next(90)))
                    }
                }
            }
            let text = JSONSourceText(bytes)
            var offsets = (0..<40).map { _ in next(bytes.count + 3) - 1 } + [0, bytes.count]
            for k in 0..<bytes.count where bytes[k] == 0x0A && next(64) == 0 && offsets.count < 100 { offsets += [k - 1, k, k + 1] }
            for offset in offsets {
                let expected = bytes.withUnsafeBufferPointer { JSONSourceText.location(ofOffset: offset, in: $0) }
                XCTAssertEqual(text.location(ofOffset: offset), expected, "case \(n), offset \(offset)")
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
