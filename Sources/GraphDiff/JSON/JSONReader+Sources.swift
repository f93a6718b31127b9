import Foundation

extension JSONReader {
    /// Parses `data` (UTF-8) as one JSON value; see
    /// ``parse(_:maximumDepth:)-([UInt8],_)``.
    ///
    ///     let value = try JSONReader.parse(Data(#"{"a": [1, 2]}"#.utf8))
    ///
    /// - Throws: ``JSONError`` at the first problem, with its line and column.
    /// - Complexity: O(*n*) in the length of the data.
    public static func parse(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> JSONValue {
        try parse(Array(data), maximumDepth: maximumDepth)
    }

    /// Reads the file at `url` and parses it as one JSON value.
    ///
    ///     let document = try JSONReader.parse(contentsOf: URL(fileURLWithPath: "Samples/people/v1.graph.json"))
    ///
    /// - Throws: the error of reading the file (Foundation's), or
    ///   ``JSONError`` at the first problem, with its line and column.
    /// - Complexity: O(*n*) in the size of the file.
    public static func parse(contentsOf url: URL, maximumDepth: Int = defaultMaximumDepth) throws -> JSONValue {
        try parse(try fileBytes(url), maximumDepth: maximumDepth)
    }

    /// The bytes of the file at `url`: the library's one read of a file.
    package static func fileBytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
