
/// Reads a text with conflict markers (graphdiff's, or git's with
/// `merge.conflictStyle=diff3`) back into the three texts it holds: the
/// one that keeps mine's lines in every block, the base's, and theirs'.
/// By the marker law (``ConflictMarkerWriter``), for graphdiff's markers
/// these are the `--prefer mine` result, a valid JSON text that keeps the
/// base's values, and the `--prefer theirs` result.
///
///     let sides = try ConflictMarkerReader.sides(of: text)
///     sides.blocks   // how many conflict blocks there were
///
/// A marker line is `size` times `<`, `|`, `=` or `>`, then the end of
/// the line or a space and a label, as git writes them.
public enum ConflictMarkerReader {
    /// The three texts of a marked text.
    public struct Sides: Sendable, Equatable {
        /// Mine's lines kept in every block.
        public var mine: [UInt8]
        /// The base's lines kept in every block; `nil` when a block has no
        /// base part (two-way markers).
        public var base: [UInt8]?
        /// Theirs' lines kept in every block.
        public var theirs: [UInt8]
        /// The line of each block's first marker, in order.
        public var blockLines: [Int]
        /// The number of blocks.
        public var blocks: Int { blockLines.count }
    }

    /// Why a marked text cannot be read: a marker out of place, at `line`.
    public struct MarkerError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line of the marker, or of the end of the text.
        public var line: Int
        /// What is wrong there.
        public var message: String
        public var description: String { "\(line): \(message)" }
    }

    /// Splits `text` into its three sides.
    ///
    /// - Throws: ``MarkerError`` for a marker out of order or a block left open.
    /// - Complexity: O(*n*) in the length of the text.
    public static func sides(of text: [UInt8], size: Int = 7) throws(MarkerError) -> Sides {
        enum Part { case outside, mine, base, theirs }
        var sides = Sides(mine: [], base: [], theirs: [], blockLines: [])
        var base: [UInt8] = [], twoWay = false
        var part = Part.outside
        var sawBase = false
        var line = 0, start = 0, openedAt = 0
        func marker(_ slice: ArraySlice<UInt8>) -> UInt8? {
            guard slice.count >= size, let c = slice.first, c == UInt8(ascii: "<") || c == UInt8(ascii: "|") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">"),
                  slice.prefix(size).allSatisfy({ $0 == c })
            else { return nil }
            let after = slice.dropFirst(size).first
            return after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\n") || after == UInt8(ascii: "\r") ? c : nil
        }
        while start < text.count {
            var end = start
            while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
            if end < text.count { end += 1 }
            let slice = text[start..<end]
            line += 1
            start = end
            switch (marker(slice), part) {
            case (UInt8(ascii: "<")?, .outside):
                part = .mine
                sawBase = false
                openedAt = line
                sides.blockLines.append(line)
            case (UInt8(ascii: "|")?, .mine):
                part = .base
                sawBase = true
            case (UInt8(ascii: "=")?, .mine), (UInt8(ascii: "=")?, .base):
                if !sawBase { twoWay = true }
                part = .theirs
            case (UInt8(ascii: ">")?, .theirs):
                part = .outside
            case (let c?, _):
                throw MarkerError(line: line, message: "conflict marker \(String(repeating: Character(UnicodeScalar(c)), count: size)) out of place")
            default:
                switch part {
                case .outside:
                    sides.mine += slice
                    base += slice
                    sides.theirs += slice
                case .mine: sides.mine += slice
                case .base: base += slice
                case .theirs: sides.theirs += slice
                }
            }
        }
        if part != .outside { throw MarkerError(line: openedAt, message: "conflict block not closed") }
        sides.base = twoWay ? nil : base
        return sides
    }
}
