import XCTest
@testable import GraphDiff

/// `float` and `double` share one rule: a number is in range when it rounds
/// to a finite value of the type.
final class FloatingPointRangeTests: XCTestCase {
    func test_float_boundaries_byRoundingToFloat() throws {
        let cases: [(String, String?)] = [
            ("3.4028235e+38", nil),                       // Float.greatestFiniteMagnitude as Swift and numpy print it
            ("340282346638528859811704183484516925440", nil), // its exact value
            ("3.40282356e38", nil),                       // rounds down to the largest float
            ("-3.4028235e+38", nil),
            ("3.4028236e38", "is out of range for float"), // past the halfway point: rounds to infinity
            ("3.5e38", "is out of range for float"),
            ("-3.5e38", "is out of range for float"),
            ("1e39", "is out of range for float"),
            ("1e-50", nil),                               // rounds to zero: in range
            ("1.17549435e-38", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(AttributeType.float.problem(with: .number(JSONNumber(text))), expected, text)
        }
    }

    func test_double_boundaries_byRoundingToDouble() throws {
        let cases: [(String, String?)] = [
            ("1.7976931348623157e308", nil),
            ("1.7976931348623158e308", nil),              // rounds down to the largest double
            ("-1.7976931348623157e308", nil),
            ("1.79769313486231581e308", "is out of range for double"),
            ("1.8e308", "is out of range for double"),
            ("-1.8e308", "is out of range for double"),
            ("1e400", "is out of range for double"),
            ("1e-400", nil),
            ("3.5e38", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(AttributeType.double.problem(with: .number(JSONNumber(text))), expected, text)
        }
    }

    func test_load_acceptsTheLargestFloat_andReportsOverflowWithItsPosition() throws {
        let schema = try Schema(name: "F", entities: [
            Entity(name: "M", attributes: [Attribute(name: "f", type: .float), Attribute(name: "d", type: .double)]),
        ])
        let graph = try Graph.load(Array(#"{"objects": {"M": {"m1": {"d": 1.7976931348623157e308, "f": 3.4028235e+38}}}}"#.utf8), schema: schema)
        XCTAssertEqual(graph.value(of: ObjectID(entity: "M", identity: "m1"), "f"), .number("3.4028235e+38"))
        XCTAssertEqual(graph.canonicalText(), Array("""
            {
              "objects": {
                "M": {
                  "m1": {
                    "d": 1.7976931348623157e308,
                    "f": 3.4028235e+38
                  }
                }
              }
            }

            """.utf8))
        let problems = graphProblems(#"{"objects": {"M": {"m1": {"d": 1.8e308, "f": 3.5e38}}}}"#, schema: schema)
        XCTAssertEqual(problems.map(\.description), [
            #"1:27: M "m1".d: value 1.8e308 is out of range for double"#,
            #"1:41: M "m1".f: value 3.5e38 is out of range for float"#,
        ])
    }

    func test_schemaDefault_largestFloat_isAccepted() throws {
        let schema = try Schema.load(Array("""
            {"format": "graphdiff-schema/1", "name": "F", "entities": {
              "M": {"attributes": {"f": {"type": "float", "default": 3.4028235e+38}}}}}
            """.utf8))
        XCTAssertEqual(schema.entity(named: "M")?.attributes.first?.defaultValue, .number("3.4028235e+38"))
        XCTAssertEqual(schemaProblems("""
            {"format": "graphdiff-schema/1", "name": "F", "entities": {
              "M": {"attributes": {"f": {"type": "float", "default": 3.5e38}}}}}
            """).map(\.description), ["2:47: default value 3.5e38 is out of range for float"])
    }
}
