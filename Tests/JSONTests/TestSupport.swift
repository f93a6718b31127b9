import Foundation
import XCTest
@testable import GraphDiffJSON

/// `../shared/conformance` beside the package root, or `nil` when absent.
func conformanceDirectory() -> URL? {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let dir = root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    return FileManager.default.fileExists(atPath: dir.path) ? dir : nil
}

/// Parses `text`, failing the test with the error when it is rejected.
func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    do { return try JSONReader.parse(text) } catch {
        XCTFail("rejected \(text.debugDescription): \(error)", file: file, line: line)
        return nil
    }
}

/// The error for `bytes`, failing the test when they are accepted.
func rejection(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
    do {
        let v = try JSONReader.parse(bytes)
        XCTFail("accepted \(String(decoding: bytes, as: UTF8.self).debugDescription) as \(v)", file: file, line: line)
    } catch let e as JSONError {
        return e
    } catch {
        XCTFail("unexpected error type \(error)", file: file, line: line)
    }
    return nil
}

func rejection(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
    rejection(Array(text.utf8), file: file, line: line)
}

/// A seeded stream of numbers for the property tests: the same seed gives
/// the same cases (a linear congruential generator).
struct SeededNumbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next number in `0..<bound` (`bound` above 0).
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
