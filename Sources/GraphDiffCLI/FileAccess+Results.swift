import Foundation
import GraphDiff

extension FileAccess {
    /// Writes a command's result to `output` (`-o OUT`) atomically, with
    /// its `$schema` rewritten for `output`'s directory when that is not the
    /// directory of the input it came from, so that the result still finds
    /// its schema (see ``SchemaReference/relocating(_:to:from:currentDirectory:)``).
    ///
    /// - Parameter inputs: the inputs the result comes from, the one whose
    ///   `$schema` the result keeps first (patch's TARGET, fmt's FILE,
    ///   merge's MINE then BASE then THEIRS).
    /// - Throws: ``CommandFailure`` (status 2) naming the file and the reason.
    static func writeResult(_ text: [UInt8], to output: String, from inputs: [LoadedDocument]) throws {
        let references = inputs.map { (path: $0.path, reference: Graph.schemaReference(in: $0.json)) }
        let relocated = SchemaReference.relocating(text, to: output, from: references,
                                                   currentDirectory: FileManager.default.currentDirectoryPath)
        try writeAtomically(relocated, to: output)
    }
}
