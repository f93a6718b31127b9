
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

    /// A part of a marked text: outside every block, or one side of a block.
    public enum Part: Sendable, Equatable {
        case outside, mine, base, theirs
    }

    /// Splits `text` into its three sides.
    ///
    /// - Throws: ``MarkerError`` for a marker out of order or a block left open.
    /// - Complexity: O(*n*) in the length of the text.
    public static func sides(of text: [UInt8], size: Int = 7) throws(MarkerError) -> Sides {
        var sides = Sides(mine: [], base: [], theirs: [], blockLines: [])
        var base: [UInt8] = []
        let twoWay = try walk(text, size: size) { slice, part, _, marker, line in
            if marker == UInt8(ascii: "<") { sides.blockLines.append(line) }
            guard marker == nil else { return }
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
        sides.base = twoWay ? nil : base
        return sides
    }

    /// Whether two marked texts are the same but for the labels after their
    /// markers (git's branch names, or graphdiff's mine and theirs).
    ///
    /// - Complexity: O(*n*) in the length of the texts.
    public static func sameIgnoringLabels(_ a: [UInt8], _ b: [UInt8], size: Int = 7) -> Bool {
        func unlabelled(_ text: [UInt8]) -> [UInt8]? {
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            do {
                _ = try walk(text, size: size) { slice, _, _, marker, _ in
                    if let marker {
                        out += [UInt8](repeating: marker, count: max(1, size)) + [UInt8(ascii: "\n")]
                    } else {
                        out += slice
                    }
                }
            } catch {
                return nil
            }
            return out
        }
        guard let x = unlabelled(a), let y = unlabelled(b) else { return a == b }
        return x == y
    }

    /// `text` with the side `choose` names kept in each block (by its
    /// index, from 0), and the blocks it gives `nil` left as they are,
    /// markers and all.
    ///
    /// - Throws: ``MarkerError`` as ``sides(of:size:)`` does.
    /// - Complexity: O(*n*) in the length of the text.
    public static func text(of text: [UInt8], size: Int = 7, choosing choose: (Int) -> Part?) throws(MarkerError) -> [UInt8] {
        var result: [UInt8] = []
        var choice: Part?
        _ = try walk(text, size: size) { slice, part, block, marker, _ in
            if marker == UInt8(ascii: "<") { choice = choose(block) }
            if part == .outside && marker == nil {
                result += slice
            } else if let choice {
                if marker == nil && part == choice { result += slice }
            } else {
                result += slice
            }
        }
        return result
    }

    /// Calls `body` for each line of `text`: its bytes, the part it is in,
    /// the index of its block (the last one opened), its marker character
    /// (a marker line counts in the part it opens, or in `theirs` for the
    /// closing one), and its 1-based number. Returns whether a block had no
    /// base part (two-way markers).
    static func walk(_ text: [UInt8], size: Int,
                     _ body: (ArraySlice<UInt8>, Part, Int, UInt8?, Int) -> Void) throws(MarkerError) -> Bool {
        let size = max(1, size)  // a marker has at least one character
        var part = Part.outside
        var sawBase = false, twoWay = false
        var line = 0, start = 0, openedAt = 0, block = -1
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
            let found = marker(slice)
            switch (found, part) {
            case (UInt8(ascii: "<")?, .outside):
                part = .mine
                sawBase = false
                openedAt = line
                block += 1
            case (UInt8(ascii: "|")?, .mine):
                part = .base
                sawBase = true
            case (UInt8(ascii: "=")?, .mine), (UInt8(ascii: "=")?, .base):
                if !sawBase { twoWay = true }
                part = .theirs
            case (UInt8(ascii: ">")?, .theirs):
                body(slice, .theirs, block, found, line)
                part = .outside
                continue
            case (let c?, _):
                throw MarkerError(line: line, message: "conflict marker \(String(repeating: Character(UnicodeScalar(c)), count: size)) out of place")
            default:
                break
            }
            body(slice, part, block, found, line)
        }
        if part != .outside { throw MarkerError(line: openedAt, message: "conflict block not closed") }
        return twoWay
    }
}
