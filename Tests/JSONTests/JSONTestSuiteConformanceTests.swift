import Foundation
import XCTest
@testable import GraphDiffJSON

/// `../shared/conformance/JSONTestSuite/test_parsing`: every `y_` file parses,
/// every `n_` file is rejected with a position, no `i_` file crashes and each
/// gets the outcome documented in man/graphdiff.5 (section JSON).
final class JSONTestSuiteConformanceTests: XCTestCase {
    /// The `i_` files graphdiff accepts; it rejects every other `i_` file.
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json", "i_structure_500_nested_arrays.json",
        "i_structure_UTF-8_BOM_empty_object.json",
    ]

    private func files() throws -> [(name: String, bytes: [UInt8])] {
        guard let dir = conformanceDirectory()?.appendingPathComponent("JSONTestSuite/test_parsing") else {
            throw XCTSkip("../shared/conformance is absent; JSONTestSuite conformance not run")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    /// `y_` files that repeat a member name. RFC 8259 §4 says names SHOULD be
    /// unique; graphdiff rejects a repeat (reporting both positions) rather than
    /// keep one of the values silently. Documented in man/graphdiff.5.
    static let rejectedDuplicateNames: Set<String> = [
        "y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json",
    ]

    func test_yFiles_parse() throws {
        let all = try files().filter { $0.name.hasPrefix("y_") }
        XCTAssertEqual(all.count, 95)
        for (name, bytes) in all {
            if Self.rejectedDuplicateNames.contains(name) {
                XCTAssertThrowsError(try JSONReader.parse(bytes), name) { error in
                    XCTAssertEqual((error as? JSONError)?.reason, .duplicateMember(name: "a"), name)
                }
                continue
            }
            XCTAssertNoThrow(try onLargeStack { try JSONReader.parse(bytes) }, name)
        }
    }

    func test_nFiles_areRejectedWithAPosition() throws {
        let all = try files().filter { $0.name.hasPrefix("n_") }
        XCTAssertEqual(all.count, 188)
        for (name, bytes) in all {
            do {
                _ = try onLargeStack { try JSONReader.parse(bytes) }
                XCTFail("\(name) accepted")
            } catch let e as JSONError {
                XCTAssertGreaterThanOrEqual(e.location.line, 1, name)
                XCTAssertGreaterThanOrEqual(e.location.column, 1, name)
                XCTAssertLessThanOrEqual(e.location.offset, bytes.count, name)
            }
        }
    }

    func test_iFiles_haveTheDocumentedOutcome() throws {
        let all = try files().filter { $0.name.hasPrefix("i_") }
        XCTAssertEqual(all.count, 35)
        for (name, bytes) in all {
            let accepted = (try? onLargeStack { try JSONReader.parse(bytes) }) != nil
            XCTAssertEqual(accepted, Self.acceptedImplementationDefined.contains(name), name)
        }
    }

    func test_acceptedFiles_roundTripThroughTheCanonicalWriter() throws {
        let all = try files()
        try onLargeStack {
            for (name, bytes) in all {
                guard let value = try? JSONReader.parse(bytes) else { continue }
                let canonical = JSONWriter.canonical(value)
                let again = try JSONReader.parse(canonical)
                XCTAssertTrue(value.isIdentical(to: again), name)
                XCTAssertEqual(JSONWriter.canonical(again), canonical, name)
            }
        }
    }
}
