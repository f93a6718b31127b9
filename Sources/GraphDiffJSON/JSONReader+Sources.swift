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
    /// - Throws: ``FileError`` naming the file when it cannot be read, or
    ///   ``JSONError`` at the first problem, with its line and column.
    /// - Complexity: O(*n*) in the size of the file.
    public static func parse(contentsOf url: URL, maximumDepth: Int = defaultMaximumDepth) throws -> JSONValue {
        try parse(try fileBytes(url), maximumDepth: maximumDepth)
    }

    /// Reads the file at `path` (relative to the current directory, or
    /// absolute) and parses it as one JSON value; see
    /// ``parse(contentsOf:maximumDepth:)``.
    ///
    ///     let document = try JSONReader.parse(contentsOfFile: "Samples/people/v1.graph.json")
    public static func parse(contentsOfFile path: String, maximumDepth: Int = defaultMaximumDepth) throws -> JSONValue {
        try parse(contentsOf: URL(fileURLWithPath: path), maximumDepth: maximumDepth)
    }

    /// The bytes of the file at `url`: the library's one read of a file.
    ///
    /// - Throws: ``FileError`` naming the file.
    package static func fileBytes(_ url: URL) throws(FileError) -> [UInt8] {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileError(path: path, reason: .notFound)
        }
        if isDirectory.boolValue { throw FileError(path: path, reason: .isDirectory) }
        do {
            return Array(try Data(contentsOf: url))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw FileError(path: path, reason: .notFound)
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            throw FileError(path: path, reason: .unreadable("permission denied"))
        } catch {
            throw FileError(path: path, reason: .unreadable(error.localizedDescription))
        }
    }
}
